/// Finds the dispatchers in a Swift file: functions whose own `switch` routes a machine's
/// (state, action) pairs, effects or states, recognised from the function's name, its return
/// type and its parameters' types. Recognition is deliberately narrow; `Rules/dispatcher-default.md`
/// states the exact rules. Every scan is a forward walk over the file's significant tokens
/// that jumps bracket pairs through their partners, so the work is linear in the file and no
/// nesting the input controls costs a call frame.
enum DispatcherReader {
    /// Reads every dispatcher in the file. `extraFunctionNames` names more dispatcher functions
    /// (a transition function written for another library, say): every `switch` of such a
    /// function over its own parameters is read as a dispatcher.
    static func read(_ tokens: SignificantTokens, extraFunctionNames: Set<String> = []) -> [Dispatcher] {
        var cache: TypeScopes?
        return read(tokens, scopes: {
            if let cache { return cache }
            let built = TypeScopes(tokens)
            cache = built
            return built
        }, extraFunctionNames: extraFunctionNames)
    }

    /// `scopes` is asked for only when a function with a `switch` in its body is read, so a
    /// file without one never builds them.
    static func read(_ tokens: SignificantTokens, scopes: () -> TypeScopes, extraFunctionNames: Set<String>) -> [Dispatcher] {
        var found: [Dispatcher] = []
        // A function's dispatchers are `switch`es of its body: a function whose body holds no
        // `switch` token has none, so its header is not read (most functions). With the
        // shortcuts off (the differential tests), every header is read as before.
        let shortcuts = tokens.triggers.switches != nil
        let switches = shortcuts ? tokens.triggers.switches ?? [] : []
        if shortcuts && switches.isEmpty { return [] }
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens.kind(index) == .keyword, tokens.isText(index, "func") else { continue }
            if shortcuts && switches.last! <= index { break }  // no `switch` after this `func`
            guard let header = FunctionHeader.read(tokens, at: index, bodyHolds: shortcuts ? switches : nil)
            else { continue }
            let isConfigured = extraFunctionNames.contains(header.name.text)
            // The type scopes (built on first use) only remove parameters whose type is an
            // enclosing type's generic parameter, so every role the function can have is
            // among its other parameters': if those cannot make it a dispatcher, skip it.
            if shortcuts, !FunctionReader.mayDispatch(header, roles: FunctionReader.possibleRoles(header), isConfigured: isConfigured) {
                continue
            }
            let reader = FunctionReader(tokens: tokens, scopes: scopes(), header: header, isConfigured: isConfigured)
            guard reader.mayDispatch else { continue }
            // An unterminated string or comment inside is a `tablint::syntax` error already, and
            // everything after it is read in the wrong mode: say nothing about this function.
            if tokens.hasUnterminatedConstruct(inside: header.body) { continue }
            found += reader.dispatchers()
        }
        return found
    }
}

// MARK: - Types

/// How a parameter type names one of a machine's enums: `S`, `Timer.S` or `TimerS`.
struct MachineType: Equatable {
    enum Spelling: Equatable {
        /// `S`: the enclosing type's own enum.
        case bare
        /// `Timer.S`: the qualifier as written.
        case qualified(String)
        /// `TimerS`: the prefix.
        case fused(String)
    }

    var role: Dispatcher.Role
    var spelling: Spelling

    /// The form of a type written without spaces, or nil if it is not `S`/`A`/`F` in one of
    /// the three spellings.
    init?(_ type: String) {
        guard let last = type.unicodeScalars.last else { return nil }
        switch last {
        case "S": role = .state
        case "A": role = .action
        case "F": role = .effect
        default: return nil
        }
        let prefix = String(type.unicodeScalars.dropLast())
        if prefix.isEmpty {
            spelling = .bare
        } else if prefix.hasSuffix(".") {
            let qualifier = String(prefix.dropLast())
            let parts = qualifier.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ Self.isTypeName($0) }) else { return nil }
            spelling = .qualified(qualifier)
        } else {
            // `TimerS`, but not `GPS`, `HTTPS` or `PDF`: the prefix must end in a lowercase
            // letter or a digit, so an acronym is not read as a machine's enum.
            guard Self.isTypeName(Substring(prefix)), let end = prefix.unicodeScalars.last,
                ("a"..."z").contains(end) || ("0"..."9").contains(end)
            else { return nil }
            spelling = .fused(prefix)
        }
    }

    /// An UpperCamel identifier: `Timer`, `Self`, `Auth2`.
    static func isTypeName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The same spelling for another of the machine's enums: `Timer.S` → `Timer.A`.
    static func spelled(_ spelling: Spelling, _ letter: String) -> String {
        switch spelling {
        case .bare: return letter
        case .qualified(let qualifier): return qualifier + "." + letter
        case .fused(let prefix): return prefix + letter
        }
    }
}

