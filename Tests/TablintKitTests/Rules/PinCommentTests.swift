import XCTest
@testable import TablintKit

/// A pin whose rows carry trailing `# comment`s: the `pin-drift` fix rewrites the rows and keeps
/// each comment on its state's row (in one column when they were); where it cannot, the message
/// says why there is no fix.
final class PinCommentTests: XCTestCase {
    static let table = """
        extension Vend {
            static let TABLE = Table(
                machine: "Vend",
                states: ["Idle", "Collecting"],
                actions: ["Coin", "Select"],
                cells: [
                    [.go(target: "Collecting", effects: ["AcceptCoin"]), .ignore],
                    [.handle, .go(target: "Idle", effects: ["Dispense"])],
                ],
                initial: "Idle"
            )
        }

        """

    static func pin(_ rows: String) -> String {
        "machine Vend\ninitial Idle\nstates  Idle Collecting\nactions Coin Select\n\n" + rows
    }

    private func drift(_ rows: String) throws -> (Diagnostic, String) {
        let text = Self.pin(rows)
        let found = CrossSurfaceTests.lint(["Vend.swift": Self.table, "Vend.tbl": text]).filter { $0.code == "tablint::pin-drift" }
        let first = try XCTUnwrap(found.first)
        return (first, first.fix.map { CrossSurfaceTests.apply($0, to: text) } ?? text)
    }

    func testAlignedCommentsStayInOneColumnOnTheirRows() throws {
        let (_, fixed) = try drift("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE    # waiting
            Collecting | HANDLE                     | GO(Idle)  # paying

            """)
        XCTAssertEqual(fixed, Self.pin("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE             # waiting
            Collecting | HANDLE                     | GO(Idle, Dispense) # paying

            """))
    }

    func testRaggedCommentsKeepTheirBlanks() throws {
        let (_, fixed) = try drift("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE # waiting
            Collecting | HANDLE                     | GO(Idle)   # paying

            """)
        XCTAssertEqual(fixed, Self.pin("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE # waiting
            Collecting | HANDLE                     | GO(Idle, Dispense)   # paying

            """))
    }

    func testACommentLineBetweenRowsGetsNoFixAndSaysWhy() throws {
        let (diagnostic, _) = try drift("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE
            # the paying state
            Collecting | HANDLE                     | GO(Idle)

            """)
        XCTAssertNil(diagnostic.fix)
        XCTAssertTrue(diagnostic.message.contains("; no fix: a blank line or a comment line stands between its rows"), diagnostic.message)
    }

    func testAPinWithoutCommentsIsFixedAsBefore() throws {
        let (_, fixed) = try drift("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE
            Collecting | HANDLE                     | GO(Idle)

            """)
        XCTAssertEqual(fixed, Self.pin("""
            Idle       | GO(Collecting, AcceptCoin) | IGNORE
            Collecting | HANDLE                     | GO(Idle, Dispense)

            """))
    }
}

/// A pin whose two rows match each other's matrix rows crosswise: one diagnostic at the
/// matrix, not one per cell telling the pin to copy whichever side slipped.
final class PinSwapTests: XCTestCase {
    static let table = """
        let SHOP_TABLE = Table(
            machine: "Shop",
            states: ["Open", "Paid", "Refunding"],
            actions: ["Pay", "Refund"],
            cells: [
                [.go(target: "Paid", effects: ["Charge"]), .ignore],
                [.ignore, .go(target: "Refunding", effects: ["Refund"])],
                [.ignore, .go(target: "Open", effects: [])],
            ],
            initial: "Open"
        )

        """

    static func pin(_ paid: String, _ refunding: String) -> String {
        """
        machine Shop
        initial Open
        states  Open Paid Refunding
        actions Pay Refund

        Open      | GO(Paid, Charge) | IGNORE
        Paid      | IGNORE           | \(paid)
        Refunding | IGNORE           | \(refunding)

        """
    }

    func testSwappedRowsAreOneDiagnosticAtTheMatrix() {
        let found = CrossSurfaceTests.lint(["Shop.swift": Self.table, "Shop.tbl": Self.pin("GO(Open)", "GO(Refunding, Refund)")])
            .filter { $0.code == "tablint::pin-drift" }
        XCTAssertEqual(found.count, 1, "\(found.map(\.message))")
        XCTAssertEqual(found.first?.path, "Shop.swift")
        XCTAssertTrue(found.first?.message.hasPrefix("rows `Paid` and `Refunding` of the matrix `SHOP_TABLE` look swapped") ?? false, "\(found.map(\.message))")
        XCTAssertFalse(found.first?.message.contains("Expected") ?? true)
    }

    func testTwoRowsThatDifferOtherwiseAreReportedCellByCell() {
        let found = CrossSurfaceTests.lint(["Shop.swift": Self.table, "Shop.tbl": Self.pin("GO(Open)", "IGNORE")])
            .filter { $0.code == "tablint::pin-drift" }
        XCTAssertEqual(found.count, 2, "\(found.map(\.message))")
        XCTAssertFalse(found.contains { $0.message.contains("swapped") })
        XCTAssertNotNil(found.first?.fix, "the pin's fix rides on its first diagnostic")
    }
}
