/// Reads every `@Machine enum` in a Swift file, the way the library's `MachineSyntax` does:
/// nested `enum S`, `enum A` and optional `enum F` (cases in declaration order), `static let
/// initial`, one `@Row(.state) static let x = [cells]` per state in source order, and `@Path`
/// attributes beside `@Machine`. What the library would reject is filed as a problem with its
/// wording; what it would silently drop (`@Path` in the body, say) is filed as a warning.
enum MachineEnumReader {
    static let syntaxCode = "tablint::machine-syntax"
    static let ignoredPathCode = "tablint::ignored-path"

    static func read(_ tokens: SignificantTokens) -> MatrixReading {
        var reading = MatrixReading()
        var readEnums = Set<Int>()
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard tokens.kind(index) == .atSign, tokens.kind(index + 1) == .identifier,
                tokens.isText(index + 1, "Machine"), tokens[index + 1].start == tokens[index].end
            else { continue }
            var attributes = tokens.attributes(before: index)
            var (_, declaration) = tokens.attributes(from: index, into: &attributes)
            // `class` is also a modifier (`class func`): in `final class Window` it is the
            // declaration's kind, and `Window` its name.
            if let name = declaration, name > 0, tokens.kind(name) == .identifier, tokens.isText(name - 1, "class") {
                declaration = name - 1
            }
            guard let keyword = declaration, tokens.isText(keyword, "enum") else {
                let found = declaration.map { "`\(tokens.text($0))`" } ?? "nothing"
                reading.problems.append(ReadProblem(
                    code: syntaxCode, range: tokens.range(index..<(index + 2)),
                    message: "@Machine attaches to an `enum`; found \(found). See tabular-center-swift/macros/SURFACE.md"))
                continue
            }
            guard readEnums.insert(keyword).inserted else { continue }
            var reader = MachineReader(tokens: tokens, attributes: attributes, keyword: keyword)
            // Appended in place: `reading + …` copied every matrix read so far, once per enum.
            let enumReading = reader.read()
            reading.matrices += enumReading.matrices
            reading.problems += enumReading.problems
        }
        return reading
    }
}

/// An attribute as written: `@Name` or `@Name(arguments)`, as significant-token indices.
struct Attribute {
    var atSign: Int
    var name: Int
    /// The `(` of its arguments, if it has any.
    var arguments: Int?
    /// The last token of the attribute.
    var end: Int
}

