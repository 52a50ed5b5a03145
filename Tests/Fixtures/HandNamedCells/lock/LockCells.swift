extension Lock {
    protocol Cells {
        func onUnlock(_ ctx: Ctx) -> Step<S, F>
        func onKnock(_ ctx: Ctx) -> Step<S, F>
        func ringTheChime(_ ctx: Ctx) -> A?
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.locked, .unlock): return c.onUnlock(ctx)
        case (.locked, .knock): return c.onKnock(ctx)
        case (.locked, .close): return .ignored
        case (.open, .unlock): return .ignored
        case (.open, .knock): return .stay(effects: [.chime])
        case (.open, .close): return .go(.locked, effects: [])
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .chime: return c.ringTheChime(ctx)
        }
    }
}
