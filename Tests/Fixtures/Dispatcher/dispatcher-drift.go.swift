// GO cells against arms that go elsewhere, emit other effects, or do not go at all.

enum Door {
    enum S { case shut, open, locked }
    enum A { case push, pull, lock }
    enum F { case creak, click }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(.locked, effects: [.creak])
        case (.shut, .pull): return .ignored
        case (.shut, .lock): return .go(.locked)
        case (.open, .push): return .ignored
        case (.open, .pull): return .go(.shut, effects: [.click, .creak])
        case (.open, .lock): return .ignored
        case (.locked, .push): return .ignored
        case (.locked, .pull): return .ignored
        case (.locked, .lock): return .ignored
        }
    }
}

extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open", "Locked"],
        actions: ["Push", "Pull", "Lock"],
        cells: [
            [.go(target: "Open", effects: ["Creak"]), .ignore, .go(target: "Locked", effects: ["Click"])],
            [.ignore, .go(target: "Shut", effects: ["Creak", "Click"]), .ignore],
            [.ignore, .ignore, .go(target: "Shut", effects: [])],
        ],
        initial: "Shut"
    )
}
