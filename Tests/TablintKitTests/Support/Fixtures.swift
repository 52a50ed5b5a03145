import Foundation
import XCTest
@testable import TablintKit

/// Test fixtures live in `Tests/Fixtures`, outside any target so SwiftPM does not compile them.
enum Fixtures {
    /// The package's folder: four levels above this file (Tests/TablintKitTests/Support/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repositoryRoot.appendingPathComponent("Tests/Fixtures")

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    static func files(in folder: String, suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url(folder), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func source(_ url: URL, as path: String? = nil) throws -> SourceFile {
        SourceFile(path: path ?? url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }

    /// Diagnostics as compact lines, notes indented: what golden `.expected` files hold.
    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            (["\(diagnostic.start): \(diagnostic.severity): \(diagnostic.message) [\(diagnostic.code)]"]
                + diagnostic.notes.map { "  \($0.location): note: \($0.message)" }).joined(separator: "\n")
        }.joined(separator: "\n") + (diagnostics.isEmpty ? "" : "\n")
    }

    /// Compares `actual` with the golden file beside the fixture. `TABLINT_RECORD=1` rewrites
    /// the golden instead; review the diff before committing it.
    static func assertGolden(_ actual: String, _ golden: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        if ProcessInfo.processInfo.environment["TABLINT_RECORD"] == "1" {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? "<missing \(golden.lastPathComponent)>"
        XCTAssertEqual(actual, expected, "golden \(golden.lastPathComponent)", file: file, line: line)
    }
}
