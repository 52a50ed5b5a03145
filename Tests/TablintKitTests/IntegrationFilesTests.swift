import Foundation
import XCTest
@testable import TablintKit

/// The pre-commit hooks and the SwiftPM command plugins spell tablint's options in files the
/// compiler does not check against `OptionParser`. These tests do, so renaming an option
/// fails here rather than in a user's pre-commit run. (Scripts/test-pre-commit.sh and
/// Scripts/test-plugins.sh run the hooks and plugins for real.)
final class IntegrationFilesTests: XCTestCase {
    private func text(_ relativePath: String) throws -> String {
        try String(contentsOf: ReadmeTests.repository.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Each hook's `entry:` is `tablint` and options tablint accepts, with no path.
    func testPreCommitHookEntriesAreValidTablintCommands() throws {
        let manifest = try text(".pre-commit-hooks.yaml")
        let entries = manifest.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("entry:") }
            .map { $0.dropFirst("entry:".count).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(entries, ["tablint --force-exclude", "tablint --fix --force-exclude"])
        for entry in entries {
            var words = entry.split(separator: " ").map(String.init)
            XCTAssertEqual(words.removeFirst(), "tablint")
            let options = try OptionParser.parse(words)
            XCTAssertTrue(options.paths.isEmpty, entry)
            XCTAssertTrue(options.forceExclude, entry)
        }
        let lines = manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.filter { $0 == "language: swift" }.count, 2)
        XCTAssertEqual(lines.filter { $0 == #"files: '\.(swift|tbl)$'"# }.count, 2)
    }

    /// The command plugins' list of options that take a value is exactly tablint's, so a
    /// value such as the `4` of `--jobs 4` is never mistaken for a path.
    func testCommandPluginKnowsWhichOptionsTakeAValue() throws {
        let source = try text("Plugins/TablintCommand/TablintInvocation.swift")
        let literal = try XCTUnwrap(source.components(separatedBy: "optionsTakingValue: Set<String> = [").dropFirst().first?
            .components(separatedBy: "]").first)
        let listed = Set(literal.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        let expected = Set(OptionParser.options.filter { $0.valueName != nil }.flatMap(\.names))
        XCTAssertEqual(listed, expected)
    }

    /// Both command plugins compile the same shared file (a symlink), so they cannot drift.
    func testCommandPluginsShareOneInvocationFile() throws {
        let link = ReadmeTests.repository.appendingPathComponent("Plugins/TablintFixCommand/TablintInvocation.swift")
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        XCTAssertEqual(destination, "../TablintCommand/TablintInvocation.swift")
        XCTAssertEqual(try text("Plugins/TablintFixCommand/TablintInvocation.swift"),
                       try text("Plugins/TablintCommand/TablintInvocation.swift"))
    }
}
