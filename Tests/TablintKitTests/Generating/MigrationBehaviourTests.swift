import Foundation
import XCTest
@testable import TablintKit

/// `tablint migrate` proved as a compiler would: hand-written machines of each shape it reads
/// (a nested `reduce -> S` with a payload and a `default:`, a top-level reducer of two enums
/// with payloads, a wildcard, a trap and a `default:`, a `shouldTransition(from:to:)` over one
/// enum taken twice with a `where` in one cell, a `step -> Step<S, F>` with effects, and a
/// dispatcher in the library's own shape with its `Cells` and catch-alls, a TCA-style reducer
/// of an `inout` state with its own effect type, and an `inout` one returning nothing) are migrated; the originals and the migrated files are compiled with the real
/// `swiftc` against a stand-in of the library's runtime and run over every (state, action)
/// pair and over action sequences from every state, and must print the same. The pairs that
/// trap are run one by one, and must trap in both.
final class MigrationBehaviourTests: XCTestCase {
    static let turnstile = """
        enum Turnstile {
            enum S { case locked, unlocked, broken(code: Int) }
            enum A { case coin, push, repair }

            static func reduce(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.locked, .coin): return .unlocked
                case (.unlocked, .push): return .locked
                case let (.broken(code), .repair):
                    // Each repair fixes one fault.
                    return code > 1 ? .broken(code: code - 1) : .locked
                default: return s
                }
            }
        }

        """

    static let job = """
        enum JobState { case idle, running(attempt: Int), failed(reason: String), done }
        enum JobAction { case start, succeed, fail(String), retry, reset }

        func reduce(_ state: JobState, _ action: JobAction) -> JobState {
            switch (state, action) {
            case (.idle, .start): return .running(attempt: 1)
            case (.running, .succeed): return .done
            case let (.running(attempt), .fail(why)):
                if attempt >= 3 { return .failed(reason: why) }
                return .running(attempt: attempt + 1)
            case (.failed, .retry): return .idle
            case (.done, .start): fatalError("a finished job cannot start again")
            case (_, .reset): return .idle
            default: return state
            }
        }

        """

    static let light = """
        enum Light { case red, green, yellow, flashing(times: Int) }

        func shouldTransition(from: Light, to: Light) -> Bool {
            switch (from, to) {
            case (.red, .green), (.green, .yellow), (.yellow, .red): return true
            case (.flashing, .red): return true
            case let (.flashing(times), .flashing) where times > 2: return false
            case (_, .flashing): return true
            default: return false
            }
        }

        """

    static let timer = """
        enum Timer {
            enum S { case idle, running(since: Int), paused }
            enum A { case start, tick(now: Int), stop }
            enum F { case startClock, stopClock, beep }

            static func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
                case let (.running(since), .tick(now)) where now - since > 10: return .go(.paused, effects: [.stopClock])
                case (.running, .tick): return .stay(effects: [.beep])
                case (.running, .stop): return .go(.idle, effects: [.stopClock])
                case (.paused, .start): return .go(.idle, effects: [])
                case (_, _): return .ignored
                }
            }
        }

        """

    /// The library's own hand-written shape (issue 4's dispatchers): cells and context
    /// parameters, HANDLE arms calling their members, catch-alls; no matrix yet.
    static let vend = """
        enum Vend {
            enum S { case idle, paying(cents: Int), vending }
            enum A { case coin(Int), choose, done, refund }
            enum F { case dispense, giveBack }
            struct Ctx { var price = 100 }

            static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case let (.idle, .coin(cents)): return c.idleCoin(ctx, cents)
                case let (.paying(total), .coin(cents)): return c.payingCoin(ctx, total, cents)
                case let (.paying(total), .choose): return c.payingChoose(ctx, total)
                case (.paying, .refund): return .go(.idle, effects: [.giveBack])
                case (.vending, .done): return .go(.idle, effects: [])
                case (.vending, _): return .stay(effects: [.dispense])
                case (_, .refund): return .ignored
                default: return .ignored
                }
            }
        }

        protocol Cells {
            func idleCoin(_ ctx: Vend.Ctx, _ cents: Int) -> Step<Vend.S, Vend.F>
            func payingCoin(_ ctx: Vend.Ctx, _ total: Int, _ cents: Int) -> Step<Vend.S, Vend.F>
            func payingChoose(_ ctx: Vend.Ctx, _ total: Int) -> Step<Vend.S, Vend.F>
        }

        struct VendMachine: Cells {
            func idleCoin(_ ctx: Vend.Ctx, _ cents: Int) -> Step<Vend.S, Vend.F> { .go(.paying(cents: cents), effects: []) }
            func payingCoin(_ ctx: Vend.Ctx, _ total: Int, _ cents: Int) -> Step<Vend.S, Vend.F> { .go(.paying(cents: total + cents), effects: []) }
            func payingChoose(_ ctx: Vend.Ctx, _ total: Int) -> Step<Vend.S, Vend.F> {
                total >= ctx.price ? .go(.vending, effects: [.dispense]) : .ignored
            }
        }

        """

