/// The code the library's generator writes for a machine (`shared/reference/tabular-center.md`
/// §1.5–1.6), from a plain description of it: the `Cells` protocol (one requirement per HANDLE
/// cell and per effect), `step` (one `case` per cell, row-major, no `default:`), `perform` (one
/// `case` per effect) and the narrowed structs of payload-carrying variants. Pure: names and
/// types in, Swift text out. `tablint scaffold` prints it whole; the unsafe fixes of
/// `dispatcher-drift`, `cells-drift` and `enum-drift` take single arms and requirements from it,
/// and `tablint migrate` writes the dispatcher it migrates to with it.
///
/// Where the reference is silent, the choices are tablint's and are documented in
/// `docs/scaffold-and-sync.md`: unlabelled payload fields are named `value` (one) or `value0`,
/// `value1`… (several); an UNREACHABLE trap names the state and the action with their first
/// letter upper-cased, as the `Table` spelling and the normative text's example do.
struct GeneratedShape: Equatable {
    /// One case of `enum S`, `A` or `F`, as the enum declares it (lowerCamel).
    struct Variant: Equatable {
        var name: String
        /// The payload's fields in order; empty for a case without one.
        var fields: [Field]

        init(_ name: String, fields: [Field] = []) {
            self.name = name
            self.fields = fields
        }

        var hasPayload: Bool { !fields.isEmpty }
    }

    struct Field: Equatable {
        /// nil for an unlabelled field (`case log(String)`).
        var label: String?
        /// As written: `Int`, `[String]`, `Reason`.
        var type: String

        init(label: String?, type: String) {
            self.label = label
            self.type = type
        }
    }

    /// An effect a GO or EMIT cell names, with the arguments an `@Machine` row gives it
    /// verbatim (`stopClock(reason: .cancelled)` has `(reason: .cancelled)`); a `Table` cell
    /// gives none.
    struct EffectUse: Equatable {
        var name: String
        var arguments: String?

        init(_ name: String, arguments: String? = nil) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// A cell as the generator reads it; names are the enum's cases (lowerCamel).
    enum Cell: Equatable {
        case ignore
        case handle
        case unreachable
        /// `arguments`: the target's payload as the matrix writes it (`(since: 0)`), if it does.
        case go(target: String, arguments: String?, effects: [EffectUse])
        case emit(effects: [EffectUse])
        case delegate(child: String)
    }

    /// The machine's name (`Timer`): the protocol is `<name>Cells`, the code is in `extension <name>`.
    var machine: String
    var states: [Variant]
    var actions: [Variant]
    var effects: [Variant]
    /// One row per state, one cell per action.
    var cells: [[Cell]]

    /// The (state, action) case names of every HANDLE cell, row by row.
    var handleCells: [(state: String, action: String)] {
        states.indices.flatMap { state in
            actions.indices.compactMap { action in
                cells[state][action] == .handle ? (state: states[state].name, action: actions[action].name) : nil
            }
        }
    }
    /// How the code names the machine's types: `Timer.S`, `Timer.Ctx`… by default; a `Table`
    /// machine with top-level `TimerS` enums names them so.
    var types: TypeNames
    /// The protocol's name: `<machine>Cells` unless the code already names it otherwise.
    var cellsProtocol: String
    /// Copied from an `@Machine`'s `func handle` prototype onto every member: attributes and
    /// modifiers before `func` (`@MainActor`), effect specifiers after the parameters
    /// (`async throws`), which make calls `try await`.
    var memberPrefix: String = ""
    var memberEffects: String = ""
    /// How the `Cells` protocol's own requirements all spell what a new one would otherwise
    /// spell the generator's way (`RequirementSpelling`): the context's type with its
    /// specifiers (`inout DoorCtx`), a HANDLE member's result, an effect member's. nil: the
    /// generator's. Only the requirements the fixes add read them.
    var requirementContext: String?
    var handleResult: String?
    var effectResult: String?
    /// The `@Machine` enum's own access (`public`, `package`; empty for internal or less): the
    /// top-level protocol is never more visible than the enum whose types it names.
    var machineAccess: String = ""

