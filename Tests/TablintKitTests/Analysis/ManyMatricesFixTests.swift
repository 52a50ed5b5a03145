import XCTest
@testable import TablintKit

/// Found by the adversarial pass over `tablint lsp` (issue 15): a file of many misaligned
/// matrices. `--fix` (and the server's formatting, which is the same engine) chose the
/// non-overlapping fixes by comparing every edit with every edit already taken, so its time
/// grew with the square of the file's edits: 200 matrices of 30 rows took 38 s (debug), the
/// same lines as one matrix (3 s) — the editor's format-on-save timed out long before. Fixed by
/// `TextEdit.TakenRanges`.
final class ManyMatricesFixTests: XCTestCase {
    private func matrix(_ index: Int, rows: Int) -> String {
        let states = (0..<rows).map { "S\($0)" }
        let quoted = states.map { "\"\($0)\"" }.joined(separator: ", ")
        // Cells of different widths in every column, so that most cells of every row move.
        let choices = [".ignore", ".handle", ".unreachable"]
        let cells = (0..<rows).map { row -> String in
            var line = "            [.go(target: \"" + states[(row + 1) % rows] + "\", effects: [\"E\"])"
            for column in 1..<6 {
                let choice: Int = (row + column * 2) % 3
                line += ", " + choices[choice]
            }
            return line + "],"
        }
        return """
            extension Big\(index) {
                static let TABLE = Table(
                    machine: "Big\(index)",
                    states: [\(quoted)],
                    actions: ["Start", "Tick", "Stop", "Pause", "Resume", "Reset"],
                    cells: [
            \(cells.joined(separator: "\n"))
                    ],
                    initial: "S0"
                )
            }

            """
    }

    /// What is asserted is the outcome, not a time (speed is the benchmark's): every matrix
    /// of such a file is aligned in one run. That the choice is n log n is
    /// `EngineTests.testTakenRangesAnswerAsComparingWithEveryTakenEdit`'s binary search.
    func testAFileOfManyMisalignedMatricesIsFixedWhole() throws {
        let text = "// swift-format-ignore-file\n" + (0..<60).map { matrix($0, rows: 30) }.joined()
        let document = Engine.Document(path: "Many.tb.swift", bytes: Array(text.utf8))
        let outcome = Engine.run([document], mode: .fix)
        let fixed = try XCTUnwrap(outcome.files.first?.fixed, "the 60 misaligned matrices were not fixed")
        XCTAssertEqual(outcome.files[0].originalDiagnostics.filter { $0.code == Alignment().code }.count, 60)
        XCTAssertFalse(outcome.files[0].diagnostics.contains { $0.code == Alignment().code })
        XCTAssertGreaterThan(fixed.count, text.utf8.count)
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Many.tb.swift", bytes: fixed)).filter { $0.code == Alignment().code }, [])
    }
}
