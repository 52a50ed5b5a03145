import Foundation
import XCTest
@testable import TablintKit

/// The README's worked example of what a machine does: `tablint paths` and `tablint export
/// --format dot --dynamic` on `Tests/Fixtures/Export/Dynamic`, run from the repository's root
/// as the README says, print the README's blocks exactly, and Graphviz renders the DOT.
final class ReadmeBehaviourTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) { TestRun.command(arguments, in: ReadmeTests.repository) }

    func testThePathsExampleIsWhatTablintPrints() throws {
        let readme = try ReadmeTests.page("README.md")
        let result = run(["paths", "Tests/Fixtures/Export/Dynamic"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try ReadmeTests.markedBlock("readme-paths", in: readme), result.stdout, "paste into README.md's readme-paths block:\n\(result.stdout)")
        // The example shows both kinds of cell the analysis meets: one read from code, one it cannot read.
        XCTAssertTrue(result.stdout.contains("read from code"))
        XCTAssertTrue(result.stdout.contains("cannot follow"))
    }

    func testTheDynamicExportIsWhatTablintPrintsAndGraphvizRendersIt() throws {
        let readme = try ReadmeTests.page("README.md")
        let result = run(["export", "--format", "dot", "--dynamic", "Tests/Fixtures/Export/Dynamic"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try ReadmeTests.markedBlock("readme-dynamic", in: readme), result.stdout, "paste into README.md's readme-dynamic block:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("style=dashed"))
        let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let dot else { throw XCTSkip("Graphviz's dot is not installed (Debian package graphviz)") }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("readme-dynamic-\(UUID().uuidString).dot")
        try result.stdout.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, warnings)
        XCTAssertEqual(warnings, "")
        XCTAssertTrue(svg.contains("stroke-dasharray"), "the edges read from code are drawn dashed")
    }
}
