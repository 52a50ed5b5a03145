/// The text of a `.tbl` fixture, with the file bytes each of its bytes came from.
///
/// A `.tbl` file is its own text. A fixture inside a Swift multi-line string literal is the
/// literal's value: indentation stripped, escapes decoded, line breaks normalised to `\n`.
/// Every byte of that value remembers the source bytes it was written as, so a problem found
/// in the text is reported at the right line and column of the Swift file.
struct FixtureText {
    private(set) var bytes: [UInt8]
    /// For each byte of `bytes`, the range of file bytes it was written as; nil when the text
    /// is the file itself (every byte maps to itself).
    private var written: [Range<Int>]?
    /// Where an empty range at the end of the text maps to.
    private var end: Int

    /// A whole file, read as it is.
    init(file bytes: [UInt8]) {
        self.bytes = bytes
        self.written = nil
        self.end = bytes.count
    }

    /// An empty text that will be filled by `append`, starting at file offset `origin`.
    init(origin: Int) {
        bytes = []
        written = []
        end = origin
    }

    var count: Int { bytes.count }

    /// Appends one byte of text written as the file bytes `source`.
    mutating func append(_ byte: UInt8, writtenAs source: Range<Int>) {
        bytes.append(byte)
        written?.append(source)
        end = source.upperBound
    }

    /// Appends the UTF-8 bytes of a decoded scalar, all written as the escape `source`.
    mutating func append(_ scalar: Unicode.Scalar, writtenAs source: Range<Int>) {
        for byte in String(scalar).utf8 { append(byte, writtenAs: source) }
    }

