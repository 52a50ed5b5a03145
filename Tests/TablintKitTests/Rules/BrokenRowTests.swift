import Foundation
import XCTest
@testable import TablintKit

/// A `Table` row of the wrong length hides none of the checks that do not depend on it: the
/// dispatcher is compared with the other rows and the enums with the names, in the same run as
/// the `row-arity` error. `Tests/Fixtures/BrokenRow`.
final class BrokenRowTests: XCTestCase {
    private func lint(_ name: String) throws -> [Diagnostic] {
        TestRun.lint(try Fixtures.source(Fixtures.url("BrokenRow/\(name)")))
    }

    func testTheOtherRowsAndTheEnumsAreCheckedInTheSameRun() throws {
        let found = try lint("Door.swift")
        let codes = found.map(\.code)
        XCTAssertEqual(codes.filter { $0 == "tablint::dispatcher-drift" }.count, 2, "\(found.map(\.message))")
        XCTAssertTrue(codes.contains("tablint::enum-drift"), "\(codes)")
        XCTAssertTrue(codes.contains("tabular-center::row-arity"), "\(codes)")
        XCTAssertFalse(codes.contains("tabular-center::missing-row"), "every state has its row: \(found.map(\.message))")
        // The broken row's own pairs are not compared: nothing says (Open, Pull) drifted.
        XCTAssertFalse(found.contains { $0.message.contains("(Open, ") }, "\(found.map(\.message))")
    }

    func testRowsThatAgreeStaySilentBesideTheBrokenOne() throws {
        XCTAssertEqual(try lint("Agreeing.swift").map(\.code), ["tabular-center::row-arity"])
    }
}
