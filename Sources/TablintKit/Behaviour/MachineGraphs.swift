/// The graphs of every machine of a run, from the workspace's summaries: one per matrix
/// (`Table` literal, `@Machine` enum) and per `.tbl` pin, with each `HANDLE` cell's outcomes
/// read from the code of the run that implements it.
///
/// Which member serves a `HANDLE` cell: the one the machine's step dispatcher calls in the arm
/// that decides the cell (an arm that returns `.go(.x…)` itself is the implementation), or,
/// with no hand-written dispatcher, the generator's name `lower(State)+Cap(Action)`. Its
/// outcomes are the union of what that member returns in every type of the run conforming to
/// the machine's `Cells` protocol (`TimerCells`, `Timer.Cells`, a bare `Cells` nested in the
/// machine's type, a protocol refining one), or a protocol extension's default. The cell is
/// unknown when no implementation is found, when a type conforms without a member tablint
/// read, or when any body returns something tablint cannot read. A `.tbl` pin has no code:
/// its `HANDLE` cells stay unknown.
enum MachineGraphs {
    /// How the reason of a cell whose implementation is nowhere in the run starts.
    static let noImplementation = "no implementation of"
    /// How the reason of a `HANDLE` cell whose dispatcher arm does not call a member or go to a
    /// state starts (`dispatcher-drift` reports the arm).
    static let armDrift = "the dispatcher does not implement the HANDLE cell:"

    /// Whether an unknown cell's reason is one the analysis need not point out: the code is not
    /// in the run, or another rule already reports the arm.
    static func isQuiet(_ reason: String) -> Bool {
        reason.hasPrefix(noImplementation) || reason.hasPrefix(armDrift) || reason.hasPrefix(sharedName)
            || reason.hasPrefix(delegated)
    }

    /// How the reason of a cell starts when several matrices of the run share the machine's
    /// name (a run over many projects): which implementation serves which is not known.
    static let sharedName = "several matrices of the run are named"


    /// `onlyMachinesWithCode`: only the graphs a behaviour rule reads (`GraphRule`): a `.tbl`
    /// pin's is left out, and so is a matrix's whose machine has no code in the run (no paired
    /// step dispatcher, no `Cells` implementation, default or alias), as every `HANDLE` cell of
    /// it stays unknown for a quiet reason (`isQuiet`). `pairing`: the run's, when the caller
    /// has one (`CrossFileRun`), so the dispatchers are not paired a second time.
    private static func isDelegate(_ kind: Cell.Kind) -> Bool {
        if case .delegate = kind { return true }
        return false
    }

    static func build(_ run: [FileSummary], pairing: MachinePairing? = nil, onlyMachinesWithCode: Bool = false) -> [MachineGraph] {
        var graphs: [MachineGraph] = []
        // Built on first use: a run whose matrices have no HANDLE cell reads no code.
        var code: (implementations: Implementations, dispatchers: [MatrixKey: [(file: Int, dispatcher: Dispatcher)]])?
        func readCode() {
            if code == nil { code = (Implementations(run), Self.stepDispatchers(run, pairing: pairing ?? MachinePairing(run))) }
        }
        // Machine key → the files of its matrices: same-named machines (a run over several
        // packages) take the implementations nearest their own folder.
        var named: [String: [String]] = [:]
        for file in run {
            for bound in file.matrices { named[bound.key, default: []].append(file.path) }
        }
        for (fileIndex, file) in run.enumerated() {
            for bound in file.matrices {
                if onlyMachinesWithCode {
                    readCode()
                    let paired = code!.dispatchers[MatrixKey(file: fileIndex, start: bound.matrix.range.lowerBound)] ?? []
                    // A matrix of static cells alone is its own code: its graph is known whole
                    // (a trap of two states is `stuck-states`' to say; no lint of the library does).
                    let isStatic = !bound.matrix.rows.contains { $0.cells.contains { $0.kind == .handle || Self.isDelegate($0.kind) } }
                    guard isStatic || !paired.isEmpty || code!.implementations.hasCode(for: bound.key) else { continue }
                }
                guard var graph = MachineGraph(bound.matrix, path: file.path, lines: file.lines) else { continue }
                Self.markDelegates(&graph)
                Self.restoreWrittenHandles(&graph, bound.matrix)
                if graph.cells.contains(where: { $0.contains { $0.kind == .handle } }) {
                    readCode()
                    let ref = MachinePairing.MatrixRef(file: fileIndex, bound: bound)
                    HandleCells(
                        ref: ref, run: run, dispatchers: code!.dispatchers[MatrixKey(file: fileIndex, start: bound.matrix.range.lowerBound)] ?? [],
                        implementations: code!.implementations, siblings: named[bound.key] ?? []
                    ).complete(&graph)
                }
                graphs.append(graph)
            }
            for pin in file.pins where !onlyMachinesWithCode {
                if var graph = MachineGraph(pin.matrix, path: file.path, lines: file.lines) {
                    Self.markDelegates(&graph)
                    for state in graph.cells.indices {
                        for action in graph.cells[state].indices where graph.cells[state][action].kind == .handle {
                            graph.cells[state][action].unknownReason = "a `.tbl` pin has no implementation to read"
                        }
                    }
                    graphs.append(graph)
                }
            }
        }
        return graphs
    }

