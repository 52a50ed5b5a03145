import XCTest
@testable import TablintKit

/// `CellMembers.GeneratedCellNames`: which names are the generator's for some cell of a
/// matrix, asked without building every cell's name.
final class CellMembersTests: XCTestCase {
    private func matrix(_ text: String) throws -> Matrix {
        try XCTUnwrap(TableLiteralReader.read(SignificantTokens(file: SourceFile(path: "M.swift", text: text), pieces: Tokenizer.tokenize(Array(text.utf8)))).matrices.first)
    }

    /// Every cell's `lower(State) + Cap(Action)` and its `…ToChild`, whichever split of the
    /// name the state and the action make, and nothing else.
    func testTheGeneratedNamesAreEveryCellsAndOnlyThem() throws {
        let matrix = try self.matrix("""
            let M_TABLE = Table(
                machine: "M",
                states: ["A", "Ab", "Idle"],
                actions: ["Bc", "C", "Start"],
                cells: [
                    [.ignore, .ignore, .ignore],
                    [.ignore, .ignore, .handle],
                    [.ignore, .go(target: "A", effects: []), .ignore],
                ],
                initial: "A"
            )
            """)
        let names = CellMembers.GeneratedCellNames(matrix)
        for name in ["aBc", "abC", "abBc", "aC", "idleStart", "idleStartToChild", "abStartToChild", "aStart"] {
            XCTAssertTrue(names.contains(name), name)
        }
        for name in ["", "a", "idle", "Start", "idlestart", "IdleStart", "idleStartToChil", "idleStartToChildToChild", "ToChild", "bIdle", "idleStartX"] {
            XCTAssertFalse(names.contains(name), name)
        }
    }

    /// A row shorter than the actions names only the cells it has, as the generator pairs them.
    func testAShortRowNamesOnlyItsCells() throws {
        let matrix = try self.matrix("""
            let M_TABLE = Table(
                machine: "M",
                states: ["Idle", "Busy"],
                actions: ["Start", "Stop"],
                cells: [
                    [.ignore],
                    [.ignore, .ignore],
                ],
                initial: "Idle"
            )
            """)
        let names = CellMembers.GeneratedCellNames(matrix)
        XCTAssertTrue(names.contains("idleStart"))
        XCTAssertFalse(names.contains("idleStop"))
        XCTAssertFalse(names.contains("idleStopToChild"))
        XCTAssertTrue(names.contains("busyStop"))
    }
}
