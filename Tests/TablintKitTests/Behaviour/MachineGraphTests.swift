import XCTest
@testable import TablintKit

/// A graph's cells hold a static cell's one outcome without an array of its own: every way of
/// asking a cell for its outcomes answers alike, and so does comparing two cells.
final class MachineGraphTests: XCTestCase {
    private static let origin = MachineGraph.Origin(path: "Door.swift", range: 10..<14, start: SourceLocation(offset: 10, line: 2, column: 3))

    private func graph() throws -> MachineGraph {
        let graphs = MachineGraphsTests.graphs([
            "Door.swift": """
                enum Door {
                    static let TABLE = Table(
                        machine: "Door",
                        states: ["Closed", "Open", "Locked"],
                        actions: ["Push", "Lock", "Knock", "Stop"],
                        cells: [
                            [.go(target: "Open", effects: ["Creak"]), .go(target: "Locked", effects: []), .emit(effects: ["Echo", "Thud"]), .handle],
                            [.ignore, .unreachable, .delegate(child: "auth"), .go(target: "Closed", effects: [])],
                            [.ignore, .go(target: "Nowhere", effects: []), .ignore, .go(target: "Closed", effects: ["Click"])],
                        ],
                        initial: "Closed"
                    )
                }
                """,
        ])
        return try XCTUnwrap(graphs.first)
    }

    /// `outcomeCount`, `target(_:)` and `effects(_:)` say what `outcomes` holds, for every
    /// kind of cell the matrix gives.
    func testEveryWayOfAskingACellsOutcomesAgrees() throws {
        let graph = try graph()
        var seen: [[Int]] = []
        for row in graph.cells {
            for cell in row {
                XCTAssertEqual(cell.outcomeCount, cell.outcomes.count)
                for index in cell.outcomes.indices {
                    XCTAssertEqual(cell.target(index), cell.outcomes[index].target)
                    XCTAssertEqual(cell.effects(index), cell.outcomes[index].effects)
                    // A static outcome is read where its cell is.
                    XCTAssertEqual(cell.outcomes[index].origin, cell.origin)
                    XCTAssertFalse(cell.outcomes[index].isDynamic)
                }
                seen.append(cell.outcomes.map(\.target))
            }
        }
        // The DELEGATE (Open, Lock) has none: its parent state is what the embedding returns.
        XCTAssertEqual(seen, [[1], [2], [0], [], [1], [], [], [0], [2], [], [2], [0]])
        XCTAssertEqual(graph.cells[0][0].outcomes.first?.effects, ["Creak"])
        XCTAssertEqual(graph.cells[0][2].outcomes.first?.effects, ["Echo", "Thud"])
        XCTAssertEqual(graph.cells[2][3].effects(0), ["Click"])
        XCTAssertNotNil(graph.cells[2][1].unknownReason)
    }

    /// Outcomes set on a static cell replace its own; none set leaves it without any.
    func testSettingOutcomesReplacesAStaticOne() {
        var cell = MachineGraph.Cell(kind: .go, target: 1, effects: ["Ring"], origin: Self.origin)
        XCTAssertEqual(cell.outcomes, [MachineGraph.Outcome(target: 1, effects: ["Ring"], origin: Self.origin)])
        cell.outcomes = [MachineGraph.Outcome(target: 4, isDynamic: true), MachineGraph.Outcome(target: 0, effects: ["Beep"], isDynamic: true)]
        XCTAssertEqual(cell.outcomeCount, 2)
        XCTAssertEqual([cell.target(0), cell.target(1)], [4, 0])
        XCTAssertEqual([cell.effects(0), cell.effects(1)], [[], ["Beep"]])
        cell.outcomes = []
        XCTAssertEqual(cell.outcomeCount, 0)
        XCTAssertEqual(cell.outcomes, [])
        cell.outcomes.append(MachineGraph.Outcome(target: 2))
        XCTAssertEqual(cell.outcomes.map(\.target), [2])
        XCTAssertEqual(cell.effects(0), [])
    }

    /// Two cells with the same outcomes are equal however each holds them; different ones are not.
    func testCellsCompareByTheirOutcomesNotHowTheyAreHeld() {
        let held = MachineGraph.Cell(kind: .emit, target: 3, effects: ["Log"], origin: Self.origin)
        let listed = MachineGraph.Cell(kind: .emit, outcomes: [MachineGraph.Outcome(target: 3, effects: ["Log"], origin: Self.origin)], origin: Self.origin)
        XCTAssertEqual(held, listed)
        XCTAssertNotEqual(held, MachineGraph.Cell(kind: .emit, target: 3, effects: ["Bell"], origin: Self.origin))
        XCTAssertNotEqual(held, MachineGraph.Cell(kind: .emit, target: 2, effects: ["Log"], origin: Self.origin))
        XCTAssertNotEqual(held, MachineGraph.Cell(kind: .emit, outcomes: [], origin: Self.origin))
    }
}