    /// A TCA-style reducer of an `inout` state with its own effect type, a `where` in one cell.
    static let feature = """
        enum Effect<Action> {
            case none
            case send(Action)
        }

        struct Feature {
            enum State { case idle, loading(id: Int), loaded(count: Int), failed }
            enum Action { case load(Int), finished(Int), failure, reset }

            func reduce(into state: inout State, action: Action) -> Effect<Action> {
                switch (state, action) {
                case let (.idle, .load(id)):
                    state = .loading(id: id)
                    return .send(.finished(id * 2))
                case let (.loading, .finished(count)) where count > 10:
                    state = .loaded(count: count)
                    return .none
                case (.loading, .finished), (.loading, .failure):
                    state = .failed
                    return .none
                case (_, .reset):
                    state = .idle
                    return .none
                default:
                    return .none
                }
            }
        }

        """

    /// An `inout` state and no result: arms that fall off the end of the switch.
    static let lamp = """
        enum Lamp {
            enum S { case off, on(level: Int) }
            enum A { case toggle, dim }

            static func apply(_ s: inout S, _ a: A) {
                switch (s, a) {
                case (.off, .toggle): s = .on(level: 3)
                case (.on, .toggle): s = .off
                case let (.on(level), .dim) where level > 1:
                    s = .on(level: level - 1)
                case (.on, .dim):
                    s = .off
                case (.off, .dim): break
                }
            }
        }

        """

    /// A pattern binding that shadows the state parameter: `return state` in the second arm is
    /// the bound previous screen, not the state unchanged.
    static let screen = """
        enum Screen {
            indirect enum State { case list, detail(id: Int), alert(message: String, previous: State) }
            enum Action { case open(Int), fail(String), dismiss }
            static func reduce(_ state: State, _ action: Action) -> State {
                switch (state, action) {
                case let (.list, .open(id)): return .detail(id: id)
                case let (.alert(_, state), .dismiss): return state   // the previous screen
                case let (_, .fail(message)): return .alert(message: message, previous: state)
                default: return state
                }
            }
        }

        """

    /// An `inout` reducer whose arms leave the switch with `break`, beside a loop's own `break`
    /// and a nested switch's `break`, which stay.
    static let fan = """
        enum Fan {
            enum S { case off, low, high }
            enum A { case up(Bool), down }
            static func decide(_ s: inout S, _ a: A) {
                switch (s, a) {
                case let (.off, .up(boost)): if !boost { s = .low; break }; s = .high
                case (.low, .down):
                    switch a { case .up: break; case .down: s = .off }
                    if s == .off { break }
                    s = .high
                case (.high, .up(let boost)):
                    var steps = 0
                    while true { steps += 1; if steps > 2 { break } }
                    guard boost else { break }
                    s = steps > 2 ? .off : .low
                default: break
                }
            }
        }

        """

    /// A cell decided in part by a `where`, whose other arm is `break`.
    static let lock = """
        enum Lock {
            enum S { case open, closed }
            enum A { case code(Int), shut }
            static func apply(_ s: inout S, _ a: A) {
                switch (s, a) {
                case (.open, .code(let c)) where c == 0: s = .closed
                case (.open, .code): break
                case (.open, .shut): s = .closed
                case (.closed, .code): s = .open
                case (.closed, _): break
                }
            }
        }

        """

    /// A library-shaped dispatcher whose GO arms carry payloads: GO cells, the arms kept.
    static let stopwatch = """
        enum Stopwatch {
            enum S { case idle, running(since: Int), stopped(at: Int) }
            enum A { case start, tick(now: Int), stop }
            enum F { case startClock, stopClock }
            struct Ctx { var now = 1 }

            static func step(_ c: StopwatchCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
                case let (.running(since), .tick(now)): return c.runningTick(ctx, since, now)
                case let (.running(since), .stop): return .go(.stopped(at: since + ctx.now), effects: [.stopClock])
                case (.stopped, .start): return .go(.idle, effects: [])
                default: return .ignored
                }
            }
        }

        protocol StopwatchCells {
            func runningTick(_ ctx: Stopwatch.Ctx, _ since: Int, _ now: Int) -> Step<Stopwatch.S, Stopwatch.F>
        }

        struct StopwatchMachine: StopwatchCells {
            func runningTick(_ ctx: Stopwatch.Ctx, _ since: Int, _ now: Int) -> Step<Stopwatch.S, Stopwatch.F> {
                now - since > 5 ? .go(.running(since: now), effects: []) : .stay(effects: [])
            }
        }

        """

