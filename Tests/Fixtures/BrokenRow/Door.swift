// A row of the wrong length (`Open`) does not hide the checks that do not depend on it: the
// dispatcher still disagrees with the rows of `Shut` and `Jammed`, and the enum lacks a state.
enum Door {
    enum S { case shut, open }
    enum A { case push, pull }
    enum F { case creak }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .ignored
        case (.shut, .pull): return .ignored
        case (.open, .push): return .ignored
        case (.open, .pull): return .go(.shut, effects: [.creak])
        case (.jammed, .push): return .ignored
        case (.jammed, .pull): return .ignored
        }
    }

    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open", "Jammed"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: []), .ignore],
            [.ignore, .go(target: "Shut", effects: ["Creak"]), .ignore],
            [.emit(effects: []), .ignore],
        ],
        initial: "Shut"
    )
}