extension SignificantTokens {
    /// Declaration modifiers that may sit between attributes and the declaration keyword.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "indirect",
        "nonisolated", "static", "class", "override", "mutating", "nonmutating", "dynamic", "lazy",
        "weak", "unowned", "required", "convenience", "optional", "prefix", "postfix", "infix",
    ]

    /// The attribute written at `atSign`, if one is: `@Name` or `@Name(…)` with the `(` glued on.
    func attribute(at atSign: Int) -> Attribute? {
        guard kind(atSign) == .atSign, kind(atSign + 1) == .identifier || kind(atSign + 1) == .keyword else { return nil }
        if kind(atSign + 2) == .leftParen, tokens[atSign + 2].start == tokens[atSign + 1].end,
            partner[atSign + 2] > atSign + 2
        {
            return Attribute(atSign: atSign, name: atSign + 1, arguments: atSign + 2, end: partner[atSign + 2])
        }
        return Attribute(atSign: atSign, name: atSign + 1, arguments: nil, end: atSign + 1)
    }

    /// The attributes written before the one at `atSign`, walking back over modifiers too.
    func attributes(before atSign: Int) -> [Attribute] {
        var found: [Attribute] = []
        var index = atSign - 1
        while index >= 0 {
            if kind(index) == .identifier || kind(index) == .keyword {
                if kind(index - 1) == .atSign, let attribute = attribute(at: index - 1), attribute.end == index {
                    found.insert(attribute, at: 0)
                    index -= 2
                    continue
                }
                if Self.modifiers.contains(text(index)) {
                    index -= 1
                    continue
                }
            }
            if kind(index) == .rightParen, partner[index] >= 2, kind(partner[index] - 2) == .atSign,
                let attribute = attribute(at: partner[index] - 2), attribute.end == index
            {
                found.insert(attribute, at: 0)
                index = partner[index] - 3
                continue
            }
            break
        }
        return found
    }

    /// From `index`, the attributes and modifiers up to the declaration keyword; returns the
    /// index after them and the keyword's index (nil if something else comes first).
    func attributes(from index: Int, into found: inout [Attribute]) -> (Int, Int?) {
        var index = index
        while index < count {
            if let attribute = attribute(at: index) {
                found.append(attribute)
                index = attribute.end + 1
            } else if (kind(index) == .identifier || kind(index) == .keyword), Self.modifiers.contains(text(index)),
                kind(index + 1) == .identifier || kind(index + 1) == .keyword || kind(index + 1) == .atSign
            {
                index += 1
            } else {
                return (index, kind(index) == .keyword || kind(index) == .identifier ? index : nil)
            }
        }
        return (index, nil)
    }

    func attributeName(_ attribute: Attribute) -> String { text(attribute.name) }

    func text(of attribute: Attribute) -> String { text(from: attribute.atSign, through: attribute.end) }

    /// `.name`, exactly: a period glued to a name. Returns the name.
    func memberReference(_ element: Range<Int>) -> Name? {
        guard element.count == 2, kind(element.lowerBound) == .period,
            kind(element.lowerBound + 1) == .identifier || kind(element.lowerBound + 1) == .keyword
        else { return nil }
        return Name(Self.unticked(text(element.lowerBound + 1)), range(element))
    }

    /// `.name` or `.name(arguments)`: the name, and the arguments' text if there are any.
    func memberCall(_ element: Range<Int>) -> (name: Name, arguments: String?)? {
        if let reference = memberReference(element) { return (reference, nil) }
        let open = element.lowerBound + 2
        guard element.count > 2, let reference = memberReference(element.lowerBound..<open),
            kind(open) == .leftParen, partner[open] == element.upperBound - 1
        else { return nil }
        return (Name(reference.text, range(element)), text(open..<element.upperBound))
    }

    /// An element without a type qualifier before its last `.name`: `S.x`, `Self.S.x` and
    /// `TabularCenter.Cell.go(…)` become `.x` and `.go(…)`, as the library matches names by
    /// their last component. Unchanged when there is no qualifier.
    func droppingQualifier(_ element: Range<Int>) -> Range<Int> {
        var start = element.lowerBound
        func isName(_ index: Int) -> Bool { kind(index) == .identifier || kind(index) == .keyword }
        while start + 2 < element.upperBound {
            if isName(start), kind(start + 1) == .period, isName(start + 2) {
                start += 1
            } else if kind(start) == .period, isName(start + 1), kind(start + 2) == .period, start + 3 < element.upperBound {
                start += 2
            } else {
                break
            }
        }
        return start..<element.upperBound
    }

    static func unticked(_ name: String) -> String {
        name.count >= 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// An element without its `label:` prefix, if it has one.
    func unlabelled(_ element: Range<Int>) -> Range<Int> {
        element.count >= 3 && kind(element.lowerBound + 1) == .colon
            && (kind(element.lowerBound) == .identifier || kind(element.lowerBound) == .keyword)
            ? (element.lowerBound + 2)..<element.upperBound : element
    }

    func label(of element: Range<Int>) -> String? {
        element.count >= 3 && kind(element.lowerBound + 1) == .colon ? text(element.lowerBound) : nil
    }

    /// Whether token `index` starts a later line than token `previous` ends on.
    func startsNewLine(_ index: Int, after previous: Int) -> Bool {
        file.lines.lineIndex(of: tokens[index].start) != file.lines.lineIndex(of: tokens[previous].end)
    }

    /// The index after the expression starting at `start`: it runs to the end of its line,
    /// over bracket pairs, and on across a line break only where the next line continues it
    /// (`.map …`, an operator). Stops at `;` and at `limit`.
    func expressionEnd(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit {
            if kind(index) == .semicolon { return index }
            if index > start, startsNewLine(index, after: index - 1) {
                let continues = kind(index) == .period || kind(index) == .operator || kind(index - 1) == .operator
                    || kind(index - 1) == .equal
                if !continues { return index }
            }
            if partner[index] > index { index = partner[index] }
            index += 1
        }
        return min(index, limit)
    }
}

