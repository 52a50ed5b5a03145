// swift-format-ignore-file
// The same machine as timer.old.tb.swift: rows and columns in another order, realigned, with
// comments. No behaviour changed.
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Done", "Running", "Idle"],
        actions: ["Tick", "Start"],
        cells: [
            [.ignore, .go(target: "Running", effects: ["StartClock"])], // finished
            [.handle, .ignore],
            [.ignore, .handle],                                         // waiting
        ],
        initial: "Idle"
    )
}
