// Cases for a state and an action the matrix does not declare, each reported once.

enum Lamp {
    enum S { case dark, lit, dimmed }
    enum A { case press, hold }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.dark, .press): return .go(.lit, effects: [])
        case (.dark, .hold): return .ignored
        case (.dark, .twist): return .ignored
        case (.lit, .press): return .go(.dark, effects: [])
        case (.lit, .hold): return .go(.dimmed, effects: [])
        case (.dimmed, .press): return .go(.dark, effects: [])
        case (.dimmed, .hold): return .ignored
        case (.dimmed, .twist): return .ignored
        }
    }
}

extension Lamp {
    static let TABLE = Table(
        machine: "Lamp",
        states: ["Dark", "Lit"],
        actions: ["Press", "Hold"],
        cells: [
            [.go(target: "Lit", effects: []), .ignore],
            [.go(target: "Dark", effects: []), .handle],
        ],
        initial: "Dark"
    )
}
