import Foundation
import XCTest
@testable import TablintKit

/// `dispatcher-default`'s fix and reasons where the subjects are not all of one machine: a
/// qualified type that names one of two `Timer.S`, a configured switch with a `Bool` beside an
/// enum, and `switch (self, event)` in a method named with `--dispatcher`.
final class ConfiguredDispatcherTests: XCTestCase {
    private func diagnostics(_ text: String, extra: Set<String> = []) -> [Diagnostic] {
        TestRun.lint(SourceFile(path: "Example.swift", text: text), extraDispatcherFunctions: extra)
            .filter { $0.code == DispatcherDefault().code }
    }

    private func fixed(_ text: String, extra: Set<String> = []) -> String {
        let edits = diagnostics(text, extra: extra).flatMap { $0.fix?.edits ?? [] }
        return String(decoding: TextEdit.apply(edits, to: Array(text.utf8)), as: UTF8.self)
    }

    static let twoTimers = """
        enum App {
            enum Timer {
                enum S { case idle, running }
                enum A { case start, stop }
            }
        }
        enum Lab {
            enum Timer {
                enum S { case cold, hot }
                enum A { case heat }
            }
        }

        """

    func testAQualifiedTypeDecidesBetweenTwoEnumsOfOneName() {
        let text = Self.twoTimers + """
            func timerStep(_ s: App.Timer.S, _ a: App.Timer.A) -> Step<App.Timer.S, Never> {
                switch (s, a) {
                case (.idle, .start): return .go(.running, effects: [])
                default: return .ignored
                }
            }

            """
        let found = diagnostics(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertNotNil(found.first?.fix, found.first?.message ?? "")
        XCTAssertTrue(fixed(text).contains("case (.idle, .stop): return .ignored\n"), fixed(text))
        XCTAssertFalse(fixed(text).contains(".cold"), fixed(text))
    }

    func testTwoEnumsOfOneNameWrittenUnqualifiedStillRefuse() {
        let text = Self.twoTimers + """
            func timerStep(_ s: Timer.S, _ a: Timer.A) -> Step<Timer.S, Never> {
                switch (s, a) {
                default: return .ignored
                }
            }

            """
        XCTAssertTrue(diagnostics(text).first?.message.contains("cannot be told") ?? false)
    }

    func testABoolBesideAnEnumIsNamedAsTheReasonEvenForAWildcardInTheEnumsPosition() throws {
        let text = """
            enum Mode { case a, b }
            enum Lamp { case on, off }
            func route(_ m: Mode, _ l: Lamp, _ flag: Bool) -> Int {
                switch (m, l, flag) {
                case (.a, .on, true): return 1
                case (_, .off, false): return 2
                default: return 0
                }
            }

            """
        let found = diagnostics(text, extra: ["route"])
        let wildcard = try XCTUnwrap(found.first { $0.message.hasPrefix("`_` in the `m` position") })
        XCTAssertTrue(
            wildcard.message.hasSuffix("no fix: `flag` (`Bool`) is not an enum whose cases tablint knows (no `enum Bool` is declared in the linted files, so its cases are not known), and what the arms above decide depends on every subject of the switch"),
            wildcard.message)
    }

    static let light = """
        enum Light {
            case red, green
            enum Event { case tick, stop }
            func next(_ event: Event) -> Light {
                switch (self, event) {
                case (.red, .tick): return .green
                default: return self
                }
            }
        }

        """

    func testSwitchOverSelfIsADispatcherWhenItsMethodIsNamed() throws {
        XCTAssertEqual(diagnostics(Self.light).count, 0, "not without --dispatcher")
        let found = diagnostics(Self.light, extra: ["next"])
        XCTAssertEqual(found.count, 1)
        let after = fixed(Self.light, extra: ["next"])
        XCTAssertTrue(after.contains("case (.red, .stop),"), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("self-dispatcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = """

            for light in [Light.red, .green] {
                for event in [Light.Event.tick, .stop] { print(light, event, light.next(event)) }
            }

            """
        let (before, _) = try DispatcherDefaultFixTests.compileAndRun(Self.light + run, named: "before", in: folder, swiftc: swiftc)
        let (afterOutput, warnings) = try DispatcherDefaultFixTests.compileAndRun(after + run, named: "after", in: folder, swiftc: swiftc)
        XCTAssertEqual(before.split(separator: "\n").count, 4)
        XCTAssertEqual(afterOutput, before)
        XCTAssertFalse(warnings.contains("warning:"), warnings)
    }

    func testSwitchOverSelfOfAStructSaysWhyThereIsNoFix() {
        let text = """
            struct Door {
                enum Event { case push, pull }
                func handle(_ event: Event) -> Int {
                    switch (self, event) {
                    default: return 0
                    }
                }
            }

            """
        let found = diagnostics(text, extra: ["handle"])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("no fix: `self` (`Door`) is not an enum") ?? false, found.first?.message ?? "")
    }
}
