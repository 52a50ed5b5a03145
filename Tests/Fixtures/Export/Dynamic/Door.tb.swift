// swift-format-ignore-file
// The Door machine's matrix. The code behind its two HANDLE cells is in DoorCells.swift.
extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Closed", "Open", "Locked"],
        actions: ["Push", "Lock", "Unlock"],
        cells: [
            [.go(target: "Open", effects: []), .go(target: "Locked", effects: ["Click"]), .ignore],
            [.handle,                          .ignore,                                   .ignore],
            [.ignore,                          .ignore,                                   .handle],
        ],
        initial: "Closed"
    )
}