// MARK: - Function headers

/// `func name<…>(parameters) async throws -> Result where … {`: what recognition needs.
struct FunctionHeader {
    struct Parameter {
        var name: String
        /// Without spaces, attributes or `inout`/`borrowing`/`consuming`.
        var type: String
        var isInout = false
    }

    var keyword: Int
    var name: Name
    var parameters: [Parameter]
    /// Without spaces; nil when the function declares none.
    var returnType: String?
    /// The body's `{`.
    var body: Int
    /// Generic parameters constrained to a protocol named `…Cells` (`<C: TimerCells>`).
    var cellsGenerics: Set<String>
    /// The function's generic parameters (`<S, A>`): a parameter of type `S` is then not a
    /// machine's state enum.
    var genericNames: Set<String>

    /// `bodyHolds`, if given, lists token indices in order (the file's `switch` keywords): a
    /// function whose body holds none of them is not read (nil), before its parameters are.
    static func read(_ tokens: SignificantTokens, at keyword: Int, bodyHolds: [Int]? = nil) -> FunctionHeader? {
        let nameIndex = keyword + 1
        guard tokens.kind(nameIndex) == .identifier else { return nil }
        var index = nameIndex + 1
        var genericClause: Range<Int>?
        if tokens.kind(index) == .operator, tokens.startsWith(index, UInt8(ascii: "<")), tokens.text(index).hasPrefix("<") {
            let start = index
            while index < tokens.count, tokens.kind(index) != .leftParen {
                if stopsHeader(tokens, index) { return nil }
                index += 1
            }
            genericClause = start..<index
        }
        guard tokens.kind(index) == .leftParen, tokens.partner[index] > index else { return nil }
        let parameterList = index
        index = tokens.partner[index] + 1
        var arrow: Int?
        var typeEnd: Int?
        while index < tokens.count {
            let kind = tokens.kind(index)
            if kind == .leftBrace { break }
            if kind == .leftParen || kind == .leftBracket {
                guard tokens.partner[index] > index else { return nil }
                index = tokens.partner[index] + 1
                continue
            }
            if stopsHeader(tokens, index) { return nil }
            if kind == .arrow, arrow == nil { arrow = index }
            if kind == .keyword, tokens.isText(index, "where"), typeEnd == nil { typeEnd = index }
            index += 1
        }
        guard index < tokens.count, tokens.partner[index] > index else { return nil }
        if let marks = bodyHolds {
            // The first mark after the `{`, by binary search: inside the body if before its `}`.
            let body = index
            let first = marks.partitionPoint { $0 <= body }
            guard first < marks.count, marks[first] < tokens.partner[body] else { return nil }
        }
        guard let elements = tokens.elements(inside: parameterList) else { return nil }
        let parameters = elements.compactMap { parameter(tokens, $0) }
        let cellsGenerics = genericClause.map { constrainedToCells(tokens, $0) } ?? []
        let genericNames = genericClause.map { declaredGenerics(tokens, $0) } ?? []
        let name = Name(SignificantTokens.unticked(tokens.text(nameIndex)), tokens[nameIndex].range)
        let returnType = arrow.map { compact(tokens, ($0 + 1)..<(typeEnd ?? index)) }
        return FunctionHeader(
            keyword: keyword, name: name, parameters: parameters, returnType: returnType, body: index,
            cellsGenerics: cellsGenerics, genericNames: genericNames)
    }

