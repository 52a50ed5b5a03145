// Bodies and patterns tablint cannot read with confidence: it says nothing about them, even
// though every arm here would disagree with the matrix if it were read naively.

enum Door {
    enum S { case shut, open }
    enum A { case push, pull }
    enum F { case creak, click }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push):
            if ctx.stuck { return .ignored } else { return .go(.open, effects: [.creak]) }
        case (.shut, .pull):
            guard ctx.ready else { return .ignored }
            return .stay(effects: [.click])
        case (.open, .push):
            return next(ctx, s, a)
        case (.open, .pull):
            #if DEBUG
            return .ignored
            #else
            return .go(.shut, effects: [])
            #endif
        }
    }
}

extension Door {
    // Computed targets, computed effects, a nested switch, an optional step.
    static func computed(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(ctx.target, effects: [])
        case (.shut, .pull): return .go(.open, effects: ctx.pending)
        case (.open, .push):
            switch ctx.mode {
            case .quiet: return .ignored
            case .loud: return .stay(effects: [.creak])
            }
        case (.open, .pull): return try? c.openPull(ctx) ?? .ignored
        }
    }

    // A pattern that is an expression: it may match any pair, so no arm is compared.
    static func expression(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (ctx.current, .push): return .ignored
        case (.shut, .push): return .ignored
        case (.shut, .pull): return .ignored
        case (.open, .push): return .ignored
        case (.open, .pull): return .ignored
        }
    }

    // Guarded and partial patterns decide at run time which arm runs for their pairs.
    static func guarded(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push) where ctx.stuck: return .ignored
        case (.shut, .push): return .stay(effects: [.creak])
        case (.shut, .pull): return .ignored
        case (.open, .push): return c.openPush(ctx)
        case (.open, .pull): return .go(.shut, effects: [.click])
        }
    }

    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: ["Creak"]), .ignore],
            [.handle, .go(target: "Shut", effects: ["Click"])],
        ],
        initial: "Shut"
    )
}
