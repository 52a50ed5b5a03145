import Foundation
import XCTest
@testable import TablintKit

/// The README's options tables list exactly the options tablint has.
final class ReadmeOptionsTests: XCTestCase {
    private func readme() throws -> String {
        try String(contentsOf: ReadmeTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The first cell of each row of the table headed `| Option | Meaning |`.
    private func documentedOptions() throws -> [String] {
        let text = try readme()
        let start = try XCTUnwrap(text.range(of: "| Option | Meaning |\n|---|---|\n"))
        var cells: [String] = []
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("| ") else { break }
            cells.append(String(line.dropFirst(2).prefix { $0 != "|" }))
        }
        return cells
    }

    func testEveryOptionIsInTheUsageTableAndNothingElse() throws {
        let cells = try documentedOptions()
        var documented: Set<String> = []
        for cell in cells {
            for match in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where match.offset % 2 == 1 {
                if let spelling = match.element.split(separator: " ").first, spelling.hasPrefix("-") {
                    documented.insert(String(spelling.split(separator: "=").first ?? spelling))
                }
            }
        }
        let actual = Set(OptionParser.options.flatMap(\.names)).union(["--"])
        XCTAssertEqual(documented.subtracting(actual), [], "documented in README.md but not an option")
        XCTAssertEqual(actual.subtracting(documented), [], "an option missing from README.md's Usage table")
    }

    func testEveryPerFileOptionIsInTheConfigurationTable() throws {
        let text = try readme()
        let section = try XCTUnwrap(text.range(of: "| Option | In a `.tablint` | Effect |"))
        let table = text[section.upperBound...].prefix { _ in true }.split(separator: "\n").prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        for option in OptionParser.fileOptionSpecs {
            XCTAssertTrue(table.contains("`\(option.names[0])"), "\(option.names[0]) is missing from the Configuration table")
        }
    }

    func testHelpListsEveryOption() {
        for option in OptionParser.options {
            for name in option.names {
                XCTAssertTrue(OptionParser.helpText.contains(name), "--help does not mention \(name)")
            }
        }
    }
}
