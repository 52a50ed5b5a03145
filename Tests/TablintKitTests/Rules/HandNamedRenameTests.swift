import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/28: a hand-named `Cells` protocol (`on` + the state + the action) and a state
/// renamed in the matrix. The rename renames the member its pattern names after the old state
/// (requirement, call, implementation), and adds no generator's name for the cells it keeps.
final class HandNamedRenameTests: XCTestCase {
    static func matrix(first: String) -> String {
        """
        // swift-format-ignore-file
        extension Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["\(first)", "Open", "Locked"],
                actions: ["Push", "Pull", "Lock"],
                cells: [
                    [.handle, .ignore, .go(target: "Locked", effects: ["Click"])],
                    [.ignore, .handle, .go(target: "\(first)", effects: [])],
                    [.ignore, .ignore, .handle],
                ],
                initial: "\(first)"
            )
        }

        """
    }

    static func door(_ closed: String, member: String) -> String {
        """
        enum Door {
            enum S { case \(closed), open, locked }
            enum A { case push, pull, lock }
            enum F { case click }
            final class Ctx { var hasKey = false }
        }

        protocol DoorCells {
            func \(member)(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
            func onOpenPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
            func onLockedLock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
            func click(_ ctx: Door.Ctx) -> Door.A?
        }

        struct FrontDoor: DoorCells {
            func \(member)(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.open, effects: []) }
            func onOpenPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.locked, effects: []) }
            func onLockedLock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { ctx.hasKey ? .go(.open, effects: [.click]) : .ignored }
            func click(_ ctx: Door.Ctx) -> Door.A? { nil }
        }

        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.\(closed), .push): return cells.\(member)(ctx)
                case (.\(closed), .pull): return .ignored
                case (.\(closed), .lock): return .go(.locked, effects: [.click])
                case (.open, .push): return .ignored
                case (.open, .pull): return cells.onOpenPull(ctx)
                case (.open, .lock): return .go(.\(closed), effects: [])
                case (.locked, .push): return .ignored
                case (.locked, .pull): return .ignored
                case (.locked, .lock): return cells.onLockedLock(ctx)
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

    func testARenamedStateRenamesTheHandNamedMemberAfterItsPatternAndAddsNothing() throws {
        let before = Self.door("closed", member: "onClosedPush")
        let files = ["Door.tb.swift": Self.matrix(first: "Shut"), "Door.swift": before]
        let found = MutationTests.lint(files)
        XCTAssertTrue(found.contains {
            $0.code == CellsDrift().code && $0.message.contains("`DoorCells` requires `onClosedPush`, named as its neighbours are after `closed`") && $0.fix != nil
        }, "\(found.map(\.message))")
        // No generator's name (`shutPush`, `openPull`, `lockedLock`) is asked for.
        XCTAssertFalse(found.contains { $0.message.contains("has no requirement") || $0.message.contains("`openPull`") }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertEqual(after, Self.door("shut", member: "onShutPush"))
        XCTAssertEqual(outcome.files.flatMap(\.diagnostics).filter { $0.severity == .error }.map(\.message), [])

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hand-named-rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func program(_ source: String, _ first: String) -> String {
            Self.matrix(first: "Shut") + source + HandNamedRenameTests.standIn + """
                let ctx = Door.Ctx()
                for s in [Door.S.\(first), .open, .locked] {
                    for a in [Door.A.push, .pull, .lock] { print(s, a, Door.step(FrontDoor(), ctx, s, a)) }
                }

                """
        }
        let (ranBefore, _) = try DispatcherDefaultFixTests.compileAndRun(program(before, "closed"), named: "before", in: folder, swiftc: swiftc)
        let (ranAfter, compiler) = try DispatcherDefaultFixTests.compileAndRun(program(after, "shut"), named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertFalse(ranAfter.isEmpty)
        XCTAssertEqual(ranAfter, ranBefore.replacingOccurrences(of: "closed", with: "shut"))
    }

    /// The stand-in of the library's runtime the compiled programs use.
    static let standIn = ScaffoldAndSyncDocumentTests.step
        + "struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }\n"
        + "enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]) }\n"
}
