// swift-format-ignore-file
// Every cell is static and nothing goes into `Jammed`: its EMIT and its GO to itself stay
// where it is, so neither is a way in.
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Closed", "Open", "Jammed"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.go(target: "Open", effects: []), .ignore,                            .ignore],
        [.ignore,                          .go(target: "Closed", effects: []), .ignore],
        [.emit(effects: ["Thud"]),         .go(target: "Jammed", effects: []), .go(target: "Closed", effects: [])],
    ],
    initial: "Closed"
)
