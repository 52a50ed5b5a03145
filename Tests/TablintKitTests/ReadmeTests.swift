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

    // MARK: Editors

    /// The ```json block of the README's "Editors" section: the VS Code task.
    static func vsCodeTask(_ readme: String) throws -> [String: Any] {
        let section = try XCTUnwrap(readme.components(separatedBy: "### Editors\n").dropFirst().first?
            .components(separatedBy: "\n### ").first, "the README has no Editors section")
        let block = try XCTUnwrap(section.components(separatedBy: "```json\n").dropFirst().first?
            .components(separatedBy: "```").first, "the Editors section has no json block")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
    }

    /// The VS Code problem matcher in the README matches every line tablint prints for files
    /// with errors, warnings and notes, with the right groups: each diagnostic with its code,
    /// each note as severity `note` without one.
    func testTheVSCodeProblemMatcherReadsTablintsOutput() throws {
        let tasks = try XCTUnwrap(try Self.vsCodeTask(readme())["tasks"] as? [[String: Any]])
        let task = try XCTUnwrap(tasks.first)
        XCTAssertEqual(task["command"] as? String, "tablint")
        let pattern = try XCTUnwrap((task["problemMatcher"] as? [String: Any])?["pattern"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try XCTUnwrap(pattern["regexp"] as? String))
        func group(_ name: String) throws -> Int { try XCTUnwrap(pattern[name] as? Int, "no \(name) group") }

        // The broken examples (errors with notes) and a file with a warning and an awkward name.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-editors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let warning = folder.appendingPathComponent("Dead: row [1].swift")
        try Data("""
            let T = Table(
                machine: "T",
                states: ["A", "B"],
                actions: ["P", "Q"],
                cells: [
                    [.go(target: "B", effects: []), .handle],
                    [.ignore, .ignore],
                ],
                initial: "A"
            )

            """.utf8).write(to: warning)
        let arguments = [Self.repository.appendingPathComponent("Examples/Broken").path, warning.path]
        var text = ""
        var json = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: arguments, stdout: &text, stderr: &errors), 1)
        XCTAssertEqual(Tablint.run(arguments: ["--reporter", "json"] + arguments, stdout: &json, stderr: &errors), 1)

        // What each line must be read as: file, line, column, severity, message, code.
        typealias Problem = [String?]
        var expected: [Problem] = []
        let diagnostics = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        for diagnostic in diagnostics {
            let start = try XCTUnwrap(diagnostic["start"] as? [String: Any])
            expected.append([diagnostic["path"] as? String, "\(start["line"] ?? "")", "\(start["column"] ?? "")",
                             diagnostic["severity"] as? String, diagnostic["message"] as? String, diagnostic["code"] as? String])
            for note in try XCTUnwrap(diagnostic["notes"] as? [[String: Any]]) {
                expected.append([note["path"] as? String, "\(note["line"] ?? "")", "\(note["column"] ?? "")",
                                 "note", note["message"] as? String, nil])
            }
        }
        XCTAssertTrue(expected.contains { $0[3] == "warning" }, "a warning is among the lines")
        XCTAssertTrue(expected.contains { $0[3] == "note" }, "a note is among the lines")
        XCTAssertTrue(expected.contains { $0[3] == "error" }, "an error is among the lines")

        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, expected.count)
        var read: [Problem] = []
        for line in lines {
            let whole = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: whole), match.range == whole else {
                XCTFail("the problem matcher does not match: \(line)")
                continue
            }
            read.append(try ["file", "line", "column", "severity", "message", "code"].map { name -> String? in
                let range = match.range(at: try group(name))
                return range.location == NSNotFound ? nil : Range(range, in: line).map { String(line[$0]) }
            })
        }
        XCTAssertEqual(read, expected)
    }
}
