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

    /// The hooks of `.pre-commit-hooks.yaml`, each as its `key: value` lines.
    private func preCommitHooks() throws -> [[String: String]] {
        var hooks: [[String: String]] = []
        for line in try text(".pre-commit-hooks.yaml").split(separator: "\n") where !line.hasPrefix("#") {
            var entry = line.trimmingCharacters(in: .whitespaces)
            if entry.hasPrefix("- ") {
                hooks.append([:])
                entry.removeFirst(2)
            }
            guard let colon = entry.firstIndex(of: ":"), !hooks.isEmpty else { continue }
            hooks[hooks.count - 1][String(entry[..<colon])] = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return hooks
    }

    /// Each hook's `entry:` is `tablint` and options tablint accepts, with no path; the per-file
    /// hooks exclude as a folder walk does (`--force-exclude`), and the whole-project hook is
    /// given no file names.
    func testPreCommitHookEntriesAreValidTablintCommands() throws {
        let hooks = try preCommitHooks()
        XCTAssertEqual(hooks.map { $0["id"] }, ["tablint", "tablint-fix", "tablint-project"])
        XCTAssertEqual(hooks.map { $0["entry"] }, ["tablint --force-exclude", "tablint --fix --force-exclude", "tablint"])
        for hook in hooks {
            var words = try XCTUnwrap(hook["entry"]).split(separator: " ").map(String.init)
            XCTAssertEqual(words.removeFirst(), "tablint")
            let options = try OptionParser.parse(words)
            XCTAssertTrue(options.paths.isEmpty, "\(hook)")
            XCTAssertEqual(hook["language"], "swift")
            XCTAssertEqual(hook["require_serial"], "true")
            XCTAssertEqual(options.forceExclude, hook["pass_filenames"] != "false", "\(hook)")
        }
        XCTAssertEqual(hooks.map { $0["files"] }, [#"'\.(swift|tbl)$'"#, #"'\.(swift|tbl)$'"#, #"'(\.(swift|tbl)|(^|/)\.tablint)$'"#])
        XCTAssertEqual(hooks.map { $0["pass_filenames"] }, [nil, nil, "false"])
    }

    /// pre-commit runs `entry`, then `args`, then the file names: the per-file hooks' `args`
    /// end the options, so a staged file named `-draft.tb.swift` is a path, not an option.
    func testPreCommitPerFileHooksPassFileNamesAfterDoubleDash() throws {
        for hook in try preCommitHooks() where hook["pass_filenames"] != "false" {
            XCTAssertEqual(hook["args"], "['--']", "\(hook)")
            let words = try XCTUnwrap(hook["entry"]).split(separator: " ").dropFirst().map(String.init)
            let options = try OptionParser.parse(words + ["--", "-draft.tb.swift", "--fix.tbl"])
            XCTAssertEqual(options.paths, ["-draft.tb.swift", "--fix.tbl"], "\(hook)")
            XCTAssertThrowsError(try OptionParser.parse(words + ["-draft.tb.swift"]), "without `--`, the name is an option")
        }
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
