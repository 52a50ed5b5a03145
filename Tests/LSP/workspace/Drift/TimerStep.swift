// The hand-written dispatcher of the Timer matrix in TimerTable.tb.swift.
enum Timer {
    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
        case (.idle, .tick), (.idle, .cancel): return .ignored
        case (.running, .start): return .ignored
        case let (.running(since), .tick(now)): return c.runningTick(ctx, since, now)
        case (.running, .cancel): return .go(.done, effects: [.stopClock])
        case (.done, .start): return .go(.running(since: 0), effects: [.startClock])
        case (.done, .tick): return .ignored
        case (.done, .cancel): return .ignored
        }
    }
}
