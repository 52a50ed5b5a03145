// Every catch-all tablint flags in a dispatcher's own switch, one function per form.

enum Light {
    enum S { case red, green, blinking(times: Int) }
    enum A { case next, fault, reset }
    enum F { case chime, log(String) }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        default: return .ignored
        }
    }

    static func unknownDefault(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        @unknown default: return .ignored
        }
    }

    static func wildcard(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        case _: return .ignored
        }
    }

    static func tupleWildcard(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        case (_, _): return .ignored
        }
    }

    static func bindings(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        case let (state, action): return c.fallback(ctx, state, action)
        }
    }

    static func elementBindings(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [])
        case (let state, var action): return c.fallback(ctx, state, action)
        }
    }

    static func positions(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, _): return .ignored
        case (_, .fault): return .go(.blinking(times: 3), effects: [.chime])
        case (.green, let action): return c.greenAny(ctx, action)
        case let (.blinking(times), action): return c.blinkingAny(ctx, times, action)
        case (.green, .next), (_, .reset): return .go(.red, effects: [])
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .chime: return nil
        default: return nil
        }
    }

    static func render(_ renders: Renders, _ s: S) -> String {
        switch s {
        case .red: return "red"
        case _: return "other"
        }
    }
}

// The argument order does not matter, and neither does a switch expression.
func lightStep(_ c: LightCells, _ ctx: LightCtx, _ a: LightA, _ s: LightS) -> Step<LightS, LightF> {
    return switch (a, s) {
    case (.next, .red): .go(.green, effects: [])
    case (.next, _): .ignored
    @unknown case _: .ignored
    }
}

// The effect dispatcher is also recognised by returning the action optional.
func lightEffect(_ cells: LightCells, _ ctx: LightCtx, _ effect: Light.F) -> Light.A? {
    switch effect {
    case let other: return cells.handle(ctx, other)
    }
}
