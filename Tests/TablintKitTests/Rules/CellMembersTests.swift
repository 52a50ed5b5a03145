import Foundation
import XCTest
@testable import TablintKit

/// `CellMembers.GeneratedCellNames`: which names are the generator's for some cell of a
/// matrix, asked without building every cell's name.
final class CellMembersTests: XCTestCase {
    private func matrix(_ text: String) throws -> Matrix {
        try XCTUnwrap(TableLiteralReader.read(SignificantTokens(file: SourceFile(path: "M.swift", text: text), pieces: Tokenizer.tokenize(Array(text.utf8)))).matrices.first)
    }

    /// Every cell's `lower(State) + Cap(Action)` and its `…ToChild`, whichever split of the
    /// name the state and the action make, and nothing else.
    func testTheGeneratedNamesAreEveryCellsAndOnlyThem() throws {
        let matrix = try self.matrix("""
            let M_TABLE = Table(
                machine: "M",
                states: ["A", "Ab", "Idle"],
                actions: ["Bc", "C", "Start"],
                cells: [
                    [.ignore, .ignore, .ignore],
                    [.ignore, .ignore, .handle],
                    [.ignore, .go(target: "A", effects: []), .ignore],
                ],
                initial: "A"
            )
            """)
        let names = CellMembers.GeneratedCellNames(matrix)
        for name in ["aBc", "abC", "abBc", "aC", "idleStart", "idleStartToChild", "abStartToChild", "aStart"] {
            XCTAssertTrue(names.contains(name), name)
        }
        for name in ["", "a", "idle", "Start", "idlestart", "IdleStart", "idleStartToChil", "idleStartToChildToChild", "ToChild", "bIdle", "idleStartX"] {
            XCTAssertFalse(names.contains(name), name)
        }
    }

    /// member-collision lists a `Table`'s effects as its cells name them, row by row, each once
    /// (`.go` and `.emit` alike), and names a colliding cell by its row and action: what its one
    /// pass over the cells (no array per cell) and the one matrix reference its members share
    /// must keep.
    func testMemberCollisionListsTheNamedEffectsInRowOrderOnceAndNamesTheCell() throws {
        let matrix = try self.matrix("""
            let M_TABLE = Table(
                machine: "M",
                states: ["Idle", "On"],
                actions: ["Tick", "Stop"],
                cells: [
                    [.go(target: "On", effects: ["Ring", "OnTick"]), .emit(effects: ["Beep", "Ring"])],
                    [.handle, .go(target: "Idle", effects: ["Beep", "Off"])],
                ],
                initial: "Idle"
            )
            """)
        XCTAssertEqual(MemberCollision.namedEffects(matrix).map(\.text), ["Ring", "OnTick", "Beep", "Off"])
        let collisions = MemberCollision().collisions(in: matrix)
        XCTAssertEqual(collisions.map { MemberCollision.message($0.earlier, $0.later) }, [
            "cell (On, Tick) and effect OnTick would both generate the member `onTick`. Rename a state, an action or an effect so the two differ.",
        ])
    }

    /// A row shorter than the actions names only the cells it has, as the generator pairs them.
    func testAShortRowNamesOnlyItsCells() throws {
        let matrix = try self.matrix("""
            let M_TABLE = Table(
                machine: "M",
                states: ["Idle", "Busy"],
                actions: ["Start", "Stop"],
                cells: [
                    [.ignore],
                    [.ignore, .ignore],
                ],
                initial: "Idle"
            )
            """)
        let names = CellMembers.GeneratedCellNames(matrix)
        XCTAssertTrue(names.contains("idleStart"))
        XCTAssertFalse(names.contains("idleStop"))
        XCTAssertFalse(names.contains("idleStopToChild"))
        XCTAssertTrue(names.contains("busyStop"))
    }

    static let lampFiles: [String: String] = [
        "L.tb.swift": ScaffoldCommandTests.lampTable,
        "Lamp.swift": """
            enum Lamp {
                enum S { case off, on }
                enum A { case toggle, tick }
                enum F { case onTick }
                final class Ctx {}
                static func step(_ cells: LampCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.off, .toggle): return .go(.on, effects: [.onTick])
                    case (.off, .tick): return .ignored
                    case (.on, .toggle): return .go(.off, effects: [])
                    case (.on, .tick): return .ignored
                    }
                }
                static func perform(_ cells: LampCells, _ ctx: Ctx, _ f: F) -> A? {
                    switch f {
                    case .onTick: return cells.onTick(ctx)
                    }
                }
            }
            protocol LampCells {
                func onTick(_ ctx: Lamp.Ctx) -> Lamp.A?
            }
            struct LiveLamp: LampCells { func onTick(_ ctx: Lamp.Ctx) -> Lamp.A? { nil } }

            """,
    ]

    /// A `Table` machine's HANDLE cell (On, Tick) whose member is effect `OnTick`'s too:
    /// member-collision says so, and no arm calls `cells.onTick(ctx)` for the cell, which
    /// would reach the effect's member; the files still compile.
    func testATableCellWhoseMemberIsAnEffectsIsACollisionAndNoArmIsWritten() throws {
        let found = MutationTests.lint(Self.lampFiles)
        let collision = try XCTUnwrap(found.first { $0.code == MemberCollision().code }, "\(found.map(\.message))")
        XCTAssertEqual(collision.message, "cell (On, Tick) and effect OnTick would both generate the member `onTick`. Rename a state, an action or an effect so the two differ.")
        let outcome = RemovalSyncFixTests.run(Self.lampFiles)
        let after = RemovalSyncFixTests.text(outcome, "Lamp.swift")
        XCTAssertTrue(after.contains("case (.on, .tick): return .ignored"), after)
        XCTAssertFalse(after.contains("func onTick(_ ctx: Lamp.Ctx) -> Step"), after)
        let arm = outcome.files.flatMap(\.diagnostics).first { $0.code == DispatcherDrift().code && $0.message.contains("member-collision") }
        XCTAssertNotNil(arm, "\(outcome.files.flatMap(\.diagnostics).map(\.message))")
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = ScaffoldCommandTests.lampTable.replacingOccurrences(of: "// swift-format-ignore-file\n", with: "") + after
            + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + "print(Lamp.step(LiveLamp(), Lamp.Ctx(), .on, .tick))\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "lamp", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "ignored\n")
    }
}
