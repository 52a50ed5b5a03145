import Foundation
import XCTest
@testable import TablintKit

/// `.tbl` fixtures, as files and inside Swift string literals: `Tests/Fixtures/Fixture/`.
final class FixtureReaderTests: XCTestCase {
    func testEveryFixtureMatchesItsGolden() throws {
        XCTAssertGreaterThanOrEqual(try GoldenFolder.fixtures("Fixture").count, 16)
        try GoldenFolder.assertGoldens("Fixture")
    }

    func testEachFixtureTriggersTheRuleItIsNamedAfterAndCorrectOnesNothing() throws {
        try GoldenFolder.assertNamesMatchFindings("Fixture")
    }

    // MARK: The model

    func testAFixtureFileIsReadIntoTheMatrixModelWithTheRangeOfEveryName() throws {
        let file = try Fixtures.source(Fixtures.url("Fixture/correct.tbl"))
        let reading = FixtureReader.read(file)
        XCTAssertEqual(reading.problems, [])
        let matrix = try XCTUnwrap(reading.matrices.first)
        XCTAssertEqual(reading.matrices.count, 1)
        XCTAssertEqual(matrix.surface, .fixture)
        XCTAssertEqual(matrix.machine.text, "Timer")
        XCTAssertEqual(matrix.initial?.text, "Idle")
        XCTAssertEqual(matrix.states.map(\.text), ["Idle", "Running", "Done"])
        XCTAssertEqual(matrix.actions.map(\.text), ["Start", "Tick", "Cancel"])
        XCTAssertEqual(matrix.rows.map { $0.label?.text }, ["Idle", "Running", "Done"])
        XCTAssertNil(matrix.effects)
        for name in [matrix.machine] + matrix.states + matrix.actions + matrix.rows.compactMap(\.label) {
            XCTAssertEqual(file.text(name.range), name.text)
        }
        let stop = matrix.rows[1].cells[2]
        guard case .go(let target, let effects, nil) = stop.kind else { return XCTFail("expected GO, got \(stop.kind)") }
        XCTAssertEqual(target.text, "Idle")
        // Commas split, parentheses do not nest: the effect keeps its arguments, as in the library.
        XCTAssertEqual(effects.map(\.text), ["StopClock(reason: .cancelled)"])
        XCTAssertEqual(file.text(stop.range), "GO(Idle, StopClock(reason: .cancelled))")
        guard case .emit(let emitted) = matrix.rows[2].cells[2].kind else { return XCTFail() }
        XCTAssertEqual(emitted.map(\.text), ["Beep", "Flash"])
        XCTAssertEqual(matrix.rows[0].cells.map(\.kind), [.handle, .ignore, .ignore])
        XCTAssertEqual(file.text(matrix.rows[0].range), "Idle    | HANDLE                    | IGNORE   | IGNORE")
    }

    func testEveryCellKindIsRead() throws {
        let file = SourceFile(path: "k.tbl", text: """
            machine K
            initial A
            states A
            actions a b c d e f
            A | IGNORE | HANDLE | UNREACHABLE | GO(A) | EMIT(X,,Y) | DELEGATE(child)
            """)
        let cells = try XCTUnwrap(FixtureReader.read(file).matrices.first?.rows.first?.cells)
        XCTAssertEqual(cells.count, 6)
        XCTAssertEqual(cells[0].kind, .ignore)
        XCTAssertEqual(cells[1].kind, .handle)
        XCTAssertEqual(cells[2].kind, .unreachable)
        guard case .go(let target, let effects, _) = cells[3].kind else { return XCTFail() }
        XCTAssertEqual(target.text, "A")
        XCTAssertEqual(effects, [])
        guard case .emit(let emitted) = cells[4].kind else { return XCTFail() }
        XCTAssertEqual(emitted.map(\.text), ["X", "Y"], "empty pieces are dropped, as the library drops them")
        guard case .delegate(let child) = cells[5].kind else { return XCTFail() }
        XCTAssertEqual(child.text, "child")
    }

