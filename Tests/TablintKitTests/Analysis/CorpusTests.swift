import Foundation
import XCTest
@testable import TablintKit

/// Real Swift that no one here wrote: the toolchain's `.swiftinterface` files (about 16 MB).
/// They are valid Swift holding no matrix and no dispatcher, so tablint must round-trip every
/// byte, report nothing, and `--fix` must change nothing. Skipped where the toolchain ships none.
final class CorpusTests: XCTestCase {
    static func interfaceFiles() -> [URL] {
        guard let swift = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { return [] }
        let root = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swiftinterface" }
            .sorted { $0.path < $1.path }
    }

    func testTheToolchainsInterfacesRoundTripLintCleanAndNeedNoFix() throws {
        try FullSuite.require("lints the toolchain's 96 .swiftinterface files")
        let files = Self.interfaceFiles()
        try XCTSkipIf(files.isEmpty, "this toolchain ships no .swiftinterface files")
        var bytesRead = 0
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            bytesRead += bytes.count
            // Linted as an ordinary Swift file: the name decides the file kind.
            let file = SourceFile(path: url.lastPathComponent + ".swift", bytes: bytes)
            let pieces = Tokenizer.tokenize(bytes)
            XCTAssertEqual(pieces.reduce(into: [UInt8]()) { $0 += bytes[$1.range] }, bytes, "round trip: \(url.path)")
            let diagnostics = TestRun.lint(file)
            XCTAssertEqual(diagnostics.map { TextReporter.line(for: $0) }, [], url.path)
            XCTAssertEqual(TestRun.fix(file), .unchanged, url.path)
        }
        XCTAssertGreaterThan(bytesRead, 1_000_000, "the corpus is smaller than expected: \(files.count) files")
    }
}