    /// A reducer declared in an extension of a nested type, `extension App.Panel`.
    static let panel = """
        enum App {
            enum Panel {
                enum State { case list, detail(id: Int) }
                enum Action { case open(Int), back }
            }
        }

        extension App.Panel {
            static func reduce(_ s: State, _ a: Action) -> State {
                switch (s, a) {
                case let (.list, .open(id)): return .detail(id: id)
                case (.detail, .back): return .list
                default: return s
                }
            }
        }

        """

    /// A switch over a labelled tuple.
    static let gate = """
        enum Gate {
            enum S { case open, closed }
            enum A { case push, pull }
            static func next(_ s: S, _ a: A) -> S {
                switch (state: s, action: a) {
                case (.open, .push): return .closed
                case (.closed, .pull): return .open
                default: return s
                }
            }
        }

        """

    /// Payloads on both sides read by the HANDLE arms, which receive them narrowed: labelled
    /// and unlabelled fields, a `var` binding the code changes, a label in the pattern, `_`
    /// inside a payload, a `where` over one cell, and code using the state itself (rebuilt).
    static let meter = """
        enum MeterState { case idle, counting(Int), running(since: Int, lap: Int), paused(at: Int) }
        enum MeterAction { case add(Int), tick(now: Int), move(Int, Int), pause, reset }

        extension MeterState {
            var isBusy: Bool { if case .idle = self { return false }; return true }
        }

        func advance(_ state: MeterState, _ action: MeterAction) -> MeterState {
            switch (state, action) {
            case (.idle, .add(let k)): return .counting(k)
            case (.counting(var n), .add(let k)):
                n += k
                return n > 10 ? .running(since: n, lap: 0) : .counting(n)
            case let (.counting(n), .move(dx, dy)): return .counting(n + dx * dy)
            case (.running(let since, _), .tick(let now)) where now - since > 10: return .paused(at: now)
            case let (.running(since, lap), .tick(now: now)): return .running(since: since, lap: lap + now - since)
            case let (.running(_, lap), .pause): return state.isBusy ? .paused(at: lap) : state
            case (.paused(let at), .move(let dx, _)): return .paused(at: at + dx)
            case (_, .reset): return state.isBusy ? .idle : state
            default: return state
            }
        }

        """

    /// `-> Step` with payloads read by HANDLE arms, one of which uses the action itself, and a
    /// payload of a type the enum declares (its narrowed struct names it qualified).
    static let pump = """
        enum Pump {
            enum S {
                case off, on(rate: Int), priming(Mode)
                enum Mode { case slow, fast }
            }
            enum A { case set(Int), stop }
            enum F { case started, changed }

            static func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case let (.off, .set(rate)): return rate > 0 ? .go(.on(rate: rate), effects: [.started]) : .ignored
                case (.on(let old), .set(let new)):
                    if old == new { return .ignored }
                    return .go(.on(rate: new), effects: [.changed])
                case (.on(let rate), .stop): return rate > 5 ? .go(.off, effects: []) : .stay(effects: [])
                case (.off, .stop):
                    if case .stop = a { return .ignored }
                    return .stay(effects: [])
                case (.priming(let mode), .stop): return mode == .fast ? .go(.off, effects: []) : .stay(effects: [])
                case (.priming, .set(let rate)): return .go(.on(rate: rate), effects: [.started])
                }
            }
        }

        """

    /// An `inout` reducer whose patterns migrate cannot bind field by field, or whose names the
    /// member's own code declares: a payload bound as one tuple, a backticked name, a default
    /// field value, bindings named `next` and `effect`; they keep their pattern over the
    /// rebuilt values.
    static let gauge = """
        enum Gauge {
            enum S { case idle, pair(a: Int, b: Int), `default`(Int), reading(level: Int = 0), next(Int) }
            enum A { case swap, bump(by: Int), read(Int), stop }

            static func apply(_ s: inout S, _ a: A) {
                switch (s, a) {
                case let (.pair(p), .swap): s = .pair(a: p.b, b: p.a)
                case (.pair(a: let x, b: _), .bump(by: let k)): s = .pair(a: x + k, b: k)
                case let (.default(`default`), .bump(by)): s = .default(`default` + by)
                case (.reading(let l), .read(let r)): s = .reading(level: l + r)
                case let (.next(next), .bump(k)): s = .next(next + k)
                case let (.idle, .read(effect)): s = .reading(level: effect)
                case (_, .stop): s = .idle
                default: break
                }
            }
        }

        """

