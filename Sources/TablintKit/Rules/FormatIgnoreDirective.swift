/// `tablint::format-ignore-directive`: a `*.tb.swift` file whose first line is not
/// `// swift-format-ignore-file`. Without it swift-format collapses the padding that aligns
/// the matrix's columns, and the next `tablint --fix` puts it back: the two tools would fight
/// over the same bytes. `tablint --fix` inserts the line.
public struct FormatIgnoreDirective: Rule {
    public let code = "tablint::format-ignore-directive"
    public let defaultSeverity = Severity.warning
    public let summary = "A `*.tb.swift` file does not start with `// swift-format-ignore-file`; `tablint --fix` inserts it."
    public var isFixable: Bool { true }

    /// The line every `*.tb.swift` file starts with.
    public static let directive = "// swift-format-ignore-file"

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    public init() {}

    /// Whether these bytes need the directive: a `*.tb.swift` file whose directive line (see
    /// `directiveLineStart`; trailing spaces allowed) is not exactly the directive.
    public static func isMissing(in file: SourceFile) -> Bool {
        guard file.kind == .matrixSwift, directiveLineStart(file.bytes) != nil else { return false }
        return firstLine(file.bytes).text != directive
    }

    /// Where the directive's line starts: line 1 (after a BOM), or line 2 when line 1 is a
    /// shebang (`#!`), which Swift reads as one only on line 1; swift-format reads the
    /// directive there too, as it is still before the first token. Nil for a file that is a
    /// shebang line and nothing else: there is no line to put the directive on.
    static func directiveLineStart(_ bytes: [UInt8]) -> Int? {
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        guard bytes[start...].starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) else { return start }
        guard let end = lineBreak(bytes, from: start) else { return nil }
        return end + (bytes[end...].starts(with: [13, 10]) ? 2 : 1)
    }

    /// The first line break at or after `start`: LF, CR LF or a lone CR (a file with classic
    /// Mac line endings has only those).
    static func lineBreak(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// The 1-based line the directive belongs on.
    static func directiveLineNumber(_ bytes: [UInt8]) -> Int {
        directiveLineStart(bytes).map { $0 > 0 && (bytes[$0 - 1] == UInt8(ascii: "\n") || bytes[$0 - 1] == UInt8(ascii: "\r")) ? 2 : 1 } ?? 1
    }

    /// The directive's line (line 1 after a BOM, or line 2 after a shebang), without its line
    /// ending and trailing spaces; and the byte range of the whole line's content (BOM and
    /// line ending excluded).
    static func firstLine(_ bytes: [UInt8]) -> (text: String, range: Range<Int>) {
        let start = directiveLineStart(bytes) ?? bytes.count
        let end = lineBreak(bytes, from: start) ?? bytes.count
        var trimmed = end
        while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") { trimmed -= 1 }
        return (String(decoding: bytes[start..<trimmed], as: UTF8.self), start..<end)
    }

    /// The line ending the inserted directive takes: the file's first one (LF, CR LF or a lone
    /// CR), LF for a file of one line.
    static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let end = lineBreak(bytes, from: 0) else { return [UInt8(ascii: "\n")] }
        if bytes[end] == UInt8(ascii: "\n") { return [UInt8(ascii: "\n")] }
        return bytes[end...].starts(with: [13, 10]) ? [13, 10] : [13]
    }

    /// The insertion of the directive line, as an edit of `bytes`: at offset 0, after a BOM,
    /// or after a shebang line.
    public static func insertion(into bytes: [UInt8]) -> TextEdit {
        let at = directiveLineStart(bytes) ?? bytes.count
        return TextEdit(range: at..<at, replacement: Array(directive.utf8) + lineEnding(of: bytes))
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let file = context.file
        // A file that is not UTF-8 is `tablint::encoding`'s, and `--fix` will not touch it.
        guard Self.isMissing(in: file), Encoding.check(file) == nil else { return [] }
        let (text, range) = Self.firstLine(file.bytes)
        let found: String
        let line = Self.directiveLineNumber(file.bytes)
        if range.isEmpty {
            found = file.bytes.count <= range.upperBound ? (line == 1 ? "the file is empty" : "line 2 is missing") : "line \(line) is empty"
        } else {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            found = "line \(line) is `\(shown)`"
        }
        var missing = diagnostic(
            context, at: range,
            "\(found), expected `\(Self.directive)`: without it swift-format collapses the padding that aligns the matrix's columns; `tablint --fix` inserts it")
        // `--fix` inserts the line only in a file it can format with confidence.
        if context.formatPlan.refusals.isEmpty {
            missing.fix = Diagnostic.Fix(edits: [Self.insertion(into: file.bytes)])
        }
        return [missing]
    }
}
