/// Under `--align-swift`, tablint aligns the matrices of ordinary `.swift` files, which general
/// formatters own: each such matrix needs protection scoped to its declaration, never a
/// whole-file directive. `// swift-format-ignore` directly above the declaration (swift-format
/// leaves that one node alone), and `// swiftformat:disable all` above it with
/// `// swiftformat:enable all` below it where SwiftFormat runs.
extension FormatIgnoreDirective {
    static let declarationDirective = "// swift-format-ignore"
    static let swiftFormatEnable = "// swiftformat:enable all"

    /// A matrix declaration that lacks some of its directives, and the insertions that add them.
    struct UnprotectedDeclaration {
        var matrix: Matrix
        /// The declaration's first byte (its first attribute or modifier).
        var start: Int
        var missing: [SourceFormatter]
        var insertions: [TextEdit]
    }

    static func unprotectedDeclarations(_ context: LintContext) -> [UnprotectedDeclaration] {
        let file = context.file
        let settings = context.settings
        guard file.kind == .swift, settings.alignsSwiftMatrices else { return [] }
        // A whole-file directive already covers every declaration.
        let fileComments = leadingComments(file.bytes)
        var formatters = settings.formatters
        if fileComments.contains(where: { isSwiftFormatIgnore(file.bytes[$0]) }) { formatters.remove(.appleSwiftFormat) }
        if fileComments.contains(where: { isSwiftFormatDisable(file.bytes[$0]) }) { formatters.remove(.swiftFormat) }
        guard !formatters.isEmpty else { return [] }
        let ending = lineEnding(of: file.bytes)
        var found: [UnprotectedDeclaration] = []
        for matrix in context.reading.matrices where matrix.surface != .fixture {
            guard let start = declarationStart(matrix, context) else { continue }
            let lines = file.lines
            let startLine = lines.lineIndex(of: start)
            let lineStart = lines.lineStarts[startLine]
            // Only a declaration that starts its line can get a comment line above it.
            guard file.bytes[lineStart..<start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { continue }
            let indentation = Array(file.bytes[lineStart..<start])
            let above = commentLines(above: startLine, file)
            let endLine = lines.lineIndex(of: matrix.range.upperBound - 1)
            let below = endLine + 1 < lines.lineStarts.count ? commentText(line: endLine + 1, file) : nil
            var missing: [SourceFormatter] = []
            if formatters.contains(.swiftFormat),
                !(above.contains { isSwiftFormatDisable($0[...]) } && below.map({ isSwiftFormatEnable($0[...]) }) == true) {
                missing.append(.swiftFormat)
            }
            if formatters.contains(.appleSwiftFormat), !above.contains(where: { isDeclarationIgnore($0[...]) }) {
                missing.append(.appleSwiftFormat)
            }
            guard !missing.isEmpty else { continue }
            var insertions: [TextEdit] = []
            var before: [UInt8] = []
            if missing.contains(.swiftFormat) { before += indentation + Array(swiftFormatDirective.utf8) + ending }
            if missing.contains(.appleSwiftFormat) { before += indentation + Array(declarationDirective.utf8) + ending }
            insertions.append(TextEdit(range: lineStart..<lineStart, replacement: before))
            if missing.contains(.swiftFormat) {
                let enable = indentation + Array(swiftFormatEnable.utf8)
                if endLine + 1 < lines.lineStarts.count {
                    let next = lines.lineStarts[endLine + 1]
                    insertions.append(TextEdit(range: next..<next, replacement: enable + ending))
                } else {
                    insertions.append(TextEdit(range: file.bytes.count..<file.bytes.count, replacement: ending + enable))
                }
            }
            found.append(UnprotectedDeclaration(matrix: matrix, start: start, missing: missing, insertions: insertions))
        }
        return found
    }

    /// Where the declaration holding `matrix` starts: an `@Machine` enum at its first
    /// attribute; a `Table` literal at the `let`/`var` it initialises, or the attributes and
    /// modifiers before it. Nil when the literal is not what a `let`/`var` holds.
    static func declarationStart(_ matrix: Matrix, _ context: LintContext) -> Int? {
        if matrix.surface == .machineEnum { return matrix.range.lowerBound }
        let pieces = context.tokens
        guard var index = pieces.index(startingAt: matrix.range.lowerBound) else { return nil }
        func text(_ i: Int) -> String { context.file.text(of: pieces[i]) }
        func isTrivia(_ i: Int) -> Bool {
            [.whitespace, .newline, .lineComment, .blockComment].contains(pieces[i].kind)
        }
        // Back to the `let`/`var`, within one statement.
        var binding: Int?
        var steps = 0
        while index > 0, steps < 64 {
            index -= 1
            steps += 1
            if isTrivia(index) { continue }
            let word = text(index)
            if word == "let" || word == "var" { binding = index; break }
            if ["{", "}", ";", "(", "[", ","].contains(word) { return nil }
        }
        guard var start = binding else { return nil }
        // Then over modifiers and attributes.
        let modifiers: Set<String> = ["static", "class", "public", "private", "fileprivate", "internal", "open", "package", "final", "nonisolated", "lazy"]
        var cursor = start
        while cursor > 0 {
            var previous = cursor - 1
            while previous > 0, isTrivia(previous) { previous -= 1 }
            guard !isTrivia(previous) else { break }
            if modifiers.contains(text(previous)) {
                cursor = previous
                start = previous
            } else if pieces[previous].kind == .identifier, previous > 0, pieces[previous - 1].kind == .atSign {
                cursor = previous - 1
                start = previous - 1
            } else {
                break
            }
        }
        return pieces[start].start
    }

    /// The texts of the `//` comment lines directly above line `line` (0-based), nearest last.
    static func commentLines(above line: Int, _ file: SourceFile) -> [[UInt8]] {
        var texts: [[UInt8]] = []
        var current = line - 1
        while current >= 0, let text = commentText(line: current, file) {
            texts.insert(text, at: 0)
            current -= 1
        }
        return texts
    }

    /// The line's `//` comment (from `//`, no line ending), when the line holds only that.
    static func commentText(line: Int, _ file: SourceFile) -> [UInt8]? {
        let starts = file.lines.lineStarts
        var position = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : file.bytes.count
        while end > position, file.bytes[end - 1] == UInt8(ascii: "\n") || file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        while position < end, file.bytes[position] == UInt8(ascii: " ") || file.bytes[position] == UInt8(ascii: "\t") { position += 1 }
        guard file.bytes[position..<end].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return nil }
        return Array(file.bytes[position..<end])
    }

