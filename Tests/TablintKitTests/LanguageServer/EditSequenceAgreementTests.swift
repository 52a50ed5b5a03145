import Foundation
import XCTest
@testable import TablintKit

/// Whatever the server keeps from one change to the next (a document's previous analysis, the
/// cross-file results it did not need to work out again), after every edit of a long sequence
/// it publishes what the command line says of the same files. The edits are ranged, as an
/// editor sends them, and drawn from a fixed seed: alignment changes, cells turned into
/// others, targets renamed, lines duplicated and deleted, typos, in the matrix and in the
/// dispatcher at once.
extension WorkspaceAgreementTests {
    /// A small, fixed pseudo-random sequence (SplitMix64), so a failure replays.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One ranged change: replace `length` bytes at `(line, column)` (0-based, on one line)
    /// with `text`, or a whole line when `wholeLine`.
    struct Edit {
        var line: Int
        var column: Int
        var length: Int
        var text: String
    }

    /// Swaps that keep the text Swift but change what it says.
    static let swaps: [(String, String)] = [
        (".ignore", ".handle"), (".handle", ".unreachable"), (".unreachable", ".ignore"),
        ("\"Running\"", "\"Done\""), ("\"Done\"", "\"Idle\""), ("\"StopClock\"", "\"Ring\""),
        (".done", ".idle"), (".ignored", ".go(.running, effects: [])"), ("case (.idle", "case (.running"),
    ]

    static func randomEdit(of lines: [String], using random: inout Seeded) -> Edit {
        let line = Int.random(in: 0..<lines.count, using: &random)
        let text = lines[line]
        let utf8 = Array(text.utf8)
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
            // A cell or target swapped for another.
            let candidates = swaps.compactMap { swap -> Edit? in
                guard let range = text.range(of: swap.0) else { return nil }
                let column = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                return Edit(line: line, column: column, length: swap.0.utf8.count, text: swap.1)
            }
            if let edit = candidates.randomElement(using: &random) { return edit }
            return Edit(line: line, column: 0, length: 0, text: "    ")
        case 2:
            // Spaces added or taken away (alignment).
            let column = utf8.isEmpty ? 0 : Int.random(in: 0...utf8.count, using: &random)
            if column < utf8.count, utf8[column] == UInt8(ascii: " ") { return Edit(line: line, column: column, length: 1, text: "") }
            return Edit(line: line, column: column, length: 0, text: "   ")
        case 3:
            // A typo: one character typed in the middle of a word.
            let column = utf8.isEmpty ? 0 : Int.random(in: 0..<utf8.count, using: &random)
            return Edit(line: line, column: column, length: 0, text: ["x", ",", "]", "(", "\""].randomElement(using: &random)!)
        case 4:
            // The line duplicated.
            return Edit(line: line, column: 0, length: 0, text: text + "\n")
        default:
            // The line deleted (with its line break, when it has one).
            return Edit(line: line, column: 0, length: utf8.count + (line + 1 < lines.count ? 1 : 0), text: "")
        }
    }

    /// `text` with `edit` applied, and the LSP range it covers (UTF-8 positions).
    static func apply(_ edit: Edit, to text: String) -> (text: String, range: JSONValue) {
        var lines = text.components(separatedBy: "\n")
        var end = (line: edit.line, column: edit.column + edit.length)
        var bytes = Array(lines[edit.line].utf8)
        if end.column > bytes.count {
            // Deleting through the line break: the range ends at the start of the next line.
            end = (edit.line + 1, 0)
            let next = edit.line + 1 < lines.count ? lines.remove(at: edit.line + 1) : ""
            bytes = Array(bytes[..<edit.column]) + Array(edit.text.utf8) + Array(next.utf8)
        } else {
            bytes = Array(bytes[..<edit.column]) + Array(edit.text.utf8) + Array(bytes[end.column...])
        }
        lines[edit.line] = String(decoding: bytes, as: UTF8.self)
        let range = JSONValue.object([
            "start": .object(["line": .int(edit.line), "character": .int(edit.column)]),
            "end": .object(["line": .int(end.line), "character": .int(end.column)]),
        ])
        return (lines.joined(separator: "\n"), range)
    }

    func testALongSequenceOfRangedEditsAgreesWithTheCommandLineAfterEveryEdit() throws {
        let harness = try start(rootURI: DocumentURI.uri(of: root))
        var random = Seeded(state: 20_261_202)
        var texts: [String: String] = [:]
        var versions: [String: Int] = [:]
        for path in ["Sources/Timer/Timer.tb.swift", "Sources/Timer/Timer+Step.swift"] {
            texts[path] = Self.files[path]!
            versions[path] = 1
            harness.open(uri(path), Self.files[path]!)
        }
        try assertAgree(harness, "both open")
        for step in 1...40 {
            let path = step % 3 == 0 ? "Sources/Timer/Timer+Step.swift" : "Sources/Timer/Timer.tb.swift"
            let before = texts[path]!
            let edit = Self.randomEdit(of: before.components(separatedBy: "\n"), using: &random)
            let (after, range) = Self.apply(edit, to: before)
            texts[path] = after
            versions[path]! += 1
            harness.notify("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string(uri(path)), "version": .int(versions[path]!)]),
                "contentChanges": .array([.object(["range": range, "text": .string(edit.text)])]),
            ]))
            try write(path, after)  // what the command line reads; the server has the buffer
            try assertAgree(harness, "edit \(step) of \(path) (line \(edit.line + 1), column \(edit.column + 1): \(edit.length) bytes replaced by \(edit.text.debugDescription))")
        }
    }
}
