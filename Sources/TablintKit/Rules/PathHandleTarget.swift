/// `tablint::path-handle-target`: an `@Path` hop through a cell written `HANDLE` to a state
/// that no implementation of the cell's member returns. The library's generated table makes
/// such a cell `GO(to)` (the path's default), but the code behind it still decides at run time,
/// so the walk the path describes cannot happen. Nothing is said when no implementation of the
/// member is found or one returns something tablint cannot read.
struct PathHandleTarget: GraphRule {
    let code = "tablint::path-handle-target"
    let defaultSeverity = Severity.warning
    let summary = "An `@Path` hops through a `HANDLE` cell to a state that no implementation of the cell returns."

    init() {}

    /// Reads the `@Path`s and the implementations, not the graphs: the run's graphs are not
    /// built for this rule.
    func check(run facts: CrossFileRun) -> [Diagnostic] { check(summaries: facts.summaries) }

    func check(facts _: [GraphFacts], run: [FileSummary]) -> [Diagnostic] { check(summaries: run) }

    func check(summaries run: [FileSummary]) -> [Diagnostic] {
        var implementations: MachineGraphs.Implementations?
        var found: [Diagnostic] = []
        for (fileIndex, file) in run.enumerated() {
            for bound in file.matrices where bound.matrix.surface == .machineEnum && !bound.matrix.paths.isEmpty {
                let matrix = bound.matrix
                for path in matrix.paths {
                    guard let forward = matrix.hops(of: path) else { continue }
                    // With `back: .act`, the library derives each reverse cell `(to, act)` as
                    // `GO(from)` too: a walk back the path describes, checked as its hops are.
                    var hops = forward.map { (hop: $0, back: false) }
                    if let back = path.back, let action = matrix.actionIndex(back.text) {
                        hops += forward.map { (hop: Matrix.Hop(from: $0.to, action: action, to: $0.from, range: back.range), back: true) }
                    }
                    for (hop, isBack) in hops where hop.from < matrix.rows.count && hop.action < matrix.rows[hop.from].cells.count {
                        // A HANDLE the path turned into GO(to): its target's name is the whole cell.
                        let cell = matrix.rows[hop.from].cells[hop.action]
                        guard case .go(let target, _, _) = cell.kind, target.range == cell.range else { continue }
                        if implementations == nil { implementations = MachineGraphs.Implementations(run) }
                        let member = NameCasing.lowerFirst(matrix.states[hop.from].text) + NameCasing.upperFirst(matrix.actions[hop.action].text)
                        guard let returned = Self.returns(of: member, machine: bound.key, implementations!) else { continue }
                        let to = matrix.states[hop.to].text
                        // A stay (`.stay`, `.ignored`) is the cell's own state.
                        let from = matrix.states[hop.from].text
                        guard !returned.contains(where: { NameCasing.lowerFirst($0.step.target ?? from) == NameCasing.lowerFirst(to) }) else { continue }
                        let named = returned.map { $0.step.target ?? matrix.states[hop.from].text }
                        var unique: [String] = []
                        for name in named where !unique.contains(name) { unique.append(name) }
                        let cellLabel = "(\(matrix.states[hop.from].text), \(matrix.actions[hop.action].text))"
                        let message = "\(matrix.machine.text): @Path `\(path.name.text)` \(isBack ? "walks back by `\(path.back!.text)` through" : "hops") \(cellLabel) → `\(to)`, but the cell is HANDLE and "
                            + (unique.isEmpty ? "no implementation of `\(member)` returns a state" : "the implementations of `\(member)` return only \(GraphFacts.quoted(unique))")
                        let notes = returned.prefix(6).map { item in
                            run[item.file].note(at: item.step.range.lowerBound, "\(cellLabel) → \(item.step.target ?? matrix.states[hop.from].text): returned here")
                        }
                        let spot = isBack ? hop.range : path.spine.first { $0.range.lowerBound > hop.range.lowerBound }?.range ?? hop.range
                        found.append(Diagnostic(
                            path: file.path, start: file.location(of: spot.lowerBound), end: file.location(of: spot.upperBound),
                            severity: defaultSeverity, message: message, code: code, notes: Array(notes)))
                        _ = fileIndex
                    }
                }
            }
        }
        return found
    }

    /// Every step the run's implementations of `member` return; nil when none is found or
    /// one could not be read (then the hop may happen).
    static func returns(
        of member: String, machine: String, _ implementations: MachineGraphs.Implementations
    ) -> [(file: Int, step: CellsImplementation.ReturnedStep)]? {
        // An alias may hide a conformer that is not read, a subclass may override the member.
        guard implementations.aliases[machine] == nil else { return nil }
        let types = implementations.types[machine] ?? []
        let defaults = CellsImplementation.servingCell(implementations.defaults[machine]?[member] ?? [])
        var bodies: [(file: Int, member: CellsImplementation.Member)] = []
        if types.isEmpty { bodies = defaults }
        for type in types {
            guard !type.hasConditionalMembers, !type.isOpenClass else { return nil }
            var own = CellsImplementation.servingCell(type.members[member] ?? [])
            if own.isEmpty { own = defaults }
            guard !own.isEmpty else { return nil }
            bodies += own
        }
        // Bodies that only trap are stubs: what the cell will return is not written yet.
        guard !bodies.isEmpty, bodies.allSatisfy({ $0.member.unknown == nil }), bodies.contains(where: { !$0.member.returns.isEmpty })
        else { return nil }
        return bodies.flatMap { body in body.member.returns.map { (body.file, $0) } }
    }
}
