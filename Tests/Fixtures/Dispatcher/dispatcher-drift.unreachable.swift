// UNREACHABLE cells against arms that do something, and an arm that traps where the matrix
// says otherwise.

func toggleStep(_ c: ToggleCells, _ ctx: ToggleCtx, _ s: ToggleS, _ a: ToggleA) -> Step<ToggleS, ToggleF> {
    switch (s, a) {
    case (.off, .flip): return .go(.on, effects: [])
    case (.off, .reset): return .ignored
    case (.off, .hold): return .go(.held, effects: [])
    case (.on, .flip): return .go(.off, effects: [])
    case (.on, .reset): fatalError("tabular-center: On x Reset was declared UNREACHABLE but occurred")
    case (.on, .hold): return .go(.held, effects: [])
    case (.held, .flip): return .ignored
    case (.held, .reset): return .go(.off, effects: [])
    case (.held, .hold): return .ignored
    }
}

let TOGGLE_TABLE = Table(
    machine: "Toggle",
    states: ["Off", "On", "Held"],
    actions: ["Flip", "Reset", "Hold"],
    cells: [
        [.go(target: "On", effects: []), .unreachable, .go(target: "Held", effects: [])],
        [.go(target: "Off", effects: []), .ignore, .go(target: "Held", effects: [])],
        [.ignore, .go(target: "Off", effects: []), .ignore],
    ],
    initial: "Off"
)
