// swift-format-ignore-file
// `Done` ignores every action: a dead row, which is not also reported as no-static-exit.
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick"],
    cells: [
        [.go(target: "Running", effects: []), .ignore],
        [.ignore,                             .handle],
        [.ignore,                             .ignore],
    ],
    initial: "Idle"
)
