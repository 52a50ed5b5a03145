import Foundation
import XCTest
@testable import TablintKit

/// bb5 #9 and #10: a `HANDLE` cell or an effect added to a matrix whose `Cells` protocol takes
/// the context otherwise than the generator spells it (`inout DoorCtx`, `any DoorContext`,
/// `Door.Context`) or returns a type of its own (`DoorStep`). The requirement cells-drift's fix
/// adds takes the context and returns what its neighbours do, and the arm dispatcher-drift's
/// fix writes passes the context as theirs do (`&ctx`); where they disagree, or none says, the
/// fix says so.
final class RequirementParameterSpellingTests: XCTestCase {
    /// (Open, Kick) is a new HANDLE cell and `Chime` a new effect.
    static let matrix = """
        // swift-format-ignore-file
        extension Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open"],
                actions: ["Kick", "Shut"],
                cells: [
                    [.handle, .go(target: "Closed", effects: ["Log", "Chime"])],
                    [.handle, .ignore],
                ],
                initial: "Closed"
            )
        }

        """

    /// The machine's types, with the context declared as `context` and spelt as `spelling`.
    static func door(context: String, spelling: String, call: String = "ctx", effects: String = "", results: (String, String) = ("Step<Door.S, Door.F>", "Door.A?")) -> String {
        let specifiers = effects.isEmpty ? "" : " " + effects
        let calls = effects.isEmpty ? "" : "try await "
        return """
            \(context)
            enum Door {
                enum S { case closed, open }
                enum A { case kick, shut }
                enum F { case log }
            }
            protocol DoorCells {
                func closedKick(_ ctx: \(spelling))\(specifiers) -> \(results.0)
                func log(_ ctx: \(spelling))\(specifiers) -> \(results.1)
            }
            extension Door {
                static func step(_ cells: DoorCells, _ ctx: \(spelling), _ s: S, _ a: A)\(specifiers) -> Step<S, F> {
                    switch (s, a) {
                    case (.closed, .kick): return \(calls)cells.closedKick(\(call))
                    case (.closed, .shut): return .go(.closed, effects: [.log])
                    case (.open, .shut): return .ignored
                    }
                }
                static func perform(_ cells: DoorCells, _ ctx: \(spelling), _ f: F)\(specifiers) -> A? {
                    switch f {
                    case .log: return \(calls)cells.log(\(call))
                    }
                }
            }

            """
    }

    /// What the fixes make of `door`: the new requirements after their neighbours, the new
    /// arms after theirs, and `case chime`.
    static func fixed(_ door: String, spelling: String, call: String = "ctx", effects: String = "", results: (String, String) = ("Step<Door.S, Door.F>", "Door.A?")) -> String {
        let specifiers = effects.isEmpty ? "" : " " + effects
        let calls = effects.isEmpty ? "" : "try await "
        return door
            .replacingOccurrences(of: "enum F { case log }", with: "enum F { case log, chime }")
            .replacingOccurrences(
                of: "    func log(", with: "    func openKick(_ ctx: \(spelling))\(specifiers) -> \(results.0)\n    func log(")
            .replacingOccurrences(
                of: "(_ ctx: \(spelling))\(specifiers) -> \(results.1)\n}",
                with: "(_ ctx: \(spelling))\(specifiers) -> \(results.1)\n    func chime(_ ctx: \(spelling))\(specifiers) -> \(results.1)\n}")
            .replacingOccurrences(of: "effects: [.log])", with: "effects: [.log, .chime])")
            .replacingOccurrences(
                of: "        case (.open, .shut)", with: "        case (.open, .kick): return \(calls)cells.openKick(\(call))\n        case (.open, .shut)")
            .replacingOccurrences(
                of: "cells.log(\(call))\n", with: "cells.log(\(call))\n        case .chime: return \(calls)cells.chime(\(call))\n")
    }

    static func fix(_ door: String) -> String {
        let outcome = RemovalSyncFixTests.run(["Door.tb.swift": matrix, "Door.swift": door])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        return RemovalSyncFixTests.text(outcome, "Door.swift")
    }

    /// Compiles the fixed code with an implementation of every member, and runs `main`.
    static func run(_ door: String, _ implementation: String, _ main: String, name: String) throws -> String {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = matrix + door + HandNamedRenameTests.standIn + implementation + main
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: name, in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        return ran
    }

