// swift-format-ignore-file
// No state responds to `Refund`.
let VEND_TABLE = Table(
    machine: "Vend",
    states: ["Idle", "Charged", "Dispensing"],
    actions: ["Insert", "Select", "Refund"],
    cells: [
        [.handle,                          .ignore, .ignore],
        [.ignore,                          .handle, .ignore],
        [.go(target: "Idle", effects: []), .ignore, .ignore],
    ],
    initial: "Idle"
)
