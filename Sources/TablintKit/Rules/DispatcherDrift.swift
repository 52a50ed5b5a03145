/// `tablint::dispatcher-drift`: a hand-written dispatcher is the matrix written a second time,
/// as code. When the two disagree, the matrix (what reviewers, fixtures and the generator read)
/// no longer describes what the program does. This rule pairs each step dispatcher with its
/// matrix by machine name, possibly across files of the run, and compares them pair by pair.
/// Where the pairing or a body cannot be read with confidence it says nothing.
struct DispatcherDrift: RunRule {
    let code = "tablint::dispatcher-drift"
    let defaultSeverity = Severity.error
    let summary = "A dispatcher's cases disagree with its matrix: a pair missing, listed twice, or doing something else than its cell."
    /// Unsafe: a missing arm is written, and an arm whose body is only the determined return is
    /// rewritten, in the generator's shape (`DispatcherSync`); the arms and patterns of a state
    /// or action the matrix removed are removed, and those of one it renamed in place renamed
    /// (`RemovalSync`).
    var isFixable: Bool { true }

    init() {}

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for (fileIndex, file) in run.enumerated() {
            for dispatcher in file.dispatchers where !dispatcher.hasConditionalArms {
                // Two matrices for one machine: which one the dispatcher follows is a guess
                // (`ambiguous-pairing` says so).
                guard let machine = dispatcher.machine else { continue }
                let outcome = pairing.matrix(for: dispatcher, near: file.path)
                guard let ref = outcome.paired else {
                    // A `Table` with a row missing or of the wrong length: its other rows are
                    // still compared, in the same run as its `row-arity` error.
                    if case .none = outcome, dispatcher.kind == .step, let partial = Self.partialTable(for: dispatcher, machine, near: file.path, run),
                        let broken = Self.brokenStates(partial.matrix)
                    {
                        var comparison = Comparison(
                            rule: self, dispatcher: dispatcher, file: file, matrix: partial.matrix, matrixFile: run[partial.file],
                            declaredEffects: Self.declaredEffects(of: partial, machine: machine, pairing),
                            // Member names are not judged: whether the members are the
                            // generator's is read from a whole matrix's arms.
                            isHandNamed: { true }, brokenStates: broken)
                        found += comparison.run()
                    }
                    continue
                }
                let effects = Self.declaredEffects(of: ref, machine: machine, pairing)
                switch dispatcher.kind {
                case .step:
                    var comparison = stepComparison(dispatcher, fileIndex: fileIndex, ref, machine: machine, pairing)
                    found += comparison.run()
                case .effect:
                    // The effects once unknown-effect's fix adds its cases: their arms are
                    // written in the same run.
                    let afterFixes = UnknownEffect.effectsAfterAdditions(ref, pairing, declared: effects)
                    found += EffectComparison(
                        rule: self, dispatcher: dispatcher, file: file, matrix: ref.matrix, declaredEffects: afterFixes, declaredNow: effects,
                        shape: ref.matrix.surface == .tableLiteral ? UnknownEffect.shape(AliasedEnumSync.shape(ref, pairing), adding: afterFixes) : nil,
                        effectRemovals: EffectRemovalSync(ref, pairing), membersTakeContextInout: { RequirementSpelling.takesContextInout(ref, pairing) })
                        .run()
                default:
                    break
                }
            }
        }
        return found
    }

    /// A step dispatcher against its whole matrix, with what the fixes need.
    private func stepComparison(
        _ dispatcher: Dispatcher, fileIndex: Int, _ ref: MachinePairing.MatrixRef, machine: String, _ pairing: MachinePairing
    ) -> Comparison {
        let run = pairing.run
        let effects = Self.declaredEffects(of: ref, machine: machine, pairing)
        var comparison = Comparison(
            rule: self, dispatcher: dispatcher, file: run[fileIndex], matrix: ref.matrix, matrixFile: run[ref.file],
            declaredEffects: effects, isHandNamed: { CellMembers.isHandNamed(ref, pairing, machine: machine) },
            shape: ref.matrix.surface == .tableLiteral ? AliasedEnumSync.shape(ref, pairing) : nil)
        comparison.removals = ref.matrix.surface == .tableLiteral ? RemovalSync(ref, machine: ref.bound.machine, pairing) : nil
        comparison.fileIndex = fileIndex
        comparison.effectsAfterFixes = UnknownEffect.effectsAfterAdditions(ref, pairing, declared: effects)
        comparison.requirementRefusal = { CellsDrift.requirementRefusal($0, effect: false, of: ref, pairing) }
        comparison.membersTakeContextInout = { RequirementSpelling.takesContextInout(ref, pairing) }
        comparison.effectRefusal = { UnknownEffect.unseenEnumRefusal($0, of: ref, pairing) }
        // A name the dispatcher's patterns already spell is a case of an enum no file gives.
        let named = { (role: Dispatcher.Role, name: String) -> Bool in
            guard let at = dispatcher.position(of: role) else { return false }
            return dispatcher.arms.contains { arm in
                guard case .items(let items, _) = arm.label else { return false }
                return items.contains { $0.elements.count > at && $0.elements[at].wholeMember.map { Comparison.fold($0) == Comparison.fold(name) } == true }
            }
        }
        comparison.caseRefusal = { role, name in
            EnumDrift.caseRefusal(role, name, of: ref, pairing, namedByDispatcher: { named(role == .state ? .state : .action, $0) })
        }
        let enums = pairing.enums(of: ref.bound, near: run[ref.file].path)
        comparison.enumDeclares = { role, name in
            guard let declaration = (role == .state ? enums.states : enums.actions)?.declaration, declaration.hasKnownCases else { return true }
            return declaration.cases.contains { NameComparison.firstLetterFolded.equal($0.name, name) }
        }
        if let namespace = comparison.shape?.types.namespace {
            // cells-drift's fix declares a missing narrowed struct after a top-level protocol.
            let declares = pairing.cellsProtocols().contains { protocolRef, outcome in
                outcome.paired.map { $0.file == ref.file && $0.matrix.range == ref.matrix.range } == true
                    && NarrowedStructSync.insertionOffset(after: protocolRef.declaration, lines: run[protocolRef.file].lines) != nil
            }
            comparison.narrowedStructAvailable = { declares || NarrowedStructSync.isDeclared($0, in: namespace, run) }
        }
        return comparison
    }

    /// Why enum-drift's fix does not add the case of the matrix's `name`: a step dispatcher
    /// paired with the matrix has none of that name's cases, and the fix cannot write one of
    /// them (the case alone would make the switch non-exhaustive); nil when it writes them all.
    static func additionRefusal(_ role: RemovalSync.Role, _ name: String, of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> String? {
        guard ref.matrix.surface == .tableLiteral else { return nil }
        let run = pairing.run
        for (fileIndex, file) in run.enumerated() {
            for dispatcher in file.dispatchers where dispatcher.kind == .step {
                guard let machine = dispatcher.machine, let paired = pairing.matrix(for: dispatcher, near: file.path).paired,
                    paired.file == ref.file, paired.matrix.range == ref.matrix.range
                else { continue }
                // Its arms are not compared, so none is written: the case alone would make the
                // switch non-exhaustive (black-box bb4 play/14). A catch-all takes it.
                if dispatcher.hasConditionalArms {
                    if dispatcher.hasCatchAll { continue }
                    return "dispatcher `\(dispatcher.function.text)` has a `#if` among its arms, so no fix writes its cases for \(role.rawValue) `\(name)`"
                }
                var comparison = DispatcherDrift().stepComparison(dispatcher, fileIndex: fileIndex, ref, machine: machine, pairing)
                _ = comparison.run()
                if let why = comparison.additionRefusals[role.rawValue + " " + Comparison.fold(name)] { return why }
            }
        }
        return nil
    }

    /// Why no arm of a step dispatcher paired with the matrix will call the member of each
    /// HANDLE cell, by `state * actions + action`: the arm the fix would rewrite or write for
    /// it is left, so its requirement is not added (no implementation is asked for a member
    /// nothing calls, bb4 play/18). Empty when every such arm is written.
    static func handleArmRefusals(of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> [Int: String] {
        guard ref.matrix.surface == .tableLiteral else { return [:] }
        var found: [Int: String] = [:]
        for (fileIndex, dispatcher) in RemovalSync.dispatchers(of: ref, .step, pairing) where !dispatcher.hasConditionalArms {
            guard let machine = dispatcher.machine else { continue }
            var comparison = DispatcherDrift().stepComparison(dispatcher, fileIndex: fileIndex, ref, machine: machine, pairing)
            _ = comparison.run()
            found.merge(comparison.leftHandleArms) { first, _ in first }
        }
        return found
    }

    /// The one `Table` of the dispatcher's machine that cannot be linted whole (a row missing
    /// or of the wrong length), chosen as pairing chooses.
    static func partialTable(for dispatcher: Dispatcher, _ machine: String, near: String, _ run: [FileSummary]) -> MachinePairing.MatrixRef? {
        let key = MachineKey.normalized(machine)
        let candidates = run.indices.flatMap { index in
            run[index].shortTables.filter { $0.key == key }.map { MachinePairing.MatrixRef(file: index, bound: $0) }
        }
        return MachinePairing.choose(
            candidates, owner: dispatcher.owner, machine: machine, ownerOf: { $0.bound.owner }, near: near, pathOf: { run[$0.file].path }
        ).paired
    }

    /// The states whose rows are missing, of the wrong length or not read, nil when the rows
    /// that are there are not the states' in order (then no row can be trusted).
    static func brokenStates(_ matrix: Matrix) -> Set<Int>? {
        var broken = Set<Int>()
        for state in matrix.states.indices {
            guard state < matrix.rows.count else {
                broken.insert(state)
                continue
            }
            let row = matrix.rows[state]
            if let label = row.label, label.text.lowercased() != matrix.states[state].text.lowercased() { return nil }
            if row.cells.count != matrix.actions.count || row.cells.contains(where: { if case .unknown = $0.kind { return true } else { return false } }) {
                broken.insert(state)
            }
        }
        return broken.count < matrix.states.count ? broken : nil
    }

    /// The effects `enum F` declares for the matrix's machine (an `@Machine` enum's own), nil
    /// when no enum says.
    static func declaredEffects(of ref: MachinePairing.MatrixRef, machine: String, _ pairing: MachinePairing) -> [String]? {
        if ref.matrix.surface == .machineEnum { return ref.matrix.effects?.map(\.text) }
        return pairing.enums(of: machine, near: pairing.run[ref.file].path, outer: ref.bound.owner == nil ? nil : ref.bound.outerTypes).effects?.declaration.cases.map(\.name)
    }
}

/// An effect dispatcher (`perform`) against the effects: each arm calls the member the
/// generator names for its effect, and names each effect once.
private struct EffectComparison {
    let rule: DispatcherDrift
    let dispatcher: Dispatcher
    let file: FileSummary
    let matrix: Matrix
    let declaredEffects: [String]?
    /// What `enum F` declares as read, before unknown-effect's fix adds to it: a message says
    /// which effects the enum has and which the fix gives it (bb4 play/97).
    var declaredNow: [String]? = nil
    /// For the fix that writes a missing effect's arm; nil where nothing is fixed.
    var shape: GeneratedShape? = nil
    /// The effects no cell emits any more, whose arms go with their cases.
    var effectRemovals: EffectRemovalSync? = nil
    /// `DispatcherSync.membersTakeContextInout`.
    var membersTakeContextInout: () -> Bool = { false }

    func run() -> [Diagnostic] {
        var found = removedEffectsArms()
        var seen: [String: Dispatcher.Arm] = [:]
        let name = "`\(dispatcher.function.text)`"
        var named = Set((declaredEffects ?? []).map { NameCasing.lowerFirst($0) })
        for arm in dispatcher.arms {
            guard case .items(let items, _) = arm.label else { continue }
            for item in items where !item.isTuple {
                if let effect = item.elements[0].wholeMember ?? Self.member(item.elements[0]) { named.insert(NameCasing.lowerFirst(effect)) }
            }
        }
        for arm in dispatcher.arms {
            guard case .items(let items, _) = arm.label else { continue }
            var effects: [String] = []
            for item in items where !item.isGuarded {
                guard !item.isTuple, let effect = item.elements[0].wholeMember ?? Self.member(item.elements[0]) else { continue }
                effects.append(effect)
                if let earlier = seen[effect] {
                    found.append(rule.diagnostic(
                        file, at: item.range,
                        "`\(arm.labelText)` in effect dispatcher \(name) handles effect `\(effect)` again; `\(earlier.labelText)` above already handles it, so this case never runs. Keep one case per effect",
                        notes: [file.note(at: earlier.labelRange.lowerBound, "`\(effect)` is first handled here")]))
                } else {
                    seen[effect] = arm
                }
            }
            guard case .handle(let member) = arm.outcome.kind, !effects.isEmpty else { continue }
            let expected = effects.map { NameCasing.lowerFirst($0) }
            // A member that is no effect's generated name (nor a slip of this one's) is named
            // by the protocol's authors (`ringTheChime` for `chime`), as hand-written `Cells`
            // protocols may be: only another effect's member, or a typo, is this rule's.
            let isAuthorsName = !named.contains(member)
                && !expected.contains { EditDistance.isSlip(member.lowercased(), of: $0.lowercased()) }
            if !expected.contains(member), !isAuthorsName {
                let list = expected.map { "`\($0)`" }.joined(separator: " or ")
                // The partner: the case of the effect whose member this arm calls.
                let owner = dispatcher.arms.first { other in
                    guard case .items(let items, _) = other.label else { return false }
                    return items.contains { item in
                        !item.isTuple && (item.elements[0].wholeMember ?? Self.member(item.elements[0])).map(NameCasing.lowerFirst) == member
                    }
                }
                let notes = owner.map { [file.note(at: $0.labelRange.lowerBound, "`\(member)` is the member of effect `\(member)`, performed by `\($0.labelText)` here")] } ?? []
                found.append(rule.diagnostic(
                    file, at: arm.outcome.range,
                    "`\(arm.labelText)` in effect dispatcher \(name) calls `\(arm.outcome.text)`, but the generator names the cells member of \(effects.count == 1 ? "this effect" : "these effects") \(list); expected a call to \(list), or this case performs another effect's work",
                    notes: notes))
            }
        }
        found += missingEffects(seen)
        return found
    }

    /// The arms of effects no cell emits any more, each with the fix that removes it when its
    /// effect goes (enum-drift says why one stays).
    private func removedEffectsArms() -> [Diagnostic] {
        guard let effectRemovals else { return [] }
        let run = effectRemovals.run
        return effectRemovals.removed.filter { $0.refusal == nil }.flatMap { effect in
            effect.arms.filter { run[$0.file].path == file.path && dispatcher.arms.contains($0.arm) }.map { _, arm in
                rule.diagnostic(
                    file, at: arm.labelRange,
                    "`\(arm.labelText)` in effect dispatcher `\(dispatcher.function.text)` performs `\(effect.name)`, which no cell of the matrix emits; the fix removes the case, as enum-drift's removes `case \(effect.name)` from `enum F`",
                    fix: Diagnostic.Fix(edits: [TextEdit(range: arm.layout.removal, replacement: [])], applicability: .unsafe))
            }
        }
    }

    /// Effects `enum F` declares that no arm performs (Swift's exhaustiveness error, once the
    /// enum has the case): reported once, at the `switch`, with the fix that writes their arms
    /// as the generator would, each after the arm of the effect before it.
    private func missingEffects(_ seen: [String: Dispatcher.Arm]) -> [Diagnostic] {
        guard let shape, let declared = declaredEffects, !dispatcher.hasCatchAll, let first = dispatcher.arms.first,
            dispatcher.arms.allSatisfy({ if case .items = $0.label { return true } else { return false } })
        else { return [] }
        let missing = declared.indices.filter { seen[declared[$0]] == nil }
        guard !missing.isEmpty else { return [] }
        let names = missing.map { "`\(declared[$0])`" }
        let name = "`\(dispatcher.function.text)`"
        let now = Set((declaredNow ?? declared).map(NameCasing.lowerFirst))
        let declaresAll = missing.allSatisfy { now.contains(NameCasing.lowerFirst(declared[$0])) }
        let whose = declaresAll ? "which `enum F` declares" : "which the matrix emits (unknown-effect's fix adds what `enum F` lacks)"
        var message = "effect dispatcher \(name) has no case for \(names.count == 1 ? "effect " + names[0] : "effects " + names.joined(separator: ", ")), \(whose); expected a case calling \(missing.map { "`\(GeneratedShape.effectMember(declared[$0]))`" }.joined(separator: ", "))"
        let receiver = Self.cellsCall(dispatcher, membersTakeContextInout: membersTakeContextInout)
        var fix: Diagnostic.Fix?
        if let (cells, context) = receiver {
            var byOffset: [Int: String] = [:]
            var offsets: [Int] = []
            for index in missing {
                guard let effectIndex = shape.effects.firstIndex(where: { $0.name == declared[index] }) else { continue }
                let arm = dispatcher.followingNeighbours(shape.performArm(effectIndex)
                    .replacingOccurrences(of: "return cells.", with: "return \(DispatcherSync.callPrefix(dispatcher, file.memberReferences))\(cells).")
                    .replacingOccurrences(of: "(ctx", with: "(\(context)"))
                // After the arm of the nearest effect before it that has one, in the order the
                // enum has once unknown-effect's fix adds its cases.
                // (With an effect going in the same run, as before: its arm's removal and the
                // insertion after it would meet at one place.)
                let going = !(effectRemovals?.removed.isEmpty ?? true)
                let ordered = going ? declared : declaredNow.map { UnknownEffect.enumOrder(declared, declared: $0, matrix) } ?? declared
                let position = ordered.firstIndex(of: declared[index]) ?? index
                let before = ordered[..<position].reversed().compactMap { seen[$0] }.first
                let layout = (before ?? first).layout
                var offset = before == nil ? layout.removal.lowerBound : layout.removal.upperBound
                // `switch f { case .a: cells.a() }` on one line: the new arm takes a line of its
                // own, under the first, instead of running the line on.
                let lines = file.lines
                let oneLine = lines.lineIndex(of: offset) == lines.lineIndex(of: dispatcher.switchRange.lowerBound)
                if oneLine { offset = before?.outcome.range.upperBound ?? offset }
                if byOffset[offset] == nil { offsets.append(offset) }
                if oneLine, before != nil {
                    byOffset[offset, default: ""] += layout.newline + layout.labelIndent + arm
                } else if oneLine {
                    byOffset[offset, default: ""] += arm + layout.newline + layout.labelIndent
                } else {
                    byOffset[offset, default: ""] += layout.labelIndent + arm + layout.newline
                }
            }
            if !offsets.isEmpty {
                fix = Diagnostic.Fix(edits: offsets.map { TextEdit(range: $0..<$0, replacement: Array(byOffset[$0]!.utf8)) }, applicability: .unsafe)
                message += "; the fix writes \(missing.count == 1 ? "it" : "them") as the generator would"
            }
        } else if let why = DispatcherSync(dispatcher: dispatcher, shape: shape, deciders: []).unreadCellsProtocol() {
            message += "; no fix: \(why.text)"
        } else {
            message += "; no fix: no arm calls a cells member and no parameter is typed as the cells and the context, so their names are not known"
        }
        return [rule.diagnostic(file, at: dispatcher.switchRange, message, fix: fix)]
    }

    /// The cells receiver and context the arms call members with, else the parameters typed so.
    static func cellsCall(_ dispatcher: Dispatcher, membersTakeContextInout: @escaping () -> Bool = { false }) -> (String, String)? {
        let placeholder = GeneratedShape(machine: "M", states: [], actions: [], effects: [], cells: [])
        var sync = DispatcherSync(dispatcher: dispatcher, shape: placeholder, deciders: [])
        sync.membersTakeContextInout = membersTakeContextInout
        return sync.cellsCall()
    }

    /// `.stopClock(let reason)`: the case, even with a refutable payload.
    static func member(_ element: Dispatcher.PatternElement) -> String? {
        if case .member(let name, _) = element.kind { return name }
        return nil
    }
}

/// One dispatcher against one matrix.
private struct Comparison {
    let rule: DispatcherDrift
    let dispatcher: Dispatcher
    let file: FileSummary
    let matrix: Matrix
    let matrixFile: FileSummary

    /// Which arm item decides a pair: the first that covers it without a condition.
    struct Decider {
        var arm: Int
        var item: Dispatcher.CaseItem?
    }

    private var decider: [[Decider?]] = []
    /// Covered first by a guarded or partial item: which arm runs is decided at run time.
    private var conditional: [[Bool]] = []
    /// How many pairs are still undecided (`open`) and still untouched by any item (`fresh`),
    /// per row, per column and in all: an item that can change nothing is skipped without
    /// walking its pairs, so a switch of many catch-alls costs no more than the matrix.
    private var open = Counts()
    private var fresh = Counts()
    private var found: [Diagnostic] = []
    private var reportedUndeclared = Set<String>()

    struct Counts {
        var rows: [Int] = []
        var columns: [Int] = []
        var total = 0

        init() {}

        init(states: Int, actions: Int) {
            rows = Array(repeating: actions, count: states)
            columns = Array(repeating: states, count: actions)
            total = states * actions
        }

        mutating func remove(_ state: Int, _ action: Int) {
            rows[state] -= 1
            columns[action] -= 1
            total -= 1
        }

        /// Whether any counted pair lies in `states` × `actions`, judged by its row, its
        /// column or the total: enough to skip an item that covers one row, one column or all.
        func mayHave(_ states: Range<Int>, _ actions: Range<Int>) -> Bool {
            if total == 0 || states.isEmpty || actions.isEmpty { return false }
            if states.count == 1, rows[states.lowerBound] == 0 { return false }
            if actions.count == 1, columns[actions.lowerBound] == 0 { return false }
            return true
        }
    }

    /// `enum F`'s cases, to spell a misspelt cell effect as the enum does.
    let declaredEffects: [String]?

    /// States whose rows are missing or of the wrong length (`row-arity` reports them): their
    /// pairs are not compared.
    let brokenStates: Set<Int>

    /// Whether the machine's cells members are named by their authors (`CellMembers`): then
    /// the generator's names are no yardstick, and `cells-drift` checks the pairing.
    let isHandNamed: () -> Bool

    /// The generator's shape of the matrix, for the fixes; nil where nothing is fixed (a
    /// partial table, an `@Machine` enum, whose dispatcher the macro writes).
    let shape: GeneratedShape?
    /// What goes with the states and actions the matrix removed, and the dispatcher's file in
    /// the run; nil where nothing is fixed.
    var removals: RemovalSync?
    var fileIndex = 0
    /// Whether a narrowed struct is declared in the run or will be (`DispatcherSync`).
    var narrowedStructAvailable: (String) -> Bool = { _ in true }
    /// `enum F`'s cases once the fixes add what they can (`DispatcherSync.effectsAfterFixes`).
    var effectsAfterFixes: [String]?
    /// Why no requirement of a member will be declared (`DispatcherSync.requirementRefusal`).
    var requirementRefusal: (String) -> String? = { _ in nil }
    /// `DispatcherSync.membersTakeContextInout`.
    var membersTakeContextInout: () -> Bool = { false }
    /// Why an effect's name may not be written (`DispatcherSync.effectRefusal`).
    var effectRefusal: (String) -> String? = { _ in nil }
    /// Why a name is no case once the fixes are applied (`DispatcherSync.caseRefusal`).
    var caseRefusal: (RemovalSync.Role, String) -> String? = { _, _ in nil }
    /// Why the fix writes none of the cases of a state or action the dispatcher has no case
    /// for, keyed `state <folded name>`: one of them cannot be written (enum-drift then leaves
    /// the enum's case out too, so the code still compiles).
    private(set) var additionRefusals: [String: String] = [:]
    /// Whether the state or action enum declares a case of the matrix's name (true when its
    /// cases are not known).
    var enumDeclares: (RemovalSync.Role, String) -> Bool = { _, _ in true }
    /// Why no arm will call the member of a HANDLE cell, by `state * actions + action`: its
    /// arm is left or not written, so cells-drift adds no requirement for it.
    private(set) var leftHandleArms: [Int: String] = [:]

    init(
        rule: DispatcherDrift, dispatcher: Dispatcher, file: FileSummary, matrix: Matrix, matrixFile: FileSummary,
        declaredEffects: [String]? = nil, isHandNamed: @escaping () -> Bool = { false }, brokenStates: Set<Int> = [],
        shape: GeneratedShape? = nil
    ) {
        self.shape = shape
        self.brokenStates = brokenStates
        self.declaredEffects = declaredEffects
        self.isHandNamed = isHandNamed
        self.rule = rule
        self.dispatcher = dispatcher
        self.file = file
        self.matrix = matrix
        self.matrixFile = matrixFile
        states = matrix.states.map { Self.fold($0.text) }
        actions = matrix.actions.map { Self.fold($0.text) }
        stateIndex = Dictionary(states.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        actionIndex = Dictionary(actions.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func fold(_ name: String) -> String { name.lowercased() }

    /// The matrix's names, folded once, and their indices.
    private let states: [String]
    private let actions: [String]
    private let stateIndex: [String: Int]
    private let actionIndex: [String: Int]
    private var name: String { "`\(dispatcher.function.text)`" }
    private var machine: String { "`\(matrix.machine.text)`" }

    mutating func run() -> [Diagnostic] {
        guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action),
            stateIndex.count == states.count, actionIndex.count == actions.count
        else { return [] }
        decider = Array(repeating: Array(repeating: nil, count: actions.count), count: states.count)
        conditional = Array(repeating: Array(repeating: false, count: actions.count), count: states.count)
        open = Counts(states: states.count, actions: actions.count)
        fresh = open
        for (armIndex, arm) in dispatcher.arms.enumerated() {
            switch arm.label {
            case .unreadable:
                return []  // it may match anything
            case .default, .unknownDefault:
                cover(states.indices, actions.indices, arm: armIndex, item: nil, conditional: false, explicit: false)
            case .items(let items, _):
                for item in items {
                    guard let (coveredStates, coveredActions, partial) = coverage(of: item, arm, stateAt, actionAt) else {
                        return []  // a pattern tablint cannot read may match anything
                    }
                    let explicit = item.isTuple && item.elements.allSatisfy { $0.wholeMember != nil }
                    cover(coveredStates, coveredActions, arm: armIndex, item: item, conditional: item.isGuarded || partial, explicit: explicit)
                }
            }
        }
        withholdCaughtAdditions(stateAt, actionAt)
        reportMissing()
        reportMismatches()
        return found
    }

    /// A state or action the matrix added, which the enum lacks and only catch-alls decide
    /// (`default:`, `(.off, _)`): dispatcher-default's fix spells them out with the enum's
    /// cases, so once enum-drift added the case the switch would lack its pairs. When one of
    /// them cannot be written, enum-drift does not add the case either, and a `GO` to it is
    /// not retargeted, so the switch stays exhaustive (bb6 #3). Fills `additionRefusals`.
    private mutating func withholdCaughtAdditions(_ stateAt: Int, _ actionAt: Int) {
        guard dispatcher.hasCatchAll, matrix.surface == .tableLiteral, let sync else { return }
        func caught(_ state: Int, _ action: Int, namedAt position: Int) -> Bool {
            guard let decider = decider[state][action], !conditional[state][action] else { return false }
            guard let item = decider.item else { return true }
            return item.elements.count > position && item.elements[position].wholeMember == nil
        }
        func probe(_ pairs: [(state: Int, action: Int)]) -> (pair: String, why: String)? {
            for pair in pairs {
                if case .failure(let why) = sync.arm(state: pair.state, action: pair.action) {
                    return ("(\(matrix.states[pair.state].text), \(matrix.actions[pair.action].text))", why.text)
                }
            }
            return nil
        }
        let because = "; its other cases are decided by a catch-all that dispatcher-default's fix spells out with the enum's cases, so the case alone would leave the switch non-exhaustive"
        for state in states.indices where !actions.isEmpty && !enumDeclares(.state, matrix.states[state].text)
            && removals?.rename(.state, matrixName: matrix.states[state].text) == nil
            && actions.indices.allSatisfy({ caught(state, $0, namedAt: stateAt) }) {
            guard let refusal = probe(actions.indices.map { (state, $0) }) else { continue }
            additionRefusals["state " + states[state]] = "dispatcher \(name) has no case for state `\(matrix.states[state].text)`, and its case for \(refusal.pair) cannot be written: \(refusal.why)" + because
        }
        for action in actions.indices where !states.isEmpty && !enumDeclares(.action, matrix.actions[action].text)
            && removals?.rename(.action, matrixName: matrix.actions[action].text) == nil
            && states.indices.allSatisfy({ caught($0, action, namedAt: actionAt) }) {
            guard let refusal = probe(states.indices.map { ($0, action) }) else { continue }
            additionRefusals["action " + actions[action]] = "dispatcher \(name) has no case for action `\(matrix.actions[action].text)`, and its case for \(refusal.pair) cannot be written: \(refusal.why)" + because
        }
    }

    /// The states and actions an item covers (all, one, or none for an undeclared name), and
    /// whether it covers them only in part (a refutable payload); nil for a pattern not read.
    private mutating func coverage(
        of item: Dispatcher.CaseItem, _ arm: Dispatcher.Arm, _ stateAt: Int, _ actionAt: Int
    ) -> (Range<Int>, Range<Int>, Bool)? {
        if !item.isTuple {
            return item.elements[0].matchesEverything ? (states.indices, actions.indices, false) : nil
        }
        var partial = false
        func indices(_ element: Dispatcher.PatternElement, _ names: [String: Int], count: Int, _ role: String) -> Range<Int>? {
            switch element.kind {
            case .wildcard, .binding:
                return 0..<count
            case .member(let member, let refutable):
                partial = partial || refutable
                if let index = names[Self.fold(member)] { return index..<(index + 1) }
                undeclared(member, role, element, arm)
                return 0..<0
            case .other:
                return nil
            }
        }
        guard let coveredStates = indices(item.elements[stateAt], stateIndex, count: states.count, "state"),
            let coveredActions = indices(item.elements[actionAt], actionIndex, count: actions.count, "action")
        else { return nil }
        return (coveredStates, coveredActions, partial)
    }

    private mutating func cover(
        _ coveredStates: Range<Int>, _ coveredActions: Range<Int>, arm: Int, item: Dispatcher.CaseItem?,
        conditional isConditional: Bool, explicit: Bool
    ) {
        // Only an explicit pair can be a duplicate; any other item matters only where it still
        // decides (or makes conditional) a pair.
        if !explicit, !(isConditional ? fresh : open).mayHave(coveredStates, coveredActions) { return }
        for state in coveredStates {
            for action in coveredActions {
                if let earlier = decider[state][action] {
                    if explicit, !isConditional, let item { duplicate(item, arm, of: earlier, state, action) }
                } else if isConditional {
                    if !conditional[state][action] {
                        conditional[state][action] = true
                        fresh.remove(state, action)
                    }
                } else {
                    decider[state][action] = Decider(arm: arm, item: item)
                    open.remove(state, action)
                    if !conditional[state][action] { fresh.remove(state, action) }
                }
            }
        }
    }

    /// The fixes' writer, over the arms that decide each pair with an explicit pattern.
    private var sync: DispatcherSync? {
        guard let shape, shape.states.count == states.count, shape.actions.count == actions.count else { return nil }
        let deciders = decider.map { row in
            row.map { decider -> Int? in
                guard let decider, let item = decider.item, item.isTuple, item.elements.allSatisfy({ $0.wholeMember != nil }) else { return nil }
                return decider.arm
            }
        }
        var sync = DispatcherSync(dispatcher: dispatcher, shape: shape, deciders: deciders)
        sync.coveringArms = decider.map { row in row.map { $0?.arm } }
        sync.isHandNamed = shape.cells.contains { $0.contains(.handle) } && isHandNamed()
        sync.narrowedStructAvailable = narrowedStructAvailable
        sync.effectsAfterFixes = effectsAfterFixes
        sync.requirementRefusal = requirementRefusal
        sync.membersTakeContextInout = membersTakeContextInout
        sync.effectRefusal = effectRefusal
        // A name this dispatcher leaves out with all its cases (so enum-drift does not add its
        // case) is no case after the fixes either: no rewritten arm may name it (black-box play/42).
        let leftOut = additionRefusals, refusal = caseRefusal
        sync.caseRefusal = { role, name in refusal(role, name) ?? leftOut[role.rawValue + " " + Comparison.fold(name)] }
        sync.inlineSeparator = Self.inlineSeparator(dispatcher, file)
        sync.callPrefix = DispatcherSync.callPrefix(dispatcher, file.memberReferences)
        return sync
    }

    /// What separates the arms of a switch written on one line with its `switch` (black-box
    /// play/35): `"; "` when its arms are so separated, `" "` when by a space; nil for a switch
    /// over several lines, or one whose bytes or bodies are not read (new arms then take lines).
    static func inlineSeparator(_ dispatcher: Dispatcher, _ file: FileSummary) -> String? {
        let line = file.location(of: dispatcher.switchRange.lowerBound).line
        guard let last = dispatcher.arms.last, dispatcher.arms.allSatisfy({ $0.outcome.soleStatementStart != nil }),
            file.location(of: last.outcome.range.upperBound).line == line,
            dispatcher.arms.allSatisfy({ file.location(of: $0.labelRange.lowerBound).line == line })
        else { return nil }
        var gaps: Set<String> = []
        for (arm, next) in zip(dispatcher.arms, dispatcher.arms.dropFirst()) {
            guard let gap = file.memberReferences.text(in: arm.outcome.range.upperBound..<next.labelRange.lowerBound) else { return nil }
            gaps.insert(gap.trimmingCharacters(in: .whitespaces) == ";" ? "; " : gap.allSatisfy({ $0 == " " }) ? " " : "?")
        }
        if gaps.contains("?") || gaps.count > 1 { return nil }
        return gaps.first ?? "; "
    }

    // MARK: Findings

    private mutating func undeclared(_ member: String, _ role: String, _ element: Dispatcher.PatternElement, _ arm: Dispatcher.Arm) {
        guard reportedUndeclared.insert(role + " " + Self.fold(member)).inserted else { return }
        let list = role == "state" ? matrix.stateList : matrix.actionList
        let declared = role == "state" ? matrix.statesRange : matrix.actionsRange
        var message = "`\(arm.labelText)` in dispatcher \(name) names \(role) `\(member)`, which the matrix \(machine) does not declare. \(role == "state" ? "States" : "Actions"): \(list)"
        var fix: Diagnostic.Fix?
        if matrix.surface == .machineEnum {
            message += "; \(DispatcherSync.machineEnumReason)"
        } else if let removals, let rename = removals.rename(role == "state" ? .state : .action, old: member) {
            if let refusal = rename.refusal {
                message += "; the matrix lists `\(rename.matrixName)` in its place, but no fix renames `\(member)`: \(refusal)"
            } else {
                let edits = removals.renameEdits(file: fileIndex) { $0 == .dispatcher(dispatcher.switchRange) }
                if !edits.isEmpty {
                    fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
                    message += "; the matrix renamed it `\(rename.matrixName)` (the same cells), so the fix renames it `\(rename.new)` in the patterns, in a `GO` to it and in the calls of its cells' members, as enum-drift's renames the case"
                }
            }
        } else if let removals, let removal = removals.removal(role == "state" ? .state : .action, member) {
            if let refusal = removal.refusal {
                message += "; no fix removes `\(member)`: \(refusal)"
            } else {
                let cuts = removals.cuts(of: removal.role, member, file: fileIndex, switchRange: dispatcher.switchRange)
                let whole = cuts.filter(\.isWholeArm).count, patterns = cuts.count - whole
                let parts = (whole > 0 ? [whole == 1 ? "1 case" : "\(whole) cases"] : []) + (patterns > 0 ? [patterns == 1 ? "1 pattern" : "\(patterns) patterns"] : [])
                if !cuts.isEmpty {
                    fix = Diagnostic.Fix(edits: cuts.map(\.edit), applicability: .unsafe)
                    message += "; the fix removes the \(parts.joined(separator: " and ")) that name it, as enum-drift's removes the case"
                }
            }
        }
        found.append(rule.diagnostic(
            file, at: element.range, message,
            notes: [matrixFile.note(at: declared.lowerBound, "the matrix \(machine) declares its \(role)s here")], fix: fix))
    }

    private mutating func duplicate(_ item: Dispatcher.CaseItem, _ arm: Int, of earlier: Decider, _ state: Int, _ action: Int) {
        let first = dispatcher.arms[earlier.arm]
        let pair = "(\(matrix.states[state].text), \(matrix.actions[action].text))"
        found.append(rule.diagnostic(
            file, at: item.range,
            "`\(dispatcher.arms[arm].labelText)` in dispatcher \(name) handles \(pair) again; `\(first.labelText)` above already handles it, so this case never runs. Keep one case per pair",
            notes: [file.note(at: (earlier.item?.range ?? first.labelRange).lowerBound, "\(pair) is first handled here")]))
    }

    /// Pairs no arm covers: the enum and the matrix disagree (Swift's exhaustiveness check
    /// passes only because the enum lacks the state or action). A state or action none of
    /// whose pairs has a case is reported once.
    private mutating func reportMissing() {
        let missing = states.indices.map { state in
            actions.indices.map { !brokenStates.contains(state) && decider[state][$0] == nil && !conditional[state][$0] }
        }
        // The pairs of a name the matrix renamed in place come with the rename, not as new arms.
        let renamedStates = Set(states.indices.filter { removals?.rename(.state, matrixName: matrix.states[$0].text).map { $0.refusal == nil } ?? false })
        let renamedActions = Set(actions.indices.filter { removals?.rename(.action, matrixName: matrix.actions[$0].text).map { $0.refusal == nil } ?? false })
        let stateType = dispatcher.subjects.first { $0.role == .state }!.type
        let actionType = dispatcher.subjects.first { $0.role == .action }!.type
        let wholeStates = Set(states.indices.filter { state in !actions.isEmpty && missing[state].allSatisfy { $0 } })
        let compared = states.indices.filter { !brokenStates.contains($0) }
        let wholeActions = Set(actions.indices.filter { action in !compared.isEmpty && compared.allSatisfy { missing[$0][action] } })
        let at = dispatcher.switchRange
        let firstMissing = found.count
        for state in states.indices.sorted() where wholeStates.contains(state) {
            let declared = matrix.states[state]
            found.append(rule.diagnostic(
                file, at: at,
                "dispatcher \(name) has no case for state `\(declared.text)`, which has a row in the matrix \(machine); expected `\(Self.lower(declared.text))` in `\(stateType)` and a case for each of its \(actions.count == 1 ? "1 action" : "\(actions.count) actions")",
                notes: [matrixFile.note(at: matrix.rowAnchor(state).lowerBound, "the row of `\(declared.text)` is here")]))
        }
        for action in actions.indices where wholeActions.contains(action) && wholeStates.count < states.count {
            let declared = matrix.actions[action]
            found.append(rule.diagnostic(
                file, at: at,
                "dispatcher \(name) has no case for action `\(declared.text)`, which has a column in the matrix \(machine); expected `\(Self.lower(declared.text))` in `\(actionType)` and a case for it in each state",
                notes: [matrixFile.note(at: declared.range.lowerBound, "`\(declared.text)` is declared here")]))
        }
        for state in states.indices where !wholeStates.contains(state) {
            for action in actions.indices where missing[state][action] && !wholeActions.contains(action) {
                let cell = matrix.rows[state].cells[action]
                let pair = "(\(matrix.states[state].text), \(matrix.actions[action].text))"
                found.append(rule.diagnostic(
                    file, at: at,
                    "dispatcher \(name) has no case for \(pair), which the matrix \(machine) declares as \(Self.describe(cell.kind)); expected a case returning \(expected(cell.kind, state, action))",
                    notes: [matrixFile.note(at: cell.range.lowerBound, "cell \(pair) is here")]))
            }
        }
        // One fix writes every missing arm, each in its row-major place: it rides on the
        // first of these diagnostics, and says which pairs it leaves.
        if found.count > firstMissing, matrix.surface == .machineEnum {
            found[firstMissing].message += "; \(DispatcherSync.machineEnumReason)"
        }
        guard found.count > firstMissing, let sync else { return }
        let pairs = states.indices.flatMap { state in
            actions.indices.filter { missing[state][$0] && !renamedStates.contains(state) && !renamedActions.contains($0) }.map { (state: state, action: $0) }
        }
        guard !pairs.isEmpty else {
            found[firstMissing].message += "; the matrix renamed in place the \(renamedStates.isEmpty ? "action" : "state") of these pairs: its cases are renamed, not written (see the finding at the old name)"
            return
        }
        let cutArms = removals?.cuts.filter { $0.isWholeArm && $0.file == fileIndex && $0.switchRange == dispatcher.switchRange }.map(\.edit.range) ?? []
        let (withheld, writable) = withholdingAdditions(pairs, wholeStates: wholeStates, wholeActions: wholeActions, sync)
        var note = ""
        let keptActions = keptActionsUncovered()
        var trailingArms: [Int: [String]] = [:]
        for state in wholeStates where !keptActions.isEmpty && writable.contains(where: { $0.state == state }) {
            trailingArms[state] = keptActions.compactMap { sync.keptActionArm(state: state, action: $0) }
        }
        let keptStates = keptStatesUncovered()
        var armsAfter: [Int: [String]] = [:]
        for action in wholeActions.sorted() where writable.contains(where: { $0.action == action }) {
            for kept in keptStates {
                armsAfter[kept.lastArm, default: []] += sync.keptStateArm(state: kept.name, action: action).map { [$0] } ?? []
            }
        }
        var (edits, refused) = sync.insertions(writable, cutArms: cutArms, trailingArms: trailingArms, armsAfter: armsAfter)
        if !trailingArms.isEmpty || !armsAfter.isEmpty {
            let names = (trailingArms.isEmpty ? [] : keptActions) + (armsAfter.isEmpty ? [] : keptStates.map(\.name))
            let listed = names.map { "`\($0)`" }.joined(separator: ", ")
            note += "; the enum keeps \(listed), whose removal is left, so the new cases for \(names.count == 1 ? "it trap" : "them trap") (`fatalError`) to keep the switch exhaustive"
        }
        refused = (refused + withheld).sorted { ($0.state, $0.action) < ($1.state, $1.action) }
        for pair in refused where sync.shape.cells[pair.state][pair.action] == .handle && !sync.carriesPayload(pair.state, pair.action) {
            leftHandleArms[pair.state * actions.count + pair.action] = "dispatcher \(name) has no case for \(label(pair.state, pair.action)), and the fix does not write it: \(pair.why)"
        }
        if !refused.isEmpty {
            let listed = refused.prefix(Self.listedPairs).map { "\(label($0.state, $0.action)): \($0.why)" }
            note = "; the fix does not write \(refused.count == 1 ? "the case of" : "\(refused.count) cases, among them") \(listed.joined(separator: "; "))" + note
        }
        let refusedPairs = Set(refused.map { $0.state * actions.count + $0.action })
        let writesHandle = pairs.contains { !refusedPairs.contains($0.state * actions.count + $0.action) && sync.shape.cells[$0.state][$0.action] == .handle }
        if writesHandle, isHandNamed() {
            let naming = sync.memberNaming
            note += naming == .generated
                ? "; its HANDLE members are named by the generator's rule (`lower(State)+Action`): the protocol's members are its authors', and no one pattern names them all"
                : "; its HANDLE members are named as the neighbouring arms' are: \(naming.description)"
            // A pattern name another cell would share (`onReset` for Reset in two states) falls back.
            let fellBack = pairs.filter { pair in
                guard naming != .generated, !refusedPairs.contains(pair.state * actions.count + pair.action),
                    sync.shape.cells[pair.state][pair.action] == .handle else { return false }
                let state = sync.shape.states[pair.state].name, action = sync.shape.actions[pair.action].name
                return naming.sharesName(state: state, action: action, handles: sync.shape.handleCells)
            }
            if !fellBack.isEmpty {
                note += ", except \(fellBack.map { label($0.state, $0.action) }.joined(separator: ", ")), named by the generator's rule, as \(naming.description) would give two cells one member"
            }
        }
        if !edits.isEmpty {
            found[firstMissing].fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
            found[firstMissing].message += "; the fix writes \(pairs.count - refused.count == 1 ? "the missing case" : "the \(pairs.count - refused.count) missing cases") as the generator would\(note)"
        } else if !note.isEmpty {
            found[firstMissing].message += note
        }
    }

    /// The actions the matrix dropped whose removal is refused, so the enum keeps them, and
    /// that no wildcard arm covers for a new state: each needs a case in a new state's row.
    private func keptActionsUncovered() -> [String] {
        guard let removals, let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { return [] }
        return removals.removed.filter { $0.role == .action && $0.refusal != nil }.map(\.name)
            .filter { !wildcardCovers($0, at: actionAt, whole: stateAt) }
    }

    /// The states the matrix dropped whose removal is refused, that no wildcard arm covers
    /// for a new action, each with the last arm naming it (where its new cases go).
    private func keptStatesUncovered() -> [(name: String, lastArm: Int)] {
        guard let removals, let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { return [] }
        return removals.removed.filter { $0.role == .state && $0.refusal != nil && !wildcardCovers($0.name, at: stateAt, whole: actionAt) }
            .compactMap { kept in
                let lastArm = dispatcher.arms.lastIndex { arm in
                    guard case .items(let items, _) = arm.label else { return false }
                    return items.contains { $0.elements.count == 2 && $0.elements[stateAt].wholeMember == kept.name }
                }
                return lastArm.map { (kept.name, $0) }
            }
    }

    /// Whether an arm matches `name` at `position` with every value at `whole` (`(_, .push)`,
    /// `default`): then a new name at `whole` needs no case for it.
    private func wildcardCovers(_ name: String, at position: Int, whole: Int) -> Bool {
        dispatcher.arms.contains { arm in
            guard case .items(let items, _) = arm.label else { return arm.hasCatchAll }
            return items.contains { item in
                !item.isGuarded && item.elements.count == 2 && item.elements[whole].matchesEverything
                    && (item.elements[position].matchesEverything || item.elements[position].wholeMember == name)
            }
        }
    }

    /// The pairs of a state or action without any case (one the matrix added) that are left
    /// with all its others because one of them cannot be written, with why, and the pairs the
    /// fix writes. Fills `additionRefusals`.
    private mutating func withholdingAdditions(
        _ pairs: [(state: Int, action: Int)], wholeStates: Set<Int>, wholeActions: Set<Int>, _ sync: DispatcherSync
    ) -> (withheld: [(state: Int, action: Int, why: String)], writable: [(state: Int, action: Int)]) {
        // The first pair of each such name that cannot be written, and why.
        var refusedStates: [Int: (pair: String, why: String)] = [:], refusedActions: [Int: (pair: String, why: String)] = [:]
        for pair in pairs where wholeStates.contains(pair.state) || wholeActions.contains(pair.action) {
            guard case .failure(let why) = sync.arm(state: pair.state, action: pair.action) else { continue }
            let refusal = (label(pair.state, pair.action), why.text)
            if wholeStates.contains(pair.state), refusedStates[pair.state] == nil { refusedStates[pair.state] = refusal }
            if wholeActions.contains(pair.action), refusedActions[pair.action] == nil { refusedActions[pair.action] = refusal }
        }
        for (state, refusal) in refusedStates {
            additionRefusals["state " + states[state]] = "dispatcher \(name) has no case for state `\(matrix.states[state].text)`, and its case for \(refusal.pair) cannot be written: \(refusal.why)"
        }
        for (action, refusal) in refusedActions {
            additionRefusals["action " + actions[action]] = "dispatcher \(name) has no case for action `\(matrix.actions[action].text)`, and its case for \(refusal.pair) cannot be written: \(refusal.why)"
        }
        var withheld: [(state: Int, action: Int, why: String)] = []
        var writable: [(state: Int, action: Int)] = []
        for pair in pairs {
            let left = refusedStates[pair.state].map { (matrix.states[pair.state].text, $0) } ?? refusedActions[pair.action].map { (matrix.actions[pair.action].text, $0) }
            guard let (owner, refusal) = left else {
                writable.append(pair)
                continue
            }
            withheld.append((pair.state, pair.action, refusal.pair == label(pair.state, pair.action)
                ? refusal.why + "; so `\(owner)` is left out with all its cases (and enum-drift does not add a case for it)"
                : "`\(owner)` is left out with all its cases, as \(refusal.pair) cannot be written"))
        }
        return (withheld, writable)
    }

    /// Each arm against the cells it decides; an arm deciding several pairs that differ gets
    /// one diagnostic listing them.
    private mutating func reportMismatches() {
        var byArm: [Int: [(state: Int, action: Int)]] = [:]
        var wrongMember: [Int: [(state: Int, action: Int)]] = [:]
        for state in states.indices where !brokenStates.contains(state) {
            for action in actions.indices {
                guard !conditional[state][action], let decider = decider[state][action] else { continue }
                let outcome = dispatcher.arms[decider.arm].outcome
                let cell = matrix.rows[state].cells[action].kind
                // A member name is compared only where the arm lists its pairs: a catch-all
                // calling one member for many cells is `dispatcher-default`'s to report.
                let isExplicit = decider.item.map { $0.isTuple && $0.elements.allSatisfy { $0.wholeMember != nil } } ?? false
                if !Self.agrees(outcome.kind, cell, spell: spell, isUndeclared: isUndeclared) {
                    byArm[decider.arm, default: []].append((state, action))
                } else if isExplicit, let expected = expectedMember(cell, state, action), case .handle(let member) = outcome.kind,
                    member != expected
                {
                    wrongMember[decider.arm, default: []].append((state, action))
                } else if isExplicit, let expected = expectedMember(cell, state, action), case .delegate(let callee) = outcome.kind,
                    callee.hasSuffix("ToChild"), callee != expected
                {
                    wrongMember[decider.arm, default: []].append((state, action))
                }
            }
        }
        // Two rows that match each other's arms crosswise were swapped in the matrix (or the
        // arms were): said once, at the matrix, instead of telling each arm to copy the slip.
        let swapped = swappedRows()
        if !swapped.isEmpty {
            let inSwap = Set(swapped.flatMap { [$0.0, $0.1] })
            for armIndex in Array(byArm.keys) {
                byArm[armIndex] = byArm[armIndex]!.filter { !inSwap.contains($0.state) }
                if byArm[armIndex]!.isEmpty { byArm[armIndex] = nil }
            }
            for armIndex in Array(wrongMember.keys) {
                wrongMember[armIndex] = wrongMember[armIndex]!.filter { !inSwap.contains($0.state) }
                if wrongMember[armIndex]!.isEmpty { wrongMember[armIndex] = nil }
            }
            for (first, second) in swapped {
                let one = matrix.states[first].text, other = matrix.states[second].text
                found.append(rule.diagnostic(
                    matrixFile, at: matrix.rowAnchor(first),
                    "rows `\(one)` and `\(other)` of the matrix \(machine) look swapped: dispatcher \(name) does for `\(one)` what the row of `\(other)` says, and for `\(other)` what the row of `\(one)` says; swap the two rows back (or the dispatcher's arms, whichever is wrong)",
                    notes: [
                        matrixFile.note(at: matrix.rowAnchor(second).lowerBound, "the row of `\(other)` is here"),
                        file.note(at: dispatcher.switchRange.lowerBound, "dispatcher \(name) is here"),
                    ]))
            }
        }
        for armIndex in byArm.keys.sorted() {
            let arm = dispatcher.arms[armIndex]
            let pairs = byArm[armIndex]!
            let outcome = arm.outcome
            let returns = "\(Self.verb(outcome.kind)) `\(outcome.text)` (\(Self.describe(outcome.kind)))"
            let shown = pairs.prefix(Self.listedPairs)
            let notes = shown.flatMap { pair -> [Diagnostic.Note] in
                let cell = matrix.rows[pair.state].cells[pair.action]
                return [matrixFile.note(at: cell.range.lowerBound, "cell \(label(pair.state, pair.action)) of the matrix \(machine) is \(Self.describe(cell.kind)) here")]
                    + pathNotes(cell, pair.state, pair.action)
            }
            var message: String
            var fix: Diagnostic.Fix?
            if pairs.count == 1 {
                let (state, action) = pairs[0]
                let cell = matrix.rows[state].cells[action].kind
                message = "`\(arm.labelText)` in dispatcher \(name) \(returns) for \(label(state, action)), but the matrix \(machine) declares it as \(Self.describe(cell)); expected \(expected(cell, state, action))"
                if let sync, sync.deciders[state][action] == armIndex {
                    switch sync.rewrite(arm: armIndex, state: state, action: action) {
                    case .success(let edit): fix = Diagnostic.Fix(edits: [edit], applicability: .unsafe)
                    case .failure(let why):
                        message += "; the fix leaves this case: \(why.text)"
                        if sync.shape.cells[state][action] == .handle, !sync.carriesPayload(state, action) { leftHandleArms[state * actions.count + action] = "its case \(label(state, action)) in dispatcher \(name) is left: \(why.text)" }
                    }
                } else if matrix.surface == .machineEnum {
                    message += "; \(DispatcherSync.machineEnumReason)"
                } else if sync != nil, Self.isDefault(arm) {
                    message += "; \(Self.catchAllReason)"
                }
            } else {
                let listed = shown.map { "\(label($0.state, $0.action)) is \(Self.describe(matrix.rows[$0.state].cells[$0.action].kind))" }
                let more = pairs.count > shown.count ? ", and \(pairs.count - shown.count) more" : ""
                message = "`\(arm.labelText)` in dispatcher \(name) \(returns) for \(pairs.count) pairs the matrix \(machine) declares otherwise: \(listed.joined(separator: ", "))\(more). List those pairs with their own cases"
                if sync != nil, Self.isDefault(arm) { message += "; \(Self.catchAllReason)" }
            }
            found.append(rule.diagnostic(file, at: outcome.range, message, notes: notes, fix: fix))
        }
        if !wrongMember.isEmpty, isHandNamed() { wrongMember = [:] }
        for armIndex in wrongMember.keys.sorted() where byArm[armIndex] == nil {
            let arm = dispatcher.arms[armIndex]
            let pairs = wrongMember[armIndex]!
            let expected = pairs.compactMap { expectedMember(matrix.rows[$0.state].cells[$0.action].kind, $0.state, $0.action) }
            // An arm deciding several HANDLE pairs calls one member: it is wrong only if it is
            // none of theirs.
            if case .handle(let member) = arm.outcome.kind, expected.contains(member) { continue }
            if case .delegate(let member) = arm.outcome.kind, expected.contains(member) { continue }
            let (state, action) = pairs[0]
            let cell = matrix.rows[state].cells[action]
            found.append(rule.diagnostic(
                file, at: arm.outcome.range,
                "`\(arm.labelText)` in dispatcher \(name) calls `\(arm.outcome.text)` for \(label(state, action)), but the generator names the cells member of that \(Self.describe(cell.kind)) cell `\(expected[0])`; expected a call to `\(expected[0])`, or another cell's code runs here",
                notes: [matrixFile.note(at: cell.range.lowerBound, "cell \(label(state, action)) of the matrix \(machine) is \(Self.describe(cell.kind)) here")]))
        }
    }

    /// Why the fix leaves a pair a `default:` decides: no arm of its own to rewrite.
    static let catchAllReason = "the fix leaves this: the catch-all `default:` decides it and hides the cells it covers; dispatcher-default's fix lists them with their own cases (enable `tablint::dispatcher-default` if it is disabled), or remove the `default:`"

    static func isDefault(_ arm: Dispatcher.Arm) -> Bool {
        switch arm.label {
        case .default, .unknownDefault: return true
        default: return false
        }
    }

    /// Pairs of states whose rows disagree with the dispatcher but each agrees, cell by cell,
    /// with what the dispatcher does for the other: every pair of both rows decided by an
    /// arm, unconditionally. Each state is in one pair at most.
    private func swappedRows() -> [(Int, Int)] {
        let states = self.states.indices.filter {
            !brokenStates.contains($0) && $0 < matrix.rows.count && matrix.rows[$0].cells.count == actions.count
        }
        func outcome(_ state: Int, _ action: Int) -> Dispatcher.Outcome.Kind? {
            guard !conditional[state][action], let decider = decider[state][action] else { return nil }
            let kind = dispatcher.arms[decider.arm].outcome.kind
            if case .unreadable = kind { return nil }
            return kind
        }
        func agrees(_ state: Int, withRowOf row: Int) -> Bool? {
            var all = true
            for action in actions.indices {
                guard let kind = outcome(state, action) else { return nil }
                let cell = matrix.rows[row].cells[action].kind
                if case .unknown = cell { return nil }
                if !Self.agrees(kind, cell, spell: spell, isUndeclared: isUndeclared) { all = false }
            }
            return all
        }
        var paired = Set<Int>()
        var found: [(Int, Int)] = []
        for first in states where !paired.contains(first) && agrees(first, withRowOf: first) == false {
            for second in states where second > first && !paired.contains(second) {
                guard agrees(second, withRowOf: second) == false, agrees(first, withRowOf: second) == true,
                    agrees(second, withRowOf: first) == true
                else { continue }
                found.append((first, second))
                paired.formUnion([first, second])
                break
            }
        }
        return found
    }

    /// The member the generator names for a HANDLE or DELEGATE cell: `runningTick`,
    /// `retryingRunToChild`.
    private func expectedMember(_ cell: Cell.Kind, _ state: Int, _ action: Int) -> String? {
        let base = Self.lower(matrix.states[state].text) + Self.cap(matrix.actions[action].text)
        switch cell {
        case .handle: return base
        case .delegate: return base + "ToChild"
        default: return nil
        }
    }

    /// A cell's effect as `enum F` spells it: itself when declared or when no enum says, else
    /// the one declared effect it is a slip of (`StopClok` → `stopClock`).
    func spell(_ effect: String) -> String {
        guard let declared = declaredEffects, !declared.contains(where: { Self.fold($0) == Self.fold(effect) }) else { return effect }
        let near = declared.filter { EditDistance.isSlip(Self.fold($0), of: Self.fold(effect)) }
        return near.count == 1 ? near[0] : effect
    }

    /// An effect `enum F` does not declare (false when no enum says) and unknown-effect's fix
    /// does not add: an arm still naming the old effect of a renamed one is this rule's.
    func isUndeclared(_ effect: String) -> Bool {
        guard let declared = effectsAfterFixes ?? declaredEffects else { return false }
        return !declared.contains { Self.fold($0) == Self.fold(effect) }
    }

    static let listedPairs = 5

    /// A GO that a path made of a HANDLE: say so, or "expected `.go`" would puzzle whoever
    /// reads `.handle` in the row. (A derived GO's target spans the whole cell it replaced.)
    private func pathNotes(_ cell: Cell, _ state: Int, _ action: Int) -> [Diagnostic.Note] {
        guard case .go(let target, _, _) = cell.kind, target.range == cell.range,
            let (range, why) = GoTarget.derivation(of: state, action, in: matrix)
        else { return [] }
        return [matrixFile.note(at: range.lowerBound, "\(why), which makes the HANDLE at \(label(state, action)) a GO to `\(target.text)`")]
    }

    private func label(_ state: Int, _ action: Int) -> String {
        "(\(matrix.states[state].text), \(matrix.actions[action].text))"
    }

    // MARK: Comparing

    static func agrees(
        _ outcome: Dispatcher.Outcome.Kind, _ cell: Cell.Kind, spell: (String) -> String = { $0 },
        isUndeclared: (String) -> Bool = { _ in false }
    ) -> Bool {
        // A cell's effect that `enum F` lacks and is no slip of (`Audit` after `audit` was
        // renamed `log` in the enum) is the matrix's mistake, reported there
        // (`unknown-effect`): it agrees with whatever the arm names in its place, so the arm
        // is never told to copy it.
        func same(_ effects: [Name], _ cellEffects: [Name]) -> Bool {
            effects.count == cellEffects.count && zip(effects, cellEffects).allSatisfy { effect, cellEffect in
                isUndeclared(spell(cellEffect.text)) || fold(effect.text) == fold(spell(cellEffect.text))
            }
        }
        switch (outcome, cell) {
        case (.unreadable, _), (_, .unknown):
            return true  // not read: say nothing
        case let (.go(target, effects), .go(cellTarget, cellEffects, _)):
            return fold(target.text) == fold(cellTarget.text) && same(effects, cellEffects)
        case (.ignored, .ignore), (.handle, .handle), (.delegate, .delegate), (.unreachable, .unreachable):
            return true
        case let (.stay(effects), .emit(cellEffects)):
            return same(effects, cellEffects)
        default:
            return false
        }
    }

    /// A cell as a `.tbl` fixture writes it: `GO(Running, StartClock)`.
    static func describe(_ cell: Cell.Kind) -> String { CellsDrift.describe(cell) }

    /// What an arm does, in the same words.
    static func describe(_ outcome: Dispatcher.Outcome.Kind) -> String {
        switch outcome {
        case .ignored: return "IGNORE"
        case .handle: return "HANDLE"
        case .unreachable: return "UNREACHABLE"
        case let .go(target, effects): return "GO(" + ([target.text] + effects.map(\.text)).joined(separator: ", ") + ")"
        case let .stay(effects): return "EMIT(" + effects.map(\.text).joined(separator: ", ") + ")"
        case .delegate: return "DELEGATE"
        case .unreadable: return "unread"
        }
    }

    /// "returns `.ignored`", but "calls `fatalError(…)`".
    static func verb(_ outcome: Dispatcher.Outcome.Kind) -> String {
        switch outcome {
        case .handle, .delegate, .unreachable: return "calls"
        default: return "returns"
        }
    }

    /// What the dispatcher should return for a cell, in Swift.
    private func expected(_ cell: Cell.Kind, _ state: Int, _ action: Int) -> String {
        func effects(_ names: [Name]) -> String { "[" + names.map { "." + Self.lower(spell($0.text)) }.joined(separator: ", ") + "]" }
        switch cell {
        case .ignore: return "`.ignored`"
        case .unreachable: return "`fatalError(…)`"
        case let .go(target, names, _):
            // A declared case as the enum spells it (`URLLoaded`), else the generator's lowerCamel.
            let spelt = shape?.states.first { NameComparison.firstLetterFolded.equal($0.name, target.text) }?.name ?? Self.lower(target.text)
            return "`.go(.\(spelt), effects: \(effects(names)))`"
        case let .emit(names): return "`.stay(effects: \(effects(names)))`"
        case .handle:
            if isHandNamed() { return "a call to the cells member that handles it" }
            return "a call to the cells member `\(Self.lower(matrix.states[state].text) + Self.cap(matrix.actions[action].text))`"
        case let .delegate(child): return "a delegation to the child `\(child.text)`"
        case .unknown: return "what the cell says"
        }
    }

    static func lower(_ name: String) -> String { NameCasing.lowerFirst(name) }
    static func cap(_ name: String) -> String { NameCasing.upperFirst(name) }
}

extension DispatcherDrift {
    /// What the first explicit arm `(.state, .action)` of a step dispatcher does for that pair
    /// (names folded), nil when no such arm decides it.
    static func explicitOutcome(_ dispatcher: Dispatcher, state: String, action: String) -> Dispatcher.Outcome.Kind? {
        guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { return nil }
        for arm in dispatcher.arms {
            guard case .items(let items, _) = arm.label else { continue }
            for item in items where item.isTuple && !item.isGuarded {
                if item.elements[stateAt].wholeMember?.lowercased() == state.lowercased(),
                    item.elements[actionAt].wholeMember?.lowercased() == action.lowercased()
                {
                    return arm.outcome.kind
                }
            }
        }
        return nil
    }

    /// Whether an arm's outcome is what the cell says, as the comparison judges it.
    static func outcome(_ outcome: Dispatcher.Outcome.Kind, agreesWith cell: Cell.Kind) -> Bool {
        if case .unreadable = outcome { return false }
        return Comparison.agrees(outcome, cell)
    }
}
