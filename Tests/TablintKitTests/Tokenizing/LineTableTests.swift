import XCTest
@testable import TablintKit

/// Lines and columns come from the line table, not from tokens: 1-based, columns in bytes (as
/// swiftc prints them) or in characters (for display).
final class LineTableTests: XCTestCase {
    func testLineFeeds() {
        let table = LineTable(Array("ab\ncd\n\ne".utf8))
        XCTAssertEqual(table.lineStarts, [0, 3, 6, 7])
        XCTAssertTrue(table.location(of: 0) == (1, 1))
        XCTAssertTrue(table.location(of: 2) == (1, 3))  // the `\n` belongs to its line
        XCTAssertTrue(table.location(of: 4) == (2, 2))
        XCTAssertTrue(table.location(of: 6) == (3, 1))
        XCTAssertTrue(table.location(of: 7) == (4, 1))
        XCTAssertTrue(table.location(of: 8) == (4, 2))  // end of file
    }

    func testCarriageReturnLineFeedIsOneBreak() {
        let table = LineTable(Array("a\r\nb\r\n".utf8))
        XCTAssertEqual(table.lineStarts, [0, 3, 6])
        XCTAssertTrue(table.location(of: 1) == (1, 2))
        XCTAssertTrue(table.location(of: 2) == (1, 3))
        XCTAssertTrue(table.location(of: 3) == (2, 1))
    }

    func testLoneCarriageReturnBreaksALine() {
        let table = LineTable(Array("a\rb\r\rc".utf8))
        XCTAssertEqual(table.lineStarts, [0, 2, 4, 5])
        XCTAssertTrue(table.location(of: 2) == (2, 1))
        XCTAssertTrue(table.location(of: 5) == (4, 1))
    }

    func testByteColumnsAndCharacterColumnsDifferAfterMultibyteCharacters() {
        let bytes = Array("é变😀x\n  café=1".utf8)
        let table = LineTable(bytes)
        let x = 2 + 3 + 4  // `é` is 2 bytes, `变` 3, `😀` 4
        XCTAssertTrue(table.location(of: x) == (1, 10))
        XCTAssertEqual(table.characterColumn(of: x, in: bytes), 4)
        let equal = firstIndex(of: Array("=".utf8), in: bytes, from: 0)!
        XCTAssertTrue(table.location(of: equal) == (2, 8))
        XCTAssertEqual(table.characterColumn(of: equal, in: bytes), 7)
    }

    func testTokenLocationsThroughSourceFile() {
        let file = SourceFile(path: "a.swift", text: "let a = 1\r\nlet bé = \"x\"\rlet c")
        let tokens = Tokenizer.tokenize(file.bytes).filter { !$0.isTrivia }
        let quote = tokens.first { $0.kind == .stringQuote }!
        XCTAssertEqual(file.location(of: quote.start).description, "2:11")
        let last = tokens.last!
        XCTAssertEqual(file.text(of: last), "c")
        XCTAssertEqual(file.location(of: last.start).description, "3:5")
    }

    /// The line starts, one byte at a time: what the 8-bytes-at-once scan must find.
    private func referenceLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    func testLineBreaksAreFoundAtEveryPositionOfTheScan() {
        // Bytes around the line breaks (tab, NUL, 0x0D+1, non-ASCII) and `\r\n` split across 8-byte words.
        let alphabet: [UInt8] = [10, 13, 13, 9, 0, 14, 0x0C, 0x8D, 0x8A, 0xFF, 32, 97, 97, 97, 97, 97]
        var random = SplitMix64(seed: 0x11AE)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...70, using: &random)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            XCTAssertEqual(LineTable(bytes).lineStarts, referenceLineStarts(bytes), "\(bytes)")
        }
        for padding in 0..<17 {
            let bytes = Array(repeating: UInt8(ascii: "x"), count: padding) + Array("\r\nab\rc\n".utf8)
            XCTAssertEqual(LineTable(bytes).lineStarts, referenceLineStarts(bytes), "after \(padding) bytes")
        }
    }
}
