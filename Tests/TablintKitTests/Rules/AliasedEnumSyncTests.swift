import Foundation
import XCTest
@testable import TablintKit

/// A top-level machine as `tablint migrate` leaves it (`typealias DoorS = DoorState`,
/// `typealias DoorCtx = Void`, `enum Door {}`), after a state (`Ajar`) and an action (`Knock`)
/// are added to the matrix: the fixes see through the aliases, adding the cases to
/// `DoorState` and `DoorAction`, and spell what they write as the neighbours do.
final class AliasedEnumSyncTests: XCTestCase {
    static let matrix = """
        // swift-format-ignore-file
        let DOOR_TABLE = Table(
            machine: "Door",
            states: ["Open", "Closed", "Locked", "Broken", "Ajar"],
            actions: ["Push", "Pull", "Lock", "Unlock", "Kick", "Knock"],
            cells: [
                // Push                               Pull                              Lock     Unlock   Kick
                [.go(target: "Closed", effects: []), .ignore,                          .ignore,      .ignore, .go(target: "Broken", effects: []), .handle],
                [.ignore,                            .go(target: "Open", effects: []), .handle,      .ignore, .go(target: "Broken", effects: []), .ignore],
                [.ignore,                            .ignore,                          .ignore,      .handle, .go(target: "Broken", effects: []), .handle],
                [.ignore,                            .ignore,                          .ignore,      .ignore, .ignore,                            .ignore],
                [.go(target: "Closed", effects: []), .go(target: "Open", effects: []), .unreachable, .ignore, .handle,                            .ignore],
            ]
        )

        """

    static let code = """
        enum DoorState: Equatable { case open, closed, locked(code: Int, tries: Int), broken }
        enum DoorAction { case push, pull, lock(Int), unlock(Int), kick }

        func advance(_ state: inout DoorState, _ action: DoorAction) {
            if case let .go(next, _) = doorStep(AdvanceCells(), (), state, action) { state = next }
        }

        typealias DoorS = DoorState
        typealias DoorA = DoorAction
        typealias DoorCtx = Void
        enum DoorF {}

        enum Door {
            struct Locked {
                var code: Int
                var tries: Int
            }

            struct Lock {
                var value: Int
            }

            struct Unlock {
                var value: Int
            }
        }

        func doorStep(_ cells: DoorCells, _ ctx: DoorCtx, _ s: DoorS, _ a: DoorA) -> Step<DoorS, DoorF> {
            switch (s, a) {
            case (.open, .push): return .go(.closed, effects: [])
            case (.open, .pull): return .ignored
            case (.open, .lock): return .ignored
            case (.open, .unlock): return .ignored
            case (.open, .kick): return .go(.broken, effects: [])
            case (.closed, .push): return .ignored
            case (.closed, .pull): return .go(.open, effects: [])
            case let (.closed, .lock(value)): return cells.closedLock(ctx, Door.Lock(value: value))
            case (.closed, .unlock): return .ignored
            case (.closed, .kick): return .go(.broken, effects: [])
            case (.locked, .push): return .ignored
            case (.locked, .pull): return .ignored
            case (.locked, .lock): return .ignored
            case let (.locked(code, tries), .unlock(value)): return cells.lockedUnlock(ctx, Door.Locked(code: code, tries: tries), Door.Unlock(value: value))
            case (.locked, .kick): return .go(.broken, effects: [])
            case (.broken, .push): return .ignored
            case (.broken, .pull): return .ignored
            case (.broken, .lock): return .ignored
            case (.broken, .unlock): return .ignored
            case (.broken, .kick): return .ignored
            }
        }

        protocol DoorCells {
            func closedLock(_ ctx: DoorCtx, _ action: Door.Lock) -> Step<DoorS, DoorF>
            func lockedUnlock(_ ctx: DoorCtx, _ state: Door.Locked, _ action: Door.Unlock) -> Step<DoorS, DoorF>
        }

        struct AdvanceCells: DoorCells {
            func closedLock(_ ctx: DoorCtx, _ narrowedAction: Door.Lock) -> Step<DoorS, DoorF> {
                let state = DoorS.closed
                let c = narrowedAction.value
                func decide(_ state: inout DoorS) {
                    state = .locked(code: c, tries: 0)
                }
                var next = state
                decide(&next)
                return .go(next, effects: [])
            }

            func lockedUnlock(_ ctx: DoorCtx, _ narrowedState: Door.Locked, _ narrowedAction: Door.Unlock) -> Step<DoorS, DoorF> {
                let state = DoorS.locked(code: narrowedState.code, tries: narrowedState.tries)
                let code = narrowedState.code
                let tries = narrowedState.tries
                let guess = narrowedAction.value
                func decide(_ state: inout DoorS) {
                    if guess == code { state = .closed; return }
                    if tries >= 2 { state = .broken } else { state = .locked(code: code, tries: tries + 1) }
                }
                var next = state
                decide(&next)
                return .go(next, effects: [])
            }
        }

        """