    /// A machine whose `Ctx` is a class: migrate declares no `typealias Ctx` beside it.
    static let bell = """
        enum Bell {
            enum S { case quiet, ringing(times: Int) }
            enum A { case ring, hush }
            final class Ctx {}
            static func reduce(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.quiet, .ring): return .ringing(times: 1)
                case let (.ringing(times), .ring): return .ringing(times: times + 1)
                case (.ringing, .hush): return .quiet
                default: return s
                }
            }
        }

        """

    /// Arms naming `static` properties of the function's type unqualified, one declared in
    /// the nested type and others in an extension of it in another file (`shelfSizes`), one
    /// of them named `ctx` as the members' context parameter would be.
    static let shelf = """
        enum Shop {
            struct Shelf {
                static let minWidth = 100
                enum Mode { case hidden, shown(width: Int) }
                enum Event { case show(Int), hide, resize(Int) }
            }
        }

        extension Shop.Shelf {
            static func reduce(_ mode: Mode, _ event: Event) -> Mode {
                switch (mode, event) {
                case let (.hidden, .show(w)): return .shown(width: max(w, minWidth))
                case let (.shown, .resize(w)): return .shown(width: min(max(w, minWidth), maxWidth) * ctx)
                case (.shown, .hide): return .hidden
                default: return mode
                }
            }
        }

        """

    static let shelfSizes = """
        extension Shop.Shelf {
            static let maxWidth = 400
            static let ctx = 1  // a name the members' context parameter must not hide
        }

        """

    /// The library's runtime, as much as the code uses: `Step`, and `Table` with its cells.
    static let runtime = """
        enum Step<S, F> {
            case go(S, effects: [F])
            case stay(effects: [F])
            case ignored
        }

        struct Table {
            enum Cell {
                case go(target: String, effects: [String])
                case emit(effects: [String])
                case handle, ignore, unreachable
                case delegate(child: String)
            }
            let machine: String
            init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {
                self.machine = machine
            }
        }

        """

