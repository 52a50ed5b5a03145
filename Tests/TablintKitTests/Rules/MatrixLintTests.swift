import Foundation
import XCTest
@testable import TablintKit

/// The library's matrix lints on `Table` literals (`Tests/Fixtures/Lints/`): each has a file
/// that trips it and an `.ok` file, on the other side of its condition, that trips nothing.
/// The `.tbl` side is the conformance test's; payload-hoist, which needs payloads that
/// neither a `Table` nor a `.tbl` can declare, is tested here with payloads supplied.
final class MatrixLintTests: XCTestCase {
    func testEveryLintFixtureMatchesItsGolden() throws {
        XCTAssertGreaterThanOrEqual(try GoldenFolder.fixtures("Lints").count, 12)
        try GoldenFolder.assertGoldens("Lints")
    }

    func testEachLintHasATriggeringAndAQuietFixture() throws {
        try GoldenFolder.assertNamesMatchFindings("Lints")
        let names = try GoldenFolder.fixtures("Lints").map(GoldenFolder.stem)
        for lint in ["no-static-entry", "dead-row", "no-static-exit", "dead-column", "ignore-heavy", "unreachable-heavy"] {
            XCTAssertTrue(names.contains(lint), "no fixture trips \(lint)")
            XCTAssertTrue(names.contains(lint + ".ok"), "no quiet fixture for \(lint)")
        }
    }

    // MARK: Where lints apply

    private func lint(_ table: String) -> [String] {
        TestRun.lint(SourceFile(path: "t.tb.swift", text: "// swift-format-ignore-file\n" + table)).map { bare($0.code) }
    }

    private func table(_ rows: String, states: String = #""A", "B""#) -> String {
        #"let T = Table(machine: "M", states: [\#(states)], actions: ["X", "Y"], cells: [\#(rows)], initial: "A")"#
    }

    func testCellLintsWaitForAMatrixWhoseShapeIsSound() {
        // The same dead row and dead column, first in a sound matrix, then next to each error
        // that makes the shape unsound: the error is reported and the lints are not.
        XCTAssertEqual(lint(table("[.go(target: \"B\", effects: []), .ignore], [.ignore, .ignore]")), ["ignore-heavy", "dead-column", "dead-row"])
        XCTAssertEqual(lint(table("[.go(target: \"B\", effects: []), .ignore], [.ignore]")), ["row-arity"])
        XCTAssertEqual(lint(table("[.go(target: \"B\", effects: []), .ignore]")), ["missing-row"])
        XCTAssertEqual(lint(table("[.go(target: \"B\", effects: []), .ignore], [.ignore, .ignore], [.ignore, .ignore]")), ["extra-row"])
        XCTAssertEqual(lint(table("[.go(target: \"B\", effects: []), .ignore], [.ignore, .maybe]")), ["unknown-cell"])
        XCTAssertEqual(TestRun.lint(SourceFile(path: "t.tbl", text: """
            machine M
            initial A
            states  A B
            actions X Y
            B | IGNORE | IGNORE
            A | GO(B)  | IGNORE
            """)).map { bare($0.code) }, ["fixture-syntax", "missing-row"], "the library's parser rejects rows out of order, and says so once")
    }

