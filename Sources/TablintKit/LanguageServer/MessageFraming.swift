/// The base protocol's framing: `Content-Length: N\r\n` (other headers are read and ignored),
/// an empty line, then N bytes of JSON. Bytes are fed in as they arrive, in pieces of any size;
/// complete frames come out as events.
///
/// Limits, so no input can make the server hold unbounded memory or wait forever:
/// - A body longer than `maximumBodyBytes` (64 MiB) is refused: its bytes are counted and
///   discarded as they arrive, never stored, so the frames after it are read normally. The
///   server answers a refused frame with an `InvalidRequest` error whose id is null (the id is
///   in the body it did not read) and a `window/logMessage`.
/// - A header block longer than `maximumHeaderBytes` (8 KiB) without its empty line, a header
///   line that is not `Name: value`, or a missing or unreadable `Content-Length` is dropped as
///   malformed (answered with a `ParseError`, id null), and reading starts again after it.
/// - A frame cut short by the end of the input is reported by `finish()`.
public struct FrameReader {
    public static let maximumBodyBytes = 64 << 20
    public static let maximumHeaderBytes = 8 << 10

    public enum Event: Equatable {
        /// A whole body.
        case body([UInt8])
        /// A frame whose declared length is over the cap; its body is being skipped.
        case refused(declaredLength: Int)
        /// A header block that could not be read; why.
        case malformedHeader(String)
    }

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (compacted once it is past half of it).
    private var start = 0
    /// The length of the body being waited for, once its header was read.
    private var bodyLength: Int?
    /// Bytes of a refused body still to discard.
    private var skipping = 0

    public init() {}

    /// How many bytes are held: at most a header block and one body under the cap.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Whether bytes of an unfinished frame are waiting (for `finish`).
    public var hasPartialFrame: Bool { buffer.count > start || bodyLength != nil || skipping > 0 }

    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [Event] where Bytes.Element == UInt8 {
        var incoming = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, incoming.count)
            skipping -= dropped
            incoming = incoming.dropFirst(dropped)
        }
        buffer.append(contentsOf: incoming)
        var events: [Event] = []
        while true {
            if let length = bodyLength {
                guard buffer.count - start >= length else { break }
                events.append(.body(Array(buffer[start..<(start + length)])))
                start += length
                bodyLength = nil
                continue
            }
            guard start < buffer.count else { break }
            guard let end = headerEnd() else {
                if buffer.count - start > Self.maximumHeaderBytes {
                    events.append(.malformedHeader("a header block longer than \(Self.maximumHeaderBytes) bytes without the empty line that ends it"))
                    // Keep the last 3 bytes: they may begin the `\r\n\r\n` of the next header.
                    start = max(start, buffer.count - 3)
                }
                break
            }
            let header = buffer[start..<end]
            start = end + 4
            switch Self.contentLength(header) {
            case .failure(let message):
                events.append(.malformedHeader(message.text))
            case .success(let length) where length > Self.maximumBodyBytes:
                events.append(.refused(declaredLength: length))
                let available = buffer.count - start
                let dropped = min(length, available)
                start += dropped
                skipping = length - dropped
            case .success(let length):
                bodyLength = length
            }
        }
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// The end of input: a description of the unfinished frame, if one was cut short.
    public func finish() -> String? {
        if skipping > 0 { return "the input ended \(skipping) bytes before the end of a refused frame" }
        if let length = bodyLength {
            return "the input ended after \(buffer.count - start) of the \(length) bytes of a frame's body"
        }
        if buffer[start...].contains(where: { !Self.isSpace($0) }) { return "the input ended inside a frame's header" }
        return nil
    }

    private func headerEnd() -> Int? {
        var index = start
        let last = buffer.count - 4
        while index <= last {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// The `Content-Length` of a header block (without its final `\r\n\r\n`).
    static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderMessage> {
        var length: Int?
        // Blank lines before a header are tolerated (some clients end a body with `\r\n`).
        let text = String(decoding: header, as: UTF8.self)
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == "\n" || $0 == "\r" || $0 == " " }
            if trimmed.isEmpty { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                return .failure(HeaderMessage("a header line without a colon: '\(trimmed.prefix(60))'"))
            }
            let name = trimmed[..<colon].trimmedOfBlanks()
            let value = trimmed[trimmed.index(after: colon)...].trimmedOfBlanks()
            guard name.lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .failure(HeaderMessage("Content-Length is not a whole number: '\(value.prefix(40))'"))
            }
            // A length too long for an Int is over any cap: refuse it rather than overflow.
            length = value.count > 18 ? Int.max : Int(value)
        }
        guard let length else { return .failure(HeaderMessage("a frame header without Content-Length")) }
        return .success(length)
    }

    public struct HeaderMessage: Error, Equatable {
        public var text: String
        init(_ text: String) { self.text = text }
    }

    /// One frame around `body`.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    func trimmedOfBlanks() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
