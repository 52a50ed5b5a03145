/// Reads every `Table(machine:states:actions:cells:initial:)` literal in a Swift file.
///
/// A call of the library's initialiser is spelled `Table(`, `Table.init(`, qualified
/// (`TabularCenter.Table(`), or `.init(` where the declared type is `Table`
/// (`static let TABLE: Table = .init(machine: …)`). It counts as the library's when its
/// arguments use the library's labels: one labelled `machine:`, `states:`, `actions:`,
/// `cells:` or `initial:` at least, and no other label. Other `Table(` calls (SwiftUI's, an
/// app's own `struct Table`) are not ours. Anything the reader cannot read with confidence
/// (a name that is not a string literal, a row that is a variable, a `map`, labels out of
/// order) makes the whole literal unreadable: it is reported and nothing in it is checked.
/// The reader never guesses.
enum TableLiteralReader {
    static let unreadableCode = "tablint::unreadable-matrix"

    /// The labels of the library's initialiser, in the order Swift requires them.
    static let labels = ["machine", "states", "actions", "cells", "initial"]

    static func read(_ tokens: SignificantTokens) -> MatrixReading {
        var reading = MatrixReading()
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard let (start, opener) = initialiserCall(tokens, at: index), isLibraryCall(tokens, opener: opener) else { continue }
            // An unterminated string or comment inside the call is already a `tablint::syntax`
            // error, and everything after it is read in the wrong mode: say nothing more.
            if tokens.hasUnterminatedConstruct(inside: opener) { continue }
            var call = CallReader(tokens: tokens, name: start, opener: opener)
            switch call.read() {
            case .success(let matrix):
                reading.matrices.append(matrix)
                // A readable literal holds only strings and arrays of them: no call inside.
                index = max(index, tokens.partner[opener])
            case .failure(let problem):
                reading.problems.append(problem)
                index = max(index, opener)
            }
        }
        return reading
    }

    /// If token `index` starts a call of a `Table` initialiser, the call's first token (the
    /// one the matrix's range starts at) and its `(`: `Table(`, `Table.init(`, or `.init(`
    /// right after `: Table =` (the type optionally qualified).
    static func initialiserCall(_ tokens: SignificantTokens, at index: Int) -> (start: Int, opener: Int)? {
        if tokens.kind(index) == .identifier, tokens.isText(index, "Table") {
            // `X.Table` is found at `Table`; the qualifier stays out of the range, as before.
            if tokens.kind(index + 1) == .leftParen { return (index, index + 1) }
            if tokens.kind(index + 1) == .period, tokens.isText(index + 2, "init"), tokens.kind(index + 3) == .leftParen {
                return (index, index + 3)
            }
            return nil
        }
        guard tokens.kind(index) == .period, tokens.isText(index + 1, "init"), tokens.kind(index + 2) == .leftParen,
            startsImplicitMember(tokens, index)
        else { return nil }
        // `: Table = .init(`, or an implicit `.init(` elsewhere (`var TABLE: Table { .init(… }`,
        // a `return`) whose arguments name every part of the library's table.
        if tokens.kind(index - 1) == .equal, declaredTypeIsTable(tokens, before: index - 1) { return (index, index + 2) }
        return namesEveryPart(tokens, opener: index + 2) ? (index, index + 2) : nil
    }

    /// Whether the `.` at `index` starts an implicit member expression (`= .init(`, `{ .init(`,
    /// `return .init(`), not a member of something before it (`Foo.init(`, `self.init(`).
    private static func startsImplicitMember(_ tokens: SignificantTokens, _ index: Int) -> Bool {
        switch tokens.kind(index - 1) {
        case .equal?, .leftParen?, .leftBrace?, .leftBracket?, .comma?, .colon?: return true
        default: return tokens.isText(index - 1, "return")
        }
    }

    /// Whether the call's arguments are labelled `machine:`, `states:`, `actions:` and `cells:`.
    private static func namesEveryPart(_ tokens: SignificantTokens, opener: Int) -> Bool {
        guard let arguments = tokens.elements(inside: opener) else { return false }
        let found = Set(arguments.compactMap { argument in
            argument.count >= 2 && tokens.kind(argument.lowerBound + 1) == .colon ? tokens.text(argument.lowerBound) : nil
        })
        return found.isSuperset(of: labels.dropLast())
    }

    /// Whether the tokens before the `=` at `equal` are `: Table` or `: Some.Qualifier.Table`.
    private static func declaredTypeIsTable(_ tokens: SignificantTokens, before equal: Int) -> Bool {
        var index = equal - 1
        guard tokens.kind(index) == .identifier, tokens.isText(index, "Table") else { return false }
        index -= 1
        while tokens.kind(index) == .period, tokens.kind(index - 1) == .identifier { index -= 2 }
        return tokens.kind(index) == .colon
    }

    /// Whether the arguments in the `(` at `opener` are the library's: at least one library
    /// label, and no other label. Unlabelled arguments beside library labels are the
    /// library's call written wrongly, which is reported.
    static func isLibraryCall(_ tokens: SignificantTokens, opener: Int) -> Bool {
        guard let arguments = tokens.elements(inside: opener) else {
            // Never closed: the library's if its first argument says so.
            return tokens.kind(opener + 2) == .colon && labels.contains(tokens.text(opener + 1))
        }
        var sawLibraryLabel = false
        for argument in arguments {
            guard argument.count >= 2, tokens.kind(argument.lowerBound + 1) == .colon,
                tokens.kind(argument.lowerBound) == .identifier || tokens.kind(argument.lowerBound) == .keyword
            else { continue }
            guard labels.contains(tokens.text(argument.lowerBound)) else { return false }
            sawLibraryLabel = true
        }
        return sawLibraryLabel
    }
}