    struct TypeNames: Equatable {
        var state: String
        var action: String
        var effect: String
        var context: String
        /// Where the narrowed structs are declared and named from (`Timer` → `Timer.Running`).
        var namespace: String

        init(state: String, action: String, effect: String, context: String, namespace: String) {
            self.state = state
            self.action = action
            self.effect = effect
            self.context = context
            self.namespace = namespace
        }

        /// `M.S`, `M.A`, `M.F`, `M.Ctx`: the generator's own spelling.
        static func nested(in machine: String) -> TypeNames {
            TypeNames(state: machine + ".S", action: machine + ".A", effect: machine + ".F", context: machine + ".Ctx", namespace: machine)
        }
    }

    init(machine: String, states: [Variant], actions: [Variant], effects: [Variant], cells: [[Cell]], types: TypeNames? = nil, cellsProtocol: String? = nil) {
        self.machine = machine
        self.states = states
        self.actions = actions
        self.effects = effects
        self.cells = cells
        self.types = types ?? .nested(in: machine)
        self.cellsProtocol = cellsProtocol ?? machine + "Cells"
    }

    /// Why some of the code cannot be written as the generator would, said per cell.
    struct Refusal: Equatable, Error {
        var state: Int?
        var action: Int?
        var message: String
    }

    /// Every refusal that stopped a whole function, in row-major order.
    struct Refusals: Equatable, Error {
        var all: [Refusal]
    }

    // MARK: Names

    /// `lower(State) + Cap(Action)`: the member a HANDLE cell calls (`idleStart`).
    static func handleMember(state: String, action: String) -> String {
        NameCasing.lowerFirst(state) + NameCasing.upperFirst(action)
    }

    /// The member a DELEGATE cell calls (`retryingRunToChild`).
    static func delegateMember(state: String, action: String) -> String {
        handleMember(state: state, action: action) + "ToChild"
    }

    /// `lower(Effect)`: the member `perform` calls for an effect.
    static func effectMember(_ effect: String) -> String { NameCasing.lowerFirst(effect) }

    /// The narrowed struct of a payload-carrying variant: `Running` for `running(since:)`.
    static func narrowedName(_ variant: String) -> String { NameCasing.upperFirst(variant) }

    /// The normative trap text of an UNREACHABLE cell (spec/cells.md §2.6).
    static func unreachableMessage(state: String, action: String) -> String {
        "tabular-center: \(NameCasing.upperFirst(state)) x \(NameCasing.upperFirst(action)) was declared UNREACHABLE but occurred"
    }

