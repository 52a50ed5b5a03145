enum Turnstile {
    enum S { case locked, unlocked, broken }
    enum A { case coin, push, kick }
    enum F { case unlock, lock, buzz, alarm }

    final class Ctx {
        var coins = 0
        var kicks = 0
    }

    protocol Cells {
        func unlockedCoin(_ ctx: Ctx) -> Step<S, F>
        func brokenKick(_ ctx: Ctx) -> Step<S, F>
        func unlock(_ ctx: Ctx) -> A?
        func lock(_ ctx: Ctx) -> A?
        func buzz(_ ctx: Ctx) -> A?
        func alarm(_ ctx: Ctx) -> A?
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])
        case (.locked, .push): return .stay(effects: [.buzz])
        case (.locked, .kick): return .go(.broken, effects: [.alarm])
        case (.unlocked, .coin): return c.unlockedCoin(ctx)
        case (.unlocked, .push): return .go(.locked, effects: [.lock])
        case (.unlocked, .kick): return .go(.broken, effects: [.alarm])
        case (.broken, .coin): return .ignored
        case (.broken, .push): return .ignored
        case (.broken, .kick): return c.brokenKick(ctx)
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .unlock: return c.unlock(ctx)
        case .lock: return c.lock(ctx)
        case .buzz: return c.buzz(ctx)
        case .alarm: return c.alarm(ctx)
        }
    }
}
