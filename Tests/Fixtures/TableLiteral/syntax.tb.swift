// swift-format-ignore-file
let JOB_TABLE = Table(
    machine: "Job",
    states: ["Idle],
    actions: ["Run"],
    cells: [[.ignore]]
)
/* never closed
