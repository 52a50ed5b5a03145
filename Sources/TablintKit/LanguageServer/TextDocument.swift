/// How the `character` of an LSP position counts: UTF-8 bytes or UTF-16 code units (the
/// protocol's default), negotiated in `initialize`.
enum PositionEncoding: String, Equatable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// UTF-8 when the client offers it (no conversion, and tablint's offsets are bytes),
    /// UTF-16 otherwise, which every client must support.
    static func negotiated(_ offered: [String]?) -> PositionEncoding {
        offered?.contains(PositionEncoding.utf8.rawValue) == true ? .utf8 : .utf16
    }
}

/// A line and a character in the negotiated encoding, both 0-based.
struct LSPPosition: Equatable, Comparable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    var json: JSONValue { .object(["line": .int(line), "character": .int(character)]) }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }
}

/// Text held as bytes with its line starts, converting between byte offsets and positions.
/// Lines end at `\n`, `\r\n` or `\r`, as both Swift and the protocol count them.
struct TextBuffer {
    private(set) var bytes: [UInt8]
    private(set) var lines: LineTable

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineTable(bytes)
    }

    /// Where line `index`'s text ends (before its line break).
    func lineEnd(_ index: Int) -> Int {
        guard index + 1 < lines.lineCount else { return bytes.count }
        var end = lines.lineStarts[index + 1]
        if end > 0, bytes[end - 1] == 10 { end -= 1 }
        if end > lines.lineStarts[index], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The byte offset of a position; a character past the line's end is its end, a line past
    /// the last is the end of the text (as the protocol asks).
    func offset(of position: LSPPosition, _ encoding: PositionEncoding) -> Int {
        guard position.line < lines.lineCount else { return bytes.count }
        let start = lines.lineStarts[position.line]
        let end = lineEnd(position.line)
        switch encoding {
        case .utf8:
            var offset = min(start + position.character, end)
            // Never inside a character: back to its first byte.
            while offset > start, offset < end, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16:
            var offset = start
            var units = 0
            while offset < end, units < position.character {
                let (length, width) = Self.scalar(at: offset, in: bytes, end: end)
                if units + width > position.character { break }  // inside a surrogate pair
                units += width
                offset += length
            }
            return offset
        }
    }

    func position(of offset: Int, _ encoding: PositionEncoding) -> LSPPosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = lines.lineIndex(of: clamped)
        let start = lines.lineStarts[line]
        let target = min(clamped, lineEnd(line))
        switch encoding {
        case .utf8:
            return LSPPosition(line: line, character: target - start)
        case .utf16:
            var index = start
            var units = 0
            while index < target {
                let (length, width) = Self.scalar(at: index, in: bytes, end: target)
                units += width
                index += length
            }
            return LSPPosition(line: line, character: units)
        }
    }

    /// The length in bytes and UTF-16 units of the scalar at `offset`; an invalid byte counts
    /// as one of each (it is shown as U+FFFD).
    static func scalar(at offset: Int, in bytes: [UInt8], end: Int) -> (length: Int, width: Int) {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (1, 1)
        }
        guard offset + length <= end, (1..<length).allSatisfy({ bytes[offset + $0] & 0xC0 == 0x80 }) else { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }

    func range(_ range: Range<Int>, _ encoding: PositionEncoding) -> JSONValue {
        .object(["start": position(of: range.lowerBound, encoding).json, "end": position(of: range.upperBound, encoding).json])
    }

    /// Replaces a byte range (an incremental `didChange`).
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        bytes.replaceSubrange(range, with: replacement)
        lines = LineTable(bytes)
    }

    mutating func replaceAll(_ replacement: [UInt8]) {
        bytes = replacement
        lines = LineTable(bytes)
    }
}

/// `file:` URIs to paths and back, percent-encoding as RFC 3986 asks for a path.
enum DocumentURI {
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: only an empty host or `localhost` names this machine.
        if !rest.hasPrefix("/") {
            guard rest.hasPrefix("localhost/") else { return nil }
            rest = rest.dropFirst("localhost".count)
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return percentDecoded(rest).map(PathText.normalised)
    }

    static func uri(of path: String) -> String {
        var text = "file://"
        for byte in path.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || "-._~/!$&'()*+,;=@".utf8.contains(byte)
            if isUnreserved {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }

    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard iterator.count >= 2, let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) else {
                    return nil
                }
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validatingUTF8Bytes: bytes)
    }
}

