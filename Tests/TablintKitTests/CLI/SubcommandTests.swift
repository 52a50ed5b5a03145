import Foundation
import XCTest
@testable import TablintKit

/// `tablint rules` and `tablint explain CODE`, through `Tablint.run` as the binary calls it.
final class SubcommandTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    // MARK: rules

    func testRulesPrintsOneAlignedLinePerRegisteredRule() throws {
        let result = run(["rules"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(lines.count, RuleRegistry.all.count)
        XCTAssertTrue(result.stdout.hasSuffix("\n"))
        let codeWidth = RuleRegistry.all.map(\.code.count).max() ?? 0
        for (line, rule) in zip(lines, RuleRegistry.all) {
            XCTAssertTrue(line.hasPrefix(rule.code + " "), line)
            let columns = line.dropFirst(codeWidth + 2)
            XCTAssertTrue(columns.hasPrefix(rule.defaultSeverity.rawValue), line)
            let fixable = columns.dropFirst("warning  ".count)
            XCTAssertTrue(fixable.hasPrefix(rule.isFixable ? "fixable  " : "-        "), line)
            XCTAssertEqual(String(fixable.dropFirst("fixable  ".count)), rule.summary)
        }
        XCTAssertEqual(lines.first, "tablint::encoding                   error    -        The file is not UTF-8 text (invalid UTF-8 or a NUL byte); nothing else in it is checked.")
    }

    struct JSONRule: Decodable, Equatable {
        var code, name, severity: String
        var fixable: Bool
        var summary, document: String
    }

    func testRulesAsJSON() throws {
        for arguments in [["rules", "--reporter", "json"], ["rules", "--reporter=json"]] {
            let result = run(arguments)
            XCTAssertEqual(result.status, 0)
            let rules = try JSONDecoder().decode([JSONRule].self, from: Data(result.stdout.utf8))
            XCTAssertEqual(rules, RuleRegistry.all.map {
                JSONRule(code: $0.code, name: $0.name, severity: $0.defaultSeverity.rawValue, fixable: $0.isFixable,
                         summary: $0.summary, document: "Rules/\($0.name).md")
            })
            for rule in rules {
                let path = ReadmeTests.repository.appendingPathComponent(rule.document).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(rule.document) does not exist")
            }
        }
        XCTAssertEqual(run(["rules", "--reporter", "text"]).stdout, run(["rules"]).stdout)
    }

    func testRulesRejectsWhatItDoesNotKnow() {
        for arguments in [["rules", "--bogus"], ["rules", "extra"], ["rules", "--reporter", "sarif"], ["rules", "--reporter"]] {
            let result = run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("tablint: error: "), "\(arguments): \(result.stderr)")
        }
        XCTAssertTrue(run(["rules", "--bogus"]).stderr.contains("unknown option '--bogus'"))
        XCTAssertEqual(run(["rules", "--help"]).status, 0)
    }

    // MARK: explain

    func testExplainPrintsTheRulesDocumentWithOrWithoutItsNamespace() throws {
        let onDisk = try String(contentsOf: ReadmeTests.repository.appendingPathComponent("Rules/row-arity.md"), encoding: .utf8)
        for code in ["row-arity", "tabular-center::row-arity"] {
            let result = run(["explain", code])
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(result.stdout, onDisk)
            XCTAssertEqual(result.stderr, "")
        }
    }

    func testExplainOfAnUnknownCodeSuggestsTheNearestName() {
        let cases: [(String, String)] = [
            ("row-arty", "tablint: error: unknown rule 'row-arty'; did you mean 'row-arity'?\n"),
            ("tablint::row-arity", "tablint: error: unknown rule 'tablint::row-arity'; did you mean 'tabular-center::row-arity'?\n"),
            ("tablint::alignmnet", "tablint: error: unknown rule 'tablint::alignmnet'; did you mean 'tablint::alignment'?\n"),
            ("arity", "tablint: error: unknown rule 'arity'; did you mean 'row-arity'?\n"),
            ("frobnicate", "tablint: error: unknown rule 'frobnicate'\n"),
        ]
        for (code, firstLine) in cases {
            let result = run(["explain", code])
            XCTAssertEqual(result.status, 2, code)
            XCTAssertEqual(result.stdout, "", code)
            XCTAssertEqual(result.stderr, firstLine + "Run 'tablint rules' to list the rules.\n", code)
        }
    }

    func testExplainNeedsExactlyOneCode() {
        XCTAssertEqual(run(["explain"]).status, 2)
        XCTAssertEqual(run(["explain", "row-arity", "dead-row"]).status, 2)
        XCTAssertEqual(run(["explain", "--help"]).status, 0)
    }

    /// Whatever code tablint can print, `explain` explains: every registered rule's, and every
    /// `[code]` in the `text diagnostics` blocks of the rule documents.
    func testEveryCodeADiagnosticCanCarryIsKnownToExplain() throws {
        var codes = Set(RuleRegistry.all.map(\.code))
        for document in try RuleDocuments.load() {
            for block in FencedBlock.extract(from: document.markdown).blocks where block.info.role == .diagnostics {
                for line in block.body.split(separator: "\n") where line.hasSuffix("]") {
                    guard let open = line.lastIndex(of: "[") else { continue }
                    codes.insert(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
                }
            }
        }
        XCTAssertGreaterThan(codes.count, RuleRegistry.all.count / 2)
        for code in codes.sorted() {
            let result = run(["explain", code])
            XCTAssertEqual(result.status, 0, "tablint explain \(code): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("# "), "tablint explain \(code)")
            XCTAssertTrue(result.stdout.contains("`\(code)`"), "the document of \(code) names it")
        }
    }

    func testEditDistance() {
        XCTAssertEqual(Tablint.editDistance("row-arity", "row-arity"), 0)
        XCTAssertEqual(Tablint.editDistance("row-arty", "row-arity"), 1)
        XCTAssertEqual(Tablint.editDistance("", "abc"), 3)
        XCTAssertEqual(Tablint.editDistance("kitten", "sitting"), 3)
    }
}