    /// Swift keywords a declared name must be written in backticks as (`case \`default\``).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// A name where it is declared or bound.
    static func declared(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// A case name after `.` in a pattern or value: only `init` needs its backticks there.
    static func afterPeriod(_ name: String) -> String { CatchAllSpelling.spelledAfterPeriod(name) }

    /// Per field, the name it is bound to and stored under: its label, or `value`/`value0`….
    static func fieldNames(_ fields: [Field]) -> [String] {
        fields.enumerated().map { index, field in field.label ?? (fields.count == 1 ? "value" : "value\(index)") }
    }

    /// The names a cell's arm binds: the fields' own, unless they would shadow the dispatcher's
    /// parameters (`cells ctx s a`, `f` in `perform`) or each other across the two sides; then
    /// capitalised behind the side (`stateCtx`, `actionSince`).
    static func bindings(_ fields: [Field], side: String, avoiding taken: Set<String>) -> [String] {
        fieldNames(fields).map { taken.contains($0) ? side + NameCasing.upperFirst($0) : $0 }
    }

    // MARK: Requirements

    var stepResult: String { "Step<\(types.state), \(types.effect)>" }

    /// The parameters a HANDLE member takes beyond `ctx`: the narrowed structs of a payload state
    /// and action, only where they carry one.
    private func narrowedParameters(state: Int, action: Int) -> [String] {
        var parameters: [String] = []
        if states[state].hasPayload { parameters.append("_ state: \(types.namespace).\(Self.narrowedName(states[state].name))") }
        if actions[action].hasPayload { parameters.append("_ action: \(types.namespace).\(Self.narrowedName(actions[action].name))") }
        return parameters
    }

    /// Where a copied `handle` prefix lands: a protocol requirement takes its attributes and
    /// `mutating`/`nonisolated`-like modifiers but no access level, `final`, `override` and the
    /// like (swiftc: "'public' modifier cannot be used in protocols"), and `class` becomes
    /// `static`; `step` and `perform` are `static` already and cannot be `open`.
    enum PrefixPlace { case requirement, staticMember }

    private static let accessModifiers: Set<String> = ["public", "internal", "fileprivate", "private", "open", "package"]
    private static let classOnlyModifiers: Set<String> = ["final", "override", "required", "convenience", "dynamic", "optional"]

    static func prefix(_ memberPrefix: String, for place: PrefixPlace) -> String {
        var words: [String] = []
        for word in memberPrefix.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init) {
            let bare = word.split(separator: "(").first.map(String.init) ?? word
            if classOnlyModifiers.contains(bare) { continue }
            switch place {
            case .requirement:
                if accessModifiers.contains(bare) { continue }
                words.append(bare == "class" ? "static" : word)
            case .staticMember:
                if bare == "static" || bare == "class" { continue }
                words.append(bare == "open" ? "public" : word)
            }
        }
        return words.isEmpty ? "" : words.joined(separator: " ") + " "
    }

    /// `public` when the copied prefix makes `step` public: the protocol and the narrowed
    /// structs its parameters name must be as visible as `step`, and, as the protocol is
    /// declared outside the enum, no more visible than the enum (`cappedAccess`).
    var publicLevel: String {
        let copied = prototypeLevel
        return Self.accessRank(copied) > Self.accessRank(machineAccess) ? machineAccess : copied
    }

    /// The access level the `handle` prototype's modifiers give `step` (`public `, `package `, or empty).
    private var prototypeLevel: String {
        Self.prefix(memberPrefix, for: .staticMember).split(separator: " ").contains { $0 == "public" || $0 == "package" }
            ? (memberPrefix.split(separator: " ").contains("package") ? "package " : "public ") : ""
    }

    private static func accessRank(_ level: String) -> Int {
        switch level.trimmingBlanks {
        case "public", "open": return 2
        case "package": return 1
        case "fileprivate", "private": return -1
        default: return 0
        }
    }

    /// The comment above the protocol when the prototype's access was capped at the enum's.
    var cappedAccess: String? {
        let copied = prototypeLevel
        // Only a copied `public`/`package` is capped; a `fileprivate` enum with no copied level is not.
        guard !copied.isEmpty, Self.accessRank(copied) > Self.accessRank(machineAccess) else { return nil }
        let level = machineAccess.isEmpty ? "internal" : machineAccess.trimmingBlanks
        return "// `\(cellsProtocol)` is \(level), as `enum \(machine)` is: the `\(copied.trimmingBlanks)` of `func handle`, which the macro copies onto every member, cannot make a protocol more visible than the types its requirements name."
    }

    private func member(_ name: String, _ parameters: [String], returning result: String) -> String {
        let prefix = Self.prefix(memberPrefix, for: .requirement)
        let specifiers = memberEffects.isEmpty ? "" : " " + memberEffects
        return "\(prefix)func \(Self.declared(name))(\((["_ ctx: \(requirementContext ?? types.context)"] + parameters).joined(separator: ", ")))\(specifiers) -> \(result)"
    }