    /// `// swift-format-ignore` (swift-format's node directive, for every rule).
    static func isDeclarationIgnore(_ comment: ArraySlice<UInt8>) -> Bool {
        let text = comment.dropFirst(2).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return text.elementsEqual("swift-format-ignore".utf8)
    }

    static func isSwiftFormatEnable(_ comment: ArraySlice<UInt8>) -> Bool {
        let text = comment.dropFirst(2).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let directive = Array("swiftformat:enable all".utf8)
        guard text.starts(with: directive) else { return false }
        let rest = text.dropFirst(directive.count)
        return rest.isEmpty || rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t")
    }

    func checkDeclarations(_ context: LintContext) -> [Diagnostic] {
        let canFix = context.formatPlan.refusals.isEmpty
        return Self.unprotectedDeclarations(context).map { declaration in
            var lines: [String] = []
            if declaration.missing.contains(.swiftFormat) { lines.append("`\(Self.swiftFormatDirective)` above it and `\(Self.swiftFormatEnable)` below it") }
            if declaration.missing.contains(.appleSwiftFormat) { lines.append("`\(Self.declarationDirective)` directly above it") }
            let names = declaration.missing.map(\.displayName).joined(separator: " and ")
            var found = diagnostic(
                context, at: declaration.start..<declaration.start,
                "the matrix `\(declaration.matrix.machine.text)` is aligned by `--align-swift` in an ordinary Swift file, but its declaration lacks \(lines.joined(separator: ", and ")): without \(lines.count == 1 && !declaration.missing.contains(.swiftFormat) ? "it" : "them") \(names) collapses its padding; `tablint --fix` inserts \(lines.count == 1 && !declaration.missing.contains(.swiftFormat) ? "it" : "them")")
            if canFix { found.fix = Diagnostic.Fix(edits: declaration.insertions) }
            return found
        }
    }
}
