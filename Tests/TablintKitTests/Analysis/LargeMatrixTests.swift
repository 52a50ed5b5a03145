import XCTest
@testable import TablintKit

/// A big matrix is read with its rows spread over the cores and its format plan worked out on
/// a second core while the other rules run (what keeps the language server's latency down).
/// The answers must be exactly those of a small matrix read on one thread: rows in order, the
/// first unreadable row the one reported, the same alignment finding and fix.
final class LargeMatrixTests: XCTestCase {
    static let actions = ["Start", "Stop", "Tick", "Cancel", "Retry", "Reset"]

    static func cell(_ row: Int, _ column: Int, rows: Int) -> String {
        switch (row * 7 + column) % 10 {
        case 0, 3, 6: return ".go(target: \"S\((row + column) % rows)\", effects: [\"E\(column)\"])"
        case 1, 4, 7: return ".ignore"
        case 9: return ".unreachable"
        default: return ".handle"
        }
    }

    /// A `Table` literal of `rows` rows, aligned, with `replacing` rows written as given.
    static func table(rows: Int, replacing: [Int: String] = [:]) -> String {
        let cells = (0..<rows).map { row in (0..<actions.count).map { cell(row, $0, rows: rows) } }
        let widths = actions.indices.map { column in cells.map { $0[column].count + 1 }.max()! }
        let lines = cells.enumerated().map { row, cells -> String in
            if let written = replacing[row] { return "            \(written)," }
            let padded = cells.enumerated().map { column, cell in
                column + 1 == cells.count ? cell : (cell + ",").padding(toLength: widths[column] + 1, withPad: " ", startingAt: 0)
            }
            return "            [" + padded.joined() + "],"
        }
        return "// swift-format-ignore-file\nextension Big {\n    static let TABLE = Table(\n        machine: \"Big\",\n"
            + "        states: [\((0..<rows).map { "\"S\($0)\"" }.joined(separator: ", "))],\n"
            + "        actions: [\(actions.map { "\"\($0)\"" }.joined(separator: ", "))],\n        cells: [\n"
            + lines.joined(separator: "\n") + "\n        ],\n        initial: \"S0\"\n    )\n}\n"
    }

    /// The line (1-based) of row `row` in `table`.
    static func line(ofRow row: Int) -> Int { 8 + row }

    func testParallelMapKeepsEveryItemInOrder() {
        for count in [0, 1, 255, 256, 257, 1_000, 10_007] {
            XCTAssertEqual(parallelMap(count, minimum: 256) { $0 * 3 + 1 }, (0..<count).map { $0 * 3 + 1 }, "\(count) items")
        }
    }

    func testABigTableIsReadRowByRowInOrder() throws {
        let rows = 1_500
        let file = SourceFile(path: "Big.tb.swift", text: Self.table(rows: rows))
        let context = LintContext(file: file)
        let matrix = try XCTUnwrap(context.reading.matrices.first)
        XCTAssertEqual(context.reading.problems, [])
        XCTAssertEqual(matrix.rows.count, rows)
        for (index, row) in matrix.rows.enumerated() {
            XCTAssertEqual(row.cells.map { file.text($0.range) }, Self.actions.indices.map { Self.cell(index, $0, rows: rows) }, "row \(index)")
            XCTAssertEqual(file.location(of: row.range.lowerBound).line, Self.line(ofRow: index))
        }
        guard case .go(let target, let effects, _) = matrix.rows[1_200].cells[3].kind else {
            return XCTFail("row 1200, column 3 should be a GO: \(matrix.rows[1_200].cells[3].kind)")
        }
        XCTAssertEqual(target.text, "S1203")
        XCTAssertEqual(effects.map(\.text), ["E3"])
    }

    func testTheFirstUnreadableRowOfABigTableIsTheOneReported() throws {
        let file = SourceFile(path: "Big.tb.swift", text: Self.table(rows: 1_000, replacing: [900: "laterRow", 612: "someRow"]))
        let diagnostics = TestRun.lint(file).filter { $0.code == TableLiteralReader.unreadableCode }
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let diagnostic = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(diagnostic.start.line, Self.line(ofRow: 612))
        XCTAssertTrue(diagnostic.message.contains("found `someRow`"), diagnostic.message)
    }

    func testABigMisalignedTableIsReportedAndFixedAsASmallOneIs() throws {
        for rows in [4, 1_000] {
            let moved = rows / 2
            let aligned = Self.table(rows: rows)
            let row = (0..<Self.actions.count).map { Self.cell(moved, $0, rows: rows) }.joined(separator: ", ")
            let misaligned = Self.table(rows: rows, replacing: [moved: "[" + row + "]"])
            let file = SourceFile(path: "Big.tb.swift", text: misaligned)
            let alignment = TestRun.lint(file).filter { $0.code == Alignment().code }
            XCTAssertEqual(alignment.count, 1, "\(rows) rows: \(alignment)")
            XCTAssertEqual(alignment.first?.notes.first?.location.line, Self.line(ofRow: moved), "\(rows) rows: the first line that moves")
            guard case .fixed(let fixed) = TestRun.fix(file) else { return XCTFail("\(rows) rows: \(TestRun.fix(file))") }
            XCTAssertTrue(String(decoding: fixed, as: UTF8.self) == aligned, "\(rows) rows: --fix should give the aligned table")
            XCTAssertEqual(TestRun.lint(SourceFile(path: "Big.tb.swift", text: aligned)), [], "\(rows) rows, aligned")
        }
    }

    /// The plan is worked out beside the rules that do not read it: a rule that reads it
    /// without saying so would work it out a second time, on the critical path.
    func testEveryRuleThatReadsTheFormatPlanSaysSo() throws {
        let rules = Fixtures.repositoryRoot.appendingPathComponent("Sources/TablintKit/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: rules.path).filter { $0.hasSuffix(".swift") }
        for rule in RuleRegistry.all {
            let type = String(describing: Swift.type(of: rule))
            let own = files.filter { $0 == "\(type).swift" || $0.hasPrefix("\(type)+") }
            XCTAssertFalse(own.isEmpty, "\(type): no Rules/\(type).swift")
            let reads = try own.contains { try String(contentsOf: rules.appendingPathComponent($0), encoding: .utf8).contains(".formatPlan") }
            XCTAssertEqual(rule.readsFormatPlan, reads, "\(type) reads the format plan: \(reads); says so: \(rule.readsFormatPlan)")
        }
    }
}
