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

    /// Whether these bytes need the directive: a `*.tb.swift` file whose first line (after a
    /// BOM; trailing spaces allowed) is not exactly the directive.
    public static func isMissing(in file: SourceFile) -> Bool {
        file.kind == .matrixSwift && firstLine(file.bytes).text != directive
    }

    /// The first line after a BOM, without its line ending and trailing spaces; and the byte
    /// range of the whole line's content (BOM and line ending excluded).
    static func firstLine(_ bytes: [UInt8]) -> (text: String, range: Range<Int>) {
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var trimmed = end
        while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") { trimmed -= 1 }
        return (String(decoding: bytes[start..<trimmed], as: UTF8.self), start..<end)
    }

    /// The line ending the inserted directive takes: CRLF when the file's first line ends in
    /// CRLF, LF otherwise.
    static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0, bytes[newline - 1] == UInt8(ascii: "\r")
        else { return [UInt8(ascii: "\n")] }
        return [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }

    /// The insertion of the directive line, as an edit of `bytes`: at offset 0, or after a BOM.
    public static func insertion(into bytes: [UInt8]) -> TextEdit {
        let at = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        return TextEdit(range: at..<at, replacement: Array(directive.utf8) + lineEnding(of: bytes))
    }

    /// `bytes` with the directive inserted as line 1, after a BOM if there is one.
    static func inserting(into bytes: [UInt8]) -> [UInt8] {
        TextEdit.apply([insertion(into: bytes)], to: bytes)
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let file = context.file
        // A file that is not UTF-8 is `tablint::encoding`'s, and `--fix` will not touch it.
        guard Self.isMissing(in: file), Encoding.check(file) == nil else { return [] }
        let (text, range) = Self.firstLine(file.bytes)
        let found: String
        if range.isEmpty {
            found = file.bytes.count <= range.upperBound ? "the file is empty" : "line 1 is empty"
        } else {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            found = "line 1 is `\(shown)`"
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
