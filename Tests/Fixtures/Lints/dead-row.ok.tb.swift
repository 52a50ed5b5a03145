// swift-format-ignore-file
// One cell that is not IGNORE keeps a row alive.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick"],
    cells: [
        [.go(target: "Running", effects: []), .ignore],
        [.ignore,                             .handle],
        [.ignore,                             .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)
