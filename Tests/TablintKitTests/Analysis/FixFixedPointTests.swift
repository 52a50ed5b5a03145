import Foundation
import XCTest
@testable import TablintKit

/// One `tablint --fix --unsafe-fixes` reaches the fixed point: after a matrix change, the files
/// the other files' fixes give a fix of their own (a `Cells` protocol whose new effect's enum
/// case another file's fix adds) are fixed in the same run. A second run changes nothing, a
/// lint finds nothing left to fix, and the result compiles with the real `swiftc`.
final class FixFixedPointTests: XCTestCase {
    enum Change: CaseIterable { case addState, addAction, renameState, removeAction, renameEffect }

    /// Where the machine's surfaces are: all in one file, each in its own, or the enums beside
    /// the matrix and the protocol beside the dispatcher.
    enum Layout: CaseIterable { case oneFile, separateFiles, twoFiles }

    static let enums = """
            enum S { case armed, ringing, paused }
            enum A { case trigger, stop, snooze }
            enum F { case ring, silence }

        """

    static let context = "    final class Ctx { var snoozes = 0 }\n"

    static let cells = """
        protocol AlarmCells {
            func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
            func ring(_ ctx: Alarm.Ctx) -> Alarm.A?
            func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
        }

        """

    static let dispatcher = """
        extension Alarm {
            static func step(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ s: Alarm.S, _ a: Alarm.A) -> Step<Alarm.S, Alarm.F> {
                switch (s, a) {
                case (.armed, .trigger): return .go(.ringing, effects: [.ring])
                case (.armed, .stop): return .ignored
                case (.armed, .snooze): fatalError("tabular-center: Armed x Snooze was declared UNREACHABLE but occurred")
                case (.ringing, .trigger): return .ignored
                case (.ringing, .stop): return .go(.armed, effects: [.silence])
                case (.ringing, .snooze): return .go(.paused, effects: [.silence])
                case (.paused, .trigger): return .go(.ringing, effects: [.ring])
                case (.paused, .stop): return .go(.armed, effects: [])
                case (.paused, .snooze): return cells.pausedSnooze(ctx)
                }
            }
        }

        """

