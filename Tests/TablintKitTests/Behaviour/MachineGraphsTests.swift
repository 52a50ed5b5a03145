import XCTest
@testable import TablintKit

/// The graph of a run with its `HANDLE` cells read from the implementations.
final class MachineGraphsTests: XCTestCase {
    static func graphs(_ files: [String: String]) -> [MachineGraph] {
        var workspace = Workspace()
        workspace.update(files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8), settings: .default) })
        return workspace.machineGraphs()
    }

    static func implementations(_ text: String) -> [CellsImplementation] {
        let file = SourceFile(path: "Impl.swift", bytes: Array(text.utf8))
        return Workspace.declarationSummary(file).cellsImplementations
    }

    /// The plain `.go(.x, effects: [.a])` is read token by token, every other shape by the
    /// general reading: both give the same target, effects and range.
    func testPlainAndOtherGoStepsReadAlike() {
        let text = """
            struct Impl: TimerCells {
                func aA(_ ctx: Ctx) -> Step<S, F> { .go(.a) }
                func bA(_ ctx: Ctx) -> Step<S, F> { .go(.b, effects: []) }
                func cA(_ ctx: Ctx) -> Step<S, F> { .go(.c, effects: [.x, .y]) }
                func dA(_ ctx: Ctx) -> Step<S, F> { .go(.`d`, effects: [.`x`]) }
                func eA(_ ctx: Ctx) -> Step<S, F> { .go(.e(1), effects: [.x]) }
                func fA(_ ctx: Ctx) -> Step<S, F> { .go(.f, effects: [.x, .y(1)]) }
                func gA(_ ctx: Ctx) -> Step<S, F> { .go(.g, [.x]) }
                func hA(_ ctx: Ctx) -> Step<S, F> { Step.go(.h, effects: [.x]) }
            }
            """
        let members = Self.implementations(text).first?.members ?? []
        XCTAssertEqual(members.map { $0.returns.map(\.target) }, [["a"], ["b"], ["c"], ["d"], ["e"], ["f"], ["g"], ["h"]])
        XCTAssertEqual(members.map { $0.returns.map(\.effects) }, [[[]], [[]], [["x", "y"]], [["x"]], [["x"]], [["x", "y"]], [["x"]], [["x"]]])
        let bytes = Array(text.utf8)
        XCTAssertEqual(members.compactMap { $0.returns.first.map { String(decoding: bytes[$0.range], as: UTF8.self) } }, [
            ".go(.a)", ".go(.b, effects: [])", ".go(.c, effects: [.x, .y])", ".go(.`d`, effects: [.`x`])", ".go(.e(1), effects: [.x])",
            ".go(.f, effects: [.x, .y(1)])", ".go(.g, [.x])", "Step.go(.h, effects: [.x])",
        ])
        XCTAssertTrue(members.allSatisfy { $0.unknown == nil })
    }

    func testTheReaderFindsConformersAndWhatTheirMembersReturn() {
        let found = Self.implementations("""
            struct Impl: Timer.Cells, Sendable {
                func idleStart(_ ctx: Ctx) -> Step<S, F> {
                    if ctx.ready { return .go(.running(since: 0), effects: [.startClock]) }
                    guard ctx.ok else { return Step.go(.idle) }
                    let later = { return .go(.done) }
                    return ctx.n > 2 ? .stay(effects: [.beep]) : .ignored
                }
                func runningTick(_ ctx: Ctx) -> Step<S, F> { .go(.done, effects: []) }
                func runningStop(_ ctx: Ctx) -> Step<S, F> { fatalError("never") }
                func doneReset(_ ctx: Ctx) -> Step<S, F> { helper(ctx) }
            }
            extension Impl { func extra() -> Step<S, F> { .ignored } }
            struct Other { func idleStart() -> Step<S, F> { .go(.x) } }
            final class Nested: TimerCells {}
            """)
        // `Other` conforms to nothing here, but its file names `Step`: an extension in another
        // file may make it a conformer, so its members are read; the run pairs them by name.
        XCTAssertEqual(found.map(\.typeName.text), ["Impl", "Impl", "Other", "Nested"])
        XCTAssertEqual(found[2].conformances, [])
        XCTAssertEqual(found[0].conformances, ["Timer.Cells"])
        let members = found[0].members
        XCTAssertEqual(members.map(\.name.text), ["idleStart", "runningTick", "runningStop", "doneReset"])
        XCTAssertEqual(members[0].returns.map(\.target), ["running", "idle", nil, nil])
        XCTAssertEqual(members[0].returns.map(\.effects), [["startClock"], [], ["beep"], []])
        XCTAssertNil(members[0].unknown)
        XCTAssertEqual(members[1].returns.map(\.target), ["done"])
        XCTAssertEqual(members[2].returns, [])
        XCTAssertNil(members[2].unknown)
        XCTAssertEqual(members[3].returns, [])
        XCTAssertEqual(members[3].unknown?.reason, "it returns `helper(ctx)`, which tablint cannot follow")
        XCTAssertEqual(found[1].members.map(\.name.text), ["extra"])
    }

    /// The members of an implementation in an extension in a file of its own, which names no
    /// `Cells` type (`FrontDoor+Open.swift`), are read: the file names `Step`, and extends a
    /// type the run shows conforming. An extension of a type that conforms to nothing stays out.
    func testAnImplementationsExtensionInAFileOfItsOwnIsRead() throws {
        let matrix = """
            extension Door {
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Closed", "Open"],
                    actions: ["Push", "Pull"],
                    cells: [
                        [.handle, .ignore],
                        [.ignore, .handle],
                    ],
                    initial: "Closed"
                )
            }
            """
        let types = """
            enum Door {
                enum S { case closed, open }
                enum A { case push, pull }
                enum F { case creak }
                struct Ctx {}
            }
            protocol DoorCells {
                func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
                func openPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
            }
            struct FrontDoor: DoorCells {}
            """
        let closed = """
            extension FrontDoor {
                func closedPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.open, effects: [.creak]) }
            }
            """
        let open = """
            extension FrontDoor {
                func openPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { return .go(.closed, effects: []) }
            }
            extension Unrelated {
                func openPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { return .go(.open, effects: []) }
            }
            """
        let graphs = Self.graphs(["Door.tb.swift": matrix, "Door.swift": types, "FrontDoor+Closed.swift": closed, "FrontDoor+Open.swift": open])
        let door = try XCTUnwrap(graphs.first { $0.machine == "Door" })
        XCTAssertNil(door.cells[0][0].unknownReason)
        XCTAssertEqual(door.cells[0][0].outcomes.map(\.target), [1])
        XCTAssertEqual(door.cells[0][0].outcomes.first?.origin?.path, "FrontDoor+Closed.swift")
        XCTAssertNil(door.cells[1][1].unknownReason)
        XCTAssertEqual(door.cells[1][1].outcomes.map(\.target), [0], "Unrelated conforms to nothing")
    }

    func testAProtocolExtensionAndABareCellsInTheMachinesType() {
        let found = Self.implementations("""
            extension Timer {
                final class Live: Cells { func idleStart() -> Step<S, F> { return value } }
            }
            extension TimerCells { func idleStart() -> Step<S, F> { .ignored } }
            """)
        XCTAssertEqual(found.map(\.typeName.text), ["Live", "TimerCells"])
        XCTAssertEqual(found[0].enclosingTypes, ["Timer"])
        XCTAssertEqual(found[0].members[0].unknown?.reason, "it returns `value`, which tablint cannot follow")
        XCTAssertTrue(found[1].isProtocolExtension)
    }

    func testTheMutationProjectsHandleCellsAreReadFromItsImplementations() throws {
        let graphs = Self.graphs(try MutationTests.project())
        let turnstile = try XCTUnwrap(graphs.first { $0.machine == "Turnstile" && $0.surface == .tableLiteral })
        // (Unlocked, Coin): `full ? .go(.locked, effects: [.lock]) : .ignored`.
        let coin = turnstile.cells[1][0]
        XCTAssertNil(coin.unknownReason)
        XCTAssertEqual(coin.outcomes.map(\.target), [0, 1])
        XCTAssertEqual(coin.outcomes.map(\.effects), [["Lock"], []])
        XCTAssertTrue(coin.outcomes.allSatisfy(\.isDynamic))
        XCTAssertEqual(coin.outcomes.first?.origin?.path, "Turnstile/TurnstileImpl.swift")
        let retry = try XCTUnwrap(graphs.first { $0.machine == "Retry" })
        XCTAssertEqual(retry.cells[1][1].outcomes.map(\.target), [2, 0])
        XCTAssertEqual(retry.cells[2][1].outcomes.map(\.target), [0])
        // `TimerImpl.swift` has no `enum` or `protocol`: its conformance alone gets it read.
        let timer = try XCTUnwrap(graphs.first { $0.machine == "Timer" && $0.surface == .tableLiteral })
        XCTAssertEqual(timer.cells[1][1].outcomes.map(\.target), [2, 1])
        XCTAssertEqual(timer.cells[1][1].outcomes.first?.effects, ["StopClock", "Ring"])
        // A pin's HANDLE cells stay unknown.
        let pin = try XCTUnwrap(graphs.first { $0.machine == "Turnstile" && $0.surface != .tableLiteral })
        XCTAssertNotNil(pin.cells[1][0].unknownReason)
    }

    func testWhatTheReaderCannotFollowIsUnknownWithWhereAndWhy() {
        let found = Self.implementations("""
            struct Impl: TimerCells {
                func a() -> Step<S, F> { return switch x { case 1: .go(.b) default: .ignored } }
                func b() -> Step<S, F> {
                #if DEBUG
                    return .go(.c)
                #endif
                    return .ignored
                }
                func c() -> Step<S, F> { let s = Step<S, F>.ignored; return s }
                func d() -> Step<S, F> { .go(.x, effects: moreEffects) }
                func e() -> Step<S, F> { guard ok else { fatalError() }; preconditionFailure("no") }
            }
            """)
        let members = found.first?.members ?? []
        XCTAssertEqual(members.map(\.name.text), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(members[0].unknown?.reason.hasPrefix("it returns `switch x"), true, "\(members[0])")
        XCTAssertEqual(members[1].unknown?.reason, "a `#if` in its body")
        XCTAssertEqual(members[2].unknown?.reason, "it returns `s`, which tablint cannot follow")
        XCTAssertNotNil(members[3].unknown)
        XCTAssertNil(members[4].unknown)
        XCTAssertEqual(members[4].returns, [])
    }

    /// Two projects linted together, each with its own `Retry`: each matrix takes the
    /// implementations nearest its own folder (as the rest of the pairing does); one as near to
    /// both leaves the cells unknown, and noted (not quietly).
    func testSameNamedMachinesTakeTheImplementationsNearestTheirFolder() throws {
        var project = try MutationTests.project()
        project["Other/Retry.tb.swift"] = project["Retry/Retry.tb.swift"]
        let retries = Self.graphs(project).filter { $0.machine == "Retry" }
        XCTAssertEqual(retries.count, 2)
        let own = try XCTUnwrap(retries.first { $0.path == "Retry/Retry.tb.swift" })
        XCTAssertNil(own.cells[1][1].unknownReason)
        XCTAssertEqual(own.cells[1][1].outcomes.map(\.target), [2, 0])
        let other = try XCTUnwrap(retries.first { $0.path == "Other/Retry.tb.swift" })
        XCTAssertEqual(other.cells[1][1].unknownReason?.hasPrefix(MachineGraphs.noImplementation), true, "\(other.cells[1][1])")

        project["Other/Retry.tb.swift"] = nil
        project["Retry/Copy/Retry.tb.swift"] = project["Retry/Retry.tb.swift"]
        for graph in Self.graphs(project).filter({ $0.machine == "Retry" }) {
            let reason = graph.cells[1][1].unknownReason ?? ""
            XCTAssertTrue(reason.hasPrefix("2 matrices of the run are named `Retry`"), "\(graph.cells[1][1])")
            XCTAssertFalse(MachineGraphs.isQuiet(reason))
        }
    }

    func testAnUnreadableBodyOrNoImplementationLeavesTheCellUnknown() throws {
        var project = try MutationTests.project()
        project["Retry/RetryImpl.swift"] = project["Retry/RetryImpl.swift"]!.replacingOccurrences(
            of: "return .go(.waiting, effects: [.giveUp])", with: "return reset(ctx)")
        project["Turnstile/TurnstileImpl.swift"] = nil
        let graphs = Self.graphs(project)
        let retry = try XCTUnwrap(graphs.first { $0.machine == "Retry" })
        XCTAssertEqual(retry.cells[2][1].unknownReason?.contains("it returns `reset(ctx)`"), true, "\(retry.cells[2][1])")
        XCTAssertNil(retry.cells[1][1].unknownReason)
        let turnstile = try XCTUnwrap(graphs.first { $0.machine == "Turnstile" && $0.surface == .tableLiteral })
        XCTAssertEqual(turnstile.cells[1][0].unknownReason?.hasPrefix("no implementation of `unlockedCoin` was read"), true)
    }
}

