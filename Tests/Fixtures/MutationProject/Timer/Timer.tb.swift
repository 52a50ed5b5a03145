// swift-format-ignore-file
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running", "Done"],
    actions: ["Start", "Tick", "Cancel"],
    cells: [
        [.go(target: "Running", effects: ["StartClock"]), .ignore,  .ignore],
        [.ignore,                                         .handle,  .go(target: "Idle", effects: ["StopClock"])],
        [.go(target: "Running", effects: ["StartClock"]), .ignore,  .unreachable],
    ],
    initial: "Idle"
)
