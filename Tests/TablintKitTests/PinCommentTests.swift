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