    /// bb5 #9: the neighbours take the context `inout` and the dispatchers pass `&ctx`.
    func testAnInoutContextIsTakenAndPassedAsTheNeighboursDo() throws {
        let door = Self.door(context: "struct DoorCtx { var kicks = 0 }", spelling: "inout DoorCtx", call: "&ctx")
        let after = Self.fix(door)
        XCTAssertEqual(after, Self.fixed(door, spelling: "inout DoorCtx", call: "&ctx"))
        let ran = try Self.run(after, """
            struct Impl: DoorCells {
                func closedKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { ctx.kicks += 1; return .go(.open, effects: []) }
                func openKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { ctx.kicks += 10; return .ignored }
                func log(_ ctx: inout DoorCtx) -> Door.A? { nil }
                func chime(_ ctx: inout DoorCtx) -> Door.A? { ctx.kicks += 100; return .shut }
            }

            """, """
            var ctx = DoorCtx()
            print(Door.step(Impl(), &ctx, .closed, .kick), Door.step(Impl(), &ctx, .open, .kick), Door.perform(Impl(), &ctx, .chime).map { "\\($0)" } ?? "nil", ctx.kicks)

            """, name: "inout")
        XCTAssertEqual(ran, "go(Example.Door.S.open, effects: []) ignored shut 111\n")
    }

    /// The `async throws` the neighbours are declared with still goes with an `inout` context.
    func testAnInoutContextKeepsTheNeighboursEffects() throws {
        let door = Self.door(context: "struct DoorCtx { var kicks = 0 }", spelling: "inout DoorCtx", call: "&ctx", effects: "async throws")
        let after = Self.fix(door)
        XCTAssertEqual(after, Self.fixed(door, spelling: "inout DoorCtx", call: "&ctx", effects: "async throws"))
        let ran = try Self.run(after, """
            struct Impl: DoorCells {
                func closedKick(_ ctx: inout DoorCtx) async throws -> Step<Door.S, Door.F> { .ignored }
                func openKick(_ ctx: inout DoorCtx) async throws -> Step<Door.S, Door.F> { ctx.kicks += 10; return .ignored }
                func log(_ ctx: inout DoorCtx) async throws -> Door.A? { nil }
                func chime(_ ctx: inout DoorCtx) async throws -> Door.A? { ctx.kicks += 100; return nil }
            }

            """, """
            var ctx = DoorCtx()
            _ = try await Door.step(Impl(), &ctx, .open, .kick)
            _ = try await Door.perform(Impl(), &ctx, .chime)
            print(ctx.kicks)

            """, name: "async")
        XCTAssertEqual(ran, "110\n")
    }

    /// bb5 #10: an existential context (`any DoorContext`), not the generator's `Door.Ctx`.
    func testAnExistentialContextIsCopied() throws {
        let door = Self.door(
            context: "protocol DoorContext: AnyObject { var kicks: Int { get set } }\nfinal class Live: DoorContext { var kicks = 0 }",
            spelling: "any DoorContext")
        let after = Self.fix(door)
        XCTAssertEqual(after, Self.fixed(door, spelling: "any DoorContext"))
        let ran = try Self.run(after, """
            struct Impl: DoorCells {
                func closedKick(_ ctx: any DoorContext) -> Step<Door.S, Door.F> { .ignored }
                func openKick(_ ctx: any DoorContext) -> Step<Door.S, Door.F> { ctx.kicks += 10; return .ignored }
                func log(_ ctx: any DoorContext) -> Door.A? { nil }
                func chime(_ ctx: any DoorContext) -> Door.A? { ctx.kicks += 100; return nil }
            }

            """, """
            let live = Live()
            _ = Door.step(Impl(), live, .open, .kick)
            _ = Door.perform(Impl(), live, .chime)
            print(live.kicks)

            """, name: "existential")
        XCTAssertEqual(ran, "110\n")
    }

