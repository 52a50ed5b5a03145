import Foundation
import XCTest
@testable import TablintKit

/// `.tbl` fixtures with a state named like a header key (`states`, `actions`, `initial`,
/// `machine`): the library reads its row as a header line and, when nothing after it
/// depends on that row, accepts the file. tablint warns (`fixture-misread`), never errors, and
/// its fix aligns such a row with the other rows. `Tests/Fixtures/KeyNamedStates`.
final class KeyNamedStateTests: XCTestCase {
    private func source(_ name: String) throws -> SourceFile {
        try Fixtures.source(Fixtures.url("KeyNamedStates/\(name)"))
    }

    func testAcceptedFixturesGetWarningsButNoErrorAndNeedNoFix() throws {
        for name in ["states.tbl", "initial.tbl", "machine.tbl", "actions.tbl", "embedded.swift"] {
            let file = try source(name)
            let found = TestRun.lint(file)
            XCTAssertEqual(found.filter { $0.severity == .error }.map(\.code), [], name)
            XCTAssertTrue(found.contains { $0.code == "tablint::fixture-misread" }, name)
            XCTAssertEqual(TestRun.fix(file), .unchanged, name)
        }
    }

    func testActionsNamedLikeKeysAreSilent() throws {
        let file = try source("actions.names.tbl")
        XCTAssertEqual(TestRun.lint(file).map(\.code), [])
        XCTAssertEqual(TestRun.fix(file), .unchanged)
    }

    func testWhatTheLibraryRejectsIsStillAnError() throws {
        let found = TestRun.lint(try source("rejected.tbl"))
        XCTAssertTrue(found.contains { $0.code == "tablint::fixture-syntax" && $0.severity == .error }, "\(found.map(\.message))")
    }

    /// The row `states | …` was once padded as a header line, out of its column.
    func testTheFixAlignsTheKeyNamedRowWithTheOtherRows() throws {
        let fixed = TestRun.fix(try source("ragged.tbl"))
        XCTAssertEqual(fixed, .fixed(try source("ragged.aligned.tbl").bytes))
    }
}
