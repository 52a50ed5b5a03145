import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/35: a dispatcher whose switch is written on one line gets its new arms on
/// that line, separated as its own arms are (`; ` or a space), in row-major place.
final class InlineSwitchTests: XCTestCase {
    static func lamp(actions: String, states: String = #"["Off", "On"]"#, rows: String, enums: String = "enum S { case off, on }\n    enum A { case toggle, reset }", arms: String) -> String {
        """
        enum Lamp {
            \(enums)
            enum F {}
            final class Ctx {}

            static let TABLE = Table(
                machine: "Lamp",
                states: \(states),
                actions: \(actions),
                cells: [
        \(rows)
                ],
                initial: "Off"
            )

            static func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) { \(arms) }
            }
        }

        """
    }

    static let rows = """
                    [.go(target: "On", effects: []), .ignore, .ignore],
                    [.go(target: "Off", effects: []), .go(target: "Off", effects: []), .unreachable],
        """

    func testNewArmsJoinAOneLineSwitchAsItsArmsAreSeparated() throws {
        for separator in ["; ", " "] {
            let written = ["case (.off, .toggle): return .go(.on, effects: [])", "case (.off, .reset): return .ignored",
                           "case (.on, .toggle): return .go(.off, effects: [])", "case (.on, .reset): return .go(.off, effects: [])"]
            let before = Self.lamp(actions: #"["Toggle", "Reset", "Dim"]"#, rows: Self.rows, arms: written.joined(separator: separator))
            let outcome = RemovalSyncFixTests.run(["Lamp.swift": before])
            for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
            let after = RemovalSyncFixTests.text(outcome, "Lamp.swift")
            let expectedArms = [written[0], written[1], "case (.off, .dim): return .ignored", written[2], written[3],
                                "case (.on, .dim): fatalError(\"tabular-center: On x Dim was declared UNREACHABLE but occurred\")"]
            XCTAssertEqual(after, Self.lamp(
                actions: #"["Toggle", "Reset", "Dim"]"#, rows: Self.rows, enums: "enum S { case off, on }\n    enum A { case toggle, reset, dim }",
                arms: expectedArms.joined(separator: separator)), "separated by \"\(separator)\"")
            try Self.compile(after, states: ".off, .on", actions: ".toggle, .reset, .dim", skipping: "(.on, .dim)")
        }
    }

    /// A new state's arms go after the last arm, on the same line.
    func testANewStatesArmsGoAtTheLinesEnd() throws {
        let written = "case (.off, .toggle): return .go(.on, effects: []); case (.on, .toggle): return .go(.off, effects: [])"
        let rows = """
                        [.go(target: "On", effects: [])],
                        [.go(target: "Dim", effects: [])],
                        [.ignore],
            """
        let before = Self.lamp(actions: #"["Toggle"]"#, states: #"["Off", "On", "Dim"]"#, rows: rows, enums: "enum S { case off, on }\n    enum A { case toggle }", arms: written)
        let after = RemovalSyncFixTests.text(RemovalSyncFixTests.run(["Lamp.swift": before]), "Lamp.swift")
        XCTAssertEqual(after, Self.lamp(
            actions: #"["Toggle"]"#, states: #"["Off", "On", "Dim"]"#, rows: rows, enums: "enum S { case off, on, dim }\n    enum A { case toggle }",
            arms: "case (.off, .toggle): return .go(.on, effects: []); case (.on, .toggle): return .go(.dim, effects: []); case (.dim, .toggle): return .ignored"))
        try Self.compile(after, states: ".off, .on, .dim", actions: ".toggle", skipping: "")
    }

    static func compile(_ source: String, states: String, actions: String, skipping: String) throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = source + HandNamedRenameTests.standIn + """
            for s in [\(states)] as [Lamp.S] {
                for a in [\(actions)] as [Lamp.A] where "(\\(s), \\(a))" != "\(skipping.replacingOccurrences(of: ".", with: ""))" { print(s, a, Lamp.step(s, a)) }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }
}
