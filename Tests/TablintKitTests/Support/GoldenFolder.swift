import Foundation
import XCTest
@testable import TablintKit

/// A folder of fixtures named `<rule>[.<variant>].<ext>`, each with a golden
/// `<rule>[.<variant>].expected` beside it. A fixture named after a rule must trigger it; one
/// named `correct…` or `<rule>.ok…` must trigger nothing at all.
enum GoldenFolder {
    static let extensions = [".tb.swift", ".swift", ".tbl"]

    static func fixtures(_ folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Fixtures.url(folder), includingPropertiesForKeys: nil)
            .filter { url in extensions.contains { url.lastPathComponent.hasSuffix($0) } }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// `row-arity.embedded.swift` → `row-arity.embedded`.
    static func stem(_ url: URL) -> String {
        let name = url.lastPathComponent
        for suffix in extensions where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
        return name
    }

    static func golden(_ url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(stem(url) + ".expected")
    }

    /// The rule a fixture is named after (`row-arity`), nil for one that must stay silent.
    static func rule(_ url: URL) -> String? {
        let parts = stem(url).split(separator: ".")
        guard let first = parts.first, first != "correct", !parts.contains("ok") else { return nil }
        return String(first)
    }

    static func assertGoldens(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let urls = try fixtures(folder)
        XCTAssertEqual(Set(urls.map(golden)).count, urls.count, "two fixtures in \(folder) share a golden", file: file, line: line)
        for url in urls {
            try Fixtures.assertGolden(Fixtures.render(TestRun.lint(try Fixtures.source(url))), golden(url), file: file, line: line)
        }
    }

    static func assertNamesMatchFindings(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for url in try fixtures(folder) {
            let codes = Set(TestRun.lint(try Fixtures.source(url)).map { bareCode($0.code) })
            if let rule = rule(url) {
                XCTAssertTrue(codes.contains(rule), "\(url.lastPathComponent) does not trigger \(rule); got \(codes.sorted())", file: file, line: line)
            } else {
                XCTAssertEqual(codes, [], "\(url.lastPathComponent) must stay silent", file: file, line: line)
            }
        }
    }

    /// `tabular-center::row-arity` → `row-arity`.
    static func bareCode(_ code: String) -> String {
        code.split(separator: ":").last.map(String.init) ?? code
    }
}