/// Reads one `Table(...)` call. Each `read…` either returns a value or throws the first thing
/// it cannot read, with its range and what was expected.
private struct CallReader {
    let tokens: SignificantTokens
    let name: Int
    let opener: Int
    var machineName: String?

    init(tokens: SignificantTokens, name: Int, opener: Int) {
        self.tokens = tokens
        self.name = name
        self.opener = opener
    }

    typealias Elements = Range<Int>

    mutating func read() -> Result<Matrix, ReadProblem> {
        Result { try readCall() }.mapError { $0 as! ReadProblem }
    }

    private mutating func readCall() throws -> Matrix {
        guard let arguments = tokens.elements(inside: opener) else {
            throw problem(tokens.range(from: name, through: opener), "its `(` is never closed")
        }
        let closer = tokens.partner[opener]
        let labels = TableLiteralReader.labels
        var values: [String: Elements] = [:]
        for (position, argument) in arguments.enumerated() {
            guard position < labels.count else {
                throw problem(tokens.range(argument), "expected no argument after `initial:`, found \(tokens.describe(argument))")
            }
            let label = labels[position]
            guard argument.count >= 3, tokens.kind(argument.lowerBound + 1) == .colon,
                tokens.text(argument.lowerBound) == label
            else {
                let found = tokens.describe(argument)
                throw problem(
                    argument.isEmpty ? tokens[closer].range : tokens.range(argument),
                    "expected argument \(position + 1) to be `\(label): …` (labels in the order machine, states, actions, cells, initial), found \(found)")
            }
            values[label] = (argument.lowerBound + 2)..<argument.upperBound
        }
        for label in labels.dropLast() where values[label] == nil {
            throw problem(tokens[closer].range, "expected a `\(label):` argument before `)`")
        }
        let machine = try readName(values["machine"]!, what: "the machine name")
        machineName = machine.text
        let states: [Name], statesRange: Range<Int>, actions: [Name], actionsRange: Range<Int>
        do {
            (states, statesRange) = try readNameList(values["states"]!, what: "`states:`")
            (actions, actionsRange) = try readNameList(values["actions"]!, what: "`actions:`")
        } catch var problem as ReadProblem {
            // Computed names above literal rows: the rows can still be aligned.
            if let (rows, _) = try? readRows(values["cells"]!) {
                problem.literalRows = rows
            }
            throw problem
        }
        let (rows, rowsRange) = try readRows(values["cells"]!)
        var initial: Name?
        if let value = values["initial"], !(value.count == 1 && tokens.isText(value.lowerBound, "nil")) {
            initial = try readName(value, what: "`initial:` (a state name or `nil`)")
        }
        return Matrix(
            surface: .tableLiteral, range: tokens.range(from: name, through: closer), machine: machine,
            states: states, statesRange: statesRange, actions: actions, actionsRange: actionsRange,
            rows: rows, rowsRange: rowsRange, initial: initial)
    }