    /// The matrix after `change`: the code around it still describes the machine before it.
    /// The new state and action emit `Beep`, an effect `enum F` does not declare yet.
    static func matrix(_ change: Change) -> String {
        var states = ["Armed", "Ringing", "Paused"], actions = ["Trigger", "Stop", "Snooze"]
        var rows = [
            [#".go(target: "Ringing", effects: ["Ring"])"#, ".ignore", ".unreachable"],
            [".ignore", #".go(target: "Armed", effects: ["Silence"])"#, #".go(target: "Paused", effects: ["Silence"])"#],
            [#".go(target: "Ringing", effects: ["Ring"])"#, #".go(target: "Armed", effects: [])"#, ".handle"],
        ]
        switch change {
        case .addState:
            states.append("Broken")
            rows.append([".ignore", #".go(target: "Armed", effects: ["Beep"])"#, ".handle"])
        case .addAction:
            actions.append("Reset")
            for index in rows.indices { rows[index].append(#".go(target: "Armed", effects: ["Beep"])"#) }
        case .renameState:
            states[2] = "Holding"
            rows = rows.map { $0.map { $0.replacingOccurrences(of: #""Paused""#, with: #""Holding""#) } }
        case .removeAction:
            actions.removeLast()
            rows = rows.map { Array($0.dropLast()) }
        case .renameEffect:
            // `Silence` is `Chime` in every cell: `chime` is added, `silence` goes.
            rows = rows.map { $0.map { $0.replacingOccurrences(of: #""Silence""#, with: #""Chime""#) } }
        }
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        return """
                static let TABLE = Table(
                    machine: "Alarm",
                    states: [\(quoted(states))],
                    actions: [\(quoted(actions))],
                    cells: [
            \(rows.map { "            [" + $0.joined(separator: ", ") + "]," }.joined(separator: "\n"))
                    ],
                    initial: "Armed"
                )

            """
    }

    static func files(_ change: Change, _ layout: Layout) -> [String: String] {
        let matrix = matrix(change)
        switch layout {
        case .oneFile:
            return ["Alarm.swift": "enum Alarm {\n" + enums + context + "\n" + matrix + "}\n\n" + cells + "\n" + dispatcher]
        case .separateFiles:
            return [
                "Alarm.swift": "enum Alarm {\n" + context + "\n" + matrix + "}\n",
                "AlarmEnums.swift": "extension Alarm {\n" + enums + "}\n",
                "AlarmCells.swift": cells,
                "AlarmStep.swift": dispatcher,
            ]
        case .twoFiles:
            return ["Alarm.swift": "enum Alarm {\n" + enums + context + "\n" + matrix + "}\n", "AlarmCode.swift": cells + "\n" + dispatcher]
        }
    }

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-point-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func contents(_ names: [String], in directory: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in names { found[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
        return found
    }

    func testOneUnsafeFixRunReachesTheFixedPointForEveryChangeAndLayout() throws {
        let swiftc = DispatcherDefaultFixTests.swiftc()
        for change in Change.allCases {
            for layout in Layout.allCases {
                let label = "\(change) in \(layout)"
                let directory = folder.appendingPathComponent("\(change)-\(layout)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let before = Self.files(change, layout)
                let names = before.keys.sorted()
                for (name, text) in before { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
                XCTAssertTrue(TestRun.lintFiles(names.map { directory.appendingPathComponent($0).path }, jobs: 1).diagnostics.contains { $0.fix != nil }, label)

                let first = TestRun.command(["--fix", "--unsafe-fixes", "."], in: directory)
                XCTAssertFalse(first.stderr.contains("fixable with"), "\(label): \(first.stderr)")
                let fixed = try contents(names, in: directory)
                XCTAssertNotEqual(fixed, before, label)
                if change == .renameEffect {
                    // The old effect goes with its case, arm and requirement in the same run.
                    XCTAssertFalse(fixed.values.contains { $0.contains("silence") }, "\(label): \(fixed)")
                    XCTAssertTrue(fixed.values.contains { $0.contains("enum F { case ring, chime }") }, "\(label): \(fixed)")
                }

                // A second run changes nothing, and a lint finds nothing it could fix.
                let second = TestRun.command(["--fix", "--unsafe-fixes", "."], in: directory)
                XCTAssertTrue(second.stderr.hasPrefix("0 files fixed;"), "\(label): \(second.stderr)")
                XCTAssertEqual(try contents(names, in: directory), fixed, label)
                let left = TestRun.lintFiles(names.map { directory.appendingPathComponent($0).path }, jobs: 1).diagnostics
                XCTAssertEqual(left.filter { $0.fix != nil }.map(\.message), [], label)
                XCTAssertEqual(left.filter { $0.severity == .error }.map(\.message), [], label)
                // The engine given the fixed files agrees: nothing to apply.
                let again = Engine.run(
                    names.map { Engine.Document(path: $0, bytes: Array(fixed[$0]!.utf8)) }, mode: .fix, unsafeFixes: true)
                XCTAssertEqual(again.files.compactMap(\.fixed).count, 0, label)

                guard let swiftc else { continue }
                let standIn = ScaffoldAndSyncDocumentTests.step
                    + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
                    + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
                let program = names.map { fixed[$0]! }.joined(separator: "\n") + standIn + "print(Alarm.S.armed, Alarm.A.trigger)\n"
                let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "\(change)-\(layout)", in: folder, swiftc: swiftc)
                XCTAssertFalse(compiler.contains("error:"), "\(label): \(compiler)")
                XCTAssertEqual(ran, "armed trigger\n", label)
            }
        }
    }

    /// The case that used to take two runs: the new action's effect is added to `enum F` in one
    /// file, and only then does the protocol in another get its requirement for it.
    func testAProtocolGivenItsRequirementOnlyOnceTheEnumHasItsCaseIsFixedInTheSameRun() throws {
        let before = Self.files(.addAction, .separateFiles)
        for (name, text) in before { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let linted = TestRun.lintFiles(before.keys.sorted().map { folder.appendingPathComponent($0).path }, jobs: 1).diagnostics
        let requirement = try XCTUnwrap(linted.first { $0.path.hasSuffix("AlarmCells.swift") && $0.message.contains("requirement `beep`") })
        // Planned with the effects once unknown-effect's fix adds `beep`, as `perform`'s arm is.
        XCTAssertNotNil(requirement.fix, "the requirement is written with the case")
        let run = TestRun.command(["--fix", "--unsafe-fixes", "."], in: folder)
        XCTAssertTrue(run.stderr.hasPrefix("3 files fixed; 0 errors"), run.stderr)
        let cells = try String(contentsOf: folder.appendingPathComponent("AlarmCells.swift"), encoding: .utf8)
        XCTAssertTrue(cells.contains("func beep("), cells)
        // Without `--unsafe-fixes` nothing joins: no unsafe fix is applied anywhere.
        let safeOnly = Engine.run(before.keys.sorted().map { Engine.Document(path: $0, bytes: Array(before[$0]!.utf8)) }, mode: .fix)
        XCTAssertEqual(safeOnly.files.compactMap(\.fixed).count, 0)
    }
}
