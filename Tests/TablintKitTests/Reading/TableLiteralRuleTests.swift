import Foundation
import XCTest
@testable import TablintKit

/// Each `Tests/Fixtures/TableLiteral/<case>.tb.swift` is linted and its diagnostics compared
/// with `<case>.expected`. A fixture named after a rule must trigger that rule; `correct`
/// must trigger nothing.
final class TableLiteralRuleTests: XCTestCase {
    static let folders = ["TableLiteral", "MachineEnum"]

    func testEveryFixtureMatchesItsGolden() throws {
        XCTAssertGreaterThanOrEqual(try Self.folders.flatMap(GoldenFolder.fixtures).count, 25)
        for folder in Self.folders { try GoldenFolder.assertGoldens(folder) }
    }

    func testEachRuleFixtureTriggersItsRule() throws {
        for folder in Self.folders { try GoldenFolder.assertNamesMatchFindings(folder) }
    }

    func testCorrectFixtureReadsEveryOurTableAndNoOtherTable() throws {
        let file = try Fixtures.source(Fixtures.url("TableLiteral/correct.tb.swift"))
        let reading = TableLiteralReader.read(SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes)))
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.matrices.map(\.machine.text), ["Timer", "Gate", "Raw"])
        let timer = reading.matrices[0]
        XCTAssertEqual(timer.states.map(\.text), ["Idle", "Running", "Done"])
        XCTAssertEqual(timer.actions.map(\.text), ["Start", "Tick", "Cancel"])
        XCTAssertEqual(timer.rows.map(\.cells.count), [3, 3, 3])
        XCTAssertEqual(timer.initial?.text, "Idle")
        guard case .go(let target, let effects, nil) = timer.rows[1].cells[2].kind else {
            return XCTFail("expected GO, got \(timer.rows[1].cells[2].kind)")
        }
        XCTAssertEqual(target.text, "Idle")
        XCTAssertEqual(effects.map(\.text), ["StopClock"])
        XCTAssertEqual(file.text(target.range), "\"Idle\"")
        XCTAssertEqual(timer.rows[2].cells[2].kind, .emit(effects: [Name("Beep", timer.rows[2].cells[2].kind.effectRangeForTest)]))
        let gate = reading.matrices[1]
        XCTAssertNil(gate.initial)
        XCTAssertEqual(gate.rows.map(\.cells.count), [2, 2, 2])
        if case .delegate(let child) = gate.rows[1].cells[0].kind { XCTAssertEqual(child.text, "auth") } else { XCTFail() }
        XCTAssertEqual(gate.rows[1].cells[1].kind, .unreachable)
        let raw = reading.matrices[2]
        XCTAssertEqual(raw.states.map(\.text), ["A\u{301}", "B"])
        XCTAssertNil(raw.initial)
    }
}

private extension Cell.Kind {
    var effectRangeForTest: Range<Int> {
        if case .emit(let effects) = self, let first = effects.first { return first.range }
        return 0..<0
    }
}

/// What the `@Machine` reader reads from a correct enum, beyond what the goldens show.
final class MachineEnumReaderTests: XCTestCase {
    func testTheCorrectFixtureIsReadWhole() throws {
        let file = try Fixtures.source(Fixtures.url("MachineEnum/correct.tb.swift"))
        let matrices = LintContext(file: file).reading.matrices.filter { $0.surface == .machineEnum }
        XCTAssertEqual(matrices.map(\.machine.text), ["Turnstile", "Timer"])
        let (turnstile, timer) = (matrices[0], matrices[1])
        XCTAssertEqual(turnstile.states.map(\.text), ["locked", "unlocked"])
        XCTAssertEqual(turnstile.effects?.map(\.text), ["click"])
        XCTAssertEqual(turnstile.handlePrototype.map { file.text($0) }, "func handle")
        XCTAssertNil(timer.handlePrototype)
        XCTAssertEqual(timer.states.map(\.text), ["idle", "running", "done", "waiting"])
        XCTAssertEqual(timer.actions.map(\.text), ["start", "stop", "cancel", "tick"])
        XCTAssertEqual(timer.payloads.map { "\($0.state).\($0.field ?? "_"): \($0.type)" }, ["running.since: Int", "waiting._: Int"])
        XCTAssertEqual(timer.initial?.text, "idle")
        XCTAssertEqual(timer.paths.map(\.name.text), ["happy"])
        XCTAssertEqual(timer.paths.first?.back?.text, "cancel")
        guard case .go(let target, let effects, let arguments) = timer.rows[3].cells[0].kind else {
            return XCTFail("expected GO, got \(timer.rows[3].cells[0].kind)")
        }
        XCTAssertEqual([target.text, arguments], ["running", "(since: 0)"])
        XCTAssertEqual(effects.map(\.text), ["startClock"])
    }
}
