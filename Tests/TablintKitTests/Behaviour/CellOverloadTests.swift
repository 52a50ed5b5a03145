import XCTest
@testable import TablintKit

/// A `HANDLE` cell is served by the member its dispatcher calls, `cells.shutKnock(ctx)`: every
/// argument unlabelled. A same-named overload that needs a label is another function and says
/// nothing of the cell; when the labels do not tell which one the call reaches, the cell's
/// outcome is unknown.
final class CellOverloadTests: XCTestCase {
    static let door = """
        enum Door {
            enum S { case open, shut, locked }
            enum A { case close, knock }
            enum F { case chime }
            final class Ctx { var verbose = false }

            static let TABLE = Table(
                machine: "Door",
                states: ["Open", "Shut", "Locked"],
                actions: ["Close", "Knock"],
                cells: [
                    [.go(target: "Shut", effects: []), .ignore],
                    [.ignore, .handle],
                    [.ignore, .ignore],
                ],
                initial: "Open"
            )
        }

        protocol DoorCells {
            func shutKnock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
        }

        """

    static func knock(_ members: String) -> MachineGraph.Cell? {
        let live = "struct Live: DoorCells {\n" + members + "}\n"
        let graphs = MachineGraphsTests.graphs(["Door.swift": door, "Live.swift": live])
        return graphs.first { $0.machine == "Door" }?.cells[1][1]
    }

    static let real = "    func shutKnock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.open, effects: [.chime]) }\n"

    func testAnOverloadWithALabelledParameterIsNotTheCellsMember() throws {
        for overload in [
            "    func shutKnock(_ ctx: Door.Ctx, verbose: Bool) -> Step<Door.S, Door.F> { .go(.locked, effects: []) }\n",
            "    func shutKnock(ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.locked, effects: []) }\n",
            // Swift takes the member that defaults nothing over one that could be called alike.
            "    func shutKnock(_ ctx: Door.Ctx, verbose: Bool = false) -> Step<Door.S, Door.F> { .go(.locked, effects: []) }\n",
        ] {
            for members in [Self.real + overload, overload + Self.real] {
                let cell = try XCTUnwrap(Self.knock(members))
                XCTAssertNil(cell.unknownReason, members)
                XCTAssertEqual(cell.outcomes.map(\.target), [0], "only the real member's GO(Open): \(members)")
            }
        }
        // In an extension of its own, too.
        let cell = try XCTUnwrap(Self.knock(Self.real + "}\nextension Live {\n    func shutKnock(_ ctx: Door.Ctx, times: Int) -> Step<Door.S, Door.F> { .go(.locked) }\n"))
        XCTAssertEqual(cell.outcomes.map(\.target), [0])
    }

    func testOverloadsTheLabelsDoNotTellApartLeaveTheCellUnknown() throws {
        let members = """
                func shutKnock(_ ctx: Door.Ctx, verbose: Bool = false) -> Step<Door.S, Door.F> { .go(.open) }
                func shutKnock(_ ctx: Door.Ctx, loud: Bool = true) -> Step<Door.S, Door.F> { .go(.locked) }

            """
        let cell = try XCTUnwrap(Self.knock(members))
        let reason = try XCTUnwrap(cell.unknownReason)
        XCTAssertTrue(reason.contains("2 functions `shutKnock` are declared, and their argument labels do not tell which one the dispatcher's call reaches"), reason)
        XCTAssertEqual(cell.outcomes.map(\.target), [])
    }

    func testTheParametersAreReadWithTheirLabelsAndDefaults() throws {
        let found = MachineGraphsTests.implementations("""
            struct Live: DoorCells {
                func a(_ ctx: Ctx, `in` place: Int = 1, b: [String: Int]) -> Step<S, F> { .ignored }
                func c<T>(_ value: T) -> Step<S, F> { .ignored }
                func d() -> Step<S, F> { .ignored }
            }
            """)
        let members = try XCTUnwrap(found.first?.members)
        XCTAssertEqual(members[0].parameters, [.init(label: "_", hasDefault: false), .init(label: "in", hasDefault: true), .init(label: "b", hasDefault: false)])
        XCTAssertEqual(members[1].parameters, [.init(label: "_", hasDefault: false)])
        XCTAssertEqual(members[2].parameters, [])
    }

    /// A machine whose dispatcher calls its `HANDLE` cell's member with two arguments.
    static let job = """
        enum Job {
            enum S { case idle, running, done }
            enum A { case start, tick(n: Int) }
            enum F { }
            final class Ctx { var n = 0 }
            struct Tick { var n: Int }

            static let TABLE = Table(
                machine: "Job",
                states: ["Idle", "Running", "Done"],
                actions: ["Start", "Tick"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.ignore, .handle],
                    [.ignore, .ignore],
                ],
                initial: "Idle"
            )
        }

        protocol JobCells {
            func runningTick(_ ctx: Job.Ctx, _ action: Job.Tick) -> Step<Job.S, Job.F>
        }

        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.idle, .start): return .go(.running, effects: [])
                case (.idle, .tick): return .ignored
                case (.running, .start): return .ignored
                case let (.running, .tick(n)): return cells.runningTick(ctx, Job.Tick(n: n))
                case (.done, .start): return .ignored
                case (.done, .tick): return .ignored
                }
            }
        }

        """

