import Foundation
import XCTest
@testable import TablintKit

/// A new HANDLE cell whose state or action carries a payload, in a dispatcher whose arms already
/// hand payloads as the generator does (narrowed structs): the fixes write its arm the same way,
/// its requirement, and the narrowed struct when no file of the run declares it (in `extension
/// <Machine>`), so the only compile error left is the implementation's missing member.
final class PayloadSyncFixTests: XCTestCase {
    static let gateMatrix = """
        // swift-format-ignore-file
        let GATE_TABLE = Table(
            machine: "Gate",
            states: ["Shut", "Open", "Jammed", "Broken"],
            actions: ["Coin", "Pass", "Kick", "Reset"],
            cells: [
                [.handle, .ignore,                                .go(target: "Jammed", effects: []), .ignore],
                [.ignore, .go(target: "Shut", effects: ["Beep"]), .go(target: "Jammed", effects: []), .handle],
                [.ignore, .ignore,                                .go(target: "Jammed", effects: []), .go(target: "Shut", effects: ["Beep"])],
                [.ignore, .handle,                                .emit(effects: ["Beep"]),           .go(target: "Shut", effects: [])],
            ],
            initial: "Shut"
        )

        """

    /// The code before `Broken` and `Reset` were added; `c` and `v` are the author's names.
    static let gateCode = """
        enum GateS { case shut, open(since: Int), jammed }
        enum GateA { case coin(Int), pass, kick }
        enum GateF { case beep, alarm(String) }
        final class GateCtx { var coins = 0 }
        protocol GateCells {
            func shutCoin(_ ctx: GateCtx, _ action: Gate.Coin) -> Step<GateS, GateF>
            func beep(_ ctx: GateCtx) -> GateA?
            func alarm(_ ctx: GateCtx, _ effect: String) -> GateA?
        }
        enum Gate { struct Coin { var value: Int } }
        func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: GateS, _ a: GateA) -> Step<GateS, GateF> {
            switch (s, a) {
            case let (.shut, .coin(v)): return c.shutCoin(ctx, Gate.Coin(value: v))
            case (.shut, .pass): return .ignored
            case (.shut, .kick): return .go(.jammed, effects: [])
            case (.open, .coin): return .ignored
            case (.open, .pass): return .go(.shut, effects: [.beep])
            case (.open, .kick): return .go(.jammed, effects: [])
            case (.jammed, .coin): return .ignored
            case (.jammed, .pass): return .ignored
            case (.jammed, .kick): return .go(.jammed, effects: [])
            }
        }

        """

    static func run(_ files: [String: String]) -> Engine.Outcome { RemovalSyncFixTests.run(files) }

