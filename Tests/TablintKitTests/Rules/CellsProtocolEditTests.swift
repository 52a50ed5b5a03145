import Foundation
import XCTest
@testable import TablintKit

/// How `cells-drift`'s fix edits a `Cells` protocol laid out other than one requirement per
/// line: a one-line body (`protocol HeaterCells { func hotTick(…) -> … }`) is broken onto
/// lines so the requirement the dispatcher's new arm calls is declared.
final class CellsProtocolEditTests: XCTestCase {
    static let matrix = """
        // swift-format-ignore-file
        extension Heater {
            static let TABLE = Table(
                machine: "Heater",
                states: ["Off", "Hot"],
                actions: ["Press", "Tick"],
                cells: [
                    [.go(target: "Hot", effects: []), .handle],
                    [.go(target: "Off", effects: []), .handle],
                ],
                initial: "Off"
            )
        }

        """

    /// (Off, Tick) was IGNORE before the matrix made it HANDLE.
    static let code = """
        enum Heater { enum S { case off, hot }; enum A { case press, tick }; enum F {}; final class Ctx {} }
        protocol HeaterCells { func hotTick(_ ctx: Heater.Ctx) -> Step<Heater.S, Heater.F> }
        extension Heater {
            static func step(_ cells: HeaterCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.off, .press): return .go(.hot, effects: [])
                case (.off, .tick): return .ignored
                case (.hot, .press): return .go(.off, effects: [])
                case (.hot, .tick): return cells.hotTick(ctx)
                }
            }
        }
        final class Appliance: HeaterCells {
            func hotTick(_ ctx: Heater.Ctx) -> Step<Heater.S, Heater.F> { .go(.off, effects: []) }
        }

        """

    func testAOneLineProtocolGetsTheRequirementItsNewArmCalls() throws {
        let files = ["Code.swift": Self.code, "M.tb.swift": Self.matrix]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Code.swift")
        XCTAssertTrue(after.contains("case (.off, .tick): return cells.offTick(ctx)"), after)
        XCTAssertTrue(after.contains("""
            protocol HeaterCells {
                func hotTick(_ ctx: Heater.Ctx) -> Step<Heater.S, Heater.F>
                func offTick(_ ctx: Heater.Ctx) -> Step<Heater.S, Heater.F>
            }
            """), after)
        // A second run changes nothing.
        let again = RemovalSyncFixTests.run(["Code.swift": after, "M.tb.swift": Self.matrix])
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Code.swift"), after)
        // With the member the compiler now asks `Appliance` for, the fixed files compile and
        // the new arm reaches it.
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-line-cells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + Self.matrix.replacingOccurrences(of: "// swift-format-ignore-file\n", with: "")
            + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            extension Appliance { func offTick(_ ctx: Heater.Ctx) -> Step<Heater.S, Heater.F> { .stay(effects: []) } }
            print(Heater.step(Appliance(), Heater.Ctx(), .off, .tick))

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "heater", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "stay(effects: [])\n")
    }

    /// A public machine's new payload requirement names a narrowed struct that is declared
    /// public too: swiftc refuses a public requirement whose parameter type is internal.
    func testAPublicProtocolsNewNarrowedStructIsPublic() throws {
        let code = """
            public enum Vend {
                public enum S { case idle, busy }
                public enum A { case start, stop, feed(coins: Int) }
                public enum F { case beep }
                public final class Ctx {}

                public static func step(_ cells: VendCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.idle, .start): return .go(.busy, effects: [])
                    case (.idle, .stop): return .ignored
                    case (.idle, .feed): return .ignored
                    case (.busy, .start): return cells.busyStart(ctx)
                    case (.busy, .stop): return .go(.idle, effects: [])
                    case (.busy, .feed): return .ignored
                    }
                }
            }

            public protocol VendCells {
                func busyStart(_ ctx: Vend.Ctx) -> Step<Vend.S, Vend.F>
            }

            """
        let matrix = """
            // swift-format-ignore-file
            extension Vend {
                public static let TABLE = Table(
                    machine: "Vend",
                    states: ["Idle", "Busy"],
                    actions: ["Start", "Stop", "Feed"],
                    cells: [
                        [.go(target: "Busy", effects: []), .ignore,                          .handle],
                        [.handle,                          .go(target: "Idle", effects: []), .ignore],
                    ],
                    initial: "Idle"
                )
            }

            """
        let outcome = RemovalSyncFixTests.run(["Vend.swift": code, "Vend.tb.swift": matrix])
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Vend.swift")
        XCTAssertTrue(after.contains("func idleFeed(_ ctx: Vend.Ctx, _ action: Vend.Feed) -> Step<Vend.S, Vend.F>"), after)
        XCTAssertTrue(after.contains("public struct Feed {"), after)
        XCTAssertTrue(after.contains("public var coins: Int"), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("public-narrowed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + """
            public enum Step<S, F> { case go(S, effects: [F]); case stay(effects: [F]); case ignored }
            print(Vend.Feed(coins: 2).coins)

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "vend", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "2\n")
    }
}
