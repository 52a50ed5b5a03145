// swift-format-ignore-file
// The Timer matrix with two mistakes, for trying tablint: the `Running` row has 2 cells
// while there are 3 actions, and the `Done` row goes to `Stopped`, which is not a state.
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
            [.ignore,                                         .handle],
            [.go(target: "Stopped", effects: ["StartClock"]), .ignore, .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
