enum TimerS { case idle, running, done }
enum TimerA { case start, tick, cancel }
enum TimerF { case startClock, stopClock, ring }

final class TimerCtx {
    var elapsed = 0
    var limit = 3
}

protocol TimerCells {
    func runningTick(_ ctx: TimerCtx) -> Step<TimerS, TimerF>
    func startClock(_ ctx: TimerCtx) -> TimerA?
    func stopClock(_ ctx: TimerCtx) -> TimerA?
    func ring(_ ctx: TimerCtx) -> TimerA?
}

func timerStep(_ c: TimerCells, _ ctx: TimerCtx, _ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
    switch (s, a) {
    case (.idle, .start): return .go(.running, effects: [.startClock])
    case (.idle, .tick): return .ignored
    case (.idle, .cancel): return .ignored
    case (.running, .start): return .ignored
    case (.running, .tick): return c.runningTick(ctx)
    case (.running, .cancel): return .go(.idle, effects: [.stopClock])
    case (.done, .start): return .go(.running, effects: [.startClock])
    case (.done, .tick): return .ignored
    case (.done, .cancel): fatalError("tabular-center: Done x Cancel was declared UNREACHABLE but occurred")
    }
}

func timerPerform(_ c: TimerCells, _ ctx: TimerCtx, _ f: TimerF) -> TimerA? {
    switch f {
    case .startClock: return c.startClock(ctx)
    case .stopClock: return c.stopClock(ctx)
    case .ring: return c.ring(ctx)
    }
}
