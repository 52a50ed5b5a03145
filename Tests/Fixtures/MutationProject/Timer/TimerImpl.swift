struct TimerImpl: TimerCells {
    func runningTick(_ ctx: TimerCtx) -> Step<TimerS, TimerF> {
        ctx.elapsed += 1
        if ctx.elapsed >= ctx.limit {
            return .go(.done, effects: [.stopClock, .ring])
        }
        return .ignored
    }

    func startClock(_ ctx: TimerCtx) -> TimerA? {
        ctx.elapsed = 0
        return nil
    }

    func stopClock(_ ctx: TimerCtx) -> TimerA? { nil }
    func ring(_ ctx: TimerCtx) -> TimerA? { nil }
}
