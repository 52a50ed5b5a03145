// The three dispatcher shapes of the library's examples, each exhaustive and in step with the
// Timer matrix below: tablint reports nothing.

enum Timer {
    enum S { case idle, running(since: Int), done }
    enum A { case start, tick(now: Int), cancel }
    enum F { case startClock, stopClock(reason: Reason), beep }
    final class Ctx { var ticks = 0 }

    protocol Cells {
        func runningTick(_ ctx: Ctx, _ state: Running, _ action: Tick) -> Step<S, F>
        func doneTick(_ ctx: Ctx) -> Step<S, F>
    }

    // Shape 1: nested in the machine enum, over its own `S` and `A`.
    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
        case (.idle, .tick): return .ignored
        case (.idle, .cancel): return .ignored
        case (.running, .start): return .ignored
        case let (.running(since), .tick(now)): return c.runningTick(ctx, Running(since: since), Tick(now: now))
        case (.running, .cancel): return .go(.idle, effects: [.stopClock(reason: .cancelled)])
        case (.done, .start): return .go(.running(since: 0), effects: [.startClock])
        case (.done, .tick): return c.doneTick(ctx)
        case (.done, .cancel):
            return .stay(effects: [.beep])
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .startClock: return c.startClock(ctx)
        case let .stopClock(reason): return c.stopClock(ctx, reason)
        case .beep: return nil
        }
    }

    static func render(_ renders: Renders, _ s: S) -> String {
        switch s {
        case .idle: return renders.idle()
        case let .running(since): return renders.running(since)
        case .done: return renders.done()
        }
    }
}

extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
            [.ignore, .handle, .go(target: "Idle", effects: ["StopClock"])],
            [.go(target: "Running", effects: ["StartClock"]), .handle, .emit(effects: ["Beep"])],
        ],
        initial: "Idle"
    )
}

// Shape 2: a top-level `step` over `TimerS` and `TimerA`, written as a switch expression.
func step(_ cells: TimerCells, _ ctx: TimerCtx, _ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
    switch (s, a) {
    case (.idle, .start): .go(.running(since: 0), effects: [.startClock])
    case (.idle, .tick), (.idle, .cancel): .ignored
    case (.running, .start): .ignored
    case let (.running(since), .tick(now)): cells.runningTick(ctx, Running(since: since), Tick(now: now))
    case (.running, .cancel): .go(.idle, effects: [.stopClock(reason: .cancelled)])
    case (.done, .start): .go(.running(since: 0), effects: [.startClock])
    case (.done, .tick): cells.doneTick(ctx)
    case (.done, .cancel): .stay(effects: [.beep])
    }
}

// Shape 3: `<machine>Step`, as the conformance sources write it.
func timerStep(_ c: TimerCells, _ ctx: TimerCtx, _ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
    switch (s, a) {
    case (.idle, .start):
        return .go(.running(since: 0), effects: [.startClock])
    case (.idle, .tick):
        return .ignored
    case (.idle, .cancel):
        return .ignored
    case (.running, .start):
        return .ignored
    case let (.running(since), .tick(now)):
        let state = Running(since: since)
        return c.runningTick(ctx, state, Tick(now: now))
    case (.running, .cancel):
        return .go(.idle, effects: [.stopClock(reason: .cancelled)])
    case (.done, .start):
        return .go(.running(since: 0), effects: [.startClock])
    case (.done, .tick):
        return c.doneTick(ctx)
    case (.done, .cancel):
        return .stay(effects: [.beep])
    }
}
