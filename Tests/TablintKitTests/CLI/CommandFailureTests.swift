import Foundation
import XCTest
@testable import TablintKit

/// "tablint could not run" is one `CommandFailure`, printed by `Tablint.run` in one place:
/// each front end's failure comes out once, with its exit status.
final class CommandFailureTests: XCTestCase {
    private struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func run(_ arguments: [String], input: [UInt8] = [], in directory: String? = nil) -> Run {
        var output = ""
        var errors = ""
        let status = Tablint.run(
            arguments: arguments, stdout: &output, stderr: &errors, standardInput: { input },
            currentDirectory: directory ?? ConfigurationLookup.currentDirectory())
        return Run(status: status, stdout: output, stderr: errors)
    }

    private func assertFails(
        _ arguments: [String], stderr expected: String, stdout expectedOutput: String = "", input: [UInt8] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let result = run(arguments, input: input)
        XCTAssertEqual(result.status, 2, "exit status of tablint \(arguments)", file: file, line: line)
        XCTAssertEqual(result.stderr, expected, file: file, line: line)
        XCTAssertEqual(result.stdout, expectedOutput, file: file, line: line)
    }

    /// Only `CommandFailure.swift` spells tablint's own error prefix: a front end that prints
    /// its error itself (and so maybe twice, or with another status) shows up here.
    func testOnlyCommandFailureSpellsTheErrorPrefix() throws {
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        let printingPlace = "Sources/TablintKit/Running/CommandFailure.swift"
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var spelling: [String] = []
        var scanned = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            let relative = String(url.path.dropFirst(Fixtures.repositoryRoot.path.count)).drop { $0 == "/" }
            if text.contains("tablint" + ": error:") { spelling.append(String(relative)) }
        }
        XCTAssertGreaterThan(scanned, 50, "the scan found the sources")
        XCTAssertEqual(spelling, [printingPlace])
    }

    func testPrintedAsErrorLinesThenTheHint() {
        var failure = CommandFailure(messages: ["first", "second"], hint: "Run 'tablint --help' for usage.", preface: "a.tablint:1:1: error: bad\n")
        XCTAssertEqual(failure.printed, "a.tablint:1:1: error: bad\ntablint: error: first\ntablint: error: second\nRun 'tablint --help' for usage.\n")
        failure.handedBack = Array("text\n".utf8)
        var output = "", errors = ""
        failure.print(stdout: &output, stderr: &errors)
        XCTAssertEqual(output, "text\n")
        XCTAssertEqual(errors, failure.printed + "tablint: standard input is handed back unchanged\n")
    }

    func testUnknownOption() {
        assertFails(["--bogus"], stderr: "tablint: error: unknown option '--bogus'\nRun 'tablint --help' for usage.\n")
    }

    func testConflictingOptions() {
        assertFails(["--fix", "--diff", "x.swift"], stderr: "tablint: error: --fix and --diff cannot be used together\n")
    }

    func testMissingPathsAreOneLineEach() {
        assertFails(["/nonexistent/a.swift", "/nonexistent/b.swift"], stderr:
            "tablint: error: no such file or directory: /nonexistent/a.swift\ntablint: error: no such file or directory: /nonexistent/b.swift\n")
    }

    func testUnreadableConfig() {
        assertFails(["--config", "/nonexistent/.tablint", "-", "--stdin-filename", "a.swift"],
                    stderr: "tablint: error: configuration file: cannot read /nonexistent/.tablint: No such file or directory\n")
    }

    func testUnreadableConfigWithFixHandsStandardInputBack() {
        assertFails(["--fix", "--config", "/nonexistent/.tablint", "-", "--stdin-filename", "a.swift"],
                    stderr: "tablint: error: configuration file: cannot read /nonexistent/.tablint: No such file or directory; standard input is handed back unchanged\n",
                    stdout: "let x = 1\n", input: Array("let x = 1\n".utf8))
    }

    func testConfigurationProblemIsPrintedAsItsDiagnosticOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("command-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = folder.appendingPathComponent("bad.tablint").path
        try Data("bogus-option = 1\n".utf8).write(to: URL(fileURLWithPath: configuration))
        assertFails(["--config", configuration, "-", "--stdin-filename", "a.swift"],
                    stderr: "\(configuration):1:1: error: expected an option such as --disable CODE, got 'bogus-option'\n")
    }

    func testBadOptionWithFixOfStandardInputHandsItBack() {
        assertFails(["--fix", "-", "--stdin-filename="],
                    stderr: run(["--stdin-filename="]).stderr + "tablint: standard input is handed back unchanged\n",
                    stdout: "let x = 1\n", input: Array("let x = 1\n".utf8))
    }

    func testPrintConfigOfMissingPath() {
        assertFails(["--print-config", "/nonexistent"], stderr: "tablint: error: no such file or directory: /nonexistent\n")
    }

    func testRulesAndExplain() {
        assertFails(["rules", "--bogus"], stderr: "tablint: error: unknown option '--bogus' for 'tablint rules'; usage: tablint rules [--reporter json]\nRun 'tablint rules --help' for usage.\n")
        assertFails(["explain", "nope"], stderr: "tablint: error: unknown rule 'nope'\nRun 'tablint rules' to list the rules.\n")
    }

    func testExportWithAMissingFile() {
        assertFails(["export", "/nonexistent/x.swift"], stderr: "tablint: error: no such file or directory: /nonexistent/x.swift\n")
    }

    func testExportToAFile() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("command-failure-\(UUID().uuidString)").path
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: target) }
        let result = run(["export", "--output", target, Fixtures.url("Export/graphemes.tb.swift").path])
        XCTAssertEqual(result.status, 2)
        // The diagnostics of the matrix read come first; the failure is the last line, once.
        XCTAssertTrue(result.stderr.hasSuffix("\ntablint: error: --output \(target): is a file, not a folder\n"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "tablint: error:").count, 2, result.stderr)
    }

    func testDiffWithBadArguments() {
        assertFails(["diff", "a"], stderr: "tablint: error: 'tablint diff' compares two paths (OLD NEW), got 1; or use --git [REV] [-- PATH ...]\nRun 'tablint diff --help' for usage.\n")
        assertFails(["diff", "/nonexistent/a", "/nonexistent/b"], stderr: "tablint: error: no such file or directory: /nonexistent/a\n")
    }

    func testLanguageServerStartup() {
        assertFails(["lsp", "--bogus"], stderr: "tablint: error: unknown option '--bogus'\n" + LanguageServer.usage)
    }
}