    /// The file bytes that a range of the text was written as.
    func source(_ range: Range<Int>) -> Range<Int> {
        guard let written else { return range }
        guard !range.isEmpty else {
            let at = range.lowerBound < written.count ? written[range.lowerBound].lowerBound : end
            return at..<at
        }
        return written[range.lowerBound].lowerBound..<written[range.upperBound - 1].upperBound
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

/// The value of a Swift multi-line string literal (`"""` or raw `#"""`), computed the way the
/// compiler computes it, or why it cannot be.
enum MultilineStringValue {
    /// The literal's whole value.
    case text(FixtureText)
    /// The literal has an interpolation: `prefix` is its value up to the first one, at `at`.
    case interpolated(prefix: FixtureText, at: Range<Int>)
    /// Not a valid literal (swiftc reports it): text after the opening `"""`, the closing
    /// `"""` not on a line of its own, a line without the closing line's indentation, an
    /// escape Swift does not define.
    case invalid

    /// Decodes the literal whose content lies between `opening` and `closing` (the ranges of
    /// the two `"""` tokens) in `bytes`. `pounds` is the raw-string delimiter length;
    /// `interpolations` are the ranges of its `\(…)` parts, in order.
    static func decode(
        _ bytes: [UInt8], opening: Range<Int>, closing: Range<Int>, pounds: Int, interpolations: [Range<Int>]
    ) -> MultilineStringValue {
        guard opening.upperBound <= closing.lowerBound, closing.lowerBound <= bytes.count else { return .invalid }
        // The opening `"""` ends its line: only spaces and tabs may follow it.
        var index = opening.upperBound
        while index < closing.lowerBound, isBlank(bytes[index]) { index += 1 }
        guard index < closing.lowerBound, isBreak(bytes[index]) else { return .invalid }
        index = afterBreak(bytes, index)
        // The closing `"""` starts its line after nothing but the indentation to strip.
        var closingLine = closing.lowerBound
        while closingLine > index, isBlank(bytes[closingLine - 1]) { closingLine -= 1 }
        guard closingLine == index || (closingLine > index && isBreak(bytes[closingLine - 1])) else { return .invalid }
        let indentation = Array(bytes[closingLine..<closing.lowerBound])
        // The line break before the closing line is not part of the value.
        var contentEnd = closingLine
        if contentEnd > index {
            contentEnd -= 1
            if contentEnd > index, bytes[contentEnd] == UInt8(ascii: "\n"), bytes[contentEnd - 1] == UInt8(ascii: "\r") {
                contentEnd -= 1
            }
        }
        let firstInterpolation = interpolations.first { $0.lowerBound >= index && $0.lowerBound < contentEnd }

        var text = FixtureText(origin: index)
        var lineStart = index
        while lineStart <= contentEnd, closingLine > index {
            var lineEnd = lineStart
            while lineEnd < contentEnd, !isBreak(bytes[lineEnd]) { lineEnd += 1 }
            // Strip the indentation; a line of only spaces and tabs may have less of it.
            var position = lineStart
            if bytes[lineStart..<lineEnd].allSatisfy(isBlank) {
                position = lineEnd
            } else {
                guard lineEnd - lineStart >= indentation.count,
                    bytes[lineStart..<(lineStart + indentation.count)].elementsEqual(indentation)
                else { return .invalid }
                position = lineStart + indentation.count
            }
            var continued = false
            while position < lineEnd {
                let byte = bytes[position]
                guard byte == UInt8(ascii: "\\"), let escape = escapeLength(bytes, position, lineEnd, pounds) else {
                    text.append(byte, writtenAs: position..<(position + 1))
                    position += 1
                    continue
                }
                let escaped = position + escape
                if escaped == lineEnd {
                    // `\` at the end of a line joins it to the next; never on the last line.
                    guard lineEnd < contentEnd else { return .invalid }
                    continued = true
                    position = lineEnd
                    break
                }
                if let interpolation = firstInterpolation, interpolation.lowerBound == position {
                    return .interpolated(prefix: text, at: interpolation)
                }
                switch bytes[escaped] {
                case UInt8(ascii: "("):
                    // An interpolation the tokenizer did not pair: not something to read.
                    return .invalid
                case UInt8(ascii: "u"):
                    guard let (scalar, length) = unicodeEscape(bytes, escaped + 1, lineEnd) else { return .invalid }
                    text.append(scalar, writtenAs: position..<(escaped + 1 + length))
                    position = escaped + 1 + length
                case let other:
                    guard let value = simpleEscape(other) else { return .invalid }
                    text.append(value, writtenAs: position..<(escaped + 1))
                    position = escaped + 1
                }
            }
            guard lineEnd < contentEnd else { break }
            let next = afterBreak(bytes, lineEnd)
            if !continued { text.append(UInt8(ascii: "\n"), writtenAs: lineEnd..<next) }
            lineStart = next
        }
        if let interpolation = firstInterpolation { return .interpolated(prefix: text, at: interpolation) }
        return .text(text)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    /// The offset after the line break at `index` (`\n`, `\r\n` or `\r`).
    private static func afterBreak(_ bytes: [UInt8], _ index: Int) -> Int {
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
            return index + 2
        }
        return index + 1
    }

    /// If the backslash at `index` starts an escape (`\`, then exactly `pounds` `#`s), the
    /// length of that introducer; nil when it is plain text (a backslash in a raw string).
    private static func escapeLength(_ bytes: [UInt8], _ index: Int, _ lineEnd: Int, _ pounds: Int) -> Int? {
        guard pounds > 0 else { return 1 }
        var after = index + 1
        while after < lineEnd, after - index - 1 < pounds, bytes[after] == UInt8(ascii: "#") { after += 1 }
        return after - index - 1 == pounds ? after - index : nil
    }

    private static func simpleEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): return byte
        case UInt8(ascii: "n"): return UInt8(ascii: "\n")
        case UInt8(ascii: "t"): return UInt8(ascii: "\t")
        case UInt8(ascii: "r"): return UInt8(ascii: "\r")
        case UInt8(ascii: "0"): return 0
        default: return nil
        }
    }

    /// `{1F600}` after `\u`: the scalar and the length of the braces part.
    private static func unicodeEscape(_ bytes: [UInt8], _ index: Int, _ lineEnd: Int) -> (Unicode.Scalar, Int)? {
        guard index < lineEnd, bytes[index] == UInt8(ascii: "{") else { return nil }
        var close = index + 1
        while close < lineEnd, bytes[close] != UInt8(ascii: "}") { close += 1 }
        let digits = close - index - 1
        guard close < lineEnd, digits >= 1, digits <= 8,
            let value = UInt32(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, close + 1 - index)
    }
}