/// Reads one `@Machine enum`.
private struct MachineReader {
    let tokens: SignificantTokens
    let attributes: [Attribute]
    let keyword: Int
    var problems: [ReadProblem] = []

    init(tokens: SignificantTokens, attributes: [Attribute], keyword: Int) {
        self.tokens = tokens
        self.attributes = attributes
        self.keyword = keyword
    }

    struct EnumCase {
        var name: Name
        var fields: [(label: String?, type: String, range: Range<Int>)]
    }

    struct RowDeclaration {
        var attribute: Attribute
        var label: Name?
        var value: Range<Int>?
        var range: Range<Int>
    }

    mutating func read() -> MatrixReading {
        guard tokens.kind(keyword + 1) == .identifier else { return MatrixReading() }
        let machine = Name(SignificantTokens.unticked(tokens.text(keyword + 1)), tokens[keyword + 1].range)
        var open = keyword + 2
        while open < tokens.count, tokens.kind(open) != .leftBrace {
            if tokens.kind(open) == .semicolon || tokens.kind(open) == .rightBrace { return MatrixReading() }
            open += 1
        }
        // An unterminated string or comment inside is a `tablint::syntax` error already, and
        // everything after it is read in the wrong mode: say nothing more.
        if open < tokens.count, tokens.hasUnterminatedConstruct(inside: open) { return MatrixReading() }
        guard open < tokens.count, tokens.partner[open] > open else {
            return MatrixReading(problems: [syntax(machine.range, "@Machine: the body of `\(machine.text)` has no closing `}`")])
        }
        let close = tokens.partner[open]

        var states: [EnumCase]?, statesRange = 0..<0
        var actions: [EnumCase]?, actionsRange = 0..<0
        var effects: [EnumCase]?
        var initial: Name?
        var sawInitial = false
        var rows: [RowDeclaration] = []
        var pending: [Attribute] = []
        var handlePrototype: Range<Int>?
        var handleEffects: Range<Int>?

        var index = open + 1
        while index < close {
            if let attribute = tokens.attribute(at: index) {
                pending.append(attribute)
                index = attribute.end + 1
                continue
            }
            let kind = tokens.kind(index)
            if kind == .keyword, tokens.isText(index, "enum"), tokens.kind(index + 1) == .identifier {
                reportIgnoredPaths(pending, machine)
                pending = []
                let name = tokens.text(index + 1)
                var body = index + 2
                while body < close, tokens.kind(body) != .leftBrace { body += 1 }
                guard body < close, tokens.partner[body] > body else { break }
                let range = tokens.range(from: index, through: tokens.partner[body])
                switch name {
                case "S": states = cases(in: body); statesRange = range
                case "A": actions = cases(in: body); actionsRange = range
                case "F": effects = cases(in: body)
                default: break
                }
                index = tokens.partner[body] + 1
                continue
            }
            if kind == .keyword, tokens.isText(index, "let") || tokens.isText(index, "var") {
                let end = tokens.expressionEnd(from: index, limit: close)
                let declaration = index..<end
                if let row = pending.first(where: { tokens.attributeName($0) == "Row" }) {
                    // `@Row(.a) static let a = [...], b = [...]`: the library reads the first
                    // binding as the row and leaves the others alone, as any other member.
                    rows.append(rowDeclaration(row, bindings(declaration)[0]))
                } else if tokens.isText(index + 1, "initial") {
                    // The library finds `initial` by its name, `static` or not.
                    sawInitial = true
                    initial = readInitial(declaration)
                }
                reportIgnoredPaths(pending, machine)
                pending = []
                index = max(end, index + 1)
                continue
            }
            if kind == .keyword || kind == .identifier, !SignificantTokens.modifiers.contains(tokens.text(index)) {
                // The first `func handle(…)` is the prototype the generator copies onto members.
                if handlePrototype == nil, tokens.isText(index, "func"), tokens.isText(index + 1, "handle") {
                    handlePrototype = tokens.range(from: pending.first?.atSign ?? index, through: index + 1)
                    handleEffects = effectSpecifiers(afterHandle: index + 1, limit: close)
                }
                reportIgnoredPaths(pending, machine)
                pending = []
            }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
        reportIgnoredPaths(pending, machine)

        let missing = [("S", states == nil), ("A", actions == nil)].filter(\.1).map(\.0)
        for name in missing {
            problems.append(syntax(
                machine.range,
                "@Machine: `\(machine.text)` has no nested `enum \(name)`; states, actions and effects are read from `S`, `A` and `F`"))
        }
        if !sawInitial {
            problems.append(syntax(
                machine.range,
                "@Machine: `\(machine.text)` has no `static let initial`; the macro cannot guess which state a machine starts in"))
        }
        let paths = readPaths(machine)
        guard let states, let actions else { return MatrixReading(problems: problems) }

        var readRows: [Row] = []
        for row in rows { readRows.append(readRow(row)) }
        let rowsRange: Range<Int>
        if let first = rows.first, let last = rows.last {
            rowsRange = first.range.lowerBound..<last.range.upperBound
        } else {
            rowsRange = tokens[close].range
        }
        var matrix = Matrix(
            surface: .machineEnum, range: tokens.range(from: attributes.first?.atSign ?? keyword, through: close),
            machine: machine, states: states.map(\.name), statesRange: statesRange,
            actions: actions.map(\.name), actionsRange: actionsRange, rows: readRows, rowsRange: rowsRange,
            initial: initial)
        matrix.effects = (effects ?? []).map(\.name)
        matrix.payloads = states.flatMap { state in
            state.fields.map { Payload(state: state.name.text, field: $0.label, type: $0.type, range: $0.range) }
        }
        matrix.paths = paths
        matrix.handlePrototype = handlePrototype
        matrix.handleEffects = handleEffects
        return MatrixReading(matrices: [matrix], problems: problems)
    }

    /// `async`, `throws`, `throws(E)`, `rethrows` after `func handle`'s parameters, first to last.
    private func effectSpecifiers(afterHandle name: Int, limit: Int) -> Range<Int>? {
        var parameters = name + 1
        while parameters < limit, tokens.kind(parameters) != .leftParen, tokens.kind(parameters) != .leftBrace { parameters += 1 }
        guard parameters < limit, tokens.kind(parameters) == .leftParen, tokens.partner[parameters] > parameters else { return nil }
        var index = tokens.partner[parameters] + 1
        var last: Int?
        while index < limit, ["async", "throws", "rethrows"].contains(where: { tokens.isText(index, $0) }) {
            last = index
            if tokens.isText(index, "throws"), tokens.kind(index + 1) == .leftParen, tokens.partner[index + 1] > index + 1 {
                last = tokens.partner[index + 1]
            }
            index = last! + 1
        }
        guard let last else { return nil }
        return tokens.range(from: tokens.partner[parameters] + 1, through: last)
    }

    private func syntax(_ range: Range<Int>, _ message: String) -> ReadProblem {
        ReadProblem(code: MachineEnumReader.syntaxCode, range: range, message: message)
    }

    /// The bindings of a `let`/`var` declaration, split at its top-level commas: the first
    /// starts at the keyword, each later one at its name. Never empty.
    private func bindings(_ declaration: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = declaration.lowerBound
        var index = declaration.lowerBound
        while index < declaration.upperBound {
            if tokens.kind(index) == .comma {
                found.append(start..<index)
                start = index + 1
            } else if tokens.partner[index] > index {
                index = tokens.partner[index]
            }
            index += 1
        }
        if start < declaration.upperBound || found.isEmpty { found.append(start..<declaration.upperBound) }
        return found
    }

    // MARK: Cases

    /// The cases of a nested enum, in declaration order, across every `case` line.
    private func cases(in body: Int) -> [EnumCase] {
        var found: [EnumCase] = []
        let close = tokens.partner[body]
        var index = body + 1
        while index < close {
            guard tokens.kind(index) == .keyword, tokens.isText(index, "case") else {
                if tokens.partner[index] > index { index = tokens.partner[index] }
                index += 1
                continue
            }
            index += 1
            while index < close, tokens.kind(index) == .identifier || tokens.kind(index) == .keyword {
                let name = Name(SignificantTokens.unticked(tokens.text(index)), tokens[index].range)
                index += 1
                var fields: [(label: String?, type: String, range: Range<Int>)] = []
                if tokens.kind(index) == .leftParen, let elements = tokens.elements(inside: index) {
                    for element in elements where !element.isEmpty {
                        var typeStart = element.lowerBound
                        var label: String?
                        if let colon = element.first(where: { tokens.kind($0) == .colon }), colon > element.lowerBound {
                            label = tokens.text(colon - 1)
                            typeStart = colon + 1
                        }
                        fields.append((label, tokens.text(typeStart..<element.upperBound), tokens.range(element)))
                    }
                    index = tokens.partner[index] + 1
                }
                found.append(EnumCase(name: name, fields: fields))
                if tokens.kind(index) == .equal {  // a raw value: skip it
                    index += 1
                    while index < close, tokens.kind(index) != .comma, !tokens.startsNewLine(index, after: index - 1) {
                        if tokens.partner[index] > index { index = tokens.partner[index] }
                        index += 1
                    }
                }
                guard tokens.kind(index) == .comma else { break }
                index += 1
            }
        }
        return found
    }

    // MARK: initial

    /// `static let initial = S.x`, `.x`, `.x(args)`: only the case name is kept.
    private mutating func readInitial(_ declaration: Range<Int>) -> Name? {
        guard let equal = declaration.first(where: { tokens.kind($0) == .equal }) else {
            problems.append(syntax(tokens.range(declaration), "@Machine: `static let initial` needs a value, as in `static let initial = S.idle`; found nothing"))
            return nil
        }
        var value = (equal + 1)..<declaration.upperBound
        // `S.x` / `Self.S.x`: drop the type qualifier, keeping `.x`.
        value = tokens.droppingQualifier(value)
        if let (name, _) = tokens.memberCall(value) {
            return Name(name.text, tokens.range(value))
        }
        problems.append(syntax(
            tokens.range((equal + 1)..<declaration.upperBound),
            "@Machine: `static let initial` must name a state, as in `S.idle` or `.idle`; found \(tokens.describe((equal + 1)..<declaration.upperBound))"))
        return nil
    }

    // MARK: Rows

    private mutating func rowDeclaration(_ attribute: Attribute, _ declaration: Range<Int>) -> RowDeclaration {
        var label: Name?
        if let open = attribute.arguments, let arguments = tokens.elements(inside: open), let first = arguments.first {
            // The library ignores the label (`@Row(state: .x)`) and a qualifier (`@Row(S.x)`).
            label = tokens.memberReference(tokens.droppingQualifier(tokens.unlabelled(first)))
        }
        if label == nil {
            problems.append(syntax(
                tokens.range(attribute.atSign..<(attribute.end + 1)),
                "@Row: expected the state it belongs to, as in `@Row(.locked)`, found `\(SignificantTokens.shorten(tokens.text(of: attribute)))`"))
        }
        let equal = declaration.first(where: { tokens.kind($0) == .equal })
        let value = equal.map { ($0 + 1)..<declaration.upperBound }
        return RowDeclaration(
            attribute: attribute, label: label, value: value,
            range: tokens.range(from: attribute.atSign, through: max(attribute.end, declaration.upperBound - 1)))
    }

    private mutating func readRow(_ declaration: RowDeclaration) -> Row {
        let prefix = declaration.label.map { "@Row(.\($0.text))" } ?? "@Row"
        guard let value = declaration.value, let cells = tokens.arrayElements(value) ?? emptyArray(value) else {
            let found = declaration.value.map { tokens.describe($0) } ?? "nothing"
            problems.append(syntax(
                declaration.value.map { tokens.range($0) } ?? tokens.range(declaration.attribute.atSign..<(declaration.attribute.end + 1)),
                "\(prefix): expected an array literal of cells, found \(found)"))
            return Row(range: declaration.range, cells: [], label: declaration.label, isReadable: false)
        }
        return Row(
            range: tokens.range(value), cells: cells.map { cell($0) },
            label: declaration.label, isReadable: declaration.label != nil)
    }

    private func emptyArray(_ value: Range<Int>) -> [Range<Int>]? {
        value.count == 2 && tokens.kind(value.lowerBound) == .leftBracket && tokens.partner[value.lowerBound] == value.lowerBound + 1
            ? [] : nil
    }

    /// One cell, as `MachineSyntax.cell` reads it: by the last name component (`Cell.go(.x)`
    /// is `.go(.x)`), arguments by position with their labels ignored. Anything else is an
    /// unknown cell with the syntax reader's reason.
    private func cell(_ element: Range<Int>) -> Cell {
        let range = tokens.range(element)
        func unknown(_ reason: String) -> Cell { Cell(.unknown(written: tokens.text(element), reason: reason), range) }
        // Built only for a cell that is not one: quoting every cell costs more than reading it.
        var notACell: String { "expected a cell, found `\(SignificantTokens.shorten(tokens.text(element)))`" }
        let unqualified = tokens.droppingQualifier(element)
        guard let (constructor, argumentsText) = tokens.memberCall(unqualified) else { return unknown(notACell) }
        let name = constructor.text
        guard argumentsText != nil else {
            switch name {
            case "ignore": return Cell(.ignore, range)
            case "handle": return Cell(.handle, range)
            case "unreachable": return Cell(.unreachable, range)
            case "go": return unknown("`.go` needs the state to go to")
            case "emit": return unknown("`.emit` needs at least one effect")
            case "delegate": return unknown("`.delegate` needs the child machine")
            default:
                return unknown("`.\(name)` is not a cell; expected one of `.ignore`, `.handle`, `.unreachable`, `.go`, `.emit`, `.delegate`")
            }
        }
        let arguments = (tokens.elements(inside: unqualified.lowerBound + 2) ?? []).map { tokens.unlabelled($0) }
        switch name {
        case "go":
            guard let first = arguments.first else { return unknown("`.go` needs the state to go to") }
            guard arguments.count <= 2 else {
                // The library reads no declared state from `.go(.a, .b, .c)`: its
                // `unknown-state`, with what was written as the target.
                let written = first.lowerBound..<arguments[arguments.count - 1].upperBound
                return Cell(.go(target: Name(tokens.text(written), tokens.range(written)), effects: [], arguments: nil), range)
            }
            var effects: [Name] = []
            if arguments.count == 2 {
                guard let read = effectList([arguments[1]]), read.dropped == 0 else { return unknown(notAnEffect(arguments[1])) }
                effects = read.names
            }
            return Cell(.go(target: goTarget(first), effects: effects, arguments: goTargetArguments(first)), range)
        case "emit":
            guard !arguments.isEmpty else { return unknown("`.emit` needs at least one effect") }
            // `.emit(.a, .b)` lists several effects without brackets; a bare name (`.emit(beep)`)
            // is no effect to the library, which then rejects the cell as an empty EMIT.
            guard let effects = effectList(arguments) else { return unknown(notAnEffect(arguments[0])) }
            return Cell(.emit(effects: effects.names), range)
        case "delegate":
            guard arguments.count == 1, let child = tokens.memberReference(tokens.droppingQualifier(arguments[0])) else {
                return unknown("`.delegate` needs the child machine")
            }
            return Cell(.delegate(child: child), range)
        case "ignore", "handle", "unreachable":
            return unknown(notACell)
        default:
            return unknown("`.\(name)` is not a cell; expected one of `.ignore`, `.handle`, `.unreachable`, `.go`, `.emit`, `.delegate`")
        }
    }

    /// A GO target: `.idle`, `S.idle`, `.running(since: 0)`, or a bare `idle` (the library
    /// reads its name too). Anything else (`"idle"`) is read as written, which names no
    /// declared state: the library's `unknown-state`.
    private func goTarget(_ element: Range<Int>) -> Name {
        if let (target, _) = tokens.memberCall(tokens.droppingQualifier(element)) {
            return Name(target.text, tokens.range(element))
        }
        if element.count == 1, tokens.kind(element.lowerBound) == .identifier {
            return Name(SignificantTokens.unticked(tokens.text(element.lowerBound)), tokens.range(element))
        }
        return Name(tokens.text(element), tokens.range(element))
    }

    private func goTargetArguments(_ element: Range<Int>) -> String? {
        tokens.memberCall(tokens.droppingQualifier(element))?.arguments
    }

    /// Effects in the arguments of a cell: each an array literal (`[.e, .f(x: 1)]`) or a single
    /// `.e`. Names without arguments, ranges over the whole effect. A bare name (`beep`) is
    /// no effect to the library: it is dropped and counted. Nil when an item is neither.
    private func effectList(_ arguments: [Range<Int>]) -> (names: [Name], dropped: Int)? {
        var names: [Name] = []
        var dropped = 0
        for argument in arguments {
            for item in tokens.arrayElements(argument) ?? emptyArray(argument) ?? [argument] {
                if let (name, _) = tokens.memberCall(tokens.droppingQualifier(item)) {
                    names.append(Name(name.text, tokens.range(item)))
                } else if item.count == 1, tokens.kind(item.lowerBound) == .identifier {
                    dropped += 1
                } else {
                    return nil
                }
            }
        }
        return (names, dropped)
    }

    private func notAnEffect(_ element: Range<Int>) -> String {
        "expected effects such as `[.startClock]` or `.startClock`, found `\(SignificantTokens.shorten(tokens.text(element)))`"
    }

    // MARK: Paths

    /// `@Path` on the enum's own attribute list. What the library would drop silently is
    /// reported as `tablint::ignored-path` and left out.
    private mutating func readPaths(_ machine: Name) -> [Path] {
        var paths: [Path] = []
        for attribute in attributes where tokens.attributeName(attribute) == "Path" {
            let written = tokens.range(attribute.atSign..<(attribute.end + 1))
            func ignored(_ reason: String) {
                problems.append(ReadProblem(
                    code: MachineEnumReader.ignoredPathCode, range: written,
                    message: "`\(SignificantTokens.shorten(tokens.text(of: attribute)))` \(reason), so the library drops this path without a word"))
            }
            guard let open = attribute.arguments, let arguments = tokens.elements(inside: open), arguments.count >= 2 else {
                ignored("needs a name and a spine, as in `@Path(\"happy\", [.idle, .start, .running])`")
                continue
            }
            guard let name = tokens.stringLiteral(arguments[0]) else {
                ignored("names the path with \(tokens.describe(arguments[0])); expected a plain string literal")
                continue
            }
            guard let spineElements = tokens.arrayElements(arguments[1]) ?? emptyArray(arguments[1]) else {
                ignored("has \(tokens.describe(arguments[1])) as its spine; expected an array literal such as `[.idle, .start, .running]`")
                continue
            }
            var spine: [Name] = []
            for element in spineElements {
                if let reference = tokens.memberReference(element) {
                    spine.append(reference)
                } else {
                    problems.append(ReadProblem(
                        code: MachineEnumReader.ignoredPathCode, range: tokens.range(element),
                        message: "`\(SignificantTokens.shorten(tokens.text(element)))` in the spine of path `\(name.text)` is not a state or action such as `.idle`, so the library drops it without a word"))
                }
            }
            var back: Name?
            for argument in arguments.dropFirst(2) {
                if tokens.label(of: argument) == "back", let action = tokens.memberReference(tokens.unlabelled(argument)) {
                    back = action
                } else {
                    problems.append(ReadProblem(
                        code: MachineEnumReader.ignoredPathCode, range: tokens.range(argument),
                        message: "`\(SignificantTokens.shorten(tokens.text(argument)))` in path `\(name.text)` is not `back:` and an action such as `back: .cancel`, so the library ignores it without a word"))
                }
            }
            paths.append(Path(name: name, spine: spine, back: back, range: written))
        }
        return paths
    }

    private mutating func reportIgnoredPaths(_ pending: [Attribute], _ machine: Name) {
        for attribute in pending where tokens.attributeName(attribute) == "Path" {
            problems.append(ReadProblem(
                code: MachineEnumReader.ignoredPathCode, range: tokens.range(attribute.atSign..<(attribute.end + 1)),
                message: "`@Path` inside the body of `\(machine.text)` attaches to the member after it, so the library ignores it without a word; move it beside `@Machine`"))
        }
    }
}
