// swift-format-ignore-file
// A mistake on purpose: the `Running` row has 2 cells for 3 actions.
extension Timer {
    public static let TABLE = Table(
        machine: "Timer",
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
