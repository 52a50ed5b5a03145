import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/42, then bb6/a 1: a dispatcher that is a method of a struct calls its cells
/// through a stored property (`handlers.closedKick(context)`). Such a property of a `Cells`
/// type is read as the cells, as a parameter is: a new state gets its case, its arms (calling
/// through `handlers`, with the context as the arms pass it) and its `HANDLE` requirement, and
/// the only thing left to write is the implementation's member, as the library intends.
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

    func testANewStateIsWrittenThroughAStoredCellsProperty() throws {
        let files = ["Door.tb.swift": Self.matrix, "Door.swift": Self.door]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertTrue(after.contains("enum S { case closed, open, ajar }"), after)
        XCTAssertTrue(after.contains("    func ajarPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>\n"), after)
        XCTAssertTrue(after.contains("        case (.closed, .push): return .go(.ajar, effects: [])\n"), after)
        XCTAssertTrue(after.contains("        case (.ajar, .push): return handlers.ajarPush(context)\n        case (.ajar, .kick): return .ignored\n"), after)

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("left-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = RemovalSyncFixTests.text(outcome, "Door.tb.swift") + after + HandNamedRenameTests.standIn + """
            struct Kicks: DoorCells {
                func closedKick(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.open, effects: []) }
                func ajarPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.closed, effects: []) }
            }
            let machine = DoorMachine(handlers: Kicks())
            for s in [Door.S.closed, .open, .ajar] {
                for a in [Door.A.push, .kick] { print(s, a, machine.step(Door.Ctx(), s, a)) }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran.split(separator: "\n").count, 6, ran)
    }
}