    // MARK: Names

    /// A plain string literal: `"Idle"` or `#"Idle"#`, without interpolation.
    private func readName(_ element: Elements, what: String) throws -> Name {
        if let name = tokens.stringLiteral(element) { return name }
        throw problem(tokens.range(element), "expected \(what) as a string literal, found \(tokens.describe(element))")
    }

    private func readNameList(_ element: Elements, what: String) throws -> ([Name], Range<Int>) {
        guard let items = tokens.arrayElements(element) else {
            throw problem(tokens.range(element), "expected \(what) to be an array literal of string literals, found \(tokens.describe(element))")
        }
        let names = try items.map { try readName($0, what: "each name in \(what)") }
        return (names, tokens.range(element))
    }

    // MARK: Rows and cells

    private func readRows(_ element: Elements) throws -> ([Row], Range<Int>) {
        guard let items = tokens.arrayElements(element) else {
            throw problem(tokens.range(element), "expected `cells:` to be an array literal of rows, found \(tokens.describe(element))")
        }
        // Rows read independently: a big matrix's are read on every core. The first row that
        // cannot be read, in order, is the one reported.
        let read = parallelMap(items.count, minimum: 256) { position -> Result<Row, ReadProblem> in
            let item = items[position]
            guard let cells = tokens.arrayElements(item) else {
                return .failure(problem(tokens.range(item), "expected each row of `cells:` to be an array literal of cells, found \(tokens.describe(item))"))
            }
            return Result { Row(range: tokens.range(item), cells: try cells.map(readCell)) }.mapError { $0 as! ReadProblem }
        }
        let rows = try read.map { try $0.get() }
        return (rows, tokens.range(element))
    }

    /// The library's cell constructors, recognised by their bytes: a matrix has thousands of
    /// cells, and building a `String` per constructor name to compare it was a tenth of a lint.
    private enum Constructor {
        case ignore, handle, unreachable, go, emit, delegate, other

        init(_ tokens: SignificantTokens, _ index: Int) {
            // The length picks the one candidate to compare.
            switch tokens[index].length {
            case 2: self = tokens.isText(index, "go") ? .go : .other
            case 4: self = tokens.isText(index, "emit") ? .emit : .other
            case 6: self = tokens.isText(index, "ignore") ? .ignore : tokens.isText(index, "handle") ? .handle : .other
            case 8: self = tokens.isText(index, "delegate") ? .delegate : .other
            case 11: self = tokens.isText(index, "unreachable") ? .unreachable : .other
            default: self = .other
            }
        }

        /// The labels its arguments take, in order (none for the three without arguments).
        var labels: [StaticString] {
            switch self {
            case .go: return Self.goLabels
            case .emit: return Self.emitLabels
            case .delegate: return Self.delegateLabels
            case .ignore, .handle, .unreachable, .other: return []
            }
        }

        private static let goLabels: [StaticString] = ["target", "effects"]
        private static let emitLabels: [StaticString] = ["effects"]
        private static let delegateLabels: [StaticString] = ["child"]
    }

