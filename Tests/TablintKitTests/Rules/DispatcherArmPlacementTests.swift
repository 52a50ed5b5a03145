import Foundation
import XCTest
@testable import TablintKit

/// How the sync fixes write new arms and requirements beside hand-written ones: as the
/// neighbouring arms are written (`switch` expressions), after a neighbour's doc comment and
/// attributes rather than between them, in row-major order past a row's wildcard arm, and
/// covering an action whose removal is left. Each fixed result compiles with the real `swiftc`.
final class DispatcherArmPlacementTests: XCTestCase {
    static func table(_ machine: String, states: [String], actions: [String], rows: [String]) -> String {
        CombinedMatrixEditTests.table(machine, in: machine, states: states, actions: actions, rows: rows, initial: states[0])
    }

    /// `step` returns a `switch` expression (`return switch`) and `perform` is one whose arms
    /// omit `return`: a new state's arms, a new effect's `perform` arm and a changed arm are
    /// written without `return`, which a `switch` expression does not allow.
    func testArmsOfASwitchExpressionAreWrittenWithoutReturn() throws {
        let code = """
            enum Light {
                enum S { case off, on }
                enum A { case toggle, tick }
                enum F { case glow }
                final class Ctx {}
                static func step(_ c: LightCells, _ context: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    return switch (s, a) {
                    case (.off, .toggle): .go(.on, effects: [.glow])
                    case (.off, .tick): .ignored
                    case (.on, .toggle): .go(.off, effects: [])
                    case (.on, .tick): c.onTick(context)
                    }
                }
                static func perform(_ c: LightCells, _ context: Ctx, _ f: F) -> A? {
                    switch f {
                    case .glow: c.glow(context)
                    }
                }
            }
            protocol LightCells {
                func onTick(_ ctx: Light.Ctx) -> Step<Light.S, Light.F>
                func glow(_ ctx: Light.Ctx) -> Light.A?
            }

            """
        let matrix = Self.table("Light", states: ["Off", "On", "Dim"], actions: ["Toggle", "Tick"], rows: [
            #"[.go(target: "On", effects: ["Glow"]), .go(target: "Off", effects: ["Hum"])]"#,
            #"[.go(target: "Off", effects: []), .handle]"#,
            #"[.go(target: "Off", effects: []), .handle]"#,
        ])
        let (texts, errors) = CombinedMatrixEditTests.fix(["L.tb.swift": matrix, "Light.swift": code])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Light.swift"])
        XCTAssertTrue(after.contains("""
                    case (.off, .tick): .go(.off, effects: [.hum])
            """), after)
        XCTAssertTrue(after.contains("""
                    case (.on, .tick): c.onTick(context)
                    case (.dim, .toggle): .go(.off, effects: [])
                    case (.dim, .tick): c.dimTick(context)
            """), after)
        XCTAssertTrue(after.contains("case .hum: c.hum(context)"), after)
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: LightCells {
                func onTick(_ ctx: Light.Ctx) -> Step<Light.S, Light.F> { .ignored }
                func dimTick(_ ctx: Light.Ctx) -> Step<Light.S, Light.F> { .go(.on, effects: []) }
                func glow(_ ctx: Light.Ctx) -> Light.A? { nil }
                func hum(_ ctx: Light.Ctx) -> Light.A? { .toggle }
            }
            print(Light.step(Impl(), Light.Ctx(), .dim, .tick), Light.step(Impl(), Light.Ctx(), .off, .tick), Light.perform(Impl(), Light.Ctx(), .hum) as Any)

            """, named: "switch-expression")
        XCTAssertTrue(ran.contains("go(Light.S.on, effects: []) go(Light.S.off, effects: [Light.F.hum]) Optional(Light.A.toggle)"), ran)
    }

    /// A new requirement that comes before `playingStop` goes above its doc comment and
    /// attribute, which stay with it.
    func testANewRequirementGoesAboveItsNeighboursDocCommentAndAttributes() throws {
        let code = """
            enum Player {
                enum S { case idle, playing }
                enum A { case play, stop }
                enum F { case startAudio }
                final class Ctx {}
            }
            protocol PlayerCells {
                /// Called when the user stops while playing.
                @discardableResult
                func playingStop(_ ctx: Player.Ctx) -> Step<Player.S, Player.F>
                /// Starts the audio engine.
                func startAudio(_ ctx: Player.Ctx) -> Player.A?
            }
            extension Player {
                static func step(_ cells: PlayerCells, _ ctx: Player.Ctx, _ s: Player.S, _ a: Player.A) -> Step<Player.S, Player.F> {
                    switch (s, a) {
                    case (.idle, .play): return .go(.playing, effects: [.startAudio])
                    case (.idle, .stop): return .ignored
                    case (.playing, .play): return .ignored
                    case (.playing, .stop): return cells.playingStop(ctx)
                    }
                }
                static func perform(_ cells: PlayerCells, _ ctx: Player.Ctx, _ f: Player.F) -> Player.A? {
                    switch f {
                    case .startAudio: return cells.startAudio(ctx)
                    }
                }
            }

            """
        let matrix = Self.table("Player", states: ["Idle", "Playing"], actions: ["Play", "Stop"], rows: [
            #"[.go(target: "Playing", effects: ["StartAudio"]), .handle]"#,
            #"[.ignore, .handle]"#,
        ])
        let (texts, errors) = CombinedMatrixEditTests.fix(["P.tb.swift": matrix, "Player.swift": code])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Player.swift"])
        XCTAssertTrue(after.contains("""
            protocol PlayerCells {
                func idleStop(_ ctx: Player.Ctx) -> Step<Player.S, Player.F>
                /// Called when the user stops while playing.
                @discardableResult
                func playingStop(_ ctx: Player.Ctx) -> Step<Player.S, Player.F>
            """), after)
        _ = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: PlayerCells {
                func idleStop(_ ctx: Player.Ctx) -> Step<Player.S, Player.F> { .ignored }
                func playingStop(_ ctx: Player.Ctx) -> Step<Player.S, Player.F> { .go(.idle, effects: []) }
                func startAudio(_ ctx: Player.Ctx) -> Player.A? { nil }
            }
            print(Player.step(Impl(), Player.Ctx(), .idle, .stop))

            """, named: "doc-comment")
    }

