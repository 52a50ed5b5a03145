import Foundation
import XCTest
@testable import TablintKit

/// Dispatchers: what the reader recognises and reads, the two rules' goldens in
/// `Tests/Fixtures/Dispatcher`, the configured extra functions, the cross-file step, and
/// robustness on broken and deeply nested input.
final class DispatcherTests: XCTestCase {
    static let folder = "Dispatcher"

    private func context(_ text: String, path: String = "Example.swift", extra: Set<String> = []) -> LintContext {
        LintContext(file: SourceFile(path: path, text: text), settings: LintSettings(extraDispatcherFunctions: extra))
    }

    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: Fixtures.url("\(Self.folder)/\(name)"), encoding: .utf8)
    }

    private func codes(_ text: String, path: String = "Example.swift", extra: Set<String> = []) -> [String] {
        TestRun.lint(SourceFile(path: path, text: text), extraDispatcherFunctions: extra).map(\.code)
    }

    // MARK: Goldens

    func testEveryFixtureMatchesItsGolden() throws {
        XCTAssertGreaterThanOrEqual(try GoldenFolder.fixtures(Self.folder).count, 14)
        try GoldenFolder.assertGoldens(Self.folder)
    }

    func testEachFixtureTriggersTheRuleItIsNamedAfterAndOkFixturesStaySilent() throws {
        try GoldenFolder.assertNamesMatchFindings(Self.folder)
    }

    // MARK: Recognition

    /// The three shapes of the library's examples, plus `perform` and `render`, all read, all
    /// paired with the one Timer matrix, every arm's outcome read.
    func testTheThreeReferenceShapesAreReadAndPaired() throws {
        let context = context(try fixture("correct.shapes.swift"))
        XCTAssertEqual(context.dispatchers.map(\.function.text), ["step", "perform", "render", "step", "timerStep"])
        XCTAssertEqual(context.dispatchers.map(\.kind), [.step, .effect, .render, .step, .step])
        XCTAssertEqual(context.dispatchers.map(\.machine), ["Timer", "Timer", nil, "Timer", "Timer"])
        XCTAssertEqual(context.dispatchers.map { $0.subjects.map(\.type) }, [["S", "A"], ["F"], ["S"], ["TimerS", "TimerA"], ["TimerS", "TimerA"]])
        XCTAssertEqual(context.boundMatrices.map(\.machine), ["Timer"])
        for dispatcher in context.dispatchers where dispatcher.kind == .step {
            XCTAssertFalse(dispatcher.arms.contains { $0.outcome.kind == .unreadable }, "\(dispatcher.function.text): \(dispatcher.arms.map(\.outcome))")
        }
        let step = context.dispatchers[0]
        XCTAssertEqual(step.arms.count, 9)
        XCTAssertEqual(step.arms[0].outcome.kind, .go(target: Name("running", step.arms[0].outcome.kind.targetRange), effects: [Name("startClock", step.arms[0].outcome.kind.effectRanges[0])]))
        XCTAssertEqual(step.arms[4].outcome.kind, .handle(member: "runningTick"))
        XCTAssertEqual(step.arms[8].outcome.kind.describedForTest, "stay beep")
        XCTAssertEqual(context.dispatchers[4].arms[4].outcome.kind, .handle(member: "runningTick"), "a `let` before the return is read past")
        XCTAssertEqual(context.summary.dispatchers.map(\.function.text), ["step", "perform", "step", "timerStep"], "the summary keeps the step and effect dispatchers that name a machine")
    }

    /// The exempt file's silence is not blindness: its two real dispatchers are read.
    func testTheExemptFixtureReadsItsDispatchersAndNothingElse() throws {
        let context = context(try fixture("dispatcher-default.ok.swift"))
        XCTAssertEqual(context.dispatchers.map(\.function.text), ["step", "step"])
        XCTAssertEqual(context.dispatchers.map(\.arms.count), [10, 5])
        let wildcard = context.dispatchers[0].arms[7]
        guard case .items(let items, unknown: false) = wildcard.label else { return XCTFail("\(wildcard.label)") }
        XCTAssertTrue(items[0].isGuarded)
        XCTAssertEqual(items[0].elements[1].kind, .wildcard)
    }

    func testPatternsAreReadIntoTheirKinds() {
        let text = """
            func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.running(_), .tick): return .ignored
                case (.running(0), .tick): return .ignored
                case let (.running(since), .tick(now)): return .ignored
                case (.running(since), .tick): return .ignored
                case (s: .idle, a: _): return .ignored
                case ((.idle), (let x)): return .ignored
                case (S.idle, Timer.A.tick(at: let t)): return .ignored
                case (ctx.current, .tick), _: return .ignored
                case .some((.idle, .tick)): return .ignored
                }
            }
            """
        let arms = context(text).dispatchers[0].arms
        func kinds(_ arm: Int) -> [[Dispatcher.PatternElement.Kind]] {
            guard case .items(let items, _) = arms[arm].label else { return [] }
            return items.map { $0.elements.map(\.kind) }
        }
        XCTAssertEqual(kinds(0), [[.member("running", refutablePayload: false), .member("tick", refutablePayload: false)]])
        XCTAssertEqual(kinds(1), [[.member("running", refutablePayload: true), .member("tick", refutablePayload: false)]])
        XCTAssertEqual(kinds(2), [[.member("running", refutablePayload: false), .member("tick", refutablePayload: false)]])
        XCTAssertEqual(kinds(3), [[.member("running", refutablePayload: true), .member("tick", refutablePayload: false)]], "without `let`, `since` is a value to compare")
        XCTAssertEqual(kinds(4), [[.member("idle", refutablePayload: false), .wildcard]])
        XCTAssertEqual(kinds(5), [[.member("idle", refutablePayload: false), .binding("x")]])
        XCTAssertEqual(kinds(6), [[.member("idle", refutablePayload: false), .member("tick", refutablePayload: false)]])
        XCTAssertEqual(kinds(7), [[.other, .member("tick", refutablePayload: false)], [.wildcard]])
        XCTAssertEqual(kinds(8), [[.member("some", refutablePayload: true)]])
    }

    func testOutcomesAreReadOrLeftUnread() {
        let bodies = [
            ".ignored": "ignored",
            "Step.ignored": "ignored",
            ".go(.idle)": "go idle",
            "try .go(Timer.S.idle, effects: [.beep, F.stop(reason: .x)])": "go idle beep stop",
            ".stay(effects: [])": "stay",
            "c.idleTick(ctx)": "handle idleTick",
            "c.idleTickToChild(ctx)": "delegate idleTickToChild",
            "delegateAuth(c, ctx, c.idleTick(ctx))": "delegate delegateAuth",
            "Swift.fatalError(\"no\")": "unreachable",
            "fatalError()": "unreachable",
            ".go(ctx.next)": "unreadable",
            ".go(.idle, effects: ctx.pending)": "unreadable",
            ".stay(effects: [ctx.effect])": "unreadable",
            "other.idleTick(ctx)": "unreadable",
            "next(s, a)": "unreadable",
            "try? c.idleTick(ctx)": "unreadable",
            "c.idleTick(ctx) ?? .ignored": "unreadable",
        ]
        for (body, expected) in bodies {
            let text = """
                func step(_ c: TimerCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.idle, .tick): return \(body)
                    }
                }
                """
            let arm = context(text).dispatchers.first?.arms.first
            XCTAssertEqual(arm?.outcome.kind.describedForTest, expected, body)
        }
        let multiStatement = """
            func step(_ c: Cells, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.idle, .tick): log(s); return .ignored
                case (.idle, .stop): if x { return .ignored }; return .ignored
                case (.done, .tick): break
                case (.done, .stop): let x = 1; var y = 2; return .ignored
                }
            }
            """
        XCTAssertEqual(context(multiStatement).dispatchers[0].arms.map(\.outcome.kind.describedForTest), ["unreadable", "unreadable", "unreadable", "ignored"])
    }

    /// What makes a function a dispatcher, one ingredient missing at a time.
    func testRecognitionNeedsEveryIngredient() {
        func recognised(_ signature: String, _ subject: String = "(s, a)") -> [Dispatcher.Kind] {
            context("\(signature) {\n    switch \(subject) {\n    default: fatalError()\n    }\n}\n").dispatchers.map(\.kind)
        }
        XCTAssertEqual(recognised("func step(_ s: S, _ a: A) -> Int"), [.step])
        XCTAssertEqual(recognised("func lampStep(_ s: Lamp.S, _ a: Lamp.A)"), [.step])
        XCTAssertEqual(recognised("func advance(_ s: LampS, _ a: LampA) -> TabularCenter.Step<LampS, LampF>"), [.step])
        XCTAssertEqual(recognised("static func step<C: LampCells>(_ c: C, _ s: Self.S, _ a: Self.A) async throws -> Step<S, F>"), [.step])
        XCTAssertEqual(recognised("func step(_ s: S, _ a: A) -> Int", "(a, s)"), [.step])
        XCTAssertEqual(recognised("func advance(_ s: S, _ a: A) -> Int"), [], "neither `Step` nor a step name")
        XCTAssertEqual(recognised("func step(_ s: S, _ a: Lamp.A)"), [], "the two types spell different machines")
        XCTAssertEqual(recognised("func step(_ s: LampS, _ a: GateA)"), [], "the two types name different machines")
        XCTAssertEqual(recognised("func step(_ s: S, _ t: S)", "(s, t)"), [], "two states")
        XCTAssertEqual(recognised("func step(_ s: S?, _ a: A)"), [], "an optional is not the state enum")
        XCTAssertEqual(recognised("func step(_ s: State, _ a: Action)"), [], "other type names")
        XCTAssertEqual(recognised("func step(_ s: S, _ a: A)", "(s, a, s)"), [])
        XCTAssertEqual(recognised("func step(_ s: S, _ a: A)", "s"), [])
        XCTAssertEqual(recognised("func perform(_ f: F)", "f"), [.effect])
        XCTAssertEqual(recognised("func run(_ f: Lamp.F) -> Lamp.A?", "f"), [.effect])
        XCTAssertEqual(recognised("func run(_ f: Lamp.F) -> A?", "f"), [], "the optional names another machine's action")
        XCTAssertEqual(recognised("func run(_ f: F) -> A", "f"), [])
        XCTAssertEqual(recognised("func render(_ r: Renders, _ s: LampS)", "s"), [.render])
        XCTAssertEqual(recognised("func render(_ r: Renders, _ s: LampS, _ a: LampA)", "a"), [])
        XCTAssertEqual(recognised("func draw(_ s: S)", "s"), [])
        XCTAssertEqual(recognised("func step<S, A: Equatable>(_ s: S, _ a: A)"), [], "generic parameters, not a machine's enums")
        XCTAssertEqual(recognised("func perform<F>(_ f: F)", "f"), [])
        XCTAssertEqual(recognised("func perform(_ document: PDF)", "document"), [], "an acronym is not a fused machine name")
        XCTAssertEqual(recognised("func perform(_ effect: Auth2F)", "effect"), [.effect])
    }

    /// A function with an unterminated string is not read; the functions before it are.
    func testAFunctionWithAnUnterminatedConstructIsNotRead() {
        let text = """
            func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                default: return .ignored
                }
            }
            func timerStep(_ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
                switch (s, a) {
                default: return .stay(effects: [.log("unterminated)])
                }
            }

            """
        XCTAssertEqual(context(text).dispatchers.map(\.function.text), ["step"])
        XCTAssertEqual(codes(text), ["tablint::dispatcher-default", "tablint::syntax"])
    }

    func testAStepDispatcherNamesItsMachineOnlyWhenItsTypesAndNameAgree() {
        func machine(_ declaration: String) -> String?? {
            context(declaration).dispatchers.first.map(\.machine)
        }
        let body = "{ switch (s, a) { case (.x, .y): return .ignored } }"
        XCTAssertEqual(machine("enum Timer { static func step(_ s: S, _ a: A) -> Step<S, F> \(body) }"), "Timer")
        XCTAssertEqual(machine("extension App.Timer { func step(_ s: S, _ a: A) -> Step<S, F> \(body) }"), "Timer")
        XCTAssertEqual(machine("enum Timer { enum Inner { func step(_ s: Self.S, _ a: Self.A) -> Step<S, F> \(body) } }"), "Inner")
        XCTAssertEqual(machine("struct Driver { func step(_ s: Timer.S, _ a: Timer.A) -> Step<Timer.S, Timer.F> \(body) }"), "Timer")
        XCTAssertEqual(machine("func timerStep(_ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> \(body)"), "Timer")
        XCTAssertEqual(machine("func trafficLightStep(_ s: S, _ a: A) -> Step<S, F> \(body)"), "TrafficLight")
        XCTAssertEqual(machine("func step(_ s: S, _ a: A) -> Step<S, F> \(body)"), .some(nil))
        XCTAssertEqual(machine("func gateStep(_ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> \(body)"), .some(nil))
        XCTAssertEqual(machine("enum Gate { static func timerStep(_ s: S, _ a: A) -> Step<S, F> \(body) }"), .some(nil))
    }

    func testMatricesAreBoundByLetNameEnclosingTypeOrMachineString() {
        let text = """
            let TRAFFIC_LIGHT_TABLE = Table(machine: "Light", states: ["A"], actions: ["X"], cells: [[.ignore]])
            extension Timer { static let TABLE: TabularCenter.Table = Table(machine: "Clock", states: ["A"], actions: ["X"], cells: [[.ignore]]) }
            enum Tables { static let gateTable = Table(machine: "Gate", states: ["A"], actions: ["X"], cells: [[.ignore]]) }
            let TABLE = Table(machine: "Door", states: ["A"], actions: ["X"], cells: [[.ignore]])
            func local() { let FAN_TABLE = Table(machine: "Fan", states: ["A"], actions: ["X"], cells: [[.ignore]]) }
            let broken = Table(machine: "Broken", states: ["A"], actions: ["X"], cells: [[.ignore, .ignore]])
            print(Table(machine: "Loose", states: ["A"], actions: ["X"], cells: [[.ignore]]))
            """
        XCTAssertEqual(context(text).boundMatrices.map(\.machine), ["TRAFFIC_LIGHT", "Timer", "gate", "Door"])
        XCTAssertEqual(context(text).boundMatrices.map(\.key), ["TRAFFICLIGHT", "TIMER", "GATE", "DOOR"])
    }

    // MARK: The configured extra functions

    static let transition = """
        enum Light {
            static func shouldTransition(from: State, to: State) -> Bool {
                let check = { (x: Int) -> Bool in
                    switch x {
                    default: return true
                    }
                }
                switch (from, to) {
                case (.red, .green): return check(1)
                case (.green, _): return true
                default: return false
                }
            }
        }
        """

    func testExtraDispatcherFunctionsAreReadOnlyWhenNamed() {
        XCTAssertEqual(codes(Self.transition), [], "not a dispatcher by tablint's own rules")
        XCTAssertEqual(codes(Self.transition, extra: ["shouldTransitionTo"]), [])
        let diagnostics = TestRun.lint(SourceFile(path: "Light.swift", text: Self.transition), extraDispatcherFunctions: ["shouldTransition"])
        XCTAssertEqual(Fixtures.render(diagnostics), """
            10:23: error: `_` in the `to` position of `case (.green, _):` in dispatcher `shouldTransition` matches every value of `to`, so a new case will compile without being listed. List each case instead; no fix: no `enum State` is declared in the linted files, so its cases are not known [tablint::dispatcher-default]
              8:9: note: `switch (from, to)` is a dispatcher because `shouldTransition` is named with `--dispatcher`
            11:9: error: `default:` in dispatcher `shouldTransition` matches every (from, to) combination not listed, so a new case will compile without being listed. List each combination instead; no fix: no `enum State` is declared in the linted files, so its cases are not known [tablint::dispatcher-default]
              8:9: note: `switch (from, to)` is a dispatcher because `shouldTransition` is named with `--dispatcher`

            """)
    }

    func testTheRunnerPassesTheExtraFunctionsToEveryFile() {
        let files = ["a/Light.swift", "b/Light.swift"]
        let read: FileIO.FileReader = { _ in .success(Array(Self.transition.utf8)) }
        XCTAssertEqual(TestRun.lintFiles(files, jobs: 2, read: read).diagnostics, [])
        let outcome = TestRun.lintFiles(files, jobs: 2, read: read, extraDispatcherFunctions: ["shouldTransition"])
        XCTAssertEqual(outcome.diagnostics.map(\.path), ["a/Light.swift", "a/Light.swift", "b/Light.swift", "b/Light.swift"])
    }

    // MARK: The rules can fail

    /// Each exempt form, turned into its flagged twin, is flagged: the exemptions are precise.
    func testTheExemptFormsBecomeFlaggedWhenTheExemptionIsRemoved() throws {
        let text = try fixture("dispatcher-default.ok.swift")
        let twins = [
            ("case (.blinking, _) where ctx.locked:", "case (.blinking, _):", 1),
            ("case (.red, .fault(_)):", "case (.red, _):", 1),
            ("static func describe(_ s: S, _ a: A) -> String {", "static func describe(_ s: S, _ a: A) -> Step<S, F> {", 2),
            ("static func label(_ s: S) -> String {", "static func render(_ s: S) -> String {", 1),
            ("static func log(_ f: F) -> String {", "static func log(_ f: F) -> A? {", 1),
            ("static func steer(_ d: Direction, _ t: Turn) -> Step<S, F> {", "static func steer(_ d: S, _ t: A) -> Step<S, F> {", 1),
            ("static func step(_ c: Cells, _ ctx: Ctx) -> Step<S, F> {\n        let s = ctx.state, a = ctx.action\n",
             "static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {\n", 1),
        ]
        XCTAssertEqual(codes(text), [])
        for (exempt, flagged, count) in twins {
            XCTAssertTrue(text.contains(exempt), exempt)
            let found = codes(text.replacingOccurrences(of: exempt, with: flagged))
            XCTAssertEqual(found.filter { $0 == "tablint::dispatcher-default" }.count, count, "\(flagged): \(found)")
        }
    }

    /// The unread bodies, written readably, disagree with the matrix: the fixture's silence
    /// is tablint declining to guess, not a matrix that happens to agree.
    func testUnreadableBodiesWrittenReadablyAreReported() throws {
        let text = try fixture("dispatcher-drift.ok.unreadable.swift")
        XCTAssertEqual(codes(text), [])
        let readable = [
            ("if ctx.stuck { return .ignored } else { return .go(.open, effects: [.creak]) }", "return .ignored"),
            ("return next(ctx, s, a)", "return .ignored"),
            ("case (.open, .pull): return try? c.openPull(ctx) ?? .ignored", "case (.open, .pull): return .ignored"),
            ("case (ctx.current, .push): return .ignored\n", ""),
            ("case (.shut, .push) where ctx.stuck: return .ignored\n", ""),
        ]
        for (unreadable, written) in readable {
            XCTAssertTrue(text.contains(unreadable), unreadable)
            let found = codes(text.replacingOccurrences(of: unreadable, with: written))
            XCTAssertTrue(found.contains("tablint::dispatcher-drift"), "\(written): \(found)")
        }
    }

    /// Each reason the pairing fixture stays silent, removed, lets the drift through.
    func testEachPairingDoubtRemovedReportsTheDrift() throws {
        let text = try fixture("dispatcher-drift.ok.pairing.swift")
        let removals = [
            ("func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: Timer.S, _ a: Timer.A)", "func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: Gate.S, _ a: Gate.A)"),
            ("func makeFan() -> Table {\n    let FAN_TABLE", "let FAN_TABLE"),
            ("    #if DEBUG\n    case (.ringing, .ring): return .ignored\n    #endif\n", "    case (.ringing, .ring): return .ignored\n"),
            ("func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {", "func bellStep(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {"),
        ]
        for (doubt, removed) in removals {
            XCTAssertTrue(text.contains(doubt), doubt)
            let found = TestRun.lint(SourceFile(path: "Pairing.swift", text: text.replacingOccurrences(of: doubt, with: removed)))
            XCTAssertTrue(found.contains { $0.code == "tablint::dispatcher-drift" }, "\(removed): \(found.map(\.message))")
        }
    }

    /// The ambiguity, removed, lets the drift through; the warning names both matrices.
    func testAnAmbiguousPairingIsReportedAndItsRemovalReportsTheDrift() throws {
        let text = try fixture("ambiguous-pairing.swift")
        let found = TestRun.lint(SourceFile(path: "Pairing.swift", text: text))
        let warning = try XCTUnwrap(found.first { $0.code == "tablint::ambiguous-pairing" })
        XCTAssertTrue(warning.message.contains("`LAMP_TABLE`") && warning.message.contains("`lampTable`"), warning.message)
        XCTAssertFalse(found.contains { $0.code == "tablint::dispatcher-drift" && $0.message.contains("lampStep") })
        XCTAssertTrue(found.contains { $0.code == "tablint::dispatcher-drift" && $0.message.contains("(On, Toggle)") },
                      "the copy outside `Fan` does not turn the comparison off")
        let removed = TestRun.lint(SourceFile(path: "Pairing.swift", text: text.replacingOccurrences(of: "let lampTable = Table(", with: "let lampOtherTable = Table(")))
        XCTAssertFalse(removed.contains { $0.code == "tablint::ambiguous-pairing" })
        XCTAssertTrue(removed.contains { $0.code == "tablint::dispatcher-drift" && $0.message.contains("lampStep") })
    }

    // MARK: Across files

    static let timerEnum = """
        enum Timer {
            enum S { case idle, running(since: Int) }
            enum A { case start, tick(now: Int) }
            enum F { case startClock }

            protocol Cells {
                func runningTick(_ ctx: Ctx, _ state: Running, _ action: Tick) -> Step<S, F>
            }

            static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
                case (.idle, .tick): return .ignored
                case (.running, .start): return .ignored
                case let (.running(since), .tick(now)): return c.runningTick(ctx, Running(since: since), Tick(now: now))
                }
            }
        }

        """

    static func timerTable(_ runningTick: String = ".handle") -> String {
        """
        // swift-format-ignore-file
        extension Timer {
            static let TABLE = Table(
                machine: "Timer",
                states: ["Idle", "Running"],
                actions: ["Start", "Tick"],
                cells: [
                    [.go(target: "Running", effects: ["StartClock"]), .ignore],
                    [.ignore, \(runningTick)],
                ],
                initial: "Idle"
            )
        }

        """
    }

    static let gateStep = """
        func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: GateS, _ a: GateA) -> Step<GateS, GateF> {
            switch (s, a) {
            case (.shut, .coin): return .go(.open, effects: [.click])
            case (.shut, .push): return .ignored
            case (.open, .coin): return .ignored
            case (.open, .push): return .go(.shut, effects: [])
            }
        }

        """

    static func gateTable(_ openPush: String = ".go(target: \"Shut\", effects: [])") -> String {
        """
        let GATE_TABLE = Table(
            machine: "Gate",
            states: ["Shut", "Open"],
            actions: ["Coin", "Push"],
            cells: [
                [.go(target: "Open", effects: ["Click"]), .ignore],
                [.ignore, \(openPush)],
            ],
            initial: "Shut"
        )

        """
    }

    /// The same run through the `Runner`, for every job count, and each file alone: alone, a
    /// dispatcher has no matrix to pair with and says nothing.
    func testTheCrossFileStepIsTheSameForEveryJobCountAndNeedsBothFiles() {
        let files = [
            "Timer.swift": Self.timerEnum, "TimerTable.swift": Self.timerTable(".go(target: \"Idle\", effects: [])"),
            "Gate.swift": Self.gateStep, "GateTable.swift": Self.gateTable(".go(target: \"Shut\", effects: [\"Click\"])"),
        ]
        let read: FileIO.FileReader = { .success(Array(files[$0]!.utf8)) }
        let paths = files.keys.sorted()
        let one = TestRun.lintFiles(paths, jobs: 1, read: read)
        // The Running × Tick cell is a GO now: the dispatcher's HANDLE arm and the `Cells`
        // requirement for it both disagree with the matrix.
        XCTAssertEqual(one.diagnostics.map(\.code), ["tablint::dispatcher-drift", "tablint::cells-drift", "tablint::dispatcher-drift"])
        XCTAssertEqual(one.diagnostics.map(\.path), ["Gate.swift", "Timer.swift", "Timer.swift"])
        XCTAssertEqual(one.diagnostics.map { $0.notes.map(\.path) }, [["GateTable.swift"], ["TimerTable.swift"], ["TimerTable.swift"]])
        for jobs in [2, 3, 8] {
            XCTAssertEqual(TestRun.lintFiles(paths, jobs: jobs, read: read), one, "jobs \(jobs)")
            XCTAssertEqual(TestRun.lintFiles(paths.reversed(), jobs: jobs, read: read).diagnostics, one.diagnostics, "jobs \(jobs), reversed")
        }
        for (path, text) in files {
            XCTAssertEqual(TestRun.lint(SourceFile(path: path, text: text)).map(\.code), [], path)
        }
        XCTAssertEqual(TestRun.lintFiles(["Timer.swift", "GateTable.swift"], jobs: 2, read: read).diagnostics, [], "no pair")
    }

    func testCrossFileCheckIsPureOverSummaries() {
        let summaries = [
            Engine.analyze(SourceFile(path: "Timer.swift", text: Self.timerEnum)).summary,
            Engine.analyze(SourceFile(path: "TimerTable.swift", text: Self.timerTable(".go(target: \"Idle\", effects: [])"))).summary,
        ]
        XCTAssertEqual(summaries[0].dispatchers.count, 1)
        XCTAssertEqual(summaries[1].matrices.map(\.machine), ["Timer"])
        let first = CrossFileCheck.check(summaries)
        XCTAssertEqual(first.map(\.code), ["tablint::dispatcher-drift", "tablint::cells-drift"])
        XCTAssertEqual(CrossFileCheck.check(summaries), first)
        XCTAssertEqual(CrossFileCheck.check(summaries, rules: [DispatcherDefault()]), [], "only run rules take part")
        XCTAssertEqual(CrossFileCheck.check([summaries[0]]), [])
        XCTAssertEqual(
            Set(CrossFileCheck.check(summaries + [summaries[1]]).map(\.code)), ["tablint::ambiguous-pairing"],
            "two matrices bound to Timer: compare with neither, and say so")
    }

    // MARK: Robustness

    static func fixtureURLs() throws -> [URL] { try GoldenFolder.fixtures(folder) }

    /// Cuts every 7 bytes, starting at a different byte in each fixture, so that together
    /// the cuts land at every offset modulo 7 (a debug build lints about 500 files a second).
    func testTruncationsOfEveryFixtureLintWithinBounds() throws {
        try FullSuite.require("lints every truncation of every dispatcher fixture")
        for (number, url) in try Self.fixtureURLs().enumerated() {
            let bytes = Array(try Data(contentsOf: url))
            for length in stride(from: number % 7, through: bytes.count, by: 7) {
                assertWellFormed(Array(bytes[0..<length]))
            }
            assertWellFormed(bytes)
        }
    }

    /// Deletes every third token, a different third in each fixture.
    func testDeletingTokensNeverCrashes() throws {
        try FullSuite.require("lints every dispatcher fixture with each token deleted")
        for (number, url) in try Self.fixtureURLs().enumerated() {
            let bytes = Array(try Data(contentsOf: url))
            let tokens = Tokenizer.tokenize(bytes).filter { !$0.isTrivia }
            for (index, token) in tokens.enumerated() where index % 3 == number % 3 {
                assertWellFormed(Array(bytes[0..<token.start] + bytes[token.end...]))
            }
        }
    }

    /// Nesting the input controls costs no call frames: blocks, closures, parentheses and
    /// patterns nested 100 000 deep in a dispatcher.
    func testDeepNestingInADispatcherDoesNotOverflowTheStack() throws {
        try FullSuite.require("lints a dispatcher nested 100,000 deep")
        let depth = 100_000
        let head = "func step(_ s: S, _ a: A) -> Step<S, F> {\n"
        let cases = [
            String(repeating: "if x {\n", count: depth) + "switch (s, a) { default: break }\n" + String(repeating: "}\n", count: depth),
            String(repeating: "f {\n", count: depth) + "switch (s, a) { default: break }\n" + String(repeating: "}\n", count: depth),
            "switch (s, a) {\ncase " + String(repeating: "(", count: depth) + "_" + String(repeating: ")", count: depth) + ": return .ignored\n}\n",
            "switch (s, a) {\ncase (.idle, .tick): return .go(" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + ")\n}\n",
            "switch (s, a) {\ncase (.idle, .tick): return .go(.idle, effects: [" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "])\n}\n",
        ]
        let found = cases.map { TestRun.lint(SourceFile(path: "deep.swift", text: head + $0 + "}\n")).map(\.code) }
        XCTAssertEqual(found, [["tablint::dispatcher-default"], [], ["tablint::dispatcher-default"], [], []])
    }

    private func assertWellFormed(_ bytes: [UInt8], line: UInt = #line) {
        let diagnostics = TestRun.lint(SourceFile(path: "cut.swift", bytes: bytes))
        for diagnostic in diagnostics {
            XCTAssertLessThanOrEqual(diagnostic.start.offset, diagnostic.end.offset, line: line)
            XCTAssertLessThanOrEqual(diagnostic.end.offset, bytes.count, "\(diagnostic)", line: line)
            for note in diagnostic.notes { XCTAssertLessThanOrEqual(note.location.offset, bytes.count, line: line) }
        }
    }
}

