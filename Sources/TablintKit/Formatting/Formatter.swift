/// One replacement of a byte range of a file. The formatter only ever replaces spaces and
/// tabs with spaces.
public struct TextEdit: Equatable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// Applies non-overlapping edits to `bytes`.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
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
public struct Refusal: Equatable {
    public var range: Range<Int>
    public var message: String

    public init(range: Range<Int>, message: String) {
        self.range = range
        self.message = message
    }
}

/// What the formatter would do to one file.
public struct FormatPlan: Equatable {
    /// Every edit, in byte order. Empty when the file is aligned or refused.
    public var edits: [TextEdit] = []
    /// The runs that would change: the range of each run's first row that changes, and the
    /// number of its rows that change, for `tablint::alignment`.
    public var misaligned: [MisalignedRun] = []
    /// Misaligned runs `--fix` leaves as they are because their `tablint::alignment`
    /// diagnostic is turned off (`--disable alignment`) or suppressed by a directive; their
    /// edits are not in `edits`.
    public var held: [MisalignedRun] = []
    /// Non-empty when the file must be left untouched; then `edits` is empty.
    public var refusals: [Refusal] = []
    /// Matrices `--fix` leaves as they are while it aligns the rest of the file: a `Table`
    /// literal it cannot split into rows and cells (a `#if` among its rows, say).
    public var skipped: [Refusal] = []

    public struct MisalignedRun: Equatable {
        public var firstChangedRow: Range<Int>
        public var changedRows: Int
        public var rows: Int
        public var surface: String
        /// This run's share of `edits`: what `--fix` changes to align it.
        public var edits: [TextEdit]
        /// For a column header (`headerLabelsSurface`): which label is where, and where it belongs.
        public var detail: String = ""
    }
}

/// The outcome of fixing one file.
public enum FixOutcome: Equatable {
    /// Nothing to change.
    case unchanged
    /// The fixed bytes, proven to differ from the input only in whitespace inside matrices.
    case fixed([UInt8])
    /// The file cannot be formatted with confidence; it must be left untouched.
    case refused([Refusal])
    /// The formatter's own output failed its safety check: a bug in tablint. Nothing is written.
    case internalError(String)
}

/// The align stage: a file in, edits out. Pure: it never touches the filesystem.
///
/// It aligns the columns of `Table(...)` rows and `@Row` lines in `*.tb.swift` files, the rows
/// and header values of `.tbl` fixtures, and of `.tbl` text in Swift `"""` literals in any Swift
/// file. It refuses a file it cannot read with confidence.
public enum Formatter {
    /// Whether `Table`/`@Row` matrices of this file are aligned: in `*.tb.swift` files, and in
    /// ordinary `.swift` files (which general formatters own) only with `--align-swift`.
    public static func alignsSwiftMatrices(_ kind: FileKind, _ settings: LintSettings = .default) -> Bool {
        kind == .matrixSwift || (kind == .swift && settings.alignsSwiftMatrices)
    }

    static let headerSurface = "fixture header lines"
    static let headerLabelsSurface = "column header labels"
    static let tableRowsSurface = "`Table` rows"
    static let machineRowsSurface = "`@Row` lines"

    public static func plan(_ file: SourceFile, settings: LintSettings = .default) -> FormatPlan {
        if file.kind == .other { return FormatPlan() }
        return plan(LintContext(file: file, settings: settings))
    }

