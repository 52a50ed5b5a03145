import XCTest
@testable import TablintKit

final class SmokeTests: XCTestCase {
    func testEncodingProblemIsTheOnlyDiagnostic() {
        let file = SourceFile(path: "a.swift", bytes: [0x6C, 0x65, 0x74, 0xFF])
        let diagnostics = TestRun.lint(file)
        XCTAssertEqual(diagnostics.map(\.code), ["tablint::encoding"])
        XCTAssertEqual(diagnostics.first?.start.column, 4)
    }
}