/// What the reporters say of the cells that could not be read.
final class UnreadCellsReportingTests: XCTestCase {
    static let example = """
        let RETRY_TABLE = Table(
            machine: "Retry",
            states: ["Waiting", "Trying", "Failed"],
            actions: ["Run", "Fail", "Reset"],
            cells: [
                [.go(target: "Trying", effects: []), .ignore, .ignore],
                [.ignore, .handle, .go(target: "Waiting", effects: [])],
                [.ignore, .handle, .go(target: "Waiting", effects: [])],
            ],
            initial: "Waiting"
        )
        struct LiveRetry: RetryCells {
            func tryingFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> { ctx.policy.next() }
            func failedFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> { .go(.waiting) }
        }
        """

    func testTheNoteCountsTheCellsAndTheReportersSayHowMany() {
        let found = TestRun.lint(SourceFile(path: "Retry.swift", text: Self.example))
        XCTAssertEqual(found.map(\.code), ["tablint::unread-cells"])
        XCTAssertEqual(found.first?.unreadCells, 1)
        let json = JsonReporter.render(found)
        XCTAssertTrue(json.contains("\"fix\": null,\n    \"unreadCells\": 1\n"), json)
        XCTAssertTrue(TextReporter.statistics(of: found).hasSuffix("    1  cells whose outcome could not be read (tablint::unread-cells)\n"))
        // Other diagnostics keep their keys.
        var other = found[0]
        other.unreadCells = nil
        XCTAssertFalse(JsonReporter.render([other]).contains("unreadCells"))
        XCTAssertFalse(TextReporter.statistics(of: [other]).contains("could not be read"))
    }

    /// The cell is read when the body returns a step: no note, and the graph knows the target.
    func testAReadableBodyIsNotNoted() {
        let readable = Self.example.replacingOccurrences(of: "{ ctx.policy.next() }", with: "{ .go(.failed) }")
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Retry.swift", text: readable)).map(\.code), [])
    }
}
