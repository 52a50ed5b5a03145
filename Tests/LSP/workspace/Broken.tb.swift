// swift-format-ignore-file
// The Timer matrix with a short row: `Running` has 2 cells for 3 actions.
extension Clock {
    static let TABLE = Table(
        machine: "Clock",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
            [.ignore,                                         .handle],
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
