/// A `GeneratedShape` from what tablint read: a matrix of the run, and its machine's `enum S`,
/// `A`, `F` wherever the run declares them (their payload fields are what arms bind and
/// narrow). Names are the enums' cases: a `Table`'s `"Idle"` is the case `idle`.
extension GeneratedShape {
    /// The shape of `ref`'s machine. `source` gives the text of a byte range of the matrix's
    /// file, for an `@Machine` row's effect arguments (`.stopClock(reason: .cancelled)`); nil
    /// reads none. A name of the matrix the enum lacks is taken without a payload.
    static func reading(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing, source: ((Range<Int>) -> String)? = nil) -> GeneratedShape {
        let matrix = ref.matrix
        let near = pairing.run[ref.file].path
        let machine: String
        if matrix.surface == .machineEnum {
            machine = matrix.machine.text
        } else {
            machine = pairing.spelling(of: ref.bound.machine) ?? ref.bound.owner ?? matrix.machine.text
        }
        let enums = pairing.enums(of: machine, near: near, outer: ref.bound.owner == nil ? nil : ref.bound.outerTypes)
        /// A field's type with the types the enum declares itself qualified (`Pump.S.Mode` for
        /// `Mode`): the structs and requirements it is written into are outside the enum.
        // Worked out once for each enum, and only for one whose cases carry a payload.
        var nestedByEnum: [String: Set<String>] = [:]
        func fields(of declaredCase: EnumDeclaration.Case, in declaration: EnumDeclaration) -> [Field] {
            guard !declaredCase.payloadFields.isEmpty else { return [] }
            let qualified = MigrationReader.qualified(declaration)
            let nested: Set<String>
            if let known = nestedByEnum[qualified] {
                nested = known
            } else {
                // Declared in this enum, not in another machine's `enum S`: the type around it matches too.
                let outer = declaration.parent
                nested = Set(declaration.nestedTypeNames).union(pairing.run.flatMap { file in
                    file.typeNames.filter { $0.parent == declaration.name && (outer == nil || $0.enclosingTypes.dropFirst().first == outer) }.map(\.name)
                        + file.enums.filter { $0.parent == declaration.name && (outer == nil || $0.outerTypes.first == outer) }.map(\.name)
                })
                nestedByEnum[qualified] = nested
            }
            return declaredCase.payloadFields.map {
                Field(label: $0.label, type: nested.isEmpty ? $0.type : GeneratedShape.qualifyingNested($0.type, nested: nested, in: qualified))
            }
        }
        func variants(_ names: [Name], _ declared: MachinePairing.EnumRef?) -> [Variant] {
            // The first case by name and by folded name, looked up (not scanned) for every name.
            let cases = declared?.declaration.cases ?? []
            let exactCase = FirstByName(cases.indices, name: { cases[$0].name })
            let foldedCase = FirstByName(cases.indices, name: { NameComparison.firstLetterFolded.key(cases[$0].name) })
            return names.map { name in
                let declaredCase = (exactCase[name.text] ?? (matrix.surface == .machineEnum ? nil : foldedCase[NameComparison.firstLetterFolded.key(name.text)]))
                    .map { cases[$0] }
                // A declared case keeps the code's spelling (`URLLoaded` for `"URLLoaded"`).
                let caseName = declaredCase?.name ?? (matrix.surface == .machineEnum ? name.text : NameCasing.lowerFirst(name.text))
                guard let declaredCase, let declared else { return Variant(caseName) }
                return Variant(caseName, fields: fields(of: declaredCase, in: declared.declaration))
            }
        }
        let states = variants(matrix.states, enums.states)
        let actions = variants(matrix.actions, enums.actions)
        var effects: [Variant]
        if let declared = enums.effects {
            effects = declared.declaration.cases.map { Variant($0.name, fields: fields(of: $0, in: declared.declaration)) }
        } else {
            // No `enum F` in the run: the effects the cells name, in first-named order.
            var names: [String] = []
            for row in matrix.rows {
                for cell in row.cells {
                    switch cell.kind {
                    case let .go(_, uses, _), let .emit(uses):
                        for use in uses where !names.contains(NameCasing.lowerFirst(use.text)) { names.append(NameCasing.lowerFirst(use.text)) }
                    default: break
                    }
                }
            }
            effects = names.map { Variant($0) }
        }
        /// The case a cell's name spells: a declared case as the code writes it, else the
        /// generator's lowerCamel.
        func caseName(_ name: Name, among variants: (exact: FirstByName<String>, folded: FirstByName<String>)) -> String {
            variants.exact[name.text] ?? variants.folded[NameComparison.firstLetterFolded.key(name.text)] ?? NameCasing.lowerFirst(name.text)
        }
        func index(_ variants: [Variant]) -> (exact: FirstByName<String>, folded: FirstByName<String>) {
            (FirstByName(variants.map(\.name), name: { $0 }), FirstByName(variants.map(\.name), name: { NameComparison.firstLetterFolded.key($0) }))
        }
        let effectIndex = index(effects), stateIndex = index(states)
        func use(_ name: Name) -> EffectUse {
            var arguments: String?
            if let text = source?(name.range), let open = text.firstIndex(of: "(") { arguments = String(text[open...]) }
            return EffectUse(caseName(name, among: effectIndex), arguments: arguments)
        }
        let cells = matrix.rows.map { row in
            row.cells.map { cell -> Cell in
                switch cell.kind {
                case .ignore: return .ignore
                case .handle: return .handle
                case .unreachable: return .unreachable
                case let .go(target, uses, arguments):
                    return .go(target: caseName(target, among: stateIndex), arguments: arguments, effects: uses.map(use))
                case let .emit(uses): return .emit(effects: uses.map(use))
                case let .delegate(child): return .delegate(child: child.text)
                case .unknown: return .unreachable  // never reached: only complete matrices are shaped
                }
            }
        }
        var types = TypeNames.nested(in: machine)
        if let declared = enums.states?.declaration, declared.parent == nil {
            // Top-level `TimerS`, `TimerA`, `TimerF`: the code's own names, and `TimerCtx` beside them.
            let stem = String(declared.name.dropLast())
            types = TypeNames(
                state: declared.name, action: enums.actions?.declaration.name ?? stem + "A",
                effect: enums.effects?.declaration.name ?? stem + "F", context: stem + "Ctx", namespace: machine)
        } else if let declared = enums.states?.declaration, let parent = declared.parent,
            case let qualified = (declared.outerTypes.reversed() + [parent]).joined(separator: "."), qualified != machine
        {
            // A machine nested in a type (`Lab.Pump.S`): inserted code names its types as declared.
            types = TypeNames.nested(in: qualified)
        }
        var shape = GeneratedShape(machine: machine, states: states, actions: actions, effects: effects, cells: cells, types: types)
        if matrix.surface == .machineEnum, let prototype = matrix.handlePrototype, let source {
            // The prototype's range starts at its first attribute, or at `func` when it has
            // none: then its modifiers (`public func handle`) are the words written before it.
            shape.memberPrefix = Self.prototypePrefix(
                Self.trailingModifiers(source(matrix.range.lowerBound..<prototype.lowerBound)) + " " + source(prototype))
            // The enum's own modifiers, between its attributes and its name.
            let head = source(matrix.range.lowerBound..<max(matrix.range.lowerBound, matrix.machine.range.lowerBound))
            let words = Set(head.split(whereSeparator: { !($0.isLetter || $0 == "@") }).map(String.init))
            shape.machineAccess = words.contains("public") || words.contains("open") ? "public " : words.contains("package") ? "package " : ""
            if let effects = matrix.handleEffects {
                shape.memberEffects = source(effects).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
            }
        }
        return shape
    }