    /// The protocol requirement a cell adds, nil for a cell that calls no member.
    func requirement(state: Int, action: Int) -> String? {
        let stateName = states[state].name, actionName = actions[action].name
        switch cells[state][action] {
        case .handle:
            return member(Self.handleMember(state: stateName, action: actionName), narrowedParameters(state: state, action: action), returning: handleResult ?? stepResult)
        default:
            return nil
        }
    }

    /// `func stopClock(_ ctx: M.Ctx, _ effect: Reason) -> M.A?`: one field is passed as itself,
    /// several as a tuple.
    func effectRequirement(_ index: Int) -> String {
        let effect = effects[index]
        var parameters: [String] = []
        if effect.fields.count == 1 {
            parameters.append("_ effect: \(effect.fields[0].type)")
        } else if effect.fields.count > 1 {
            let elements = effect.fields.map { field in (field.label.map { $0 + ": " } ?? "") + field.type }
            parameters.append("_ effect: (\(elements.joined(separator: ", ")))")
        }
        return member(Self.effectMember(effect.name), parameters, returning: effectResult ?? "\(types.action)?")
    }

    // MARK: Arms

    /// What a call to a member is written as, `try await` when its prototype says so.
    private var callPrefix: String {
        var words: [String] = []
        let specifiers = memberEffects.split(separator: " ")
        if specifiers.contains(where: { $0.hasPrefix("throws") || $0 == "rethrows" }) { words.append("try") }
        if specifiers.contains("async") { words.append("await") }
        return words.isEmpty ? "" : words.joined(separator: " ") + " "
    }

    private func effectValue(_ use: EffectUse) -> String { "." + Self.afterPeriod(use.name) + (use.arguments ?? "") }

    private func effectList(_ uses: [EffectUse]) -> String { "[" + uses.map(effectValue).joined(separator: ", ") + "]" }

    /// The effects of a cell that carry a payload the matrix does not give.
    private func missingEffectArguments(_ uses: [EffectUse]) -> [String] {
        uses.filter { use in use.arguments == nil && effects.first { $0.name == use.name }?.hasPayload == true }.map(\.name)
    }

    /// The arm of one cell: `case (.idle, .start): return cells.idleStart(ctx)`. A refusal when
    /// the matrix does not say everything the arm needs (a GO target's payload, an effect's).
    func stepArm(state: Int, action: Int) -> Result<String, Refusal> {
        let stateVariant = states[state], actionVariant = actions[action]
        let cell = cells[state][action]
        func refuse(_ why: String) -> Result<String, Refusal> {
            .failure(Refusal(state: state, action: action, message: "(\(NameCasing.upperFirst(stateVariant.name)), \(NameCasing.upperFirst(actionVariant.name))): \(why)"))
        }
        let plain = "case (.\(Self.afterPeriod(stateVariant.name)), .\(Self.afterPeriod(actionVariant.name))):"
        switch cell {
        case .ignore:
            return .success(plain + " return .ignored")
        case .unreachable:
            return .success(plain + " fatalError(\"\(Self.unreachableMessage(state: stateVariant.name, action: actionVariant.name))\")")
        case let .emit(uses):
            let missing = missingEffectArguments(uses)
            if !missing.isEmpty { return refuse("the effect `\(missing[0])` carries a payload the matrix does not give") }
            return .success(plain + " return .stay(effects: \(effectList(uses)))")
        case let .go(target, arguments, uses):
            guard let targetIndex = states.firstIndex(where: { $0.name == target }) else {
                return refuse("the GO target `\(target)` is not a state of `\(machine)`")
            }
            if states[targetIndex].hasPayload, arguments == nil {
                let fields = zip(Self.fieldNames(states[targetIndex].fields), states[targetIndex].fields).map { "\($0): \($1.type)" }
                return refuse("the GO target `\(target)` carries a payload (\(fields.joined(separator: ", "))) the matrix does not give")
            }
            let missing = missingEffectArguments(uses)
            if !missing.isEmpty { return refuse("the effect `\(missing[0])` carries a payload the matrix does not give") }
            return .success(plain + " return .go(.\(Self.afterPeriod(target))\(arguments ?? ""), effects: \(effectList(uses)))")
        case .handle:
            let taken: Set<String> = ["cells", "ctx", "s", "a"]
            let stateBindings = Self.bindings(stateVariant.fields, side: "state", avoiding: taken)
            let actionBindings = Self.bindings(actionVariant.fields, side: "action", avoiding: taken.union(stateBindings))
            func pattern(_ variant: Variant, _ bindings: [String]) -> String {
                "." + Self.afterPeriod(variant.name) + (bindings.isEmpty ? "" : "(" + bindings.map(Self.declared).joined(separator: ", ") + ")")
            }
            func narrowed(_ variant: Variant, _ bindings: [String]) -> String {
                let arguments = zip(Self.fieldNames(variant.fields), bindings).map { "\($0): \(Self.declared($1))" }
                return "\(types.namespace).\(Self.narrowedName(variant.name))(\(arguments.joined(separator: ", ")))"
            }
            let binds = !stateBindings.isEmpty || !actionBindings.isEmpty
            var arguments = ["ctx"]
            if stateVariant.hasPayload { arguments.append(narrowed(stateVariant, stateBindings)) }
            if actionVariant.hasPayload { arguments.append(narrowed(actionVariant, actionBindings)) }
            let label = "case \(binds ? "let " : "")(\(pattern(stateVariant, stateBindings)), \(pattern(actionVariant, actionBindings))):"
            let memberName = Self.handleMember(state: stateVariant.name, action: actionVariant.name)
            return .success(label + " return \(callPrefix)cells.\(Self.declared(memberName))(\(arguments.joined(separator: ", ")))")
        case .delegate:
            return refuse("DELEGATE cells are not written: the child's lens members (`…ChildState`, `…Embed`, `…Lift`) and the delegation are the library's generator's alone")
        }
    }

