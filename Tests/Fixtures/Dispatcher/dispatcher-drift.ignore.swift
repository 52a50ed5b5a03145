// IGNORE cells against arms that stay with no effects, handle, or go.

enum Door {
    enum S { case shut, open }
    enum A { case push, pull, kick }
    enum F { case creak }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(.open, effects: [])
        case (.shut, .pull): return .stay(effects: [])
        case (.shut, .kick): return .go(.open, effects: [.creak])
        case (.open, .push): return c.openPush(ctx)
        case (.open, .pull): return .go(.shut, effects: [])
        case (.open, .kick): return .go(.shut, effects: [])
        }
    }
}

extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull", "Kick"],
        cells: [
            [.go(target: "Open", effects: []), .ignore, .go(target: "Open", effects: ["Creak"])],
            [.ignore, .go(target: "Shut", effects: []), .ignore],
        ],
        initial: "Shut"
    )
}