    /// What cannot be part of a signature, so a requirement without a body is not mistaken
    /// for one whose body is the next declaration's.
    private static func stopsHeader(_ tokens: SignificantTokens, _ index: Int) -> Bool {
        switch tokens.kind(index) {
        case .leftBrace, .rightBrace, .semicolon, .rightParen, .rightBracket, .atSign, .poundKeyword, .equal, nil:
            return true
        case .keyword:
            // The keywords that may stand between a function's parameters and its body.
            return !(tokens.isText(index, "throws") || tokens.isText(index, "rethrows") || tokens.isText(index, "where")
                || tokens.isText(index, "Self") || tokens.isText(index, "Any") || tokens.isText(index, "self")
                || tokens.isText(index, "inout"))
        default:
            return false
        }
    }

    /// `_ s: S`, `state s: inout S = .idle`: the internal name and the type.
    private static func parameter(_ tokens: SignificantTokens, _ element: Range<Int>) -> Parameter? {
        guard let colon = element.first(where: { tokens.kind($0) == .colon }), colon > element.lowerBound else { return nil }
        let nameIndex = colon - 1
        guard tokens.kind(nameIndex) == .identifier || tokens.kind(nameIndex) == .keyword else { return nil }
        var start = colon + 1
        var end = element.upperBound
        var index = start
        while index < end {
            if tokens.kind(index) == .equal { end = index; break }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
        var isInout = false
        while start < end {
            if let attribute = tokens.attribute(at: start) {
                start = attribute.end + 1
            } else if tokens.isText(start, "inout") {
                isInout = true
                start += 1
            } else if tokens.isText(start, "borrowing") || tokens.isText(start, "consuming")
                || tokens.isText(start, "__owned") || tokens.isText(start, "__shared") || tokens.isText(start, "sending")
            {
                start += 1
            } else {
                break
            }
        }
        guard start < end else { return nil }
        return Parameter(name: SignificantTokens.unticked(tokens.text(nameIndex)), type: compact(tokens, start..<end), isInout: isInout)
    }

    /// `<S, A: Equatable>`: the names the clause declares (each after `<` or a comma).
    private static func declaredGenerics(_ tokens: SignificantTokens, _ clause: Range<Int>) -> Set<String> {
        Set(clause.filter { index in
            index > clause.lowerBound && tokens.kind(index) == .identifier
                && (tokens.kind(index - 1) == .comma || (tokens.kind(index - 1) == .operator && tokens.text(index - 1).hasSuffix("<")))
        }.map { tokens.text($0) })
    }

    /// `<C: TimerCells, D>`: the generic parameters whose constraint is a `…Cells` protocol.
    private static func constrainedToCells(_ tokens: SignificantTokens, _ clause: Range<Int>) -> Set<String> {
        var names = Set<String>()
        for index in clause where tokens.kind(index) == .colon && index > clause.lowerBound {
            guard tokens.kind(index - 1) == .identifier, tokens.kind(index + 1) == .identifier else { continue }
            var last = index + 1
            while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
            if tokens.text(last).hasSuffix("Cells") { names.insert(tokens.text(index - 1)) }
        }
        return names
    }

    /// The tokens' text joined without the trivia between them.
    static func compact(_ tokens: SignificantTokens, _ range: Range<Int>) -> String {
        range.map { tokens.text($0) }.joined()
    }

    /// Whether a parameter of this type holds the cells: `Cells`, `TimerCells`, `any TimerCells`,
    /// `some TimerCells`, `M.Cells`, or a generic parameter constrained to one.
    func isCellsType(_ type: String) -> Bool {
        var base = type
        for prefix in ["any", "some"] where base.hasPrefix(prefix) && base.count > prefix.count {
            let rest = base.dropFirst(prefix.count)
            if let first = rest.unicodeScalars.first, ("A"..."Z").contains(first) { base = String(rest) }
        }
        if cellsGenerics.contains(base) { return true }
        let last = base.split(separator: ".").last.map(String.init) ?? base
        return last.hasSuffix("Cells") && MachineType.isTypeName(Substring(last))
    }
}

// MARK: - One function

/// Decides which of a function's own switches are dispatchers and reads them.
private struct FunctionReader {
    let tokens: SignificantTokens
    let scopes: TypeScopes
    let header: FunctionHeader
    let isConfigured: Bool
    let types: [String: MachineType]

