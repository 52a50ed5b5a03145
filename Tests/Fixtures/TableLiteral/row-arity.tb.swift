// swift-format-ignore-file
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick", "Cancel"],
    cells: [
        [.handle, .ignore, .ignore],
        [.ignore, .handle],
        [.ignore, .ignore, .ignore, .handle],
    ],
    initial: "Idle"
)
