// swift-format-ignore-file
// One state answering `Refund` keeps the column alive.
let VEND_TABLE = Table(
    machine: "Vend",
    states: ["Idle", "Charged", "Dispensing"],
    actions: ["Insert", "Select", "Refund"],
    cells: [
        [.handle,                          .ignore, .ignore],
        [.ignore,                          .handle, .go(target: "Idle", effects: ["ReturnCoins"])],
        [.go(target: "Idle", effects: []), .ignore, .ignore],
    ],
    initial: "Idle"
)