/// End to end through the built executable, beside the other CLI tests.
extension CLITests {
    /// The acceptance case, end to end through the built executable: a correct
    /// project with each dispatcher and its table in separate files prints nothing; a drifted
    /// one prints the drift, in the dispatcher's file, with a note in the table's.
    func testAProjectWithDispatchersAndTablesInSeparateFiles() throws {
        let dir = try TemporaryDirectory(self)
        for project in ["Correct", "Drifted"] {
            let drifted = project == "Drifted"
            try dir.write("\(project)/Sources/Timer/Timer.swift", Array(DispatcherTests.timerEnum.utf8))
            try dir.write("\(project)/Sources/Timer/TimerTable.swift", Array(DispatcherTests.timerTable(drifted ? ".go(target: \"Idle\", effects: [])" : ".handle").utf8))
            try dir.write("\(project)/Sources/Gate/Gate.swift", Array(DispatcherTests.gateStep.utf8))
            try dir.write("\(project)/Sources/Tables/GateTable.swift", Array(DispatcherTests.gateTable(drifted ? ".go(target: \"Shut\", effects: [\"Click\"])" : ".go(target: \"Shut\", effects: [])").utf8))
        }
        XCTAssertEqual(
            try tablint(["Correct"], in: dir.path),
            ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 4 files\n"))
        XCTAssertEqual(try tablint(["Drifted"], in: dir.path), ProcessResult(
            status: 1,
            stdout: """
                Drifted/Sources/Gate/Gate.swift:6:33: error: `case (.open, .push):` in dispatcher `gateStep` returns `.go(.shut, effects: [])` (GO(shut)) for (Open, Push), but the matrix `Gate` declares it as GO(Shut, Click); expected `.go(.shut, effects: [.click])` [tablint::dispatcher-drift]
                Drifted/Sources/Tables/GateTable.swift:7:19: note: cell (Open, Push) of the matrix `Gate` is GO(Shut, Click) here
                Drifted/Sources/Timer/Timer.swift:7:14: error: `Cells` requires `runningTick`, but cell (Running, Tick) of the matrix `Timer.TABLE` is GO(Idle), not HANDLE, so the generator emits no such member; every implementation must still write it. Remove the requirement, or change the matrix [tablint::cells-drift]
                Drifted/Sources/Timer/TimerTable.swift:9:23: note: cell (Running, Tick) is GO(Idle) here
                Drifted/Sources/Timer/Timer.swift:15:56: error: `case let (.running(since), .tick(now)):` in dispatcher `step` calls `c.runningTick(ctx, Running(since: since), Tick(now: now))` (HANDLE) for (Running, Tick), but the matrix `Timer` declares it as GO(Idle); expected `.go(.idle, effects: [])`; the fix leaves this case: it calls `c.runningTick(ctx, Running(since: since), Tick(now: now))`, whose code is the author's [tablint::dispatcher-drift]
                Drifted/Sources/Timer/TimerTable.swift:9:23: note: cell (Running, Tick) of the matrix `Timer` is GO(Idle) here

                """,
            stderr: "3 errors, 0 warnings in 4 files; 1 fixable with `tablint --fix --unsafe-fixes`\n"))
    }
}

private extension Dispatcher.Outcome.Kind {
    var targetRange: Range<Int> {
        if case .go(let target, _) = self { return target.range }
        return 0..<0
    }

