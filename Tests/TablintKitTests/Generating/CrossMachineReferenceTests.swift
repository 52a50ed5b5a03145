import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/20 and play/21: a second machine of the run (`Gate`) whose action enum also
/// has `pull`, and whose implementation also has `openPull`, neither blocks nor takes part in
/// the rename or removal of Door's `pull`: a reference counts only where it can name Door's
/// case or member, and one that cannot be told still refuses, saying so.
final class CrossMachineReferenceTests: XCTestCase {
    static func doorMatrix(actions: String) -> String {
        """
        // swift-format-ignore-file
        extension Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open", "Locked"],
                actions: \(actions),
                cells: [
                    [.go(target: "Open", effects: []), .ignore, .go(target: "Locked", effects: ["Click"])],
                    [.ignore, .handle, .ignore],
                    [.ignore, .ignore, .handle],
                ],
                initial: "Closed"
            )
        }

        """
    }

    static func door(push: String = "push", pull: String = "pull") -> String {
        let member = "open" + NameCasing.upperFirst(pull)
        return """
            enum Door {
                enum S { case closed, open, locked }
                enum A { case \(push), \(pull), lock }
                enum F { case click }
                final class Ctx { var hasKey = false }
            }

            protocol DoorCells {
                func \(member)(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                func lockedLock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                func click(_ ctx: Door.Ctx) -> Door.A?
            }

            struct FrontDoor: DoorCells {
                func \(member)(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.closed, effects: []) }
                func lockedLock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { ctx.hasKey ? .go(.closed, effects: [.click]) : .ignored }
                func click(_ ctx: Door.Ctx) -> Door.A? { nil }
            }

            extension Door {
                static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                    switch (s, a) {
                    case (.closed, .\(push)): return .go(.open, effects: [])
                    case (.closed, .\(pull)): return .ignored
                    case (.closed, .lock): return .go(.locked, effects: [.click])
                    case (.open, .\(push)): return .ignored
                    case (.open, .\(pull)): return cells.\(member)(ctx)
                    case (.open, .lock): return .ignored
                    case (.locked, .\(push)): return .ignored
                    case (.locked, .\(pull)): return .ignored
                    case (.locked, .lock): return cells.lockedLock(ctx)
                    }
                }

                static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                    switch f {
                    case .click: return cells.click(ctx)
                    }
                }
            }

            """
    }

    /// Gate: actions `Pull` and `Push`, a `HANDLE` at (Open, Pull) served by `Garden.openPull`.
    static let gateMatrix = """
        // swift-format-ignore-file
        extension Gate {
            static let TABLE = Table(
                machine: "Gate",
                states: ["Shut", "Open"],
                actions: ["Pull", "Push"],
                cells: [
                    [.go(target: "Open", effects: []), .ignore],
                    [.handle, .go(target: "Shut", effects: [])],
                ],
                initial: "Shut"
            )
        }

        """

    static let gate = """
        enum Gate {
            enum S { case shut, open }
            enum A { case pull, push }
            enum F {}
            final class Ctx {}
        }

        protocol GateCells {
            func openPull(_ ctx: Gate.Ctx) -> Step<Gate.S, Gate.F>
        }

        struct Garden: GateCells {
            func openPull(_ ctx: Gate.Ctx) -> Step<Gate.S, Gate.F> { .go(.shut, effects: []) }
        }

        extension Gate {
            static func step(_ cells: GateCells, _ ctx: Gate.Ctx, _ s: Gate.S, _ a: Gate.A) -> Step<Gate.S, Gate.F> {
                switch (s, a) {
                case (.shut, .pull): return .go(.open, effects: [])
                case (.shut, .push): return .ignored
                case (.open, .pull): return cells.openPull(ctx)
                case (.open, .push): return .go(.shut, effects: [])
                }
            }
        }

        """

    static func files(actions: String, extra: [String: String] = [:]) -> [String: String] {
        ["Door.tb.swift": doorMatrix(actions: actions), "Door.swift": door(), "Gate.tb.swift": gateMatrix, "Gate.swift": gate].merging(extra) { $1 }
    }

