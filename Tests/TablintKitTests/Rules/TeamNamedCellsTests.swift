import Foundation
import XCTest
@testable import TablintKit

/// A machine whose dispatchers take their cells as a protocol of the team's own name
/// (`cells: some DoorHandling`), or whose `perform` is a member of the implementation: only
/// `Cells` and `…Cells` protocols are read as a machine's cells, so an effect the matrix adds
/// can get neither its `perform` arm nor its requirement. The case alone would make `perform`'s
/// `switch` non-exhaustive, so unknown-effect refuses it, saying what it found and where
/// (bb5 #15: the case was added, the arm and requirement were not, and the reason given was
/// that no arm calls a cells member).
final class TeamNamedCellsTests: XCTestCase {
    static let matrix = CombinedMatrixEditTests.table("Door", in: "Door", states: ["Open", "Closed"], actions: ["Push", "Pull"], rows: [
        #"[.go(target: "Closed", effects: ["Thud", "Click"]), .ignore]"#,
        #"[.handle,                                           .go(target: "Open", effects: ["Creak"])]"#,
    ], initial: "Closed")

    static let enums = """
        enum Door {
            enum S { case open, closed }
            enum A { case push, pull }
            enum F { case thud, creak }
            final class Ctx {}
        }

        """

    static func step(_ cells: String) -> String {
        """
        extension Door {
            static func step(_ cells: \(cells), _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.open, .push): return .go(.closed, effects: [.thud])
                case (.open, .pull): return .ignored
                case (.closed, .push): return cells.closedPush(ctx)
                case (.closed, .pull): return .go(.open, effects: [.creak])
                }
            }
        }

        """
    }

    /// `perform(_ cells: some DoorHandling, …)` beside `step`, the protocol in the same file.
    static let someHandling: [String: String] = [
        "Door.tb.swift": matrix,
        "Door.swift": enums + """
            protocol DoorHandling {
                func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                func thud(_ ctx: Door.Ctx) -> Door.A?
                func creak(_ ctx: Door.Ctx) -> Door.A?
            }

            """ + step("some DoorHandling") + """
            extension Door {
                static func perform(_ cells: some DoorHandling, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                    switch f {
                    case .thud: return cells.thud(ctx)
                    case .creak: return cells.creak(ctx)
                    }
                }
            }

            """,
        "DoorImpl.swift": """
            struct DoorImpl: DoorHandling {
                func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .ignored }
                func thud(_ ctx: Door.Ctx) -> Door.A? { nil }
                func creak(_ ctx: Door.Ctx) -> Door.A? { nil }
            }

            """,
    ]

    func testAnEffectAddedBesideATeamNamedProtocolIsRefusedWithTheProtocolNamed() throws {
        let found = MutationTests.lint(Self.someHandling)
        let finding = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
        XCTAssertNil(finding.fix, finding.message)
        XCTAssertTrue(finding.message.contains(
            "no fix: `perform` at Door.swift:23:17 calls its cells through `cells: some DoorHandling`, a protocol not named `…Cells`, which tablint does not read as the machine's cells"), finding.message)
        XCTAssertTrue(finding.message.contains("add the case, its arm and the requirement `click` by hand, or name the protocol `…Cells`"), finding.message)
        XCTAssertFalse(found.contains { $0.message.contains("no arm calls a cells member") }, "\(found.map(\.message))")

        // Nothing is half written: `enum F` keeps its cases, and the files still compile.
        let outcome = RemovalSyncFixTests.run(Self.someHandling)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertTrue(after.contains("enum F { case thud, creak }"), after)
        XCTAssertTrue(after.contains("case (.open, .push): return .go(.closed, effects: [.thud])"), after)
        let program = RemovalSyncFixTests.text(outcome, "Door.tb.swift") + after + RemovalSyncFixTests.text(outcome, "DoorImpl.swift")
            + "print(Door.perform(DoorImpl(), Door.Ctx(), .thud) as Any)\n"
        XCTAssertTrue(try CombinedMatrixEditTests.compileAndRun(program, named: "team-named").contains("nil"))
    }

    /// With the case declared by hand, `perform`'s missing arm says the same true reason.
    func testAMissingPerformArmThroughATeamNamedProtocolSaysWhy() throws {
        var files = Self.someHandling
        files["Door.swift"] = files["Door.swift"]!.replacingOccurrences(of: "enum F { case thud, creak }", with: "enum F { case thud, click, creak }")
        let found = MutationTests.lint(files).filter { $0.code == DispatcherDrift().code && $0.message.contains("has no case for effect `click`") }
        let finding = try XCTUnwrap(found.first, "\(found.map(\.message))")
        XCTAssertNil(finding.fix)
        XCTAssertTrue(finding.message.contains("no fix: `perform` calls its cells through `cells: some DoorHandling`, a protocol not named `…Cells`"), finding.message)
    }

    /// `perform` a requirement of the team's protocol, implemented with arms that call no
    /// member (`handlers: DoorHandling` in `step`): what the new arm does is not known.
    func testAnEffectAddedToAPerformOfTheImplementationIsRefused() throws {
        let files = [
            "Door.tb.swift": Self.matrix,
            "Door.swift": Self.enums + """
                protocol DoorHandling {
                    func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                    func perform(_ ctx: Door.Ctx, _ f: Door.F) -> Door.A?
                }

                """ + Self.step("DoorHandling"),
            "DoorImpl.swift": """
                struct DoorImpl: DoorHandling {
                    func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .ignored }
                    func perform(_ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                        switch f {
                        case .thud: return nil
                        case .creak: return nil
                        }
                    }
                }

                """,
        ]
        let found = MutationTests.lint(files)
        let finding = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
        XCTAssertNil(finding.fix, finding.message)
        XCTAssertTrue(finding.message.contains("no fix writes the arm of `perform` at DoorImpl.swift:3:10 that would perform it"), finding.message)
        XCTAssertTrue(finding.message.contains("the case alone would make its `switch` non-exhaustive"), finding.message)
        let outcome = RemovalSyncFixTests.run(files)
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "Door.swift").contains("enum F { case thud, creak }"))
    }
}
