/// `tablint paths` without the command line: for one machine graph, the shortest action
/// sequence from `initial` to every reachable state, and a transition tour (a few sequences
/// from `initial` that together fire every fireable cell of every reachable state). Pure and
/// deterministic: states, actions and outcomes are always taken in matrix order.
///
/// A sequence follows only outcomes that were read (a `HANDLE` cell's along a target its
/// implementation returns); each distinct outcome of a cell is one thing to cover, so a
/// `HANDLE` that returns two targets is fired twice, once along each.
struct MachinePaths: Equatable {
    enum Purpose: Equatable {
        /// The shortest sequence that reaches the state.
        case reach(Int)
        /// Part of the tour.
        case cover
    }

    struct Path: Equatable {
        var purpose: Purpose
        var steps: [MachineGraph.Step]

        /// The state after each step, starting with the state before the first.
        func visits(from initial: Int) -> [Int] { [initial] + steps.map(\.to) }
    }

    /// One thing for the tour to fire: a cell of a state, along one of its outcomes.
    struct Item: Hashable, Comparable {
        var state: Int
        var action: Int
        var outcome: Int

        static func < (lhs: Item, rhs: Item) -> Bool {
            (lhs.state, lhs.action, lhs.outcome) < (rhs.state, rhs.action, rhs.outcome)
        }
    }

    /// A fireable cell no sequence fires, and why.
    struct Uncovered: Equatable {
        enum Reason: String, Equatable {
            /// No sequence of known outcomes reaches the cell's state (and no cell the state
            /// could be reached through is unknown).
            case unreachableState = "unreachable state"
            /// The cell's own outcome is unknown, or its state is reached by no known outcome
            /// while some reached cell's outcome is unknown (it may lead there).
            case unknownOutcome = "unknown outcome"
        }

        var state: Int
        var action: Int
        var reason: Reason
        /// Said in full: which outcome is unknown, or how the state is cut off.
        var detail: String
    }

    /// A cell whose outcome could not be read (in any state, reached or not).
    struct Unknown: Equatable {
        var state: Int
        var action: Int
        var reason: String
    }

    var reach: [Path]
    var cover: [Path]
    var uncovered: [Uncovered]
    var unknown: [Unknown]
    /// How many distinct outcomes of fireable cells in reachable states there are: the tour
    /// fires each, and one step fires one, so this is a lower bound on the tour's total steps.
    var itemCount: Int

    var coverSteps: Int { cover.reduce(0) { $0 + $1.steps.count } }

    init(_ graph: MachineGraph) {
        var unknown: [Unknown] = []
        for (state, row) in graph.cells.enumerated() {
            for (action, cell) in row.enumerated() where cell.isFireable {
                if let reason = cell.unknownReason { unknown.append(Unknown(state: state, action: action, reason: reason)) }
            }
        }
        self.unknown = unknown
        guard let initial = graph.initial else {
            reach = []
            cover = []
            itemCount = 0
            uncovered = []
            return
        }
        let (routes, sawUnknown) = graph.shortestRoutes()
        reach = graph.states.indices.compactMap { state in routes[state].map { Path(purpose: .reach(state), steps: $0) } }

        // Every distinct outcome of every fireable cell of a reached state, and what cannot be.
        var items: [Item] = []
        var uncovered: [Uncovered] = []
        for (state, row) in graph.cells.enumerated() {
            let reached = routes[state] != nil
            for (action, cell) in row.enumerated() where cell.isFireable {
                if !reached {
                    let detail = sawUnknown
                        ? "no known outcome reaches \(graph.states[state]); a cell whose outcome is unknown may"
                        : "no sequence of actions from \(graph.states[initial]) reaches \(graph.states[state])"
                    uncovered.append(Uncovered(state: state, action: action, reason: sawUnknown ? .unknownOutcome : .unreachableState, detail: detail))
                    continue
                }
                if cell.outcomeCount == 0 {
                    uncovered.append(Uncovered(
                        state: state, action: action, reason: .unknownOutcome,
                        detail: cell.unknownReason ?? "the cell has no outcome"))
                    continue
                }
                for outcome in 0..<cell.outcomeCount { items.append(Item(state: state, action: action, outcome: outcome)) }
            }
        }
        self.uncovered = uncovered
        itemCount = items.count
        cover = Self.tour(graph, from: initial, items: items)
    }

