import Foundation
import XCTest
@testable import TablintKit

/// Whatever it is fed, the formatter never crashes, never fails its own safety check, changes
/// only spaces, and a second pass changes nothing.
final class FormatterRobustnessTests: XCTestCase {
    static func fixtures() throws -> [URL] {
        try ["Fix", "TableLiteral", "MachineEnum", "Lints"].flatMap { try Fixtures.files(in: $0, suffix: ".swift") }
            + (try Fixtures.files(in: "Fix", suffix: ".tbl")) + (try Fixtures.files(in: "Fixture", suffix: ".tbl"))
    }

    func assertSafe(_ file: SourceFile, _ what: String, file sourceFile: StaticString = #filePath, line: UInt = #line) {
        switch TestRun.fix(file) {
        case .internalError(let message):
            XCTFail("\(what): \(message)", file: sourceFile, line: line)
        case .fixed(let fixed):
            XCTAssertEqual(TestRun.fix(SourceFile(path: file.path, bytes: fixed)), .unchanged, what, file: sourceFile, line: line)
            // A `*.tb.swift` file that lost its first line gets `// swift-format-ignore-file`
            // back as line 1 (after a BOM); everything else only moves spaces.
            guard let aligned = withoutInsertedDirective(original: file, fixed: fixed) else {
                return XCTFail("\(what): the directive is not line 1", file: sourceFile, line: line)
            }
            XCTAssertNil(SafetyCheck.differences(file, aligned), what, file: sourceFile, line: line)
            XCTAssertEqual(aligned.filter { $0 != 0x20 && $0 != 0x09 }, file.bytes.filter { $0 != 0x20 && $0 != 0x09 }, what, file: sourceFile, line: line)
        case .unchanged, .refused:
            break
        }
    }

    func testDeletingAnyOneTokenOrSpaceKeepsTheFixSafe() throws {
        try FullSuite.require("fixes every fixture with each token or space deleted")
        for url in try Self.fixtures() {
            let bytes = Array(try Data(contentsOf: url))
            let name = url.lastPathComponent.replacingOccurrences(of: ".before", with: "").replacingOccurrences(of: ".after", with: "")
            for token in Tokenizer.tokenize(bytes) where token.kind != .newline {
                let mutated = Array(bytes[0..<token.start] + bytes[token.end...])
                assertSafe(SourceFile(path: name, bytes: mutated), "\(name) without bytes \(token.range)")
            }
        }
    }

    func testRandomSpacesAndTabsKeepTheFixSafe() throws {
        try FullSuite.require("fixes fixtures with random spaces and tabs")
        var random = SplitMix64(seed: 5)
        for url in try Self.fixtures() {
            let bytes = Array(try Data(contentsOf: url))
            let name = url.lastPathComponent.replacingOccurrences(of: ".before", with: "").replacingOccurrences(of: ".after", with: "")
            for round in 0..<20 {
                var mutated = bytes
                for _ in 0..<3 {
                    let at = Int.random(in: 0...mutated.count, using: &random)
                    let insert: [UInt8] = [[0x20], [0x20, 0x20, 0x20], [0x09], Array("待".utf8), [0x7C]][Int.random(in: 0..<5, using: &random)]
                    mutated.insert(contentsOf: insert, at: at)
                }
                assertSafe(SourceFile(path: name, bytes: mutated), "\(name) round \(round)")
            }
        }
    }
}
