// swift-format-ignore-file
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Paused"],
        actions: ["Start"],
        cells: [
            [.handle],
            [.ignore],
            [.go(target: "Running", effects: [])],
        ],
        initial: "Running"
    )
}
