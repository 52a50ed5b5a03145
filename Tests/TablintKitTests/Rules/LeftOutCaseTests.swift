import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/42: a dispatcher that is a method of a struct calls its cells through a
/// stored property (`handlers.closedKick(context)`). A new state whose `HANDLE` arm cannot be
/// written is left out with all its cases, so enum-drift does not add it: no arm may then be
/// rewritten to go to it (it would not compile), no requirement is added for its cell, and the
/// reason names the call that is no parameter's.
final class LeftOutCaseTests: XCTestCase {
    static let matrix = """
// swift-format-ignore-file
extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Closed", "Open", "Ajar"],
        actions: ["Push", "Kick"],
        cells: [
            [.go(target: "Ajar", effects: []), .handle],
            [.go(target: "Closed", effects: []), .ignore],
            [.handle, .ignore],
        ],
        initial: "Closed"
    )
}

"""

    static let door = """
enum Door {
    enum S { case closed, open }
    enum A { case push, kick }
    enum F {}
    final class Ctx {}
}

protocol DoorCells {
    func closedKick(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
}

struct DoorMachine {
    let handlers: DoorCells

    func step(_ context: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
        switch (s, a) {
        case (.closed, .push): return .go(.open, effects: [])
        case (.closed, .kick): return handlers.closedKick(context)
        case (.open, .push): return .go(.closed, effects: [])
        case (.open, .kick): return .ignored
        }
    }
}

"""

    func testNoArmIsRetargetedToACaseTheFixesDoNotAdd() throws {
        let files = ["Door.tb.swift": Self.matrix, "Door.swift": Self.door]
        let found = MutationTests.lint(files)
        let retarget = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("`case (.closed, .push):`") }, "\(found.map(\.message))")
        XCTAssertTrue(retarget.message.contains(
            "the fix leaves this case: its target: dispatcher `step` has no case for state `Ajar`, and its case for (Ajar, Push) cannot be written: `case (.closed, .kick):` calls `handlers.closedKick(context)` through `handlers`, which is no parameter of `step` typed as the machine's cells"),
            retarget.message)
        XCTAssertNil(retarget.fix)
        XCTAssertTrue(found.contains { $0.code == EnumDrift().code && $0.message.contains("no fix: dispatcher `step` has no case for state `Ajar`") && $0.fix == nil }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("`ajarPush`") && $0.message.contains("the fix does not add it") && $0.fix == nil }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertEqual(after, Self.door)

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("left-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = RemovalSyncFixTests.text(outcome, "Door.tb.swift") + after + HandNamedRenameTests.standIn + """
            struct Kicks: DoorCells {
                func closedKick(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.open, effects: []) }
            }
            let machine = DoorMachine(handlers: Kicks())
            for s in [Door.S.closed, .open] {
                for a in [Door.A.push, .kick] { print(s, a, machine.step(Door.Ctx(), s, a)) }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran.split(separator: "\n").count, 4, ran)
    }
}
