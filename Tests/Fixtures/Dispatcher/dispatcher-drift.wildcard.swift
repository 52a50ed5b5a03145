// Arms that cover several pairs: each is compared with every cell it decides, and the cells
// that disagree are listed in one diagnostic per arm.

enum Printer {
    enum S { case idle, printing, jammed }
    enum A { case send, finish, clear }
    enum F { case beep }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.idle, .send): return .go(.printing, effects: [])
        case (.printing, .finish): return .go(.idle, effects: [.beep])
        case (.jammed, .clear): return .go(.idle, effects: [])
        case (.jammed, _): return .stay(effects: [.beep])
        default: return .ignored
        }
    }
}

extension Printer {
    static let TABLE = Table(
        machine: "Printer",
        states: ["Idle", "Printing", "Jammed"],
        actions: ["Send", "Finish", "Clear"],
        cells: [
            [.go(target: "Printing", effects: []), .unreachable, .ignore],
            [.ignore, .go(target: "Idle", effects: ["Beep"]), .go(target: "Jammed", effects: [])],
            [.emit(effects: ["Beep"]), .ignore, .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
