import Foundation
import XCTest
@testable import TablintKit

/// The linter must never crash and never report a range outside the file, whatever it is fed.
final class AnalysisRobustnessTests: XCTestCase {
    static func fixtures() throws -> [URL] {
        try ["TableLiteral", "MachineEnum"].flatMap { try Fixtures.files(in: $0, suffix: ".tb.swift") }
    }

    func testEveryTruncationOfEveryFixtureLintsWithinBounds() throws {
        try FullSuite.require("lints every truncation of every fixture")
        for url in try Self.fixtures() {
            let bytes = Array(try Data(contentsOf: url))
            for length in 0...bytes.count {
                assertWellFormed(TestRun.lint(SourceFile(path: "cut.tb.swift", bytes: Array(bytes[0..<length]))), length)
            }
        }
    }

    func testDeletingAnyOneTokenNeverCrashes() throws {
        try FullSuite.require("lints every fixture with each token deleted")
        for url in try Self.fixtures() {
            let bytes = Array(try Data(contentsOf: url))
            for token in Tokenizer.tokenize(bytes) where !token.isTrivia {
                let mutated = Array(bytes[0..<token.start] + bytes[token.end...])
                assertWellFormed(TestRun.lint(SourceFile(path: "cut.tb.swift", bytes: mutated)), mutated.count)
            }
        }
    }

    func testDeeplyNestedRowsDoNotOverflowTheStack() {
        let depth = 100_000
        let text = "// swift-format-ignore-file\nlet T = Table(machine: \"M\", states: [\"A\"], actions: [\"X\"], cells: "
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ")"
        let diagnostics = TestRun.lint(SourceFile(path: "deep.tb.swift", text: text))
        XCTAssertEqual(diagnostics.map(\.code), ["tablint::unformattable", "tablint::unreadable-matrix"])
    }

    private func assertWellFormed(_ diagnostics: [Diagnostic], _ length: Int, line: UInt = #line) {
        for diagnostic in diagnostics {
            XCTAssertLessThanOrEqual(diagnostic.start.offset, diagnostic.end.offset, line: line)
            XCTAssertLessThanOrEqual(diagnostic.end.offset, length, "\(diagnostic)", line: line)
            XCTAssertGreaterThanOrEqual(diagnostic.start.line, 1, line: line)
            XCTAssertGreaterThanOrEqual(diagnostic.start.column, 1, line: line)
        }
    }
}
