// swift-format-ignore-file
// The Timer matrix and its states and actions; its dispatcher is in TimerStep.swift.
extension Timer {
    enum S { case idle, running(since: Int), done }
    enum A { case start, tick(now: Int), cancel }
    enum F { case startClock, stopClock }

    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
            [.ignore,                                         .handle, .go(target: "Done", effects: ["StopClock"])],
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .ignore],
        ],
        initial: "Idle"
    )
}
