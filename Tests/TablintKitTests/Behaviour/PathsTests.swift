import XCTest
@testable import TablintKit

/// `MachinePaths`: the shortest sequence to every reachable state, and the greedy transition
/// tour, on graphs read from source and on graphs whose `HANDLE` cells were given outcomes as
/// `MachineGraphs.build` gives them once implementations are read (`isDynamic`, with origins).
final class PathsTests: XCTestCase {
    static func graphs(_ source: String, path: String = "Door.swift") -> [MachineGraph] {
        var workspace = Workspace()
        workspace.update([Engine.Document(path: path, bytes: Array(source.utf8))])
        return workspace.machineGraphs()
    }

    static let door = """
        let DOOR_TABLE = Table(
            machine: "Door",
            states: ["Closed", "Open", "Locked", "Broken", "Gone"],
            actions: ["Push", "Pull", "Lock", "Unlock", "Kick"],
            cells: [
                [.go(target: "Open", effects: []), .ignore, .go(target: "Locked", effects: []), .unreachable, .handle],
                [.ignore, .go(target: "Closed", effects: []), .ignore, .ignore, .emit(effects: ["Creak"])],
                [.ignore, .ignore, .ignore, .go(target: "Closed", effects: []), .ignore],
                [.ignore, .ignore, .ignore, .ignore, .go(target: "Closed", effects: [])],
                [.go(target: "Closed", effects: []), .ignore, .ignore, .ignore, .ignore],
            ],
            initial: "Closed"
        )

        """

    /// The door with its one `HANDLE`, (Closed, Kick), read as returning `targets`.
    static func doorReading(_ targets: [String]) throws -> MachineGraph {
        var graph = try XCTUnwrap(graphs(door).first)
        let closed = 0, kick = 4
        let origin = graph.cells[closed][kick].origin
        graph.cells[closed][kick].outcomes = targets.map { name in
            MachineGraph.Outcome(target: graph.states.firstIndex(of: name)!, origin: origin, isDynamic: true)
        }
        graph.cells[closed][kick].unknownReason = nil
        return graph
    }

    /// Every sequence starts at `initial`, each step follows an outcome its cell has, and
    /// together they fire every outcome of every fireable cell of every reached state.
    func assertTourIsSound(_ graph: MachineGraph, _ paths: MachinePaths, file: StaticString = #filePath, line: UInt = #line) {
        var fired = Set<MachinePaths.Item>()
        for path in paths.cover + paths.reach {
            var here = graph.initial!
            for step in path.steps {
                XCTAssertEqual(step.from, here, "a step leaves from where the last one ended", file: file, line: line)
                let cell = graph.cells[step.from][step.action]
                XCTAssertTrue(cell.isFireable, file: file, line: line)
                XCTAssertEqual(cell.outcomes[step.outcome].target, step.to, file: file, line: line)
                here = step.to
                if case .cover = path.purpose { fired.insert(MachinePaths.Item(state: step.from, action: step.action, outcome: step.outcome)) }
            }
        }
        let (routes, _) = graph.shortestRoutes()
        var wanted = Set<MachinePaths.Item>()
        for (state, row) in graph.cells.enumerated() where routes[state] != nil {
            for (action, cell) in row.enumerated() where cell.isFireable {
                for outcome in cell.outcomes.indices { wanted.insert(MachinePaths.Item(state: state, action: action, outcome: outcome)) }
            }
        }
        XCTAssertEqual(fired, wanted, file: file, line: line)
        XCTAssertEqual(paths.itemCount, wanted.count, file: file, line: line)
    }