    /// How the reason of a `DELEGATE` cell starts: the parent's state after the child moves is
    /// what the embedding returns, which tablint does not read.
    static let delegated = "the parent's state after `DELEGATE` is what the embedding returns"

    /// A `DELEGATE` cell may leave the parent in any state: unknown, with no outcome, so that
    /// every consumer of the graph (the rules, `paths` and its tour, the hover) says the same
    /// of the states after it, and no sequence passes it as if it stayed.
    static func markDelegates(_ graph: inout MachineGraph) {
        for state in graph.cells.indices {
            for action in graph.cells[state].indices where graph.cells[state][action].kind == .delegate {
                graph.cells[state][action].outcomes = []
                graph.cells[state][action].unknownReason = "\(delegated), which tablint does not read"
            }
        }
    }

    /// A cell written `HANDLE` that an `@Path` hop turned into `GO(to)` (the library's default;
    /// its target spans the whole cell) is still decided by code: in the graph it stays a
    /// `HANDLE`, with its implementations' outcomes.
    static func restoreWrittenHandles(_ graph: inout MachineGraph, _ matrix: Matrix) {
        guard matrix.surface == .machineEnum, !matrix.paths.isEmpty else { return }
        for (state, row) in matrix.rows.enumerated() where state < graph.cells.count {
            for (action, cell) in row.cells.enumerated() where action < graph.cells[state].count {
                guard case .go(let target, _, _) = cell.kind, target.range == cell.range else { continue }
                graph.cells[state][action] = MachineGraph.Cell(
                    kind: .handle, outcomes: [], unknownReason: "no implementation of the cell was read", origin: graph.cells[state][action].origin)
            }
        }
    }

    /// A matrix of the run: its file and where it starts.
    struct MatrixKey: Hashable {
        var file: Int
        var start: Int
    }

    /// The step dispatchers of the run by the matrix each is paired with, in run order: paired
    /// once for all the run's matrices.
    static func stepDispatchers(_ run: [FileSummary], pairing: MachinePairing) -> [MatrixKey: [(file: Int, dispatcher: Dispatcher)]] {
        var found: [MatrixKey: [(file: Int, dispatcher: Dispatcher)]] = [:]
        for (fileIndex, file) in run.enumerated() {
            for dispatcher in file.dispatchers where dispatcher.kind == .step && dispatcher.machine != nil {
                guard let paired = pairing.matrix(for: dispatcher, near: file.path).paired else { continue }
                found[MatrixKey(file: paired.file, start: paired.matrix.range.lowerBound), default: []].append((fileIndex, dispatcher))
            }
        }
        return found
    }

    /// The run's `Cells` implementations by the machine they implement.
    struct Implementations {
        /// One type of the run, its declaration and extensions together.
        struct ImplementingType {
            var name: String
            /// Member name → the bodies read, with the file each is in.
            var members: [String: [(file: Int, member: CellsImplementation.Member)]] = [:]
            var hasConditionalMembers = false
            /// The file of its first declaration or extension that names a conformance.
            var file: Int?
            /// A `class` not marked `final` (nor a subclass of one that is).
            var isOpenClass = false
            /// The names a class's inheritance clause writes that the run does not show as a
            /// conforming class: one may be a superclass whose member Swift calls before a
            /// protocol extension's default.
            var unreadSuperclasses: [String] = []
        }

