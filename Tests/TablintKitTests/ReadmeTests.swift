import Foundation
import XCTest
@testable import TablintKit

/// The README makes claims that code can check: the output of its first command and its
/// table of rules. These tests keep them true.
final class ReadmeTests: XCTestCase {
    static let repository = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()

    private func readme() throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The ```text block after "## Try it" is exactly what `tablint Examples/` prints.
    func testTryItOutputIsWhatTablintPrints() throws {
        let readme = try readme()
        let section = try XCTUnwrap(readme.components(separatedBy: "## Try it").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```text\n").dropFirst().first?
            .components(separatedBy: "```").first)

        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(Self.repository.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: ["Examples/"], stdout: &output, stderr: &errors)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(block, output + errors)
    }

    /// The table between `rules:begin` and `rules:end` lists every registered rule, in order.
    func testRuleTableListsEveryRule() throws {
        let readme = try readme()
        let table = try XCTUnwrap(readme.components(separatedBy: "<!-- rules:begin -->\n").dropFirst().first?
            .components(separatedBy: "<!-- rules:end -->").first)
        XCTAssertEqual(table, Self.ruleTable())
    }

    static func ruleTable() -> String {
        "| Code | Severity | Reports |\n|---|---|---|\n"
            + RuleRegistry.all.map { "| `\($0.code)` | \($0.defaultSeverity) | \($0.summary) |\n" }.joined()
    }
}
