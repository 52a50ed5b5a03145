// swift-format-ignore-file
// The same mistakes on every surface: a short row, a GO to an undeclared state, an EMIT
// without effects, and an initial state that is not declared.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick", "Cancel"],
    cells: [
        [.go(target: "Runing", effects: ["StartClock"]), .ignore, .ignore],
        [.ignore, .handle],
        [.emit(effects: []), .ignore, .go(target: "Idle", effects: [])],
    ],
    initial: "Parked"
)