    /// `Push` leaves the matrix but its removal is refused (a label over several lines) while
    /// `Service` is added: the new state's arms cover `push` too, or the switch would not be
    /// exhaustive.
    func testANewStateCoversAnActionWhoseRemovalIsLeft() throws {
        let code = """
            enum Gate {
                enum S { case locked, unlocked }
                enum A { case coin, push }
                enum F { case click }
                final class Ctx {}
            }
            protocol GateCells {
                func click(_ ctx: Gate.Ctx) -> Gate.A?
            }
            extension Gate {
                static func step(_ cells: GateCells, _ ctx: Gate.Ctx, _ s: Gate.S, _ a: Gate.A) -> Step<Gate.S, Gate.F> {
                    switch (s, a) {
                    case (.locked, .coin): return .go(.unlocked, effects: [.click])
                    case (.locked, .push),
                         (.unlocked, .coin):
                        return .ignored
                    case (.unlocked, .push): return .go(.locked, effects: [])
                    }
                }
                static func perform(_ cells: GateCells, _ ctx: Gate.Ctx, _ f: Gate.F) -> Gate.A? {
                    switch f {
                    case .click: return cells.click(ctx)
                    }
                }
            }

            """
        let matrix = Self.table("Gate", states: ["Locked", "Unlocked", "Service"], actions: ["Coin"], rows: [
            #"[.go(target: "Unlocked", effects: ["Click"])]"#,
            #"[.ignore]"#,
            #"[.go(target: "Locked", effects: [])]"#,
        ])
        let (texts, errors) = CombinedMatrixEditTests.fix(["G.tb.swift": matrix, "Gate.swift": code])
        XCTAssertTrue(errors.contains { $0.contains("no fix removes `push`") }, "\(errors)")
        let after = try XCTUnwrap(texts["Gate.swift"])
        XCTAssertTrue(after.contains("enum S { case locked, unlocked, service }"), after)
        XCTAssertTrue(after.contains("""
                    case (.service, .coin): return .go(.locked, effects: [])
                    case (.service, .push): fatalError(
            """), after)
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: GateCells { func click(_ ctx: Gate.Ctx) -> Gate.A? { nil } }
            print(Gate.step(Impl(), Gate.Ctx(), .service, .coin))

            """, named: "kept-action")
        XCTAssertTrue(ran.contains("go(Gate.S.locked, effects: [])"), ran)
    }

    /// `Broken` leaves the matrix but its removal is refused (a label over several lines)
    /// while `Kick` is added: the new action's cases cover `broken` too, after its last case.
    func testANewActionCoversAStateWhoseRemovalIsLeft() throws {
        let code = """
            enum Gate {
                enum S { case locked, unlocked, broken }
                enum A { case coin }
                enum F { case click }
                final class Ctx {}
            }
            protocol GateCells {
                func click(_ ctx: Gate.Ctx) -> Gate.A?
            }
            extension Gate {
                static func step(_ cells: GateCells, _ ctx: Gate.Ctx, _ s: Gate.S, _ a: Gate.A) -> Step<Gate.S, Gate.F> {
                    switch (s, a) {
                    case (.locked, .coin): return .go(.unlocked, effects: [.click])
                    case (.unlocked, .coin),
                         (.broken, .coin):
                        return .ignored
                    }
                }
                static func perform(_ cells: GateCells, _ ctx: Gate.Ctx, _ f: Gate.F) -> Gate.A? {
                    switch f {
                    case .click: return cells.click(ctx)
                    }
                }
            }

            """
        let matrix = Self.table("Gate", states: ["Locked", "Unlocked"], actions: ["Coin", "Kick"], rows: [
            #"[.go(target: "Unlocked", effects: ["Click"]), .ignore]"#,
            #"[.ignore, .go(target: "Locked", effects: [])]"#,
        ])
        let (texts, errors) = CombinedMatrixEditTests.fix(["G.tb.swift": matrix, "Gate.swift": code])
        XCTAssertTrue(errors.contains { $0.contains("no fix removes `broken`") }, "\(errors)")
        let after = try XCTUnwrap(texts["Gate.swift"])
        XCTAssertTrue(after.contains("enum A { case coin, kick }"), after)
        XCTAssertTrue(after.contains("""
                        return .ignored
                    case (.unlocked, .kick): return .go(.locked, effects: [])
                    case (.broken, .kick): fatalError(
            """), after)
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: GateCells { func click(_ ctx: Gate.Ctx) -> Gate.A? { nil } }
            print(Gate.step(Impl(), Gate.Ctx(), .unlocked, .kick))

            """, named: "kept-state")
        XCTAssertTrue(ran.contains("go(Gate.S.locked, effects: [])"), ran)
    }

