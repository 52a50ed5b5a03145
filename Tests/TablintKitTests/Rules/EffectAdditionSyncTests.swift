import Foundation
import XCTest
@testable import TablintKit

/// A `Table` cell that names an effect `enum F` lacks: unknown-effect's unsafe fix adds the
/// case, in the order the matrix first names its effects, as enum-drift adds states and
/// actions, so the rewritten arm (`effects: [.ring, .chime]`) compiles.
final class EffectAdditionSyncTests: XCTestCase {
    static let chiming = RemovalSyncFixTests.removed
        .replacingOccurrences(of: #"[.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable]"#, with: #"[.go(target: "Ringing", effects: ["Ring", "Chime"]), .ignore, .unreachable]"#)

    func testANewEffectIsAddedToEnumFInMatrixOrder() throws {
        let found = MutationTests.lint(["Alarm.swift": Self.chiming]).filter { $0.code == UnknownEffect().code }
        let finding = try XCTUnwrap(found.first, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains("the fix adds `case chime` to `enum Alarm.F`, in the order the matrix first names its effects"), finding.message)
        XCTAssertEqual(finding.fix?.applicability, .unsafe)
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": Self.chiming])
        XCTAssertNil(outcome.files.first?.failure)
        let after = RemovalSyncFixTests.text(outcome, "Alarm.swift")
        XCTAssertTrue(after.contains("enum F { case ring, chime, silence }"), after)
        XCTAssertTrue(after.contains("case (.armed, .trigger): return .go(.ringing, effects: [.ring, .chime])"), after)
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("effect-added-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        // cells-drift's fix adds the effect's requirement in the same run.
        XCTAssertTrue(after.contains("    func chime(_ ctx: Alarm.Ctx) -> Alarm.A?\n"), after)
        let chime = "    func chime(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }\n"
        let program = after + standIn + """
            struct Impl: AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            \(chime)}
            print(Alarm.step(Impl(), Alarm.Ctx(), .armed, .trigger))

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertTrue(ran.contains("chime"), ran)
    }

    /// A slip of a declared effect is a misspelling, not a new effect: no fix.
    func testASlipOfADeclaredEffectIsNotAdded() throws {
        let slipped = RemovalSyncFixTests.removed.replacingOccurrences(of: #"effects: ["Ring"]"#, with: #"effects: ["Rign"]"#)
        let found = MutationTests.lint(["Alarm.swift": slipped]).filter { $0.code == UnknownEffect().code }
        XCTAssertEqual(found.count, 1, "\(found.map(\.message))")
        XCTAssertNil(found.first?.fix)
    }

    /// An `enum F` with raw values gets no case (the matrix gives no raw value), and then
    /// cells-drift expects no requirement for the effect either: nothing the fixes cannot finish.
    func testARawValuedEnumFGetsNoCaseAndNoRequirementIsAskedFor() throws {
        let raw = Self.chiming.replacingOccurrences(of: "enum F { case ring, silence }", with: #"enum F: String { case ring = "r", silence = "s" }"#)
        let found = MutationTests.lint(["Alarm.swift": raw])
        let finding = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains("; no fix: its cases have raw values"), finding.message)
        XCTAssertNil(finding.fix)
        XCTAssertFalse(found.contains { $0.code == CellsDrift().code && $0.message.contains("chime") }, "\(found.map(\.message))")
    }

    /// `Silence` renamed `Chime` in every cell, with its perform arm and requirement in code
    /// beside the matrix or in another file: one run adds `case chime`, its `perform` arm and
    /// its requirement, rewrites the step arm's `[.silence]`, and takes `silence` out (no cell
    /// emits it). The result compiles and a second run changes nothing.
    func testAnEffectRenamedInEveryCellIsRenamedInOneRun() throws {
        let matrix = CombinedMatrixEditTests.table("Alarm", in: "Alarm", states: ["Armed", "Ringing"], actions: ["Trigger", "Stop", "Snooze"], rows: [
            #"[.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable]"#,
            #"[.ignore, .go(target: "Armed", effects: ["Chime"]), .handle]"#,
        ], initial: "Armed")
        let layouts: [(name: String, files: [String: String])] = [
            ("separate files", ["Alarm.tb.swift": matrix, "Alarm.swift": CombinedMatrixEditTests.alarmCode()]),
            ("one file", ["Alarm.tb.swift": matrix + CombinedMatrixEditTests.alarmCode()]),
        ]
        for (layout, files) in layouts {
            let (texts, errors) = CombinedMatrixEditTests.fix(files)
            XCTAssertEqual(errors, [], layout)
            let after = files.keys.sorted().map { texts[$0]! }.joined(separator: "\n")
            XCTAssertFalse(after.contains("silence"), "\(layout): \(after)")
            XCTAssertTrue(after.contains("enum F { case ring, chime }"), "\(layout): \(after)")
            XCTAssertTrue(after.contains("case (.ringing, .stop): return .go(.armed, effects: [.chime])"), "\(layout): \(after)")
            XCTAssertTrue(after.contains("case .chime: return cells.chime(ctx)"), "\(layout): \(after)")
            XCTAssertTrue(after.contains("    func chime(_ ctx: Alarm.Ctx) -> Alarm.A?\n"), "\(layout): \(after)")
            let second = RemovalSyncFixTests.run(texts)
            XCTAssertEqual(second.files.compactMap(\.fixed).count, 0, "\(layout): a second run changes nothing")
            let ran = try CombinedMatrixEditTests.compileAndRun(after + """
                struct Impl: AlarmCells {
                    func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                    func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                    func chime(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                }
                print(Alarm.step(Impl(), Alarm.Ctx(), .ringing, .stop), Alarm.perform(Impl(), Alarm.Ctx(), .chime) as Any)

                """, named: "effect-renamed")
            XCTAssertTrue(ran.contains("go(Alarm.S.armed, effects: [Alarm.F.chime])"), "\(layout): \(ran)")
        }
    }

    /// Only some cells renamed: `silence` is still emitted, so it stays, and `chime` is added
    /// beside it with its arm and requirement.
    func testAnEffectRenamedInSomeCellsIsAddedBesideTheOld() throws {
        let matrix = CombinedMatrixEditTests.table("Alarm", in: "Alarm", states: ["Armed", "Ringing"], actions: ["Trigger", "Stop", "Snooze"], rows: [
            #"[.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable]"#,
            #"[.emit(effects: ["Silence"]), .go(target: "Armed", effects: ["Chime"]), .handle]"#,
        ], initial: "Armed")
        let code = CombinedMatrixEditTests.alarmCode()
            .replacingOccurrences(of: "case (.ringing, .trigger): return .ignored", with: "case (.ringing, .trigger): return .stay(effects: [.silence])")
        let (texts, errors) = CombinedMatrixEditTests.fix(["Alarm.tb.swift": matrix, "Alarm.swift": code])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertTrue(after.contains("enum F { case ring, silence, chime }"), after)
        XCTAssertTrue(after.contains("case (.ringing, .trigger): return .stay(effects: [.silence])"), after)
        XCTAssertTrue(after.contains("case (.ringing, .stop): return .go(.armed, effects: [.chime])"), after)
        XCTAssertTrue(after.contains("case .silence: return cells.silence(ctx)") && after.contains("case .chime: return cells.chime(ctx)"), after)
        XCTAssertTrue(after.contains("    func silence(_ ctx: Alarm.Ctx) -> Alarm.A?\n    func chime(_ ctx: Alarm.Ctx) -> Alarm.A?\n"), after)
        XCTAssertEqual(RemovalSyncFixTests.run(texts).files.compactMap(\.fixed).count, 0, "a second run changes nothing")
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func chime(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }
            print(Alarm.step(Impl(), Alarm.Ctx(), .ringing, .stop), Alarm.perform(Impl(), Alarm.Ctx(), .chime) as Any)

            """, named: "effect-renamed-in-part")
        XCTAssertTrue(ran.contains("go(Alarm.S.armed, effects: [Alarm.F.chime])"), ran)
    }

    /// The renamed effect is the first the matrix names, and the old one's `case` line is the
    /// enum's first: the new case goes before the first case that stays, not into the line
    /// that goes.
    func testARenamedFirstEffectIsAddedBeforeTheFirstCaseThatStays() throws {
        let door = """
        enum Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Idle", "Open"],
                actions: ["Push", "Close"],
                cells: [
                    [.go(target: "Open", effects: ["Chime"]), .emit(effects: ["Buzz"])],
                    [.ignore, .go(target: "Idle", effects: ["Chime"])],
                ],
                initial: "Idle"
            )
        }

        extension Door {
            enum S { case idle, open }
            enum A { case push, close }
            enum F {
                case beep
                case buzz
            }
            final class Ctx {}
        }

        protocol DoorCells {
            func beep(_ ctx: Door.Ctx) -> Door.A?
            func buzz(_ ctx: Door.Ctx) -> Door.A?
        }

        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.idle, .push): return .go(.open, effects: [.beep])
                case (.idle, .close): return .stay(effects: [.buzz])
                case (.open, .push): return .ignored
                case (.open, .close): return .go(.idle, effects: [.beep])
                }
            }

            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .beep: return cells.beep(ctx)
                case .buzz: return cells.buzz(ctx)
                }
            }
        }

        """
        let (texts, errors) = CombinedMatrixEditTests.fix(["Door.tb.swift": door])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Door.tb.swift"])
        XCTAssertFalse(after.contains("beep"), after)
        // `enum F` declares one case per line: the new one takes a line of its own.
        XCTAssertTrue(after.contains("    enum F {\n        case chime\n        case buzz\n    }"), after)
        XCTAssertTrue(after.contains("case (.open, .close): return .go(.idle, effects: [.chime])"), after)
        XCTAssertTrue(after.contains("case .chime: return cells.chime(ctx)") && after.contains("    func chime(_ ctx: Door.Ctx) -> Door.A?\n"), after)
        XCTAssertEqual(RemovalSyncFixTests.run(texts).files.compactMap(\.fixed).count, 0, "a second run changes nothing")
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: DoorCells {
                func buzz(_ ctx: Door.Ctx) -> Door.A? { nil }
                func chime(_ ctx: Door.Ctx) -> Door.A? { nil }
            }
            print(Door.step(Impl(), Door.Ctx(), .idle, .push))

            """, named: "first-effect-renamed")
        XCTAssertTrue(ran.contains("go(Door.S.open, effects: [Door.F.chime])"), ran)
    }
}
