import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/57: a `Cells` protocol whose requirements are `async throws` and a `step`
/// whose arms call them with `try await`. A new `HANDLE` requirement is declared with its
/// neighbours' effects, its arm calls it with theirs (`return try await cells.openPull(ctx)`),
/// and a new effect's `perform` arm and requirement follow `perform`'s (`await`, `async`).
final class AsyncCellsTests: XCTestCase {
    static let matrix = """
// swift-format-ignore-file
extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Closed", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: ["Click"]), .handle],
            [.handle,                                 .handle],
        ],
        initial: "Closed"
    )
}

"""

    static let door = """
enum Door {
    enum S { case closed, open }
    enum A { case push, pull }
    enum F { case click, beep }
    final class Ctx {}
}

protocol DoorCells {
    func closedPull(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F>
    func openPush(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F>
    func click(_ ctx: Door.Ctx) async -> Door.A?
}

extension Door {
    static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) async throws -> Step<Door.S, Door.F> {
        switch (s, a) {
        case (.closed, .push): return .go(.open, effects: [.click])
        case (.closed, .pull): return try await cells.closedPull(ctx)
        case (.open, .push): return try await cells.openPush(ctx)
        case (.open, .pull): return .ignored
        }
    }

    static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) async -> Door.A? {
        switch f {
        case .click: return await cells.click(ctx)
        }
    }
}

"""

    func testNewRequirementsAndArmsCopyTheirNeighboursEffects() throws {
        let files = ["Door.tb.swift": Self.matrix, "Door.swift": Self.door]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        var expected = Self.door
        for (old, new) in [
            ("    func click(_ ctx: Door.Ctx) async -> Door.A?\n", "    func openPull(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F>\n    func click(_ ctx: Door.Ctx) async -> Door.A?\n    func beep(_ ctx: Door.Ctx) async -> Door.A?\n"),
            ("case (.open, .pull): return .ignored", "case (.open, .pull): return try await cells.openPull(ctx)"),
            ("        case .click: return await cells.click(ctx)\n", "        case .click: return await cells.click(ctx)\n        case .beep: return await cells.beep(ctx)\n"),
        ] {
            XCTAssertTrue(expected.contains(old), old)
            expected = expected.replacingOccurrences(of: old, with: new)
        }
        XCTAssertEqual(after, expected)

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("async-cells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = RemovalSyncFixTests.text(outcome, "Door.tb.swift") + after + HandNamedRenameTests.standIn + """
            struct Live: DoorCells {
                func closedPull(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F> { .ignored }
                func openPush(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F> { .go(.closed, effects: []) }
                func openPull(_ ctx: Door.Ctx) async throws -> Step<Door.S, Door.F> { .go(.closed, effects: [.beep]) }
                func click(_ ctx: Door.Ctx) async -> Door.A? { nil }
                func beep(_ ctx: Door.Ctx) async -> Door.A? { .push }
            }
            for s in [Door.S.closed, .open] {
                for a in [Door.A.push, .pull] { print(s, a, try await Door.step(Live(), Door.Ctx(), s, a)) }
            }
            print(await Door.perform(Live(), Door.Ctx(), .beep) as Any)

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertTrue(ran.contains("open pull go(Example.Door.S.closed, effects: [Example.Door.F.beep])"), ran)
        XCTAssertTrue(ran.hasSuffix("Optional(Example.Door.A.push)\n"), ran)
    }
}
