/// Reads `.tbl` pin fixtures (reference §3.1) into the matrix model: whole `.tbl` files, and
/// fixtures embedded in Swift multi-line string literals.
///
/// The grammar is the library's `parseSpec`, exactly, on Swift `Character`s as it works: the
/// text is split at the Character `\n` (so `\r\n`, one Character, ends no line); everything
/// from the first `#` of a line is a comment; a line is trimmed of spaces and tabs and skipped
/// when empty; its first word (words are split at spaces and tabs) selects `machine`,
/// `initial`, `states` or `actions`, and any other first word makes the line a row,
/// `Name | CELL | CELL`, split at every `|`. A cell is `IGNORE`, `HANDLE`, `UNREACHABLE`,
/// `GO(Target, Effect, …)`, `EMIT(Effect, …)` or `DELEGATE(child)`, whose contents are split
/// at every comma (no nesting), trimmed, with empty pieces dropped. A delimiter a combining
/// mark fuses with is no delimiter.
///
/// Every problem in a fixture is filed at once, in the parser's words where it has them.
/// `tablint::fixture-syntax` is filed exactly when the parser rejects the fixture or crashes
/// on it (`LibraryVerdict` walks the lines as the parser does, to know); what it accepts but
/// reads differently from how it looks (a header key written twice, extra names, a quirk of
/// Characters that changes nothing it rejects) is `tablint::fixture-misread`. A fixture is
/// read into a matrix whenever its `machine`, `states` and `actions` lines can be read; a cell
/// the parser would reject is kept in the model as an unknown cell, so its row keeps its
/// width. The checks the model supports (missing-row, row-arity, unknown-state, empty-emit,
/// duplicate-name, the lints) are left to the rules, as on every other surface.
///
/// An embedded fixture is a `"""` (or raw `#"""`) literal whose first line that is neither
/// blank nor a comment starts with the word `machine`. Its value is computed as Swift computes
/// it, and every position maps back to the bytes of the Swift file. A literal with an
/// interpolation cannot be read (its text is only known at run time): when it starts like a
/// fixture, it is reported under `tablint::unreadable-matrix` and nothing in it is checked.
enum FixtureReader {
    /// What the library's `.tbl` parser rejects (or crashes on): reported exactly when it does.
    static let syntaxCode = "tablint::fixture-syntax"
    /// What the parser accepts but reads differently from how it looks.
    static let misreadCode = "tablint::fixture-misread"

    /// A whole `.tbl` file.
    static func read(_ file: SourceFile) -> MatrixReading {
        var parser = FixtureParser(text: FixtureText(file: file.bytes), file: file, range: 0..<file.bytes.count)
        return parser.parse()
    }

    /// Every fixture embedded in a multi-line string literal of a Swift file.
    static func readEmbedded(_ tokens: SignificantTokens) -> MatrixReading {
        var reading = MatrixReading()
        var index = 0
        while index < tokens.count {
            guard tokens.kind(index) == .multilineStringQuote else {
                index += 1
                continue
            }
            guard let literal = literal(tokens, opener: index) else { break }
            index = literal.closer + 1
            reading = reading + read(literal, tokens)
        }
        return reading
    }

    // MARK: Embedded fixtures

    private struct Literal {
        var opener: Int
        var closer: Int
        var pounds: Int
        var interpolations: [Range<Int>]
        /// The literal with its raw-string delimiters.
        var range: Range<Int>
    }

