import XCTest
@testable import TablintKit

/// Inputs far outside what anyone writes: each must lint, fix (or be refused) and round-trip
/// without crashing, overflowing the stack or damaging anything. Untimed: `tablint-bench`
/// measures how the time grows with the size.
final class PathologicalInputTests: XCTestCase {
    /// Lint, fix, and check the fix as `FuzzTests` does; the tokenizer round-trips the input.
    func assertSurvives(_ bytes: [UInt8], _ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(losslessProblem(bytes), "\(path): the input does not round-trip", file: file, line: line)
        XCTAssertNil(FuzzTests.problem(SourceFile(path: path, bytes: bytes)), path, file: file, line: line)
    }

    static let directive = "// swift-format-ignore-file\n"

    /// A `Table` literal, misaligned: `rows` states, `columns` actions; a `.go` in one row of
    /// every `goEvery` (each target is looked up among all states, so that part grows with
    /// rows × states: `tablint-bench` reports that growth).
    static func table(_ name: String, rows: Int, columns: Int, goEvery: Int = 1) -> String {
        let states = (0..<rows).map { "\"S\($0)\"" }.joined(separator: ", ")
        let actions = (0..<columns).map { "\"A\($0)\"" }.joined(separator: ", ")
        let cells = (0..<rows).map { row in
            "            [" + (0..<columns).map { column in
                (row + column) % 3 == 0 && row % goEvery == 0 ? ".go(target: \"S\((row + 1) % rows)\", effects: [\"Fx\"])"
                    : (row + column) % 3 == 1 ? ".ignore" : ".handle"
            }.joined(separator: ", ") + "],\n"
        }.joined()
        return "extension \(name) {\n    static let TABLE = Table(\n        machine: \"\(name)\",\n        states: [\(states)],\n"
            + "        actions: [\(actions)],\n        cells: [\n\(cells)        ],\n        initial: \"S0\"\n    )\n}\n"
    }

    /// A `@Machine` enum, misaligned: `rows` states, `columns` actions.
    static func machine(_ name: String, rows: Int, columns: Int) -> String {
        let rowLines = (0..<rows).map { row in
            "    @Row(.s\(row)) static let r\(row) = [ " + (0..<columns).map { column in
                (row + column) % 3 == 0 ? ".go(.s\((row + 1) % rows), [.click])" : (row + column) % 3 == 1 ? ".ignore" : ".handle"
            }.joined(separator: ", ") + " ]\n"
        }.joined()
        return "@Machine\nenum \(name) {\n    enum S { case \((0..<rows).map { "s\($0)" }.joined(separator: ", ")) }\n"
            + "    enum A { case \((0..<columns).map { "a\($0)" }.joined(separator: ", ")) }\n    enum F { case click }\n"
            + "    static let initial = S.s0\n\(rowLines)"
            + "    func handle(_ ctx: Int, _ state: S, _ action: A) -> Step<S, F> { fatalError() }\n}\n"
    }

    /// A `.tbl` fixture, misaligned: `rows` states, `columns` actions.
    static func fixture(rows: Int, columns: Int) -> String {
        var text = "machine Big\ninitial S0\nstates " + (0..<rows).map { "S\($0)" }.joined(separator: " ")
        text += "\nactions " + (0..<columns).map { "A\($0)" }.joined(separator: " ") + "\n\n"
        for row in 0..<rows {
            text += "S\(row) | " + (0..<columns).map { column in
                (row + column) % 3 == 0 ? "GO(S\((row + 1) % rows), Fx)" : (row + column) % 3 == 1 ? "IGNORE" : "HANDLE"
            }.joined(separator: " | ") + "\n"
        }
        return text
    }

    /// An aligned matrix, as in `Examples/Correct`.
    static let alignedTable = """
        extension Timer {
            static let TABLE = Table(
                machine: "Timer",
                states: ["Idle", "Running", "Done"],
                actions: ["Start", "Tick", "Cancel"],
                cells: [
                    [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
                    [.ignore,                                         .handle, .go(target: "Idle", effects: ["StopClock"])],
                    [.go(target: "Running", effects: ["StartClock"]), .ignore, .go(target: "Idle", effects: [])],
                ],
                initial: "Idle"
            )
        }

        """

