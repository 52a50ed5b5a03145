import XCTest
@testable import TablintKit

/// What the `Cells` implementation reader reads of names and of where a `return` ends, in the
/// shapes its fast paths (names without backticks, line breaks told by the bytes between
/// tokens) must read as the general helpers do.
final class CellsImplementationReaderTests: XCTestCase {
    private func members(_ text: String) -> [CellsImplementation.Member] {
        let file = SourceFile(path: "Impl.swift", bytes: Array(text.utf8))
        return Workspace.declarationSummary(file).cellsImplementations.first?.members ?? []
    }

    /// A backticked member name, label, target and effect lose their backticks; plain ones
    /// are read as written.
    func testBacktickedNamesAreReadWithoutTheirBackticks() {
        let found = members("""
            struct Impl: TimerCells {
                func `default`(`in` ctx: Ctx) -> Step<S, F> { .go(.`import`, effects: [.`return`, .log]) }
                func plainA(_ ctx: Ctx) -> Step<S, F> { .go(.idle, effects: [.ring]) }
            }
            """)
        XCTAssertEqual(found.map(\.name.text), ["default", "plainA"])
        XCTAssertEqual(found.map { $0.parameters?.map(\.label) }, [["in"], ["_"]])
        XCTAssertEqual(found.map { $0.returns.map(\.target) }, [["import"], ["idle"]])
        XCTAssertEqual(found.map { $0.returns.map(\.effects) }, [[["return", "log"]], [["ring"]]])
    }

    /// A `return` ends at the end of its line, whichever break ends the line (`\n`, `\r\n`, a
    /// lone `\r`, one inside a block comment): the statement after it is not read as part of
    /// the returned value (which would make the body unreadable).
    func testAReturnEndsAtEveryKindOfLineBreak() {
        for newline in ["\n", "\r\n", "\r", " /* a\n comment */ "] {
            let text = "struct Impl: TimerCells {\n    func aA(_ ctx: Ctx) -> Step<S, F> {\n"
                + "        if ctx.flag { return .go(.b) }\n        return .go(.c)\(newline)        let unused = 1\n    }\n}\n"
            let found = members(text)
            XCTAssertEqual(found.first?.returns.map(\.target), ["b", "c"], "line break \(newline.debugDescription)")
            XCTAssertNil(found.first?.unknown, "line break \(newline.debugDescription)")
        }
    }

    /// A value continued on the next line (a `.` starts it) is one expression.
    func testAReturnGoesOnWhereTheNextLineContinuesIt() {
        for newline in ["\n", "\r\n", "\r"] {
            let text = "struct Impl: TimerCells {\n    func aA(_ ctx: Ctx) -> Step<S, F> {\n        if ctx.flag { return Step\(newline)"
                + "            .go(.b) }\n        return Step\(newline)            .go(.c, effects: [.log])\(newline)    }\n}\n"
            let found = members(text)
            XCTAssertEqual(found.first?.returns.map(\.target), ["b", "c"], "line break \(newline.debugDescription)")
            XCTAssertNil(found.first?.unknown, "line break \(newline.debugDescription)")
        }
    }
}
