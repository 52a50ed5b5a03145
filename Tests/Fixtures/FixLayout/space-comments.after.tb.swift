// swift-format-ignore-file
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Shut", "Open", "Jammed"],
    actions: ["Push", "Pull"],
    cells: [
        [.go(target: "Open", effects: []), .ignore],                                 // Shut
        [.ignore,                          .go(target: "Shut", effects: ["Creak"])], // Open
        [.unreachable,                     .unreachable],                            // Jammed: never
    ],
    initial: "Shut"
)
