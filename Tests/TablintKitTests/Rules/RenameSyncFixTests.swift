import Foundation
import XCTest
@testable import TablintKit

/// Issue 24: a state or action renamed in the matrix (the same position, the same cells, the
/// old case still declared and the new one not): the case, the patterns, a `GO` to it, and the
/// generated members of its cells (requirement, call, implementations' members) are renamed by
/// the unsafe fixes of enum-drift, dispatcher-drift and cells-drift; the result compiles with
/// the real `swiftc` and every pair does what it did.
final class RenameSyncFixTests: XCTestCase {
    static func alarm(
        states: String = #"["Armed", "Ringing", "Holding"]"#, paused: String = "paused",
        holdingRow: String = #"[.go(target: "Ringing", effects: ["Ring"]), .go(target: "Armed", effects: []), .handle]"#
    ) -> String {
        """
            enum Alarm {
                enum S { case armed, ringing, \(paused) }
                enum A { case trigger, stop, snooze }
                enum F { case ring, silence }
                final class Ctx { var snoozes = 0 }

                static let TABLE = Table(
                    machine: "Alarm",
                    states: \(states),
                    actions: ["Trigger", "Stop", "Snooze"],
                    cells: [
                        [.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable],
                        [.ignore, .go(target: "Armed", effects: ["Silence"]), .go(target: "Holding", effects: ["Silence"])],
                        \(holdingRow),
                    ],
                    initial: "Armed"
                )
            }

            protocol AlarmCells {
                func \(paused)Snooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
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
                    case (.ringing, .snooze): return .go(.\(paused), effects: [.silence])
                    case (.\(paused), .trigger): return .go(.ringing, effects: [.ring])
                    case (.\(paused), .stop): return .go(.armed, effects: [])
                    case (.\(paused), .snooze): return cells.\(paused)Snooze(ctx)
                    }
                }
            }

            """
    }

    static func live(_ name: String) -> String {
        """
        struct Live: AlarmCells {
            func \(name)Snooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { ctx.snoozes += 1; return .go(.ringing, effects: []) }
            func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
        }

        """
    }