    func testAMatrixWithoutStatesOrActionsHasNoLints() {
        XCTAssertEqual(lint(#"let T = Table(machine: "M", states: ["A"], actions: [], cells: [[]], initial: "A")"#), [])
        XCTAssertEqual(lint(#"let T = Table(machine: "M", states: [], actions: ["X"], cells: [], initial: nil)"#), [])
    }

    func testSeveralLintsAtOnePlaceComeInTheLibrarysOrder() {
        // 20 cells: 14 IGNORE (70%) and 5 UNREACHABLE (25%). Both lints point at the machine
        // name; they come out in reference 4.1's order, ignore-heavy first.
        let rows = Array(repeating: "[.ignore, .ignore]", count: 7) + ["[.unreachable, .unreachable]", "[.unreachable, .unreachable]", "[.unreachable, .handle]"]
        let states = (0..<10).map { "\"S\($0)\"" }.joined(separator: ", ")
        let table = #"let T = Table(machine: "M", states: [\#(states)], actions: ["X", "Y"], cells: [\#(rows.joined(separator: ", "))], initial: "S0")"#
        let heavy = TestRun.lint(SourceFile(path: "t.tb.swift", text: table)).filter { $0.code.hasSuffix("-heavy") }
        XCTAssertEqual(heavy.map { bare($0.code) }, ["ignore-heavy", "unreachable-heavy"])
        XCTAssertEqual(heavy.map(\.start.description), ["1:24", "1:24"])
    }

    // MARK: payload-hoist

    /// Lints a two-state-or-more `.tbl` matrix with the given payloads, as an adapter supplies them.
    private func hoisted(_ payloads: [(String, String?, String)]) -> [Diagnostic] {
        let file = SourceFile(path: "p.tbl", text: """
            machine Conn
            initial A
            states  A B C D
            actions Go
            A | GO(B)
            B | GO(C)
            C | GO(D)
            D | GO(A)
            """)
        var reading = LintContext(file: file).reading
        let matrix = reading.matrices[0]
        reading.matrices[0].payloads = payloads.map { state, field, type in
            Payload(state: state, field: field, type: type, range: matrix.states.first { $0.text == state }!.range)
        }
        return PayloadHoist().check(LintContext(file: file, readers: .given(tokens: [], reading: reading)))
    }

    func testPayloadHoistFiresAtThreeStatesWithTheCanonicalType() throws {
        let found = hoisted([("A", "attempt", "Int"), ("B", "attempt", "Int64"), ("C", "attempt", " UInt8 "), ("D", "since", "Int")])
        XCTAssertEqual(found.map(\.message), ["Conn: `attempt: int` appears in the payloads of A, B, C; consider hoisting it to Context"])
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.start.description, "3:9")
        XCTAssertEqual(found.first?.notes.map(\.location.description), ["3:11", "3:13"])
    }

    func testPayloadHoistNeedsThreeDistinctStatesAgreeingOnNameAndType() {
        XCTAssertEqual(hoisted([("A", "attempt", "Int"), ("B", "attempt", "Int")]).count, 0, "two states are not enough")
        XCTAssertEqual(hoisted([("A", "attempt", "Int"), ("A", "attempt", "Int"), ("B", "attempt", "Int")]).count, 0, "a state counts once")
        XCTAssertEqual(hoisted([("A", "attempt", "Int"), ("B", "attempt", "Double"), ("C", "attempt", "String")]).count, 0, "types differ")
        XCTAssertEqual(hoisted([("A", "attempt", "Int"), ("B", "attempts", "Int"), ("C", "attempt", "Int")]).count, 0, "names differ")
        XCTAssertEqual(hoisted([("A", nil, "Int"), ("B", nil, "Int"), ("C", nil, "Int")]).count, 0, "unlabelled fields have no name")
    }

    func testPayloadHoistReportsEachFieldInTheOrderItFirstAppears() {
        let found = hoisted([
            ("A", "since", "Double"), ("A", "attempt", "Int"), ("B", "attempt", "Int"), ("B", "since", "Float"),
            ("C", "since", "Double"), ("C", "attempt", "Int"), ("D", "label", "Substring"), ("A", "label", "String"), ("B", "label", "String"),
        ])
        XCTAssertEqual(found.map(\.message), [
            "Conn: `since: float` appears in the payloads of A, B, C; consider hoisting it to Context",
            "Conn: `attempt: int` appears in the payloads of A, B, C; consider hoisting it to Context",
            "Conn: `label: string` appears in the payloads of D, A, B; consider hoisting it to Context",
        ])
    }

    func testCanonicalTypes() {
        let cases = ["Int": "int", "UInt32": "int", "Int8": "int", "Double": "float",
                     "Float": "float", "Bool": "bool", "String": "string", "Substring": "string",
                     "Character": "char", "Date": "Date", "Int?": "Int?", "[Int]": "[Int]"]
        for (type, canonical) in cases { XCTAssertEqual(PayloadHoist.canonical(type), canonical, type) }
    }
}

private func bare(_ code: String) -> String { GoldenFolder.bareCode(code) }

/// A machine with the same mistakes written on each surface gets the same findings: the same
/// codes and the same messages, only at different places (`Tests/Fixtures/SameMistake/`).
/// An `@Machine` enum names its states and actions in lowerCamel where the other surfaces use
/// UpperCamel, so its messages are compared with that one difference folded away.
final class SameMistakeTests: XCTestCase {
    func testEverySurfaceGetsTheSameCodesAndMessages() throws {
        let files = try GoldenFolder.fixtures("SameMistake")
        let byMistake = Dictionary(grouping: files) { String(GoldenFolder.stem($0).split(separator: ".")[0]) }
        XCTAssertEqual(byMistake.keys.sorted(), ["errors", "lints"])
        for (mistake, urls) in byMistake {
            XCTAssertEqual(urls.count, 4, "\(mistake): a Table literal, a .tbl, an embedded fixture and an @Machine enum")
            let findings = try urls.map { url in
                // A fixture the library's parser rejects also says so once, under
                // `fixture-syntax`: the verdict of that surface's parser, not another finding.
                (url.lastPathComponent, TestRun.lint(try Fixtures.source(url)).filter { !$0.message.hasPrefix("the library's fixture parser rejects") }
                    .map { "\($0.severity) \($0.message.lowercased()) [\($0.code)]" }.sorted())
            }
            let machineSurface = try urls.filter { $0.lastPathComponent.contains(".machine.") }.flatMap {
                try LintContext(file: Fixtures.source($0)).matrices.map(\.surface)
            }
            XCTAssertEqual(machineSurface, [.machineEnum], "\(mistake): the @Machine file must hold one @Machine enum")
            XCTAssertFalse(findings[0].1.isEmpty, mistake)
            for (name, found) in findings.dropFirst() {
                XCTAssertEqual(found, findings[0].1, "\(name) differs from \(findings[0].0)")
            }
        }
    }

    func testEachSurfaceMatchesItsGolden() throws {
        try GoldenFolder.assertGoldens("SameMistake")
    }
}
