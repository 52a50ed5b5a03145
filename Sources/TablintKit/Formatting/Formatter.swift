/// One replacement of a byte range of a file (an insertion when the range is empty), as a
/// fix carries it. Only `Engine` applies edits.
struct TextEdit: Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// Applies non-overlapping edits to `bytes`.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[position..<edit.range.lowerBound]
            result += edit.replacement
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return result
    }
}

/// Why the formatter will not touch a file: where, and what it could not read with confidence.
struct Refusal: Equatable {
    var range: Range<Int>
    var message: String

    init(range: Range<Int>, message: String) {
        self.range = range
        self.message = message
    }
}

/// What the formatter would do to one file.
struct FormatPlan: Equatable {
    /// Every edit, in byte order. Empty when the file is aligned or refused.
    var edits: [TextEdit] = []
    /// The matrices that would change, each with its share of `edits`, for `tablint::alignment`.
    var misaligned: [MisalignedRun] = []
    /// Non-empty when the file must be left untouched; then `edits` is empty.
    var refusals: [Refusal] = []
    /// Matrices `--fix` leaves as they are while it aligns the rest of the file: a `Table`
    /// literal it cannot split into rows and cells (a `#if` among its rows, say).
    var skipped: [Refusal] = []
    /// Rows `--fix` leaves as written while it aligns their matrix's other rows: a block
    /// comment on a row's line, which no column can be kept for.
    var rowsLeft: [Refusal] = []

    /// One matrix (or, in a `.tbl` fixture, its header or its rows) that would change.
    struct MisalignedRun: Equatable {
        /// Where its diagnostic is reported: the matrix's first line (its column-header
        /// comment when it has one), whichever of its rows move, so that one directive above
        /// it holds the whole matrix however its cells are edited.
        var anchor: Range<Int>
        /// The whole matrix (or header): what range formatting asks about.
        var extent: Range<Int> = 0..<0
        /// How many of its lines would move, and how many it has.
        var changedRows: Int
        var rows: Int
        var surface: String
        /// This matrix's share of `edits`: what `--fix` changes to align it.
        var edits: [TextEdit]
        /// Where the first line that moves is (its first edit): the line an editor shows.
        var firstMove: Int { edits.map(\.range.lowerBound).min() ?? anchor.lowerBound }
        /// For a column header (`headerLabelsSurface`): which label is where, and where it belongs.
        var detail: String = ""
    }
}


/// The align stage: a file in, edits out. Pure: it never touches the filesystem.
///
/// It aligns the columns of `Table(...)` rows and `@Row` lines in `*.tb.swift` files, the rows
/// and header values of `.tbl` fixtures, and of `.tbl` text in Swift `"""` literals in any Swift
/// file. It refuses a file it cannot read with confidence.
enum Formatter {
    /// Whether `Table`/`@Row` matrices of this file are aligned: in `*.tb.swift` files, and in
    /// ordinary `.swift` files (which general formatters own) only with `--align-swift`.
    static func alignsSwiftMatrices(_ kind: FileKind, _ settings: LintSettings = .default) -> Bool {
        kind == .matrixSwift || (kind == .swift && settings.alignsSwiftMatrices)
    }

    static let headerSurface = "fixture header lines"
    static let headerLabelsSurface = "column header labels"
    static let tableRowsSurface = "`Table` rows"
    static let machineRowsSurface = "`@Row` lines"

    static func plan(_ file: SourceFile, settings: LintSettings = .default) -> FormatPlan {
        if file.kind == .other { return FormatPlan() }
        return plan(LintContext(file: file, settings: settings))
    }