    /// The literal opened by the `"""` token at `opener`; nil when it never closes (the
    /// syntax rule reports that, and nothing after it can be read).
    private static func literal(_ tokens: SignificantTokens, opener: Int) -> Literal? {
        guard !tokens[opener].isUnterminated else { return nil }
        var pounds = 0
        var start = tokens[opener].start
        if tokens.kind(opener - 1) == .rawStringDelimiter, tokens[opener - 1].end == start {
            pounds = tokens[opener - 1].length
            start = tokens[opener - 1].start
        }
        var interpolations: [Range<Int>] = []
        var index = opener + 1
        while index < tokens.count {
            switch tokens[index].kind {
            case .stringSegment:
                index += 1
            case .backslash:
                var paren = index + 1
                if tokens.kind(paren) == .rawStringDelimiter { paren += 1 }
                guard tokens.kind(paren) == .leftParen, tokens.partner[paren] > paren else { return nil }
                interpolations.append(tokens[index].start..<tokens[tokens.partner[paren]].end)
                index = tokens.partner[paren] + 1
            case .multilineStringQuote:
                var end = tokens[index].end
                if pounds > 0, tokens.kind(index + 1) == .rawStringDelimiter, tokens[index + 1].start == end {
                    end = tokens[index + 1].end
                }
                return Literal(opener: opener, closer: index, pounds: pounds, interpolations: interpolations, range: start..<end)
            default:
                return nil
            }
        }
        return nil
    }

    private static func read(_ literal: Literal, _ tokens: SignificantTokens) -> MatrixReading {
        let file = tokens.file
        let value = MultilineStringValue.decode(
            file.bytes, opening: tokens[literal.opener].range, closing: tokens[literal.closer].range,
            pounds: literal.pounds, interpolations: literal.interpolations)
        switch value {
        case .invalid:
            return MatrixReading()
        case .text(let text):
            guard FixtureParser.startsWithMachine(text) else { return MatrixReading() }
            var parser = FixtureParser(text: text, file: file, range: literal.range)
            return parser.parse()
        case .interpolated(let prefix, let interpolation):
            guard FixtureParser.startsWithMachine(prefix, partial: true) else { return MatrixReading() }
            let name = FixtureParser.machineName(prefix).map { "the fixture `\($0)`" } ?? "this fixture"
            return MatrixReading(problems: [ReadProblem(
                code: TableLiteralReader.unreadableCode, range: interpolation,
                message: "cannot read \(name): its string literal has an interpolation `\(shortened(file.text(interpolation)))`, so its text is only known at run time; tablint checks nothing in it")])
        }
    }
}

/// Text shown in a message: on one line, and at most 60 characters.
private func shortened(_ text: String) -> String {
    let oneLine = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
    return oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine
}

/// Reads one fixture's text, as the library's parser reads it: on Swift `Character`s. A
/// delimiter (`\n`, `#`, a space or tab, `|`, `(`, `)`, `,`) counts only where it is a
/// Character of its own: `\r\n` is one Character, so it ends no line, and a combining mark,
/// ZWJ or emoji modifier right after a delimiter fuses with it and hides it.
private struct FixtureParser {
    let text: FixtureText
    let file: SourceFile
    /// The whole fixture in the file: the file, or the string literal.
    let range: Range<Int>
    /// For each byte of the text, whether it is a Character of its own.
    let lone: [Bool]
    private var filed: [(problem: ReadProblem, kind: ProblemKind)] = []

    /// What a problem says about the library's parser, which decides its code.
    enum ProblemKind {
        /// The parser rejects (or crashes on) every fixture with this problem.
        case rejects
        /// The parser may reject it or not, depending on the rest: reported under
        /// `fixture-syntax` when it rejects the fixture, as a misreading when it accepts it.
        case contextual
        /// The parser accepts it but reads it differently from how it looks.
        case misread
    }

    init(text: FixtureText, file: SourceFile, range: Range<Int>) {
        self.text = text
        self.file = file
        self.range = range
        lone = Self.loneCharacters(text.bytes)
    }

    /// A word of a line, as a range of the text.
    typealias Word = Range<Int>

    /// A line that is not blank once its comment is cut and it is trimmed.
    struct Line {
        /// The trimmed content, comment cut.
        var content: Range<Int>
        var words: [Word]
    }

    // MARK: Characters, lines and words

