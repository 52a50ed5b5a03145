// swift-format-ignore-file
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Cancel", "Tick"],
        cells: [
            [.handle,                                         .ignore,                                      .ignore],
            [.ignore,                                         .go(target: "Idle", effects: ["StopClock"]),  .handle],
            [.go(target: "Running", effects: ["StartClock"]), .ignore,                                      .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
