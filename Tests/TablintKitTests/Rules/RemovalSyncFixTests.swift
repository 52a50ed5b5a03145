import Foundation
import XCTest
@testable import TablintKit

/// Issue 24: a state or action removed from the matrix. The unsafe fixes of `enum-drift`
/// (the case), `dispatcher-drift` (the arms and patterns that named only it) and `cells-drift`
/// (the requirements of its cells) remove it when nothing else in the run refers to it, and
/// refuse, naming the reason or the reference, otherwise. The fixed code is compiled with the
/// real `swiftc` and every arm the fix did not touch does what it did.
final class RemovalSyncFixTests: XCTestCase {
    static func alarm(paused: String = "case armed, ringing, paused", pausedTrigger: String = "return .go(.ringing, effects: [.ring])") -> String {
        """
        enum Alarm {
            enum S { \(paused) }
            enum A { case trigger, stop, snooze }
            enum F { case ring, silence }
            final class Ctx { var snoozes = 0 }

            static let TABLE = Table(
                machine: "Alarm",
                states: ["Armed", "Ringing"],
                actions: ["Trigger", "Stop", "Snooze"],
                cells: [
                    [.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable],
                    [.ignore, .go(target: "Armed", effects: ["Silence"]), .handle],
                ],
                initial: "Armed"
            )
        }

        protocol AlarmCells {
            func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
            func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
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
                case (.ringing, .stop), (.paused, .stop): return .go(.armed, effects: [.silence])
                case (.ringing, .snooze): return cells.ringingSnooze(ctx)
                case (.paused, .trigger): \(pausedTrigger)
                case (.paused, .snooze): return cells.pausedSnooze(ctx)
                }
            }
        }

        """
    }

    static let removed = """
        enum Alarm {
            enum S { case armed, ringing }
            enum A { case trigger, stop, snooze }
            enum F { case ring, silence }
            final class Ctx { var snoozes = 0 }

            static let TABLE = Table(
                machine: "Alarm",
                states: ["Armed", "Ringing"],
                actions: ["Trigger", "Stop", "Snooze"],
                cells: [
                    [.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable],
                    [.ignore, .go(target: "Armed", effects: ["Silence"]), .handle],
                ],
                initial: "Armed"
            )
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
                }
            }
        }

        """

    static func run(_ files: [String: String], unsafe: Bool = true) -> Engine.Outcome {
        Engine.run(files.sorted { $0.key < $1.key }.map { Engine.Document(path: $0.key, bytes: Array($0.value.utf8)) }, mode: .fix, unsafeFixes: unsafe)
    }

    static func text(_ outcome: Engine.Outcome, _ path: String) -> String {
        guard let file = outcome.files.first(where: { $0.path == path }) else { return "" }
        return String(decoding: file.fixed ?? file.original, as: UTF8.self)
    }

