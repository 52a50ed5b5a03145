// swift-format-ignore-file
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Shut", "Open", "Ajar"],
    actions: ["Push", "Pull"],
    cells: [
        [.go(target: "Open", effects: []), /* for now */ .ignore],
        [.ignore,                          .go(target: "Ajar", effects: [])],
        [.go(target: "Open", effects: []), .go(target: "Shut", effects: [])], // half open
    ],
    initial: "Shut"
)
