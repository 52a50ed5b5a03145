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

    /// Defect 1: `Snooze` removed and `Paused` added in one edit. The new state's arms were
    /// inserted where the removed `(.ringing, .snooze)` arm starts, the two edits could not go
    /// in one pass, and the `snooze` case went first, stranding the arm.
    func testRemovingAnActionAndAddingAStateInOneEdit() throws {
        let matrix = Self.table("Alarm", in: "Alarm", states: ["Armed", "Ringing", "Paused"], actions: ["Trigger", "Stop"], rows: [
            #"[.go(target: "Ringing", effects: ["Ring"]), .ignore]"#,
            #"[.ignore, .go(target: "Armed", effects: ["Silence"])]"#,
            #"[.go(target: "Ringing", effects: []), .go(target: "Armed", effects: [])]"#,
        ], initial: "Armed")
        let (texts, errors) = Self.fix(["Alarm.tb.swift": matrix, "Alarm.swift": Self.alarmCode()])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertFalse(after.contains(".snooze") || after.contains("Snooze"), after)
        XCTAssertTrue(after.contains("enum S { case armed, ringing, paused }") && after.contains("enum A { case trigger, stop }"), after)
        XCTAssertTrue(after.contains("""
                    case (.ringing, .stop): return .go(.armed, effects: [.silence])
                    case (.paused, .trigger): return .go(.ringing, effects: [])
                    case (.paused, .stop): return .go(.armed, effects: [])
                    }
            """), after)
        let ran = try Self.compileAndRun(after + Self.alarmImpl + """
            for s in [Alarm.S.armed, .ringing, .paused] { for a in [Alarm.A.trigger, .stop] { print(s, a, Alarm.step(Impl(), Alarm.Ctx(), s, a)) } }

            """, named: "removed-action-added-state")
        XCTAssertTrue(ran.contains("paused trigger go(Alarm.S.ringing, effects: [])"), ran)
    }

    /// Defect 1: `Ringing` renamed `Buzzing` and `Snooze` removed in one edit. The rename of
    /// the `(.ringing, .snooze)` pattern overlapped the cut of that arm; the case was renamed
    /// first and the old arms were stranded beside new ones.
    func testRenamingAStateAndRemovingAnActionInOneEdit() throws {
        let matrix = Self.table("Alarm", in: "Alarm", states: ["Armed", "Buzzing"], actions: ["Trigger", "Stop"], rows: [
            #"[.go(target: "Buzzing", effects: ["Ring"]), .ignore]"#,
            #"[.ignore, .go(target: "Armed", effects: ["Silence"])]"#,
        ], initial: "Armed")
        let (texts, errors) = Self.fix(["Alarm.tb.swift": matrix, "Alarm.swift": Self.alarmCode()])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertFalse(after.contains("ringing") || after.contains(".snooze") || after.contains("Snooze"), after)
        XCTAssertTrue(after.contains("enum S { case armed, buzzing }") && after.contains("enum A { case trigger, stop }"), after)
        XCTAssertEqual(after.components(separatedBy: "case (.buzzing, .trigger)").count, 2, after)
        let ran = try Self.compileAndRun(after + Self.alarmImpl + """
            for s in [Alarm.S.armed, .buzzing] { for a in [Alarm.A.trigger, .stop] { print(s, a, Alarm.step(Impl(), Alarm.Ctx(), s, a)) } }

            """, named: "renamed-state-removed-action")
        XCTAssertTrue(ran.contains("buzzing stop go(Alarm.S.armed, effects: [Alarm.F.silence])"), ran)
    }

    /// Defect 1: `Ringing` renamed, `Paused` removed and `Held` added in one edit.
    func testRenamingRemovingAndAddingStatesInOneEdit() throws {
        let matrix = Self.table("Alarm", in: "Alarm", states: ["Armed", "Buzzing", "Held"], actions: ["Trigger", "Stop", "Snooze"], rows: [
            #"[.go(target: "Buzzing", effects: ["Ring"]), .ignore, .unreachable]"#,
            #"[.ignore, .go(target: "Armed", effects: ["Silence"]), .handle]"#,
            "[.ignore, .ignore, .ignore]",
        ], initial: "Armed")
        let (texts, errors) = Self.fix(["Alarm.tb.swift": matrix, "Alarm.swift": Self.alarmCode(paused: true)])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertFalse(after.contains("ringing") || after.contains("paused"), after)
        let ran = try Self.compileAndRun(after + """
            struct Impl: AlarmCells {
                func buzzingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }
            print(Alarm.step(Impl(), Alarm.Ctx(), .held, .trigger), Alarm.step(Impl(), Alarm.Ctx(), .armed, .trigger))

            """, named: "renamed-removed-added")
        XCTAssertTrue(ran.contains("ignored go(Alarm.S.buzzing"), ran)
    }

    static let lampCode = """
        enum Lamp {
            enum S { case off, on }
            enum A { case flip, tap }
            enum F {}
            final class Ctx {}
        }

        protocol LampCells {
        }

        extension Lamp {
            static func step(_ cells: LampCells, _ ctx: Lamp.Ctx, _ s: Lamp.S, _ a: Lamp.A) -> Step<Lamp.S, Lamp.F> {
                switch (s, a) {
                case (.off, .flip): return .go(.on, effects: [])
                case (.off, .tap): return .ignored
                case (.on, .flip): return .go(.off, effects: [])
                case (.on, .tap): return .ignored
                }
            }
            static func perform(_ cells: LampCells, _ ctx: Lamp.Ctx, _ f: Lamp.F) -> Lamp.A? {
                switch f {
                }
            }
        }

        """

    /// Defect 2: with `enum F {}` no fix adds the effect (its `perform` switch has no arm to
    /// write the new one beside), so no arm is rewritten to name it; both findings say why.
    func testAnEffectEmptyEnumFCannotTakeIsNotWrittenIntoAnArm() throws {
        let matrix = Self.table("Lamp", in: "Lamp", states: ["Off", "On"], actions: ["Flip", "Tap"], rows: [
            #"[.go(target: "On", effects: []), .ignore]"#,
            #"[.go(target: "Off", effects: []), .emit(effects: ["Beep"])]"#,
        ], initial: "Off")
        let files = ["Lamp.tb.swift": matrix, "Lamp.swift": Self.lampCode]
        let found = MutationTests.lint(files)
        let arm = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("(On, Tap)") }, "\(found.map(\.message))")
        XCTAssertTrue(arm.message.contains("the fix leaves this case: its effect `beep` is no case of `enum F`, and no fix adds one"), arm.message)
        XCTAssertNil(arm.fix)
        let effect = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
        XCTAssertTrue(effect.message.contains("no fix: the enum declares no case yet to add one beside"), effect.message)
        let after = try XCTUnwrap(Self.fix(files).texts["Lamp.swift"])
        XCTAssertEqual(after, Self.lampCode)
        _ = try Self.compileAndRun(after + "struct Impl: LampCells {}\nprint(Lamp.step(Impl(), Lamp.Ctx(), .on, .tap))\n", named: "empty-effects")
    }

    static let gateCode = """
        enum Gate {
            enum S { case shut, open(since: Int) }
            enum A { case coin, pass }
            enum F { case beep }
            final class Ctx {}
        }

        protocol GateCells {
            func shutCoin(_ ctx: Gate.Ctx) -> Step<Gate.S, Gate.F>
            func beep(_ ctx: Gate.Ctx) -> Gate.A?
        }

        extension Gate {
            static func step(_ cells: GateCells, _ ctx: Gate.Ctx, _ s: Gate.S, _ a: Gate.A) -> Step<Gate.S, Gate.F> {
                switch (s, a) {
                case (.shut, .coin): return cells.shutCoin(ctx)
                case (.shut, .pass): return .ignored
                case (.open, .coin): return .ignored
                case (.open, .pass): return .go(.shut, effects: [.beep])
                }
            }
        }

        """

    /// Defect 4: the new state `Jammed` has a GO to `open(since:)`, whose payload the matrix
    /// cannot give: neither its case nor any of its arms is written, and both findings say why.
    func testACaseWhoseArmsCannotAllBeWrittenIsNotAdded() throws {
        let matrix = Self.table("Gate", in: "Gate", states: ["Shut", "Open", "Jammed"], actions: ["Coin", "Pass"], rows: [
            "[.handle, .ignore]",
            #"[.ignore, .go(target: "Shut", effects: ["Beep"])]"#,
            #"[.go(target: "Open", effects: []), .ignore]"#,
        ], initial: "Shut")
        let files = ["Gate.tb.swift": matrix, "Gate.swift": Self.gateCode]
        let found = MutationTests.lint(files)
        let enumFinding = try XCTUnwrap(found.first { $0.code == EnumDrift().code }, "\(found.map(\.message))")
        XCTAssertTrue(enumFinding.message.hasSuffix("no fix: dispatcher `step` has no case for state `Jammed`, and its case for (Jammed, Coin) cannot be written: the GO target `open` carries a payload (since: Int) the matrix does not give"), enumFinding.message)
        XCTAssertNil(enumFinding.fix)
        let missing = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("no case for state `Jammed`") })
        XCTAssertTrue(missing.message.contains("(Jammed, Coin): the GO target `open` carries a payload (since: Int) the matrix does not give; so `Jammed` is left out with all its cases (and enum-drift does not add a case for it)"), missing.message)
        XCTAssertTrue(missing.message.contains("(Jammed, Pass): `Jammed` is left out with all its cases, as (Jammed, Coin) cannot be written"), missing.message)
        XCTAssertNil(missing.fix)
        let after = try XCTUnwrap(Self.fix(files).texts["Gate.swift"])
        XCTAssertEqual(after, Self.gateCode)
        _ = try Self.compileAndRun(after + """
            struct Impl: GateCells {
                func shutCoin(_ ctx: Gate.Ctx) -> Step<Gate.S, Gate.F> { .ignored }
                func beep(_ ctx: Gate.Ctx) -> Gate.A? { nil }
            }
            print(Gate.step(Impl(), Gate.Ctx(), .open(since: 1), .pass))

            """, named: "unwritable-addition")
    }

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

    /// A machine in `extension Lab.Outer`: the inserted code names `Lab.Outer.Pump`, the path
    /// from the top level, not `Outer.Pump`.
    func testAMachineInAnExtensionOfANestedTypeIsQualifiedFromTheTopLevel() throws {
        let code = Self.pumpCode.replacingOccurrences(of: "Lab.Pump", with: "Lab.Outer.Pump")
            .replacingOccurrences(of: "enum Lab {\n    enum Pump {\n", with: "enum Lab { enum Outer {} }\nextension Lab.Outer {\n    enum Pump {\n")
        let matrix = Self.table("Pump", in: "Lab.Outer.Pump", states: ["Idle", "Running"], actions: ["Start", "Stop", "Prime"], rows: [
            #"[.go(target: "Running", effects: ["Hum"]), .ignore, .go(target: "Idle", effects: ["Click"])]"#,
            "[.ignore, .handle, .handle]",
        ], initial: "Idle")
        let (texts, errors) = Self.fix(["Lab.tb.swift": matrix, "Lab.swift": code])
        let after = try XCTUnwrap(texts["Lab.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertTrue(after.contains("    func runningPrime(_ ctx: Lab.Outer.Pump.Ctx) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F>\n"), after)
        XCTAssertTrue(after.contains("    func click(_ ctx: Lab.Outer.Pump.Ctx) -> Lab.Outer.Pump.A?\n"), after)
        let ran = try Self.compileAndRun(after + """
            struct Impl: PumpCells {
                func runningStop(_ ctx: Lab.Outer.Pump.Ctx) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F> { .go(.idle, effects: []) }
                func runningPrime(_ ctx: Lab.Outer.Pump.Ctx) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F> { .stay(effects: [.click]) }
                func hum(_ ctx: Lab.Outer.Pump.Ctx) -> Lab.Outer.Pump.A? { nil }
                func click(_ ctx: Lab.Outer.Pump.Ctx) -> Lab.Outer.Pump.A? { nil }
            }
            print(Lab.Outer.Pump.step(Impl(), Lab.Outer.Pump.Ctx(), .idle, .prime), Lab.Outer.Pump.perform(Impl(), Lab.Outer.Pump.Ctx(), .click) as Any)

            """, named: "outer-nested-machine")
        XCTAssertTrue(ran.contains("go(Lab.Outer.Pump.S.idle, effects: [Lab.Outer.Pump.F.click])"), ran)
    }

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

    /// A column added beside a row of the wrong length (`row-arity`): the dispatcher's cases
    /// cannot be written from the matrix, so the enum does not get the case either (alone it
    /// would make the switch non-exhaustive), and enum-drift says why.
    func testANewColumnBesideABrokenRowAddsNoCase() {
        let code = """
            enum Safe {
                enum S { case locked, open }
                enum A { case unlock, close }
                enum F { case chime }
                final class Ctx {}
                static func step(_ c: any SafeCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.locked, .unlock):
                        return c.onUnlock(ctx)
                    case (.locked, .close):
                        return .ignored
                    case (.open, .unlock):
                        return .ignored
                    case (.open, .close):
                        return c.onClose(ctx)
                    }
                }
                static func perform(_ c: any SafeCells, _ ctx: Ctx, _ f: F) -> A? {
                    switch f { case .chime: return c.chime(ctx) }
                }
            }
            protocol SafeCells {
                func onUnlock(_ ctx: Safe.Ctx) -> Step<Safe.S, Safe.F>
                func onClose(_ ctx: Safe.Ctx) -> Step<Safe.S, Safe.F>
                func chime(_ ctx: Safe.Ctx) -> Safe.A?
            }
            """
        let matrix = """
            // swift-format-ignore-file
            extension Safe {
                static let TABLE = Table(
                    machine: "Safe",
                    states: ["Locked", "Open"],
                    actions: ["Unlock", "Close", "Alarm"],
                    cells: [
                        [.handle,                           .ignore, .handle, .emit(effects: ["Chime"])],
                        [.ignore,                           .handle, .emit(effects: ["Chime"])],
                    ],
                    initial: "Locked"
                )
            }
            """
        let outcome = RemovalSyncFixTests.run(["Safe.swift": code, "Safe.tb.swift": matrix])
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Safe.swift"), code)
        let files = ["Safe.swift": code, "Safe.tb.swift": matrix]
        let found = TestRun.lintFiles(files.keys.sorted(), jobs: 1, read: { .success(Array(files[$0]!.utf8)) }).diagnostics
        let drift = found.first { $0.code == EnumDrift().code && $0.message.contains("`Alarm`") }
        XCTAssertNotNil(drift, "\(found.map(\.message))")
        XCTAssertTrue(drift?.message.contains("has a row missing or of the wrong length") == true, drift?.message ?? "")
        XCTAssertNil(drift?.fix)
    }

    /// `Paused` added, and (Armed, Stop) retargeted `GO(Paused)`.
    static let pausedMatrix = table("Alarm", in: "Alarm", states: ["Armed", "Ringing", "Paused"], actions: ["Trigger", "Stop", "Snooze"], rows: [
        #"[.go(target: "Ringing", effects: ["Ring"]), .go(target: "Paused", effects: []), .unreachable]"#,
        #"[.ignore, .go(target: "Armed", effects: ["Silence"]), .handle]"#,
        #"[.go(target: "Ringing", effects: []), .ignore, .ignore]"#,
    ], initial: "Armed")

    /// `enum S` declared in two `#if` branches takes no new case, so no arm names `paused`
    /// (not the new state's, not the retargeted (Armed, Stop)); the finding names both
    /// declarations as the reason, and the result compiles.
    func testAnArmIsNotRetargetedToACaseOfAnEnumUnderIf() throws {
        let code = Self.alarmCode().replacingOccurrences(of: "    enum S { case armed, ringing }\n", with: "    #if DEBUG\n    enum S { case armed, ringing }\n    #else\n    enum S { case armed, ringing }\n    #endif\n")
        XCTAssertNotEqual(code, Self.alarmCode())
        let (texts, errors) = Self.fix(["Alarm.tb.swift": Self.pausedMatrix, "Alarm.swift": code])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertFalse(after.contains(".paused"), after)
        XCTAssertTrue(errors.contains { $0.contains("(Armed, Stop)") && $0.contains("`enum S` of `Alarm` is declared 2 times (Alarm.swift:3, Alarm.swift:5), as in `#if` branches") }, "\(errors)")
        _ = try Self.compileAndRun(after + Self.alarmImpl + "extension Impl { func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored } }\nprint(Alarm.step(Impl(), Alarm.Ctx(), .armed, .stop))\n", named: "if-retarget")
    }
}