    /// The arm of one effect: `case let .stopClock(reason): return cells.stopClock(ctx, reason)`.
    func performArm(_ index: Int) -> String {
        let effect = effects[index]
        let name = Self.effectMember(effect.name)
        guard effect.hasPayload else { return "case .\(Self.afterPeriod(effect.name)): return \(callPrefix)cells.\(Self.declared(name))(ctx)" }
        let bindings = Self.bindings(effect.fields, side: "effect", avoiding: ["cells", "ctx", "f"]).map(Self.declared)
        let value: String
        if effect.fields.count == 1 {
            value = bindings[0]
        } else {
            value = "(" + zip(effect.fields, bindings).map { field, binding in (field.label.map { $0 + ": " } ?? "") + binding }.joined(separator: ", ") + ")"
        }
        return "case let .\(Self.afterPeriod(effect.name))(\(bindings.joined(separator: ", "))): return \(callPrefix)cells.\(Self.declared(name))(ctx, \(value))"
    }

    // MARK: Whole declarations

    /// Every refusal the whole code would meet, in row-major order.
    var refusals: [Refusal] {
        states.indices.flatMap { state in
            actions.indices.compactMap { action in
                if case .failure(let refusal) = stepArm(state: state, action: action) { return refusal }
                return nil
            }
        }
    }

    /// `struct Running { var since: Int }`, one per payload-carrying state and action the
    /// HANDLE members receive, in declaration order (states, then actions).
    func narrowedStructs(indent: String = "    ") -> [String] {
        var used: [Variant] = []
        for (stateIndex, state) in states.enumerated() where state.hasPayload {
            if cells[stateIndex].contains(.handle) { used.append(state) }
        }
        for (actionIndex, action) in actions.enumerated() where action.hasPayload {
            if cells.contains(where: { $0.indices.contains(actionIndex) && $0[actionIndex] == .handle }) { used.append(action) }
        }
        var seen = Set<String>()
        return used.filter { seen.insert(Self.narrowedName($0.name)).inserted }.map { variant in
            let fields = zip(Self.fieldNames(variant.fields), variant.fields).map { "\(indent)\(publicLevel)var \(Self.declared($0)): \($1.type)" }
            return "\(publicLevel)struct \(Self.narrowedName(variant.name)) {\n" + fields.joined(separator: "\n") + "\n}"
        }
    }

