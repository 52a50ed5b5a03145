import XCTest
@testable import TablintKit

/// A piece as the tokenizer tests compare it.
struct Lexed: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    var range: Range<Int>
    var unterminated: Bool

    var description: String {
        "\(kind)\(unterminated ? "(unterminated)" : "")@\(range.lowerBound)..<\(range.upperBound) \(text.debugDescription)"
    }
}

func lexed(_ bytes: [UInt8], trivia: Bool = false) -> [Lexed] {
    Tokenizer.tokenize(bytes).filter { trivia || !$0.isTrivia }.map {
        Lexed(kind: $0.kind, text: String(decoding: bytes[$0.range], as: UTF8.self), range: $0.range,
              unterminated: $0.isUnterminated)
    }
}

func lexed(_ source: String, trivia: Bool = false) -> [Lexed] { lexed(Array(source.utf8), trivia: trivia) }

/// Checks the tokenizer's contract on `bytes`: pieces are non-empty, contiguous, start at 0
/// and end at the end, so joining them gives the input back. Returns the first problem.
func losslessProblem(_ bytes: [UInt8]) -> String? {
    let pieces = Tokenizer.tokenize(bytes)
    var offset = 0
    for (index, piece) in pieces.enumerated() {
        if piece.start != offset { return "piece \(index) (\(piece.kind)) starts at \(piece.start), expected \(offset)" }
        if piece.end <= piece.start { return "piece \(index) (\(piece.kind)) is empty at \(piece.start)" }
        offset = piece.end
    }
    if offset != bytes.count { return "pieces end at \(offset), input at \(bytes.count)" }
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count)
    for piece in pieces { joined.append(contentsOf: bytes[piece.range]) }
    return joined == bytes ? nil : "joined pieces differ from the input"
}

func assertLossless(_ bytes: [UInt8], _ label: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
    if let problem = losslessProblem(bytes) {
        XCTFail("\(label()) \(problem); input \(bytes.count) bytes: \(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription)",
                file: file, line: line)
    }
}

/// Asserts that the pieces of `source` (tokens only, or with `trivia` every piece) are exactly
/// `expected`, as kinds and texts in order. Each expected text must be the next occurrence of
/// that text in the source, so the byte ranges are checked as well as the kinds.
func assertTokens(_ source: String, _ expected: [(TokenKind, String)], trivia: Bool = false,
                  file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(source.utf8)
    assertLossless(bytes, source.debugDescription, file: file, line: line)
    var searchFrom = 0
    var wanted: [Lexed] = []
    for (kind, text) in expected {
        let needle = Array(text.utf8)
        guard let at = firstIndex(of: needle, in: bytes, from: searchFrom) else {
            XCTFail("expected text \(text.debugDescription) is not in \(source.debugDescription) after byte \(searchFrom)",
                    file: file, line: line)
            return
        }
        wanted.append(Lexed(kind: kind, text: text, range: at..<(at + needle.count), unterminated: false))
        searchFrom = at + needle.count
    }
    let actual = lexed(bytes, trivia: trivia).map { piece -> Lexed in
        var copy = piece
        copy.unterminated = false
        return copy
    }
    if actual != wanted {
        XCTFail("tokens of \(source.debugDescription):\n  got      \(actual)\n  expected \(wanted)", file: file, line: line)
    }
}

/// Asserts that the first unterminated piece of `source` is a `kind` piece with `text`, and
/// that it is the only one flagged.
func assertUnterminated(_ source: String, _ kind: TokenKind, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(source.utf8)
    assertLossless(bytes, source.debugDescription, file: file, line: line)
    let flagged = lexed(bytes, trivia: true).filter(\.unterminated)
    XCTAssertEqual(flagged.map(\.kind), [kind], "unterminated pieces of \(source.debugDescription): \(flagged)", file: file, line: line)
    XCTAssertEqual(flagged.first?.text, text, file: file, line: line)
}

func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
        if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
    }
    return nil
}