    func testEmbeddedFixturesMapEveryNameBackToTheSwiftFile() throws {
        let file = try Fixtures.source(Fixtures.url("Fixture/correct.embedded.swift"))
        let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
        let reading = FixtureReader.readEmbedded(tokens)
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.matrices.map(\.machine.text), ["Turnstile", "Raw"], "SQL, prose and templates are not fixtures")
        for matrix in reading.matrices {
            for name in [matrix.machine] + matrix.states + matrix.actions + matrix.rows.compactMap(\.label) {
                XCTAssertEqual(file.text(name.range), name.text)
            }
        }
        XCTAssertTrue(file.text(reading.matrices[0].range).hasPrefix("\"\"\"\n        # The pinned matrix."))
        XCTAssertTrue(file.text(reading.matrices[1].range).hasPrefix("#\"\"\""))
        XCTAssertTrue(file.text(reading.matrices[1].range).hasSuffix("\"\"\"#"))
        let turnstile = reading.matrices[0]
        XCTAssertEqual(file.location(of: turnstile.machine.range.lowerBound).description, "6:17")
        XCTAssertEqual(file.location(of: turnstile.rows[1].cells[1].range.lowerBound).description, "12:42")
    }

    func testAnEscapedCellKeepsTheRangeOfItsEscape() throws {
        let file = try Fixtures.source(Fixtures.url("Fixture/fixture-syntax.embedded.swift"))
        let reading = FixtureReader.readEmbedded(SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes)))
        let cell = try XCTUnwrap(reading.matrices.first?.rows.last?.cells.last)
        XCTAssertEqual(cell.kind, .ignore)
        XCTAssertEqual(file.text(cell.range), "\\u{49}GNORE")
        // The raw literal's `\#` joins `actions X` to the `Y` on the next line.
        XCTAssertEqual(reading.matrices.last?.actions.map(\.text), ["X", "Y"])
    }

    // MARK: What the library's parser trips over

    func testCarriageReturnLineEndingsAreReportedOnceAsTheLibrarySeesThem() {
        // For Swift `\r\n` is one Character, not the `\n` the library splits at: it reads the
        // whole file as one line, and rejects it for having no `initial` line.
        let file = SourceFile(path: "crlf.tbl", text: "machine Gate\r\ninitial Shut\r\nstates  Shut Open\r\nactions Push\r\nShut | GO(Open)\r\nOpen | GO(Shut)\r\n")
        let diagnostics = TestRun.lint(file)
        XCTAssertEqual(diagnostics.map(\.code), ["tablint::fixture-syntax"])
        XCTAssertEqual(diagnostics.first?.start.description, "1:13")
        let message = diagnostics.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("line 1 ends with `\\r\\n`, which Swift reads as one Character"), message)
        XCTAssertTrue(message.contains("rejects the fixture: no `initial` line"), message)
        XCTAssertFalse(message.contains("keeps the `\\r`"), "the old message was wrong: the library sees the lines merged")
        XCTAssertEqual(FixtureReader.read(file).matrices, [], "the lines the library merges are not read as anyone meant them")
    }

    func testACarriageReturnAfterACommentSwallowsTheNextLineAsInTheLibrary() throws {
        let file = try Fixtures.source(Fixtures.url("Fixture/missing-row.crlf-comment.tbl"))
        let reading = FixtureReader.read(file)
        XCTAssertEqual(reading.matrices.first?.rows.compactMap(\.label?.text), ["Idle"], "the `Done` row is part of the comment")
        XCTAssertEqual(reading.problems.map(\.code), ["tablint::fixture-misread"], "the library accepts the fixture, with a row fewer")
    }

    func testAByteOrderMarkIsReported() {
        let file = SourceFile(path: "bom.tbl", bytes: [0xEF, 0xBB, 0xBF] + Array("machine Gate\ninitial Shut\nstates  Shut\nactions Push\nShut | HANDLE\n".utf8))
        let diagnostics = TestRun.lint(file)
        XCTAssertEqual(diagnostics.map(\.code), ["tablint::fixture-syntax"])
        XCTAssertTrue(diagnostics.first?.message.contains("byte order mark") ?? false)
    }

    func testAnEmptyFixtureFileIsOneProblem() {
        let diagnostics = TestRun.lint(SourceFile(path: "empty.tbl", text: "# nothing yet\n"))
        XCTAssertEqual(diagnostics.map(\.code), ["tablint::fixture-syntax"])
        XCTAssertEqual(diagnostics.first?.message.hasPrefix("the fixture has no `machine`, `initial`, `states` or `actions` line"), true)
    }

    // MARK: Which string literals are fixtures, and their values

    private func embedded(_ swift: String) -> MatrixReading {
        let file = SourceFile(path: "e.swift", text: swift)
        return FixtureReader.readEmbedded(SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes)))
    }

    private static let body = ["machine M", "initial A", "states A", "actions X", "A | HANDLE"]

    private func literal(_ lines: [String], indent: String = "    ", closing: String = "    ") -> String {
        "let F = \"\"\"\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n\(closing)\"\"\"\n"
    }

    func testALiteralIsReadWithTheClosingLinesIndentationStripped() {
        let reading = embedded(literal(Self.body))
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.matrices.first?.states.map(\.text), ["A"])
    }

    func testABlankLineMayBeIndentedLessThanTheRest() {
        XCTAssertEqual(embedded(literal(["machine M", "", "initial A", "  ", "states A", "actions X", "A | HANDLE"])).matrices.count, 1)
    }

    func testLiteralsSwiftRejectsAreNotRead() {
        // A line indented less than the closing `"""`: swiftc reports it, tablint reads nothing.
        XCTAssertEqual(embedded(literal(Self.body, indent: "    ", closing: "      ")), MatrixReading())
        // Text after the opening `"""`.
        XCTAssertEqual(embedded("let F = \"\"\"machine M\n" + literal(Self.body).dropFirst(12)), MatrixReading())
        // Text before the closing `"""` on its line.
        XCTAssertEqual(embedded("let F = \"\"\"\nmachine M\ninitial A\nstates A\nactions X\nA | HANDLE\"\"\"\n"), MatrixReading())
        // An escape Swift does not define.
        XCTAssertEqual(embedded(literal(Self.body + ["A | \\q"])), MatrixReading())
        // A literal that never closes (the syntax rule reports it).
        XCTAssertEqual(embedded("let F = \"\"\"\nmachine M\nstates A\n"), MatrixReading())
    }

    func testWindowsLineBreaksInASwiftFileAreNormalisedBySwiftSoNotReported() {
        let reading = embedded(literal(Self.body).replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.matrices.first?.rows.first?.cells.map(\.kind), [.handle])
    }

    func testRawLiteralEscapesNeedTheirPounds() {
        // `\t` is text in a raw literal, so `A\tB` is one word; `\#t` is a tab.
        let raw = "let F = #\"\"\"\nmachine M\ninitial A\nstates A\\tB C\\#tD\nactions X\nA | HANDLE\n\"\"\"#\n"
        XCTAssertEqual(embedded(raw).matrices.first?.states.map(\.text), ["A\\tB", "C", "D"])
    }

    func testAnInterpolatedFixtureIsReportedAsUnreadableAndNothingElse() {
        let reading = embedded(literal(["machine M", "initial A", "states A \\(more)", "actions X", "A | HANDLE | HANDLE"]))
        XCTAssertEqual(reading.matrices, [])
        XCTAssertEqual(reading.problems.map(\.code), ["tablint::unreadable-matrix"])
        XCTAssertEqual(reading.problems.first?.message.hasPrefix("cannot read the fixture `M`"), true)
    }

    func testOnlyLiteralsThatStartLikeAFixtureAreRead() {
        XCTAssertEqual(embedded(literal(["# a comment first", "machine M"] + Self.body.dropFirst())).matrices.count, 1)
        XCTAssertEqual(embedded(literal(["initial A", "machine M", "states A", "actions X"])), MatrixReading())
        XCTAssertEqual(embedded(literal(["machine M is a fine name", "states A"])), MatrixReading())
        XCTAssertEqual(embedded(literal(["machine M", "no header lines here"])), MatrixReading())
        XCTAssertEqual(embedded("let F = \"machine M\\nstates A\\nactions X\"\n"), MatrixReading(), "one-line strings are not fixtures")
    }
}
