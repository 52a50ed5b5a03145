// swift-format-ignore-file
// No state is reported: a HANDLE means a run may go anywhere (the lint applies to fully
// static matrices only), and without an initial state the start of a run is unknown.
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Closed", "Open", "Jammed"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.go(target: "Open", effects: []), .ignore,                            .handle],
        [.ignore,                          .go(target: "Closed", effects: []), .ignore],
        [.emit(effects: ["Thud"]),         .ignore,                            .go(target: "Closed", effects: [])],
    ],
    initial: "Closed"
)

let NO_INITIAL = Table(
    machine: "Latch",
    states: ["Shut", "Open"],
    actions: ["Lift", "Drop"],
    cells: [
        [.go(target: "Open", effects: []), .ignore],
        [.ignore,                          .go(target: "Open", effects: ["Clank"])],
    ]
)
