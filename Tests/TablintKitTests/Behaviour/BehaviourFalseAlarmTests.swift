import XCTest
@testable import TablintKit

/// The black-box pass's false alarms (issue 23): where tablint cannot be sure what the code
/// returns, the cell is unknown and no finding depends on it.
final class BehaviourFalseAlarmTests: XCTestCase {
    /// `Failed` is reached only through `(Trying, Fail)`, a HANDLE.
    static let retry = """
        let RETRY_TABLE = Table(
            machine: "Retry",
            states: ["Waiting", "Trying", "Failed"],
            actions: ["Run", "Fail", "Reset"],
            cells: [
                [.go(target: "Trying", effects: []), .ignore, .ignore],
                [.ignore, .handle, .go(target: "Waiting", effects: [])],
                [.ignore, .ignore, .go(target: "Waiting", effects: [])],
            ],
            initial: "Waiting"
        )
        """

    static func run(_ code: [String: String]) -> (codes: [String], tryingFail: MachineGraph.Cell?) {
        var files = code
        files["Retry/Retry.swift"] = retry
        let codes = MutationTests.lint(files).map(\.code)
        let graph = MachineGraphsTests.graphs(files).first { $0.machine == "Retry" }
        return (codes, graph?.cells[1][1])
    }

    static let signature = "(_ ctx: RetryCtx) -> Step<RetryS, RetryF>"

