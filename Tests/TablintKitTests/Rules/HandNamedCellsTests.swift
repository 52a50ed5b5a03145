import Foundation
import XCTest
@testable import TablintKit

/// Hand-written `Cells` protocols whose members are named by their authors (reference §1.6):
/// members are paired with cells through the dispatcher's arms, across files, through
/// refinements. Each folder of `Tests/Fixtures/HandNamedCells` is one run; its golden is
/// `<folder>.expected` beside it.
final class HandNamedCellsTests: XCTestCase {
    static let codes: Set<String> = ["tablint::cells-drift", "tablint::dispatcher-drift", "tablint::ambiguous-pairing"]

    private func lint(_ folder: String) throws -> String {
        let root = Fixtures.url("HandNamedCells/\(folder)")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = try Dictionary(uniqueKeysWithValues: names.map { name in
            ("\(folder)/\(name)", Array(try Data(contentsOf: root.appendingPathComponent(name))))
        })
        let result = TestRun.lintFiles(files.keys.sorted(), jobs: 1, read: { .success(files[$0]!) }, settings: { _ in .default })
        return Fixtures.render(result.diagnostics.filter { Self.codes.contains($0.code) })
    }

    private func assertGolden(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try Fixtures.assertGolden(try lint(folder), Fixtures.url("HandNamedCells/\(folder).expected"), file: file, line: line)
    }

    /// `onUnlock` for the (Locked, Unlock) HANDLE cell, the dispatcher in another file, and the
    /// effect dispatcher calling `ringTheChime` for the effect `chime`.
    func testAMachineWhoseMembersItsAuthorsNamedIsSilent() throws {
        XCTAssertEqual(try lint("lock"), "")
    }

    /// `SessionCells: AuthCells`, a DELEGATE member without `ToChild`, both machines hand-named.
    func testAComposedProtocolWithADelegateMemberWithoutToChildIsSilent() throws {
        XCTAssertEqual(try lint("session"), "")
    }

    /// `DoorCells: DoorHandlers, DoorAlarms {}`, the members in other files, one member for two
    /// HANDLE cells.
    func testMembersGatheredFromSeveralProtocolsAreSilent() throws {
        XCTAssertEqual(try lint("several"), "")
    }

    /// A member called but not required, one required but never called, one serving a HANDLE
    /// and a DELEGATE cell: each reported once, and no generator name is asked for.
    func testWhatThePairingMakesInconsistentIsReported() throws {
        try assertGolden("drift")
        let found = try lint("drift")
        XCTAssertFalse(found.contains("shutPush"), found)
        XCTAssertFalse(found.contains("ToChild"), found)
    }

    /// A protocol that follows the generator's names keeps the generator's checks, and a slip
    /// of a generated name is a typo, not a name of the authors' own.
    func testAProtocolWithTheGeneratedNamesKeepsTodaysChecks() throws {
        try assertGolden("generated")
        let found = try lint("generated")
        XCTAssertTrue(found.contains("`openClose`"), found)
        XCTAssertTrue(found.contains("`slidUnlock`"), found)
        XCTAssertTrue(found.contains("calls `c.thud(ctx)`"), found)
    }
}