    func testA20MegabyteFile() throws {
        try FullSuite.require("lints and fixes a 20 MB file")
        // Mostly ordinary code with aligned matrices in it (a debug build tokenizes at a few
        // MB/s, so the fix finding nothing to change keeps this test to about a minute).
        var chunk = ""
        for index in 0..<200 { chunk += "func f\(index)(_ x: Int) -> String { return \"\\(x) items\" + [1, 2, 3].map { \"\\($0)\" }.joined() } // comment \(index)\n" }
        chunk += Self.alignedTable
        var text = Self.directive
        while text.utf8.count < 20_000_000 { text += chunk }
        let bytes = Array(text.utf8)
        XCTAssertNil(losslessProblem(bytes))
        let file = SourceFile(path: "big.tb.swift", bytes: bytes)
        XCTAssertEqual(TestRun.lint(file).map(\.code), [])
        XCTAssertEqual(TestRun.fix(file), .unchanged)
    }

    func testASingleFiveMegabyteLine() throws {
        try FullSuite.require("lints a 5 MB line")
        var line = Self.directive + "let x = ["
        let piece = "f(a, \"s\\(b)\", 1.5), [.go(target: \"A\", effects: [])], "
        line += String(repeating: piece, count: 5_000_000 / piece.utf8.count) + "]"
        assertSurvives(Array(line.utf8), "line.tb.swift")
    }

    func testAHundredThousandNestedBrackets() throws {
        try FullSuite.require("lints 100,000 nested brackets")
        let depth = 100_000
        for (open, close) in [("[", "]"), ("(", ")"), ("{", "}")] {
            let nested = String(repeating: open, count: depth) + String(repeating: close, count: depth)
            assertSurvives(Array((Self.directive + "let x = \(nested)\n").utf8), "brackets.tb.swift")
            // Unclosed, and inside a matrix's cells.
            assertSurvives(Array((Self.directive + "let x = " + String(repeating: open, count: depth) + "\n").utf8), "unclosed.tb.swift")
        }
        let inCells = "let t = Table(machine: \"M\", states: [\"A\"], actions: [\"X\"], cells: [["
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]], initial: \"A\")\n"
        assertSurvives(Array((Self.directive + inCells).utf8), "cells.tb.swift")
        let inRow = "@Machine\nenum M {\n    enum S { case a }\n    enum A { case x }\n    @Row(.a) static let a = [ "
            + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + " ]\n}\n"
        assertSurvives(Array((Self.directive + inRow).utf8), "row.tb.swift")
        let fixture = "machine M\ninitial A\nstates A\nactions X\nA | " + String(repeating: "GO(", count: depth) + String(repeating: ")", count: depth) + "\n"
        assertSurvives(Array(fixture.utf8), "nested.tbl")
    }

    func testAHundredThousandNestedInterpolations() throws {
        try FullSuite.require("lints 100,000 nested interpolations")
        let depth = 100_000
        let nested = String(repeating: "\"\\(", count: depth) + "1" + String(repeating: ")\"", count: depth)
        assertSurvives(Array((Self.directive + "let x = \(nested)\n").utf8), "interpolations.tb.swift")
        let unclosed = String(repeating: "\"\\(", count: depth)
        assertSurvives(Array((Self.directive + "let x = \(unclosed)\n").utf8), "unclosed.tb.swift")
        let raw = String(repeating: "#\"\\#(", count: depth) + "1" + String(repeating: ")\"#", count: depth)
        assertSurvives(Array((Self.directive + "let x = \(raw)\n").utf8), "raw.tb.swift")
        let multiLine = String(repeating: "\"\"\"\n\\(", count: depth) + "1" + String(repeating: ")\n\"\"\"", count: depth)
        assertSurvives(Array((Self.directive + "let x = \(multiLine)\n").utf8), "multiline.tb.swift")
    }

    func testATenThousandRowMatrix() throws {
        try FullSuite.require("lints and fixes a 10,000-row matrix")
        assertSurvives(Array((Self.directive + Self.table("Tall", rows: 10_000, columns: 3, goEvery: 100)).utf8), "tall.tb.swift")
        // Labelled rows are each looked up among all states (rows × states): at 10,000 rows
        // that takes minutes in a debug build, so these surfaces get 1,000.
        assertSurvives(Array((Self.directive + Self.machine("Tall", rows: 1_000, columns: 3)).utf8), "machine.tb.swift")
        assertSurvives(Array(Self.fixture(rows: 1_000, columns: 3).utf8), "tall.tbl")
    }

    func testAThousandColumnMatrix() throws {
        try FullSuite.require("lints and fixes a 1,000-column matrix")
        assertSurvives(Array((Self.directive + Self.table("Wide", rows: 4, columns: 1_000)).utf8), "wide.tb.swift")
        assertSurvives(Array(Self.fixture(rows: 4, columns: 1_000).utf8), "wide.tbl")
    }
}
