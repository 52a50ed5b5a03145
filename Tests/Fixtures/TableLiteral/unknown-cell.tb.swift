// swift-format-ignore-file
let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.maybe,  .go(target: "Open"), .ignore()],
        [.ignore, .handle,             .delegate(to: "auth")],
    ]
)