    /// Every pair, then 20-action sequences from every state; `trap NAME` runs one trapping pair.
    static let driver = """
        var seed = 7
        func next(_ count: Int) -> Int {
            seed = (seed &* 1103515245 &+ 12345) & 0x7fffffff
            return seed % count
        }
        func machine<S, A, R>(_ name: String, _ states: [S], _ actions: [A], traps: (S, A) -> Bool, _ run: (S, A) -> R, _ after: (S, A, R) -> S) {
            for s in states {
                for a in actions where !traps(s, a) { print(name, s, a, run(s, a)) }
            }
            for start in states {
                var s = start
                var line = "\\(name) from \\(s):"
                for _ in 0..<20 {
                    let a = actions[next(actions.count)]
                    if traps(s, a) { continue }
                    let result = run(s, a)
                    line += " \\(a) -> \\(result);"
                    s = after(s, a, result)
                }
                print(line)
            }
        }
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "trap" {
            _ = reduce(.done, .start)
        } else {
            machine("turnstile", [Turnstile.S.locked, .unlocked, .broken(code: 1), .broken(code: 3)], [Turnstile.A.coin, .push, .repair],
                    traps: { _, _ in false }, Turnstile.reduce) { _, _, next in next }
            machine("job", [JobState.idle, .running(attempt: 1), .running(attempt: 3), .failed(reason: "x"), .done],
                    [JobAction.start, .succeed, .fail("disk"), .retry, .reset],
                    traps: { if case .done = $0, case .start = $1 { return true }; return false }, reduce) { _, _, next in next }
            let lights: [Light] = [.red, .green, .yellow, .flashing(times: 1), .flashing(times: 3)]
            machine("light", lights, lights, traps: { _, _ in false }, shouldTransition) { from, to, goes in goes ? to : from }
            machine("timer", [Timer.S.idle, .running(since: 0), .running(since: 5), .paused], [Timer.A.start, .tick(now: 3), .tick(now: 30), .stop],
                    traps: { _, _ in false }, Timer.step) { s, _, step in
                if case let .go(next, _) = step { return next }
                return s
            }
            machine("feature", [Feature.State.idle, .loading(id: 1), .loaded(count: 5), .failed],
                    [Feature.Action.load(2), .finished(3), .finished(30), .failure, .reset], traps: { _, _ in false },
                    { s, a -> String in
                        var state = s
                        let effect = Feature().reduce(into: &state, action: a)
                        return "\\(state) \\(effect)"
                    }) { s, a, _ in
                var state = s
                _ = Feature().reduce(into: &state, action: a)
                return state
            }
            machine("lamp", [Lamp.S.off, .on(level: 1), .on(level: 3)], [Lamp.A.toggle, .dim], traps: { _, _ in false },
                    { s, a -> Lamp.S in
                        var state = s
                        Lamp.apply(&state, a)
                        return state
                    }) { _, _, next in next }
            machine("vend", [Vend.S.idle, .paying(cents: 50), .paying(cents: 120), .vending], [Vend.A.coin(25), .coin(100), .choose, .done, .refund],
                    traps: { _, _ in false }, { Vend.step(VendMachine(), Vend.Ctx(), $0, $1) }) { s, _, step in
                if case let .go(next, _) = step { return next }
                return s
            }
            machine("screen", [Screen.State.list, .detail(id: 7), .alert(message: "x", previous: .detail(id: 7))],
                    [Screen.Action.open(3), .fail("e"), .dismiss], traps: { _, _ in false }, Screen.reduce) { _, _, next in next }
            machine("fan", [Fan.S.off, .low, .high], [Fan.A.up(true), .up(false), .down], traps: { _, _ in false },
                    { s, a -> Fan.S in
                        var state = s
                        Fan.decide(&state, a)
                        return state
                    }) { _, _, next in next }
            machine("lock", [Lock.S.open, .closed], [Lock.A.code(0), .code(1), .shut], traps: { _, _ in false },
                    { s, a -> Lock.S in
                        var state = s
                        Lock.apply(&state, a)
                        return state
                    }) { _, _, next in next }
            machine("stopwatch", [Stopwatch.S.idle, .running(since: 0), .running(since: 3), .stopped(at: 1)],
                    [Stopwatch.A.start, .tick(now: 2), .tick(now: 9), .stop],
                    traps: { _, _ in false }, { Stopwatch.step(StopwatchMachine(), Stopwatch.Ctx(), $0, $1) }) { s, _, step in
                if case let .go(next, _) = step { return next }
                return s
            }
            machine("panel", [App.Panel.State.list, .detail(id: 2)], [App.Panel.Action.open(5), .back], traps: { _, _ in false },
                    App.Panel.reduce) { _, _, next in next }
            machine("gate", [Gate.S.open, .closed], [Gate.A.push, .pull], traps: { _, _ in false }, Gate.next) { _, _, next in next }
            machine("meter", [MeterState.idle, .counting(3), .counting(9), .running(since: 2, lap: 1), .paused(at: 4)],
                    [MeterAction.add(2), .add(5), .tick(now: 5), .tick(now: 20), .move(2, 3), .pause, .reset],
                    traps: { _, _ in false }, advance) { _, _, next in next }
            machine("gauge", [Gauge.S.idle, .pair(a: 1, b: 2), .default(3), .reading(level: 1), .next(2)], [Gauge.A.swap, .bump(by: 2), .read(4), .stop],
                    traps: { _, _ in false }, { s, a -> Gauge.S in
                        var state = s
                        Gauge.apply(&state, a)
                        return state
                    }) { _, _, next in next }
            machine("shelf", [Shop.Shelf.Mode.hidden, .shown(width: 150)], [Shop.Shelf.Event.show(20), .show(300), .hide, .resize(50), .resize(900)],
                    traps: { _, _ in false }, Shop.Shelf.reduce) { _, _, next in next }
            machine("bell", [Bell.S.quiet, .ringing(times: 1)], [Bell.A.ring, .hush], traps: { _, _ in false }, Bell.reduce) { _, _, next in next }
            machine("pump", [Pump.S.off, .on(rate: 2), .on(rate: 7), .priming(.slow), .priming(.fast)], [Pump.A.set(0), .set(2), .set(4), .stop],
                    traps: { _, _ in false }, Pump.step) { s, _, step in
                if case let .go(next, _) = step { return next }
                return s
            }
        }

        """

    static let sources: [(path: String, text: String)] = [
        ("Machines/Turnstile.swift", turnstile), ("Machines/Job.swift", job), ("Machines/Light.swift", light),
        ("Machines/Timer.swift", timer), ("Machines/Vend.swift", vend),
        ("Machines/Feature.swift", feature), ("Machines/Lamp.swift", lamp), ("Machines/Screen.swift", screen),
        ("Machines/Fan.swift", fan), ("Machines/Lock.swift", lock), ("Machines/Stopwatch.swift", stopwatch),
        ("Machines/Panel.swift", panel), ("Machines/Gate.swift", gate), ("Machines/Meter.swift", meter),
        ("Machines/Pump.swift", pump), ("Machines/Gauge.swift", gauge), ("Machines/Bell.swift", bell),
        ("Machines/Shelf.swift", shelf), ("Machines/Shelf+Sizes.swift", shelfSizes),
    ]