    /// A new last row goes after the row before it even where that row is one wildcard arm
    /// (`(.closed, _)`), not before it.
    func testANewRowGoesAfterTheWildcardArmOfTheRowBefore() throws {
        let code = """
            enum Till {
                enum S { case open, closed }
                enum A { case pay, close }
                enum F { case receipt }
                final class Ctx {}
            }
            protocol TillCells {
                func receipt(_ ctx: Till.Ctx) -> Till.A?
            }
            extension Till {
                static func step(_ cells: TillCells, _ ctx: Till.Ctx, _ s: Till.S, _ a: Till.A) -> Step<Till.S, Till.F> {
                    switch (s, a) {
                    case (.open, .pay): return .go(.closed, effects: [.receipt])
                    case (.open, .close): return .go(.closed, effects: [])
                    case (.closed, _): return .ignored
                    }
                }
                static func perform(_ cells: TillCells, _ ctx: Till.Ctx, _ f: Till.F) -> Till.A? {
                    switch f {
                    case .receipt: return cells.receipt(ctx)
                    }
                }
            }

            """
        let matrix = Self.table("Till", states: ["Open", "Closed", "Overdue"], actions: ["Pay", "Close"], rows: [
            #"[.go(target: "Closed", effects: ["Receipt"]), .go(target: "Closed", effects: [])]"#,
            #"[.ignore, .ignore]"#,
            #"[.go(target: "Closed", effects: []), .ignore]"#,
        ])
        let (texts, _) = CombinedMatrixEditTests.fix(["T.tb.swift": matrix, "Till.swift": code])
        let after = try XCTUnwrap(texts["Till.swift"])
        let lastClosed = try XCTUnwrap(after.range(of: "case (.closed,", options: .backwards))
        let firstOverdue = try XCTUnwrap(after.range(of: "case (.overdue,"))
        XCTAssertLessThan(lastClosed.lowerBound, firstOverdue.lowerBound, after)
        XCTAssertTrue(after.contains("""
                    case (.overdue, .pay): return .go(.closed, effects: [])
                    case (.overdue, .close): return .ignored
            """), after)
        _ = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: TillCells { func receipt(_ ctx: Till.Ctx) -> Till.A? { nil } }
            print(Till.step(Impl(), Till.Ctx(), .overdue, .pay))

            """, named: "row-major")
    }
}
