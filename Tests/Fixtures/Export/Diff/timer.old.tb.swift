// swift-format-ignore-file
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick"],
        cells: [
            [.handle,                                         .ignore],
            [.ignore,                                         .handle],
            [.go(target: "Running", effects: ["StartClock"]), .ignore],
        ],
        initial: "Idle"
    )
}