        /// Machine key → the types implementing its cells, in run order.
        private(set) var types: [String: [ImplementingType]] = [:]
        /// A `typealias` of a machine's `Cells` protocol, or a protocol refining it, whose name
        /// does not end in `Cells`.
        struct Alias {
            var name: String
            var isRefiningProtocol: Bool
        }

        /// Machine key → the aliases and refining protocols of its `Cells` protocol named
        /// otherwise than `…Cells` (`typealias Handlers = RetryCells`): a type conforming
        /// through one is read only where its members name `Step`, so one may be unread. One
        /// named `…Cells` (`typealias LiveCells = RetryCells`, `typealias Cells = RetryCells`)
        /// hides nothing: every file naming it is read.
        private(set) var aliases: [String: [Alias]] = [:]
        /// The machines with any alias or refining protocol of their `Cells`.
        private var aliased: Set<String> = []
        /// Machine key → the members of protocol extensions of its `Cells` protocol.
        private(set) var defaults: [String: [String: [(file: Int, member: CellsImplementation.Member)]]] = [:]
        /// Machine key → requirement name → its argument labels; nil for a name required twice.
        private(set) var requirementLabels: [String: [String: [String]?]] = [:]

        /// Whether the run holds a type, protocol extension or alias for the machine's `Cells`.
        func hasCode(for key: String) -> Bool {
            types[key]?.isEmpty == false || defaults[key]?.isEmpty == false || aliased.contains(key)
        }

