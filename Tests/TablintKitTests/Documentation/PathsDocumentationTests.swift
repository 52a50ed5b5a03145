import Foundation
import XCTest
@testable import TablintKit

/// docs/paths.md's worked example: its Swift file, run through `tablint paths` as the page
/// says, prints the page's text exactly, and its JSON begins as the page shows.
final class PathsDocumentationTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) -> (status: Int32, stdout: String, stderr: String) { TestRun.command(arguments, in: folder) }

    func testTheWorkedExampleIsWhatTablintPathsPrints() throws {
        let page = try ReadmeTests.page("docs/paths.md")
        let example = try ReadmeTests.markedBlock("paths-example", in: page)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try example.write(to: folder.appendingPathComponent("Door.swift"), atomically: true, encoding: .utf8)

        let text = run(["paths", "Door.swift"], in: folder)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(try ReadmeTests.markedBlock("paths-text", in: page), text.stdout)

        let json = run(["paths", "--format", "json", "Door.swift"], in: folder)
        XCTAssertEqual(json.status, 0, json.stderr)
        var shown = try ReadmeTests.markedBlock("paths-json", in: page).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(shown.dropLast().last, "…", "the page shows the beginning of the JSON, then …")
        shown.removeLast(2)
        XCTAssertTrue(json.stdout.hasPrefix(shown.joined(separator: "\n") + "\n"), "the page's JSON is not how the output begins:\n\(json.stdout)")

        let usage = run(["paths", "--help"], in: folder)
        XCTAssertTrue(page.contains(usage.stdout.split(separator: "\n")[0].replacingOccurrences(of: "USAGE: ", with: "")), "the page gives the usage line")
    }
}