    init(tokens: SignificantTokens, scopes: TypeScopes, header: FunctionHeader, isConfigured: Bool) {
        self.tokens = tokens
        self.scopes = scopes
        self.header = header
        self.isConfigured = isConfigured
        var types: [String: MachineType] = [:]
        let generics = header.genericNames.union(scopes.enclosingGenericNames(of: header.keyword))
        // `S` and `Self.S` both name the generic parameter or associated type `S`.
        for parameter in header.parameters where types[parameter.name] == nil
            && !generics.contains(parameter.type.hasPrefix("Self.") ? String(parameter.type.dropFirst(5)) : parameter.type)
        {
            if let form = MachineType(parameter.type) { types[parameter.name] = form }
        }
        self.types = types
    }

    var name: String { header.name.text }

    /// `step`, `timerStep`, or a function returning `Step<…>`.
    var isStepFunction: Bool { Self.isStepFunction(header) }

    static func isStepFunction(_ header: FunctionHeader) -> Bool {
        header.name.text == "step" || machine(fromName: header.name.text) != nil || returnsStep(header)
    }

    static func returnsStep(_ header: FunctionHeader) -> Bool {
        guard let type = header.returnType else { return false }
        let base = type.split(separator: "<", maxSplits: 1).first.map(String.init) ?? type
        return (base.split(separator: ".").last.map(String.init) ?? base) == "Step"
    }

    /// `timerStep` → `Timer`.
    var machineFromName: String? { Self.machine(fromName: name) }

    static func machine(fromName name: String) -> String? {
        guard name.hasSuffix("Step"), name.count > 4, let first = name.unicodeScalars.first, ("a"..."z").contains(first)
        else { return nil }
        let prefix = name.dropLast(4)
        return NameCasing.upperFirst(prefix)
    }

    /// Whether any switch of this function could be a dispatcher, before its body is walked.
    var mayDispatch: Bool {
        Self.mayDispatch(header, roles: Set(types.values.map(\.role)), isConfigured: isConfigured)
    }

    /// Whether a function with this header whose parameters have these roles could dispatch
    /// (more roles never make it less likely).
    static func mayDispatch(_ header: FunctionHeader, roles: Set<Dispatcher.Role>, isConfigured: Bool) -> Bool {
        if isConfigured { return true }
        if roles.contains(.state), roles.contains(.action), isStepFunction(header) { return true }
        if roles.contains(.effect) { return true }
        return header.name.text == "render" && roles.contains(.state)
    }

    /// The roles of every parameter whose type is a machine's enum and not one of the
    /// function's own generic parameters: those of `types`, and maybe more.
    static func possibleRoles(_ header: FunctionHeader) -> Set<Dispatcher.Role> {
        var roles = Set<Dispatcher.Role>()
        for parameter in header.parameters where !header.genericNames.contains(parameter.type) {
            if let form = MachineType(parameter.type) { roles.insert(form.role) }
        }
        return roles
    }

    func dispatchers() -> [Dispatcher] {
        ownSwitches().compactMap { dispatcher(at: $0) }
    }

    /// The `switch` keywords of the function's own code: in its body and in the blocks of its
    /// `if`, `guard`, `for`, `while`, `do`, `defer`, `catch` and `switch` statements, but not
    /// in closures, nested functions or local types. Swift does not allow a trailing closure in
    /// a statement's condition, so the first `{` after such a keyword (outside brackets) is its
    /// block, and any other `{` opens something that is not the function's own code.
    private func ownSwitches() -> [Int] {
        var found: [Int] = []
        let close = tokens.partner[header.body]
        var blockExpected = false
        var index = header.body + 1
        while index < close {
            let kind = tokens.kind(index)
            if kind == .leftParen || kind == .leftBracket {
                guard tokens.partner[index] > index else { return found }
                index = tokens.partner[index] + 1
                continue
            }
            if kind == .leftBrace {
                if blockExpected {
                    blockExpected = false
                    index += 1
                } else {
                    guard tokens.partner[index] > index else { return found }
                    index = tokens.partner[index] + 1
                }
                continue
            }
            if kind == .keyword {
                if tokens.isText(index, "switch") {
                    found.append(index)
                    blockExpected = true
                } else if tokens.isText(index, "while") {
                    // `repeat { … } while x` has no block after `while`.
                    let afterRepeat = tokens.kind(index - 1) == .rightBrace && tokens.partner[index - 1] >= 1
                        && tokens.isText(tokens.partner[index - 1] - 1, "repeat")
                    if !afterRepeat { blockExpected = true }
                } else if tokens.isText(index, "if") || tokens.isText(index, "guard") || tokens.isText(index, "else")
                    || tokens.isText(index, "for") || tokens.isText(index, "do") || tokens.isText(index, "defer")
                    || tokens.isText(index, "catch") || tokens.isText(index, "repeat")
                {
                    blockExpected = true
                }
            }
            index += 1
        }
        return found
    }