    /// A leftover requirement that shares its line with another declaration says why no fix
    /// removes it, on the run that removes its state and on every run after.
    func testARequirementSharingItsLineSaysWhyItStays() throws {
        let shared = "        func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>\n        func ring(_ ctx: Alarm.Ctx) -> Alarm.A?\n"
        let before = Self.alarm().replacingOccurrences(
            of: shared.replacingOccurrences(of: "        ", with: "    "),
            with: "    func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>; func ring(_ ctx: Alarm.Ctx) -> Alarm.A?\n")
        XCTAssertNotEqual(before, Self.alarm())
        let why = "its declaration does not have its line to itself (it shares it with another declaration or the protocol's braces), and the fix deletes only a requirement on lines of its own"
        let found = MutationTests.lint(["Alarm.swift": before])
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("`pausedSnooze`") && $0.message.contains("the fix leaves it: " + why) }, "\(found.map(\.message))")
        let outcome = Self.run(["Alarm.swift": before])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = Self.text(outcome, "Alarm.swift")
        XCTAssertTrue(after.contains("func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>; func ring("), after)
        XCTAssertFalse(after.contains(".paused"), after)
        // Once the case is gone, the finding still says why.
        let left = outcome.files.flatMap(\.diagnostics).filter { $0.code == CellsDrift().code && $0.message.contains("`pausedSnooze`") }
        XCTAssertEqual(left.count, 1, "\(left.map(\.message))")
        XCTAssertTrue(left.allSatisfy { $0.message.contains("no fix removes it: " + why) }, "\(left.map(\.message))")

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + HandNamedRenameTests.standIn + """
            struct Live: AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }
            print(Alarm.step(Live(), Alarm.Ctx(), .ringing, .stop))

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "go(Example.Alarm.S.armed, effects: [Example.Alarm.F.silence])\n")
    }

    func testARemovedStatesCaseArmsAndRequirementsAreRemoved() throws {
        let before = Self.alarm()
        let found = MutationTests.lint(["Alarm.swift": before])
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("the fix removes `case paused` from `enum Alarm.S`") && $0.fix?.applicability == .unsafe }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == DispatcherDrift().code && $0.message.contains("the fix removes the 2 cases and 1 pattern that name it") && $0.fix?.applicability == .unsafe }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("the fix removes the requirement") && $0.fix?.applicability == .unsafe }, "\(found.map(\.message))")
        // `--fix` alone applies none of them.
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": before], unsafe: false), "Alarm.swift"), before)
        let outcome = Self.run(["Alarm.swift": before])
        let result = try XCTUnwrap(outcome.files.first)
        XCTAssertNil(result.failure)
        XCTAssertEqual(Self.text(outcome, "Alarm.swift"), Self.removed)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        try Self.compileAndCompare(before: before, after: Self.removed, statesAfter: ["armed", "ringing"], in: "removed-state")
    }

    /// The enum in another file is fixed there, the dispatcher and protocol in theirs.
    func testARemovedStatesCaseIsRemovedFromAnEnumInAnotherFile() throws {
        let before = Self.alarm()
        let enums = "extension Alarm {\n    enum S { case armed, ringing, paused }\n}\n"
        let main = before.replacingOccurrences(of: "    enum S { case armed, ringing, paused }\n", with: "")
        let outcome = Self.run(["Alarm.swift": main, "AlarmStates.swift": enums])
        XCTAssertEqual(Self.text(outcome, "AlarmStates.swift"), "extension Alarm {\n    enum S { case armed, ringing }\n}\n")
        XCTAssertEqual(Self.text(outcome, "Alarm.swift"), Self.removed.replacingOccurrences(of: "    enum S { case armed, ringing }\n", with: ""))
    }

    /// `S.paused` beside the enum, in another file of the run: nothing is removed, and the
    /// messages name the reference.
    func testAReferenceElsewhereRefusesTheRemovalAndIsNamed() throws {
        let before = Self.alarm().replacingOccurrences(of: "    enum S { case armed, ringing, paused }\n", with: "")
        let other = "extension Alarm {\n    static let resting = S.paused\n    enum S { case armed, ringing, paused }\n}\n"
        let files = ["Alarm.swift": before, "Resting.swift": other]
        let found = MutationTests.lint(files)
        for code in [EnumDrift().code, DispatcherDrift().code] {
            let finding = try XCTUnwrap(found.first { $0.code == code && $0.message.contains("paused") }, code)
            XCTAssertTrue(finding.message.contains("no fix removes `paused`: `paused` is referred to at Resting.swift:2:28"), finding.message)
            XCTAssertNil(finding.fix, finding.message)
        }
        let requirement = try XCTUnwrap(found.first { $0.code == CellsDrift().code })
        XCTAssertTrue(requirement.message.contains("the fix leaves it: `case (.paused, .snooze):` calls it at Alarm.swift:"), requirement.message)
        let outcome = Self.run(files)
        XCTAssertEqual(Self.text(outcome, "Alarm.swift"), before)
        XCTAssertEqual(Self.text(outcome, "Resting.swift"), other)
    }

    func testAnArmWithTheAuthorsCodeRefusesTheRemoval() throws {
        let before = Self.alarm(pausedTrigger: "ctx.snoozes = 0; return .ignored")
        let found = MutationTests.lint(["Alarm.swift": before]).filter { $0.code == DispatcherDrift().code }
        XCTAssertTrue(found.contains { $0.message.contains("no fix removes `paused`: `case (.paused, .trigger):` has code of its own besides the return the matrix determines") }, "\(found.map(\.message))")
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": before]), "Alarm.swift"), before)
    }

    func testAPayloadCarryingOrRawValuedCaseIsRefused() throws {
        let payload = Self.alarm(paused: "case armed, ringing, paused(since: Int)")
            .replacingOccurrences(of: "(.paused, .", with: "(.paused(_), .")
        var found = MutationTests.lint(["Alarm.swift": payload]).filter { $0.code == EnumDrift().code }
        XCTAssertTrue(found.contains { $0.message.contains("no fix removes `paused`: it carries a payload") }, "\(found.map(\.message))")
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": payload]), "Alarm.swift"), payload)
        let raw = Self.alarm().replacingOccurrences(of: "enum S {", with: "enum S: String {")
        found = MutationTests.lint(["Alarm.swift": raw]).filter { $0.code == EnumDrift().code }
        XCTAssertTrue(found.contains { $0.message.contains("no fix removes `paused`: `enum Alarm.S` has raw values (`: String`), which may be stored") }, "\(found.map(\.message))")
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": raw]), "Alarm.swift"), raw)
    }

    /// An implementation's member holds the author's code: the requirement stays, with why;
    /// the case and the arms go (the member still compiles, as a method no protocol requires).
    func testAnImplementedRequirementIsLeftWithTheMemberNamed() throws {
        let before = Self.alarm()
        let impl = "struct Live: AlarmCells {\n    func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }\n}\n"
        let files = ["Alarm.swift": before, "Live.swift": impl]
        let requirement = try XCTUnwrap(MutationTests.lint(files).first { $0.code == CellsDrift().code && $0.message.contains("pausedSnooze") })
        XCTAssertTrue(requirement.message.contains("the fix leaves it: `Live.pausedSnooze` at Live.swift:2:10 implements it, and its body is the author's code"), requirement.message)
        let after = Self.text(Self.run(files), "Alarm.swift")
        XCTAssertTrue(after.contains("    func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>\n"), after)
        XCTAssertFalse(after.contains("(.paused"), after)
        XCTAssertTrue(after.contains("enum S { case armed, ringing }"), after)
    }

    /// The fixed file type-checks with the real `swiftc`, and every (state, action) pair left
    /// does what it did before the fix.
    static func compileAndCompare(
        before: String, after: String, statesAfter: [String], actionsAfter: [String] = ["trigger", "stop", "snooze"], in name: String
    ) throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        func program(_ source: String, extra: String) -> String {
            let ringingSnooze = source.contains("func ringingSnooze") ? "func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { ctx.snoozes += 1; return .go(.armed, effects: [.silence]) }" : ""
            let members = """
                \(ringingSnooze)
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            \(extra)
            """
            return source + standIn + "struct Impl: AlarmCells {\n" + members + "}\n" + """
                let ctx = Alarm.Ctx()
                for s in [\(statesAfter.map { "Alarm.S." + $0 }.joined(separator: ", "))] {
                    for a in [\(actionsAfter.map { "Alarm.A." + $0 }.joined(separator: ", "))] where !(s == .armed && "\\(a)" == "snooze") {
                        print(s, a, Alarm.step(Impl(), ctx, s, a), ctx.snoozes)
                    }
                }

                """
        }
        let extraBefore = before.contains("func pausedSnooze") ? "    func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }\n" : ""
        let (ranBefore, _) = try DispatcherDefaultFixTests.compileAndRun(program(before, extra: extraBefore), named: "before", in: folder, swiftc: swiftc)
        let (ranAfter, compiler) = try DispatcherDefaultFixTests.compileAndRun(program(after, extra: ""), named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ranAfter.isEmpty)
        XCTAssertEqual(ranAfter, ranBefore)
    }

    /// A state and an action removed together: each arm goes once, by one of the two fixes.
    func testAStateAndAnActionRemovedTogether() throws {
        let before = Self.alarm()
            .replacingOccurrences(of: #"actions: ["Trigger", "Stop", "Snooze"]"#, with: #"actions: ["Trigger", "Stop"]"#)
            .replacingOccurrences(of: ", .unreachable],", with: "],")
            .replacingOccurrences(of: #"effects: ["Silence"]), .handle],"#, with: #"effects: ["Silence"])],"#)
        let outcome = Self.run(["Alarm.swift": before])
        XCTAssertNil(outcome.files.first?.failure)
        let after = Self.text(outcome, "Alarm.swift")
        XCTAssertTrue(after.contains("enum S { case armed, ringing }") && after.contains("enum A { case trigger, stop }"), after)
        XCTAssertFalse(after.contains("paused") || after.contains(".snooze") || after.contains("Snooze("), after)
        XCTAssertTrue(after.contains("        case (.ringing, .stop): return .go(.armed, effects: [.silence])\n"), after)
        XCTAssertEqual(outcome.files.first?.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        try Self.compileAndCompare(before: before, after: after, statesAfter: ["armed", "ringing"], actionsAfter: ["trigger", "stop"], in: "removed-both")
    }

    /// A catch-all whose only case is a removed action, `(_, .snooze)`, goes with the action: it
    /// is not spelt out into patterns of the cases that go (`(.paused, .snooze)`), and one run
    /// leaves code that compiles with nothing more to fix.
    func testACatchAllNamingARemovedActionGoesWithIt() throws {
        let before = Self.alarm()
            .replacingOccurrences(of: #"actions: ["Trigger", "Stop", "Snooze"]"#, with: #"actions: ["Trigger", "Stop"]"#)
            .replacingOccurrences(of: ", .unreachable],", with: "],")
            .replacingOccurrences(of: #"effects: ["Silence"]), .handle],"#, with: #"effects: ["Silence"])],"#)
            .replacingOccurrences(of: "        case (.armed, .snooze): fatalError(\"tabular-center: Armed x Snooze was declared UNREACHABLE but occurred\")\n", with: "")
            .replacingOccurrences(of: "        case (.ringing, .snooze): return cells.ringingSnooze(ctx)\n", with: "        case (_, .snooze): return .ignored\n")
            .replacingOccurrences(of: "        case (.paused, .snooze): return cells.pausedSnooze(ctx)\n", with: "")
        XCTAssertTrue(before.contains("case (_, .snooze): return .ignored") && !before.contains("(.paused, .snooze)"), before)
        let outcome = Self.run(["Alarm.swift": before])
        XCTAssertNil(outcome.files.first?.failure)
        let after = Self.text(outcome, "Alarm.swift")
        XCTAssertTrue(after.contains("enum S { case armed, ringing }") && after.contains("enum A { case trigger, stop }"), after)
        XCTAssertFalse(after.contains("paused") || after.contains(".snooze"), after)
        XCTAssertEqual(outcome.files.first?.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        try Self.compileAndCompare(before: before, after: after, statesAfter: ["armed", "ringing"], actionsAfter: ["trigger", "stop"], in: "removed-catch-all")
    }

    /// The removed pattern first in its label, and the case first of its list or alone on its line.
    func testTheCutsKeepTheRestOfALabelAndOfACaseList() throws {
        let first = Self.alarm(paused: "case paused, armed, ringing")
            .replacingOccurrences(of: "case (.ringing, .stop), (.paused, .stop):", with: "case (.paused, .stop), (.ringing, .stop):")
        var after = Self.text(Self.run(["Alarm.swift": first]), "Alarm.swift")
        XCTAssertTrue(after.contains("enum S { case armed, ringing }"), after)
        XCTAssertTrue(after.contains("        case (.ringing, .stop): return .go(.armed, effects: [.silence])\n"), after)
        let lines = Self.alarm().replacingOccurrences(of: "    enum S { case armed, ringing, paused }\n", with: "    enum S {\n        case armed\n        case ringing\n        case paused // resting\n    }\n")
        after = Self.text(Self.run(["Alarm.swift": lines]), "Alarm.swift")
        XCTAssertTrue(after.contains("    enum S {\n        case armed\n        case ringing\n    }\n"), after)
        XCTAssertFalse(after.contains("paused"), after)
    }

    /// A state of the name of an action (`stop`): the action's `.stop` in `case (.armed, .stop)`
    /// is, by its tuple position, no case of `enum S`, so it does not keep the state.
    func testAnActionOfTheRemovedStatesNameIsNoReferenceToIt() throws {
        let before = Self.alarm(paused: "case armed, ringing, stop").replacingOccurrences(of: "(.paused, ", with: "(.stop, ")
            .replacingOccurrences(of: "pausedSnooze", with: "stopSnooze")
        let found = MutationTests.lint(["Alarm.swift": before])
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("the fix removes `case stop` from `enum Alarm.S`") && $0.fix != nil }, "\(found.map(\.message))")
        let outcome = Self.run(["Alarm.swift": before])
        XCTAssertNil(outcome.files.first?.failure)
        XCTAssertEqual(Self.text(outcome, "Alarm.swift"), Self.removed)
        try Self.compileAndCompare(before: before.replacingOccurrences(of: "stopSnooze", with: "pausedSnooze"), after: Self.removed, statesAfter: ["armed", "ringing"], in: "removed-shared-name")
    }

    /// A removed requirement takes its doc comment and attributes with it: left behind they
    /// would attach to the next requirement (or dangle before the `}`, which does not compile).
    /// The result compiles, and a second run changes nothing.
    func testARemovedRequirementTakesItsDocCommentAndAttributes() throws {
        let leading = "    /// Snoozing while paused.\n    @available(*, deprecated)\n    @discardableResult\n"
        let before = Self.alarm().replacingOccurrences(of: "    func pausedSnooze(", with: leading + "    func pausedSnooze(")
        let outcome = Self.run(["Alarm.swift": before])
        XCTAssertNil(outcome.files.first?.failure)
        let after = Self.text(outcome, "Alarm.swift")
        XCTAssertEqual(after, Self.removed)
        try Self.compileAndCompare(before: before, after: after, statesAfter: ["armed", "ringing"], in: "removed-documented")
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": after]), "Alarm.swift"), after)
    }
    /// Black-box pass 3, play/10: a removed case alone on its line takes its doc comment and
    /// attributes along, as a requirement does; left before the enum's `}` they would attach
    /// to nothing ("expected declaration"). The result compiles, and a second run changes nothing.
    func testARemovedCaseTakesItsDocCommentAndAttributes() throws {
        let paused = "\n        case armed, ringing\n        /// Paused for good.\n        @available(*, deprecated, message: \"use armed\")\n        case paused\n    "
        let before = Self.alarm(paused: paused)
        let outcome = Self.run(["Alarm.swift": before])
        XCTAssertNil(outcome.files.first?.failure)
        let after = Self.text(outcome, "Alarm.swift")
        let expected = Self.removed.replacingOccurrences(of: "enum S { case armed, ringing }", with: "enum S { \n        case armed, ringing\n     }")
        XCTAssertEqual(after, expected)
        try Self.compileAndCompare(before: before, after: after, statesAfter: ["armed", "ringing"], in: "removed-documented-case")
        XCTAssertEqual(Self.text(Self.run(["Alarm.swift": after]), "Alarm.swift"), after)
    }
}
