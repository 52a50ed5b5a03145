/// Reads `.tbl` pin fixtures (reference §3.1) into the matrix model: whole `.tbl` files, and
/// fixtures embedded in Swift multi-line string literals.
///
/// The grammar is the library's `parseSpec`, exactly: the text is split at `\n`; everything
/// from the first `#` of a line is a comment; a line is trimmed of spaces and tabs and skipped
/// when empty; its first word (words are split at spaces and tabs) selects `machine`,
/// `initial`, `states` or `actions`, and any other first word makes the line a row,
/// `Name | CELL | CELL`, split at every `|`. A cell is `IGNORE`, `HANDLE`, `UNREACHABLE`,
/// `GO(Target, Effect, …)`, `EMIT(Effect, …)` or `DELEGATE(child)`, whose contents are split
/// at every comma (no nesting), trimmed, with empty pieces dropped.
///
/// Where the library's parser stops with an error, tablint files a `tablint::fixture-syntax`
/// problem in the parser's words, and goes on reading: every problem in a fixture is reported
/// at once. It also files what the lenient parser lets through or crashes on (a trailing `|`,
/// `machine` or `initial` without a name, `\r\n` line endings, …). A fixture is read into a
/// matrix whenever its `machine`, `states` and `actions` lines can be read; a cell the parser
/// would reject is kept in the model as an unknown cell, so its row keeps its width. The
/// checks the model supports (missing-row, row-arity, unknown-state, empty-emit,
/// duplicate-name, the lints) are left to the rules, as on every other surface.
///
/// An embedded fixture is a `"""` (or raw `#"""`) literal whose first line that is neither
/// blank nor a comment starts with the word `machine`. Its value is computed as Swift computes
/// it, and every position maps back to the bytes of the Swift file. A literal with an
/// interpolation cannot be read (its text is only known at run time): when it starts like a
/// fixture, it is reported under `tablint::unreadable-matrix` and nothing in it is checked.
public enum FixtureReader {
    public static let syntaxCode = "tablint::fixture-syntax"

    /// A whole `.tbl` file.
    public static func read(_ file: SourceFile) -> MatrixReading {
        var parser = FixtureParser(text: FixtureText(file: file.bytes), file: file, range: 0..<file.bytes.count)
        return parser.parse()
    }

    /// Every fixture embedded in a multi-line string literal of a Swift file.
    public static func readEmbedded(_ tokens: SignificantTokens) -> MatrixReading {
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

/// Reads one fixture's text.
private struct FixtureParser {
    let text: FixtureText
    let file: SourceFile
    /// The whole fixture in the file: the file, or the string literal.
    let range: Range<Int>
    var problems: [ReadProblem] = []

    init(text: FixtureText, file: SourceFile, range: Range<Int>) {
        self.text = text
        self.file = file
        self.range = range
    }

    /// A word of a line, as a range of the text.
    typealias Word = Range<Int>

    /// A line that is not blank once its comment is cut and it is trimmed.
    struct Line {
        /// The trimmed content, comment cut.
        var content: Range<Int>
        var words: [Word]
    }

    // MARK: Lines and words

    private static let keys = ["machine", "initial", "states", "actions"]
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// Every line that is not blank. A `\r` ending a line (`\r\n` line endings) is cut off, and
    /// the offset of the first is returned, so that it is reported once.
    private static func lines(_ bytes: [UInt8], from start: Int) -> (lines: [Line], firstReturn: Int?) {
        var lines: [Line] = []
        var firstReturn: Int?
        var lineStart = start
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var end = lineStart
            while end < lineEnd, bytes[end] != UInt8(ascii: "#") { end += 1 }
            if end == lineEnd, end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") {
                // `\r\n`: the library keeps the `\r` in the line. Reported once, then read past.
                firstReturn = firstReturn ?? (end - 1)
                end -= 1
            }
            var first = lineStart
            while first < end, isBlank(bytes[first]) { first += 1 }
            while end > first, isBlank(bytes[end - 1]) { end -= 1 }
            if first < end { lines.append(Line(content: first..<end, words: words(bytes, first..<end))) }
            lineStart = lineEnd + 1
        }
        return (lines, firstReturn)
    }

    private static func words(_ bytes: [UInt8], _ range: Range<Int>) -> [Word] {
        var words: [Word] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, isBlank(bytes[index]) { index += 1 }
            let start = index
            while index < range.upperBound, !isBlank(bytes[index]) { index += 1 }
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
        let lines = lines(text.bytes, from: 0).lines
        guard let first = lines.first, text.string(first.words[0]) == "machine" else { return false }
        if partial { return first.words.count <= 2 }
        return first.words.count == 2
            && lines.contains { ["states", "actions"].contains(text.string($0.words[0])) }
    }

    /// The name on a text's first line, if it is `machine <Name>`.
    static func machineName(_ text: FixtureText) -> String? {
        guard let first = lines(text.bytes, from: 0).lines.first, first.words.count >= 2,
            text.string(first.words[0]) == "machine"
        else { return nil }
        return text.string(first.words[1])
    }