    func testReachPathsAreTheShortestAndTheUnknownHandleIsListed() throws {
        let graph = try XCTUnwrap(Self.graphs(Self.door).first)
        let paths = MachinePaths(graph)
        let reached = paths.reach.map { path -> [String] in path.visits(from: 0).map { graph.states[$0] } }
        XCTAssertEqual(reached, [["Closed"], ["Closed", "Open"], ["Closed", "Locked"]])
        // Broken is reached by no known outcome, but (Closed, Kick) is unknown and may reach it.
        XCTAssertEqual(paths.unknown.map { graph.cellLabel(state: $0.state, action: $0.action) }, ["(Closed, Kick)"])
        XCTAssertEqual(paths.uncovered.map { "\(graph.cellLabel(state: $0.state, action: $0.action)) \($0.reason.rawValue)" }, [
            "(Closed, Kick) unknown outcome", "(Broken, Kick) unknown outcome", "(Gone, Push) unknown outcome",
        ])
        assertTourIsSound(graph, paths)
    }

    func testAStateNoOutcomeReachesIsUnreachableWhenNothingIsUnknown() throws {
        let graph = try Self.doorReading(["Open"])
        let paths = MachinePaths(graph)
        XCTAssertEqual(paths.unknown, [])
        XCTAssertEqual(paths.uncovered.map { "\(graph.cellLabel(state: $0.state, action: $0.action)) \($0.reason.rawValue)" }, [
            "(Broken, Kick) unreachable state", "(Gone, Push) unreachable state",
        ])
        assertTourIsSound(graph, paths)
    }

    /// A `HANDLE` that returns two targets is fired along each; the steps through it are the
    /// ones read from code.
    func testEachOutcomeOfAHandleIsCoveredAndRecorded() throws {
        let graph = try Self.doorReading(["Broken", "Gone"])
        let paths = MachinePaths(graph)
        XCTAssertEqual(paths.uncovered, [])
        assertTourIsSound(graph, paths)
        let dynamic = paths.cover.flatMap { path in PathsFormat.dynamicSteps(graph, path).map { path.steps[$0.step].to } }
        XCTAssertEqual(Set(dynamic), [3, 4], "(Closed, Kick) is fired once towards Broken and once towards Gone")
        XCTAssertEqual(paths.reach.map { graph.states[$0.steps.last?.to ?? 0] }, ["Closed", "Open", "Locked", "Broken", "Gone"])
        // Closed -Push-> Open -Pull-> Closed -Lock-> Locked -Unlock-> Closed -Kick-> Broken …
        XCTAssertLessThanOrEqual(paths.coverSteps, paths.itemCount + 4)
    }

    /// The same graph gives the same paths (matrix order decides every tie).
    func testThePathsAreDeterministic() throws {
        let graph = try Self.doorReading(["Broken", "Gone", "Open"])
        XCTAssertEqual(MachinePaths(graph), MachinePaths(graph))
        XCTAssertEqual(PathsFormat.json([PathsFormat.Machine(graph: graph)]), PathsFormat.json([PathsFormat.Machine(graph: graph)]))
    }

    /// On generated machines (random GO targets, some HANDLE cells with one to three read
    /// targets), the tour is sound and its length is reported against the lower bound.
    func testTheTourIsSoundOnGeneratedMachines() throws {
        var random = SplitMix64(seed: 23)
        for index in 0..<20 {
            let states = 2 + random.below(12), actions = 1 + random.below(6)
            let names = (0..<states).map { "S\($0)" }
            let rows = (0..<states).map { _ in
                "[" + (0..<actions).map { _ -> String in
                    switch random.below(5) {
                    case 0: return ".ignore"
                    case 1: return ".handle"
                    case 2: return ".emit(effects: [\"E\"])"
                    default: return ".go(target: \"S\(random.below(states))\", effects: [])"
                    }
                }.joined(separator: ", ") + "]"
            }
            let source = """
                let M\(index)_TABLE = Table(
                    machine: "M\(index)",
                    states: [\(names.map { "\"\($0)\"" }.joined(separator: ", "))],
                    actions: [\((0..<actions).map { "\"A\($0)\"" }.joined(separator: ", "))],
                    cells: [
                        \(rows.joined(separator: ",\n            ")),
                    ],
                    initial: "S0"
                )

                """
            var graph = try XCTUnwrap(Self.graphs(source, path: "M\(index).swift").first, source)
            for state in graph.cells.indices {
                for action in graph.cells[state].indices where graph.cells[state][action].kind == .handle && random.chance(70) {
                    let targets = Set((0...random.below(3)).map { _ in random.below(states) }).sorted()
                    graph.cells[state][action].outcomes = targets.map { MachineGraph.Outcome(target: $0, isDynamic: true) }
                    graph.cells[state][action].unknownReason = nil
                }
            }
            let paths = MachinePaths(graph)
            assertTourIsSound(graph, paths)
            XCTAssertGreaterThanOrEqual(paths.coverSteps, paths.itemCount)
        }
    }

