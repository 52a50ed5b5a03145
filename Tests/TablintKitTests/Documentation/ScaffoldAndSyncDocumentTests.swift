import Foundation
import XCTest
@testable import TablintKit

/// The examples of docs/scaffold-and-sync.md, run: the scaffold is what `tablint scaffold`
/// prints for the matrix and enums shown; the fixed file is what `--fix --unsafe-fixes` writes
/// for the file shown; both compile with the real `swiftc` and do, pair by pair, what the
/// matrix says; and the fixed file makes an implementation without the new HANDLE member fail
/// to compile, as the library intends.
final class ScaffoldAndSyncDocumentTests: XCTestCase {
    private func page() throws -> String { try ReadmeTests.page("docs/scaffold-and-sync.md") }

    static let step = "enum Step<S, F> {\n    case go(S, effects: [F])\n    case stay(effects: [F])\n    case ignored\n}\n"

    func testTheScaffoldIsWhatTablintPrintsAndItRunsAsTheMatrixSays() throws {
        let text = try page()
        let matrix = try ReadmeTests.markedBlock("scaffold-matrix", in: text)
        let types = try ReadmeTests.markedBlock("scaffold-types", in: text)
        let shown = try ReadmeTests.markedBlock("scaffold-output", in: text)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try matrix.write(to: folder.appendingPathComponent("Timer.tb.swift"), atomically: true, encoding: .utf8)
        try types.write(to: folder.appendingPathComponent("Timer.swift"), atomically: true, encoding: .utf8)
        var output = "", errors = ""
        let status = Tablint.run(arguments: ["scaffold", folder.appendingPathComponent("Timer.tb.swift").path, folder.appendingPathComponent("Timer.swift").path], stdout: &output, stderr: &errors)
        XCTAssertEqual(status, 0, errors)
        XCTAssertEqual(output, shown)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let program = types + output + Self.step + """
            struct Impl: TimerCells {
                func runningTick(_ ctx: Timer.Ctx, _ action: Timer.Tick) -> Step<Timer.S, Timer.F> { ctx.ticks += action.now; return .ignored }
                func startClock(_ ctx: Timer.Ctx) -> Timer.A? { nil }
                func stopClock(_ ctx: Timer.Ctx) -> Timer.A? { nil }
            }
            let ctx = Timer.Ctx()
            for (s, a) in [(Timer.S.idle, Timer.A.start), (.idle, .tick(now: 1)), (.running, .start), (.running, .tick(now: 5)), (.running, .reset)] {
                print(s, a, Timer.step(Impl(), ctx, s, a), ctx.ticks)
            }

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "timer", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            idle start go(Example.Timer.S.running, effects: [Example.Timer.F.startClock]) 0
            idle tick(now: 1) ignored 0
            running start ignored 0
            running tick(now: 5) ignored 5
            running reset go(Example.Timer.S.idle, effects: [Example.Timer.F.stopClock]) 5

            """)
    }

    func testTheSyncExampleIsWhatTheUnsafeFixesWriteAndTheCompilerAsksForTheNewMember() throws {
        let text = try page()
        let before = try ReadmeTests.markedBlock("sync-before", in: text)
        let after = try ReadmeTests.markedBlock("sync-after", in: text)
        XCTAssertNotEqual(before, after)
        let outcome = Engine.run([Engine.Document(path: "Alarm.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let result = try XCTUnwrap(outcome.files.first)
        XCTAssertNil(result.failure)
        XCTAssertEqual(String(decoding: result.fixed ?? result.original, as: UTF8.self), after)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [], "nothing left to report")
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = Self.step + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let members = """
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }

            """
        let driver = """
            let ctx = Alarm.Ctx()
            for s in [Alarm.S.armed, .ringing, .paused] {
                for a in [Alarm.A.trigger, .stop, .snooze] where !(s == .armed && a == .snooze) {
                    print(s, a, Alarm.step(Impl(), ctx, s, a))
                }
            }

            """
        // Without the new member, the implementation does not compile.
        let main = folder.appendingPathComponent("main.swift")
        try (after + standIn + "struct Impl: AlarmCells {\n" + members + "}\n" + driver).write(to: main, atomically: true, encoding: .utf8)
        let (status, compiler) = try DispatcherDefaultFixTests.run(swiftc, ["-typecheck", main.path])
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(compiler.contains("does not conform to protocol 'AlarmCells'"), compiler)
        let written = "    func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { ctx.snoozes += 1; return .go(.paused, effects: [.silence]) }\n"
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(
            after + standIn + "struct Impl: AlarmCells {\n" + members + written + "}\n" + driver, named: "alarm", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            armed trigger go(Example.Alarm.S.ringing, effects: [Example.Alarm.F.ring])
            armed stop ignored
            ringing trigger ignored
            ringing stop go(Example.Alarm.S.armed, effects: [Example.Alarm.F.silence])
            ringing snooze go(Example.Alarm.S.paused, effects: [Example.Alarm.F.silence])
            paused trigger go(Example.Alarm.S.ringing, effects: [Example.Alarm.F.ring])
            paused stop go(Example.Alarm.S.armed, effects: [])
            paused snooze ignored

            """)
    }

    /// The removal example: what the unsafe fixes write, nothing left to report, and the fixed
    /// file compiles and does, for every pair left, what it did.
    func testTheRemovalExampleIsWhatTheUnsafeFixesWriteAndBehavesAsBefore() throws {
        let text = try page()
        let before = try ReadmeTests.markedBlock("remove-before", in: text)
        let after = try ReadmeTests.markedBlock("remove-after", in: text)
        XCTAssertNotEqual(before, after)
        let outcome = Engine.run([Engine.Document(path: "Alarm.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let result = try XCTUnwrap(outcome.files.first)
        XCTAssertNil(result.failure)
        XCTAssertEqual(String(decoding: result.fixed ?? result.original, as: UTF8.self), after)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [], "nothing left to report")
        try RemovalSyncFixTests.compileAndCompare(before: before, after: after, statesAfter: ["armed", "ringing"], in: "remove-doc")
    }

    /// The rename example: what the unsafe fixes write, nothing left to report, and the fixed
    /// file compiles and does for `holding` what it did for `paused`, pair by pair.
    func testTheRenameExampleIsWhatTheUnsafeFixesWriteAndBehavesAsBefore() throws {
        let text = try page()
        let before = try ReadmeTests.markedBlock("rename-before", in: text)
        let after = try ReadmeTests.markedBlock("rename-after", in: text)
        XCTAssertNotEqual(before, after)
        let outcome = Engine.run([Engine.Document(path: "Alarm.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let result = try XCTUnwrap(outcome.files.first)
        XCTAssertNil(result.failure)
        XCTAssertEqual(String(decoding: result.fixed ?? result.original, as: UTF8.self), after)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [], "nothing left to report")
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = Self.step + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        func driver(_ third: String) -> String {
            """
            let ctx = Alarm.Ctx()
            for s in [Alarm.S.armed, .ringing, .\(third)] {
                for a in [Alarm.A.trigger, .stop, .snooze] where !(s == .armed && a == .snooze) {
                    print(s, a, Alarm.step(Live(), ctx, s, a), ctx.snoozes)
                }
            }

            """
        }
        let (ranBefore, _) = try DispatcherDefaultFixTests.compileAndRun(before + standIn + driver("paused"), named: "before", in: folder, swiftc: swiftc)
        let (ranAfter, compiler) = try DispatcherDefaultFixTests.compileAndRun(after + standIn + driver("holding"), named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ranAfter.isEmpty)
        XCTAssertEqual(ranAfter, ranBefore.replacingOccurrences(of: "paused", with: "holding"))
    }
}
