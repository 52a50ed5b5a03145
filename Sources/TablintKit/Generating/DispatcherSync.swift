/// The edits that bring a hand-written step dispatcher in line with its matrix, arm by arm, in
/// the generator's shape (`GeneratedShape`): `dispatcher-drift`'s unsafe fixes. Only what the
/// matrix determines is written: a missing arm (in row-major position), or the return of an arm
/// whose body is nothing but that return. An arm with the author's code is never rewritten.
struct DispatcherSync {
    /// Why a fix leaves something, as a message says it.
    struct Why: Error, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// Why the sync diagnostics of an `@Machine` carry no fix: its dispatcher is the macro's
    /// (what its prototype and rows add, `async`/`throws` and effect arguments, is read from the
    /// source by `tablint scaffold` alone).
    static let machineEnumReason = "the fix is not offered for an `@Machine`'s dispatcher: it is the macro's; run `tablint scaffold` again (`--write` replaces the file it wrote)"

    let dispatcher: Dispatcher
    let shape: GeneratedShape
    /// Per (state, action) in matrix order, the arm that decides it with an explicit pair.
    let deciders: [[Int?]]
    /// Per (state, action), the arm that decides it with any pattern (`(.closed, _)` too): a
    /// new arm goes after these as well, or it would land before a row's wildcard arm. Empty
    /// when only `deciders` are known.
    var coveringArms: [[Int?]] = []
    /// For a switch written on one line (`switch (s, a) { case …: return .x; case … }`): what
    /// separates its arms (`"; "` or `" "`), so new arms join the line as its own are written.
    var inlineSeparator: String?
    /// What a new arm's call of a member is written after (`callPrefix(_:_:)`).
    var callPrefix = ""
    /// The protocol's members are named by their authors: an arm is not rewritten into a call.
    var isHandNamed = false
    /// Whether a narrowed struct (`Gate.Open`, by its name in the namespace) is declared in the
    /// run or will be by `cells-drift`'s fix: an arm that builds one is written only then.
    var narrowedStructAvailable: (String) -> Bool = { _ in true }
    /// The cases `enum F` has once the fixes add the effects they can (`UnknownEffect`); nil
    /// when no enum says. An arm naming any other effect would not compile, so it is not written.
    var effectsAfterFixes: [String]?
    /// Why a state's or action's name is no case of its enum once the run's fixes are applied
    /// (`EnumDrift.caseRefusal`), nil when it is one: an arm naming any other would not compile.
    var caseRefusal: (RemovalSync.Role, String) -> String? = { _, _ in nil }
    /// Why the `Cells` protocol neither requires a member nor gets its requirement from the
    /// run's fixes (`CellsDrift.requirementRefusal`), nil when it will: an arm calling any
    /// other member would not compile, so it is not written.
    var requirementRefusal: (String) -> String? = { _ in nil }
    /// Why an effect's name may not be written (`UnknownEffect.unseenEnumRefusal`), nil when it may.
    var effectRefusal: (String) -> String? = { _ in nil }
    /// Whether the requirements a new arm calls take the context `inout`, as the `Cells`
    /// protocol's all do (`RequirementSpelling.takesContextInout`): asked only when no arm
    /// shows how the context is passed, for a context parameter that is `inout`.
    var membersTakeContextInout: () -> Bool = { false }

    /// Why no arm is written in the library's shape: the function returns the state, not a
    /// `Step` (a reducer named `step`, `return .running` / `return s`), so `.go`, `.ignored`
    /// and `.stay` would not compile in it (bb4 play/15). Its own shape is not guessed.
    var reducerRefusal: Why? {
        guard let stateSubject = dispatcher.subjects.first(where: { $0.role == .state }) else { return nil }
        var returnsState = false
        for arm in dispatcher.arms {
            switch arm.outcome.kind {
            case .go, .ignored, .stay, .handle, .delegate: return nil
            case .unreachable: continue
            case .unreadable:
                var text = Substring(arm.outcome.text)
                if text.hasPrefix("return ") { text = text.dropFirst(7) }
                let isCase = text.hasPrefix(".") && text.dropFirst().allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
                if text == stateSubject.name || isCase { returnsState = true }
            }
        }
        guard returnsState else { return nil }
        return Why("`\(dispatcher.function.text)` returns the state (`return .x`, `return \(stateSubject.name)`), not the library's `Step`, so no case is written in the library's shape, and its own is not guessed; write the case yourself")
    }

