// Two top-level matrices bind the name Lamp and neither is declared in `Lamp`: which one the
// dispatcher follows would be a guess, so it is compared with neither, and tablint says so.
func lampStep(_ c: LampCells, _ ctx: LampCtx, _ s: LampS, _ a: LampA) -> Step<LampS, LampF> {
    switch (s, a) {
    case (.dark, .press): return .ignored
    case (.lit, .press): return .ignored
    }
}

let LAMP_TABLE = Table(
    machine: "Lamp",
    states: ["Dark", "Lit"],
    actions: ["Press"],
    cells: [[.go(target: "Lit", effects: [])], [.go(target: "Dark", effects: [])]],
    initial: "Dark"
)

let lampTable = Table(
    machine: "Lamp",
    states: ["Dark", "Lit"],
    actions: ["Press"],
    cells: [[.go(target: "Lit", effects: [])], [.go(target: "Dark", effects: [])]],
    initial: "Dark"
)

// A test-only copy of the Fan table beside the real one in `extension Fan`: the dispatcher in
// `Fan` follows its own type's matrix, so the copy does not turn the comparison off.
extension Fan {
    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.off, .toggle): return .go(.on, effects: [])
        case (.on, .toggle): return .ignored
        }
    }

    static let TABLE = Table(
        machine: "Fan",
        states: ["Off", "On"],
        actions: ["Toggle"],
        cells: [[.go(target: "On", effects: [])], [.go(target: "Off", effects: [])]],
        initial: "Off"
    )
}

let FAN_TABLE = Table(
    machine: "Fan",
    states: ["Off", "On"],
    actions: ["Toggle"],
    cells: [[.go(target: "On", effects: [])], [.go(target: "Off", effects: ["Click"])]],
    initial: "Off"
)
