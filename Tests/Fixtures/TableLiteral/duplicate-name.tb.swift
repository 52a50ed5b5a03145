// swift-format-ignore-file
let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Shut", "Open", "Shut"],
    actions: ["Push", "Push"],
    cells: [
        [.ignore, .ignore],
        [.ignore, .ignore],
        [.ignore, .ignore],
    ],
    initial: "Shut"
)
