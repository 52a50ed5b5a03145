/// The base protocol's framing: `Content-Length: N\r\n` (other headers are read and ignored),
/// an empty line, then N bytes of JSON. Bytes are fed in as they arrive, in pieces of any size;
/// complete frames come out as events. Header lines may also end in `\n` alone, as some clients
/// write them.
///
/// Limits, so no input can make the server hold unbounded memory or wait forever:
/// - A body longer than `maximumBodyBytes` (64 MiB) is refused: its bytes are counted and
///   discarded as they arrive, never stored, so the frames after it are read normally. A line
///   that starts `Content-Length:` among them (no JSON body has one) ends the skipping there,
///   so a length no client means (9223372036854775807) does not swallow the input for good. The
///   server answers a refused frame with an `InvalidRequest` error whose id is null (the id is
///   in the body it did not read) and a `window/logMessage`.
/// - A header block longer than `maximumHeaderBytes` (8 KiB) without its empty line, a header
///   line that is not `Name: value`, or a missing or unreadable `Content-Length` is dropped as
///   malformed (answered with a `ParseError`, id null), and reading starts again after it.
///   Text that is no header in front of a `Content-Length:` (the rest of a body whose length
///   was too short, or a body sent without a header) is dropped the same way, and the frame
///   that header starts is read: one bad frame never costs the ones after it.
/// - A frame cut short by the end of the input is reported by `finish()`.
struct FrameReader {
    static let maximumBodyBytes = 64 << 20
    static let maximumHeaderBytes = 8 << 10

    enum Event: Equatable {
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
    /// The last bytes discarded of a refused body, so that a header line cut across two
    /// pieces of input is still seen.
    private var skippedTail: [UInt8] = []
    /// A header's name at the start of a line, which no JSON body holds (a JSON string has no
    /// raw line break): seen in a refused body, that body was shorter than its length, and the
    /// next frame starts there.
    private static let headerName = Array("content-length:".utf8)

    init() {}

    /// How many bytes are held: at most a header block and one body under the cap.
    var bufferedByteCount: Int { buffer.count - start }

    /// Whether bytes of an unfinished frame are waiting (for `finish`).
    var hasPartialFrame: Bool { buffer.count > start || bodyLength != nil || skipping > 0 }

    mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [Event] where Bytes.Element == UInt8 {
        var incoming = ArraySlice(bytes)
        if skipping > 0 {
            let dropped = min(skipping, incoming.count)
            let window = ArraySlice(skippedTail + incoming.prefix(dropped))
            if let resume = Self.firstHeaderLine(in: window, atLineStart: false) {
                skipping = 0
                skippedTail = []
                incoming = window[resume...] + incoming.dropFirst(dropped)
            } else {
                skipping -= dropped
                skippedTail = skipping > 0 ? Array(window.suffix(Self.headerName.count)) : []
                incoming = incoming.dropFirst(dropped)
            }
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
            guard let (end, bodyStart) = headerEnd() else {
                if buffer.count - start > Self.maximumHeaderBytes {
                    events.append(.malformedHeader("a header block longer than \(Self.maximumHeaderBytes) bytes without the empty line that ends it"))
                    // Keep the last 3 bytes: they may begin the `\r\n\r\n` of the next header.
                    start = max(start, buffer.count - 3)
                }
                break
            }
            let header = buffer[start..<end]
            start = bodyStart
            let reading = Self.contentLength(header)
            if let dropped = reading.dropped { events.append(.malformedHeader(dropped.text)) }
            switch reading.length {
            case nil:
                break
            case let length? where length > Self.maximumBodyBytes:
                events.append(.refused(declaredLength: length))
                // The body starts a line; what is here of it is skipped as later input is.
                let available = min(length, buffer.count - start)
                if let resume = Self.firstHeaderLine(in: buffer[start..<(start + available)], atLineStart: true) {
                    start = resume
                } else {
                    start += available
                    skipping = length - available
                    skippedTail = Array(buffer[..<start].suffix(Self.headerName.count))
                }
            case let length?:
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
    func finish() -> String? {
        if skipping > 0 { return "the input ended \(skipping) bytes before the end of a refused frame" }
        if let length = bodyLength {
            return "the input ended after \(buffer.count - start) of the \(length) bytes of a frame's body"
        }
        if buffer[start...].contains(where: { !Self.isSpace($0) }) { return "the input ended inside a frame's header" }
        return nil
    }

    /// Where the header block ends and its body starts: at the first empty line, whose line
    /// breaks are `\r\n` or `\n`.
    private func headerEnd() -> (end: Int, bodyStart: Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == 10 {
                let lineEnd = index > start && buffer[index - 1] == 13 ? index - 1 : index
                if index + 1 < buffer.count, buffer[index + 1] == 10 { return (lineEnd, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 13, buffer[index + 2] == 10 { return (lineEnd, index + 3) }
                if index + 1 >= buffer.count || (index + 2 >= buffer.count && buffer[index + 1] == 13) { return nil }
            }
            index += 1
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// The `Content-Length` of a header block (without the empty line that ends it), and what
    /// was dropped as malformed: the whole block when it has no readable length, or the text
    /// that is no header in front of a `Content-Length:` (read from there on).
    static func contentLength(_ header: ArraySlice<UInt8>) -> (length: Int?, dropped: HeaderMessage?) {
        var length: Int?
        var problem: HeaderMessage?
        // Blank lines before a header are tolerated (some clients end a body with `\r\n`).
        let text = String(decoding: header, as: UTF8.self)
        // `\r\n` is one Character: split at it and at `\n` alone.
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = rawLine.drop { $0 == "\n" || $0 == "\r" || $0 == " " }
            while line.last == "\r" { line = line.dropLast() }
            if line.isEmpty { continue }
            guard var colon = line.firstIndex(of: ":") else {
                problem = problem ?? HeaderMessage("a header line without a colon: '\(line.prefix(60))'")
                continue
            }
            let headerName = line[..<colon].trimmedOfBlanks()
            if headerName.isEmpty || !headerName.allSatisfy(Self.isHeaderNameCharacter) {
                // Not a header: keep what starts at its last `Content-Length:`, if any.
                problem = problem ?? HeaderMessage("text that is not a header: '\(line.prefix(60))'")
                guard let found = Self.lastContentLengthName(in: line) else { continue }
                line = line[found...]
                guard let found = line.firstIndex(of: ":") else { continue }
                colon = found
            }
            let name = line[..<colon].trimmedOfBlanks()
            let value = line[line.index(after: colon)...].trimmedOfBlanks()
            guard name.lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return (nil, HeaderMessage("Content-Length is not a whole number: '\(value.prefix(40))'"))
            }
            // No body is that long: a malformed header, read past as any other.
            guard let read = Int(value) else {
                return (nil, HeaderMessage("Content-Length \(value.prefix(40)) is too large for 64 bits"))
            }
            length = read
        }
        guard let length else { return (nil, problem ?? HeaderMessage("a frame header without Content-Length")) }
        return (length, problem)
    }

    /// Where the first line of `bytes` that starts with `Content-Length:` (in any letter
    /// case) starts; `atLineStart`: `bytes` starts a line.
    static func firstHeaderLine(in bytes: ArraySlice<UInt8>, atLineStart: Bool) -> Int? {
        let pattern = headerName
        func matches(at offset: Int) -> Bool {
            guard offset + pattern.count <= bytes.endIndex else { return false }
            return pattern.indices.allSatisfy { index in
                let byte = bytes[offset + index], wanted = pattern[index]
                return byte == wanted || (wanted >= 0x61 && wanted <= 0x7A && byte == wanted - 0x20)
            }
        }
        if atLineStart, matches(at: bytes.startIndex) { return bytes.startIndex }
        var offset = bytes.startIndex
        while let newline = bytes[offset...].firstIndex(of: 10) {
            if matches(at: newline + 1) { return newline + 1 }
            offset = newline + 1
        }
        return nil
    }

    /// Where the last `Content-Length:` (in any letter case) starts in `line`.
    static func lastContentLengthName(in line: Substring) -> Substring.Index? {
        let pattern = Array("content-length:".utf8)
        let bytes = Array(line.utf8)
        guard bytes.count >= pattern.count else { return nil }
        for offset in stride(from: bytes.count - pattern.count, through: 0, by: -1) {
            let matches = pattern.indices.allSatisfy { index in
                let byte = bytes[offset + index], wanted = pattern[index]
                return byte == wanted || (wanted >= 0x61 && wanted <= 0x7A && byte == wanted - 0x20)
            }
            if matches {
                return line.utf8.index(line.startIndex, offsetBy: offset)
            }
        }
        return nil
    }

    /// The characters of a header's name (an HTTP token).
    static func isHeaderNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".contains(character))
    }

    struct HeaderMessage: Error, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// One frame around `body`.
    static func frame(_ body: [UInt8]) -> [UInt8] {
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