    public static func plan(_ context: LintContext) -> FormatPlan {
        let file = context.file
        let fixtures = context.reading.matrices.filter { $0.surface == .fixture }
        let swiftMatrices = alignsSwiftMatrices(file.kind, context.settings)
            ? context.reading.matrices.filter { $0.surface != .fixture } : []
        let inScope = file.kind == .matrixSwift || file.kind == .fixture || !fixtures.isEmpty || !swiftMatrices.isEmpty
        guard inScope else { return FormatPlan() }

        let refusals = refusalsFor(context)
        if !refusals.isEmpty { return FormatPlan(refusals: refusals) }

        var plan = FormatPlan()
        var runs: [(rows: [LayoutRow], surface: String)] = []
        let swiftRows = SwiftRows(file: file, pieces: context.tokens)
        for matrix in swiftMatrices {
            let surface = matrix.surface == .tableLiteral ? Self.tableRowsSurface : Self.machineRowsSurface
            runs += Aligner.runs(swiftRows.rows(of: matrix)).map { (Aligner.placingPrefixPadding($0, file.bytes), surface) }
        }
        // A `Table` literal the reader could not read: its literal rows are aligned when it
        // read them (computed names), and otherwise it alone is left as it is.
        if alignsSwiftMatrices(file.kind, context.settings) {
            for problem in context.reading.problems where problem.code == TableLiteralReader.unreadableCode {
                if problem.literalRows.isEmpty {
                    plan.skipped.append(Refusal(range: problem.range, message: "a `Table` literal it cannot split into rows and cells with certainty"))
                } else {
                    runs += Aligner.runs(swiftRows.rows(problem.literalRows, surface: .tableLiteral)).map { ($0, Self.tableRowsSurface) }
                }
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
            runs += Aligner.runs(rows).map { ($0, "fixture rows") }
            if !header.isEmpty { runs.append((header, Self.headerSurface)) }
        }
        // A run whose diagnostic the configuration turns off or a directive suppresses is
        // still reported (so the directive is used) but not moved.
        let alignmentCode = Alignment().code
        let suppressions = context.suppressions
        func isHeld(_ range: Range<Int>) -> Bool {
            !context.settings.isEnabled(alignmentCode)
                || suppressions.suppresses(alignmentCode, line: file.location(of: range.lowerBound).line)
        }
        for (run, surface) in runs {
            // What the library's formatter wrote is aligned: it counts characters, not columns.
            if surface == Self.tableRowsSurface || surface == Self.machineRowsSurface, Aligner.isAlignedInCharacters(run, file.bytes) {
                continue
            }
            // Header values sit one space after the longest key, as in the library's fixtures.
            let edits = Aligner.align(run, file.bytes, keepWidths: surface != Self.headerSurface)
            guard !edits.isEmpty else { continue }
            let changedLines = Set(edits.map { file.lines.lineIndex(of: $0.range.lowerBound) })
            let changed = run.filter { changedLines.contains($0.line) }
            if let first = changed.first, isHeld(first.range) {
                plan.held.append(.init(
                    firstChangedRow: first.range, changedRows: changed.count, rows: run.count, surface: surface, edits: edits))
                continue
            }
            plan.edits += edits
            if let first = changed.first {
                plan.misaligned.append(.init(
                    firstChangedRow: first.range, changedRows: changed.count, rows: run.count, surface: surface, edits: edits))
            }
        }
        // Column headers over the first row, once its cells are where the fix puts them: a
        // `tablint::header-labels` warning, not an alignment error (the cells are aligned).
        let headerCode = HeaderLabels().code
        for matrix in swiftMatrices {
            guard let header = HeaderComment.find(matrix, file: file, pieces: context.tokens), header.matchesActions,
                let first = matrix.rows.first,
                let row = swiftRows.rows(of: matrix).first(where: { $0.line == header.line + 1 })
            else { continue }
            let columns = Aligner.cellColumns(row, file.bytes, after: plan.edits)
            let edits = header.edits(cellColumns: columns, firstRowCells: first.cells.map { file.text($0.range) }, file: file)
            guard !edits.isEmpty else { continue }
            var run = FormatPlan.MisalignedRun(
                firstChangedRow: header.range, changedRows: 1, rows: 1, surface: Self.headerLabelsSurface, edits: edits)
            if let misplaced = header.firstMisplaced(cellColumns: columns, file: file) {
                run.detail = "`\(misplaced.label)` is at column \(misplaced.column), its cells' names at column \(misplaced.expected)"
            } else {
                run.detail = "the comment sits where its first label cannot be over its column"
            }
            if !context.settings.isEnabled(headerCode)
                || suppressions.suppresses(headerCode, line: file.location(of: header.range.lowerBound).line) {
                plan.held.append(run)
                continue
            }
            plan.edits += edits
            plan.misaligned.append(run)
        }
        plan.edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        // Two edits of one gap would mean two runs claimed one row: never guess which is right.
        for (previous, next) in zip(plan.edits, plan.edits.dropFirst()) where previous.range.upperBound > next.range.lowerBound
            || previous.range == next.range {
            return FormatPlan(refusals: [Refusal(range: next.range, message: "two alignments claim the same whitespace")])
        }
        return plan
    }

    /// What makes a file impossible to format with confidence.
    static func refusalsFor(_ context: LintContext) -> [Refusal] {
        let file = context.file
        if let problem = Encoding.check(file) {
            return [Refusal(range: 0..<0, message: "the file is not UTF-8 text (\(problem.message))")]
        }
        var refusals: [Refusal] = []
        if file.kind.isSwift {
            if let piece = context.tokens.first(where: \.isUnterminated) {
                refusals.append(Refusal(range: piece.range, message: "it has an unterminated \(describe(piece.kind))"))
            }
            if let piece = context.tokens.first(where: { $0.kind == .conflictMarker }) {
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

    /// Formats a file and proves the result safe: the same tokens, only whitespace moved, and
    /// formatting it again changes nothing. A `*.tb.swift` file that does not start with
    /// `// swift-format-ignore-file` gets it as line 1, after the alignment is proven.
    public static func fix(_ file: SourceFile, settings: LintSettings = .default) -> FixOutcome {
        let context = LintContext(file: file, settings: settings)
        let plan = file.kind == .other ? FormatPlan() : plan(context)
        if !plan.refusals.isEmpty { return .refused(plan.refusals) }
        // The directive's diagnostic is on line 1: turned off or suppressed, nothing is inserted.
        let directiveCode = FormatIgnoreDirective().code
        let needsDirective = !FormatIgnoreDirective.insertions(into: file, settings).isEmpty && settings.isEnabled(directiveCode)
            && !context.suppressions.suppresses(directiveCode, line: FormatIgnoreDirective.directiveLineNumber(file.bytes))
        if plan.edits.isEmpty && !needsDirective { return .unchanged }
        for edit in plan.edits {
            guard file.bytes[edit.range].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
                edit.replacement.allSatisfy({ $0 == UInt8(ascii: " ") })
            else { return .internalError("an edit at byte \(edit.range.lowerBound) would change more than spaces") }
        }
        let aligned = TextEdit.apply(plan.edits, to: file.bytes)
        if let problem = SafetyCheck.differences(file, aligned) { return .internalError(problem) }
        let again = Formatter.plan(SourceFile(path: file.path, bytes: aligned), settings: settings)
        guard again.refusals.isEmpty, again.edits.isEmpty else {
            return .internalError("formatting is not idempotent here: a second pass would change it again")
        }
        let insertions = FormatIgnoreDirective.insertions(into: SourceFile(path: file.path, bytes: aligned), settings)
        guard needsDirective, !insertions.isEmpty else { return .fixed(aligned) }
        // Proven by construction, not by `SafetyCheck` (which would see new comments): each
        // insertion is whole directive lines, put at the start of a line (or after the last);
        // between them the aligned bytes are unchanged.
        for insertion in insertions {
            let at = insertion.range.lowerBound
            guard insertion.range.isEmpty, FormatIgnoreDirective.isDirectiveLines(insertion.replacement),
                at == 0 || at == aligned.count || aligned[at - 1] == UInt8(ascii: "\n")
                    || (at == 3 && aligned.starts(with: [0xEF, 0xBB, 0xBF]))
            else {
                return .internalError("inserting `\(FormatIgnoreDirective.directive)` would change more than its own line")
            }
        }
        let fixed = TextEdit.apply(insertions, to: aligned)
        guard fixed.count == aligned.count + insertions.reduce(0, { $0 + $1.replacement.count }) else {
            return .internalError("inserting `\(FormatIgnoreDirective.directive)` would change more than its own line")
        }
        let result = SourceFile(path: file.path, bytes: fixed)
        let last = Formatter.plan(result, settings: settings)
        guard last.refusals.isEmpty, last.edits.isEmpty, FormatIgnoreDirective.insertions(into: result, settings).isEmpty else {
            return .internalError("formatting is not idempotent here: a second pass would change it again")
        }
        return .fixed(fixed)
    }
}

/// Re-tokenizes the formatter's output and compares it with the input: the sequence of
/// everything that is not whitespace must be identical.
public enum SafetyCheck {
    /// A description of the first difference, or nil when only whitespace moved.
    public static func differences(_ original: SourceFile, _ fixed: [UInt8]) -> String? {
        if original.kind.isSwift {
            return swiftDifferences(original.bytes, fixed)
        }
        return textDifferences(original.bytes, fixed)
    }

    static func swiftDifferences(_ original: [UInt8], _ fixed: [UInt8]) -> String? {
        let before = Tokenizer.tokenize(original).filter { $0.kind != .whitespace }
        let after = Tokenizer.tokenize(fixed).filter { $0.kind != .whitespace }
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