    var effectRanges: [Range<Int>] {
        switch self {
        case .go(_, let effects), .stay(let effects): return effects.map(\.range)
        default: return []
        }
    }

    /// A compact spelling for table-driven assertions: `go idle beep`, `handle idleTick`.
    var describedForTest: String {
        switch self {
        case .go(let target, let effects): return (["go", target.text] + effects.map(\.text)).joined(separator: " ")
        case .ignored: return "ignored"
        case .stay(let effects): return (["stay"] + effects.map(\.text)).joined(separator: " ")
        case .handle(let member): return "handle \(member)"
        case .delegate(let callee): return "delegate \(callee)"
        case .unreachable: return "unreachable"
        case .unreadable: return "unreadable"
        }
    }
}

/// `--fix` lints the files as they are after fixing as one run, so drift between a dispatcher
/// and a table in another file is reported with `--fix` as without it.
final class FixRunCrossFileTests: XCTestCase {
    func testFixReportsDriftAcrossFiles() {
        let files = [
            "Timer.swift": DispatcherTests.timerEnum,
            "TimerTable.swift": DispatcherTests.timerTable(".go(target: \"Idle\", effects: [])"),
        ]
        let read: FileIO.FileReader = { path in files[path].map { .success(Array($0.utf8)) } ?? .failure(SystemError(code: 2)) }
        let lint = TestRun.lintFiles(["Timer.swift", "TimerTable.swift"], jobs: 2, read: read)
        let documents = files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) }
        let fixed = Engine.run(documents, mode: .fix, jobs: 2)
        // The matrix's (Running, Tick) is no longer HANDLE: the step arm and the `Cells`
        // requirement both drift from it.
        XCTAssertEqual(lint.diagnostics.map(\.code), ["tablint::cells-drift", "tablint::dispatcher-drift"])
        XCTAssertEqual(fixed.diagnostics, lint.diagnostics)
        XCTAssertEqual(fixed.files.count, 2)
    }
}
