// swift-format-ignore-file
let STATES = ["Idle", "Busy"]
let INTERPOLATED = Table(
    machine: "Job",
    states: ["Idle", "\(prefix)Busy"],
    actions: ["Run"],
    cells: [[.ignore, .ignore]],
    initial: "Idle"
)
let VARIABLE = Table(
    machine: "Job",
    states: STATES,
    actions: ["Run"],
    cells: [[.ignore], [.ignore], [.ignore]],
    initial: "Idle"
)
let MAPPED = Table(
    machine: "Job",
    states: ["Idle", "Busy"],
    actions: ["Run"],
    cells: [[.ignore], STATES.map { _ in .ignore }]
)
let NAMED_BY_CODE = Table(machine: name, states: [], actions: [], cells: [])
let TARGET_BY_CODE = Table(
    machine: "Job",
    states: ["Idle"],
    actions: ["Run"],
    cells: [[.go(target: next, effects: [])]]
)
