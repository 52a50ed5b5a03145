import Foundation
import XCTest
@testable import TablintKit

/// One matrix edit that asks the sync fixes for several things at once (a removal and an
/// addition, a rename and a removal), an effect `enum F {}` cannot take, a case whose arms
/// cannot be written, and a machine nested in a type. Each fixed result type-checks and runs
/// with the real `swiftc` against the stand-in runtime the other sync tests use.
final class CombinedMatrixEditTests: XCTestCase {
    /// `Alarm` before the edit: states Armed, Ringing (and `paused` when asked), actions
    /// Trigger, Stop, Snooze.
    static func alarmCode(paused: Bool = false) -> String {
        let pausedCase = paused ? ", paused" : ""
        let pausedArms = paused ? """
                    case (.paused, .trigger): return .go(.ringing, effects: [.ring])
                    case (.paused, .stop): return .ignored
                    case (.paused, .snooze): return .ignored

            """ : ""
        return """
            enum Alarm {
                enum S { case armed, ringing\(pausedCase) }
                enum A { case trigger, stop, snooze }
                enum F { case ring, silence }
                final class Ctx { var snoozes = 0 }
            }

            protocol AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A?
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
            }

            extension Alarm {
                static func step(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ s: Alarm.S, _ a: Alarm.A) -> Step<Alarm.S, Alarm.F> {
                    switch (s, a) {
                    case (.armed, .trigger): return .go(.ringing, effects: [.ring])
                    case (.armed, .stop): return .ignored
                    case (.armed, .snooze): fatalError("tabular-center: Armed x Snooze was declared UNREACHABLE but occurred")
                    case (.ringing, .trigger): return .ignored
                    case (.ringing, .stop): return .go(.armed, effects: [.silence])
                    case (.ringing, .snooze): return cells.ringingSnooze(ctx)
            \(pausedArms)        }
                }
                static func perform(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ f: Alarm.F) -> Alarm.A? {
                    switch f {
                    case .ring: return cells.ring(ctx)
                    case .silence: return cells.silence(ctx)
                    }
                }
            }

            """
    }

    static func table(_ machine: String, in owner: String, states: [String], actions: [String], rows: [String], initial: String) -> String {
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            // swift-format-ignore-file
            extension \(owner) {
                static let TABLE = Table(
                    machine: "\(machine)",
                    states: \(list(states)),
                    actions: \(list(actions)),
                    cells: [
            \(rows.map { "            " + $0 + "," }.joined(separator: "\n"))
                    ],
                    initial: "\(initial)"
                )
            }

            """
    }

    static let standIn = ScaffoldAndSyncDocumentTests.step
        + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
        + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"

    /// Fixes `files`, checks no file failed, and returns each fixed text with the sync errors left.
    static func fix(_ files: [String: String]) -> (texts: [String: String], syncErrors: [String]) {
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let codes = [DispatcherDrift().code, EnumDrift().code, CellsDrift().code]
        let errors = outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error && codes.contains($0.code) }.map(\.message)
        return (Dictionary(uniqueKeysWithValues: files.keys.map { ($0, RemovalSyncFixTests.text(outcome, $0)) }), errors)
    }

    /// Type-checks and runs `program` (the fixed files, the stand-in and a driver); its output.
    static func compileAndRun(_ program: String, named name: String) throws -> String {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program + standIn, named: name, in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        // Printed values name the helper's module (`Example.Alarm.S.armed`).
        return ran.replacingOccurrences(of: "Example.", with: "")
    }

    static let alarmImpl = """
        struct Impl: AlarmCells {
            func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
        }

        """

    static let pumpCode = """
        enum Lab {
            enum Pump {
                enum S { case idle, running }
                enum A { case start, stop }
                enum F { case hum }
                final class Ctx {}
            }
        }

        protocol PumpCells {
            func runningStop(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F>
            func hum(_ ctx: Lab.Pump.Ctx) -> Lab.Pump.A?
        }

        extension Lab.Pump {
            static func step(_ cells: PumpCells, _ ctx: Lab.Pump.Ctx, _ s: Lab.Pump.S, _ a: Lab.Pump.A) -> Step<Lab.Pump.S, Lab.Pump.F> {
                switch (s, a) {
                case (.idle, .start): return .go(.running, effects: [.hum])
                case (.idle, .stop): return .ignored
                case (.running, .start): return .ignored
                case (.running, .stop): return cells.runningStop(ctx)
                }
            }
            static func perform(_ cells: PumpCells, _ ctx: Lab.Pump.Ctx, _ f: Lab.Pump.F) -> Lab.Pump.A? {
                switch f {
                case .hum: return cells.hum(ctx)
                }
            }
        }

        """

    /// Defect 5: a machine nested in a type (`Lab.Pump.S`): the requirements the fixes insert
    /// name its types as declared, not `Pump.Ctx`.
    func testANestedMachinesInsertedCodeIsQualifiedAsDeclared() throws {
        let matrix = Self.table("Pump", in: "Lab.Pump", states: ["Idle", "Running", "Priming"], actions: ["Start", "Stop", "Prime"], rows: [
            #"[.go(target: "Running", effects: ["Hum"]), .ignore, .go(target: "Priming", effects: ["Click"])]"#,
            "[.ignore, .handle, .handle]",
            "[.handle, .ignore, .ignore]",
        ], initial: "Idle")
        let (texts, errors) = Self.fix(["Lab.tb.swift": matrix, "Lab.swift": Self.pumpCode])
        let after = try XCTUnwrap(texts["Lab.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertTrue(after.contains("    func runningPrime(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F>\n"), after)
        XCTAssertTrue(after.contains("    func click(_ ctx: Lab.Pump.Ctx) -> Lab.Pump.A?\n"), after)
        let ran = try Self.compileAndRun(after + """
            struct Impl: PumpCells {
                func runningStop(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.idle, effects: []) }
                func runningPrime(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.priming, effects: []) }
                func primingStart(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.running, effects: [.hum]) }
                func hum(_ ctx: Lab.Pump.Ctx) -> Lab.Pump.A? { nil }
                func click(_ ctx: Lab.Pump.Ctx) -> Lab.Pump.A? { nil }
            }
            print(Lab.Pump.step(Impl(), Lab.Pump.Ctx(), .idle, .prime), Lab.Pump.perform(Impl(), Lab.Pump.Ctx(), .click) as Any)

            """, named: "nested-machine")
        XCTAssertTrue(ran.contains("go(Lab.Pump.S.priming, effects: [Lab.Pump.F.click])"), ran)
    }
}