    /// The greedy tour: from the current state, walk the shortest way to the nearest state with
    /// an outcome not yet fired and fire one (`choice(at:)`); when none is
    /// reachable from here, start a new sequence from `initial`. Every step fires an outcome,
    /// covered or not, so the walk there covers what it passes too.
    ///
    /// The search from the current state stops at the first state with something left to fire,
    /// and its marks are reset by a generation count, not cleared, so a step near the current
    /// state costs only the states it looks at.
    static func tour(_ graph: MachineGraph, from initial: Int, items: [Item]) -> [Path] {
        let stateCount = graph.states.count
        // Known outcomes per state, flattened: (action, outcome, target).
        var edges: [[(action: Int, outcome: Int, target: Int)]] = Array(repeating: [], count: stateCount)
        for (state, row) in graph.cells.enumerated() {
            for (action, cell) in row.enumerated() where cell.isFireable {
                for which in 0..<cell.outcomeCount { edges[state].append((action, which, cell.target(which))) }
            }
        }
        // Whether each edge is still to fire, and how many are left per state.
        var pending: [[Bool]] = edges.map { Array(repeating: false, count: $0.count) }
        var left = Array(repeating: 0, count: stateCount)
        var remaining = 0
        var edgeIndex: [Item: (state: Int, index: Int)] = [:]
        for (state, list) in edges.enumerated() {
            for (index, edge) in list.enumerated() {
                edgeIndex[Item(state: state, action: edge.action, outcome: edge.outcome)] = (state, index)
            }
        }
        for item in items {
            guard let (state, index) = edgeIndex[item], !pending[state][index] else { continue }
            pending[state][index] = true
            left[state] += 1
            remaining += 1
        }

        var paths: [Path] = []
        var current: [MachineGraph.Step] = []
        var here = initial
        var mark = Array(repeating: 0, count: stateCount)
        var generation = 0
        // The step that first reached each state in the current search.
        var via = Array(repeating: (from: 0, edge: 0), count: stateCount)
        var queue: [Int] = []
        queue.reserveCapacity(stateCount)

        func fire(_ state: Int, _ index: Int) {
            let edge = edges[state][index]
            current.append(MachineGraph.Step(action: edge.action, outcome: edge.outcome, from: state, to: edge.target))
            if pending[state][index] {
                pending[state][index] = false
                left[state] -= 1
                remaining -= 1
            }
            here = edge.target
        }

        // Of the outcomes left at a state: one that stays first (firing it costs no position),
        // then one that leads where something is left to fire, then the first in matrix order.
        func choice(at state: Int) -> Int {
            var leading: Int?
            var first: Int?
            for (index, edge) in edges[state].enumerated() where pending[state][index] {
                if edge.target == state { return index }
                if first == nil { first = index }
                if leading == nil, left[edge.target] > 0 { leading = index }
            }
            return leading ?? first!
        }

        while remaining > 0 {
            // Breadth first from here, to the nearest state with an outcome left to fire.
            generation += 1
            queue.removeAll(keepingCapacity: true)
            queue.append(here)
            mark[here] = generation
            var found: Int?
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                if left[state] > 0 { found = state; break }
                for (index, edge) in edges[state].enumerated() where mark[edge.target] != generation {
                    mark[edge.target] = generation
                    via[edge.target] = (state, index)
                    queue.append(edge.target)
                }
            }
            guard let target = found else {
                // Nothing left is reachable from here: a new sequence from `initial` (which
                // reaches every state that has an item, so this happens at most once per item).
                if current.isEmpty { break }
                paths.append(Path(purpose: .cover, steps: current))
                current = []
                here = initial
                continue
            }
            // The walk there, then the first outcome left to fire at `target`.
            var walk: [(Int, Int)] = []
            var state = target
            while state != here {
                let step = via[state]
                walk.append((step.from, step.edge))
                state = step.from
            }
            for (from, index) in walk.reversed() { fire(from, index) }
            fire(target, choice(at: target))
        }
        if !current.isEmpty { paths.append(Path(purpose: .cover, steps: current)) }
        return paths
    }
}
