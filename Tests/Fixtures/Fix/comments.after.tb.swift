// swift-format-ignore-file
// Trailing comments keep their text; aligned comments stay aligned, ragged ones move with their row.
let A_TABLE = Table(
    machine: "A",
    states: ["X", "Y", "Z"],
    actions: ["P", "Q"],
    cells: [
        [.handle,                       .ignore],             // x
        [.go(target: "X", effects: []), .ignore],  // y
        [.ignore,                       .handle],             // z
    ],
    initial: "X"
)
let B_TABLE = Table(
    machine: "B",
    states: ["X", "Y"],
    actions: ["P", "Q"],
    cells: [
        [.handle,                       .ignore], // x
        [.go(target: "X", effects: []), .ignore],    // y
    ],
    initial: "X"
)
let C_TABLE = Table(
    machine: "C",
    states: ["X", "Y"],
    actions: ["P", "Q"],
    cells: [
        [.handle,                       .ignore], // x
        [.go(target: "X", effects: []), .ignore], // y
    ],
    initial: "X"
)
