import Foundation
import XCTest
@testable import TablintKit

/// `Sources/TablintKit/Generated/RuleDocuments.swift` embeds `Rules/*.md` in the binary (for
/// `tablint explain` and SARIF rule help). It is generated; these tests fail while it is stale.
final class RuleDocumentEmbeddingTests: XCTestCase {
    static let regenerate = "run python3 Scripts/embed-rule-documents.py"

    /// What differs between the documents on disk and the embedded ones, one line each.
    static func staleness(onDisk: [(name: String, markdown: String)], embedded: [RuleDocument]) -> [String] {
        var problems: [String] = []
        let embeddedByName = Dictionary(embedded.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let diskNames = Set(onDisk.map(\.name))
        for document in onDisk {
            guard let copy = embeddedByName[document.name] else {
                problems.append("Rules/\(document.name).md is not embedded")
                continue
            }
            if copy.markdown != document.markdown {
                problems.append("Rules/\(document.name).md differs from its embedded copy")
            }
            if copy.code != code(in: document.markdown, name: document.name) {
                problems.append("Rules/\(document.name).md: the embedded code `\(copy.code)` is not the document's")
            }
        }
        for document in embedded where !diskNames.contains(document.name) {
            problems.append("`\(document.name)` is embedded but Rules/\(document.name).md does not exist")
        }
        if embedded.map(\.name) != embedded.map(\.name).sorted() {
            problems.append("the embedded documents are not in name order")
        }
        return problems
    }

    /// The code in a document's property table (`| Code | `x::y` |`), as the script reads it.
    static func code(in markdown: String, name: String) -> String {
        for line in markdown.split(separator: "\n") where line.hasPrefix("| Code | `") {
            let rest = line.dropFirst("| Code | `".count)
            if let end = rest.firstIndex(of: "`") { return String(rest[..<end]) }
        }
        return name
    }

    func testTheEmbeddedDocumentsAreTheFilesInRules() throws {
        let onDisk = try RuleDocuments.load()
        XCTAssertFalse(onDisk.isEmpty)
        let problems = Self.staleness(onDisk: onDisk, embedded: RuleDocument.embedded)
        XCTAssertEqual(problems, [], "\(problems.joined(separator: "\n"))\n\(Self.regenerate)")
    }

    /// The check above can fail: an edited, a new and a deleted document are each reported.
    func testAStaleEmbeddingIsReported() throws {
        let onDisk = try RuleDocuments.load()
        var edited = onDisk
        edited[0].markdown += "One more line.\n"
        XCTAssertEqual(Self.staleness(onDisk: edited, embedded: RuleDocument.embedded),
                       ["Rules/\(onDisk[0].name).md differs from its embedded copy"])
        XCTAssertEqual(Self.staleness(onDisk: onDisk + [(name: "zz-new", markdown: "# zz-new\n")], embedded: RuleDocument.embedded),
                       ["Rules/zz-new.md is not embedded"])
        XCTAssertEqual(Self.staleness(onDisk: Array(onDisk.dropFirst()), embedded: RuleDocument.embedded),
                       ["`\(onDisk[0].name)` is embedded but Rules/\(onDisk[0].name).md does not exist"])
    }

    func testEveryRegisteredRuleHasAnEmbeddedDocumentUnderItsCode() {
        for rule in RuleRegistry.all {
            XCTAssertEqual(RuleDocument.named(rule.code)?.name, rule.name, "\(rule.code): \(Self.regenerate)")
            XCTAssertEqual(RuleDocument.named(rule.name)?.code, rule.code, "\(rule.code): \(Self.regenerate)")
        }
    }

    func testAWrongNamespaceFindsNoDocument() {
        XCTAssertNotNil(RuleDocument.named("tabular-center::row-arity"))
        XCTAssertNil(RuleDocument.named("tablint::row-arity"))
        XCTAssertNil(RuleDocument.named("row"))
    }

    func testWhyItMattersIsTheSectionsParagraphs() throws {
        let document = RuleDocument(name: "x", code: "tablint::x", markdown: """
            # x

            Summary.

            ## Why it matters

            First paragraph,
            wrapped.

            Second.

            ## Passing

            Not this.

            """)
        XCTAssertEqual(document.whyItMatters, "First paragraph, wrapped.\n\nSecond.")
    }
}