    /// The switch at `keyword` as a dispatcher, if its subject makes it one.
    private func dispatcher(at keyword: Int) -> Dispatcher? {
        let bodyClose = tokens.partner[header.body]
        var open = keyword + 1
        while open < bodyClose, tokens.kind(open) != .leftBrace {
            let kind = tokens.kind(open)
            if kind == .rightBrace || kind == .semicolon { return nil }
            if kind == .leftParen || kind == .leftBracket {
                guard tokens.partner[open] > open else { return nil }
                open = tokens.partner[open]
            }
            open += 1
        }
        guard open < bodyClose, tokens.partner[open] > open, let names = subjectNames(keyword + 1..<open) else { return nil }
        guard let (kind, subjects) = classify(names) else { return nil }
        var arms = ArmReader(tokens: tokens, header: header, subjectCount: subjects.count, open: open, storedCells: storedCells())
        let read = arms.read()
        let hasCatchAll = read.contains(where: \.hasCatchAll)
        // What spelling out a catch-all needs, read only for a switch that has one.
        let conditional = arms.sawConditional
            || (hasCatchAll && (open..<tokens.partner[open]).contains { tokens.kind($0) == .poundKeyword && tokens.isText($0, "#if") })
        var found = Dispatcher(
            kind: kind, function: header.name, switchRange: tokens[keyword].range, subjects: subjects,
            machine: kind == .step ? machine(stateType: subjects.first { $0.role == .state }!.type)
                : kind == .effect ? machine(stateType: subjects[0].type) : nil,
            arms: read, hasConditionalArms: arms.sawConditional, hasConditionalCode: conditional,
            enclosingTypes: hasCatchAll ? scopes.enclosingTypeNames(of: header.keyword) : [])
        found.owner = scopes.enclosingTypeName(of: header.keyword)
        if found.owner != nil { found.outerTypes = Array(scopes.enclosingTypePath(of: header.keyword).dropFirst()) }
        found.parameters = header.parameters.map { Dispatcher.Parameter(name: $0.name, type: $0.type, isInout: $0.isInout) }
        if hasCatchAll { found.source = arms.switchSource(keyword: keyword, arms: read) }
        return found
    }

    /// The stored properties of a `Cells` type in the function's own type (`let cells:
    /// RetryCells` of a TCA-style reducer), which its arms call members through as through a
    /// parameter; a parameter of the same name hides one.
    private func storedCells() -> Set<String> {
        guard let brace = scopes.enclosingTypeBrace(of: header.keyword), tokens.partner[brace] > brace else { return [] }
        var found = Set<String>()
        var index = brace + 1
        let close = tokens.partner[brace]
        while index + 3 < close {
            if tokens.kind(index) == .keyword, tokens.isText(index, "let") || tokens.isText(index, "var"),
                scopes.enclosingBrace(of: index) == brace, tokens.kind(index + 1) == .identifier, tokens.kind(index + 2) == .colon
            {
                var last = index + 3
                var type = tokens.text(last)
                if type == "any" || type == "some", tokens.kind(last + 1) == .identifier { last += 1; type += tokens.text(last) }
                while last + 2 < close, tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier {
                    last += 2
                    type += "." + tokens.text(last)
                }
                let name = tokens.text(index + 1)
                if header.isCellsType(type), !header.parameters.contains(where: { $0.name == name }) { found.insert(name) }
                index = last + 1
                continue
            }
            index = tokens.partner[index] > index && index != brace ? tokens.partner[index] + 1 : index + 1
        }
        return found
    }

