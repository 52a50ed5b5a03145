/// `tablint::format-ignore-directive`: a `*.tb.swift` file whose leading comments do not tell
/// the formatters that run over it to leave it alone: `// swift-format-ignore-file` for the
/// toolchain's swift-format, and `// swiftformat:disable all` where SwiftFormat is in use (a
/// `.swiftformat` applies, or `--formatter swiftformat`). Without them a formatter collapses
/// the padding that aligns the matrix's columns, and the next `tablint --fix` puts it back:
/// the tools would fight over the same bytes. `tablint --fix` inserts what is missing.
struct FormatIgnoreDirective: Rule {
    let code = "tablint::format-ignore-directive"
    let readsFormatPlan = true
    let defaultSeverity = Severity.warning
    let summary = "A `*.tb.swift` file's leading comments lack the directive of a formatter that runs over it; `tablint --fix` inserts it."
    var isFixable: Bool { true }

    /// swift-format's whole-file directive.
    static let directive = "// swift-format-ignore-file"
    /// SwiftFormat's: everything after it is left alone.
    static let swiftFormatDirective = "// swiftformat:disable all"

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init() {}

    /// The file's leading comments, as swift-format 6.3.1 reads them: the `//` comments
    /// before the first token (after a BOM; block comments and blank lines may come between),
    /// each as the range of its text from `//` to its line's end (no line ending). None after
    /// a shebang line: swift-format does not honour its directive below one.
    static func leadingComments(_ bytes: [UInt8]) -> [Range<Int>] {
        var position = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        if bytes[position...].starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) { return [] }
        var comments: [Range<Int>] = []
        func at(_ text: String) -> Bool { bytes[position...].starts(with: text.utf8) }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                position += 1
            } else if at("//") {
                let end = lineBreak(bytes, from: position) ?? bytes.count
                comments.append(position..<end)
                position = end
            } else if at("/*") {
                // Block comments nest in Swift.
                var depth = 0
                while position < bytes.count {
                    if at("/*") { depth += 1; position += 2 } else if at("*/") {
                        depth -= 1
                        position += 2
                        if depth == 0 { break }
                    } else { position += 1 }
                }
                if depth > 0 { return comments }
            } else {
                break
            }
        }
        return comments
    }

    /// Whether a `//` comment's text is swift-format's directive: `//`, optional blanks, the
    /// word, nothing after it (swift-format 6.3.1 ignores `// swift-format-ignore-file ` with a
    /// trailing space, and `// swift-format-ignore-file: reason`).
    static func isSwiftFormatIgnore(_ comment: ArraySlice<UInt8>) -> Bool {
        let text = comment.dropFirst(2).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return text.elementsEqual("swift-format-ignore-file".utf8)
    }

    /// Whether a `//` comment is SwiftFormat's `swiftformat:disable all` (a reason may follow).
    static func isSwiftFormatDisable(_ comment: ArraySlice<UInt8>) -> Bool {
        let text = comment.dropFirst(2).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let directive = Array("swiftformat:disable all".utf8)
        guard text.starts(with: directive) else { return false }
        let rest = text.dropFirst(directive.count)
        return rest.isEmpty || rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t")
    }

    /// The formatters `settings` says run over `file` whose directive its leading comments
    /// lack. Empty for a file that is not a `*.tb.swift`.
    static func missing(in file: SourceFile, _ settings: LintSettings = .default) -> [SourceFormatter] {
        guard file.kind == .matrixSwift else { return [] }
        let comments = leadingComments(file.bytes)
        return settings.formatters.sorted().filter { formatter in
            switch formatter {
            case .appleSwiftFormat: return !comments.contains { isSwiftFormatIgnore(file.bytes[$0]) }
            case .swiftFormat: return !comments.contains { isSwiftFormatDisable(file.bytes[$0]) }
            }
        }
    }

    /// Whether these bytes need swift-format's directive (with the default settings).
    static func isMissing(in file: SourceFile) -> Bool { !missing(in: file).isEmpty }

    static func hasShebang(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        return bytes[start...].starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")])
    }

    /// Where line 1's content starts: after a BOM.
    static func directiveLineStart(_ bytes: [UInt8]) -> Int? {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// The 1-based line the diagnostic is on.
    static func directiveLineNumber(_ bytes: [UInt8]) -> Int { 1 }

    /// Line 1 (after a BOM), without its line ending and trailing spaces; and the byte range
    /// of the whole line's content (BOM and line ending excluded).
    static func firstLine(_ bytes: [UInt8]) -> (text: String, range: Range<Int>) {
        let start = directiveLineStart(bytes) ?? 0
        let end = lineBreak(bytes, from: start) ?? bytes.count
        var trimmed = end
        while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: " ") { trimmed -= 1 }
        return (String(decoding: bytes[start..<trimmed], as: UTF8.self), start..<end)
    }

    /// The line ending inserted lines take: CRLF when the file's first line ends in CRLF.
    static func lineEnding(of bytes: [UInt8]) -> [UInt8] {
        guard let end = lineBreak(bytes, from: 0) else { return [UInt8(ascii: "\n")] }
        if bytes[end] == UInt8(ascii: "\n") { return [UInt8(ascii: "\n")] }
        return bytes[end...].starts(with: [13, 10]) ? [13, 10] : [13]
    }

    /// The first line break at or after `start`: LF, CR LF or a lone CR (a file with classic
    /// Mac line endings has only those).
    static func lineBreak(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }

    /// The insertion of the missing directive lines, as one edit of the file: swift-format's
    /// as line 1 (after a BOM), SwiftFormat's just after swift-format's (where it already is,
    /// or with it). Nil when nothing is missing, or after a shebang line, where no directive
    /// helps.
    /// Every directive line `--fix` inserts into `file`: the file's own (see `insertion`), or
    /// under `--align-swift` in an ordinary `.swift` file, those around each matrix's declaration.
    static func insertions(into file: SourceFile, _ settings: LintSettings = .default) -> [TextEdit] {
        if file.kind == .swift {
            // Read the file again only where declarations can need directives.
            guard settings.alignsSwiftMatrices else { return [] }
            return unprotectedDeclarations(LintContext(file: file, settings: settings)).flatMap(\.insertions)
                .sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
        return insertion(into: file, settings).map { [$0] } ?? []
    }

    static func insertion(into file: SourceFile, _ settings: LintSettings = .default) -> TextEdit? {
        let missing = missing(in: file, settings)
        let bytes = file.bytes
        guard !missing.isEmpty, !hasShebang(bytes) else { return nil }
        let ending = lineEnding(of: bytes)
        let lines = missing.map { $0 == .appleSwiftFormat ? directive : swiftFormatDirective }
        var at = directiveLineStart(bytes) ?? 0
        if !missing.contains(.appleSwiftFormat), let existing = leadingComments(bytes).first(where: { isSwiftFormatIgnore(bytes[$0]) }) {
            // Below swift-format's directive, so the directive stays a plain comment.
            guard let newline = lineBreak(bytes, from: existing.upperBound) else {
                return TextEdit(range: bytes.count..<bytes.count, replacement: ending + Array(lines.joined(separator: String(decoding: ending, as: UTF8.self)).utf8))
            }
            at = newline + (bytes[newline...].starts(with: [13, 10]) ? 2 : 1)
        }
        return TextEdit(range: at..<at, replacement: lines.flatMap { Array($0.utf8) + ending })
    }

    /// Whether `replacement` is made of directive lines and line endings only: what
    /// `Formatter.fix` proves about the lines it inserts.
    static func isDirectiveLines(_ replacement: [UInt8]) -> Bool {
        // Bytes, not a `String`: for Swift `\r\n` is one character.
        let lines = replacement.split(omittingEmptySubsequences: true) { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        let allowed = [directive, swiftFormatDirective, declarationDirective, swiftFormatEnable].map { Array($0.utf8) }
        return !lines.isEmpty && lines.allSatisfy { line in
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return allowed.contains { text.elementsEqual($0) }
        }
    }

    func check(_ context: LintContext) -> [Diagnostic] {
        checkFile(context) + checkDeclarations(context)
    }

    func checkFile(_ context: LintContext) -> [Diagnostic] {
        let file = context.file
        // A file that is not UTF-8 is `tablint::encoding`'s, and `--fix` will not touch it.
        let missing = Self.missing(in: file, context.settings)
        guard !missing.isEmpty, Encoding.check(file) == nil else { return [] }
        let (text, range) = Self.firstLine(file.bytes)
        let found: String
        if range.isEmpty {
            found = file.bytes.count <= range.upperBound ? "the file is empty" : "line 1 is empty"
        } else {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            found = "line 1 is `\(shown)`"
        }
        if Self.hasShebang(file.bytes) {
            return [diagnostic(
                context, at: range,
                "\(found), a shebang line: swift-format does not honour `\(Self.directive)` below it (6.3.1 formats the file anyway), so nothing keeps the padding that aligns the matrix's columns; keep the matrix in a `*.tb.swift` file that is not a script")]
        }
        let directives = missing.map { "`\($0 == .appleSwiftFormat ? Self.directive : Self.swiftFormatDirective)`" }
        var why: [String] = []
        if missing.contains(.appleSwiftFormat) { why.append("swift-format collapses the padding that aligns the matrix's columns") }
        if missing.contains(.swiftFormat) {
            let source = context.settings.declaredFormatters == nil
                ? (context.settings.swiftFormatConfiguration.map { "`\($0)` applies here" } ?? "it is in use")
                : "`--formatter swiftformat`"
            why.append("SwiftFormat (\(source)) collapses the padding\(missing.contains(.appleSwiftFormat) ? "" : " that aligns the matrix's columns") and turns `\(Self.directive)` into a doc comment")
        }
        let message: String
        if missing == [.appleSwiftFormat] {
            message = "\(found), expected `\(Self.directive)` (on line 1, or anywhere in the file's leading comments): without it \(why[0]); `tablint --fix` inserts it"
        } else {
            let them = missing.count == 1 ? "it" : "them"
            message = "the file's leading comments lack \(directives.joined(separator: " and ")) (\(found)): without \(them) \(why.joined(separator: ", and ")); `tablint --fix` inserts \(them)"
        }
        var missingDiagnostic = diagnostic(context, at: range, message)
        // `--fix` inserts the lines only in a file it can format with confidence.
        if context.formatPlan.refusals.isEmpty, let insertion = Self.insertion(into: file, context.settings) {
            missingDiagnostic.fix = Diagnostic.Fix(edits: [insertion])
        }
        return [missingDiagnostic]
    }
}
