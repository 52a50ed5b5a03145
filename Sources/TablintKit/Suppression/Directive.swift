/// One `tablint:` comment as written, before its codes are resolved: what it asks for, the
/// codes it names (each with its byte range in the file) and where the comment is.
///
/// A comment is a directive when its text, after the comment opener (`//`, `/*`, or a `.tbl`
/// file's `#`) and any spaces, starts with `tablint:`. Doc comments (`///`, `/**`) are
/// documentation, so they are never directives. The text after `tablint:` is the directive
/// word (`disable`, `enable`, `disable:next`, `disable:this`, `disable-file`), then the codes,
/// separated by commas and/or spaces, then optionally ` - ` and a free-text reason.
struct Directive: Equatable {
    enum Kind: String, CaseIterable {
        case disable
        case enable
        case disableNext = "disable:next"
        case disableThis = "disable:this"
        case disableFile = "disable-file"
    }

    /// A word of the directive: its text and its byte range in the file.
    struct Word: Equatable {
        var text: String
        var range: Range<Int>
    }

    /// The directive word (`disable:next`), or nil when it is not one tablint knows.
    var kind: Kind?
    /// The word after `tablint:` as written (for the message about a malformed directive).
    var written: Word
    var codes: [Word]
    /// The byte range of the whole comment, opener included.
    var comment: Range<Int>
    /// Where `tablint:` starts.
    var start: Int

    static let prefix = Array("tablint:".utf8)

    /// The directive in the comment text `content` (the comment's bytes after its opener, and
    /// before `*/` for a block comment), or nil when the comment is not a directive.
    static func parse(_ bytes: [UInt8], content: Range<Int>, comment: Range<Int>) -> Directive? {
        var index = content.lowerBound
        let end = content.upperBound
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard end - index >= prefix.count, bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
            return nil
        }
        let start = index
        index += prefix.count
        let wordStart = index
        while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ",") { index += 1 }
        let written = Word(text: text(bytes, wordStart..<index), range: wordStart..<index)
        var codes: [Word] = []
        while index < end {
            while index < end, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < end else { break }
            let codeStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ",") { index += 1 }
            let word = Word(text: text(bytes, codeStart..<index), range: codeStart..<index)
            if word.text == "-" { break }  // the reason follows; it is free text
            codes.append(word)
        }
        return Directive(kind: Kind(rawValue: written.text), written: written, codes: codes, comment: comment, start: start)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0B || byte == 0x0C
    }

    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Whether `bytes` contain `tablint:` anywhere: a file without it has no directive. A
    /// Horspool search, which looks at about one byte in eight of ordinary source (about
    /// 1.5 GB/s on one core, several times the tokenizer's speed).
    static func mayOccur(in bytes: [UInt8]) -> Bool {
        let length = prefix.count
        guard bytes.count >= length else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            shifts.withUnsafeBufferPointer { shifts in
                prefix.withUnsafeBufferPointer { pattern in
                    var end = length - 1  // the index of the window's last byte
                    let count = buffer.count
                    while end < count {
                        let last = buffer[end]
                        if last == UInt8(ascii: ":") {
                            var offset = 1
                            while offset < length, buffer[end - offset] == pattern[length - 1 - offset] { offset += 1 }
                            if offset == length { return true }
                        }
                        end += Int(shifts[Int(last)])
                    }
                    return false
                }
            }
        }
    }

    /// How far the search window may move when its last byte is this one.
    private static let shifts: [UInt8] = {
        var table = [UInt8](repeating: UInt8(prefix.count), count: 256)
        for (index, byte) in prefix.dropLast().enumerated() { table[Int(byte)] = UInt8(prefix.count - 1 - index) }
        return table
    }()

    /// Every directive in a Swift file's comments, in order. Only line and block comments
    /// count (text in a string literal is not a comment); doc comments and an unterminated
    /// block comment are skipped.
    static func inSwift(_ bytes: [UInt8], tokens: [Token]) -> [Directive] {
        var directives: [Directive] = []
        for token in tokens where token.kind.isComment && !token.isUnterminated {
            let range = token.range
            guard range.count >= 2 else { continue }
            let content: Range<Int>
            if token.kind == .lineComment {
                if range.count > 2, bytes[range.lowerBound + 2] == UInt8(ascii: "/") { continue }  // `///`
                content = (range.lowerBound + 2)..<range.upperBound
            } else {
                guard range.count >= 4 else { continue }
                // `/**` opens a doc comment, but `/**/` is an empty ordinary one.
                if range.count > 4, bytes[range.lowerBound + 2] == UInt8(ascii: "*") { continue }
                content = (range.lowerBound + 2)..<(range.upperBound - 2)
            }
            if let directive = parse(bytes, content: content, comment: range) { directives.append(directive) }
        }
        return directives
    }

    /// Every directive in a `.tbl` file's comments: as in the library's parser, everything from
    /// the first `#` of a line (split at `\n`) is a comment. A `\r` before the `\n` is not part
    /// of it.
    /// `codeLines` are the 1-based lines that hold something other than a directive.
    static func inFixture(_ bytes: [UInt8], lines: LineTable) -> (directives: [Directive], codeLines: Set<Int>) {
        var directives: [Directive] = []
        var codeLines: Set<Int> = []
        var lineStart = 0
        while lineStart <= bytes.count {
            let line = lines.lineIndex(of: lineStart) + 1
            var lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let hash = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: "#")) ?? lineEnd
            if bytes[lineStart..<hash].contains(where: { !isSpace($0) }) { codeLines.insert(line) }
            if hash < lineEnd, let directive = parse(bytes, content: (hash + 1)..<lineEnd, comment: hash..<lineEnd) {
                directives.append(directive)
            } else if hash < lineEnd {
                codeLines.insert(line)  // an ordinary comment is not skipped by `disable:next`
            }
            lineStart = next
        }
        return (directives, codeLines)
    }
}
