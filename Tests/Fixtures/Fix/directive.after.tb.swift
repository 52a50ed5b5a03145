// swift-format-ignore-file
// Timer.tb.swift: without `// swift-format-ignore-file` on line 1, --fix inserts it above this
// comment, after aligning the rows.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Running", effects: []), .ignore],
        [.ignore,                             .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)