    /// bb5 #10: a nested name the generator does not use (`Door.Context`), and results spelt
    /// through aliases of the code's own (`DoorStep`, `DoorAction?`).
    func testANestedContextAndAliasedResultsAreCopied() throws {
        let results = ("DoorStep", "DoorAction?")
        let door = Self.door(
            context: "typealias DoorStep = Step<Door.S, Door.F>\ntypealias DoorAction = Door.A\nextension Door { struct Context { var kicks = 0 } }",
            spelling: "Door.Context", results: results)
        let after = Self.fix(door)
        XCTAssertEqual(after, Self.fixed(door, spelling: "Door.Context", results: results))
        let ran = try Self.run(after, """
            struct Impl: DoorCells {
                func closedKick(_ ctx: Door.Context) -> DoorStep { .ignored }
                func openKick(_ ctx: Door.Context) -> DoorStep { .go(.closed, effects: [.chime]) }
                func log(_ ctx: Door.Context) -> DoorAction? { nil }
                func chime(_ ctx: Door.Context) -> DoorAction? { .kick }
            }

            """, """
            print(Door.step(Impl(), Door.Context(), .open, .kick), Door.perform(Impl(), Door.Context(), .chime).map { "\\($0)" } ?? "nil")

            """, name: "nested")
        XCTAssertEqual(ran, "go(Example.Door.S.closed, effects: [Example.Door.F.chime]) kick\n")
    }

