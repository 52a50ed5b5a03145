// swift-format-ignore-file
// A row built by code: that matrix is left as it is, the others of the file are still aligned.
let tracing: [Cell] = [.ignore, .go(target: "Idle", effects: [])]
let PROBE_TABLE = Table(
    machine: "Probe",
    states: ["Idle", "Tracing"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Tracing", effects: []), .ignore],
        tracing,
    ],
    initial: "Idle"
)
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull"],
    cells: [
        [.go(target: "Open", effects: []), .ignore                         ],
        [.ignore,                          .go(target: "Shut", effects: [])],
    ],
    initial: "Shut"
)