    /// `s` or `(s, a)`: the names switched on, each a single identifier.
    /// `self` is a name too, in a configured dispatcher (`switch (self, event)` in a method of
    /// the enum it switches over).
    private func subjectNames(_ subject: Range<Int>) -> [String]? {
        func isName(_ index: Int) -> Bool {
            tokens.kind(index) == .identifier || (isConfigured && tokens.isText(index, "self"))
        }
        if subject.count == 1, isName(subject.lowerBound) {
            return [SignificantTokens.unticked(tokens.text(subject.lowerBound))]
        }
        guard subject.count >= 2, tokens.kind(subject.lowerBound) == .leftParen,
            tokens.partner[subject.lowerBound] == subject.upperBound - 1,
            let elements = tokens.elements(inside: subject.lowerBound), elements.count >= 2,
            elements.allSatisfy({ $0.count == 1 && isName($0.lowerBound) })
        else { return nil }
        return elements.map { SignificantTokens.unticked(tokens.text($0.lowerBound)) }
    }

    private func classify(_ names: [String]) -> (Dispatcher.Kind, [Dispatcher.Subject])? {
        let parameters = names.map { name in header.parameters.first { $0.name == name } }
        if names.count == 2, isStepFunction, let first = types[names[0]], let second = types[names[1]],
            first.spelling == second.spelling, Set([first.role, second.role]) == [.state, .action]
        {
            return (.step, zip(names, [first, second]).map { Dispatcher.Subject(name: $0, type: MachineType.spelled($1.spelling, $1.role == .state ? "S" : "A"), role: $1.role) })
        }
        if names.count == 1, let form = types[names[0]] {
            if form.role == .effect,
                name == "perform" || header.returnType == MachineType.spelled(form.spelling, "A") + "?"
            {
                return (.effect, [Dispatcher.Subject(name: names[0], type: parameters[0]!.type, role: .effect)])
            }
            if form.role == .state, name == "render" {
                return (.render, [Dispatcher.Subject(name: names[0], type: parameters[0]!.type, role: .state)])
            }
        }
        if isConfigured, Set(names).count == names.count {
            // `self` is of the type the method is declared in.
            let ownType = scopes.enclosingTypeName(of: header.keyword)
            var subjects: [Dispatcher.Subject] = []
            for (name, parameter) in zip(names, parameters) {
                if let parameter {
                    subjects.append(Dispatcher.Subject(name: parameter.name, type: parameter.type, role: .value))
                } else if name == "self", let ownType {
                    subjects.append(Dispatcher.Subject(name: "self", type: ownType, role: .value))
                } else {
                    return nil
                }
            }
            return (.configured, subjects)
        }
        return nil
    }

    /// The machine a step dispatcher belongs to: from its state type (`Timer.S`, `TimerS`, or
    /// `S` inside `Timer`) and from its name (`timerStep`); nil if neither says or they disagree.
    private func machine(stateType: String) -> String? {
        var fromType: String?
        switch MachineType(stateType)?.spelling {
        case .bare?:
            fromType = scopes.enclosingTypeName(of: header.keyword)
        case .qualified(let qualifier)?:
            let last = qualifier.split(separator: ".").last.map(String.init) ?? qualifier
            fromType = last == "Self" ? scopes.enclosingTypeName(of: header.keyword) : last
        case .fused(let prefix)?:
            fromType = prefix
        case nil:
            fromType = nil
        }
        switch (fromType, machineFromName) {
        case let (type?, name?):
            return MachineKey.normalized(type) == MachineKey.normalized(name) ? type : nil
        case let (type, name):
            return type ?? name
        }
    }
}

/// How machine names compare when a dispatcher is paired with its matrix: `Timer`, `TIMER`
/// (from `TIMER_TABLE`) and `timer` (from `timerStep`) are one machine, and so are
/// `TrafficLight` and `TRAFFIC_LIGHT`.
enum MachineKey {
    static func normalized(_ name: String) -> String { NameComparison.machineName.key(name) }
}
