struct RetryImpl: Retry.Cells {
    func tryingFail(_ ctx: Retry.Ctx) -> Step<Retry.S, Retry.F> {
        ctx.attempts += 1
        guard ctx.attempts < ctx.maximum else { return .go(.failed, effects: [.giveUp]) }
        return .go(.waiting, effects: [.schedule])
    }

    func failedFail(_ ctx: Retry.Ctx) -> Step<Retry.S, Retry.F> {
        ctx.attempts = 0
        return .go(.waiting, effects: [.giveUp])
    }

    func schedule(_ ctx: Retry.Ctx) -> Retry.A? { .run }
    func giveUp(_ ctx: Retry.Ctx) -> Retry.A? { nil }
}