        init(_ run: [FileSummary]) {
            // The protocols each `…Cells` protocol refines, so an implementation of
            // `SessionCells: AuthCells` implements Auth's cells too.
            var refines: [String: [String]] = [:]
            for file in run {
                for declaration in file.cellsProtocols {
                    let own = Self.protocolKey(declaration.name.text, enclosing: declaration.parent.map { [$0] } ?? [])
                    // Taken out while the protocol's requirements are added: the machine is looked up
                    // once per protocol, and each name once (a machine may require thousands).
                    if let own, declaration.requirements.contains(where: { $0.kind == .function && !$0.isStatic }) {
                        var labels = requirementLabels.removeValue(forKey: own) ?? [:]
                        // Room made once: a machine may require thousands of names.
                        labels.reserveCapacity(labels.count + declaration.requirements.count)
                        for requirement in declaration.requirements where requirement.kind == .function && !requirement.isStatic {
                            if labels.updateValue(requirement.parameterLabels, forKey: requirement.name.text) != nil {
                                labels[requirement.name.text] = .some(nil)
                            }
                        }
                        requirementLabels[own] = labels
                    }
                    for refined in declaration.refines {
                        if let key = Self.protocolKey(refined.text, enclosing: declaration.parent.map { [$0] } ?? []), let own {
                            refines[own, default: []].append(key)
                        }
                    }
                }
            }
            func machines(of conformances: [String], enclosing: [String]) -> [String] {
                var found: [String] = []
                var pending = conformances.compactMap { Self.protocolKey($0, enclosing: enclosing) }
                while let next = pending.popLast() {
                    guard !found.contains(next) else { continue }
                    found.append(next)
                    pending += refines[next] ?? []
                }
                return found
            }
            // `typealias Handlers = RetryCells & Sendable`: the alias's name → the protocols it
            // names (a bare `Cells` is its own enclosing type's), and where it is declared.
            var aliasTargets: [String: [(targets: [String], enclosing: [String])]] = [:]
            for file in run {
                for implementation in file.cellsImplementations where implementation.isAlias {
                    let name = implementation.typeName.text
                    let enclosing = implementation.enclosingTypes
                    let targets = implementation.conformances.map { $0 == "Cells" && !enclosing.isEmpty ? "\(enclosing[0]).Cells" : $0 }
                    aliasTargets[name, default: []].append((targets, enclosing))
                }
            }
            // The protocols named through aliases by the names of an inheritance clause
            // (`LiveCells`, `Safe.Handlers`, an alias of an alias), as the conformer's scope
            // sees them: an alias declared in one of its enclosing types or at the top level;
            // any of the name when none is (an alias in another type's extension).
            func throughAliases(_ written: [String], enclosing: [String]) -> [String] {
                guard !aliasTargets.isEmpty else { return [] }
                var found: [String] = []
                var pending = written.map { ($0, enclosing) }
                var seen = Set<String>()
                while let (next, scope) = pending.popLast() {
                    guard seen.insert(next).inserted else { continue }
                    let parts = next.split(separator: ".")
                    guard let last = parts.last, let entries = aliasTargets[String(last)] else { continue }
                    var visible = entries
                    if parts.count >= 2 {
                        let qualifier = String(parts[parts.count - 2])
                        visible = entries.filter { $0.enclosing.first == qualifier }
                    } else {
                        let inScope = entries.filter { $0.enclosing.isEmpty || scope.suffix($0.enclosing.count).elementsEqual($0.enclosing) }
                        if !inScope.isEmpty { visible = inScope }
                    }
                    for entry in visible {
                        found += entry.targets.filter { !found.contains($0) }
                        pending += entry.targets.map { ($0, entry.enclosing) }
                    }
                }
                return found
            }
            // The machines each alias is one of, through the aliases it names in turn
            // (`typealias Handlers = LiveCells`, `typealias LiveCells = RetryCells`).
            if !aliasTargets.isEmpty {
                for file in run {
                    for implementation in file.cellsImplementations where implementation.isAlias {
                        let name = implementation.typeName.text
                        let enclosing = implementation.enclosingTypes
                        let named = implementation.conformances + throughAliases(implementation.conformances, enclosing: enclosing)
                        for machine in machines(of: named, enclosing: enclosing) {
                            aliased.insert(machine)
                            if !name.hasSuffix("Cells"), !(aliases[machine]?.contains { $0.name == name } ?? false) {
                                aliases[machine, default: []].append(Alias(name: name, isRefiningProtocol: implementation.isRefiningProtocol))
                            }
                        }
                    }
                }
            }
            // By type name: conformances and members of every declaration and extension.
            var byName: [String: (type: ImplementingType, conformances: [String], enclosing: [String], inherits: [String])] = [:]
            var order: [String] = []
            var isClass = Set<String>()
            for (fileIndex, file) in run.enumerated() {
                for implementation in file.cellsImplementations where !implementation.isAlias {
                    if implementation.isProtocolExtension {
                        for machine in machines(of: implementation.conformances, enclosing: implementation.enclosingTypes) {
                            for member in implementation.members { defaults[machine, default: [:]][member.name.text, default: []].append((fileIndex, member)) }
                        }
                        continue
                    }
                    // Keyed by the full name: `Live.Impl` and `Strict.Impl` are two types.
                    let name = implementation.path.isEmpty ? implementation.typeName.text : implementation.path.joined(separator: ".")
                    if byName[name] == nil {
                        byName[name] = (ImplementingType(name: implementation.typeName.text), [], implementation.enclosingTypes, [])
                        order.append(name)
                    }
                    // A conformance through an alias is a conformance to what the alias names.
                    let through = throughAliases(implementation.conformances + implementation.inherits, enclosing: implementation.enclosingTypes)
                    let conformances = implementation.conformances + through.filter { !implementation.conformances.contains($0) }
                    byName[name]!.conformances += conformances.filter { !byName[name]!.conformances.contains($0) }
                    byName[name]!.inherits += implementation.inherits.filter { !byName[name]!.inherits.contains($0) }
                    if !conformances.isEmpty { byName[name]!.enclosing = implementation.enclosingTypes }
                    if byName[name]!.type.file == nil, !conformances.isEmpty || !implementation.inherits.isEmpty { byName[name]!.type.file = fileIndex }
                    byName[name]!.type.hasConditionalMembers = byName[name]!.type.hasConditionalMembers || implementation.hasConditionalMembers
                    byName[name]!.type.isOpenClass = byName[name]!.type.isOpenClass || implementation.isOpenClass
                    if implementation.isClass { isClass.insert(name) }
                    // Taken out while the file's members are added: the type is looked up once per
                    // file, not once per member (a machine's implementation may have thousands).
                    var members = byName[name]!.type.members
                    byName[name]!.type.members = [:]
                    members.reserveCapacity(members.count + implementation.members.count)
                    for member in implementation.members { members[member.name.text, default: []].append((fileIndex, member)) }
                    byName[name]!.type.members = members
                }
            }
            // A subclass of a conforming class implements its cells too: its own members, and
            // its superclass's for the ones it does not override.
            // The type a superclass name of `key`'s clause names: as its scopes see it (`Outer.Base`
            // from `Outer.Live`, then the top level), else the one type of that simple name.
            func superclassKey(_ inherited: String, of key: String) -> String? {
                let scope = key.split(separator: ".").dropLast().map(String.init)
                for count in stride(from: scope.count, through: 0, by: -1) {
                    let candidate = (scope.prefix(count) + [inherited]).joined(separator: ".")
                    if candidate != key, byName[candidate] != nil { return candidate }
                }
                let simple = inherited.split(separator: ".").last.map(String.init) ?? inherited
                let matches = byName.keys.filter { $0 != key && ($0 == simple || $0.hasSuffix("." + simple)) }
                return matches.count == 1 ? matches[0] : nil
            }
            func resolved(_ name: String, seen: Set<String> = []) -> (type: ImplementingType, machines: [String]) {
                let entry = byName[name]!
                var type = entry.type
                var found = machines(of: entry.conformances, enclosing: entry.enclosing)
                for inherited in entry.inherits {
                    guard let base = superclassKey(inherited, of: name), !seen.contains(base) else {
                        if isClass.contains(name), !inherited.hasSuffix("Cells"), throughAliases([inherited], enclosing: entry.enclosing).isEmpty {
                            type.unreadSuperclasses.append(inherited)
                        }
                        continue
                    }
                    let superclass = resolved(base, seen: seen.union([name]))
                    guard !superclass.machines.isEmpty else {
                        if isClass.contains(name) { type.unreadSuperclasses.append(inherited) }
                        continue
                    }
                    found += superclass.machines.filter { !found.contains($0) }
                    for (member, bodies) in superclass.type.members where type.members[member] == nil { type.members[member] = bodies }
                    type.hasConditionalMembers = type.hasConditionalMembers || superclass.type.hasConditionalMembers
                }
                return (type, found)
            }
            for name in order {
                let (type, found) = resolved(name)
                for machine in found { types[machine, default: []].append(type) }
            }
        }

