// swift-format-ignore-file
// The Timer machine's matrix: one row per state (Idle, Running, Done), one cell per action
// (Start, Tick, Cancel). tablint reports nothing here.
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
            [.ignore,                                         .handle, .go(target: "Idle", effects: ["StopClock"])],
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