    func testAStateRenamedInPlaceIsRenamedEverywhereAndBehavesAsBefore() throws {
        let before = Self.alarm(), live = Self.live("paused")
        let files = ["Alarm.swift": before, "Live.swift": live]
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("so the fix renames `case paused` of `enum Alarm.S` `holding`") && $0.fix != nil }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == DispatcherDrift().code && $0.message.contains("so the fix renames it `holding`") && $0.fix != nil }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.path == "Live.swift" && $0.fix != nil }, "\(found.map(\.message))")
        XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(files, unsafe: false), "Alarm.swift"), before)
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Alarm.swift")
        XCTAssertEqual(after, Self.alarm(paused: "holding"))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), Self.live("holding"))
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        func program(_ source: String, _ implementation: String, third: String) -> String {
            source + standIn + implementation + """
                let ctx = Alarm.Ctx()
                for s in [Alarm.S.armed, .ringing, .\(third)] {
                    for a in [Alarm.A.trigger, .stop, .snooze] where !(s == .armed && a == .snooze) {
                        print(s, a, Alarm.step(Live(), ctx, s, a), ctx.snoozes)
                    }
                }

                """
        }
        let (ranBefore, _) = try DispatcherDefaultFixTests.compileAndRun(program(before, live, third: "paused"), named: "before", in: folder, swiftc: swiftc)
        let (ranAfter, compiler) = try DispatcherDefaultFixTests.compileAndRun(
            program(after, RemovalSyncFixTests.text(outcome, "Live.swift"), third: "holding"), named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ranAfter.isEmpty)
        XCTAssertEqual(ranAfter, ranBefore.replacingOccurrences(of: "paused", with: "holding"))
    }

    /// A property of the old case's spelling reached through a value (`ctx.paused`, a flag of
    /// the context) is no reference to the case: the rename goes ahead, compiles and behaves
    /// as before, and the property keeps its name (black-box bb6/b 11). Reached through a type
    /// (`Alarm.S.paused`) it still refuses (`testAReferenceElsewhereRefusesTheRename`).
    func testAPropertyOfTheSameNameOnAValueIsNoReference() throws {
        let withFlag = { (text: String) in
            text.replacingOccurrences(of: "final class Ctx { var snoozes = 0 }", with: "final class Ctx { var snoozes = 0; var paused = false }")
        }
        let before = withFlag(Self.alarm())
        let live = Self.live("paused").replacingOccurrences(of: "ctx.snoozes += 1;", with: "ctx.snoozes += 1; ctx.paused = true;")
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": before, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), withFlag(Self.alarm(paused: "holding")))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), live.replacingOccurrences(of: "pausedSnooze", with: "holdingSnooze"))
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])
        let references = MemberReferences(pieces: Tokenizer.tokenize(Array("ctx.paused; m.state.paused; case .paused; return .paused; self.paused; S.paused".utf8)), bytes: Array("ctx.paused; m.state.paused; case .paused; return .paused; self.paused; S.paused".utf8))
        XCTAssertEqual(references.offsets(of: "paused").map(references.isReachedThroughAValue), [true, true, false, false, false, false])
    }

    /// The new name's row is not the old one's: a removal and an addition, not a rename.
    func testANameChangedInPlaceWithOtherCellsIsNoRename() throws {
        let before = Self.alarm(holdingRow: #"[.ignore, .go(target: "Armed", effects: []), .handle]"#)
        let found = MutationTests.lint(["Alarm.swift": before])
        XCTAssertFalse(found.contains { $0.message.contains("renames") }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("the fix adds `case holding`") }, "\(found.map(\.message))")
    }

    /// A reference the fixes would not rename refuses the rename, named.
    func testAReferenceElsewhereRefusesTheRename() throws {
        let before = Self.alarm() + "extension Alarm {\n    static let resting = S.paused\n}\n"
        let found = MutationTests.lint(["Alarm.swift": before])
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("Holding") && $0.message.contains("state `Holding`") })
        XCTAssertTrue(finding.message.contains("no fix renames `paused` to `holding`: `paused` is referred to at Alarm.swift:"), finding.message)
        // A refused rename is refused whole: no `case holding` added beside `paused` either.
        XCTAssertTrue(finding.message.contains("so no fix adds `case holding` either"), finding.message)
        XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(["Alarm.swift": before]), "Alarm.swift"), before)
    }

    /// Black-box play/6 and play/58: the old cell's member is called elsewhere
    /// (`Live().pausedSnooze(ctx)`). Refusing only the member's rename left the case and the
    /// arms renamed and a requirement `holdingSnooze` added that `Live` lacks; now nothing of
    /// the rename is written, and every finding names the call.
    func testAMemberCalledElsewhereRefusesTheWholeRename() throws {
        let before = Self.alarm(), live = Self.live("paused")
        let extra = "func usesMember(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { Live().pausedSnooze(ctx) }\n"
        let files = ["Alarm.swift": before, "Live.swift": live, "Extra.swift": extra]
        let found = MutationTests.lint(files)
        let named = found.filter { $0.message.contains("`pausedSnooze` is referred to at Extra.swift:1:") }
        XCTAssertTrue(named.contains { $0.code == EnumDrift().code }, "\(found.map(\.message))")
        XCTAssertTrue(named.contains { $0.code == CellsDrift().code && $0.message.contains("no requirement `holdingSnooze`") && $0.fix == nil }, "\(found.map(\.message))")
        XCTAssertFalse(found.contains { $0.message.contains("its body is the author's code") }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), before)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), live)

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let program = RemovalSyncFixTests.text(outcome, "Alarm.swift") + standIn + RemovalSyncFixTests.text(outcome, "Live.swift") + extra
            + "print(Alarm.step(Live(), Alarm.Ctx(), .paused, .snooze))\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "refused", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }

    /// Black-box play/4 and play/51: in a file with no machine surface, an extension of the
    /// enum names the case bare (`[armed, paused]`), or declares a member of the new name
    /// (`static var holding`). The rename is refused whole, naming the place, and nothing is
    /// written; without either, the same rename goes.
    func testABareCaseOrAMemberOfTheNewNameInAnExtensionRefusesTheRename() {
        let before = Self.alarm(), live = Self.live("paused")
        for (extra, expected) in [
            ("extension Alarm.S {\n    static var resting: [Alarm.S] { [armed, paused] }\n}\n", "`paused` is referred to at Extra.swift:2:45"),
            ("extension Alarm.S {\n    static var holding: Int { 1 }\n}\n", "`Alarm.S` already has a member `holding` at Extra.swift:2:16"),
        ] {
            let files = ["Alarm.swift": before, "Live.swift": live, "Extra.swift": extra]
            let found = MutationTests.lint(files)
            XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains(expected) }, "\(found.map(\.message))")
            let outcome = RemovalSyncFixTests.run(files)
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), before)
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), live)
        }
        let unrelated = "extension Other {\n    static var holding: Int { paused }\n}\n"
        let found = MutationTests.lint(["Alarm.swift": before, "Live.swift": live, "Extra.swift": unrelated])
        XCTAssertFalse(found.contains { $0.message.contains("Extra.swift") }, "\(found.map(\.message))")
        // Another machine's `enum S` of the new name's case is another type (black-box bb6/b 10):
        // the rename goes, and compiles beside it.
        for other in ["enum Timer {\n    enum S { case idle, paused, holding }\n}\n", "extension Timer.S {\n    static var holding: Int { 1 }\n}\nenum Timer { enum S {} }\n"] {
            let outcome = RemovalSyncFixTests.run(["Alarm.swift": before, "Live.swift": live, "Timer.swift": other])
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), Self.alarm(paused: "holding"), other)
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Timer.swift"), other)
        }
    }

    /// Black-box play/36, across files: `extension Alarm.S: Codable {}` in `Alarm+Codable.swift`
    /// (a file with no machine surface that names no case) refuses the rename, and a removal,
    /// naming the extension's `path:line:column`; `Encodable` alone does too.
    func testACodingConformanceByExtensionInAnotherFileRefusesTheRenameAndTheRemoval() throws {
        for coding in ["Codable", "Encodable"] {
            let codable = "// The names are persisted.\nextension Alarm.S: \(coding) {}\n"
            let files = ["Alarm.swift": Self.alarm(), "Live.swift": Self.live("paused"), "Alarm+Codable.swift": codable]
            let found = MutationTests.lint(files)
            let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("state `Holding`") }, "\(found.map(\.message))")
            XCTAssertTrue(finding.message.contains(
                "no fix renames `paused` to `holding`: `enum Alarm.S` is made `\(coding)` by `extension Alarm.S: \(coding)` at Alarm+Codable.swift:2:1, so the names of its cases may be stored"),
                finding.message)
            XCTAssertNil(finding.fix)
            let outcome = RemovalSyncFixTests.run(files)
            for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), Self.alarm())
            XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), Self.live("paused"))

            let removal = ["Alarm.swift": RemovalSyncFixTests.alarm(), "Alarm+Codable.swift": codable]
            let removing = MutationTests.lint(removal)
            XCTAssertTrue(removing.contains { $0.code == EnumDrift().code && $0.message.contains("no fix removes `paused`: `enum Alarm.S` is made `\(coding)` by `extension Alarm.S: \(coding)` at Alarm+Codable.swift:2:1") }, "\(removing.map(\.message))")
            XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(removal), "Alarm.swift"), RemovalSyncFixTests.alarm())
        }
        // An extension of another type's `S` is no conformance of this one.
        let other = ["Alarm.swift": Self.alarm(), "Live.swift": Self.live("paused"), "Other.swift": "enum Other { enum S { case x } }\nextension Other.S: Codable {}\n"]
        XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(other), "Alarm.swift"), Self.alarm(paused: "holding"))
    }

    /// Black-box play/36: `Codable` declared by an extension of the enum (`extension Alarm.S:
    /// Codable {}`) stores the case names as `enum S: Codable` does: the rename is refused.
    func testACodingConformanceByExtensionRefusesTheRename() throws {
        let before = Self.alarm() + "extension Alarm.S: Codable {}\n"
        let files = ["Alarm.swift": before, "Live.swift": Self.live("paused")]
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("no fix renames `paused` to `holding`") && $0.message.contains("Codable") && $0.fix == nil }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), before)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), Self.live("paused"))

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let program = RemovalSyncFixTests.text(outcome, "Alarm.swift") + standIn + RemovalSyncFixTests.text(outcome, "Live.swift")
            + "print(Alarm.step(Live(), Alarm.Ctx(), .paused, .snooze))\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "coded", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }

    /// An action renamed in place (`Snooze` to `Nap`): the case, the patterns, the requirement
    /// and the implementation's member follow; the result compiles and behaves as before.
    func testAnActionRenamedInPlaceIsRenamedEverywhere() throws {
        let before = Self.alarm(states: #"["Armed", "Ringing", "Paused"]"#)
            .replacingOccurrences(of: #"target: "Holding""#, with: #"target: "Paused""#)
            .replacingOccurrences(of: #""Stop", "Snooze"]"#, with: #""Stop", "Nap"]"#)
        let live = Self.live("paused")
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": before, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Alarm.swift")
        XCTAssertEqual(after, before.replacingOccurrences(of: ".snooze", with: ".nap")
            .replacingOccurrences(of: "case trigger, stop, snooze", with: "case trigger, stop, nap")
            .replacingOccurrences(of: "pausedSnooze", with: "pausedNap"))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), live.replacingOccurrences(of: "pausedSnooze", with: "pausedNap"))
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])
    }

    /// The enum in another file than the matrix: its case is renamed there.
    func testARenamedCaseIsRenamedInAnEnumInAnotherFile() throws {
        let enums = "extension Alarm {\n    enum S { case armed, ringing, paused }\n}\n"
        let main = Self.alarm().replacingOccurrences(of: "    enum S { case armed, ringing, paused }\n", with: "")
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": main, "AlarmStates.swift": enums, "Live.swift": Self.live("paused")])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "AlarmStates.swift"), "extension Alarm {\n    enum S { case armed, ringing, holding }\n}\n")
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Alarm.swift"), Self.alarm(paused: "holding").replacingOccurrences(of: "    enum S { case armed, ringing, holding }\n", with: ""))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), Self.live("holding"))
    }

    /// A state of the name of an action (`stop`) renamed: the action's `.stop` in `case
    /// (.armed, .stop)` is no case of `enum S` and does not block the rename, and is not renamed.
    func testAStateOfAnActionsNameIsRenamedWithoutTheAction() throws {
        let before = Self.alarm(paused: "stop"), live = Self.live("stop")
        let files = ["Alarm.swift": before, "Live.swift": live]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Alarm.swift")
        XCTAssertEqual(after, Self.alarm(paused: "holding"))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), Self.live("holding"))
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(
            after + standIn + RemovalSyncFixTests.text(outcome, "Live.swift") + "print(Alarm.step(Live(), Alarm.Ctx(), .holding, .stop))\n", named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }

    /// `Snooze` renamed `Nap` in the matrix of `alarm()`.
    static let napping = alarm(states: #"["Armed", "Ringing", "Paused"]"#)
        .replacingOccurrences(of: #"target: "Holding""#, with: #"target: "Paused""#)
        .replacingOccurrences(of: #""Stop", "Snooze"]"#, with: #""Stop", "Nap"]"#)

    /// The fixed sources compile with the real `swiftc` beside the stand-in runtime.
    static func assertCompiles(_ source: String, named name: String) throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(
            source + standIn + "print(Alarm.step(Live(), Alarm.Ctx(), .paused, .nap))\n", named: name, in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }

    /// Of two members of the old name, only the one the dispatcher's unlabelled call reaches is
    /// the requirement's and renamed; `pausedSnooze(_:verbose:)` is another function and stays.
    func testAnOverloadWithOtherLabelsKeepsItsName() throws {
        let overload = "extension Live {\n    func pausedSnooze(_ ctx: Alarm.Ctx, verbose: Bool) -> Step<Alarm.S, Alarm.F> { .ignored }\n}\n"
        let live = Self.live("paused") + overload
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": Self.napping, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Live.swift")
        XCTAssertEqual(after, Self.live("paused").replacingOccurrences(of: "pausedSnooze", with: "pausedNap") + overload)
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])
        try Self.assertCompiles(RemovalSyncFixTests.text(outcome, "Alarm.swift") + after, named: "rename-overload")
    }

    /// A bare call of the old member (`pausedSnooze(ctx)` inside the type) is a reference the
    /// fix does not rename, as `self.pausedSnooze(ctx)` is: it refuses the rename, naming it.
    func testABareCallOfTheOldMemberRefusesTheRename() throws {
        let overload = "extension Live {\n    func pausedSnooze(_ ctx: Alarm.Ctx, verbose: Bool) -> Step<Alarm.S, Alarm.F> { verbose ? .ignored : pausedSnooze(ctx) }\n}\n"
        let live = Self.live("paused") + overload
        let files = ["Alarm.swift": Self.napping, "Live.swift": live]
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.message.contains("`pausedSnooze` is referred to at Live.swift:") }, "\(found.map(\.message))")
        XCTAssertFalse(found.contains { $0.message.contains("renames `case snooze`") && $0.fix != nil }, "\(found.map(\.message))")
        XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(files), "Live.swift"), live)
    }

    /// A type that conforms through an extension of its own (`extension Live: AlarmCells {}`):
    /// the members of its declaration are the implementations, and are renamed.
    func testMembersOfATypeConformingThroughAnExtensionAreRenamed() throws {
        let live = Self.live("paused").replacingOccurrences(of: "struct Live: AlarmCells {", with: "struct Live {") + "extension Live: AlarmCells {}\n"
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": Self.napping, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Live.swift")
        XCTAssertEqual(after, live.replacingOccurrences(of: "pausedSnooze", with: "pausedNap"))
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])
        try Self.assertCompiles(RemovalSyncFixTests.text(outcome, "Alarm.swift") + after, named: "rename-extension-conformance")
    }

    /// Two requirements of the old name, overloads: only the one `step`'s call reaches (by labels
    /// and arity) is renamed, with the implementations' member of its signature; the other
    /// keeps its name in the protocol and in `Live`, so the result compiles, and a second run
    /// changes nothing.
    func testAnOverloadedRequirementRenamesOnlyTheReachedSignature() throws {
        let requirement = "    func pausedSnooze(_ ctx: Alarm.Ctx, verbose: Bool) -> Step<Alarm.S, Alarm.F>\n"
        let source = Self.napping.replacingOccurrences(of: "    func ring(_ ctx: Alarm.Ctx) -> Alarm.A?\n", with: requirement + "    func ring(_ ctx: Alarm.Ctx) -> Alarm.A?\n")
        let overload = "extension Live {\n    func pausedSnooze(_ ctx: Alarm.Ctx, verbose: Bool) -> Step<Alarm.S, Alarm.F> { .ignored }\n}\n"
        let live = Self.live("paused") + overload
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": source, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let alarm = RemovalSyncFixTests.text(outcome, "Alarm.swift"), after = RemovalSyncFixTests.text(outcome, "Live.swift")
        XCTAssertTrue(alarm.contains("    func pausedNap(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>\n" + requirement), alarm)
        XCTAssertEqual(after, Self.live("paused").replacingOccurrences(of: "pausedSnooze", with: "pausedNap") + overload)
        try Self.assertCompiles(alarm + after, named: "rename-overloaded-requirement")
        let again = RemovalSyncFixTests.run(["Alarm.swift": alarm, "Live.swift": after])
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Alarm.swift"), alarm)
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Live.swift"), after)
    }

    /// A renamed requirement sharing its line with another (`func pausedSnooze(…) -> …; func
    /// ring(…) -> …`) is renamed: a rename is a token edit and needs no line of its own. The
    /// result compiles, and a second run changes nothing.
    func testARequirementSharingItsLineIsRenamed() throws {
        let source = Self.napping.replacingOccurrences(of: "Step<Alarm.S, Alarm.F>\n    func ring(", with: "Step<Alarm.S, Alarm.F>; func ring(")
        XCTAssertTrue(source.contains("; func ring("), source)
        let live = Self.live("paused")
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": source, "Live.swift": live])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let alarm = RemovalSyncFixTests.text(outcome, "Alarm.swift"), after = RemovalSyncFixTests.text(outcome, "Live.swift")
        XCTAssertTrue(alarm.contains("func pausedNap(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>; func ring("), alarm)
        XCTAssertEqual(after, live.replacingOccurrences(of: "pausedSnooze", with: "pausedNap"))
        try Self.assertCompiles(alarm + after, named: "rename-shared-line")
        let again = RemovalSyncFixTests.run(["Alarm.swift": alarm, "Live.swift": after])
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Alarm.swift"), alarm)
    }

    /// `struct Helper` conforms to nothing in the run, and its file names `Step`: it is read (a
    /// conformance may be in another file), but it is no implementation, and its `pausedSnooze`
    /// keeps its name.
    func testAMemberOfATypeTheRunNeverShowsConformingKeepsItsName() throws {
        let helper = "struct Helper {\n    func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }\n}\n"
        let outcome = RemovalSyncFixTests.run(["Alarm.swift": Self.napping, "Live.swift": Self.live("paused"), "Helper.swift": helper])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Helper.swift"), helper)
        let live = RemovalSyncFixTests.text(outcome, "Live.swift")
        XCTAssertEqual(live, Self.live("paused").replacingOccurrences(of: "pausedSnooze", with: "pausedNap"))
        try Self.assertCompiles(RemovalSyncFixTests.text(outcome, "Alarm.swift") + live + helper, named: "rename-unrelated-type")
    }
}
