import Foundation
import XCTest
@testable import TablintKit

/// The options tables of docs/command-line.md and docs/configuration.md are generated from
/// tablint's own option table (`OptionParser.options`, which `--help` prints): these tests fail
/// when a table and the code differ, and `TABLINT_RECORD=1` rewrites the tables instead.
final class ReadmeOptionsTests: XCTestCase {
    /// `-j N`, `--jobs N`: the spellings as `--help` lists them, short ones first.
    private static func spellings(_ option: OptionSpec) -> String {
        let ordered = option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") }
        return ordered.map { "`\($0)\(option.valueName.map { " " + $0 } ?? "")`" }.joined(separator: ", ")
    }

    static func optionsTable() -> String {
        let fileOptions = Set(OptionParser.fileOptionSpecs.map { $0.names[0] })
        return "| Option | In a `.tablint` | What it does |\n|---|---|---|\n"
            + OptionParser.options.map {
                "| \(spellings($0)) | \(fileOptions.contains($0.names[0]) ? "yes" : "no") | \($0.help) |\n"
            }.joined()
            + "| `--` | no | End of options: every later argument is a path, even if it starts with `-`. |\n"
    }

    static func fileOptionsTable() -> String {
        "| Option | What it does |\n|---|---|\n"
            + OptionParser.fileOptionSpecs.map { "| \(spellings($0)) | \($0.help) |\n" }.joined()
    }

    /// Compares the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` of `page` with
    /// `generated`, or writes it there when `TABLINT_RECORD=1`.
    private func check(_ name: String, in page: String, is generated: String) throws {
        let url = ReadmeTests.repository.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- \(name):begin -->\n", end = "<!-- \(name):end -->"
        let start = try XCTUnwrap(text.range(of: begin), "\(page) has no \(name) table").upperBound
        let stop = try XCTUnwrap(text.range(of: end, range: start..<text.endIndex)).lowerBound
        if ProcessInfo.processInfo.environment["TABLINT_RECORD"] == "1" {
            try Data((text[..<start] + generated + text[stop...]).utf8).write(to: url)
            return
        }
        XCTAssertEqual(String(text[start..<stop]), generated,
                       "\(page)'s \(name) table differs from tablint's options; TABLINT_RECORD=1 swift test --filter ReadmeOptionsTests rewrites it")
    }

    func testTheCommandLineTableIsTheOptionTable() throws {
        try check("options", in: "docs/command-line.md", is: Self.optionsTable())
    }

    func testTheConfigurationTableIsTheFileOptionTable() throws {
        try check("file-options", in: "docs/configuration.md", is: Self.fileOptionsTable())
    }

    /// The detailed list below the generated table names every option, and nothing else.
    func testTheDetailsNameEveryOption() throws {
        let text = try ReadmeTests.page("docs/command-line.md")
        let details = try XCTUnwrap(text.components(separatedBy: "In more detail:\n\n").dropFirst().first?
            .components(separatedBy: "\n\n").first)
        var documented: Set<String> = []
        for line in details.split(separator: "\n") where line.hasPrefix("* `") {
            // The spellings: everything before the first "`: ", which ends the last of them.
            let spellings = (line.dropFirst(2).components(separatedBy: "`: ").first ?? "") + "`"
            for match in spellings.split(separator: "`", omittingEmptySubsequences: false).enumerated() where match.offset % 2 == 1 {
                if let spelling = match.element.split(separator: " ").first, spelling.hasPrefix("-") {
                    documented.insert(String(spelling.split(separator: "=").first ?? spelling))
                }
            }
        }
        let actual = Set(OptionParser.options.flatMap(\.names)).union(["--"])
        XCTAssertEqual(documented.subtracting(actual), [], "documented in docs/command-line.md but not an option")
        XCTAssertEqual(actual.subtracting(documented), [], "an option missing from docs/command-line.md's details")
    }

    func testHelpListsEveryOption() {
        for option in OptionParser.options {
            for name in option.names {
                XCTAssertTrue(OptionParser.helpText.contains(name), "--help does not mention \(name)")
            }
        }
    }
}