    func testCasesGoToTheAliasedEnumsAndRequirementsAreSpelledLikeTheirNeighbours() throws {
        let files = ["Door.swift": Self.code, "Door.tb.swift": Self.matrix]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertTrue(after.contains("enum DoorState: Equatable { case open, closed, locked(code: Int, tries: Int), broken, ajar }"), after)
        XCTAssertTrue(after.contains("enum DoorAction { case push, pull, lock(Int), unlock(Int), kick, knock }"), after)
        XCTAssertTrue(after.contains("    func openKnock(_ ctx: DoorCtx) -> Step<DoorS, DoorF>\n"), after)
        XCTAssertTrue(after.contains("    func lockedKnock(_ ctx: DoorCtx, _ state: Door.Locked) -> Step<DoorS, DoorF>\n"), after)
        XCTAssertTrue(after.contains("    case let (.locked(code, tries), .knock): return cells.lockedKnock(ctx, Door.Locked(code: code, tries: tries))\n"), after)
        XCTAssertFalse(after.contains("Door.Ctx") || after.contains("Door.S") || after.contains("Door.F"), after)
        let again = RemovalSyncFixTests.run(["Door.swift": after, "Door.tb.swift": Self.matrix])
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Door.swift"), after)
        let left = again.files.flatMap(\.diagnostics).filter { [EnumDrift().code, DispatcherDrift().code, CellsDrift().code].contains($0.code) }
        XCTAssertEqual(left.map(\.message), [])

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aliased-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The implementation writes the three new members: nothing else is missing.
        let program = after + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step
            + Self.matrix.replacingOccurrences(of: "// swift-format-ignore-file\n", with: "") + """
            extension AdvanceCells {
                func openKnock(_ ctx: DoorCtx) -> Step<DoorS, DoorF> { .ignored }
                func lockedKnock(_ ctx: DoorCtx, _ state: Door.Locked) -> Step<DoorS, DoorF> { .go(.locked(code: state.code, tries: state.tries + 1), effects: []) }
                func ajarKick(_ ctx: DoorCtx) -> Step<DoorS, DoorF> { .go(.broken, effects: []) }
            }
            for s in [DoorState.open, .closed, .locked(code: 1, tries: 0), .broken, .ajar] {
                for a in [DoorAction.push, .pull, .lock(1), .unlock(2), .kick, .knock] where !(s == .ajar && "\\(a)" == "lock(1)") {
                    var state = s
                    advance(&state, a)
                    print(s, a, state)
                }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "door", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        let lines = ran.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 29, ran)
        XCTAssertTrue(lines.contains("locked(code: 1, tries: 0) knock locked(code: 1, tries: 1)"), ran)
        XCTAssertTrue(lines.contains("ajar kick broken"), ran)
        XCTAssertTrue(lines.contains("ajar push closed"), ran)
        XCTAssertTrue(lines.contains("locked(code: 1, tries: 0) unlock(2) locked(code: 1, tries: 1)"), ran)
    }

    /// A state removed from, or renamed in, the matrix of a machine whose `LampS` aliases
    /// `LampState`: removed or renamed through the alias, as for a direct enum.
    static func lamp(states: String, lastRow: String) -> [String: String] {
        [
            "Lamp.tb.swift": """
                // swift-format-ignore-file
                let LAMP_TABLE = Table(
                    machine: "Lamp",
                    states: \(states),
                    actions: ["Toggle", "Lower"],
                    cells: [
                        [.go(target: "On", effects: []),  .ignore],
                        [.go(target: "Off", effects: []), .go(target: "Faint", effects: [])],
                        [.go(target: "Off", effects: []), .handle],\(lastRow)
                    ]
                )

                """,
            "Lamp.swift": """
                func lampStep(_ cells: LampCells, _ ctx: LampCtx, _ s: LampS, _ a: LampA) -> Step<LampS, LampF> {
                    switch (s, a) {
                    case (.off, .toggle): return .go(.on, effects: [])
                    case (.off, .lower): return .ignored
                    case (.on, .toggle): return .go(.off, effects: [])
                    case (.on, .lower): return .go(.faint, effects: [])
                    case (.faint, .toggle): return .go(.off, effects: [])
                    case (.faint, .lower): return cells.faintLower(ctx)
                    case (.dim, .toggle): return .go(.off, effects: [])
                    case (.dim, .lower): return cells.dimLower(ctx)
                    }
                }
                protocol LampCells {
                    func dimLower(_ ctx: LampCtx) -> Step<LampS, LampF>
                    func faintLower(_ ctx: LampCtx) -> Step<LampS, LampF>
                }

                """,
            "T.swift": """
                enum LampState { case off, on, faint, dim }
                enum LampAction { case toggle, lower }
                typealias LampS = LampState
                typealias LampA = LampAction
                typealias LampCtx = Void
                enum LampF {}

                """,
        ]
    }

    static func compileLamp(_ files: [String: String], impl: String, states: String, in name: String) throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = ScaffoldAndSyncDocumentTests.step
            + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
            + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
        let program = files.sorted { $0.key < $1.key }.map(\.value).joined() + standIn + impl
            + "for s in [\(states)] { for a in [LampA.toggle, .lower] { print(s, a, lampStep(Impl(), (), s, a)) } }\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ran.isEmpty)
    }

    func testAStateRemovedFromTheMatrixIsRemovedThroughTheAlias() throws {
        let files = Self.lamp(states: #"["Off", "On", "Faint"]"#, lastRow: "")
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("the fix removes `case dim` from `enum LampState` (`typealias LampS`)") && $0.fix != nil }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "T.swift").contains("enum LampState { case off, on, faint }"), RemovalSyncFixTests.text(outcome, "T.swift"))
        let step = RemovalSyncFixTests.text(outcome, "Lamp.swift")
        XCTAssertFalse(step.contains("dim"), step)
        var after = files
        for key in files.keys { after[key] = RemovalSyncFixTests.text(outcome, key) }
        try Self.compileLamp(after, impl: "struct Impl: LampCells { func faintLower(_ ctx: LampCtx) -> Step<LampS, LampF> { .ignored } }\n", states: "LampS.off, .on, .faint", in: "alias-removed")
    }

    func testAStateRenamedInTheMatrixIsRenamedThroughTheAlias() throws {
        let files = Self.lamp(states: #"["Off", "On", "Faint", "Glow"]"#, lastRow: "\n        [.go(target: \"Off\", effects: []), .handle],")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "T.swift").contains("enum LampState { case off, on, faint, glow }"), RemovalSyncFixTests.text(outcome, "T.swift"))
        let step = RemovalSyncFixTests.text(outcome, "Lamp.swift")
        XCTAssertTrue(step.contains("case (.glow, .lower): return cells.glowLower(ctx)") && step.contains("func glowLower(") && !step.contains("dim"), step)
        var after = files
        for key in files.keys { after[key] = RemovalSyncFixTests.text(outcome, key) }
        let impl = "struct Impl: LampCells {\n    func faintLower(_ ctx: LampCtx) -> Step<LampS, LampF> { .ignored }\n    func glowLower(_ ctx: LampCtx) -> Step<LampS, LampF> { .ignored }\n}\n"
        try Self.compileLamp(after, impl: impl, states: "LampS.off, .on, .faint, .glow", in: "alias-renamed")
    }
}
