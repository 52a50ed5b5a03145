/// `tablint::unread-cells`: a note, once per machine, when cells whose outcome tablint could
/// not read from code it found (a body returning something it cannot follow, a conforming type
/// without the member) leave the behaviour rules unanswered: some state is not reached by the cells that
/// were read. It names the cells and why each could not be read, so a reader knows what
/// `unreachable-state`, `stuck-states` and `unemitted-effect` did not check. A note, not a
/// warning: nothing is wrong with the machine for it.
struct UnreadCells: GraphRule {
    let code = "tablint::unread-cells"
    let defaultSeverity = Severity.note
    let summary = "Cells whose outcome could not be read from code keep the behaviour rules from answering for a machine."

    init() {}

    func check(facts ofRun: [GraphFacts], run: [FileSummary]) -> [Diagnostic] {
        let locations = RunLocations(run)
        var found: [Diagnostic] = []
        for facts in ofRun {
            let graph = facts.graph
            guard facts.sawUnknown, facts.reached.count < graph.states.count else { continue }
            var unread: [(state: Int, action: Int, cell: MachineGraph.Cell)] = []
            for state in graph.states.indices where facts.reached.contains(state) {
                for (action, cell) in graph.cells[state].enumerated() where cell.isUnknown && cell.kind == .handle {
                    unread.append((state, action, cell))
                }
            }
            // A machine whose code is not in the run (no implementation at all) is not noted:
            // that is every matrix linted without its implementation.
            guard let first = unread.first,
                unread.contains(where: { !MachineGraphs.isQuiet($0.cell.unknownReason ?? "") })
            else { continue }
            let notReached = graph.states.indices.filter { !facts.reached.contains($0) }.map { graph.states[$0] }
            let message = "\(graph.machine): \(unread.count) reachable cell\(unread.count == 1 ? "" : "s") could not be read "
                + "(\(GraphFacts.list(unread.map { graph.cellLabel(state: $0.state, action: $0.action) }))), so whether "
                + "\(GraphFacts.quoted(notReached)) can be reached is not checked"
            let notes = unread.prefix(8).map { item in
                locations.note(item.cell.origin, "\(graph.cellLabel(state: item.state, action: item.action)): \(item.cell.unknownReason ?? "not read")")
            }
            var note = locations.diagnostic(self, at: first.cell.origin, message, notes: Array(notes))
            note.unreadCells = unread.count
            found.append(note)
        }
        return found
    }
}
