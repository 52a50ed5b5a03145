enum Retry {
    enum S { case waiting, trying, failed }
    enum A { case run, fail, reset }
    enum F { case schedule, giveUp }

    final class Ctx {
        var attempts = 0
        var maximum = 3
    }

    protocol Cells {
        func tryingFail(_ ctx: Ctx) -> Step<S, F>
        func failedFail(_ ctx: Ctx) -> Step<S, F>
        func schedule(_ ctx: Ctx) -> A?
        func giveUp(_ ctx: Ctx) -> A?
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.waiting, .run): return .go(.trying, effects: [])
        case (.waiting, .fail): return .ignored
        case (.waiting, .reset): return .ignored
        case (.trying, .run): return .ignored
        case (.trying, .fail): return c.tryingFail(ctx)
        case (.trying, .reset): return .go(.waiting, effects: [.schedule])
        case (.failed, .run): return .ignored
        case (.failed, .fail): return c.failedFail(ctx)
        case (.failed, .reset): return .go(.waiting, effects: [])
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .schedule: return c.schedule(ctx)
        case .giveUp: return c.giveUp(ctx)
        }
    }
}
