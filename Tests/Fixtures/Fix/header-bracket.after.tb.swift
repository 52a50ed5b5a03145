// swift-format-ignore-file
// `[.handle, …]` rows: the column header moves with its columns, its `//` to the left so the
// first label can sit over `handle`.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Tick", "Stop"],
    cells: [
       // start                                tick     stop
        [.go(target: "Running", effects: []), .ignore, .ignore],
        [.ignore,                             .handle, .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)
