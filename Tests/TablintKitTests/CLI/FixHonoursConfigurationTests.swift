import XCTest
@testable import TablintKit

/// `--fix` changes only what a reported, unsuppressed diagnostic asks for: a run whose
/// `tablint::alignment` is suppressed or turned off, and a directive whose
/// `tablint::format-ignore-directive` is, are left alone.
final class FixHonoursConfigurationTests: XCTestCase {
    static func door(directive: String = "// swift-format-ignore-file", above: String = "") -> String {
        """
        \(directive)
        let DOOR_TABLE = Table(
            machine: "Door",
            states: ["Shut", "Open"],
            actions: ["Push", "Pull"],
            cells: [
        \(above)        [.go(target: "Open", effects: []), .ignore],
                [.ignore, .go(target: "Shut", effects: [])],
            ],
            initial: "Shut"
        )

        """
    }

    private func fix(_ text: String, _ settings: LintSettings = .default) -> String? {
        switch TestRun.fix(SourceFile(path: "Door.tb.swift", text: text), settings: settings) {
        case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .unchanged: return nil
        default:
            XCTFail("refused or failed")
            return nil
        }
    }

    func testAnUnsuppressedRunIsAligned() throws {
        let fixed = try XCTUnwrap(fix(Self.door()))
        XCTAssertTrue(fixed.contains("[.ignore,                          .go(target: \"Shut\", effects: [])],"), fixed)
    }

    func testASuppressedRunIsReportedToTheDirectiveButNotMoved() {
        let text = Self.door(above: "        // tablint:disable:next alignment - laid out by hand\n")
        XCTAssertNil(fix(text))
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Door.tb.swift", text: text)), [], "suppressed, and the directive is used")
        // The formatter plans the edits regardless; the suppressed diagnostic's are not applied.
        let plan = Formatter.plan(SourceFile(path: "Door.tb.swift", text: text))
        XCTAssertEqual(plan.misaligned.count, 1)
        let run = Engine.run([Engine.Document(path: "Door.tb.swift", bytes: Array(text.utf8))], mode: .fix)
        XCTAssertEqual(run.files.map(\.fixed), [nil])
    }

    func testADisabledAlignmentRuleMovesNothing() {
        var settings = LintSettings.default
        settings.disabledCodes = [Alignment().code]
        XCTAssertNil(fix(Self.door(), settings))
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Door.tb.swift", text: Self.door()), settings: settings), [])
    }

    func testTheDirectiveIsNotInsertedWhenItsRuleIsOffOrSuppressed() throws {
        let aligned = try XCTUnwrap(fix(Self.door()))
        let withoutDirective = String(aligned.drop { $0 != "\n" }.dropFirst())
        XCTAssertTrue(try XCTUnwrap(fix(withoutDirective)).hasPrefix("// swift-format-ignore-file\n"))
        var settings = LintSettings.default
        settings.disabledCodes = [FormatIgnoreDirective().code]
        XCTAssertNil(fix(withoutDirective, settings))
        let suppressed = "// tablint:disable-file format-ignore-directive\n" + withoutDirective
        XCTAssertNil(fix(suppressed))
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Door.tb.swift", text: suppressed)), [])
    }
}
