import Foundation
import XCTest
@testable import TablintKit

/// The fixture reader must never crash and never report a range outside the file, whatever
/// text it is given: cut short, with a line or a byte missing, or random.
final class FixtureRobustnessTests: XCTestCase {
    private func fixtureFiles() throws -> [URL] {
        var urls = try GoldenFolder.fixtures("Fixture") + GoldenFolder.fixtures("SameMistake")
        if FileManager.default.fileExists(atPath: ConformanceLintTests.folder.path) {
            urls += try FileManager.default.contentsOfDirectory(at: ConformanceLintTests.folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "tbl" }
        }
        return urls
    }

    func testEveryTruncationOfEveryFixtureLintsWithinBounds() throws {
        try FullSuite.require("lints every truncation of every fixture")
        for url in try fixtureFiles() {
            let bytes = Array(try Data(contentsOf: url))
            for length in 0...bytes.count {
                assertWellFormed(Array(bytes[0..<length]), as: url.lastPathComponent)
            }
        }
    }

    func testDeletingAnyOneByteOfAFixtureNeverCrashes() throws {
        try FullSuite.require("lints every fixture with each byte deleted")
        for url in try fixtureFiles() {
            let bytes = Array(try Data(contentsOf: url))
            for index in bytes.indices {
                assertWellFormed(Array(bytes[0..<index] + bytes[(index + 1)...]), as: url.lastPathComponent)
            }
        }
    }

    /// Random lines made of the grammar's own words and punctuation, as `.tbl` files and inside
    /// Swift literals (plain and raw, indented, with escapes and interpolations).
    func testRandomFixturesNeverCrash() throws {
        try FullSuite.require("lints thousands of random fixtures")
        var random = SplitMix64(seed: 0x7AB1)
        let pieces = ["machine", "initial", "states", "actions", "M", "A", "B", "X", "Y", " ", "  ", "\t", "|", "|", "#",
                      "(", ")", ",", "GO(", "EMIT(", "DELEGATE(", "IGNORE", "HANDLE", "UNREACHABLE", "\r", "é", "\u{FEFF}"]
        let swiftPieces = ["\\", "\\(", "\\#(", "\\u{41}", "\\t", "\"", "\"\"\"", "#"]
        var read = 0
        for round in 0..<6000 {
            var lines: [String] = []
            if random.next() % 4 != 0 { lines.append("machine M") }
            for _ in 0..<Int(random.next() % 8) {
                var line = ""
                for _ in 0..<Int(random.next() % 9) {
                    line += pieces[Int(random.next() % UInt64(pieces.count))]
                    if round % 2 == 1, random.next() % 6 == 0 { line += swiftPieces[Int(random.next() % UInt64(swiftPieces.count))] }
                }
                lines.append(line)
            }
            if random.next() % 2 == 0 { lines.insert("states A B", at: min(1, lines.count)) }
            if random.next() % 2 == 0 { lines.insert("actions X Y", at: min(2, lines.count)) }
            if round % 2 == 0 {
                assertWellFormed(Array(lines.joined(separator: "\n").utf8), as: "random.tbl")
                read += LintContext(file: SourceFile(path: "random.tbl", text: lines.joined(separator: "\n"))).matrices.count
            } else {
                let indent = String(repeating: " ", count: Int(random.next() % 5))
                let pounds = String(repeating: "#", count: Int(random.next() % 2))
                let body = lines.map { indent + $0 }.joined(separator: "\n")
                let swift = "let F = \(pounds)\"\"\"\n\(body)\n\(indent)\"\"\"\(pounds)\n"
                assertWellFormed(Array(swift.utf8), as: "random.swift")
                read += LintContext(file: SourceFile(path: "random.swift", text: swift)).matrices.count
            }
        }
        // Not only rejections: a good share of the random texts are read into a matrix.
        XCTAssertGreaterThan(read, 600, "read \(read)")
    }

    private func assertWellFormed(_ bytes: [UInt8], as path: String, line: UInt = #line) {
        for diagnostic in TestRun.lint(SourceFile(path: path, bytes: bytes)) {
            XCTAssertLessThanOrEqual(diagnostic.start.offset, diagnostic.end.offset, "\(diagnostic)", line: line)
            XCTAssertLessThanOrEqual(diagnostic.end.offset, bytes.count, "\(diagnostic)", line: line)
            XCTAssertGreaterThanOrEqual(diagnostic.start.line, 1, line: line)
            XCTAssertGreaterThanOrEqual(diagnostic.start.column, 1, line: line)
            for note in diagnostic.notes {
                XCTAssertLessThanOrEqual(note.location.offset, bytes.count, "\(diagnostic)", line: line)
            }
        }
    }
}