    /// The `(Running, Tick)` cell of `job` beside `live`, with the dispatcher's call and the
    /// requirement made to pass `ctx` alone when `oneArgument`.
    static func tick(_ live: String, oneArgument: Bool = false) -> MachineGraph.Cell? {
        let job = oneArgument
            ? Self.job.replacingOccurrences(of: "cells.runningTick(ctx, Job.Tick(n: n))", with: "cells.runningTick(ctx)")
                .replacingOccurrences(of: "(_ ctx: Job.Ctx, _ action: Job.Tick)", with: "(_ ctx: Job.Ctx)")
            : Self.job
        return MachineGraphsTests.graphs(["Job.swift": job, "Live.swift": live]).first { $0.machine == "Job" }?.cells[1][1]
    }

    static let twoArguments = "    func runningTick(_ ctx: Job.Ctx, _ action: Job.Tick) -> Step<Job.S, Job.F> { .go(.done) }\n"

    /// The call passes two arguments: an overload that takes one is another function.
    func testAnOverloadOfAnotherNumberOfArgumentsIsNotTheCellsMember() throws {
        let live = "struct Live: JobCells {\n" + Self.twoArguments + "}\n"
            + "extension Live {\n    func runningTick(_ ctx: Job.Ctx) -> Step<Job.S, Job.F> { .stay(effects: []) }\n}\n"
        let cell = try XCTUnwrap(Self.tick(live))
        XCTAssertNil(cell.unknownReason, cell.unknownReason ?? "")
        XCTAssertEqual(cell.outcomes.map(\.target), [2], "only the two-argument member's GO(Done)")
    }

    /// Of four functions of the name, a labelled one and a `static` one cannot be reached: the
    /// message counts the two the call could reach.
    func testTheMessageCountsOnlyTheOverloadsTheCallCouldReach() throws {
        let live = """
            struct Live: JobCells {
                func runningTick(_ ctx: Job.Ctx, dryRun: Bool) -> Step<Job.S, Job.F> { fatalError("not in production") }
                func runningTick(_ ctx: Job.Ctx) -> Step<Job.S, Job.F> { .go(.done) }
                func runningTick(_ ctx: Int) -> Step<Job.S, Job.F> { .ignored }
                static func runningTick(_ ctx: Job.Ctx) -> Step<Job.S, Job.F> { .ignored }
            }

            """
        let cell = try XCTUnwrap(Self.tick(live, oneArgument: true))
        let reason = try XCTUnwrap(cell.unknownReason)
        XCTAssertTrue(reason.contains("2 functions `runningTick` are declared"), reason)
    }

    /// `struct Live { … }` conforming in `extension Live: JobCells {}`: its declaration's members
    /// serve the cells.
    func testTheMembersOfATypeConformingThroughAnExtensionServeItsCells() throws {
        let live = "struct Live {\n" + Self.twoArguments + "}\nextension Live: JobCells {}\n"
        let cell = try XCTUnwrap(Self.tick(live))
        XCTAssertNil(cell.unknownReason, cell.unknownReason ?? "")
        XCTAssertEqual(cell.outcomes.map(\.target), [2])
    }
    /// The dispatcher calls `cells.runningTick(ctx: ctx)`: the labelled overload serves the cell,
    /// not the unlabelled one.
    func testALabelledCallReachesTheOverloadOfItsLabels() throws {
        let job = Self.job.replacingOccurrences(of: "cells.runningTick(ctx, Job.Tick(n: n))", with: "cells.runningTick(ctx: ctx, tick: Job.Tick(n: n))")
            .replacingOccurrences(of: "(_ ctx: Job.Ctx, _ action: Job.Tick)", with: "(ctx: Job.Ctx, tick: Job.Tick)")
        func cell(_ target: String) -> MachineGraph.Cell? {
            let live = """
                struct Live: JobCells {
                    func runningTick(_ ctx: Job.Ctx, _ action: Job.Tick) -> Step<Job.S, Job.F> { .stay(effects: []) }
                    func runningTick(ctx: Job.Ctx, tick: Job.Tick) -> Step<Job.S, Job.F> { .go(.\(target)) }
                }

                """
            return MachineGraphsTests.graphs(["Job.swift": job, "Live.swift": live]).first { $0.machine == "Job" }?.cells[1][1]
        }
        XCTAssertEqual(try XCTUnwrap(cell("done")).outcomes.map(\.target), [2])
        XCTAssertNil(cell("done")?.unknownReason)
        XCTAssertEqual(try XCTUnwrap(cell("idle")).outcomes.map(\.target), [0])
    }

    /// No dispatcher: the member implementing the requirement `shutKnock(ctx:)` has its labels,
    /// and the unlabelled overload is another function. The false alarm is gone, a true one stays.
    func testWithoutADispatcherTheRequirementsLabelsPickTheMember() throws {
        let door = Self.door.replacingOccurrences(of: "func shutKnock(_ ctx: Door.Ctx)", with: "func shutKnock(ctx: Door.Ctx)")
        func lint(_ target: String) -> (codes: [String], cell: MachineGraph.Cell?) {
            let live = """
                struct Live: DoorCells {
                    func shutKnock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .stay(effects: []) }
                    func shutKnock(ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.\(target)) }
                }

                """
            let files = ["Door.swift": door, "Live.swift": live]
            return (MutationTests.lint(files).map(\.code), MachineGraphsTests.graphs(files).first { $0.machine == "Door" }?.cells[1][1])
        }
        let locked = lint("locked")
        XCTAssertEqual(locked.cell?.outcomes.map(\.target), [2], "\(String(describing: locked.cell))")
        XCTAssertFalse(locked.codes.contains("tablint::unreachable-state"), "\(locked.codes)")
        XCTAssertTrue(lint("open").codes.contains("tablint::unreachable-state"))
    }
}