    /// `protocol TimerCells { … }`: HANDLE members in row-major order, then one per effect.
    func protocolDeclaration(indent: String = "    ") -> String {
        var lines: [String] = []
        for state in states.indices {
            for action in actions.indices {
                if let requirement = requirement(state: state, action: action) { lines.append(indent + requirement) }
            }
        }
        lines += effects.indices.map { indent + effectRequirement($0) }
        return (cappedAccess.map { $0 + "\n" } ?? "") + "\(publicLevel)protocol \(cellsProtocol) {\n" + lines.map { $0 + "\n" }.joined() + "}"
    }

    /// `static func step(…)`, or the refusals that stop it; refused arms are not guessed.
    func stepFunction(indent: String = "    ") -> Result<String, Refusals> {
        var arms: [String] = []
        var refused: [Refusal] = []
        for state in states.indices {
            for action in actions.indices {
                switch stepArm(state: state, action: action) {
                case .success(let arm): arms.append(arm)
                case .failure(let refusal): refused.append(refusal)
                }
            }
        }
        if memberEffects.split(separator: " ").contains(where: { $0 == "rethrows" }) {
            // Nothing the generator writes takes a function to rethrow from (swiftc: "'rethrows'
            // function must take a throwing function argument").
            refused.insert(Refusal(state: nil, action: nil, message: "its `func handle` prototype is `rethrows`, which a member without a function parameter cannot be; write `throws`"), at: 0)
        }
        if !refused.isEmpty { return .failure(Refusals(all: refused)) }
        let specifiers = memberEffects.isEmpty ? "" : " " + memberEffects
        let prefix = Self.prefix(memberPrefix, for: .staticMember)
        let head = "\(prefix)static func step(_ cells: \(cellsProtocol), _ ctx: \(types.context), _ s: \(types.state), _ a: \(types.action))\(specifiers) -> \(stepResult) {"
        var lines: [String] = [head, indent + "switch (s, a) {"]
        for arm in arms { lines.append(indent + arm) }
        lines.append(indent + "}")
        lines.append("}")
        return .success(lines.joined(separator: "\n"))
    }

    /// `static func perform(…)`: one arm per effect. A machine without effects has an empty
    /// body: `enum F {}` has no values, so swiftc asks for no return (and warns on `switch f {}`).
    func performFunction(indent: String = "    ") -> String {
        let specifiers = memberEffects.isEmpty ? "" : " " + memberEffects
        let prefix = Self.prefix(memberPrefix, for: .staticMember)
        let head = "\(prefix)static func perform(_ cells: \(cellsProtocol), _ ctx: \(types.context), _ f: \(types.effect))\(specifiers) -> \(types.action)? {"
        guard !effects.isEmpty else { return head + "\n}" }
        var lines: [String] = [head, indent + "switch f {"]
        for index in effects.indices { lines.append(indent + performArm(index)) }
        lines.append(indent + "}")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The whole file the generator would write: protocol (unless `declaringProtocol` is false:
    /// the run declares it already), then `extension <machine>` with the narrowed structs,
    /// `step` and `perform`.
    func source(indent: String = "    ", declaringProtocol: Bool = true) -> Result<String, Refusals> {
        stepFunction(indent: indent).map { step in
            var members = narrowedStructs(indent: indent)
            members.append(step)
            members.append(performFunction(indent: indent))
            let body = members.map { member in
                member.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            }
            // The namespace is the machine as the top level names it (`Lab.Pump` for one nested in `Lab`).
            let protocolText = declaringProtocol ? protocolDeclaration(indent: indent) + "\n\n" : ""
            return protocolText + "extension \(types.namespace) {\n" + body.joined(separator: "\n\n") + "\n}\n"
        }
    }
}