    private static let keys = ["machine", "initial", "states", "actions"]
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// For each byte, whether it starts a Character that is that byte alone. Text that is
    /// not valid UTF-8 (which the encoding rule reports) is read byte by byte.
    static func loneCharacters(_ bytes: [UInt8]) -> [Bool] {
        let string = String(decoding: bytes, as: UTF8.self)
        guard string.utf8.count == bytes.count, string.utf8.elementsEqual(bytes) else {
            return [Bool](repeating: true, count: bytes.count)
        }
        var lone = [Bool](repeating: false, count: bytes.count)
        var offset = 0
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(after: index)
            let length = string.utf8.distance(from: index, to: next)
            if length == 1 { lone[offset] = true }
            offset += length
            index = next
        }
        return lone
    }

    private func isBlank(_ index: Int) -> Bool {
        lone[index] && (text.bytes[index] == Self.space || text.bytes[index] == Self.tab)
    }

    private func isCharacter(_ index: Int, _ byte: UInt8) -> Bool { text.bytes[index] == byte && lone[index] }

    /// Every line that is not blank, from `start`: split at the Character `\n`, cut at the
    /// first Character `#`, trimmed of space and tab Characters.
    private func lines(from start: Int) -> [Line] {
        let bytes = text.bytes
        var lines: [Line] = []
        var lineStart = start
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, !isCharacter(lineEnd, UInt8(ascii: "\n")) { lineEnd += 1 }
            var end = lineStart
            while end < lineEnd, !isCharacter(end, UInt8(ascii: "#")) { end += 1 }
            var first = lineStart
            while first < end, isBlank(first) { first += 1 }
            while end > first, isBlank(end - 1) { end -= 1 }
            if first < end { lines.append(Line(content: first..<end, words: words(first..<end))) }
            lineStart = lineEnd + 1
        }
        return lines
    }

    private func words(_ range: Range<Int>) -> [Word] {
        var words: [Word] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, isBlank(index) { index += 1 }
            let start = index
            while index < range.upperBound, !isBlank(index) { index += 1 }
            if start < index { words.append(start..<index) }
        }
        return words
    }

    /// Whether a string literal's text is a fixture: its first line that is neither blank nor
    /// a comment is `machine <Name>` (the word `machine` and one name), and a later line starts
    /// with `states` or `actions`. Prose that happens to start with "machine" is left alone.
    /// `partial` is for a text cut short by an interpolation (`machine \(name)`): there the
    /// first line alone decides, and may have lost its name.
    static func startsWithMachine(_ text: FixtureText, partial: Bool = false) -> Bool {
        let parser = FixtureParser(text: text, file: SourceFile(path: "", bytes: []), range: 0..<0)
        let lines = parser.lines(from: 0)
        guard let first = lines.first, text.string(first.words[0]) == "machine" else { return false }
        if partial { return first.words.count <= 2 }
        return first.words.count == 2
            && lines.contains { ["states", "actions"].contains(text.string($0.words[0])) }
    }

    /// The name on a text's first line, if it is `machine <Name>`.
    static func machineName(_ text: FixtureText) -> String? {
        let parser = FixtureParser(text: text, file: SourceFile(path: "", bytes: []), range: 0..<0)
        guard let first = parser.lines(from: 0).first, first.words.count >= 2,
            text.string(first.words[0]) == "machine"
        else { return nil }
        return text.string(first.words[1])
    }

    // MARK: Reading

    mutating func parse() -> MatrixReading {
        let bytes = text.bytes
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            report(0..<3, "the fixture starts with a byte order mark, which the library reads as part of the first line, so it rejects the fixture; expected plain UTF-8 without one", .rejects)
            start = 3
        }
        let lines = self.lines(from: start)
        let verdict = LibraryVerdict.of(lines, self)

        // A header line whose first word is a header key is one to the library, even when it
        // was meant as the row of a state named after the key (`actions | IGNORE`): the model
        // reads such a line as the row it was meant to be, and says what the library does.
        let statesWords = lines.first { word($0.words[0]) == "states" }.map { $0.words.dropFirst().map(word) } ?? []
        func isRowOfKeyNamedState(_ line: Line) -> Bool {
            line.words.count >= 2 && isCharacter(line.words[1].lowerBound, UInt8(ascii: "|")) && statesWords.contains(word(line.words[0]))
        }

        // A line without `|` is a row with no cells to the library: right where there are no actions.
        let hasActions = lines.last { word($0.words[0]) == "actions" }.map { $0.words.count > 1 } ?? true
        // The last line of each key: a repeated key overwrites, as in the library.
        var headers: [String: Line] = [:]
        var rowLines: [Line] = []
        var firstRowIndex: Int?
        var firstHeaderIndex: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let key = word(line.words[0])
            if Self.keys.contains(key), isRowOfKeyNamedState(line) {
                report(line.words[0], "the row of state `\(key)` starts with the header key `\(key)`, so the library reads this line as an `\(key)` line (`\(shortened(text.string(line.content)))`) and not as a row; the state needs another name", .misread)
                firstRowIndex = firstRowIndex ?? index
                rowLines.append(line)
                continue
            }
            guard Self.keys.contains(key) else {
                if !hasPipe(line) {
                    if hasActions {
                        reportNotALine(line, key)
                        continue
                    }
                }
                firstRowIndex = firstRowIndex ?? index
                rowLines.append(line)
                continue
            }
            if let earlier = headers[key] {
                report(line.words[0], "`\(key)` is declared again; the library keeps only the last `\(key)` line and drops the one at line \(lineNumber(earlier.content.lowerBound)) (rows below each line are checked against it); expected one `\(key)` line", .misread)
            }
            headers[key] = line
            firstHeaderIndex[key] = firstHeaderIndex[key] ?? index
            if key == "machine" || key == "initial" {
                checkSingleName(line, key)
            }
        }
        if let firstRow = firstRowIndex {
            // The library checks each row against the header lines above it: a row above the
            // first `states` line is checked against no states, one above the first `actions`
            // line against no actions.
            for key in ["states", "actions"] {
                guard let headerIndex = firstHeaderIndex[key], headerIndex > firstRow, let header = headers[key] else { continue }
                let row = lines[firstRow]
                report(row.content, "row `\(rowName(row))` comes before the `\(key)` line (line \(lineNumber(header.content.lowerBound))); the library checks each row against the `states` and `actions` lines above it, so it rejects this row; expected the header lines first", .contextual)
                break
            }
        }

        let machine = headers["machine"].flatMap { $0.words.count >= 2 ? name($0.words[1]) : nil }
        let initial = headers["initial"].flatMap { $0.words.count >= 2 ? name($0.words[1]) : nil }
        let missing = Self.keys.filter { headers[$0] == nil }
        if !missing.isEmpty {
            let which = machine.map { "fixture `\($0.text)`" } ?? "the fixture"
            let listed = missing.map { "`\($0)`" }
            let list = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + listed[listed.count - 1]
            let required = missing.contains("machine") || missing.contains("initial")
            report(
                headers["machine"]?.words[0] ?? (start..<start),
                "\(which) has no \(list) line; expected `machine <Name>`, `initial <State>`, `states <Name> …` and `actions <Name> …` before the rows (the library requires `machine` and `initial`; without `states` and `actions` the rows cannot be checked)",
                required ? .rejects : .contextual)
        }
        let actions = headers["actions"].map { $0.words.dropFirst().map(name) } ?? []
        // Rows are read even when the matrix cannot be, so their cells' problems are reported.
        let rows = rowLines.map { readRow($0, actions: actions) }
        reportFusedDelimiters(lines)

        var reading = MatrixReading(problems: [])
        if let machine, let statesHeader = headers["states"], let actionsHeader = headers["actions"] {
            let states = statesHeader.words.dropFirst().map(name)
            // A missing row is reported just after the last row (or header), where it would go.
            let fileEnd = file.bytes.count
            var rowsRange = range.upperBound..<range.upperBound
            if let first = rowLines.first, let last = rowLines.last {
                let end = text.source(last.content).upperBound
                rowsRange = text.source(first.content).lowerBound..<min(end + 1, fileEnd)
            } else if let last = lines.last {
                // Just after the last header line, or on its last byte when the file ends there.
                let end = min(text.source(last.content).upperBound, fileEnd - 1)
                rowsRange = end..<(end + 1)
            }
            reading.matrices = [Matrix(
                surface: .fixture, range: range, machine: machine,
                states: states, statesRange: text.source(statesHeader.content),
                actions: actions, actionsRange: text.source(actionsHeader.content),
                rows: rows, rowsRange: rowsRange, initial: initial)]
        }
        reading.problems = settle(verdict)
        if let crlf = crlfProblem(verdict) {
            if case .rejects = verdict {
                // The lines the library merged cannot be read as anyone meant them: say why it
                // rejects the fixture, once, and check nothing else.
                return MatrixReading(problems: [crlf])
            }
            reading.problems.insert(crlf, at: 0)
        }
        return reading
    }

    /// The codes of the problems filed, now that the library's verdict is known: what it
    /// rejects is `fixture-syntax`, what it accepts is a misreading. When it rejects the
    /// fixture for a reason no problem names (a row out of order, a row of the wrong width,
    /// which the model's rules report too), its own first error is added, so that
    /// `fixture-syntax` is reported exactly when the library's parser rejects the fixture.
    private func settle(_ verdict: LibraryVerdict) -> [ReadProblem] {
        let rejected: Bool
        if case .rejects = verdict { rejected = true } else { rejected = false }
        var problems = filed.map { problem, kind -> ReadProblem in
            var problem = problem
            switch kind {
            case .rejects: problem.code = FixtureReader.syntaxCode
            case .contextual: problem.code = rejected ? FixtureReader.syntaxCode : FixtureReader.misreadCode
            case .misread: problem.code = FixtureReader.misreadCode
            }
            return problem
        }
        if case .rejects(let at, let message) = verdict, !problems.contains(where: { $0.code == FixtureReader.syntaxCode }) {
            problems.append(ReadProblem(
                code: FixtureReader.syntaxCode, range: text.source(at),
                message: "the library's fixture parser rejects the fixture here: \(message)"))
        }
        return problems
    }

    /// `\r\n` line endings: Swift reads `\r\n` as one Character, which is not the `\n` the
    /// library splits at, so it reads such a line and the next as one.
    private func crlfProblem(_ verdict: LibraryVerdict) -> ReadProblem? {
        let bytes = text.bytes
        guard let at = bytes.indices.first(where: { bytes[$0] == UInt8(ascii: "\r") && $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "\n") })
        else { return nil }
        var lineStart = at
        while lineStart > 0, !isCharacter(lineStart - 1, UInt8(ascii: "\n")) { lineStart -= 1 }
        let inComment = (lineStart..<at).contains { isCharacter($0, UInt8(ascii: "#")) }
        let line = lineNumber(at)
        let effect = inComment
            ? "so the `#` comment on line \(line) runs on through line \(line + 1), and the library drops that line"
            : "so it reads line \(line) and line \(line + 1) as one line"
        var message = "line \(line) ends with `\\r\\n`, which Swift reads as one Character; the library splits lines at the Character `\\n` (a quirk of its parser), \(effect)"
        let code: String
        switch verdict {
        case .rejects(_, let reason):
            message += ", and then rejects the fixture: \(reason)"
            code = FixtureReader.syntaxCode
        case .accepts:
            code = FixtureReader.misreadCode
        }
        return ReadProblem(code: code, range: text.source(at..<(at + 2)), message: message + "; expected `\\n` line endings")
    }

    /// A delimiter that a combining mark, ZWJ or emoji modifier right after it fuses into one
    /// Character with it, so the library's parser does not see it.
    private mutating func reportFusedDelimiters(_ lines: [Line]) {
        let bytes = text.bytes
        let delimiters: [UInt8: String] = [
            UInt8(ascii: " "): "space", UInt8(ascii: "\t"): "tab", UInt8(ascii: "#"): "`#`", UInt8(ascii: "|"): "`|`",
            UInt8(ascii: "("): "`(`", UInt8(ascii: ")"): "`)`", UInt8(ascii: ","): "`,`",
        ]
        // Each line as the library reads it runs to its comment; a fused `#` starts none.
        var lineStart = 0
        while lineStart < bytes.count {
            var index = lineStart
            while index < bytes.count, !isCharacter(index, UInt8(ascii: "\n")), !isCharacter(index, UInt8(ascii: "#")) {
                if let what = delimiters[bytes[index]], !lone[index], index + 1 < bytes.count, bytes[index + 1] >= 0x80 {
                    var end = index + 1
                    while end < bytes.count, !lone[end], bytes[end] >= 0x80 { end += 1 }
                    let scalars = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).unicodeScalars
                    let shown = scalars.prefix(3).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
                    report(index..<end, "the \(what) here is followed by \(shown), which Swift reads as one Character with it, so the library's parser, which splits on Characters, does not see this \(what) (a quirk of the library); expected nothing that combines right after a delimiter", .contextual)
                    index = end
                    continue
                }
                index += 1
            }
            while index < bytes.count, !isCharacter(index, UInt8(ascii: "\n")) { index += 1 }
            lineStart = index + 1
        }
    }

    private func hasPipe(_ line: Line) -> Bool { line.content.contains { isCharacter($0, UInt8(ascii: "|")) } }

    /// `machine` and `initial` take exactly one name.
    private mutating func checkSingleName(_ line: Line, _ key: String) {
        let what = key == "machine" ? "name" : "state"
        let example = key == "machine" ? "machine Timer" : "initial Idle"
        if line.words.count < 2 {
            report(line.words[0], "`\(key)` has no \(what); expected `\(example)` (the library's parser crashes on this line)", .rejects)
        } else if line.words.count > 2 {
            let extra = line.words[2].lowerBound..<line.words[line.words.count - 1].upperBound
            report(extra, "`\(key)` takes one \(what), found \(line.words.count - 1): `\(text.string(line.words[1].lowerBound..<extra.upperBound))`; the library keeps `\(word(line.words[1]))` and ignores the rest", .misread)
        }
    }

    /// A line that is not a header and has no `|`: the library reads it as a row with no cells.
    private mutating func reportNotALine(_ line: Line, _ key: String) {
        let shown = shortened(text.string(line.content))
        let header = Self.keys.contains(key.lowercased())
            ? "`\(key)` is not a header key (keys are lower case: `\(key.lowercased())`)"
            : "`\(shortened(key))` is not a header key (`machine`, `initial`, `states`, `actions`)"
        report(line.content, "`\(shown)` is neither a header nor a row: \(header), and a row needs a `|` (`State | CELL | …`); the library reads it as a row with no cells", .contextual)
    }

    // MARK: Rows and cells

    /// A row's parts: split at every `|` Character, empty parts kept.
    fileprivate func parts(_ line: Line) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = line.content.lowerBound
        for index in line.content where isCharacter(index, UInt8(ascii: "|")) {
            parts.append(partStart..<index)
            partStart = index + 1
        }
        parts.append(partStart..<line.content.upperBound)
        return parts
    }

    private mutating func readRow(_ line: Line, actions: [Name]) -> Row {
        let parts = self.parts(line)
        let labelRange = trim(parts[0])
        var label: Name?
        if labelRange.isEmpty {
            report(parts[0].upperBound..<(parts[0].upperBound + 1), "row has no state name before its first `|`; expected `State | CELL | …`", .contextual)
        } else {
            label = name(labelRange)
        }
        let rowName = label?.text ?? "row"
        var cellParts = Array(parts.dropFirst())
        if cellParts.count >= 1, trim(cellParts[cellParts.count - 1]).isEmpty {
            // The line was trimmed, so an empty last part means the line ends with `|`.
            let pipe = cellParts[cellParts.count - 1].lowerBound - 1
            report(pipe..<(pipe + 1), "row `\(rowName)` ends with `|`; the library reads an empty cell after it and rejects the fixture (unknown cell ``); expected no `|` after the last cell", .rejects)
            cellParts.removeLast()
        }
        let cells = cellParts.enumerated().map { column, part in
            readCell(part, at: "(\(rowName), \(column < actions.count ? actions[column].text : "column \(column + 1)"))")
        }
        return Row(range: text.source(line.content), cells: cells, label: label)
    }

    static let expectedCells = "IGNORE, HANDLE, UNREACHABLE, GO(..), EMIT(..), DELEGATE(..)"

    /// How the library reads a cell: one of the six, or why it rejects it.
    fileprivate enum CellReading {
        case ignore, handle, unreachable
        case go(target: Range<Int>?, effects: [Range<Int>])
        case emit(effects: [Range<Int>])
        case delegate(children: [Range<Int>])
        case unknown
    }

    fileprivate func classify(_ range: Range<Int>) -> CellReading {
        switch text.string(range) {
        case "IGNORE": return .ignore
        case "HANDLE": return .handle
        case "UNREACHABLE": return .unreachable
        default: break
        }
        for constructor in ["GO", "EMIT", "DELEGATE"] {
            let opener = constructor.utf8.count + 1
            guard range.count > opener, text.bytes[range.lowerBound..<(range.lowerBound + opener)].elementsEqual((constructor + "(").utf8),
                lone[range.lowerBound + opener - 1], isCharacter(range.upperBound - 1, UInt8(ascii: ")"))
            else { continue }
            let pieces = self.pieces((range.lowerBound + opener)..<(range.upperBound - 1))
            switch constructor {
            case "GO": return .go(target: pieces.first, effects: Array(pieces.dropFirst()))
            case "EMIT": return .emit(effects: pieces)
            default: return .delegate(children: pieces)
            }
        }
        return .unknown
    }

    private mutating func readCell(_ part: Range<Int>, at place: @autoclosure () -> String) -> Cell {
        let range = trim(part)
        let source = text.source(range)
        guard !range.isEmpty else {
            report(part.lowerBound..<part.lowerBound, "empty cell at \(place()), between two `|`; expected one of \(Self.expectedCells)", .rejects)
            return Cell(.unknown(written: "", reason: "an empty cell"), source)
        }
        let written = text.string(range)
        switch classify(range) {
        case .ignore: return Cell(.ignore, source)
        case .handle: return Cell(.handle, source)
        case .unreachable: return Cell(.unreachable, source)
        case .go(let target, let effects):
            guard let target else {
                report(range, "`\(written)` at \(place()): GO() needs a target; expected `GO(State)` or `GO(State, Effect, …)`", .rejects)
                return Cell(.unknown(written: written, reason: "GO() needs a target"), source)
            }
            return Cell(.go(target: name(target), effects: effects.map(name), arguments: nil), source)
        case .emit(let effects):
            return Cell(.emit(effects: effects.map(name)), source)
        case .delegate(let children):
            guard let child = children.first else {
                report(range, "`\(written)` at \(place()): DELEGATE() needs a child; expected `DELEGATE(child)`", .rejects)
                return Cell(.unknown(written: written, reason: "DELEGATE() needs a child"), source)
            }
            if children.count > 1 {
                let extra = children[1].lowerBound..<children[children.count - 1].upperBound
                report(extra, "`\(written)` at \(place()) names \(children.count) children; the library delegates to `\(word(child))` and ignores the rest; expected `DELEGATE(child)`", .misread)
            }
            return Cell(.delegate(child: name(child)), source)
        case .unknown:
            let shown = shortened(written)
            let cased = Self.isCellSpelledInOtherCase(written) ? " (cells are written in upper case)" : ""
            report(range, "unknown cell `\(shown)` at \(place()); expected \(Self.expectedCells)\(cased)", .rejects)
            return Cell(.unknown(written: written, reason: nil), source)
        }
    }

    private static func isCellSpelledInOtherCase(_ written: String) -> Bool {
        let upper = written.uppercased()
        guard upper != written else { return false }
        return ["IGNORE", "HANDLE", "UNREACHABLE"].contains(upper)
            || ["GO(", "EMIT(", "DELEGATE("].contains { upper.hasPrefix($0) && upper.hasSuffix(")") }
    }

    /// A cell's contents split at every `,` Character, trimmed, empty pieces dropped.
    private func pieces(_ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where isCharacter(index, UInt8(ascii: ",")) {
            pieces.append(trim(start..<index))
            start = index + 1
        }
        pieces.append(trim(start..<range.upperBound))
        return pieces.filter { !$0.isEmpty }
    }

    // MARK: Helpers

    fileprivate func trim(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isBlank(start) { start += 1 }
        while end > start, isBlank(end - 1) { end -= 1 }
        return start..<end
    }

    fileprivate func word(_ range: Range<Int>) -> String { text.string(range) }

    private func name(_ range: Range<Int>) -> Name { Name(text.string(range), text.source(range)) }

    private func rowName(_ line: Line) -> String {
        var end = line.content.lowerBound
        while end < line.content.upperBound, !isCharacter(end, UInt8(ascii: "|")) { end += 1 }
        return text.string(trim(line.content.lowerBound..<end))
    }

    private func lineNumber(_ offset: Int) -> Int {
        file.location(of: text.source(offset..<offset).lowerBound).line
    }

    private mutating func report(_ range: Range<Int>, _ message: String, _ kind: ProblemKind) {
        filed.append((ReadProblem(code: FixtureReader.syntaxCode, range: text.source(range), message: message), kind))
    }
}