    static func plan(_ context: LintContext) -> FormatPlan {
        let file = context.file
        let fixtures = context.reading.matrices.filter { $0.surface == .fixture }
        let swiftMatrices = alignsSwiftMatrices(file.kind, context.settings)
            ? context.reading.matrices.filter { $0.surface != .fixture } : []
        let inScope = file.kind == .matrixSwift || file.kind == .fixture || !fixtures.isEmpty || !swiftMatrices.isEmpty
        guard inScope else { return FormatPlan() }

        let refusals = refusalsFor(context)
        if !refusals.isEmpty { return FormatPlan(refusals: refusals) }

        var plan = FormatPlan()
        // One diagnostic per matrix: its rows' edits, anchored at its first line (its column
        // header when it has one), so one directive above it holds it however its cells are
        // edited; and one per column header whose labels move, for `tablint::header-labels`.
        // The formatter reads no configuration of its own: a suppressed or disabled
        // diagnostic's edits are simply not among the fixes the engine applies.
        let swiftRows = SwiftRows(file: file, pieces: context.tokens)
        /// The edits that align `runs`, less those of runs the library's formatter would call
        /// aligned (it counts characters, not columns), with the lines they move.
        func alignedEdits(_ runs: [[LayoutRow]]) -> (edits: [TextEdit], changedLines: Int) {
            let edits = runs.filter { !Aligner.isAlignedInCharacters($0, file.bytes) }.flatMap { Aligner.align($0, file.bytes) }
            return (edits, Set(edits.map { file.lines.lineIndex(of: $0.range.lowerBound) }).count)
        }
        for matrix in swiftMatrices {
            let surface = matrix.surface == .tableLiteral ? Self.tableRowsSurface : Self.machineRowsSurface
            let layoutRows = swiftRows.rows(of: matrix)
            if layoutRows.count < matrix.rows.count {
                plan.rowsLeft += Self.rowsWithBlockComments(matrix, laidOut: layoutRows, context)
            }
            let runs = Aligner.runs(layoutRows).map { Aligner.placingPrefixPadding($0, file.bytes) }
            let (rowEdits, changedLines) = alignedEdits(runs)
            let header = HeaderComment.find(matrix, file: file, pieces: context.tokens)
            let allRows = runs.flatMap { $0 }
            if !rowEdits.isEmpty {
                plan.misaligned.append(.init(
                    anchor: header?.range ?? allRows.first?.range ?? matrix.range,
                    extent: Self.span(matrix.range, header?.range), changedRows: changedLines,
                    rows: allRows.count, surface: surface, edits: rowEdits))
            }
            // The column header over the first row, once its cells are where the fix puts them:
            // a `tablint::header-labels` warning, not an alignment error (the cells are aligned).
            guard let header, header.matchesActions, let first = matrix.rows.first,
                let row = layoutRows.first(where: { $0.line == header.line + 1 })
            else { continue }
            let columns = Aligner.cellColumns(row, file.bytes, after: rowEdits)
            // Rows the library's formatter aligned by scalars sit at different display columns
            // on screen; a header already over the cells of one of them is placed (moving it to
            // the first row's would undo a chain of the two formatters every other pass).
            let headerRun = runs.first(where: { $0.contains(where: { $0.line == row.line }) }) ?? [row]
            if headerRun.contains(where: { header.firstMisplaced(cellColumns: Aligner.cellColumns($0, file.bytes, after: rowEdits), file: file) == nil }) {
                continue
            }
            let labelEdits = header.edits(cellColumns: columns, firstRowCells: first.cells.map { file.text($0.range) }, file: file)
            guard !labelEdits.isEmpty else { continue }
            var run = FormatPlan.MisalignedRun(
                anchor: header.range, extent: Self.span(matrix.range, header.range), changedRows: 1, rows: 1,
                surface: Self.headerLabelsSurface, edits: labelEdits)
            if let misplaced = header.firstMisplaced(cellColumns: columns, file: file) {
                run.detail = "`\(misplaced.label)` is at column \(misplaced.column), its cells' names at column \(misplaced.expected)"
            } else {
                run.detail = "the comment sits where its first label cannot be over its column"
            }
            plan.misaligned.append(run)
        }
        // A `Table` literal the reader could not read: its literal rows are aligned when it
        // read them (computed names), and otherwise it alone is left as it is.
        if alignsSwiftMatrices(file.kind, context.settings) {
            for problem in context.reading.problems where problem.code == TableLiteralReader.unreadableCode {
                if problem.literalRows.isEmpty {
                    plan.skipped.append(Refusal(range: problem.range, message: "a `Table` literal it cannot split into rows and cells with certainty"))
                    continue
                }
                let runs = Aligner.runs(swiftRows.rows(problem.literalRows, surface: .tableLiteral))
                let (edits, changedLines) = alignedEdits(runs)
                guard !edits.isEmpty, let first = runs.first?.first else { continue }
                plan.misaligned.append(.init(
                    anchor: first.range, extent: problem.literalRows.reduce(problem.range) { Self.span($0, $1.range) }, changedRows: changedLines, rows: runs.reduce(0) { $0 + $1.count },
                    surface: Self.tableRowsSurface, edits: edits))
            }
        }
        let fixtureRows = FixtureRows(file: file)
        for matrix in fixtures {
            let lines: [FixtureRows.Line]?
            if file.kind == .fixture {
                lines = fixtureRows.fileLines()
            } else {
                lines = fixtureRows.literalLines(matrix.range)
            }
            guard let lines else { continue }
            let (rows, header) = fixtureRows.rows(lines, inLiteral: file.kind != .fixture)
            var edits: [TextEdit] = []
            var changed = 0
            var surfaces: [String] = []
            // Header values sit one space after the longest key, as in the library's fixtures;
            // values the author lined up further out, all in one column, are aligned too.
            for (run, surface) in Aligner.runs(rows).map({ ($0, "fixture rows") }) + (header.isEmpty ? [] : [(header, Self.headerSurface)]) {
                let isHeader = surface == Self.headerSurface
                let runEdits = isHeader && Aligner.align(run, file.bytes).isEmpty ? [] : Aligner.align(run, file.bytes, keepWidths: !isHeader)
                guard !runEdits.isEmpty else { continue }
                edits += runEdits
                changed += Set(runEdits.map { file.lines.lineIndex(of: $0.range.lowerBound) }).count
                if !surfaces.contains(surface) { surfaces.append(surface) }
            }
            guard !edits.isEmpty else { continue }
            let first = (header + rows).min { $0.range.lowerBound < $1.range.lowerBound }?.range ?? matrix.range
            plan.misaligned.append(.init(
                anchor: first, extent: Self.span(matrix.range, first), changedRows: changed, rows: rows.count + header.count,
                surface: surfaces.count == 1 ? surfaces[0] : "fixture header lines and rows", edits: edits))
        }
        plan.edits = plan.misaligned.flatMap(\.edits).sorted { $0.range.lowerBound < $1.range.lowerBound }
        // Two edits of one gap would mean two runs claimed one row: never guess which is right.
        for (previous, next) in zip(plan.edits, plan.edits.dropFirst()) where previous.range.upperBound > next.range.lowerBound
            || previous.range == next.range {
            return FormatPlan(refusals: [Refusal(range: next.range, message: "two alignments claim the same whitespace")])
        }
        return plan
    }

