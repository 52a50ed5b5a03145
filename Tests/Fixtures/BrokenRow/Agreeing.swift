// A row of the wrong length whose other rows agree with the dispatcher: only `row-arity`.

enum Vent {
    enum S { case shut, open }
    enum A { case push, pull }
    enum F { case creak }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(.open, effects: [])
        case (.shut, .pull): return .ignored
        case (.open, .push): return .ignored
        case (.open, .pull): return .go(.shut, effects: [.creak])
        }
    }

    static let TABLE = Table(
        machine: "Vent",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: []), .ignore],
            [.ignore, .go(target: "Shut", effects: ["Creak"]), .ignore],
        ],
        initial: "Shut"
    )
}