    func testASubclassOverrideIsAnImplementationToo() {
        let found = Self.run([
            "Retry/Base.swift": "class BaseRetry: RetryCells {\n    func tryingFail\(Self.signature) { .go(.waiting, effects: []) }\n}\n",
            "Retry/Strict.swift": "final class StrictRetry: BaseRetry {\n    override func tryingFail\(Self.signature) { .go(.failed, effects: []) }\n}\n",
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        // The subclass's file names no `Cells`, and an open class may have subclasses tablint does
        // not see: the cell is unknown. Its file names `Step`, so it is read, and `Failed` is reached.
        XCTAssertEqual(found.tryingFail?.unknownReason?.contains("not marked `final`"), true, "\(String(describing: found.tryingFail))")
        XCTAssertEqual(found.tryingFail?.outcomes.map(\.target).sorted(), [0, 2], "\(String(describing: found.tryingFail))")
        // Read together (one file), the subclass's override is an implementation too.
        let together = Self.run(["Retry/Impl.swift": """
            class BaseRetry: RetryCells {
                func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
            }
            final class StrictRetry: BaseRetry {
                override func tryingFail\(Self.signature) { .go(.failed, effects: []) }
            }
            final class LaxRetry: BaseRetry {}

            """])
        XCTAssertEqual(together.tryingFail?.outcomes.map(\.target).sorted(), [0, 2], "\(String(describing: together.tryingFail))")
    }

    func testAConformanceThroughATypealiasIsRead() {
        for alias in ["typealias Handlers = RetryCells", "typealias Handlers = RetryCells & Sendable", "typealias Handlers = Retry.Cells"] {
            let found = Self.run([
                "Retry/Alias.swift": alias + "\n",
                "Retry/Live.swift": "struct LiveRetry: Handlers {\n    func tryingFail\(Self.signature) { .go(.failed, effects: []) }\n}\n",
            ])
            XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(alias): \(found.codes)")
            // A conformer through an alias may be in a file tablint does not read: the cell is
            // unknown. This one names `Step`, so it is read, and `Failed` is reached through it.
            XCTAssertEqual(found.tryingFail?.unknownReason?.hasPrefix("`Handlers` is an alias of Retry's `Cells`"), true, "\(alias): \(String(describing: found.tryingFail))")
            XCTAssertEqual(found.tryingFail?.outcomes.map(\.target), [2], "\(alias): \(String(describing: found.tryingFail))")
        }
    }

    /// An alias named `…Cells` (`LiveCells`, or `Cells` itself) hides no conformer: a file
    /// naming it is read. Its conformers' returns are edges, the cell is known, and a state no
    /// return enters is reported (bb4 #24, play/47).
    func testAConformanceThroughAnAliasNamedCellsIsReadAndKnown() {
        for (alias, conformance) in [("typealias LiveCells = RetryCells", "LiveCells"), ("typealias Cells = RetryCells", "Cells"),
                                     ("typealias Handlers = LiveCells\ntypealias LiveCells = RetryCells", "Handlers")] {
            func found(_ target: String) -> (codes: [String], tryingFail: MachineGraph.Cell?) {
                Self.run(["Retry/Live.swift": "\(alias)\nstruct LiveRetry: \(conformance) {\n    func tryingFail\(Self.signature) { .go(.\(target), effects: []) }\n}\n"])
            }
            let failed = found("failed")
            XCTAssertFalse(failed.codes.contains("tablint::unreachable-state"), "\(alias): \(failed.codes)")
            XCTAssertEqual(failed.tryingFail?.outcomes.map(\.target), [2], "\(alias): \(String(describing: failed.tryingFail))")
            if alias.contains("Handlers") {
                // `Handlers` is an alias of an alias of Retry's `Cells`, named otherwise: a
                // conformer through it may be unread, so the cell stays unknown.
                XCTAssertEqual(failed.tryingFail?.unknownReason?.hasPrefix("`Handlers` is an alias of Retry's `Cells`"), true, alias)
                XCTAssertFalse(found("waiting").codes.contains("tablint::unreachable-state"), alias)
            } else {
                XCTAssertNil(failed.tryingFail?.unknownReason, alias)
                XCTAssertTrue(found("waiting").codes.contains("tablint::unreachable-state"), alias)
            }
        }
    }

    /// A conformer through a protocol refining the machine's `Cells` is read, and the note
    /// calls the protocol what it is, not an alias.
    func testTheNoteOfARefiningProtocolDoesNotCallItAnAlias() {
        let found = Self.run([
            "Retry/Handlers.swift": "protocol RetryHandlers: RetryCells {}\n",
            "Retry/Live.swift": "struct LiveRetry: RetryHandlers {\n    func tryingFail\(Self.signature) { .go(.failed) }\n}\n",
        ])
        XCTAssertEqual(found.tryingFail?.outcomes.map(\.target), [2], "\(String(describing: found.tryingFail))")
        let reason = found.tryingFail?.unknownReason ?? ""
        XCTAssertTrue(reason.hasPrefix("`RetryHandlers` is a protocol refining Retry's `Cells`"), reason)
        XCTAssertFalse(reason.contains("alias"), reason)
    }

    /// A ternary over several lines, `?` and `:` each starting a line: both branches are
    /// edges, with `return` and as the body's one expression (play/47).
    func testATernaryOverSeveralLinesIsFollowed() {
        for body in ["return ctx.flag\n            ? .go(.failed, effects: [])\n            : .go(.waiting, effects: [])",
                     "ctx.flag\n            ? .go(.failed, effects: [])\n            : .go(.waiting, effects: [])",
                     "if ctx.ready {\n            return ctx.flag\n                ? .go(.failed)\n                : .stay\n        }\n        return .go(.waiting)"] {
            let found = Self.run(["Retry/Live.swift": "struct LiveRetry: RetryCells {\n    func tryingFail\(Self.signature) {\n        \(body)\n    }\n}\n"])
            XCTAssertNil(found.tryingFail?.unknownReason, body)
            XCTAssertEqual(found.tryingFail?.outcomes.map(\.target).sorted(), [0, 1, 2].filter { body.contains(".stay") || $0 != 1 }, body)
        }
    }

    func testAnImplementationThatOnlyTrapsLeavesTheCellUnknown() {
        let found = Self.run([
            "Retry/Live.swift": "struct LiveRetry: RetryCells {\n    func tryingFail\(Self.signature) { fatalError(\"unimplemented\") }\n}\n",
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertEqual(found.tryingFail?.unknownReason?.contains("traps"), true, "\(String(describing: found.tryingFail))")
    }

    func testAnActorImplementationIsRead() {
        let found = Self.run([
            "Retry/Live.swift": "actor LiveRetry: RetryCells {\n    func tryingFail\(Self.signature) { .go(.failed, effects: []) }\n}\n",
        ])
        XCTAssertEqual(found.tryingFail?.outcomes.map(\.target), [2], "\(String(describing: found.tryingFail))")
        XCTAssertNil(found.tryingFail?.unknownReason)
    }

    func testAStaticMemberOfTheNameIsNotTheImplementation() {
        let found = Self.run([
            "Retry/Live.swift": """
                struct LiveRetry: RetryCells {
                    static func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                }
                extension LiveRetry {
                    func tryingFail\(Self.signature) { .go(.failed, effects: []) }
                }

                """,
        ])
        XCTAssertEqual(found.tryingFail?.outcomes.map(\.target), [2], "\(String(describing: found.tryingFail))")
    }

    func testAPathHopToTheCellsOwnStateIsAStay() {
        let machine = """
            @Machine
            @Path("pay", [.idle, .tap, .idle, .pay, .done])
            enum Till {
                enum S { case idle, done }
                enum A { case tap, pay }
                enum F { case beep }
                static let initial = S.idle
                @Row(.idle) static let i = [ .handle, .go(.done) ]
                @Row(.done) static let d = [ .ignore, .ignore ]
            }

            struct LiveTill: Till.Cells {
                func idleTap(_ ctx: Till.Ctx) -> Step<Till.S, Till.F> { .stay(effects: [.beep]) }
            }

            """
        let codes = MutationTests.lint(["Till.swift": machine]).map(\.code)
        XCTAssertFalse(codes.contains("tablint::path-handle-target"), "\(codes)")
    }

    /// A reached DELEGATE leaves the parent where the embedding says: the graph itself says
    /// so, and the hover names the child's type as the library does (`Auth.A?`).
    func testADelegateCellIsUnknownInTheGraph() throws {
        let gate = """
            let GATE_TABLE = Table(
                machine: "Gate",
                states: ["Open", "Authing", "Shut"],
                actions: ["Knock", "Close"],
                cells: [
                    [.go(target: "Authing", effects: []), .handle],
                    [.delegate(child: "auth"), .ignore],
                    [.ignore, .ignore],
                ],
                initial: "Open"
            )
            struct LiveGate: GateCells {
                func openClose(_ ctx: GateCtx) -> Step<GateS, GateF> { .stay }
            }
            """
        let graph = try XCTUnwrap(MachineGraphsTests.graphs(["Gate.swift": gate]).first)
        XCTAssertEqual(graph.cells[1][0].unknownReason?.hasPrefix("the parent's state after `DELEGATE`"), true, "\(graph.cells[1][0])")
        XCTAssertFalse(MutationTests.lint(["Gate.swift": gate]).map(\.code).contains("tablint::unread-cells"))
        let matrix = try XCTUnwrap(TableLiteralReader.read(SignificantTokens(file: SourceFile(path: "Gate.swift", text: gate), pieces: Tokenizer.tokenize(Array(gate.utf8)))).matrices.first)
        let meaning = LanguageServer.meaning(of: matrix.rows[1].cells[0], in: matrix, row: 1, column: 0)
        XCTAssertTrue(meaning.hasSuffix("returning Auth.A?"), meaning)
    }

    /// A lone state whose row only stays (IGNORE, GO to itself) is an end, as
    /// `path-unterminated` reads one: not stuck.
    func testATerminalStateWithASelfLoopIsNotStuck() {
        let job = """
            let JOB_TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Done"],
                actions: ["Run", "Finish"],
                cells: [
                    [.handle, .ignore],
                    [.ignore, .go(target: "Done", effects: [])],
                    [.go(target: "Done", effects: []), .ignore],
                ],
                initial: "Queued"
            )
            struct LiveJob: JobCells {
                func queuedRun(_ ctx: JobCtx) -> Step<JobS, JobF> { .go(.running) }
            }
            """
        let codes = MutationTests.lint(["Job.swift": job]).map(\.code)
        XCTAssertFalse(codes.contains("tablint::stuck-states"), "\(codes)")
    }

    /// A lone state whose HANDLE cells' code only stays (`.ignored`, `.stay(effects:)`) is an
    /// end, as an IGNORE or EMIT row is: not stuck.
    func testATerminalStateWhoseHandlesOnlyStayIsNotStuck() {
        func codes(_ doneRun: String) -> [String] {
            let job = """
                let JOB_TABLE = Table(
                    machine: "Job",
                    states: ["Queued", "Running", "Done"],
                    actions: ["Run", "Finish"],
                    cells: [
                        [.go(target: "Running", effects: []), .ignore],
                        [.ignore, .go(target: "Done", effects: [])],
                        [.handle, .ignore],
                    ],
                    initial: "Queued"
                )
                struct LiveJob: JobCells {
                    func doneRun(_ ctx: JobCtx) -> Step<JobS, JobF> { \(doneRun) }
                }
                """
            return MutationTests.lint(["Job.swift": job]).map(\.code)
        }
        XCTAssertFalse(codes(".ignored").contains("tablint::stuck-states"), "\(codes(".ignored"))")
        XCTAssertFalse(codes("ctx.ok ? .stay : .ignored").contains("tablint::stuck-states"))
        // A HANDLE that goes to another state of a trap still makes one.
        XCTAssertTrue(codes(".go(.running)").contains("tablint::stuck-states"), "\(codes(".go(.running)"))")
    }

    /// Black-box pass 5, play5/29: a trap of static cells alone (`Paused` and `Resumed` hand the
    /// job back and forth, `Done` is never reached) is stuck as the same trap through a HANDLE
    /// is; a lone row that cannot be left stays dead-row's.
    func testATrapOfStaticCellsIsStuck() {
        let job = """
            enum JobS { case queued, paused, resumed, done }
            enum JobA { case start, toggle, finish }
            enum JobF {}
            let JOB_TABLE = Table(
                machine: "Job",
                states: ["Queued", "Paused", "Resumed", "Done"],
                actions: ["Start", "Toggle", "Finish"],
                cells: [
                    [.go(target: "Paused", effects: []), .ignore, .go(target: "Done", effects: [])],
                    [.ignore, .go(target: "Resumed", effects: []), .ignore],
                    [.ignore, .go(target: "Paused", effects: []), .ignore],
                    [.ignore, .ignore, .ignore],
                ],
                initial: "Queued"
            )
            """
        let found = MutationTests.lint(["Job.swift": job])
        XCTAssertEqual(found.filter { $0.code == "tablint::stuck-states" }.map(\.start.line), [6], "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == "tabular-center::dead-row" })
    }

    /// An `@Path` hop through a HANDLE: the generated table's default GO is not what the code
    /// returns. The graph keeps the HANDLE and its implementation's targets; the library's
    /// static lint stays silent for a matrix written with a HANDLE.
    func testAPathHopThroughAHandleKeepsTheImplementationsTargets() throws {
        let job = """
            @Machine
            @Path("go", [.idle, .start, .busy])
            enum Job {
                enum S { case idle, busy, failed }
                enum A { case start, reset }
                static let initial = S.idle
                @Row(.idle)   static let i = [ .handle, .ignore ]
                @Row(.busy)   static let b = [ .ignore, .ignore ]
                @Row(.failed) static let f = [ .ignore, .go(.idle) ]
            }

            struct LiveJob: Job.Cells {
                func idleStart(_ ctx: Job.Ctx) -> Step<Job.S, Job.F> { ctx.ok ? .go(.busy) : .go(.failed) }
            }

            """
        let codes = MutationTests.lint(["Job.swift": job]).map(\.code)
        XCTAssertFalse(codes.contains("tabular-center::no-static-entry"), "\(codes)")
        XCTAssertFalse(codes.contains("tablint::unreachable-state"), "\(codes)")
        let graph = try XCTUnwrap(MachineGraphsTests.graphs(["Job.swift": job]).first { $0.machine == "Job" })
        XCTAssertEqual(graph.cells[0][0].kind, .handle)
        XCTAssertEqual(graph.cells[0][0].outcomes.map(\.target), [1, 2])
    }

    /// A HANDLE decided in a dispatcher arm by statements (`if … { return … }; return …`):
    /// the body is not in the run's summaries, so the cell is unknown, and the reason does not
    /// quote the statements as if they were one returned value.
    func testAnArmOfStatementsIsNotQuotedAsAValue() throws {
        var project = try MutationTests.project()
        project["Retry/Retry.swift"] = project["Retry/Retry.swift"]!.replacingOccurrences(
            of: "case (.trying, .fail): return c.tryingFail(ctx)",
            with: "case (.trying, .fail):\n            if ctx.attempts > 3 { return .go(.failed, effects: []) }\n            return .go(.waiting, effects: [])")
        let retry = try XCTUnwrap(MachineGraphsTests.graphs(project).first { $0.machine == "Retry" && $0.surface == .tableLiteral })
        let reason = try XCTUnwrap(retry.cells[1][1].unknownReason)
        XCTAssertFalse(reason.contains("returns `if"), reason)
        XCTAssertTrue(reason.contains("is statements"), reason)
    }
    /// `struct DoorLogic { … }` in a file that names no `Cells`, its conformance in another file,
    /// and a protocol extension's default: the type's own member serves the cell, not the default.
    func testAConformanceInAnotherFilePairsWithTheDeclarationsMembers() {
        func found(_ target: String) -> (codes: [String], tryingFail: MachineGraph.Cell?) {
            Self.run([
                "Retry/Logic.swift": "struct DoorLogic {\n    func tryingFail\(Self.signature) { .go(.\(target)) }\n}\n",
                "Retry/Conformance.swift": "extension DoorLogic: RetryCells {}\n",
                "Retry/Defaults.swift": "extension RetryCells {\n    func tryingFail\(Self.signature) { .stay }\n}\n",
            ])
        }
        let failed = found("failed")
        XCTAssertFalse(failed.codes.contains("tablint::unreachable-state"), "\(failed.codes)")
        XCTAssertEqual(failed.tryingFail?.outcomes.map(\.target), [2], "\(String(describing: failed.tryingFail))")
        XCTAssertNil(failed.tryingFail?.unknownReason)
        // A true finding is still made: the type's own member never enters `Failed`.
        XCTAssertTrue(found("waiting").codes.contains("tablint::unreachable-state"))
    }
    /// `struct DoorLogic: RetryHandlers` where `protocol RetryHandlers: RetryCells {}`: the type
    /// conforms through the refinement, so the protocol extension's default is not what it does.
    func testAConformanceThroughARefiningProtocolIsNotTheDefault() {
        let found = Self.run([
            "Retry/Handlers.swift": "protocol RetryHandlers: RetryCells {}\n",
            "Retry/Logic.swift": "struct DoorLogic: RetryHandlers {\n    func tryingFail\(Self.signature) { .go(.failed) }\n}\n",
            "Retry/Defaults.swift": "extension RetryCells {\n    func tryingFail\(Self.signature) { .stay }\n}\n",
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertEqual(found.tryingFail?.outcomes.map(\.target), [2], "\(String(describing: found.tryingFail))")
    }
}
