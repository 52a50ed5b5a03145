import Foundation
import XCTest
@testable import TablintKit

/// The lossless property: for any input, the pieces are non-empty and contiguous and joining
/// them gives the input back byte for byte. Checked over the repository's own files and over
/// generated adversarial inputs (seeded, so every run checks the same ones).
final class TokenizerRoundTripTests: XCTestCase {
    static let repositoryRoot = Fixtures.repositoryRoot

    /// Every regular file under the given top-level folders (missing ones are skipped).
    static func files(under folders: [String]) -> [URL] {
        var found: [URL] = []
        for folder in folders {
            let root = repositoryRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    static func contents(_ url: URL) -> [UInt8] { (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? [] }

    func testEveryFixtureAndSourceFileRoundTrips() {
        let files = Self.files(under: ["Tests", "Examples", "Scripts", "Sources"])
        XCTAssertGreaterThan(files.count, 10, "expected to find the repository's files under \(Self.repositoryRoot.path)")
        for url in files {
            assertLossless(Self.contents(url), url.lastPathComponent)
        }
    }

    func testRandomBytes() {
        var random = SplitMix64(seed: 0x7AB1_1A7)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...160, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            assertLossless(bytes, "random bytes")
        }
    }

    /// Fragments that switch the lexer between modes, plus bytes that are not UTF-8.
    static let fragments: [[UInt8]] = [
        "\"", "\"\"\"", "#", "##", "\\(", "\\#(", "(", ")", "/", "/*", "*/", "//", "'", "`", "\n", "\r", "\r\n", "[", "]",
        "{", "}", "a", "x1", "let", " ", "\t", "0x", "1.", "e", "$", "@", "<#", "#>", "<<<<<<< ", ">>>>>>> ", "=======",
        "!", "?", ".", "#if", "#/", "/#", "\\", "\u{301}", "é", "😀", "∪",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x00], [0xEF, 0xBB, 0xBF]]

    func testRandomFragmentSoups() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                bytes += Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &random)]
            }
            assertLossless(bytes, "fragments")
        }
    }

    func testEveryTruncationOfValidFiles() {
        let samples = ["strings.swift", "regex.swift", "multiline-edge.swift", "names.swift"].map {
            Self.contents(Self.repositoryRoot.appendingPathComponent("Tests/Fixtures/Tokenizer/\($0)"))
        } + [Array(Self.sample.utf8)]
        for sample in samples {
            XCTAssertFalse(sample.isEmpty)
            for end in 0...sample.count {
                assertLossless(Array(sample[..<end]), "truncation at \(end)")
            }
        }
    }

    static let sample = ###"""
        #!/usr/bin/env swift
        extension M { static let TABLE = Table(machine: "M", states: ["a", "b"], actions: ["go"],
            cells: [[.go(target: "b", effects: [])], /* row 2 */ [.emit(effects: ["\(x) \#(y)"])]],
            initial: nil) }
        let r = #/a/b/#, s = /c+/, t = x / y / z, u = ##"raw "# \##(v)"##
        let m = """
            \(f("\(g)")) line \
            end
            """
        """###

    // MARK: Deep nesting: explicit stacks, no recursion

    func testHundredThousandOpenParentheses() {
        let bytes = [UInt8](repeating: UInt8(ascii: "("), count: 100_000)
        let pieces = Tokenizer.tokenize(bytes)
        XCTAssertEqual(pieces.count, 100_000)
        assertLossless(bytes)
    }

    func testHundredThousandNestedInterpolations() {
        let open = Array("\"\\(".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(open.count * 100_000)
        for _ in 0..<100_000 { bytes += open }
        assertLossless(bytes)
        // Nothing closes: each string and each interpolation is flagged.
        XCTAssertEqual(Tokenizer.tokenize(bytes).filter(\.isUnterminated).count, 200_000)

        // Balanced, the same depth closes cleanly.
        var balanced = bytes
        balanced += Array("x".utf8)
        for _ in 0..<100_000 { balanced += Array(")\"".utf8) }
        assertLossless(balanced)
        XCTAssertTrue(Tokenizer.tokenize(balanced).allSatisfy { !$0.isUnterminated })
    }

    func testHundredThousandNestedBlockComments() {
        var bytes: [UInt8] = []
        for _ in 0..<100_000 { bytes += Array("/*".utf8) }
        assertLossless(bytes)
        let pieces = Tokenizer.tokenize(bytes)
        XCTAssertEqual(pieces.count, 1)
        XCTAssertEqual(pieces.first?.isUnterminated, true)
        for _ in 0..<100_000 { bytes += Array("*/".utf8) }
        XCTAssertEqual(Tokenizer.tokenize(bytes).map(\.kind), [.blockComment])
        XCTAssertEqual(Tokenizer.tokenize(bytes).first?.isUnterminated, false)
    }
}

extension TokenizerRoundTripTests {
    /// Line breaks in code deep inside multi-line strings' interpolations: deciding whether a
    /// break ends a single-line string must not walk the whole stack each time.
    func testManyLineBreaksDeepInsideInterpolations() {
        var bytes: [UInt8] = []
        for _ in 0..<50_000 { bytes += Array("\"\"\"\n\\(".utf8) }
        bytes += [UInt8](repeating: UInt8(ascii: "\n"), count: 1)
        for _ in 0..<50_000 { bytes += Array("x\n".utf8) }
        assertLossless(bytes)
        XCTAssertEqual(Tokenizer.tokenize(bytes).filter(\.isUnterminated).count, 100_000)
    }

    /// Conflict markers that never close must not each scan the rest of the file.
    func testManyUnclosedConflictMarkers() {
        var bytes: [UInt8] = []
        for _ in 0..<10_000 { bytes += Array("<<<<<<< ours\nlet x = 1\n".utf8) }
        assertLossless(bytes)
        XCTAssertFalse(Tokenizer.tokenize(bytes).contains { $0.kind == .conflictMarker })
    }

    /// Long lines of constructs that look ahead along the line (placeholders, regexes,
    /// operators holding `*/`) must not make a scan per construct.
    func testPathologicalLinesStayLinear() {
        for unit in ["+<#", "+/+", "*/+/", " /(", "<#"] {
            let bytes = [UInt8]((0..<60_000).flatMap { _ in Array(unit.utf8) })
            assertLossless(bytes, unit)
        }
    }
}
