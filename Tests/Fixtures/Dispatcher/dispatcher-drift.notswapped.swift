// Rows that differ from the dispatcher, but not crosswise: each arm is reported as before,
// and no swap is claimed.

enum Till {
    enum S { case open, paid }
    enum A { case pay, refund }
    enum F { case charge, refund }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.open, .pay): return .go(.paid, effects: [.charge])
        case (.open, .refund): return .ignored
        case (.paid, .pay): return .ignored
        case (.paid, .refund): return .go(.open, effects: [.refund])
        }
    }

    static let TABLE = Table(
        machine: "Till",
        states: ["Open", "Paid"],
        actions: ["Pay", "Refund"],
        cells: [
            [.go(target: "Paid", effects: ["Charge"]), .ignore],
            [.ignore, .go(target: "Open", effects: [])],
        ],
        initial: "Open"
    )
}
