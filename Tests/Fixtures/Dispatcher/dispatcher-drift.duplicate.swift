// A pair listed twice, and a pair listed after a wildcard already took it.

enum Fan {
    enum S { case off, on }
    enum A { case toggle, boost }
    enum F { case whirr }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.off, .toggle): return .go(.on, effects: [.whirr])
        case (.off, .boost): return .go(.on, effects: [.whirr])
        case (.off, .toggle): return .go(.on, effects: [])
        case (.on, let action): return c.onAny(ctx, action)
        case (.on, .boost): return .stay(effects: [.whirr])
        }
    }
}

extension Fan {
    static let TABLE = Table(
        machine: "Fan",
        states: ["Off", "On"],
        actions: ["Toggle", "Boost"],
        cells: [
            [.go(target: "On", effects: ["Whirr"]), .go(target: "On", effects: ["Whirr"])],
            [.handle, .handle],
        ],
        initial: "Off"
    )
}
