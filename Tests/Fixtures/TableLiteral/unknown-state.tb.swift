// swift-format-ignore-file
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Runing", effects: ["StartClock"]), .ignore],
        [.ignore,                                        .go(target: "Idle", effects: [])],
    ],
    initial: "Parked"
)