    /// The readable one-line rows of `matrix` that `laidOut` lacks because a block comment
    /// sits on their line: otherwise `--fix` would pass over them without a word. A row over
    /// several lines is left as written whatever its comments, so it is not named here.
    static func rowsWithBlockComments(_ matrix: Matrix, laidOut: [LayoutRow], _ context: LintContext) -> [Refusal] {
        let file = context.file
        let ends = Set(laidOut.map(\.range.upperBound))
        var left: [Refusal] = []
        for row in matrix.rows where row.isReadable && !row.range.isEmpty && !ends.contains(row.range.upperBound) {
            let first = file.lines.lineIndex(of: row.range.lowerBound)
            guard file.lines.lineIndex(of: row.range.upperBound - 1) == first else { continue }
            let start = file.lines.lineStarts[first]
            let end = first + 1 < file.lines.lineStarts.count ? file.lines.lineStarts[first + 1] : file.bytes.count
            var index = context.tokens.partitionPoint { $0.start < start }
            while index < context.tokens.count, context.tokens[index].start < end {
                let token = context.tokens[index]
                if token.kind == .blockComment {
                    let text = file.text(of: token)
                    let shown = text.count <= 24 ? text : String(text.prefix(20)) + "…*/"
                    left.append(Refusal(range: token.range, message: "a block comment (`\(shown)`) sits on the row's line, and no column can be kept for it; a `//` comment at the end of the row is kept aligned"))
                    break
                }
                index += 1
            }
        }
        return left
    }