    /// A graph of `states` × `actions` built in memory, as `tablint-bench`'s machine is: the
    /// first column walks the states in order, `handles` cells per row are `HANDLE`s read as
    /// returning one or two targets, the rest `GO` anywhere, `IGNORE` or `EMIT`.
    static func synthetic(states: Int, actions: Int, handles: Int, seed: UInt64) throws -> MachineGraph {
        var graph = try XCTUnwrap(graphs(door).first)
        var random = SplitMix64(seed: seed)
        let origin = graph.cells[0][0].origin
        graph.states = (0..<states).map { "S\($0)" }
        graph.stateOrigins = Array(repeating: origin, count: states)
        graph.actions = (0..<actions).map { "A\($0)" }
        graph.cells = (0..<states).map { state in
            var handleColumns = Set<Int>()
            while handleColumns.count < min(handles, actions - 1) { handleColumns.insert(1 + random.below(actions - 1)) }
            return (0..<actions).map { action in
                if action == 0 { return MachineGraph.Cell(kind: .go, outcomes: [.init(target: (state + 1) % states)], origin: origin) }
                if handleColumns.contains(action) {
                    let targets = Set((0...random.below(2)).map { _ in random.below(states) }).sorted()
                    return MachineGraph.Cell(kind: .handle, outcomes: targets.map { .init(target: $0, origin: origin, isDynamic: true) }, origin: origin)
                }
                switch random.below(20) {
                case 0..<5: return MachineGraph.Cell(kind: .ignore, outcomes: [.init(target: state)], origin: origin)
                case 5..<8: return MachineGraph.Cell(kind: .emit, outcomes: [.init(target: state, effects: ["Log"])], origin: origin)
                default: return MachineGraph.Cell(kind: .go, outcomes: [.init(target: random.below(states))], origin: origin)
                }
            }
        }
        graph.initial = 0
        return graph
    }

    /// How close the greedy tour gets to the lower bound (one step per outcome to fire): the
    /// README's figure. Checked loosely, so that a worse tour fails.
    func testTheTourStaysNearTheLowerBound() throws {
        let graph = try Self.synthetic(states: 1_000, actions: 50, handles: 10, seed: 2026)
        let paths = MachinePaths(graph)
        assertTourIsSound(graph, paths)
        let ratio = Double(paths.coverSteps) / Double(paths.itemCount)
        print("tour of a 1000 × 50 machine: \(paths.cover.count) sequences, \(paths.coverSteps) steps for \(paths.itemCount) outcomes, ratio \(ratio)")
        XCTAssertLessThan(ratio, 1.5)
        var steps = 0, items = 0, sequences = 0
        for seed in 1...40 {
            var random = SplitMix64(seed: UInt64(seed))
            let small = try Self.synthetic(states: 3 + random.below(10), actions: 2 + random.below(5), handles: 1, seed: UInt64(seed))
            let found = MachinePaths(small)
            assertTourIsSound(small, found)
            steps += found.coverSteps
            items += found.itemCount
            sequences += found.cover.count
        }
        print("tour of 40 small machines: \(sequences) sequences, \(steps) steps for \(items) outcomes, ratio \(Double(steps) / Double(items))")
        XCTAssertLessThan(Double(steps) / Double(items), 1.6)
    }
}