    /// Compiles Door and Gate with the stand-in runtime and prints every pair of both.
    static func run(_ files: [String: String], doorActions: String, named name: String, in folder: URL, swiftc: URL) throws -> String {
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let program = files.keys.sorted().map { files[$0]! }.joined() + standIn + """
            let ctx = Door.Ctx()
            for s in [Door.S.closed, .open, .locked] {
                for a in [\(doorActions)] as [Door.A] { print(s, a, Door.step(FrontDoor(), ctx, s, a)) }
            }
            for s in [Gate.S.shut, .open] {
                for a in [Gate.A.pull, .push] { print(s, a, Gate.step(Garden(), Gate.Ctx(), s, a)) }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: name, in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
        return ran
    }

    func testAnotherMachinesCaseAndMemberOfTheSameNameNeitherBlockNorTakePartInARename() throws {
        let before = Self.files(actions: #"["Push", "Pull", "Lock"]"#)
        let files = Self.files(actions: #"["Push", "Tug", "Lock"]"#)
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("so the fix renames `case pull` of `enum Door.A` `tug`") && $0.fix != nil }, "\(found.map(\.message))")
        XCTAssertFalse(found.contains { $0.message.contains("Gate.swift") }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Door.swift"), Self.door(pull: "tug"))
        // Gate's `.pull`, `cells.openPull` and `Garden.openPull` are Gate's: untouched.
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Gate.swift"), Self.gate)
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cross-machine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixed = Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, RemovalSyncFixTests.text(outcome, $0.path)) })
        let ranBefore = try Self.run(before, doorActions: ".push, .pull, .lock", named: "before", in: folder, swiftc: swiftc)
        let ranAfter = try Self.run(fixed, doorActions: ".push, .tug, .lock", named: "after", in: folder, swiftc: swiftc)
        // Door's `pull` is `tug` now; Gate's lines (after the ninth) are as they were.
        let beforeLines = ranBefore.split(separator: "\n"), afterLines = ranAfter.split(separator: "\n")
        XCTAssertEqual(afterLines.prefix(9).map(String.init), beforeLines.prefix(9).map { $0.replacingOccurrences(of: "pull", with: "tug") })
        XCTAssertEqual(afterLines.dropFirst(9), beforeLines.dropFirst(9))
    }

    /// play/20: Gate's `.push` is no reference to Door's `push`, so the rename of `Push` goes.
    func testAnotherMachinesPatternDoesNotBlockTheRenameOfItsNamesake() throws {
        let files = Self.files(actions: #"["Shove", "Pull", "Lock"]"#)
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Door.swift"), Self.door(push: "shove"))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Gate.swift"), Self.gate)
    }

    /// Qualified with Gate's enum, in a file that only spells Gate, or in Gate's code: Gate's.
    /// In a file that spells both, a bare `.pull` cannot be told: it refuses, and says why.
    func testAReferenceThatCannotBeToldRefusesAndSaysSo() throws {
        let gateOnly = [
            "GateOnly.swift": "let gateOnly: Gate.A = .pull\n",
            "Qualified.swift": "let qualified = Door.S.open == .open ? Gate.A.pull : .push\n",
        ]
        let told = Self.files(actions: #"["Push", "Tug", "Lock"]"#, extra: gateOnly)
        let outcome = RemovalSyncFixTests.run(told)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Door.swift"), Self.door(pull: "tug"))

        // Black-box pass 5, play5/7: a file that spells only Gate's types may still hand a bare
        // `.pull` to Door's code declared elsewhere; only its own line would say Gate's.
        let screen = ["GateScreen.swift": "var gate: Gate.S = .open\nfunc tapped() { model.send(.pull) }\n"]
        let screenFound = MutationTests.lint(Self.files(actions: #"["Push", "Tug", "Lock"]"#, extra: screen))
        XCTAssertTrue(screenFound.contains { $0.code == EnumDrift().code && $0.message.contains("`pull` is referred to at GateScreen.swift:2:") }, "\(screenFound.map(\.message))")
        let screenOutcome = RemovalSyncFixTests.run(Self.files(actions: #"["Push", "Tug", "Lock"]"#, extra: screen))
        XCTAssertEqual(RemovalSyncFixTests.text(screenOutcome, "Door.swift"), Self.door())

        let both = ["Both.swift": "func both(_ d: Door.A, _ g: Gate.A) -> Bool { g == .pull }\n"]
        let untold = Self.files(actions: #"["Push", "Tug", "Lock"]"#, extra: both)
        let found = MutationTests.lint(untold)
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("action `Tug`") }, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains(
            "no fix renames `pull` to `tug`: `pull` is referred to at Both.swift:1:53 (`Gate` declares `pull` too, and tablint cannot tell which machine's this one names)"), finding.message)
        XCTAssertEqual(RemovalSyncFixTests.text(RemovalSyncFixTests.run(untold), "Door.swift"), Self.door())
        // Qualified with Door's enum, it is Door's wherever it is.
        let doors = ["Doors.swift": "extension Gate {\n    static let other = Door.A.pull\n}\n"]
        let mine = MutationTests.lint(Self.files(actions: #"["Push", "Tug", "Lock"]"#, extra: doors))
        XCTAssertTrue(mine.contains { $0.message.contains("`pull` is referred to at Doors.swift:2:31;") }, "\(mine.map(\.message))")
    }

    /// A removal of Door's `pull` column: Gate's pattern and member neither keep Door's case.
    func testAnotherMachinesReferencesDoNotKeepARemovedCase() throws {
        var files = Self.files(actions: #"["Push", "Lock"]"#)
        files["Door.tb.swift"] = Self.doorMatrix(actions: #"["Push", "Lock"]"#)
            .replacingOccurrences(of: ", .ignore, .go(target: \"Locked\"", with: ", .go(target: \"Locked\"")
            .replacingOccurrences(of: "[.ignore, .handle, .ignore]", with: "[.ignore, .ignore]")
            .replacingOccurrences(of: "[.ignore, .ignore, .handle]", with: "[.ignore, .handle]")
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("the fix removes `case pull` from `enum Door.A`") }, "\(found.map(\.message))")
        // Door's own implementation keeps the requirement (its body is the author's), not Gate's.
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("`FrontDoor.openPull` at Door.swift:") }, "\(found.map(\.message))")
        XCTAssertFalse(found.contains { $0.message.contains("Garden") || $0.message.contains("Gate.swift") }, "\(found.map(\.message))")
    }

    /// Black-box pass 5, play5/6: one class implements Door's and Gate's cells, with two
    /// `openPull` that differ only in what they return. Renaming Door's `Open` cannot tell which
    /// one Door's protocol requires: refused whole, nothing written, and the finding says why.
    func testOverloadsThatDifferOnlyInTheirResultRefuseTheRename() throws {
        let files: [String: String] = [
            "App.swift": """
            public final class AppCtx { public init() {} }
            public enum Door {
                public enum S { case shut, open }
                public enum A { case push, pull }
                public enum F { case creak }
                public typealias Ctx = AppCtx
            }
            public enum Gate {
                public enum S { case shut, open }
                public enum A { case push, pull }
                public enum F { case creak }
                public typealias Ctx = AppCtx
            }
            """,
            "Gen.swift": """
            // Written by `tablint scaffold` from the matrix; edit the matrix and run it again, not this file.

            public protocol DoorCells {
                func openPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                func creak(_ ctx: Door.Ctx) -> Door.A?
            }

            extension Door {
                public static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                    switch (s, a) {
                    case (.shut, .push): return .go(.open, effects: [.creak])
                    case (.shut, .pull): return .ignored
                    case (.open, .push): return .ignored
                    case (.open, .pull): return cells.openPull(ctx)
                    }
                }

                public static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                    switch f {
                    case .creak: return cells.creak(ctx)
                    }
                }
            }

            public protocol GateCells {
                func openPull(_ ctx: Gate.Ctx) -> Step<Gate.S, Gate.F>
                func creak(_ ctx: Gate.Ctx) -> Gate.A?
            }

            extension Gate {
                public static func step(_ cells: GateCells, _ ctx: Gate.Ctx, _ s: Gate.S, _ a: Gate.A) -> Step<Gate.S, Gate.F> {
                    switch (s, a) {
                    case (.shut, .push): return .go(.open, effects: [.creak])
                    case (.shut, .pull): return .ignored
                    case (.open, .push): return .ignored
                    case (.open, .pull): return cells.openPull(ctx)
                    }
                }

                public static func perform(_ cells: GateCells, _ ctx: Gate.Ctx, _ f: Gate.F) -> Gate.A? {
                    switch f {
                    case .creak: return cells.creak(ctx)
                    }
                }
            }
            """,
            "Live.swift": """
            final class Live: DoorCells, GateCells {
                func openPull(_ ctx: AppCtx) -> Step<Door.S, Door.F> { .go(.shut, effects: []) }
                func openPull(_ ctx: AppCtx) -> Step<Gate.S, Gate.F> { .stay(effects: [.creak]) }
                func creak(_ ctx: AppCtx) -> Door.A? { nil }
                func creak(_ ctx: AppCtx) -> Gate.A? { nil }
            }
            """,
            "Tables.tb.swift": """
            // swift-format-ignore-file
            extension Door {
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Shut", "Ajar"],
                    actions: ["Push", "Pull"],
                    cells: [
                        [.go(target: "Ajar", effects: ["Creak"]), .ignore],
                        [.ignore,                                 .handle],
                    ],
                    initial: "Shut"
                )
            }

            extension Gate {
                static let TABLE = Table(
                    machine: "Gate",
                    states: ["Shut", "Open"],
                    actions: ["Push", "Pull"],
                    cells: [
                        [.go(target: "Open", effects: ["Creak"]), .ignore],
                        [.ignore,                                 .handle],
                    ],
                    initial: "Shut"
                )
            }
            """,
        ]
        let outcome = RemovalSyncFixTests.run(files)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), files["Live.swift"])
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Gen.swift"), files["Gen.swift"])
        let messages = MutationTests.lint(files).map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("the overloads of `openPull` in `Live` at Live.swift:2:10 differ only in what they return") }, "\(messages)")
    }
}
