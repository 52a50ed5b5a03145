/// A run rule that asks what a machine does (`MachineGraph`), not only what its surfaces say.
/// The run's graphs, and what is reached in each, are worked out once for all such rules
/// (`CrossFileRun.graphFacts`). Only Swift matrices with an initial state are asked (a `Table`
/// literal, an `@Machine` enum): a `.tbl` pin mirrors one, and has no implementation of its own.
protocol GraphRule: RunRule {
    /// `facts`: every graph of the run that is asked (`GraphFacts.ofRun`), in run order.
    func check(facts: [GraphFacts], run: [FileSummary]) -> [Diagnostic]
}

extension GraphRule {
    func check(run facts: CrossFileRun) -> [Diagnostic] { check(facts: facts.graphFacts, run: facts.summaries) }
}

/// What the behaviour rules share: the known reachable part of a graph and how to point at it.
struct GraphFacts {
    let graph: MachineGraph
    /// The states reached from `initial` by known outcomes.
    let reached: ReachedStates
    /// Some reached state has a cell whose outcome is unknown: what is not reached may still be,
    /// and what seems closed may still be left.
    let sawUnknown: Bool

    /// A set of a graph's states as a mark per state and the marked ones in declaration order:
    /// no hashing per state (a machine of 1,000 states is asked this by every rule).
    struct ReachedStates {
        private let marks: [Bool]
        /// The states reached, in declaration order.
        let inOrder: [Int]

        init(marks: [Bool]) {
            self.marks = marks
            inOrder = marks.indices.filter { marks[$0] }
        }

        func contains(_ state: Int) -> Bool { marks[state] }
        var count: Int { inOrder.count }
    }

    init(_ graph: MachineGraph) {
        self.graph = graph
        // Breadth first, without the routes `shortestRoutes` keeps (quadratic on a long chain).
        var seen = Array(repeating: false, count: graph.states.count)
        var sawUnknown = false
        var sawDelegate = false
        var queue: [Int] = []
        if let initial = graph.initial {
            seen[initial] = true
            queue.append(initial)
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let row = graph.cells[state]
            for action in row.indices {
                if row[action].isUnknown { sawUnknown = true }
                if row[action].kind == .delegate { sawDelegate = true }
                for outcome in 0..<row[action].outcomeCount {
                    let target = row[action].target(outcome)
                    if !seen[target] {
                        seen[target] = true
                        queue.append(target)
                    }
                }
            }
        }
        reached = ReachedStates(marks: seen)
        // A DELEGATE cell's parent state after the child moves is what the embedding returns
        // (`<alias>Embed`), not read here: it may lead anywhere too.
        self.sawUnknown = sawUnknown || sawDelegate
    }

    /// The facts of the run's Swift matrices with an initial state, in run order: what every
    /// behaviour rule looks at, worked out once for all of them.
    static func ofRun(_ graphs: [MachineGraph]) -> [GraphFacts] {
        graphs.filter { ($0.surface == .tableLiteral || $0.surface == .machineEnum) && $0.initial != nil }.map(GraphFacts.init)
    }

    /// The graphs the reachability rules look at: those whose code was read (a `HANDLE` cell
    /// with its implementation found). A matrix of static cells alone is the library's lints'
    /// (`no-static-entry`, `no-static-exit`, `dead-row`).
    static func asked(_ facts: [GraphFacts]) -> [GraphFacts] {
        facts.filter { facts in facts.graph.cells.contains { $0.contains { $0.kind == .handle && !$0.isUnknown } } }
    }

    /// `(Idle, Start) → Running`, as a finding names an edge.
    func edge(_ state: Int, _ action: Int, _ outcome: MachineGraph.Outcome) -> String {
        "\(graph.cellLabel(state: state, action: action)) → \(graph.states[outcome.target])"
    }

    /// The cells of `states` that move to another state, with the outcomes that do.
    func movingEdges(in states: [Int]) -> [(state: Int, action: Int, outcome: MachineGraph.Outcome)] {
        var found: [(Int, Int, MachineGraph.Outcome)] = []
        for state in states {
            for (action, cell) in graph.cells[state].enumerated() {
                for outcome in cell.outcomes where outcome.target != state { found.append((state, action, outcome)) }
            }
        }
        return found
    }

    /// A list of names as a message writes it, at most `limit` of them.
    static func list(_ items: [String], limit: Int = 6) -> String {
        items.count <= limit ? items.joined(separator: ", ") : items.prefix(limit).joined(separator: ", ") + ", and \(items.count - limit) more"
    }

    static func quoted(_ names: [String], limit: Int = 6) -> String { list(names.map { "`\($0)`" }, limit: limit) }
}

/// Diagnostics and notes at a graph's origins, which may be in any file of the run.
struct RunLocations {
    private var byPath: [String: FileSummary] = [:]

    init(_ run: [FileSummary]) {
        for file in run where byPath[file.path] == nil { byPath[file.path] = file }
    }

    func end(of origin: MachineGraph.Origin) -> SourceLocation {
        guard let file = byPath[origin.path] else { return origin.start }
        return file.location(of: origin.range.upperBound)
    }

    func note(_ origin: MachineGraph.Origin, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(path: origin.path, location: origin.start, message: message)
    }

    func diagnostic(
        _ rule: Rule, at origin: MachineGraph.Origin, _ message: String, notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            path: origin.path, start: origin.start, end: end(of: origin), severity: rule.defaultSeverity, message: message,
            code: rule.code, notes: notes)
    }
}

extension GraphFacts {
    /// The bound matrix of the run a graph was built from (same file, machine and first state).
    static func bound(of graph: MachineGraph, in run: [FileSummary]) -> (file: Int, bound: BoundMatrix)? {
        for (index, file) in run.enumerated() where file.path == graph.path {
            for bound in file.matrices where bound.matrix.machine.text == graph.machine && !bound.matrix.states.isEmpty {
                let first = bound.matrix.rows.first?.label?.range ?? bound.matrix.states[0].range
                if graph.stateOrigins.first?.range == first { return (index, bound) }
            }
        }
        return nil
    }

    /// A state of the graph by a name as code or a path writes it (`.idle` for `Idle`).
    func state(named name: String) -> Int? {
        graph.states.firstIndex { $0 == name } ?? graph.states.firstIndex { NameCasing.lowerFirst($0) == NameCasing.lowerFirst(name) }
    }
}
