import Foundation
import XCTest
@testable import TablintKit

/// Each `Tests/Fixtures/TableLiteral/<case>.tb.swift` is linted and its diagnostics compared
/// with `<case>.expected`. A fixture named after a rule must trigger that rule; `correct`
/// must trigger nothing.
final class TableLiteralRuleTests: XCTestCase {
    static let folders = ["TableLiteral", "MachineEnum"]

    func testEveryFixtureMatchesItsGolden() throws {
        let fixtures = try Self.folders.flatMap { try Fixtures.files(in: $0, suffix: ".tb.swift") }
        XCTAssertGreaterThanOrEqual(fixtures.count, 25)
        for url in fixtures {
            let diagnostics = Linter.lint(try Fixtures.source(url))
            let golden = url.deletingPathExtension().deletingPathExtension().appendingPathExtension("expected")
            try Fixtures.assertGolden(Fixtures.render(diagnostics), golden)
        }
    }

    func testEachRuleFixtureTriggersItsRule() throws {
        for url in try Self.folders.flatMap({ try Fixtures.files(in: $0, suffix: ".tb.swift") }) {
            let name = url.lastPathComponent.replacingOccurrences(of: ".tb.swift", with: "")
            let codes = Set(Linter.lint(try Fixtures.source(url)).map { Rule_bareName($0.code) })
            if name == "correct" {
                XCTAssertEqual(codes, [], "correct.tb.swift must stay silent")
            } else {
                XCTAssertTrue(codes.contains(name), "\(name).tb.swift does not trigger \(name); got \(codes.sorted())")
            }
        }
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

private func Rule_bareName(_ code: String) -> String {
    code.split(separator: ":").last.map(String.init) ?? code
}

private extension Cell.Kind {
    var effectRangeForTest: Range<Int> {
        if case .emit(let effects) = self, let first = effects.first { return first.range }
        return 0..<0
    }
}
