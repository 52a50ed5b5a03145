// swift-format-ignore-file
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle"],
    actions: ["Start", "Tick"],
    cells: [
        [.handle, .ignore],
        [.ignore, .handle],
    ],
    initial: "Idle"
)
