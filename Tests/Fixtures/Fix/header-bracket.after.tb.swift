// swift-format-ignore-file
// `[.handle, …]` rows: the column header moves with its columns; its `//` stays in the block's
// indentation, so the first label sits one space after it, as near `handle` as it can.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Tick", "Stop"],
    cells: [
        // start                               tick     stop
        [.go(target: "Running", effects: []), .ignore, .ignore],
        [.ignore,                             .handle, .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)
