import XCTest
@testable import TablintKit

final class TextReporterTests: XCTestCase {
    private func diagnostic(
        _ path: String, _ line: Int, _ column: Int, _ severity: Severity, _ message: String, _ code: String,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        let location = SourceLocation(offset: 0, line: line, column: column)
        return Diagnostic(
            path: path, start: location, end: location, severity: severity, message: message, code: code,
            notes: notes)
    }

    func testAnErrorIsOneCompilerStyleLine() {
        let text = TextReporter.render([
            diagnostic("Examples/Broken.tb.swift", 9, 13, .error,
                       "row `Running` has 2 cells, expected 3. Expected columns: Start Tick Cancel",
                       "tabular-center::row-arity"),
        ])
        XCTAssertEqual(text, """
            Examples/Broken.tb.swift:9:13: error: row `Running` has 2 cells, expected 3. Expected columns: Start Tick Cancel [tabular-center::row-arity]

            """)
    }

    func testALineBreakInAMessageOrPathIsShownAsAnEscapeSoEachDiagnosticStaysOneLine() {
        let note = Diagnostic.Note(
            path: "odd\nname.swift", location: SourceLocation(offset: 0, line: 2, column: 1), message: "here\r\nand\u{2028}there")
        let text = TextReporter.render([
            diagnostic("odd\nname.swift", 1, 1, .warning, "found `a\nb`", "tablint::unreadable-matrix", notes: [note]),
        ])
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false), [
            "odd\\nname.swift:1:1: warning: found `a\\nb` [tablint::unreadable-matrix]",
            "odd\\nname.swift:2:1: note: here\\r\\nand\\u{2028}there",
            "",
        ])
        XCTAssertFalse(TextReporter.render([diagnostic("a.swift", 1, 1, .error, "x\ny", "c")], color: true).dropLast().contains("\n"))
    }

    /// A `Table` literal garbled before `cells:` is quoted in the message shortened to one line,
    /// not with the rows that follow it.
    func testAGarbledTableArgumentIsQuotedOnOneLine() {
        let source = """
            extension M {
                static let TABLE = Table(
                    machine: "M",
                    states: ["A", "B"],
                    actions: ["X"],
            oops", "B        cells: [
                        [.ignore],
                        [.ignore],
                    ],
                    initial: "A"
                )
            }

            """
        let diagnostics = TestRun.lint(SourceFile(path: "M.tb.swift", text: source))
        let unreadable = diagnostics.filter { $0.code == "tablint::unreadable-matrix" }
        XCTAssertEqual(unreadable.count, 1, "\(diagnostics.map(\.message))")
        for diagnostic in diagnostics {
            XCTAssertFalse(diagnostic.message.contains(where: \.isNewline), diagnostic.message)
        }
    }

    func testAWarningIsFollowedByItsNotesWithoutACode() {
        let note = Diagnostic.Note(
            path: "a.swift", location: SourceLocation(offset: 0, line: 3, column: 17), message: "states declared here")
        let text = TextReporter.render([
            diagnostic("a.swift", 7, 5, .warning, "state `Idle` is declared twice", "tablint::duplicate-name",
                       notes: [note, note]),
            diagnostic("b.swift", 1, 1, .error, "bad", "tablint::encoding"),
        ])
        XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false), [
            "a.swift:7:5: warning: state `Idle` is declared twice [tablint::duplicate-name]",
            "a.swift:3:17: note: states declared here",
            "a.swift:3:17: note: states declared here",
            "b.swift:1:1: error: bad [tablint::encoding]",
            "",
        ])
    }

    func testADiagnosticOfSeverityNoteIsPrintedAsANote() {
        XCTAssertEqual(
            TextReporter.line(for: diagnostic("a.swift", 2, 4, .note, "fyi", "tablint::x")),
            "a.swift:2:4: note: fyi [tablint::x]")
    }

    func testNothingToReportRendersNothing() {
        XCTAssertEqual(TextReporter.render([]), "")
    }

    func testTheSummaryUsesSingularForOne() {
        XCTAssertEqual(TextReporter.summary(errors: 1, warnings: 0, files: 1), "1 error, 0 warnings in 1 file")
        XCTAssertEqual(TextReporter.summary(errors: 0, warnings: 1, files: 2), "0 errors, 1 warning in 2 files")
        XCTAssertEqual(TextReporter.summary(errors: 2, warnings: 3, files: 0), "2 errors, 3 warnings in 0 files")
    }

    func testTheSummaryCountsErrorsAndWarningsButNotNotes() {
        let diagnostics = [
            diagnostic("a.swift", 1, 1, .error, "e", "x"),
            diagnostic("a.swift", 2, 1, .warning, "w", "x"),
            diagnostic("a.swift", 3, 1, .error, "e", "x"),
            diagnostic("a.swift", 4, 1, .note, "n", "x"),
        ]
        XCTAssertEqual(TextReporter.summary(of: diagnostics, fileCount: 1), "2 errors, 1 warning in 1 file")
    }
}
