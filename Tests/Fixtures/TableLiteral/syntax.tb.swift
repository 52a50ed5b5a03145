// swift-format-ignore-file
let JOB_TABLE = Table(
    machine: "Job",
    states: ["Idle],
    actions: ["Run"],
    cells: [[.ignore]]
)
let LATER = Table(
    machine: "Later",
    states: ["A"],
    actions: ["X"],
    cells: [[.ignore], /* never closed
