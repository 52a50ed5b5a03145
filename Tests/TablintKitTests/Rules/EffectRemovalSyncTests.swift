import Foundation
import XCTest
@testable import TablintKit

/// An effect no cell of a `Table` literal emits any more: enum-drift's unsafe fix removes its
/// `enum F` case, dispatcher-drift's its `perform` case and cells-drift's its requirement, when
/// nothing else in the run names it; otherwise the finding names what keeps it.
final class EffectRemovalSyncTests: XCTestCase {
    /// `Silence` taken out of `(Ringing, Stop)`: no cell emits it.
    static let silent = CombinedMatrixEditTests.table("Alarm", in: "Alarm", states: ["Armed", "Ringing"], actions: ["Trigger", "Stop", "Snooze"], rows: [
        #"[.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable]"#,
        #"[.ignore, .go(target: "Armed", effects: []), .handle]"#,
    ], initial: "Armed")

    func testAnEffectNoCellEmitsGoesWithItsArmAndRequirement() throws {
        let found = MutationTests.lint(["Alarm.tb.swift": Self.silent, "Alarm.swift": CombinedMatrixEditTests.alarmCode()])
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("`silence`") }, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains("declares `silence`, which no cell of the matrix"), finding.message)
        XCTAssertTrue(finding.message.contains("the fix removes `case silence` from `enum Alarm.F`"), finding.message)
        XCTAssertEqual(finding.fix?.applicability, .unsafe)

        let (texts, errors) = CombinedMatrixEditTests.fix(["Alarm.tb.swift": Self.silent, "Alarm.swift": CombinedMatrixEditTests.alarmCode()])
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertEqual(errors, [])
        XCTAssertFalse(after.contains("silence"), after)
        XCTAssertTrue(after.contains("enum F { case ring }"), after)
        XCTAssertTrue(after.contains("case (.ringing, .stop): return .go(.armed, effects: [])"), after)
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }
            print(Alarm.step(Impl(), Alarm.Ctx(), .ringing, .stop), Alarm.perform(Impl(), Alarm.Ctx(), .ring) as Any)

            """, named: "effect-removed")
        XCTAssertTrue(ran.contains("go(Alarm.S.armed, effects: [])"), ran)
    }

    /// A `HANDLE` member that still emits it keeps it: the finding names the reference, and
    /// no fix touches the case, the arm or the requirement.
    func testAnEffectNamedElsewhereStaysAndTheFindingSaysWhere() throws {
        let impl = """
            struct Impl: AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .stay(effects: [.silence]) }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }

            """
        let files = ["Alarm.tb.swift": Self.silent, "Alarm.swift": CombinedMatrixEditTests.alarmCode(), "Impl.swift": impl]
        let found = MutationTests.lint(files)
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("`silence`") }, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains("no fix removes `silence`: `silence` is referred to at Impl.swift:2:"), finding.message)
        XCTAssertNil(finding.fix)
        // Only the rewrite of the changed cell's return is fixed.
        XCTAssertFalse(found.contains { $0.fix != nil && $0.code != DispatcherDrift().code && $0.message.contains("silence") }, "\(found.map(\.message))")
        let (texts, _) = CombinedMatrixEditTests.fix(files)
        let after = try XCTUnwrap(texts["Alarm.swift"])
        XCTAssertTrue(after.contains("enum F { case ring, silence }") && after.contains("case .silence: return cells.silence(ctx)"), after)
    }

    /// `Ring` renamed `Chime` in its only cell, where `case ring` cannot go in the same run:
    /// no span of its own (`enum F { case ring }`), or the enum's only case. Then `chime` is
    /// not added either (the rename would be half done), the findings say why, and the fix
    /// writes nothing but the matrix's formatting.
    func testARenamedEffectWhoseOldCaseCannotGoIsRefusedWhole() throws {
        let matrix = CombinedMatrixEditTests.table("Alarm", in: "Alarm", states: ["Armed", "Ringing"], actions: ["Trigger", "Stop", "Snooze"], rows: [
            #"[.go(target: "Ringing", effects: ["Chime"]), .ignore, .unreachable]"#,
            #"[.ignore, .go(target: "Armed", effects: []), .handle]"#,
        ], initial: "Armed")
        let single = CombinedMatrixEditTests.alarmCode()
            .replacingOccurrences(of: "enum F { case ring, silence }", with: "enum F { case ring }")
            .replacingOccurrences(of: "    func silence(_ ctx: Alarm.Ctx) -> Alarm.A?\n", with: "")
            .replacingOccurrences(of: "        case .silence: return cells.silence(ctx)\n", with: "")
            .replacingOccurrences(of: "effects: [.silence]", with: "effects: []")
        let cases: [(code: String, why: String)] = [
            (single, "(no span deletes `case ring` alone: it shares its line with other code of `enum Alarm.F` (its braces, another declaration) or a comment)"),
            (single.replacingOccurrences(of: "enum F { case ring }", with: "enum F {\n        case ring\n    }"),
             "(no cell emits any case of `enum Alarm.F` any more, and the cases the cells name instead are added only beside one that stays)"),
        ]
        for (code, why) in cases {
            let files = ["Alarm.tb.swift": matrix, "Alarm.swift": code]
            let found = MutationTests.lint(files)
            let finding = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
            XCTAssertTrue(finding.message.contains("; no fix: `case ring` at Alarm.swift:"), finding.message)
            XCTAssertTrue(finding.message.contains("which no cell emits any more, cannot go in the same run \(why)"), finding.message)
            XCTAssertNil(finding.fix)
            XCTAssertFalse(found.contains { $0.fix != nil && $0.path == "Alarm.swift" }, "\(found.map(\.message))")
            let (texts, _) = CombinedMatrixEditTests.fix(files)
            XCTAssertEqual(texts["Alarm.swift"], code)
        }
    }
}
