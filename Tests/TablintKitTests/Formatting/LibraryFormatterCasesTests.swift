import XCTest
@testable import TablintKit

/// The Swift cases of the library formatter's own test suite (`tabular-center-fmt`, restated in
/// the shared reference `tabular-center-fmt-cases.md` §1–5): `--fix` writes the bytes it expects,
/// where the README does not name a deliberate difference.
final class LibraryFormatterCasesTests: XCTestCase {
    /// A `*.tb.swift` file holding `rows` as the `cells:` of one `Table` (8 and 12 spaces).
    func table(_ rows: String, states: Int = 2) -> String {
        let names = ["Idle", "Running", "Done"].prefix(states).map { "\"\($0)\"" }.joined(separator: ", ")
        return "// swift-format-ignore-file\nlet T = Table(\n        machine: \"T\",\n        states: [\(names)],\n"
            + "        actions: [\"Start\", \"Tick\", \"Cancel\"],\n        cells: [\n" + rows + "        ],\n        initial: \"Idle\"\n)\n"
    }

    func fixed(_ text: String) -> String? {
        switch TestRun.fix(SourceFile(path: "T.tb.swift", text: text)) {
        case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .unchanged: return text
        case .refused, .internalError: return nil
        }
    }

    /// §1: the rows align, the `states:`/`actions:`/`cells:` lines are untouched.
    func testSwiftRowsAlignHeadersDoNot() {
        let before = table("            [.handle, .ignore, .ignore],\n            [.go(target: \"Idle\", effects: []), .handle, .ignore],\n")
        let after = table("            [.handle,                          .ignore, .ignore],\n            [.go(target: \"Idle\", effects: []), .handle, .ignore],\n")
        XCTAssertEqual(fixed(before), after)
    }

    /// §2: a trailing comment and the spaces before it are kept after the row's new end.
    func testATrailingCommentIsKept() {
        let before = table("            [.handle, .ignore, .ignore],   // idle\n            [.go(target: \"Idle\", effects: []), .ignore, .ignore], // busy\n")
        let after = table("            [.handle,                          .ignore, .ignore],   // idle\n            [.go(target: \"Idle\", effects: []), .ignore, .ignore], // busy\n")
        XCTAssertEqual(fixed(before), after)
    }

    /// §3: an unterminated string beside a run refuses the file.
    func testAnUnterminatedStringBesideARunIsRefused() {
        let before = table("            [.handle, .ignore, .ignore],\n            [.ignore, .handle, .ignore],\n            [.go(target: \"Idle, .ignore, .ignore],\n", states: 3)
        XCTAssertNil(fixed(before))
    }

    /// §4: a single row, and rows of different cell counts, are never realigned.
    func testNotRows() {
        let single = table("            [.handle,   .ignore, .ignore],\n", states: 1)
        XCTAssertEqual(fixed(single), single)
        let arity = table("            [.handle, .ignore],\n            [.go(target: \"Idle\", effects: []), .handle, .ignore],\n")
        XCTAssertEqual(fixed(arity), arity)
        let text = "// swift-format-ignore-file\nimport Foo\n// a comment, with [brackets, and commas]\n"
        XCTAssertEqual(fixed(text), text)
    }

    /// §5: `@Row` prefixes are padded before the `[`, the cells are not moved inside it.
    func testRowPrefixesArePaddedBeforeTheBracket() {
        let before = "// swift-format-ignore-file\n@Machine\nenum M {\n    enum S { case locked, unlocked }\n    enum A { case coin, push }\n    static let initial = S.locked\n"
            + "    @Row(.locked) static let locked = [ .go(.unlocked), .ignore ]\n    @Row(.unlocked) static let unlocked = [ .ignore, .handle ]\n}\n"
        let after = "// swift-format-ignore-file\n@Machine\nenum M {\n    enum S { case locked, unlocked }\n    enum A { case coin, push }\n    static let initial = S.locked\n"
            + "    @Row(.locked) static let locked =     [ .go(.unlocked), .ignore ]\n    @Row(.unlocked) static let unlocked = [ .ignore,        .handle ]\n}\n"
        XCTAssertEqual(fixed(before), after)
    }
}