    func testANewPayloadHandleCellGetsItsArmRequirementAndNarrowedStruct() throws {
        let files = ["Gate.tb.swift": Self.gateMatrix, "Gate.swift": Self.gateCode]
        let found = MutationTests.lint(files)
        let missing = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("has no case for state `Broken`") })
        XCTAssertFalse(missing.message.contains("how this dispatcher hands payloads"), missing.message)
        let outcome = Self.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Gate.swift")
        XCTAssertTrue(after.contains("    case let (.open(since), .reset): return c.openReset(ctx, Gate.Open(since: since))\n"), after)
        XCTAssertTrue(after.contains("    func openReset(_ ctx: GateCtx, _ state: Gate.Open) -> Step<GateS, GateF>\n"), after)
        XCTAssertTrue(after.contains("extension Gate {\n    struct Open {\n        var since: Int\n    }\n}\n"), after)
        XCTAssertEqual(after.components(separatedBy: "struct Open").count, 2, after)
        // Idempotent: a second run changes nothing, and no sync error is left.
        let again = Self.run(["Gate.tb.swift": Self.gateMatrix, "Gate.swift": after])
        XCTAssertEqual(RemovalSyncFixTests.text(again, "Gate.swift"), after)
        let left = again.files.flatMap(\.diagnostics).filter { [DispatcherDrift().code, CellsDrift().code, EnumDrift().code].contains($0.code) }
        XCTAssertEqual(left.map(\.message), [])
        try Self.compileAndRunGate(after)
    }

    /// A narrowed struct an arm already builds (`Gate.Open` for (Open, Coin)) is not declared again.
    func testADeclaredNarrowedStructIsNotAddedAgain() throws {
        let matrix = Self.gateMatrix.replacingOccurrences(of: "[.ignore, .go(target: \"Shut\", effects: [\"Beep\"]),", with: "[.handle, .go(target: \"Shut\", effects: [\"Beep\"]),")
        let code = Self.gateCode
            .replacingOccurrences(of: "enum Gate { struct Coin { var value: Int } }", with: "enum Gate { struct Coin { var value: Int }; struct Open { var since: Int } }")
            .replacingOccurrences(of: "    case (.open, .coin): return .ignored\n", with: "    case let (.open(since), .coin(v)): return c.openCoin(ctx, Gate.Open(since: since), Gate.Coin(value: v))\n")
            .replacingOccurrences(of: "    func beep(", with: "    func openCoin(_ ctx: GateCtx, _ state: Gate.Open, _ action: Gate.Coin) -> Step<GateS, GateF>\n    func beep(")
        let after = RemovalSyncFixTests.text(Self.run(["Gate.tb.swift": matrix, "Gate.swift": code]), "Gate.swift")
        XCTAssertTrue(after.contains("return c.openReset(ctx, Gate.Open(since: since))"), after)
        XCTAssertEqual(after.components(separatedBy: "struct Open").count, 2, after)
        try Self.compileAndRunGate(after, matrix: matrix, extra: "func openCoin(_ ctx: GateCtx, _ state: Gate.Open, _ action: Gate.Coin) -> Step<GateS, GateF> { .ignored }")
    }

    /// An arm whose cell became a payload-carrying HANDLE ((Open, Coin) from IGNORE): with the
    /// dispatcher's other payload arms in the generator's shape, the whole arm is rewritten so
    /// (its pattern binds the payloads), beside the requirement and `Gate.Open` cells-drift adds.
    func testAnArmWhoseCellBecameAPayloadHandleIsRewrittenInTheGeneratorsShape() throws {
        let matrix = Self.gateMatrix.replacingOccurrences(of: "[.ignore, .go(target: \"Shut\", effects: [\"Beep\"]),", with: "[.handle, .go(target: \"Shut\", effects: [\"Beep\"]),")
        let files = ["Gate.tb.swift": matrix, "Gate.swift": Self.gateCode]
        let found = MutationTests.lint(files)
        let changed = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("`case (.open, .coin):`") }, "\(found.map(\.message))")
        XCTAssertFalse(changed.message.contains("how this dispatcher hands payloads"), changed.message)
        XCTAssertEqual(changed.fix?.applicability, .unsafe)
        let outcome = Self.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let after = RemovalSyncFixTests.text(outcome, "Gate.swift")
        XCTAssertTrue(after.contains("    case let (.open(since), .coin(value)): return c.openCoin(ctx, Gate.Open(since: since), Gate.Coin(value: value))\n"), after)
        XCTAssertTrue(after.contains("    func openCoin(_ ctx: GateCtx, _ state: Gate.Open, _ action: Gate.Coin) -> Step<GateS, GateF>\n"), after)
        XCTAssertEqual(after.components(separatedBy: "struct Open").count, 2, after)
        let left = outcome.files.flatMap(\.diagnostics).filter { [DispatcherDrift().code, CellsDrift().code, EnumDrift().code].contains($0.code) && $0.severity == .error }
        XCTAssertEqual(left.map(\.message), [])
        try Self.compileAndRunGate(after, matrix: matrix, extra: "func openCoin(_ ctx: GateCtx, _ state: Gate.Open, _ action: Gate.Coin) -> Step<GateS, GateF> { .go(.open(since: state.since + action.value), effects: []) }")
    }

    /// The same change in a dispatcher that hands payloads its own way: refused, with the reason.
    func testAnArmWhoseCellBecameAPayloadHandleInTheAuthorsShapeIsLeft() throws {
        let matrix = Self.gateMatrix.replacingOccurrences(of: "[.ignore, .go(target: \"Shut\", effects: [\"Beep\"]),", with: "[.handle, .go(target: \"Shut\", effects: [\"Beep\"]),")
        let code = Self.gateCode
            .replacingOccurrences(of: "func shutCoin(_ ctx: GateCtx, _ action: Gate.Coin)", with: "func shutCoin(_ ctx: GateCtx, _ coins: Int)")
            .replacingOccurrences(of: "return c.shutCoin(ctx, Gate.Coin(value: v))", with: "return c.shutCoin(ctx, v)")
        let found = MutationTests.lint(["Gate.tb.swift": matrix, "Gate.swift": code])
        let changed = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("`case (.open, .coin):`") }, "\(found.map(\.message))")
        XCTAssertTrue(changed.message.contains("the fix leaves this case: its state carries a payload, and how this dispatcher hands payloads to its members is its author's"), changed.message)
        XCTAssertNil(changed.fix)
    }

    /// The author's way of handing payloads (the whole value, not a narrowed struct): refused as before.
    func testADispatcherThatHandsPayloadsItsOwnWayIsRefused() throws {
        let code = Self.gateCode
            .replacingOccurrences(of: "func shutCoin(_ ctx: GateCtx, _ action: Gate.Coin)", with: "func shutCoin(_ ctx: GateCtx, _ coins: Int)")
            .replacingOccurrences(of: "return c.shutCoin(ctx, Gate.Coin(value: v))", with: "return c.shutCoin(ctx, v)")
        let found = MutationTests.lint(["Gate.tb.swift": Self.gateMatrix, "Gate.swift": code])
        let missing = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("has no case for state `Broken`") })
        XCTAssertTrue(missing.message.contains("(Open, Reset): its state carries a payload, and how this dispatcher hands payloads to its members is its author's"), missing.message)
    }

    /// A narrowed struct with the author's own fields (`Gate.Coin(amount:)`, not the
    /// generator's `value`) is the author's way: refused.
    func testNarrowedStructsOfTheAuthorsOwnFieldsAreRefused() throws {
        let code = Self.gateCode
            .replacingOccurrences(of: "struct Coin { var value: Int }", with: "struct Coin { var amount: Int }")
            .replacingOccurrences(of: "Gate.Coin(value: v)", with: "Gate.Coin(amount: v)")
        let found = MutationTests.lint(["Gate.tb.swift": Self.gateMatrix, "Gate.swift": code])
        let missing = try XCTUnwrap(found.first { $0.code == DispatcherDrift().code && $0.message.contains("has no case for state `Broken`") })
        XCTAssertTrue(missing.message.contains("(Open, Reset): its state carries a payload, and how this dispatcher hands payloads to its members is its author's"), missing.message)
    }

    /// Compiled with the real `swiftc` with an implementation that writes the two new members
    /// (the only thing missing); every pair runs.
    static func compileAndRunGate(_ after: String, matrix: String = gateMatrix, extra: String = "") throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("payload-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + matrix.replacingOccurrences(of: "// swift-format-ignore-file\n", with: "") + """
            struct Live: GateCells {
                func shutCoin(_ ctx: GateCtx, _ action: Gate.Coin) -> Step<GateS, GateF> { ctx.coins += action.value; return .go(.open(since: ctx.coins), effects: []) }
                func openReset(_ ctx: GateCtx, _ state: Gate.Open) -> Step<GateS, GateF> { .go(.shut, effects: [.alarm("reset after \\(state.since)")]) }
                func brokenPass(_ ctx: GateCtx) -> Step<GateS, GateF> { .ignored }
                \(extra)
                func beep(_ ctx: GateCtx) -> GateA? { nil }
                func alarm(_ ctx: GateCtx, _ effect: String) -> GateA? { nil }
            }
            for s in [GateS.shut, .open(since: 3), .jammed, .broken] {
                for a in [GateA.coin(2), .pass, .kick, .reset] { print(s, a, gateStep(Live(), GateCtx(), s, a)) }
            }

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "gate", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        let lines = ran.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 16, ran)
        XCTAssertTrue(lines.contains("open(since: 3) reset go(Example.GateS.shut, effects: [Example.GateF.alarm(\"reset after 3\")])"), ran)
        XCTAssertTrue(lines.contains("broken pass ignored"), ran)
        XCTAssertTrue(lines.contains("shut coin(2) go(Example.GateS.open(since: 2), effects: [])"), ran)
    }
}