    /// The arm text for a pair, or why it cannot be written.
    func arm(state: Int, action: Int) -> Result<String, Why> {
        if let why = reducerRefusal { return .failure(why) }
        guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action),
            dispatcher.subjects.count == 2
        else { return .failure(Why("the dispatcher does not switch over exactly a state and an action")) }
        let stateCase = "." + GeneratedShape.afterPeriod(shape.states[state].name)
        let actionCase = "." + GeneratedShape.afterPeriod(shape.actions[action].name)
        var elements = ["", ""]
        elements[stateAt] = stateCase
        elements[actionAt] = actionCase
        let label = "case (\(elements.joined(separator: ", "))):"
        if let why = caseRefusal(.state, shape.states[state].name) ?? caseRefusal(.action, shape.actions[action].name) { return .failure(Why(why)) }
        if shape.cells[state][action] == .handle, let why = memberCollision(state: state, action: action) { return .failure(why) }
        if shape.cells[state][action] == .handle, shape.states[state].hasPayload || shape.actions[action].hasPayload {
            return payloadArm(state: state, action: action, stateAt: stateAt, actionAt: actionAt)
        }
        switch body(state: state, action: action) {
        case .success(let body): return .success(label + " " + body)
        case .failure(let why): return .failure(why)
        }
    }

    /// Whether the pair's state or action carries a payload: its requirement is added even
    /// where its arm is the author's to write (it takes the narrowed struct).
    func carriesPayload(_ state: Int, _ action: Int) -> Bool {
        shape.states[state].hasPayload || shape.actions[action].hasPayload
    }

    /// A HANDLE cell whose generated member is an effect's or another HANDLE cell's too
    /// (`onTick` for (On, Tick) and effect `OnTick`): the call would reach that other member.
    func memberCollision(state: Int, action: Int) -> Why? {
        let member = GeneratedShape.handleMember(state: shape.states[state].name, action: shape.actions[action].name)
        let stop = "(member-collision): rename a state, an action or an effect so the two differ"
        if let effect = shape.effects.first(where: { GeneratedShape.effectMember($0.name) == member }) {
            return Why("its member `\(member)` is effect `\(effect.name)`'s member too \(stop)")
        }
        for other in shape.states.indices {
            for otherAction in shape.actions.indices where (other, otherAction) != (state, action) && shape.cells[other][otherAction] == .handle
                && GeneratedShape.handleMember(state: shape.states[other].name, action: shape.actions[otherAction].name) == member
            {
                return Why("its member `\(member)` is cell (\(shape.states[other].name), \(shape.actions[otherAction].name))'s member too \(stop)")
            }
        }
        return nil
    }

    /// The arm of a HANDLE cell whose state or action carries a payload, written as the
    /// generator writes it (`case let (.open(since), .reset): return c.openReset(ctx,
    /// Gate.Open(since: since))`) when the dispatcher's arms already hand payloads so; else why not.
    func payloadArm(state: Int, action: Int, stateAt: Int, actionAt: Int) -> Result<String, Why> {
        let stateVariant = shape.states[state], actionVariant = shape.actions[action]
        let authors = Why("its \(stateVariant.hasPayload ? "state" : "action") carries a payload, and how this dispatcher hands payloads to its members is its author's")
        guard !isHandNamed, handsPayloadsNarrowed else { return .failure(authors) }
        guard let (receiver, context) = cellsCall() else { return .failure(unknownCellsCall) }
        if let why = NarrowedStructSync.variants(state: state, action: action, in: shape).lazy
            .compactMap({ LibraryTypeShadowing.narrowedCollision($0.name, namespace: self.shape.types.namespace) }).first
        {
            return .failure(Why(why))
        }
        let missing = NarrowedStructSync.variants(state: state, action: action, in: shape).map { GeneratedShape.narrowedName($0.name) }
            .filter { !narrowedStructAvailable($0) }
        if let name = missing.first {
            return .failure(Why("its narrowed struct `\(shape.types.namespace).\(name)` is declared nowhere in the run, and no fix declares it (the `Cells` protocol is not at the top level of a file of the run)"))
        }
        // The generator's bindings, kept clear of this dispatcher's own parameter names too.
        let taken = Set(["cells", "ctx", "s", "a"] + dispatcher.parameters.map(\.name))
        let stateBindings = GeneratedShape.bindings(stateVariant.fields, side: "state", avoiding: taken)
        let actionBindings = GeneratedShape.bindings(actionVariant.fields, side: "action", avoiding: taken.union(stateBindings))
        func pattern(_ variant: GeneratedShape.Variant, _ bindings: [String]) -> String {
            "." + GeneratedShape.afterPeriod(variant.name) + (bindings.isEmpty ? "" : "(" + bindings.map(GeneratedShape.declared).joined(separator: ", ") + ")")
        }
        func narrowed(_ variant: GeneratedShape.Variant, _ bindings: [String]) -> String {
            let arguments = zip(GeneratedShape.fieldNames(variant.fields), bindings).map { "\($0): \(GeneratedShape.declared($1))" }
            return "\(shape.types.namespace).\(GeneratedShape.narrowedName(variant.name))(\(arguments.joined(separator: ", ")))"
        }
        var elements = ["", ""]
        elements[stateAt] = pattern(stateVariant, stateBindings)
        elements[actionAt] = pattern(actionVariant, actionBindings)
        var arguments = [context]
        if stateVariant.hasPayload { arguments.append(narrowed(stateVariant, stateBindings)) }
        if actionVariant.hasPayload { arguments.append(narrowed(actionVariant, actionBindings)) }
        let member = memberNaming.member(state: stateVariant.name, action: actionVariant.name, called: calledMembers, handles: shape.handleCells)
        if let why = requirementRefusal(member) { return .failure(Why(why)) }
        return .success("case let (\(elements.joined(separator: ", "))): return \(callPrefix)\(receiver).\(GeneratedShape.declared(member))(\(arguments.joined(separator: ", ")))")
    }

    /// Whether the dispatcher's arms hand payloads to their members as the generator does: at
    /// least one HANDLE arm of a payload-carrying pair, and every such arm passing the context
    /// and then one narrowed struct per side that carries a payload (`Gate.Coin(value: v)`).
    /// An arm's text is read shortened (`Dispatcher.Outcome.text`): what is cut off is taken
    /// as agreeing, what is there must agree.
    var handsPayloadsNarrowed: Bool {
        var seen = false
        for (state, row) in deciders.enumerated() {
            for (action, armIndex) in row.enumerated() {
                guard let armIndex, case .handle = dispatcher.arms[armIndex].outcome.kind else { continue }
                let sides = NarrowedStructSync.variants(state: state, action: action, in: shape)
                guard !sides.isEmpty else { continue }
                guard let (arguments, isComplete) = Self.callArguments(dispatcher.arms[armIndex].outcome.text),
                    isComplete ? arguments.count == 1 + sides.count : arguments.count <= 1 + sides.count
                else { return false }
                for (position, variant) in sides.enumerated() where position + 1 < arguments.count {
                    let argument = arguments[position + 1]
                    // The struct and its first field as the generator names them (`value` for
                    // an unlabelled one): a struct of the author's fields is not the generator's.
                    let field = GeneratedShape.fieldNames(variant.fields).first.map { GeneratedShape.declared($0) + ":" } ?? ""
                    let expected = "\(shape.types.namespace).\(GeneratedShape.narrowedName(variant.name))(\(field)"
                    let isCutOff = !isComplete && position + 2 == arguments.count
                    if argument.hasPrefix(expected) {
                        seen = true
                    } else if !(isCutOff && expected.hasPrefix(argument)) {
                        return false
                    }
                }
            }
        }
        return seen
    }

    /// The arguments of `c.member(a, B(x: y))`, split at the commas outside brackets, and
    /// whether the text is whole (not shortened with `...`); nil when it is not one call.
    static func callArguments(_ text: String) -> ([String], Bool)? {
        let isComplete = !text.hasSuffix("...")
        var call = text.replacingOccurrences(of: "try ", with: "").replacingOccurrences(of: "await ", with: "").trimmingCharacters(in: .whitespaces)
        if !isComplete { call.removeLast(3) }
        guard let open = call.firstIndex(of: "(") else { return nil }
        if isComplete { guard call.hasSuffix(")") else { return nil } }
        var arguments: [String] = []
        var depth = 0
        var current = ""
        let inside = isComplete ? call[call.index(after: open)..<call.index(before: call.endIndex)] : call[call.index(after: open)...]
        for character in inside {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: break
            }
            if depth < 0 { return nil }
            if character == ",", depth == 0 {
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if isComplete, depth != 0 { return nil }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        return (arguments, isComplete)
    }

    /// What follows the label: `return .ignored`, `return c.idleStart(ctx)`, `fatalError(…)`.
    func body(state: Int, action: Int) -> Result<String, Why> {
        if shape.cells[state][action] == .handle {
            let stateVariant = shape.states[state], actionVariant = shape.actions[action]
            if stateVariant.hasPayload || actionVariant.hasPayload {
                return .failure(Why("its \(stateVariant.hasPayload ? "state" : "action") carries a payload, and how this dispatcher hands payloads to its members is its author's"))
            }
            guard let (receiver, context) = cellsCall() else { return .failure(unknownCellsCall) }
            let member = memberNaming.member(state: stateVariant.name, action: actionVariant.name, called: calledMembers, handles: shape.handleCells)
            if let why = requirementRefusal(member) { return .failure(Why(why)) }
            return .success("return \(callPrefix)\(receiver).\(GeneratedShape.declared(member))(\(context))")
        }
        if case .go(let target, _, _) = shape.cells[state][action], let why = caseRefusal(.state, target) {
            return .failure(Why("its target: " + why))
        }
        switch shape.cells[state][action] {
        case let .go(_, _, effects), let .emit(effects):
            if let why = effects.lazy.compactMap({ self.effectRefusal($0.name) }).first { return .failure(Why("its effect: " + why)) }
        default: break
        }
        if let missing = undeclaredEffect(of: shape.cells[state][action]) {
            return .failure(Why("its effect `\(missing)` is no case of `enum F`, and no fix adds one (see the unknown-effect finding)"))
        }
        switch shape.stepArm(state: state, action: action) {
        case .success(let arm):
            guard let colon = arm.range(of: "): ") else { return .failure(Why("the arm could not be written")) }
            return .success(String(arm[colon.upperBound...]))
        case .failure(let refusal):
            let message = refusal.message
            return .failure(Why(message.firstIndex(of: ":").map { String(message[message.index($0, offsetBy: 2)...]) } ?? message))
        }
    }

    /// The first effect a GO or EMIT cell names that `enum F` will not declare.
    func undeclaredEffect(of cell: GeneratedShape.Cell) -> String? {
        guard let effectsAfterFixes else { return nil }
        let uses: [GeneratedShape.EffectUse]
        switch cell {
        case let .go(_, _, effects), let .emit(effects): uses = effects
        default: return nil
        }
        return uses.first { use in !effectsAfterFixes.contains { NameComparison.firstLetterFolded.equal($0, use.name) } }?.name
    }

    /// How the dispatcher's HANDLE members are named: by the generator's rule, or by one of the
    /// patterns hand-written protocols use, when every arm that lists one HANDLE pair follows it.
    enum MemberNaming: Equatable, CaseIterable {
        case generated
        /// `onUnlock` for (Locked, Unlock).
        case onAction
        /// `onLockedUnlock`.
        case onStateAction
        /// `unlock`.
        case action

        func name(state: String, action: String) -> String {
            switch self {
            case .generated: return GeneratedShape.handleMember(state: state, action: action)
            case .onAction: return "on" + NameCasing.upperFirst(action)
            case .onStateAction: return "on" + NameCasing.upperFirst(state) + NameCasing.upperFirst(action)
            case .action: return NameCasing.lowerFirst(action)
            }
        }

        /// The member for a new cell: by this pattern, unless that names a member already
        /// called, or the pattern gives the name to another of `handles` (`onReset` for Reset
        /// in two states): one member would merge two cells' code, so the generator's names it.
        func member(state: String, action: String, called: Set<String>, handles: [(state: String, action: String)]) -> String {
            let named = name(state: state, action: action)
            guard self != .generated else { return named }
            return called.contains(named) || sharesName(state: state, action: action, handles: handles)
                ? GeneratedShape.handleMember(state: state, action: action) : named
        }

        /// Whether this pattern names another of `handles` as it names (state, action).
        func sharesName(state: String, action: String, handles: [(state: String, action: String)]) -> Bool {
            let named = name(state: state, action: action)
            return handles.contains { ($0.state != state || $0.action != action) && name(state: $0.state, action: $0.action) == named }
        }

        /// The pattern every call follows; the generator's when none or several do (it wins a tie).
        static func choose(_ calls: [(state: String, action: String, member: String)]) -> MemberNaming {
            guard !calls.isEmpty else { return .generated }
            return allCases.first { naming in calls.allSatisfy { naming.name(state: $0.state, action: $0.action) == $0.member } } ?? .generated
        }

        /// As a message says it.
        var description: String {
            switch self {
            case .generated: return "the generator's `lower(State)+Action`"
            case .onAction: return "`on` + the action"
            case .onStateAction: return "`on` + the state + the action"
            case .action: return "the action"
            }
        }
    }

    /// Every member an arm calls.
    var calledMembers: Set<String> {
        Set(dispatcher.arms.compactMap { arm in
            if case .handle(let member) = arm.outcome.kind { return member }
            return nil
        })
    }

    /// The pattern every explicit HANDLE arm's member follows; the generator's when none or
    /// several do (the generator's wins a tie).
    var memberNaming: MemberNaming {
        var calls: [(state: String, action: String, member: String)] = []
        for (state, row) in deciders.enumerated() {
            for (action, armIndex) in row.enumerated() {
                guard let armIndex, case .handle(let member) = dispatcher.arms[armIndex].outcome.kind else { continue }
                calls.append((shape.states[state].name, shape.actions[action].name, member))
            }
        }
        return MemberNaming.choose(calls)
    }

    /// The cells receiver and context argument an existing HANDLE arm uses (`c`, `ctx` of
    /// `return c.onUnlock(ctx)`, `&ctx` of `cells.closedKick(&ctx)` for a context the members
    /// take `inout`), when every such arm agrees.
    func cellsCall() -> (String, String)? {
        let calls = armCalls
        if let first = calls.first {
            return calls.allSatisfy({ $0.receiver == first.receiver && $0.context == first.context }) ? (first.receiver, first.context) : nil
        }
        // No arm calls a member yet: the parameters typed as the cells and the context, passed
        // `&ctx` where both it and the members' are `inout` (the arms of the other dispatcher
        // may call them so).
        let cells = dispatcher.parameters.filter { $0.type.replacingOccurrences(of: "any", with: "").hasSuffix("Cells") }
        let contexts = dispatcher.parameters.filter { $0.type == "Ctx" || $0.type.hasSuffix(".Ctx") || $0.type.hasSuffix("Ctx") }
        guard cells.count == 1, contexts.count == 1 else { return nil }
        return (cells[0].name, (contexts[0].isInout && membersTakeContextInout() ? "&" : "") + contexts[0].name)
    }

    /// The receiver and context argument of each HANDLE arm's call of a cells member.
    private var armCalls: [(arm: Dispatcher.Arm, receiver: String, context: String)] {
        dispatcher.arms.compactMap { arm in
            guard case .handle = arm.outcome.kind else { return nil }
            let text = arm.outcome.text.replacingOccurrences(of: "try ", with: "").replacingOccurrences(of: "await ", with: "")
            guard let dot = text.firstIndex(of: "."), let open = text.firstIndex(of: "("), dot < open else { return nil }
            let receiver = String(text[..<dot])
            let arguments = text[text.index(after: open)...]
            let context = String(arguments.prefix { $0 != "," && $0 != ")" }).trimmingCharacters(in: .whitespaces)
            let passed = context.hasPrefix("&") ? String(context.dropFirst()).trimmingCharacters(in: .whitespaces) : context
            guard Self.isIdentifier(receiver), Self.isIdentifier(passed) else { return nil }
            return (arm, receiver, context.hasPrefix("&") ? "&" + passed : passed)
        }
    }

    /// `try await `, `try `, `await ` or nothing: what every arm's call of a cells member is
    /// written after (`return try await cells.openPull(ctx)`, members declared `async throws`),
    /// read from the file's bytes between the `return` and the call; nothing when they differ.
    /// A new arm's call is written so too (black-box play/57).
    static func callPrefix(_ dispatcher: Dispatcher, _ references: MemberReferences) -> String {
        var found: Set<String> = []
        for arm in dispatcher.arms {
            guard case .handle = arm.outcome.kind, let start = arm.outcome.soleStatementStart,
                let written = references.text(in: start..<arm.outcome.range.lowerBound)
            else { continue }
            let words = written.split(whereSeparator: \.isWhitespace).filter { $0 != "return" }
            guard words.allSatisfy({ $0 == "try" || $0 == "await" }) else { continue }
            found.insert(words.map { $0 + " " }.joined())
        }
        return found.count == 1 ? found.first! : ""
    }

    /// Why a new `HANDLE` arm cannot be written when `cellsCall` finds no receiver: no arm
    /// calls a member, or the arms call one through what is no parameter typed as the cells
    /// (`handlers.closedKick(context)` in a method of a struct holding `handlers`).
    var unknownCellsCall: Why {
        if let why = unreadCellsProtocol() { return why }
        // `cells.closedKick(&ctx)` beside `cells.closedShut(ctx)`: how a new call passes it is not known.
        let calls = armCalls
        if let first = calls.first, let other = calls.first(where: { $0.receiver != first.receiver || $0.context != first.context }) {
            return Why("`\(first.arm.labelText)` calls `\(first.receiver).…(\(first.context))` and `\(other.arm.labelText)` calls `\(other.receiver).…(\(other.context))`, so how a new arm passes the cells and the context is not known; write the new cases by hand")
        }
        // `cells.queuedStop()`: the arms pass no context, and the generator's call does.
        for arm in dispatcher.arms {
            guard case .handle = arm.outcome.kind else { continue }
            var text = Substring(arm.outcome.text)
            for word in ["return ", "try ", "await "] where text.hasPrefix(word) { text = text.dropFirst(word.count) }
            guard text.hasSuffix("()"), let dot = text.firstIndex(of: "."), case let receiver = String(text[..<dot]),
                dispatcher.parameters.contains(where: { $0.name == receiver })
            else { continue }
            return Why("`\(arm.labelText)` calls `\(text)` with no context, and `\(dispatcher.function.text)` has no parameter typed as the machine's context, so the generator's call (`\(receiver).member(ctx)`) does not fit it; write the new cases by hand")
        }
        for arm in dispatcher.arms {
            var text = Substring(arm.outcome.text)
            for word in ["return ", "try ", "await "] where text.hasPrefix(word) { text = text.dropFirst(word.count) }
            guard let dot = text.firstIndex(of: "."), let open = text.firstIndex(of: "("), dot < open, text.hasSuffix(")"),
                case let receiver = String(text[..<dot]), Self.isIdentifier(receiver), receiver != "self"
            else { continue }
            return Why("`\(arm.labelText)` calls `\(text)` through `\(receiver)`, which is no parameter of `\(dispatcher.function.text)` typed as the machine's cells, so which cells and context a new arm would pass is not known")
        }
        return Why("no arm of the dispatcher calls a cells member, so the names of its cells and context parameters are not known")
    }

    /// The parameter the arms call members through when its type is a protocol of the team's
    /// own name (`cells: some DoorHandling`, `handlers: DoorHandling`): only `Cells` and
    /// `…Cells` protocols are read as a machine's cells (bb5 #15), so the members of this one
    /// are not known, and neither an arm calling a new one nor its requirement can be written.
    var unreadCellsParameter: Dispatcher.Parameter? {
        for arm in dispatcher.arms {
            var text = Substring(arm.outcome.text)
            for word in ["return ", "try ", "await "] where text.hasPrefix(word) { text = text.dropFirst(word.count) }
            guard let dot = text.firstIndex(of: "."), let open = text.firstIndex(of: "("), dot < open, text.hasSuffix(")") else { continue }
            let receiver = String(text[..<dot])
            guard let parameter = dispatcher.parameters.first(where: { $0.name == receiver }) else { continue }
            var type = parameter.type
            for prefix in ["any", "some"] where type.hasPrefix(prefix) && type.count > prefix.count {
                if let first = type.dropFirst(prefix.count).unicodeScalars.first, ("A"..."Z").contains(first) { type = String(type.dropFirst(prefix.count)) }
            }
            let last = type.split(separator: ".").last.map(String.init) ?? type
            guard MachineType.isTypeName(Substring(last)), !last.hasSuffix("Cells"), !last.hasSuffix("Ctx"), MachineType(type) == nil else { continue }
            return parameter
        }
        return nil
    }

    /// Why nothing that calls a new member is written through `unreadCellsParameter`; `place`
    /// says where the dispatcher is, for a message about another surface.
    func unreadCellsProtocol(at place: String? = nil) -> Why? {
        guard let parameter = unreadCellsParameter else { return nil }
        // The type as written without spaces: `someDoorHandling` is `some DoorHandling`.
        var type = parameter.type
        for prefix in ["any", "some"] where type.hasPrefix(prefix) {
            if let first = type.dropFirst(prefix.count).unicodeScalars.first, ("A"..."Z").contains(first) { type = prefix + " " + type.dropFirst(prefix.count) }
        }
        let name = "`\(dispatcher.function.text)`" + (place.map { " at \($0)" } ?? "")
        return Why("\(name) calls its cells through `\(parameter.name): \(type)`, a protocol not named `…Cells`, which tablint does not read as the machine's cells, so no fix writes an arm calling a member it may not declare, nor the requirement")
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// The insertions that write the missing pairs' arms, each after the arm of the nearest
    /// pair before it in row-major order (before the first arm when none comes before), and
    /// the pairs that cannot be written, with why. An insertion where a removed arm starts
    /// (`cutArms`, the arms the removal fixes delete) goes after it instead: two edits at one
    /// place would not be applied in one pass, and an enum case removed in that pass would
    /// leave the deferred arm naming it.
    ///
    /// `trailingArms` are written after the last arm of their row (a new state's), and
    /// `armsAfter` after the existing arm they are keyed by: the arms of a name the matrix
    /// dropped whose removal is left, which Swift's exhaustiveness needs.
    func insertions(
        _ pairs: [(state: Int, action: Int)], cutArms: [Range<Int>] = [], trailingArms: [Int: [String]] = [:],
        armsAfter: [Int: [String]] = [:]
    ) -> (edits: [TextEdit], refused: [(state: Int, action: Int, why: String)]) {
        let columns = shape.actions.count
        var refused: [(state: Int, action: Int, why: String)] = []
        var byOffset: [Int: [String]] = [:]
        var offsets: [Int] = []
        guard let first = dispatcher.arms.first else {
            return ([], pairs.map { ($0.state, $0.action, "the switch has no arm to place it beside") })
        }
        for pair in pairs.sorted(by: { ($0.state, $0.action) < ($1.state, $1.action) }) {
            switch arm(state: pair.state, action: pair.action) {
            case .failure(let why):
                refused.append((pair.state, pair.action, why.text))
            case .success(let text):
                let flat = pair.state * columns + pair.action
                let before = [deciders, coveringArms].compactMap { Self.nearestArm(before: flat, in: $0, columns: columns) }.max()
                if let separator = inlineSeparator {
                    // On the switch's line: before the arm that follows, or after the last.
                    let next = before.map { $0 + 1 } ?? 0
                    let offset = next < dispatcher.arms.count ? dispatcher.arms[next].labelRange.lowerBound : dispatcher.arms[next - 1].outcome.range.upperBound
                    if byOffset[offset] == nil { offsets.append(offset) }
                    let row = pair.action == columns - 1 ? trailingArms[pair.state] ?? [] : []
                    for written in [text] + row {
                        let arm = dispatcher.followingNeighbours(written)
                        byOffset[offset, default: []].append(next < dispatcher.arms.count ? arm + separator : separator + arm)
                    }
                    continue
                }
                let layout = before.map { dispatcher.arms[$0].layout } ?? first.layout
                var offset = before == nil ? layout.removal.lowerBound : layout.removal.upperBound
                while let cut = cutArms.first(where: { $0.lowerBound == offset && !$0.isEmpty }) { offset = cut.upperBound }
                if byOffset[offset] == nil { offsets.append(offset) }
                let row = pair.action == columns - 1 ? trailingArms[pair.state] ?? [] : []
                for written in [text] + row {
                    byOffset[offset, default: []].append(layout.labelIndent + dispatcher.followingNeighbours(written) + layout.newline)
                }
            }
        }
        for (armIndex, texts) in armsAfter.sorted(by: { $0.key < $1.key }) {
            let layout = dispatcher.arms[armIndex].layout
            var offset = layout.removal.upperBound
            while let cut = cutArms.first(where: { $0.lowerBound == offset && !$0.isEmpty }) { offset = cut.upperBound }
            if byOffset[offset] == nil { offsets.append(offset) }
            byOffset[offset, default: []] += texts.map { layout.labelIndent + dispatcher.followingNeighbours($0) + layout.newline }
        }
        let edits = offsets.map { TextEdit(range: $0..<$0, replacement: Array(byOffset[$0]!.joined().utf8)) }
        return (edits, refused)
    }

    /// The arm of the pair nearest before `flat` in row-major order that has one in `arms`.
    private static func nearestArm(before flat: Int, in arms: [[Int?]], columns: Int) -> Int? {
        guard !arms.isEmpty else { return nil }
        for earlier in stride(from: flat - 1, through: 0, by: -1) {
            if let arm = arms[earlier / columns][earlier % columns] { return arm }
        }
        return nil
    }

    /// The arm of a new state for an action the matrix no longer has but the enum keeps (its
    /// removal was refused): a trap, since the matrix says nothing of the pair.
    func keptActionArm(state: Int, action: String) -> String? {
        droppedNameArm(state: GeneratedShape.afterPeriod(shape.states[state].name), action: action, dropped: "\(action) is no action")
    }

    /// The arm of a new action for a state the matrix no longer has but the enum keeps.
    func keptStateArm(state: String, action: Int) -> String? {
        droppedNameArm(state: state, action: GeneratedShape.afterPeriod(shape.actions[action].name), dropped: "\(state) is no state")
    }

    private func droppedNameArm(state: String, action: String, dropped: String) -> String? {
        guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { return nil }
        var elements = ["", ""]
        elements[stateAt] = "." + state
        elements[actionAt] = "." + action
        return "case (\(elements.joined(separator: ", "))): fatalError(\"\(state) × \(action): \(dropped) of the matrix; remove it from the enum and its cases\")"
    }

    /// The edit that makes an arm return what its cell says, when its body is only the
    /// determined return (`return .ignored` or `fatalError(…)`, on the label's line or its own);
    /// otherwise why it is left.
    func rewrite(arm armIndex: Int, state: Int, action: Int) -> Result<TextEdit, Why> {
        if let why = reducerRefusal { return .failure(why) }
        let arm = dispatcher.arms[armIndex]
        guard case .items(let items, _) = arm.label, items.count == 1 else {
            return .failure(Why("its label lists other patterns too"))
        }
        let determined: Bool
        switch arm.outcome.kind {
        case .go, .ignored, .stay, .unreachable: determined = true
        default: determined = false
        }
        // The body is one statement, on the label's line or the next (`return` or nothing
        // before the expression read): a body with statements of its own is the author's.
        guard determined else { return .failure(Why("it calls `\(arm.outcome.text)`, whose code is the author's")) }
        guard let start = arm.outcome.soleStatementStart else {
            return .failure(Why("its body has code of its own besides the return the matrix determines"))
        }
        let allowed: Set<Int> = arm.outcome.kind == .unreachable || arm.outcome.omitsReturn ? [0] : [7, 8]
        guard allowed.contains(arm.outcome.range.lowerBound - start) else {
            return .failure(Why("its return is not written `return` and the expression, which is how the fix rewrites one"))
        }
        if shape.cells[state][action] == .handle, isHandNamed {
            return .failure(Why("the cell became HANDLE, and the protocol's members are named by their authors: declare the member and call it here"))
        }
        if shape.cells[state][action] == .handle, let why = memberCollision(state: state, action: action) { return .failure(why) }
        if shape.cells[state][action] == .handle, shape.states[state].hasPayload || shape.actions[action].hasPayload {
            // The whole arm, label too: its pattern binds the payload the narrowed structs are
            // built from, as the dispatcher's other payload arms do (else `payloadArm` says why).
            guard !items[0].isGuarded, let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else {
                return .failure(Why("its state or action carries a payload, and its label is not one pair the fix can rewrite"))
            }
            return payloadArm(state: state, action: action, stateAt: stateAt, actionAt: actionAt).map { text in
                TextEdit(range: arm.labelRange.lowerBound..<arm.outcome.range.upperBound, replacement: Array(text.utf8))
            }
        }
        switch body(state: state, action: action) {
        case .failure(let why): return .failure(why)
        case .success(let body):
            let expression = body.hasPrefix("return ") ? String(body.dropFirst(7)) : body
            if arm.outcome.kind == .unreachable, body.hasPrefix("return ") {
                let written = dispatcher.armsOmitReturn ? expression : body
                return .success(TextEdit(range: arm.outcome.range, replacement: Array(written.utf8)))
            }
            if arm.outcome.kind != .unreachable, !body.hasPrefix("return ") {
                // `return .ignored` becoming `fatalError(…)`: the `return` goes too.
                return .success(TextEdit(range: start..<arm.outcome.range.upperBound, replacement: Array(body.utf8)))
            }
            return .success(TextEdit(range: arm.outcome.range, replacement: Array(expression.utf8)))
        }
    }
}

extension Dispatcher {
    /// Whether its arms give their step without `return`, as a `switch` expression's must.
    var armsOmitReturn: Bool {
        arms.contains { arm in
            arm.outcome.omitsReturn && arm.outcome.soleStatementStart != nil && arm.outcome.kind != .unreachable
                && arm.outcome.kind != .unreadable
        }
    }

    /// A written arm (`case …: return x`) as its neighbours write theirs: without the `return`
    /// where they omit it.
    func followingNeighbours(_ arm: String) -> String {
        guard armsOmitReturn, let written = arm.range(of: ": return ") else { return arm }
        return arm.replacingCharacters(in: written, with: ": ")
    }
}