        /// The machine a `Cells` protocol name belongs to, as a `MachineKey`: `Timer` for
        /// `TimerCells` and `Timer.Cells`, the innermost enclosing type for a bare `Cells`.
        static func protocolKey(_ written: String, enclosing: [String]) -> String? {
            let parts = written.split(separator: ".").map(String.init)
            guard let last = parts.last else { return nil }
            if last == "Cells" {
                if parts.count >= 2 { return MachineKey.normalized(parts[parts.count - 2]) }
                return enclosing.first.map(MachineKey.normalized)
            }
            guard last.hasSuffix("Cells"), last.count > 5 else { return nil }
            return MachineKey.normalized(String(last.dropLast(5)))
        }
    }

    /// Fills the `HANDLE` cells of one matrix's graph.
    /// Holds no copy of the graph it fills: the graph's rows stay uniquely referenced, written
    /// in place (a copy would copy every row on its first write).
    private struct HandleCells {
        let ref: MachinePairing.MatrixRef
        let run: [FileSummary]
        /// The step dispatchers paired with this matrix.
        let dispatchers: [(file: Int, dispatcher: Dispatcher)]
        let implementations: Implementations
        /// The files of every matrix of the run with the machine's name, this one's included.
        let siblings: [String]

        /// Whether a type of the machine's name is this matrix's: nearest its folder of all the
        /// matrices named so (`MachinePairing.sharedFolders`); nil when another is as near.
        func owns(_ type: Implementations.ImplementingType) -> Bool? {
            guard siblings.count > 1, let file = type.file else { return true }
            let shares = siblings.map { MachinePairing.sharedFolders(run[file].path, $0) }
            let mine = MachinePairing.sharedFolders(run[file].path, run[ref.file].path)
            let best = shares.max() ?? mine
            if mine < best { return false }
            return shares.filter { $0 == best }.count == 1 ? true : nil
        }

        /// What decides one cell in code.
        enum Decider {
            /// The member called, and the call's argument labels (nil when not known): which
            /// overload serves the cell.
            case member(String, labels: [String]?)
            case arm(Dispatcher.Arm, file: Int)
            case unknown(String)
        }

        enum Read {
            case success(MachineGraph.Outcome)
            case failure(String)
        }