    /// What makes a file impossible to format with confidence.
    static func refusalsFor(_ context: LintContext) -> [Refusal] {
        let file = context.file
        if let problem = Encoding.check(file) {
            return [Refusal(range: 0..<0, message: "the file is not UTF-8 text (\(problem.message))")]
        }
        var refusals: [Refusal] = []
        if file.kind.isSwift {
            // One pass over the tokens finds the first of each.
            var unterminated: Token?
            var conflict: Token?
            for piece in context.tokens {
                if unterminated == nil, piece.isUnterminated { unterminated = piece }
                if conflict == nil, piece.kind == .conflictMarker { conflict = piece }
                if unterminated != nil, conflict != nil { break }
            }
            if let piece = unterminated {
                refusals.append(Refusal(range: piece.range, message: "it has an unterminated \(describe(piece.kind))"))
            }
            if let piece = conflict {
                refusals.append(Refusal(range: piece.start..<piece.start, message: "it has merge-conflict markers"))
            }
        } else {
            var offset = 0
            for line in file.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("<<<<<<<") || text.hasPrefix(">>>>>>>") || text.hasPrefix("=======") || text.hasPrefix("|||||||") {
                    refusals.append(Refusal(range: offset..<offset, message: "it has merge-conflict markers"))
                    break
                }
                offset += line.count + 1
            }
        }
        if file.kind == .matrixSwift {
            for matrix in context.reading.matrices where matrix.surface != .fixture {
                for row in matrix.rows where !row.isReadable {
                    refusals.append(Refusal(range: row.range, message: "a row it cannot split into cells with certainty"))
                }
            }
        }
        return refusals
    }

    static func describe(_ kind: TokenKind) -> String {
        switch kind {
        case .blockComment: return "block comment"
        case .stringQuote, .stringSegment, .multilineStringQuote, .rawStringDelimiter: return "string literal"
        case .regexSlash, .regexPattern, .regexPoundDelimiter: return "regex literal"
        case .backslash: return "interpolation"
        case .identifier, .backtick: return "backticked identifier"
        default: return "construct"
        }
    }

    /// The smallest range holding both.
    static func span(_ range: Range<Int>, _ other: Range<Int>?) -> Range<Int> {
        guard let other else { return range }
        return min(range.lowerBound, other.lowerBound)..<max(range.upperBound, other.upperBound)
    }
}

/// The proof of safe edits: re-tokenized, the result's sequence of everything that is not
/// whitespace is the input's, except that a comment may be re-spaced, a `.tbl` literal's
/// string segments re-padded, and an inserted directive line is exactly that line.
enum SafetyCheck {
    /// A description of the first difference, or nil when only whitespace moved.
    static func differences(_ original: SourceFile, _ fixed: [UInt8]) -> String? {
        let kind = original.kind
        return differences(
            kind: kind, before: original.bytes, beforeTokens: kind.isSwift ? Tokenizer.tokenize(original.bytes) : [],
            after: fixed, afterTokens: kind.isSwift ? Tokenizer.tokenize(fixed) : [], insertedLines: [])
    }

    /// The same with both token lists known; `insertedLines` are ranges of `after` holding an
    /// inserted directive line, whose tokens the input does not have.
    static func differences(
        kind: FileKind, before: [UInt8], beforeTokens: [Token], after: [UInt8], afterTokens: [Token],
        insertedLines: [Range<Int>]
    ) -> String? {
        guard kind.isSwift else { return textDifferences(before, after) }
        let old = beforeTokens.filter { $0.kind != .whitespace }
        // The inserted line's tokens are not the input's; a line break it shares a token with
        // (the tokenizer joins adjacent ones) keeps the part after the line.
        let new = afterTokens.compactMap { token -> Token? in
            guard token.kind != .whitespace else { return nil }
            guard let line = insertedLines.first(where: { $0.contains(token.start) }) else { return token }
            guard token.end > line.upperBound else { return nil }
            return Token(kind: token.kind, flags: token.flags, start: line.upperBound, end: token.end)
        }
        return swiftDifferences(before, old, after, new)
    }