    /// The declaration modifiers that end `text` (`public` of `    public `), in order; a line
    /// with a comment ends the search, so a word of the comment is not taken for one.
    static func trailingModifiers(_ text: String) -> String {
        var words: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }).reversed() {
            if line.contains("//") || line.contains("*/") { break }
            let lineWords = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let modifiers = lineWords.reversed().prefix { SignificantTokens.modifiers.contains(String($0)) }
            words = modifiers.reversed() + words
            if modifiers.count < lineWords.count { break }
        }
        return words.joined(separator: " ")
    }

    /// The attributes and modifiers of `func handle` (`@MainActor public func handle` gives
    /// `@MainActor public`), as the generator copies them.
    static func prototypePrefix(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        if words.last == "handle" { words.removeLast() }
        if words.last == "func" { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// `type` with each name of `nested` that is not already after a `.` written `qualified.name`.
    static func qualifyingNested(_ type: String, nested: Set<String>, in qualified: String) -> String {
        qualifyingNested(type, in: qualified, isNested: nested.contains)
    }

    /// `type` with each name `isNested` says the enum declares, not already after a `.`,
    /// written `qualified.name` (the one word-by-word rewrite migrate and the fixes share).
    static func qualifyingNested(_ type: String, in qualified: String, isNested: (String) -> Bool) -> String {
        var out = ""
        var word = ""
        func flush() {
            let previous = out.last { $0 != " " }
            out += !word.isEmpty && previous != "." && isNested(word) ? qualified + "." + word : word
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }
}

/// The first of some values by a name of each: what `first { name($0) == key }` finds, by lookup.
struct FirstByName<Value> {
    private var byName: [String: Value] = [:]

    init<S: Sequence>(_ values: S, name: (Value) -> String) where S.Element == Value {
        for value in values where byName[name(value)] == nil { byName[name(value)] = value }
    }

    subscript(_ name: String) -> Value? { byName[name] }
}