    // MARK: Reading

    mutating func parse() -> MatrixReading {
        let bytes = text.bytes
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            report(0..<3, "the fixture starts with a byte order mark, which the library reads as part of the first word; expected plain UTF-8 without one")
            start = 3
        }
        let (lines, firstReturn) = Self.lines(bytes, from: start)
        if let offset = firstReturn {
            report(offset..<(offset + 1), "line ends with `\\r` (`\\r\\n` line endings); the library splits lines at `\\n` only and keeps the `\\r` as part of the line's last word, so the fixture does not read; expected `\\n` line endings")
        }

        // The last line of each key: a repeated key overwrites, as in the library.
        var headers: [String: Line] = [:]
        var rowLines: [Line] = []
        var firstRowIndex: Int?
        var lastHeaderIndex: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let key = word(line.words[0])
            guard Self.keys.contains(key) else {
                if !bytes[line.content].contains(UInt8(ascii: "|")) {
                    reportNotALine(line, key)
                    continue
                }
                firstRowIndex = firstRowIndex ?? index
                rowLines.append(line)
                continue
            }
            if let earlier = headers[key] {
                report(line.words[0], "`\(key)` is declared again; the library keeps only the last `\(key)` line and drops the one at line \(lineNumber(earlier.content.lowerBound)); expected one `\(key)` line")
            }
            headers[key] = line
            lastHeaderIndex[key] = index
            if key == "machine" || key == "initial" {
                checkSingleName(line, key)
            }
        }
        if let firstRow = firstRowIndex {
            for key in ["states", "actions"] {
                guard let headerIndex = lastHeaderIndex[key], headerIndex > firstRow, let header = headers[key] else { continue }
                let row = lines[firstRow]
                report(row.content, "row `\(rowName(row))` comes before the `\(key)` line (line \(lineNumber(header.content.lowerBound))); the library checks each row against the `states` and `actions` lines above it, so it rejects this row; expected the header lines first")
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
            report(
                headers["machine"]?.words[0] ?? (start..<start),
                "\(which) has no \(list) line; expected `machine <Name>`, `initial <State>`, `states <Name> …` and `actions <Name> …` before the rows (the library requires `machine` and `initial`; without `states` and `actions` the rows cannot be checked)")
        }
        let actions = headers["actions"].map { $0.words.dropFirst().map(name) } ?? []
        // Rows are read even when the matrix cannot be, so their cells' problems are reported.
        let rows = rowLines.map { readRow($0, actions: actions) }
        guard let machine, let statesHeader = headers["states"], let actionsHeader = headers["actions"] else {
            return MatrixReading(problems: problems)
        }
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
        let matrix = Matrix(
            surface: .fixture, range: range, machine: machine,
            states: states, statesRange: text.source(statesHeader.content),
            actions: actions, actionsRange: text.source(actionsHeader.content),
            rows: rows, rowsRange: rowsRange, initial: initial)
        return MatrixReading(matrices: [matrix], problems: problems)
    }

    /// `machine` and `initial` take exactly one name.
    private mutating func checkSingleName(_ line: Line, _ key: String) {
        let what = key == "machine" ? "name" : "state"
        let example = key == "machine" ? "machine Timer" : "initial Idle"
        if line.words.count < 2 {
            report(line.words[0], "`\(key)` has no \(what); expected `\(example)` (the library's parser crashes on this line)")
        } else if line.words.count > 2 {
            let extra = line.words[2].lowerBound..<line.words[line.words.count - 1].upperBound
            report(extra, "`\(key)` takes one \(what), found \(line.words.count - 1): `\(text.string(line.words[1].lowerBound..<extra.upperBound))`; the library keeps `\(word(line.words[1]))` and ignores the rest")
        }
    }

    /// A line that is not a header and has no `|`: the library reads it as a row with no cells.
    private mutating func reportNotALine(_ line: Line, _ key: String) {
        let shown = shortened(text.string(line.content))
        let header = Self.keys.contains(key.lowercased())
            ? "`\(key)` is not a header key (keys are lower case: `\(key.lowercased())`)"
            : "`\(shortened(key))` is not a header key (`machine`, `initial`, `states`, `actions`)"
        report(line.content, "`\(shown)` is neither a header nor a row: \(header), and a row needs a `|` (`State | CELL | …`); the library reads it as a row with no cells")
    }

    // MARK: Rows and cells

    private mutating func readRow(_ line: Line, actions: [Name]) -> Row {
        let bytes = text.bytes
        var parts: [Range<Int>] = []
        var partStart = line.content.lowerBound
        for index in line.content where bytes[index] == UInt8(ascii: "|") {
            parts.append(partStart..<index)
            partStart = index + 1
        }
        parts.append(partStart..<line.content.upperBound)

        let labelRange = trim(parts[0])
        var label: Name?
        if labelRange.isEmpty {
            report(parts[0].upperBound..<(parts[0].upperBound + 1), "row has no state name before its first `|`; expected `State | CELL | …`")
        } else {
            label = name(labelRange)
        }
        let rowName = label?.text ?? "row"
        var cellParts = Array(parts.dropFirst())
        if cellParts.count >= 1, trim(cellParts[cellParts.count - 1]).isEmpty {
            // The line was trimmed, so an empty last part means the line ends with `|`.
            let pipe = cellParts[cellParts.count - 1].lowerBound - 1
            report(pipe..<(pipe + 1), "row `\(rowName)` ends with `|`; the library reads an empty cell after it and rejects the fixture (unknown cell ``); expected no `|` after the last cell")
            cellParts.removeLast()
        }
        let cells = cellParts.enumerated().map { column, part in
            readCell(part, at: "(\(rowName), \(column < actions.count ? actions[column].text : "column \(column + 1)"))")
        }
        return Row(range: text.source(line.content), cells: cells, label: label)
    }

    private static let expectedCells = "IGNORE, HANDLE, UNREACHABLE, GO(..), EMIT(..), DELEGATE(..)"

    private mutating func readCell(_ part: Range<Int>, at place: @autoclosure () -> String) -> Cell {
        let range = trim(part)
        let source = text.source(range)
        guard !range.isEmpty else {
            report(part.lowerBound..<part.lowerBound, "empty cell at \(place()), between two `|`; expected one of \(Self.expectedCells)")
            return Cell(.unknown(written: "", reason: "an empty cell"), source)
        }
        let written = text.string(range)
        switch written {
        case "IGNORE": return Cell(.ignore, source)
        case "HANDLE": return Cell(.handle, source)
        case "UNREACHABLE": return Cell(.unreachable, source)
        default: break
        }
        for constructor in ["GO", "EMIT", "DELEGATE"] {
            let opener = constructor.utf8.count + 1
            guard range.count > opener, text.bytes[range.lowerBound..<(range.lowerBound + opener)].elementsEqual((constructor + "(").utf8),
                text.bytes[range.upperBound - 1] == UInt8(ascii: ")")
            else { continue }
            let pieces = self.pieces((range.lowerBound + opener)..<(range.upperBound - 1))
            switch constructor {
            case "GO":
                guard let target = pieces.first else {
                    report(range, "`\(written)` at \(place()): GO() needs a target; expected `GO(State)` or `GO(State, Effect, …)`")
                    return Cell(.unknown(written: written, reason: "GO() needs a target"), source)
                }
                return Cell(.go(target: name(target), effects: pieces.dropFirst().map(name), arguments: nil), source)
            case "EMIT":
                return Cell(.emit(effects: pieces.map(name)), source)
            default:
                guard let child = pieces.first else {
                    report(range, "`\(written)` at \(place()): DELEGATE() needs a child; expected `DELEGATE(child)`")
                    return Cell(.unknown(written: written, reason: "DELEGATE() needs a child"), source)
                }
                if pieces.count > 1 {
                    let extra = pieces[1].lowerBound..<pieces[pieces.count - 1].upperBound
                    report(extra, "`\(written)` at \(place()) names \(pieces.count) children; the library delegates to `\(word(child))` and ignores the rest; expected `DELEGATE(child)`")
                }
                return Cell(.delegate(child: name(child)), source)
            }
        }
        let shown = shortened(written)
        let cased = Self.isCellSpelledInOtherCase(written) ? " (cells are written in upper case)" : ""
        report(range, "unknown cell `\(shown)` at \(place()); expected \(Self.expectedCells)\(cased)")
        return Cell(.unknown(written: written, reason: nil), source)
    }

    private static func isCellSpelledInOtherCase(_ written: String) -> Bool {
        let upper = written.uppercased()
        guard upper != written else { return false }
        return ["IGNORE", "HANDLE", "UNREACHABLE"].contains(upper)
            || ["GO(", "EMIT(", "DELEGATE("].contains { upper.hasPrefix($0) && upper.hasSuffix(")") }
    }

    /// A cell's contents split at every comma, trimmed, empty pieces dropped.
    private func pieces(_ range: Range<Int>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where text.bytes[index] == UInt8(ascii: ",") {
            pieces.append(trim(start..<index))
            start = index + 1
        }
        pieces.append(trim(start..<range.upperBound))
        return pieces.filter { !$0.isEmpty }
    }

    // MARK: Helpers

    private func trim(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, Self.isBlank(text.bytes[start]) { start += 1 }
        while end > start, Self.isBlank(text.bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    private func word(_ range: Range<Int>) -> String { text.string(range) }

    private func name(_ range: Range<Int>) -> Name { Name(text.string(range), text.source(range)) }

    private func rowName(_ line: Line) -> String {
        var end = line.content.lowerBound
        while end < line.content.upperBound, text.bytes[end] != UInt8(ascii: "|") { end += 1 }
        return text.string(trim(line.content.lowerBound..<end))
    }

    private func lineNumber(_ offset: Int) -> Int {
        file.location(of: text.source(offset..<offset).lowerBound).line
    }

    private mutating func report(_ range: Range<Int>, _ message: String) {
        problems.append(ReadProblem(code: FixtureReader.syntaxCode, range: text.source(range), message: message))
    }
}
