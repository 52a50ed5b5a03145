// Two rows swapped in the matrix right after a state was inserted: the dispatcher does for
// `Paid` what the row of `Refunding` says and the other way round. Said once, at the matrix,
// not at each arm (which would be told to copy the slip). `Open`'s own drift is still reported.

enum Shop {
    enum S { case open, paid, refunding }
    enum A { case pay, refund }
    enum F { case charge, refund }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.open, .pay): return .go(.paid, effects: [.charge])
        case (.open, .refund): return .ignored
        case (.paid, .pay): return .ignored
        case (.paid, .refund): return .go(.refunding, effects: [.refund])
        case (.refunding, .pay): return .ignored
        case (.refunding, .refund): return .go(.open, effects: [])
        }
    }

    static let TABLE = Table(
        machine: "Shop",
        states: ["Open", "Paid", "Refunding"],
        actions: ["Pay", "Refund"],
        cells: [
            [.go(target: "Paid", effects: ["Charge"]), .go(target: "Open", effects: [])],
            [.ignore, .go(target: "Open", effects: [])],
            [.ignore, .go(target: "Refunding", effects: ["Refund"])],
        ],
        initial: "Open"
    )
}
