struct TurnstileImpl: Turnstile.Cells {
    let limit: Int

    func unlockedCoin(_ ctx: Turnstile.Ctx) -> Step<Turnstile.S, Turnstile.F> {
        ctx.coins += 1
        let full = ctx.coins >= limit
        return full ? .go(.locked, effects: [.lock]) : .ignored
    }

    func brokenKick(_ ctx: Turnstile.Ctx) -> Step<Turnstile.S, Turnstile.F> {
        ctx.kicks += 1
        return ctx.kicks > 2 ? .go(.locked, effects: []) : .ignored
    }

    func unlock(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
    func lock(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
    func buzz(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
    func alarm(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
}
