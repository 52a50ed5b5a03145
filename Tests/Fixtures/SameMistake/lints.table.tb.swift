// swift-format-ignore-file
// The same lints on every surface: a dead row, a state no GO enters, a state that can never be left.
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Closed", "Open", "Broken", "Gone"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.go(target: "Open", effects: []), .ignore,                            .ignore],
        [.ignore,                          .go(target: "Closed", effects: []), .go(target: "Broken", effects: ["Crash"])],
        [.emit(effects: ["Creak"]),        .ignore,                            .ignore],
        [.ignore,                          .ignore,                            .ignore],
    ],
    initial: "Closed"
)
