/// `tablint::unreachable-state`: a state no sequence of actions reaches from `initial`,
/// following the matrix's static cells and the targets the code behind its `HANDLE` cells
/// returns. Said only when every cell of every reached state was read: an unknown outcome may
/// lead anywhere (`unread-cells` says which). A state `no-static-entry` reports (a matrix of
/// only static cells, and no GO of another state into it) is left to that rule.
struct UnreachableState: GraphRule {
    let code = "tablint::unreachable-state"
    let defaultSeverity = Severity.warning
    let summary = "No sequence of actions reaches a state from `initial`, following the matrix and the targets its `HANDLE` implementations return."

    init() {}

    func check(facts ofRun: [GraphFacts], run: [FileSummary]) -> [Diagnostic] {
        let locations = RunLocations(run)
        var found: [Diagnostic] = []
        // Besides the graphs whose code was read, a matrix of static cells and `UNREACHABLE`
        // ones: `no-static-entry` asks only a matrix whose every cell is static, so a state
        // nothing enters in such a matrix is this rule's, or no one's.
        let staticWithUnreachable = ofRun.filter { facts in
            facts.graph.cells.allSatisfy { $0.allSatisfy { [.ignore, .go, .emit, .unreachable].contains($0.kind) } }
                && facts.graph.cells.contains { $0.contains { $0.kind == .unreachable } }
        }
        for facts in GraphFacts.asked(ofRun) + staticWithUnreachable {
            let graph = facts.graph
            guard !facts.sawUnknown, let initial = graph.initial else { continue }
            let missing = graph.states.indices.filter { !facts.reached.contains($0) }
            guard !missing.isEmpty else { continue }
            let reachedInOrder = graph.states.indices.filter { facts.reached.contains($0) }
            let edges = facts.movingEdges(in: reachedInOrder)
            let allStatic = graph.cells.allSatisfy { $0.allSatisfy { [.ignore, .go, .emit].contains($0.kind) } }
            // How many cells enter each state from another.
            var entries = Array(repeating: 0, count: graph.states.count)
            for edge in edges { entries[edge.outcome.target] += 1 }
            // The states a GO of another state names, as `no-static-entry` counts entries.
            var enteredByGOs = Set<Int>()
            if allStatic {
                for (from, row) in graph.cells.enumerated() {
                    for cell in row where cell.kind == .go {
                        for outcome in cell.outcomes where outcome.target != from { enteredByGOs.insert(outcome.target) }
                    }
                }
            }
            for state in missing {
                let enteredByGO = enteredByGOs.contains(state)
                if allStatic && !enteredByGO { continue }
                // A row of UNREACHABLE says no action ever happens there: never entered, by intent.
                if graph.cells[state].allSatisfy({ $0.kind == .unreachable }) { continue }
                let name = graph.states[state]
                let message = "\(graph.machine): no sequence of actions from `\(graph.states[initial])` reaches `\(name)`; "
                    + (edges.isEmpty
                        ? "no cell of `\(graph.states[initial])` leaves it"
                        : "the states reached (\(GraphFacts.quoted(reachedInOrder.map { graph.states[$0] }))) move only by "
                            + GraphFacts.list(edges.map { facts.edge($0.state, $0.action, $0.outcome) }, limit: 8))
                found.append(locations.diagnostic(self, at: graph.stateDeclarations[state], message, notes: notes(facts, state, edges, entries, locations)))
            }
        }
        return found
    }

    /// The cells near the mistake: a `HANDLE` of a reached state whose implementation returns
    /// another state (the `return` that would name this one), and a GO into a state that other
    /// cells enter too (one that may have named this state before), a name like it first.
    private func notes(
        _ facts: GraphFacts, _ state: Int, _ edges: [(state: Int, action: Int, outcome: MachineGraph.Outcome)], _ entries: [Int],
        _ locations: RunLocations
    ) -> [Diagnostic.Note] {
        let graph = facts.graph
        let name = graph.states[state]
        var notes: [Diagnostic.Note] = []
        var handleCells = 0
        var lastCell: (Int, Int)?
        // Every outcome of a reached HANDLE cell, stays included (a `return` that named this
        // state may now name the cell's own).
        var handleOutcomes: [(state: Int, action: Int, outcome: MachineGraph.Outcome)] = []
        var goCells: [(state: Int, action: Int, outcome: MachineGraph.Outcome)] = []
        for from in graph.states.indices where facts.reached.contains(from) {
            for (action, cell) in graph.cells[from].enumerated() {
                if cell.kind == .handle { handleOutcomes += cell.outcomes.map { (from, action, $0) } }
                if cell.kind == .go { goCells += cell.outcomes.map { (from, action, $0) } }
            }
        }
        for edge in handleOutcomes {
            guard let origin = edge.outcome.origin else { continue }
            if lastCell.map({ $0 != (edge.state, edge.action) }) ?? true {
                handleCells += 1
                lastCell = (edge.state, edge.action)
            }
            guard handleCells <= 4 else { break }
            notes.append(locations.note(origin, "\(graph.cellLabel(state: edge.state, action: edge.action)) is HANDLE: its implementation returns `\(graph.states[edge.outcome.target])` here, never `\(name)`"))
        }
        // GOs of reached states, one whose target is named like this state first, then those
        // into a state other cells enter too or into their own state (which lose nothing).
        let likeIt = goCells.filter { EditDistance.isSlip(graph.states[$0.outcome.target].lowercased(), of: name.lowercased()) }
        let redundant = goCells.filter { entries[$0.outcome.target] > 1 || $0.outcome.target == $0.state }
        var picked: [(state: Int, action: Int, outcome: MachineGraph.Outcome)] = []
        for edge in likeIt + redundant + goCells where !picked.contains(where: { $0.state == edge.state && $0.action == edge.action }) {
            picked.append(edge)
        }
        for edge in picked.prefix(4) {
            guard let origin = edge.outcome.origin else { continue }
            let target = graph.states[edge.outcome.target]
            notes.append(locations.note(origin, "\(graph.cellLabel(state: edge.state, action: edge.action)) goes to `\(target)`"
                + (edge.outcome.target == edge.state ? " (itself)" : "") + ": a GO that entered `\(name)` would be one like this"))
        }
        return notes
    }
}
