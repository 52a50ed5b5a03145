// swift-format-ignore-file
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick"],
    cells: [
        [.handle, .ignore],
    ],
    initial: "Idle"
)