    func testMigratedMachinesBehaveAsTheOriginalsOnEveryPairAndSequence() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let plan = MigrationPlan.make(Self.sources.map { ($0.path, Array($0.text.utf8)) }, function: nil) { _ in false }
        XCTAssertEqual(plan.refusals, [])
        XCTAssertEqual(plan.migratedFunctions, ["reduce", "reduce", "shouldTransition", "step", "step", "reduce", "apply", "reduce", "decide", "apply", "step", "reduce", "next", "advance", "step", "apply", "reduce", "reduce"])
        XCTAssertEqual(plan.findings.map { "\($0.path):\($0.start.line): \($0.message) [\($0.code)]" }, [], "tablint reports nothing on the migrated code")
        XCTAssertEqual(plan.groups.count, 18)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = Self.sources.map(\.text).joined(separator: "\n")
        // The files migrate does not rewrite (`Shelf+Sizes.swift`) are compiled as they are.
        let rewritten = Set(plan.groups.map(\.source.path))
        let migrated = (plan.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }
            + Self.sources.filter { !rewritten.contains($0.path) }.map(\.text)).joined(separator: "\n")
        XCTAssertTrue(migrated.contains("static let TABLE = Table("), migrated)
        XCTAssertFalse(migrated.contains("default:"), migrated)
        XCTAssertTrue(migrated.contains("case (.vending, .refund): return .stay(effects: [.dispense])"), migrated)
        // HANDLE members take the generator's narrowed structs, and bind the pattern's names from them.
        for expected in [
            "case let (.counting(value), .move(value0, value1)): return cells.countingMove(ctx, Meter.Counting(value: value), Meter.Move(value0: value0, value1: value1))",
            "    func countingAdd(_ ctx: MeterCtx, _ state: Meter.Counting, _ action: Meter.Add) -> Step<MeterS, MeterF>\n",
            "enum Meter {\n    struct Counting {\n        var value: Int\n    }\n",
            // `advance` names its parameters `state` and `action`, so the narrowed ones are named apart.
            "    func countingAdd(_ ctx: MeterCtx, _ narrowedState: Meter.Counting, _ narrowedAction: Meter.Add) -> Step<MeterS, MeterF> {\n",
            "        var n = narrowedState.value\n        let k = narrowedAction.value\n",
            "        let dx = narrowedAction.value0\n        let dy = narrowedAction.value1\n",
            "        let state = MeterS.running(since: narrowedState.since, lap: narrowedState.lap)\n        let lap = narrowedState.lap\n",
            "        let state = MeterS.idle\n",
            "            let old = state.rate\n            let new = action.value\n            if old == new { return .ignored }\n",
            "            let a = Pump.A.stop\n            func decide() -> Step<Pump.S, Pump.F> {\n",
            "    func offStop(_ ctx: Pump.Ctx) -> Step<Pump.S, Pump.F>\n",
            // A label `a:` is not the action `a`: only the state is rebuilt.
            "            let s = Gauge.S.pair(a: state.a, b: state.b)\n            let x = state.a\n",
            "    struct Priming {\n        var value: Pump.S.Mode\n    }\n",
        ] {
            XCTAssertTrue(migrated.contains(expected), "\(expected)\n\(migrated)")
        }
        let (before, beforeProgram) = try Self.build(original, named: "before", in: folder, swiftc: swiftc)
        let (after, afterProgram) = try Self.build(migrated, named: "after", in: folder, swiftc: swiftc)
        // 12 + 25 + 25 + 16 + 20 + 20 + 6 + 9 + 9 + 6 + 16 + 4 + 4 pairs less the trap, and one
        // sequence line per start state.
        XCTAssertEqual(
            before.split(separator: "\n").count,
            12 + 24 + 25 + 16 + 20 + 20 + 6 + 9 + 9 + 6 + 16 + 4 + 4 + 4 + 5 + 5 + 4 + 4 + 4 + 3 + 3 + 3 + 2 + 4 + 2 + 2 + 35 + 5 + 20 + 5 + 20 + 5 + 4 + 2 + 10 + 2, before)
        XCTAssertEqual(after, before)
        // The comparison can fail: one GO cell retargeted prints differently.
        let mutated = migrated.replacingOccurrences(of: "case (.locked, .coin): return .go(.unlocked, effects: [])", with: "case (.locked, .coin): return .ignored")
        XCTAssertNotEqual(mutated, migrated)
        XCTAssertNotEqual(try Self.build(mutated, named: "mutated", in: folder, swiftc: swiftc).0, before)
        // So can a payload field bound from the wrong field of its narrowed struct.
        let swapped = migrated.replacingOccurrences(of: "let dx = narrowedAction.value0", with: "let dx = narrowedAction.value1")
        XCTAssertNotEqual(swapped, migrated)
        XCTAssertNotEqual(try Self.build(swapped, named: "swapped", in: folder, swiftc: swiftc).0, before)
        for program in [beforeProgram, afterProgram] {
            let (status, _) = try DispatcherDefaultFixTests.run(program, ["trap"])
            XCTAssertNotEqual(status, 0, "(.done, .start) traps in \(program.lastPathComponent)")
        }
    }

    /// Migrates `source` alone, then compiles the original and the migrated file, each with the
    /// runtime and `main`, and runs both: their outputs, and the migrated text.
    private func migratedAgainstOriginal(_ source: String, main: String, named name: String) throws -> (before: String, after: String, migrated: String) {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let plan = MigrationPlan.make([("\(name).swift", Array(source.utf8))], function: nil) { _ in false }
        XCTAssertEqual(plan.refusals, [])
        XCTAssertEqual(plan.findings.map(\.message), [], "tablint reports nothing on the migrated code")
        let migrated = plan.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try DispatcherDefaultFixTests.compileAndRun(source + Self.runtime + main, named: "before", in: folder, swiftc: swiftc).0
        let after = try DispatcherDefaultFixTests.compileAndRun(migrated + Self.runtime + main, named: "after", in: folder, swiftc: swiftc).0
        return (before, after, migrated)
    }

    /// `reduce` over top-level `Mode` and `Event` names its machine `Reduce`: the protocol is
    /// `ReduceCells`, so the implementation is `ReduceImplementation`, here numbered, as the
    /// run declares that name already. Both compile, and behave as before.
    func testTheImplementationIsNamedApartFromTheProtocolAndFromTheRunsTypes() throws {
        let source = """
            enum Mode { case idle, busy(n: Int) }
            enum Event { case start, stop }
            struct ReduceImplementation {}

            func reduce(_ s: Mode, _ e: Event) -> Mode {
                switch (s, e) {
                case (.idle, .start): return .busy(n: 1)
                case let (.busy(n), .start): return .busy(n: n + 1)
                case (.busy, .stop): return .idle
                default: return s
                }
            }

            """
        let main = """
            for s in [Mode.idle, .busy(n: 2)] {
                for e in [Event.start, .stop] { print(s, e, reduce(s, e)) }
            }

            """
        let (before, after, migrated) = try migratedAgainstOriginal(source, main: main, named: "Reduce")
        XCTAssertTrue(migrated.contains("\nprotocol ReduceCells {\n"), migrated)
        XCTAssertTrue(migrated.contains("\nstruct ReduceImplementation2: ReduceCells {\n"), migrated)
        XCTAssertTrue(migrated.contains("reduceStep(ReduceImplementation2(), (), s, e)"), migrated)
        XCTAssertEqual(before.split(separator: "\n").count, 4, before)
        XCTAssertEqual(after, before)
    }

    /// A reducer returning an effect type nested in its own type (`Feature.Effect`): the
    /// top-level declarations name it qualified, as it is declared.
    func testANestedEffectTypeIsNamedQualifiedAtTheTopLevel() throws {
        let source = """
            struct Feature {
                enum State { case idle, loading }
                enum Action { case load, cancel }
                enum Effect { case none, fetch }

                func reduce(into state: inout State, action: Action) -> Effect {
                    switch (state, action) {
                    case (.idle, .load):
                        state = .loading
                        return .fetch
                    case (.loading, .cancel):
                        state = .idle
                        return .none
                    default:
                        return .none
                    }
                }
            }

            """
        let main = """
            for s in [Feature.State.idle, .loading] {
                for a in [Feature.Action.load, .cancel] {
                    var state = s
                    let effect = Feature().reduce(into: &state, action: a)
                    print(s, a, state, effect)
                }
            }

            """
        let (before, after, migrated) = try migratedAgainstOriginal(source, main: main, named: "Feature")
        XCTAssertTrue(migrated.contains("\ntypealias FeatureF = Feature.Effect\n"), migrated)
        XCTAssertEqual(before.split(separator: "\n").count, 4, before)
        XCTAssertEqual(after, before)
    }

    /// `Step<S, Effect>` with an effect enum of its own name, beside the state enum (nested) or
    /// at the top level (fused): migrate names it the machine's `F` by an alias, not refusing it.
    /// Both compile and behave as the originals.
    func testAnEffectEnumOfItsOwnNameIsAliasedAsF() throws {
        let nested = """
            enum Pump {
                enum S { case idle, running }
                enum A { case start, stop }
                enum Effect { case beep, hum }
                static func reduce(_ s: S, _ a: A) -> Step<S, Effect> {
                    switch (s, a) {
                    case (.idle, .start): return .go(.running, effects: [.beep, .hum])
                    case (.running, .start): return .stay(effects: [.beep])
                    case (.running, .stop): return .go(.idle, effects: [])
                    default: return .ignored
                    }
                }
            }

            """
        let fused = """
            enum Mode { case idle, running }
            enum Event { case start, stop }
            enum Effect { case beep }
            func reduce(_ s: Mode, _ e: Event) -> Step<Mode, Effect> {
                switch (s, e) {
                case (.idle, .start): return .go(.running, effects: [.beep])
                case (.running, .stop): return .go(.idle, effects: [])
                default: return .ignored
                }
            }

            """
        for (source, states, actions, call, alias) in [
            (nested, "Pump.S.idle, .running", "Pump.A.start, .stop", "Pump.reduce(s, a)", "    typealias F = Effect\n"),
            (fused, "Mode.idle, .running", "Event.start, .stop", "reduce(s, a)", "typealias ReduceF = Effect\n"),
        ] {
            let main = """
                for s in [\(states)] {
                    for a in [\(actions)] { print(s, a, \(call)) }
                }

                """
            let (before, after, migrated) = try migratedAgainstOriginal(source, main: main, named: "Pump")
            XCTAssertTrue(migrated.contains(alias), migrated)
            XCTAssertEqual(before.split(separator: "\n").count, 4, before)
            XCTAssertEqual(after, before)
        }
    }

    /// A machine nested in an extension (`extension Media { enum Player { … } }`), with payload
    /// columns and a HANDLE arm of statements: what migrate declares is named `Media.Player`,
    /// compiles, and behaves as the original.
    func testAMachineNestedInAnExtensionIsNamedQualified() throws {
        let source = """
            enum Media {}

            extension Media {
                enum Player {
                    enum S { case stopped, playing(track: Int), paused(track: Int) }
                    enum A { case play(Int), pause, stop, next }

                    static func reduce(_ s: S, _ a: A) -> S {
                        switch (s, a) {
                        case let (.stopped, .play(track)): return .playing(track: track)
                        case let (.playing(track), .pause): return .paused(track: track)
                        case let (.playing(track), .next):
                            let n = track + 1
                            return .playing(track: n)
                        case let (.paused(track), .play(other)):
                            return other == track ? .playing(track: track) : .playing(track: other)
                        case (_, .stop): return .stopped
                        default: return s
                        }
                    }
                }
            }

            """
        let main = """
            for s in [Media.Player.S.stopped, .playing(track: 1), .paused(track: 2)] {
                for a in [Media.Player.A.play(2), .play(3), .pause, .stop, .next] { print(s, a, Media.Player.reduce(s, a)) }
            }

            """
        let (before, after, migrated) = try migratedAgainstOriginal(source, main: main, named: "Media")
        XCTAssertTrue(migrated.contains("extension Media.Player {\n    static let TABLE = Table("), migrated)
        XCTAssertTrue(migrated.contains("    func pausedPlay(_ ctx: Media.Player.Ctx, _ state: Media.Player.Paused, _ action: Media.Player.Play) -> Step<Media.Player.S, Media.Player.F>\n"), migrated)
        XCTAssertEqual(before.split(separator: "\n").count, 15, before)
        XCTAssertEqual(after, before)
    }

    /// Compiles `source` with the runtime and the driver as one `main.swift`; its output and the program.
    static func build(_ source: String, named name: String, in folder: URL, swiftc: URL) throws -> (String, URL) {
        let directory = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let main = directory.appendingPathComponent("main.swift")
        try (source + "\n" + runtime + "\n" + driver).write(to: main, atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent(name)
        let (status, compiler) = try DispatcherDefaultFixTests.run(swiftc, ["-Onone", "-module-name", "Machines", main.path, "-o", program.path])
        guard status == 0 else {
            XCTFail("swiftc rejects the \(name) version:\n\(compiler)\n\(source)")
            return ("", program)
        }
        let (ran, output) = try DispatcherDefaultFixTests.run(program, [])
        XCTAssertEqual(ran, 0, output)
        return (output, program)
    }
}
