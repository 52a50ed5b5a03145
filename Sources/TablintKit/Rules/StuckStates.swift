/// `tablint::stuck-states`: a set of reachable states that, once entered, no action leaves,
/// and that is not terminal by intent (a single row that cannot be left: IGNORE, EMIT, GO to
/// itself, as `path-unterminated` reads an end, or a HANDLE whose code only stays): the
/// machine can no longer get back to `initial`, nor to a terminal state, and gets stuck
/// cycling. A machine whose states all lead back to `initial` runs forever by design. Reported once per set, at its first state. A single state that
/// `no-static-exit` or `dead-row` already reports is left to them; nothing is said of a machine
/// with a reached cell whose outcome is unknown.
struct StuckStates: GraphRule {
    let code = "tablint::stuck-states"
    let defaultSeverity = Severity.warning
    let summary = "A set of reachable states that no action leaves once entered: the machine never gets back to `initial`, and none of them is terminal."

    init() {}

    func check(facts ofRun: [GraphFacts], run: [FileSummary]) -> [Diagnostic] {
        let locations = RunLocations(run)
        var found: [Diagnostic] = []
        // Every graph, static cells alone too: the library's lints see one state that cannot be
        // left (`no-static-exit`, `dead-row`), not two that hand the machine back and forth.
        for facts in ofRun {
            let graph = facts.graph
            guard !facts.sawUnknown else { continue }
            let closed = Self.closedSets(graph, reached: facts.reached)
            // Terminal by intent as `path-unterminated` reads an end: a lone state whose row
            // cannot be left (IGNORE, EMIT, GO to itself; no DELEGATE). A HANDLE whose code only
            // stays (`.stay(effects: [.log])`, `.ignored`) is the EMIT or IGNORE of code: an end too.
            let isTerminal: ([Int]) -> Bool = { set in
                set.count == 1 && graph.cells[set[0]].allSatisfy { cell in
                    cell.kind != .delegate && cell.kind != .unknown && (cell.kind != .handle || cell.outcomeCount > 0)
                        && (0..<cell.outcomeCount).allSatisfy { cell.target($0) == set[0] }
                }
            }
            let terminals = closed.filter(isTerminal)
            guard let initial = graph.initial else { continue }
            // The reached states in declaration order, and which set each closed state is in:
            // a set's message names the states it lost without a pass over every state per set.
            let reachedInOrder = facts.reached.inOrder
            var setOf = Array(repeating: -1, count: graph.states.count)
            for (which, set) in closed.enumerated() { for state in set { setOf[state] = which } }
            // A machine that can always get back to `initial` (one closed set holding it) runs
            // forever by design; a set that has lost `initial` is stuck.
            for (which, set) in closed.enumerated() where !isTerminal(set) && setOf[initial] != which {
                // `no-static-exit` reports a lone row with no GO and nothing dynamic.
                if set.count == 1, !graph.cells[set[0]].contains(where: { $0.kind == .go || $0.kind == .handle || $0.kind == .delegate || $0.kind == .unreachable }) {
                    continue
                }
                let names = set.map { graph.states[$0] }
                // At most the 6 the message names, then how many more.
                var lost: [String] = []
                for state in reachedInOrder where setOf[state] != which {
                    lost.append(graph.states[state])
                    if lost.count == 6 { break }
                }
                let lostCount = reachedInOrder.count - set.count
                let inside = facts.movingEdges(in: set)
                let what = set.count == 1 ? "once in `\(names[0])`, no action leaves it" : "once in \(GraphFacts.quoted(names)), no action leaves them"
                let how = inside.isEmpty
                    ? "every cell of `\(names[0])` stays"
                    : "the cells move only by " + GraphFacts.list(inside.map { facts.edge($0.state, $0.action, $0.outcome) }, limit: 8)
                let lostText = GraphFacts.quoted(lost) + (lostCount > lost.count ? ", and \(lostCount - lost.count) more" : "")
                let message = "\(graph.machine): \(what) (\(how)), so \(lostText) can no longer be reached; "
                    + (terminals.isEmpty
                        ? "and no state of the set is terminal (a row that cannot be left)"
                        : "the terminal state \(GraphFacts.quoted(terminals.map { graph.states[$0[0]] })) is never reached from here")
                var notes: [Diagnostic.Note] = []
                for edge in inside.prefix(8) {
                    guard let origin = edge.outcome.origin else { continue }
                    notes.append(locations.note(origin, "\(facts.edge(edge.state, edge.action, edge.outcome)) stays in the set"))
                }
                if inside.isEmpty {
                    for (action, cell) in graph.cells[set[0]].enumerated() where cell.kind == .go || cell.kind == .handle {
                        for outcome in cell.outcomes.prefix(2) {
                            guard let origin = outcome.origin else { continue }
                            notes.append(locations.note(origin, "\(facts.edge(set[0], action, outcome)) stays in `\(names[0])`"))
                        }
                    }
                }
                found.append(locations.diagnostic(self, at: graph.stateOrigins[set[0]], message, notes: notes))
            }
        }
        return found
    }

    /// The strongly connected sets of reached states with no known outcome to a state outside,
    /// each in declaration order, ordered by their first state (Tarjan's, without recursion).
    static func closedSets(_ graph: MachineGraph, reached: GraphFacts.ReachedStates) -> [[Int]] {
        let count = graph.states.count
        var successors: [[Int]] = Array(repeating: [], count: count)
        // Each state's distinct successors, marked by the state that last added them (no set per state).
        var addedBy = Array(repeating: -1, count: count)
        for state in reached.inOrder {
            // By index: a copy of each cell would retain and release all it holds.
            let row = graph.cells[state]
            // Room for a successor per cell at once, not grown an element at a time.
            successors[state].reserveCapacity(row.count)
            for action in row.indices {
                for outcome in 0..<row[action].outcomeCount {
                    let target = row[action].target(outcome)
                    guard target != state, addedBy[target] != state else { continue }
                    addedBy[target] = state
                    successors[state].append(target)
                }
            }
        }
        var index = Array(repeating: -1, count: count), low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = [], next = 0
        var components: [[Int]] = []
        var component = Array(repeating: -1, count: count)
        for root in reached.inOrder where index[root] < 0 {
            var work: [(state: Int, child: Int)] = [(root, 0)]
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while var top = work.last {
                if top.child < successors[top.state].count {
                    let target = successors[top.state][top.child]
                    top.child += 1
                    work[work.count - 1] = top
                    if index[target] < 0 {
                        index[target] = next; low[target] = next; next += 1
                        stack.append(target); onStack[target] = true
                        work.append((target, 0))
                    } else if onStack[target] {
                        low[top.state] = min(low[top.state], index[target])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.state] = min(low[parent.state], low[top.state]) }
                if low[top.state] == index[top.state] {
                    var members: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = components.count
                        members.append(member)
                        if member == top.state { break }
                    }
                    components.append(members.sorted())
                }
            }
        }
        let closed = components.enumerated().filter { which, members in
            members.allSatisfy { successors[$0].allSatisfy { component[$0] == which } }
        }.map(\.element)
        return closed.sorted { $0[0] < $1[0] }
    }
}