        func complete(_ graph: inout MachineGraph) {
            let matrix = ref.matrix
            var stateIndex: [String: Int] = [:]
            for (index, name) in matrix.states.enumerated() {
                let key = NameCasing.lowerFirst(name.text)
                if stateIndex[key] == nil { stateIndex[key] = index }
            }
            var effectName: [String: String] = [:]
            // Each spelling is learnt once: a few effects are named in thousands of cells.
            var learnt = Set<String>()
            // Code names effects as its enum does (`.lock`); the graph as the matrix does (`Lock`):
            // the declared names first, then the cells' in matrix order.
            func learn(_ effect: String) {
                guard learnt.insert(effect).inserted else { return }
                let key = NameCasing.lowerFirst(effect)
                if effectName[key] == nil { effectName[key] = effect }
            }
            for effect in matrix.effects ?? [] { learn(effect.text) }
            for row in graph.cells {
                // By index: a copy of each cell would retain and release all it holds.
                for action in row.indices {
                    for outcome in 0..<row[action].outcomeCount {
                        let effects = row[action].effects(outcome)
                        if !effects.isEmpty { effects.forEach(learn) }
                    }
                }
            }
            // Without a step dispatcher every HANDLE cell is its generated member's: no table of
            // deciders for every cell.
            let deciders = dispatchers.isEmpty ? nil : self.deciders(graph)
            let stateNames = deciders == nil ? matrix.states.map { NameCasing.lowerFirst($0.text) } : []
            let actionNames = deciders == nil ? matrix.actions.map { NameCasing.upperFirst($0.text) } : []
            let key = ref.bound.key
            var types: [Implementations.ImplementingType] = []
            var unsure: String?
            for type in implementations.types[key] ?? [] {
                switch owns(type) {
                case true?: types.append(type)
                case false?: continue
                case nil:
                    types.append(type)
                    unsure = unsure ?? "\(siblings.count) matrices of the run are named `\(graph.machine)`, and `\(type.name)` is as near to another's folder as to this one's: which it implements is not known"
                }
            }
            let defaults = implementations.defaults[key] ?? [:]
            // Looked up once for the machine, not once per cell.
            let alias = implementations.aliases[key]?.first
            let requirementLabels = implementations.requirementLabels[key]
            // Most machines have no protocol extension: no name hashed into an empty table.
            func defaultMembers(_ name: String) -> [(file: Int, member: CellsImplementation.Member)] {
                defaults.isEmpty ? [] : defaults[name] ?? []
            }

            func origin(_ file: Int, _ range: Range<Int>) -> MachineGraph.Origin {
                MachineGraph.Origin(path: run[file].path, range: range, start: run[file].location(of: range.lowerBound))
            }
            /// `who` names what returns it, as every reason does: "`tryingFail`", or the dispatcher's arm.
            func outcome(target: String?, effects: [String], state: Int, file: Int, range: Range<Int>, who: String) -> Read {
                var index = state
                if let target {
                    // A name code writes lowerCamel already (`.idle`) is its own key: no fold made.
                    let startsLower = target.utf8.first.map { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? true
                    guard let found = stateIndex[startsLower ? target : NameCasing.lowerFirst(target)] else {
                        let (line, column) = run[file].lines.location(of: range.lowerBound)
                        return .failure("\(who) at \(run[file].path):\(line):\(column): it returns `.go(.\(target)…)`, a state \(graph.machine) does not declare")
                    }
                    index = found
                }
                // An effect the matrix never names is spelt as the matrix's surface spells them.
                let names = effects.map { effectName[NameCasing.lowerFirst($0)] ?? (graph.surface == .machineEnum ? $0 : NameCasing.upperFirst($0)) }
                return .success(MachineGraph.Outcome(target: index, effects: names, origin: origin(file, range), isDynamic: true))
            }

            for state in graph.cells.indices {
                for action in graph.cells[state].indices where graph.cells[state][action].kind == .handle {
                    var outcomes: [MachineGraph.Outcome] = []
                    var unknown: String?
                    func add(_ result: Read) {
                        switch result {
                        case .success(let found):
                            if !outcomes.contains(where: { $0.target == found.target && $0.effects == found.effects }) { outcomes.append(found) }
                        case .failure(let reason):
                            if unknown == nil { unknown = reason }
                        }
                    }
                    switch deciders?[state][action] ?? .member(stateNames[state] + actionNames[action], labels: nil) {
                    case .unknown(let reason):
                        unknown = reason
                    case .arm(let arm, let file):
                        switch arm.outcome.kind {
                        case .go(let target, let effects):
                            add(outcome(target: target.text, effects: effects.map(\.text), state: state, file: file, range: arm.outcome.range, who: "the dispatcher's arm `\(arm.labelText)`"))
                        case .stay, .ignored, .unreachable, .delegate:
                            unknown = "\(MachineGraphs.armDrift) `\(arm.labelText)` returns `\(arm.outcome.text)`"
                        default:
                            // An arm's body is not kept in the run's summaries: statements (an
                            // `if … return`, a `let`) are not quoted as if they were a value.
                            let written = arm.outcome.text
                            let isOneExpression = !written.contains(";") && !written.contains("\n") && !written.hasPrefix("if ")
                                && !written.hasPrefix("let ") && !written.hasPrefix("var ") && !written.hasPrefix("guard ")
                            unknown = isOneExpression
                                ? "the dispatcher's arm `\(arm.labelText)` returns `\(written)`, which tablint cannot follow"
                                : "the body of the dispatcher's arm `\(arm.labelText)` is statements, which tablint does not read (a single `return` of a step, or a call of a `Cells` member, it does)"
                        }
                    case .member(let name, let called):
                        // Not called by a dispatcher the run reads: the requirement's labels.
                        let labels = called ?? requirementLabels?[name] ?? nil
                        var bodies: [(file: Int, member: CellsImplementation.Member)] = []
                        if let unsure { unknown = unsure }
                        if let alias {
                            let kind = alias.isRefiningProtocol ? "a protocol refining" : "an alias of"
                            unknown = "`\(alias.name)` is \(kind) \(graph.machine)'s `Cells`: a type conforming through it is read only where its members name `Step`, so one may be unread"
                        }
                        if types.isEmpty {
                            bodies = CellsImplementation.servingCell(defaultMembers(name), labels: labels)
                            if bodies.isEmpty { unknown = unknown ?? "\(noImplementation) `\(name)` was read (no type of the run conforms to \(graph.machine)'s `Cells`)" }
                        }
                        for type in types {
                            if type.hasConditionalMembers {
                                unknown = unknown ?? "`\(type.name)` declares members under `#if`"
                            }
                            if type.isOpenClass {
                                unknown = unknown ?? "`\(type.name)` is a class not marked `final`: a subclass tablint does not read may override `\(name)`"
                            }
                            var own = CellsImplementation.servingCell(type.members[name] ?? [], labels: labels)
                            if own.isEmpty {
                                own = CellsImplementation.servingCell(defaultMembers(name), labels: labels)
                                // `final class Live: Policy, RetryCells {}`: Swift takes `Policy`'s
                                // member, if it has one, before the default.
                                if !own.isEmpty, let superclass = type.unreadSuperclasses.first {
                                    unknown = unknown ?? "`\(type.name)` inherits from `\(superclass)`, which tablint does not read as a class of the run: its `\(name)`, if it has one, is what Swift calls instead of the protocol's default"
                                }
                            }
                            if own.isEmpty { unknown = unknown ?? "`\(type.name)` conforms to \(graph.machine)'s `Cells`, but tablint read no `\(name)` in it" }
                            // The one conforming type's bodies are taken as they are, not copied.
                            if bodies.isEmpty { bodies = own } else { bodies += own }
                        }
                        for (file, member) in bodies {
                            if let problem = member.unknown {
                                let (line, column) = run[file].lines.location(of: problem.range.lowerBound)
                                unknown = unknown ?? "`\(name)` at \(run[file].path):\(line):\(column): \(problem.reason)"
                            }
                            for step in member.returns {
                                add(outcome(target: step.target, effects: step.effects, state: state, file: file, range: step.range, who: "`\(name)`"))
                            }
                        }
                        // A stub (`fatalError("unimplemented")`) says nothing of what the cell will do.
                        if !bodies.isEmpty, unknown == nil, bodies.allSatisfy({ $0.member.returns.isEmpty && $0.member.unknown == nil }) {
                            unknown = "every implementation of `\(name)` traps (a stub): what the cell returns is not written yet"
                        }
                    }
                    graph.cells[state][action].outcomes = outcomes
                    graph.cells[state][action].unknownReason = unknown
                }
            }
        }

        /// For every cell, what decides it in code: the arm of the machine's step dispatcher
        /// that matches it, or the generated member when the run has no such dispatcher.
        func deciders(_ graph: MachineGraph) -> [[Decider]] {
            let matrix = ref.matrix
            var decided: [[Decider?]] = Array(repeating: Array(repeating: nil, count: matrix.actions.count), count: matrix.states.count)
            var stateIndex: [String: Int] = [:]
            var actionIndex: [String: Int] = [:]
            for (index, name) in matrix.states.enumerated() where stateIndex[name.text.lowercased()] == nil { stateIndex[name.text.lowercased()] = index }
            for (index, name) in matrix.actions.enumerated() where actionIndex[name.text.lowercased()] == nil { actionIndex[name.text.lowercased()] = index }
            var sawDispatcher = false
            for (fileIndex, dispatcher) in dispatchers {
                do {
                    guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { continue }
                    // A second dispatcher of the same machine: its arms are another implementation.
                    var own: [[Decider?]] = Array(repeating: Array(repeating: nil, count: matrix.actions.count), count: matrix.states.count)
                    sawDispatcher = true
                    if dispatcher.hasConditionalArms {
                        return Array(repeating: Array(repeating: .unknown("`\(dispatcher.function.text)` has arms under `#if`"), count: matrix.actions.count), count: matrix.states.count)
                    }
                    for arm in dispatcher.arms {
                        guard case .items(let items, _) = arm.label else {
                            if case .unreadable = arm.label { break }
                            // `default:` decides every cell no arm above it did.
                            for state in own.indices {
                                for action in own[state].indices where own[state][action] == nil {
                                    own[state][action] = Self.decider(of: arm, file: fileIndex)
                                }
                            }
                            continue
                        }
                        for item in items where item.isTuple {
                            func covered(_ element: Dispatcher.PatternElement, _ names: [String: Int], _ count: Int) -> [Int] {
                                if element.matchesEverything { return Array(0..<count) }
                                if let name = element.wholeMember, let index = names[name.lowercased()] { return [index] }
                                return []
                            }
                            for state in covered(item.elements[stateAt], stateIndex, matrix.states.count) {
                                for action in covered(item.elements[actionAt], actionIndex, matrix.actions.count) where own[state][action] == nil {
                                    // A guarded pattern decides at run time: this arm or a later one.
                                    own[state][action] = item.isGuarded
                                        ? .unknown("the arm `\(arm.labelText)` of `\(dispatcher.function.text)` is guarded by a `where`")
                                        : Self.decider(of: arm, file: fileIndex)
                                }
                            }
                        }
                    }
                    for state in own.indices {
                        for action in own[state].indices {
                            let mine = own[state][action]
                                ?? .unknown("no arm of `\(dispatcher.function.text)` that tablint read decides the cell alone")
                            guard let earlier = decided[state][action] else {
                                decided[state][action] = mine
                                continue
                            }
                            if case .unknown = earlier { continue }
                            if case .member(let one, _) = earlier, case .member(let other, _) = mine, one == other { continue }
                            if case .unknown = mine {
                                decided[state][action] = mine
                            } else {
                                decided[state][action] = .unknown("two dispatchers of \(ref.bound.machine) decide the cell")
                            }
                        }
                    }
                }
            }
            // The generated names, for the HANDLE cells only (most cells are not).
            let stateNames = matrix.states.map { NameCasing.lowerFirst($0.text) }
            let actionNames = matrix.actions.map { NameCasing.upperFirst($0.text) }
            return decided.enumerated().map { state, row in
                row.enumerated().map { action, decider in
                    if let decider { return decider }
                    guard graph.cells[state][action].kind == .handle else { return .unknown("") }
                    if sawDispatcher { return .unknown("no dispatcher arm decides the cell") }
                    return .member(stateNames[state] + actionNames[action], labels: nil)
                }
            }
        }

        static func decider(of arm: Dispatcher.Arm, file: Int) -> Decider {
            if case .handle(let member) = arm.outcome.kind { return .member(member, labels: arm.outcome.argumentLabels) }
            return .arm(arm, file: file)
        }
    }
}

extension Workspace {
    /// Every machine of the workspace, as a graph of what it does.
    func machineGraphs() -> [MachineGraph] { MachineGraphs.build(summaries) }
}
