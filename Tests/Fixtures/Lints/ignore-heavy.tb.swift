// swift-format-ignore-file
// 14 of 20 cells IGNORE: 70%, the threshold itself.
let POLL_TABLE = Table(
    machine: "Poll",
    states: ["Idle", "Armed", "Firing", "Spent"],
    actions: ["Arm", "Tick", "Fire", "Reset", "Abort"],
    cells: [
        [.handle, .ignore, .ignore, .ignore,                          .ignore],
        [.ignore, .handle, .ignore, .ignore,                          .go(target: "Idle", effects: [])],
        [.ignore, .ignore, .handle, .ignore,                          .go(target: "Idle", effects: [])],
        [.ignore, .ignore, .ignore, .go(target: "Idle", effects: []), .ignore],
    ],
    initial: "Idle"
)