    /// Arms that pass the context differently (`&ctx`, `ctx`): no arm is written, so no
    /// requirement is added for it, and both say why.
    func testArmsThatDisagreeOnTheContextLeaveTheNewCell() {
        let door = """
            struct DoorCtx { var kicks = 0 }
            enum Door {
                enum S { case closed, open }
                enum A { case kick, shut }
                enum F {}
            }
            protocol DoorCells {
                func closedKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>
                func closedShut(_ ctx: DoorCtx) -> Step<Door.S, Door.F>
            }
            extension Door {
                static func step(_ cells: DoorCells, _ ctx: inout DoorCtx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.closed, .kick): return cells.closedKick(&ctx)
                    case (.closed, .shut): return cells.closedShut(ctx)
                    case (.open, .shut): return .ignored
                    }
                }
            }

            """
        let matrix = Self.matrix.replacingOccurrences(of: ".go(target: \"Closed\", effects: [\"Log\", \"Chime\"])", with: ".handle")
        let found = MutationTests.lint(["Door.tb.swift": matrix, "Door.swift": door])
        let why = "`case (.closed, .kick):` calls `cells.…(&ctx)` and `case (.closed, .shut):` calls `cells.…(ctx)`, so how a new arm passes the cells and the context is not known; write the new cases by hand"
        XCTAssertTrue(found.contains { $0.code == DispatcherDrift().code && $0.message.contains("(Open, Kick)") && $0.message.contains(why) && $0.fix == nil }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("`openKick`") && $0.message.contains("the fix does not add it") && $0.fix == nil }, "\(found.map(\.message))")
        let outcome = RemovalSyncFixTests.run(["Door.tb.swift": matrix, "Door.swift": door])
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Door.swift"), door)
    }

    /// No requirement says how the context is spelt: the generator's `Door.Ctx` is written, as
    /// before, and the message says the dispatcher passes a `DoorCtx`.
    func testTheGeneratorsContextIsDoubtedWhenTheDispatcherPassesAnother() {
        let door = """
            struct DoorCtx { var kicks = 0 }
            enum Door {
                enum S { case closed, open }
                enum A { case kick, shut }
                enum F {}
            }
            protocol DoorCells {
            }
            extension Door {
                static func step(_ cells: DoorCells, _ ctx: DoorCtx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.closed, .kick): return .go(.open, effects: [])
                    case (.closed, .shut): return .ignored
                    case (.open, .shut): return .ignored
                    }
                }
            }

            """
        let matrix = Self.matrix.replacingOccurrences(of: "[.handle, .go(target: \"Closed\", effects: [\"Log\", \"Chime\"])]", with: "[.go(target: \"Open\", effects: []), .ignore]")
        let found = MutationTests.lint(["Door.tb.swift": matrix, "Door.swift": door]).filter { $0.code == CellsDrift().code }
        XCTAssertEqual(found.count, 1, "\(found.map(\.message))")
        XCTAssertTrue(found[0].message.hasSuffix(
            "; its context is written `Door.Ctx`, the generator's type, as no other requirement of `DoorCells` says how to spell it (or they differ), but dispatcher `step` passes `ctx` of type `DoorCtx`, and no alias of the run makes `Door.Ctx` that type: correct the requirement if the run declares no `Door.Ctx`"),
            found[0].message)
        XCTAssertNotNil(found[0].fix)
        // An alias of that name is a type of the run: nothing to doubt.
        let aliased = door.replacingOccurrences(of: "enum F {}", with: "enum F {}\n    typealias Ctx = DoorCtx")
        let quiet = MutationTests.lint(["Door.tb.swift": matrix, "Door.swift": aliased]).filter { $0.code == CellsDrift().code }
        XCTAssertEqual(quiet.count, 1, "\(quiet.map(\.message))")
        XCTAssertFalse(quiet[0].message.contains("its context is written"), quiet[0].message)
    }

    /// A protocol whose members its authors named (`onClosedKick`): the member declared for a
    /// new cell takes the context as they do, and its arm passes `&ctx`.
    func testAHandNamedMemberTakesTheContextAsItsNeighbours() throws {
        let door = """
            struct DoorCtx { var kicks = 0 }
            enum Door {
                enum S { case closed, open }
                enum A { case kick, shut }
                enum F {}
            }
            protocol DoorCells {
                func onClosedKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>
                func onClosedShut(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>
            }
            extension Door {
                static func step(_ cells: DoorCells, _ ctx: inout DoorCtx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.closed, .kick): return cells.onClosedKick(&ctx)
                    case (.closed, .shut): return cells.onClosedShut(&ctx)
                    case (.open, .shut): return .ignored
                    }
                }
            }

            """
        let matrix = Self.matrix.replacingOccurrences(of: ".go(target: \"Closed\", effects: [\"Log\", \"Chime\"])", with: ".handle")
        let outcome = RemovalSyncFixTests.run(["Door.tb.swift": matrix, "Door.swift": door])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertEqual(after, door
            .replacingOccurrences(of: "Door.F>\n}", with: "Door.F>\n    func onOpenKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>\n}")
            .replacingOccurrences(of: "        case (.open, .shut)", with: "        case (.open, .kick): return cells.onOpenKick(&ctx)\n        case (.open, .shut)"))
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = matrix + after + HandNamedRenameTests.standIn + """
            struct Impl: DoorCells {
                func onClosedKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { .ignored }
                func onClosedShut(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { .ignored }
                func onOpenKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { ctx.kicks += 1; return .ignored }
            }
            var ctx = DoorCtx()
            _ = Door.step(Impl(), &ctx, .open, .kick)
            print(ctx.kicks)

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "handNamed", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "1\n")
    }

    /// A `step` none of whose arms calls a member yet: its `inout` context is passed `&ctx` to
    /// the new member, which takes it `inout` as the effects' members do.
    func testAStepWithNoCallYetPassesItsInoutContextAsTheMembersTakeIt() throws {
        let door = Self.door(context: "struct DoorCtx { var kicks = 0 }", spelling: "inout DoorCtx", call: "&ctx")
            .replacingOccurrences(of: "    func closedKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>\n", with: "")
            .replacingOccurrences(of: "case (.closed, .kick): return cells.closedKick(&ctx)", with: "case (.closed, .kick): return .go(.open, effects: [.log])")
        let matrix = Self.matrix
            .replacingOccurrences(of: "[.handle, .go(target: \"Closed\", effects: [\"Log\", \"Chime\"])]", with: "[.go(target: \"Open\", effects: [\"Log\"]), .go(target: \"Closed\", effects: [\"Log\"])]")
        let outcome = RemovalSyncFixTests.run(["Door.tb.swift": matrix, "Door.swift": door])
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "Door.swift")
        XCTAssertEqual(after, door
            .replacingOccurrences(of: "    func log(", with: "    func openKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F>\n    func log(")
            .replacingOccurrences(of: "        case (.open, .shut)", with: "        case (.open, .kick): return cells.openKick(&ctx)\n        case (.open, .shut)"))
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = matrix + after + HandNamedRenameTests.standIn + """
            struct Impl: DoorCells {
                func openKick(_ ctx: inout DoorCtx) -> Step<Door.S, Door.F> { ctx.kicks += 1; return .ignored }
                func log(_ ctx: inout DoorCtx) -> Door.A? { nil }
            }
            var ctx = DoorCtx()
            _ = Door.step(Impl(), &ctx, .open, .kick)
            print(ctx.kicks)

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "firstCall", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "1\n")
    }
}