    /// The ranges, in the result of applying `edits` to `before`, of the edits that insert
    /// the `// swift-format-ignore-file` line where it belongs, as that line and nothing else.
    static func insertedDirectives(_ edits: [TextEdit], before: [UInt8], kind: FileKind) -> [Range<Int>] {
        guard kind.isSwift else { return [] }
        let byteOrderMark = FormatIgnoreDirective.byteOrderMark
        /// Where a whole line can be inserted: the start of the file or of a line (after a
        /// BOM, after LF, after a CR that is not half of a CR LF), or its end.
        func isLineStart(_ at: Int) -> Bool {
            if at == 0 || at == before.count || (at == byteOrderMark.count && before.starts(with: byteOrderMark)) { return true }
            let previous = before[at - 1]
            return previous == UInt8(ascii: "\n") || (previous == UInt8(ascii: "\r") && before[at] != UInt8(ascii: "\n"))
        }
        return edits.compactMap { edit in
            let at = edit.range.lowerBound
            guard edit.range.isEmpty, isLineStart(at), FormatIgnoreDirective.isDirectiveLines(edit.replacement) else { return nil }
            let shift = edits.filter { $0.range.upperBound <= at && $0 != edit }.reduce(0) { $0 + $1.replacement.count - $1.range.count }
            return (at + shift)..<(at + shift + edit.replacement.count)
        }
    }

    static func swiftDifferences(_ original: [UInt8], _ before: [Token], _ fixed: [UInt8], _ after: [Token]) -> String? {
        guard before.count == after.count else {
            return "the output has \(after.count) tokens where the input has \(before.count)"
        }
        for (old, new) in zip(before, after) {
            let oldBytes = original[old.range]
            let newBytes = fixed[new.range]
            guard old.kind == new.kind, old.flags == new.flags else {
                return "a token changed kind at byte \(old.start)"
            }
            if old.kind == .lineComment {
                // A column header's labels move; its words do not.
                guard oldBytes.split(whereSeparator: isBlank).map(Array.init) == newBytes.split(whereSeparator: isBlank).map(Array.init),
                    oldBytes.prefix(2).elementsEqual(newBytes.prefix(2))
                else {
                    return "a comment changed other than in its spaces at byte \(old.start)"
                }
            } else if old.kind == .stringSegment {
                // A `.tbl` literal's padding lives inside its string segments.
                guard oldBytes.filter({ !isBlank($0) }) == newBytes.filter({ !isBlank($0) }) else {
                    return "a string changed other than in its spaces at byte \(old.start)"
                }
            } else if !oldBytes.elementsEqual(newBytes) {
                return "a token changed at byte \(old.start)"
            }
        }
        return nil
    }

    /// For `.tbl` text, tokenized as the library's parser reads it: the same lines, each with
    /// the same words and `|`s before its first `#`, and the same comment byte for byte.
    static func textDifferences(_ original: [UInt8], _ fixed: [UInt8]) -> String? {
        let before = original.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let after = fixed.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard before.count == after.count else { return "the output has \(after.count) lines where the input has \(before.count)" }
        for (index, (old, new)) in zip(before, after).enumerated() where fixtureTokens(old) != fixtureTokens(new) {
            return "line \(index + 1) changed other than in its spaces"
        }
        return nil
    }

    static func fixtureTokens(_ line: ArraySlice<UInt8>) -> [[UInt8]] {
        let hash = line.firstIndex(of: UInt8(ascii: "#")) ?? line.endIndex
        var tokens: [[UInt8]] = []
        var word: [UInt8] = []
        for byte in line[line.startIndex..<hash] {
            if isBlank(byte) || byte == UInt8(ascii: "|") {
                if !word.isEmpty { tokens.append(word) }
                word = []
                if byte == UInt8(ascii: "|") { tokens.append([byte]) }
            } else {
                word.append(byte)
            }
        }
        if !word.isEmpty { tokens.append(word) }
        tokens.append(Array(line[hash...]))
        return tokens
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