/// What the library's `parseSpec` does with a fixture's lines: accept it, or reject it with
/// its first error (or crash). It walks the lines in order, as the parser does, checking each
/// row against the header lines read so far; `initial` and GO targets are not checked, nor
/// the number of rows. Its messages are the parser's, without the `<file>:<line>` prefix.
private enum LibraryVerdict {
    case accepts
    /// Where (a range of the text) and what the parser says.
    case rejects(at: Range<Int>, message: String)

    static func of(_ lines: [FixtureParser.Line], _ parser: FixtureParser) -> LibraryVerdict {
        var machine = false
        var initial = false
        var states: [String] = []
        var actions: [String] = []
        var rowIndex = 0
        for line in lines {
            let key = parser.word(line.words[0])
            switch key {
            case "machine", "initial":
                guard line.words.count >= 2 else {
                    return .rejects(at: line.words[0], message: "`\(key)` has no name, and the parser crashes reading it")
                }
                if key == "machine" { machine = true } else { initial = true }
            case "states":
                states = line.words.dropFirst().map(parser.word)
            case "actions":
                actions = line.words.dropFirst().map(parser.word)
            default:
                let parts = parser.parts(line)
                let label = parser.word(parser.trim(parts[0]))
                let expected = rowIndex < states.count ? states[rowIndex] : ""
                guard label == expected else {
                    return .rejects(at: line.content, message: "row \(rowIndex + 1) is `\(label)` but `states` says `\(expected)`; row order must match state order")
                }
                let cells = parts.dropFirst().map(parser.trim)
                guard cells.count == actions.count else {
                    return .rejects(at: line.content, message: "row `\(label)` has \(cells.count) cells, expected \(actions.count) (\(actions.joined(separator: " ")))")
                }
                for (column, cell) in cells.enumerated() {
                    switch parser.classify(cell) {
                    case .go(nil, _): return .rejects(at: cell, message: "col \(column): GO() needs a target")
                    case .delegate(let children) where children.isEmpty: return .rejects(at: cell, message: "col \(column): DELEGATE() needs a child")
                    case .unknown:
                        return .rejects(at: cell, message: "col \(column): unknown cell `\(parser.word(cell))`; expected \(FixtureParser.expectedCells)")
                    default: break
                    }
                }
                rowIndex += 1
            }
        }
        let end = lines.last.map { $0.content.upperBound..<$0.content.upperBound } ?? 0..<0
        if !machine { return .rejects(at: end, message: "no `machine` line") }
        if !initial { return .rejects(at: end, message: "no `initial` line") }
        return .accepts
    }
}

