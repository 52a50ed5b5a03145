// swift-format-ignore-file
// A `#if DEBUG` row: that matrix is left as it is, the others of the file are still aligned.
let PROBE_TABLE = Table(
    machine: "Probe",
    states: ["Idle", "Tracing"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Tracing", effects: []), .ignore],
#if DEBUG
        [.ignore, .go(target: "Idle", effects: [])],
#else
        [.ignore, .ignore],
#endif
    ],
    initial: "Idle"
)
let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull"],
    cells: [
        [.go(target: "Open", effects: []), .ignore],
        [.ignore, .go(target: "Shut", effects: [])],
    ],
    initial: "Shut"
)