    /// `.ignore`, `.go(target: "S", effects: ["E"])`, …, optionally qualified as `Cell.ignore`.
    private func readCell(_ element: Elements) throws -> Cell {
        var index = element.lowerBound
        // A qualified constructor, `Cell.ignore` or `TabularCenter.Cell.ignore`: skip the qualifier.
        while tokens.kind(index) == .identifier, tokens.kind(index + 1) == .period { index += 2 }
        if index > element.lowerBound { index -= 1 }
        guard tokens.kind(index) == .period, let kind = tokens.kind(index + 1),
            kind == .identifier || kind == .keyword
        else {
            throw problem(tokens.range(element), "expected a cell such as `.ignore` or `.go(target:effects:)`, found \(tokens.describe(element))")
        }
        let constructor = Constructor(tokens, index + 1)
        // Named only in the reasons of cells that are not the library's.
        var name: String { tokens.text(index + 1) }
        let afterName = index + 2
        let cellRange = tokens.range(element)
        // Quoted only by an unknown cell.
        var written: String { tokens.text(element) }
        if afterName == element.upperBound {
            switch constructor {
            case .ignore: return Cell(.ignore, cellRange)
            case .handle: return Cell(.handle, cellRange)
            case .unreachable: return Cell(.unreachable, cellRange)
            case .go, .emit, .delegate:
                return Cell(.unknown(written: written, reason: "`.\(name)` needs its arguments"), cellRange)
            case .other:
                return Cell(.unknown(written: written, reason: nil), cellRange)
            }
        }
        guard tokens.kind(afterName) == .leftParen, tokens.partner[afterName] == element.upperBound - 1,
            let arguments = tokens.elements(inside: afterName)
        else {
            throw problem(cellRange, "expected a cell such as `.ignore` or `.go(target:effects:)`, found \(tokens.describe(element))")
        }
        switch constructor {
        case .go, .emit, .delegate: break
        case .ignore, .handle, .unreachable:
            return Cell(.unknown(written: written, reason: "`.\(name)` takes no arguments"), cellRange)
        case .other:
            return Cell(.unknown(written: written, reason: nil), cellRange)
        }
        let expectedLabels = constructor.labels
        let labelled = arguments.count == expectedLabels.count && zip(arguments, expectedLabels).allSatisfy { argument, label in
            argument.count >= 3 && tokens.kind(argument.lowerBound + 1) == .colon && tokens.isText(argument.lowerBound, label)
        }
        guard labelled else {
            let labels = expectedLabels.map { "`\($0):`" }.joined(separator: " and ")
            return Cell(.unknown(written: written, reason: "`.\(name)` takes \(labels)"), cellRange)
        }
        func value(_ position: Int) -> Elements { (arguments[position].lowerBound + 2)..<arguments[position].upperBound }
        switch constructor {
        case .go:
            let target = try readName(value(0), what: "the GO target")
            let effects = try readNameList(value(1), what: "`effects:`").0
            return Cell(.go(target: target, effects: effects, arguments: nil), cellRange)
        case .emit:
            return Cell(.emit(effects: try readNameList(value(0), what: "`effects:`").0), cellRange)
        default:
            return Cell(.delegate(child: try readName(value(0), what: "the DELEGATE child")), cellRange)
        }
    }

    // MARK: Helpers

    private func problem(_ range: Range<Int>, _ reason: String) -> ReadProblem {
        let which = machineName.map { "the `Table` of `\($0)`" } ?? "this `Table` literal"
        return ReadProblem(
            code: TableLiteralReader.unreadableCode, range: range,
            message: "cannot read \(which): \(reason); tablint checks nothing else in it")
    }
}

/// Decodes the escapes of a string literal's text, as Swift would; nil for an escape it does
/// not define, so a name is never read wrongly.
enum StringEscapes {
    static func decode(_ text: String, rawPounds: Int) -> String? {
        // Most names hold no backslash: a byte scan says so without Foundation's search.
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let escape = "\\" + String(repeating: "#", count: rawPounds)
        guard text.contains("\\") else { return text }
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: escape) {
            result += rest[..<found.lowerBound]
            rest = rest[found.upperBound...]
            guard let next = rest.first else { return nil }
            rest = rest.dropFirst()
            switch next {
            case "\\": result += "\\"
            case "\"": result += "\""
            case "'": result += "'"
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "u":
                guard rest.first == "{", let close = rest.firstIndex(of: "}"),
                    let value = UInt32(rest[rest.index(after: rest.startIndex)..<close], radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: close)...]
            default:
                return nil
            }
        }
        return result + rest
    }
}

private extension Substring {
    /// `range(of:)` without Foundation, for the short strings of a name.
    func range(of needle: String) -> Range<Substring.Index>? {
        guard !needle.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) {
                return index..<self.index(index, offsetBy: needle.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
