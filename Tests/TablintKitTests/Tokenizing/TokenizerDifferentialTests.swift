import Foundation
import XCTest
@testable import TablintKit

/// The optimized tokenizer must cut every input exactly as the tokenizer did before it was
/// optimized (`ReferenceTokenizer`, a frozen copy): same kinds, ranges and flags, piece for
/// piece. Checked over the toolchain's interface files, the repository's files, and seeded
/// generated inputs (random bytes, fragment soups, mutated real code).
final class TokenizerDifferentialTests: XCTestCase {
    /// The first difference between the two tokenizers on `bytes`, if any.
    static func difference(_ bytes: [UInt8]) -> String? {
        let expected = ReferenceTokenizer.tokenize(bytes)
        let actual = Tokenizer.tokenize(bytes)
        for index in 0..<min(expected.count, actual.count) where expected[index] != actual[index] {
            return "piece \(index): expected \(describe(expected[index])), got \(describe(actual[index]))"
        }
        if expected.count != actual.count {
            return "expected \(expected.count) pieces, got \(actual.count)"
        }
        return nil
    }

    static func describe(_ token: Token) -> String {
        "\(token.kind)\(token.isUnterminated ? "(unterminated)" : "")@\(token.start)..<\(token.end) flags \(token.flags.rawValue)"
    }

    func assertSame(_ bytes: [UInt8], _ label: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        if let difference = Self.difference(bytes) {
            XCTFail("\(label()): \(difference); input \(bytes.count) bytes: \(String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription)",
                    file: file, line: line)
        }
    }

    func testTheToolchainsInterfaces() throws {
        try FullSuite.require("compares the tokenizer with its reference copy on the toolchain's .swiftinterface corpus")
        let files = CorpusTests.interfaceFiles()
        try XCTSkipIf(files.isEmpty, "this toolchain ships no .swiftinterface files")
        for url in files {
            assertSame(Array(try Data(contentsOf: url)), url.path)
        }
    }

    func testTheRepositorysFiles() {
        let files = TokenizerRoundTripTests.files(under: ["Tests", "Examples", "Scripts", "Sources", "Rules"])
        XCTAssertGreaterThan(files.count, 10)
        for url in files {
            assertSame(TokenizerRoundTripTests.contents(url), url.path)
        }
    }

    func testRandomBytes() {
        var random = SplitMix64(seed: 0xD1FF_0001)
        for _ in 0..<4000 {
            let length = Int.random(in: 0...200, using: &random)
            assertSame((0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }, "random bytes")
        }
    }

    /// Random bytes drawn from the characters that switch the lexer between its modes.
    func testRandomSwiftPunctuation() {
        let alphabet = Array("\"'#/*\\()[]{}<>!?.=-+ \n\r\t`$_019afxpeE,;:@&|^~%".utf8) + [0xC2, 0xA0, 0xCC, 0x81, 0xFF, 0x00]
        var random = SplitMix64(seed: 0xD1FF_0002)
        for _ in 0..<6000 {
            let length = Int.random(in: 0...120, using: &random)
            assertSame((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }, "punctuation")
        }
    }

    func testRandomFragmentSoups() {
        let fragments = TokenizerRoundTripTests.fragments + [
            "\u{A0}", "x.0.1", "0x1p3", "0xff.a", "1e5", "1.5e", ".init", ".default", "#\"", "\"#", "#sourceLocation",
            "<#x#>", "func", "nil", " /", "/ ", "->", "...", "..<", "_", "$0", "$x", "#!", "\u{2028}", "∑", "ab", "8",
        ].map { Array($0.utf8) }
        var random = SplitMix64(seed: 0xD1FF_0003)
        for _ in 0..<8000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...50, using: &random) {
                bytes += fragments[Int.random(in: 0..<fragments.count, using: &random)]
            }
            assertSame(bytes, "fragments")
        }
    }

    /// Slices of real Swift with bytes inserted, deleted and duplicated.
    func testMutatedRealCode() {
        var sources = TokenizerRoundTripTests.files(under: ["Sources", "Examples", "Tests/Fixtures"])
            .map(TokenizerRoundTripTests.contents).filter { $0.count > 16 }
        sources += CorpusTests.interfaceFiles().prefix(8).compactMap { try? Array(Data(contentsOf: $0)) }
        XCTAssertFalse(sources.isEmpty)
        let inserts = TokenizerRoundTripTests.fragments
        var random = SplitMix64(seed: 0xD1FF_0004)
        for _ in 0..<3000 {
            let source = sources[Int.random(in: 0..<sources.count, using: &random)]
            let start = Int.random(in: 0..<source.count, using: &random)
            var bytes = Array(source[start..<min(source.count, start + Int.random(in: 1...3000, using: &random))])
            for _ in 0..<Int.random(in: 0...10, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    bytes.insert(contentsOf: inserts[Int.random(in: 0..<inserts.count, using: &random)], at: at)
                case 1:
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...20, using: &random)))
                default:
                    guard !bytes.isEmpty else { break }
                    let from = Int.random(in: 0..<bytes.count, using: &random)
                    bytes.insert(contentsOf: bytes[from..<min(bytes.count, from + Int.random(in: 1...60, using: &random))], at: at)
                }
            }
            assertSame(bytes, "mutated code")
        }
    }

    /// Inputs whose size is around the initial capacity of the piece buffer, so growth paths run.
    func testInputsDenserThanTheCapacityEstimate() {
        for length in [0, 1, 2, 3, 15, 16, 17, 47, 48, 49, 50, 100, 1000, 100_000] {
            assertSame(Array(repeating: UInt8(ascii: ","), count: length), "\(length) commas")
            assertSame(Array(repeating: UInt8(ascii: "("), count: length), "\(length) parentheses")
            assertSame((0..<length).map { $0 % 2 == 0 ? UInt8(ascii: "a") : UInt8(ascii: " ") }, "\(length) names")
        }
    }
}
