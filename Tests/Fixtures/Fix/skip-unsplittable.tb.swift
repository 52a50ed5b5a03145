// swift-format-ignore-file
let row = [Cell.ignore, .ignore]
let T_TABLE = Table(
    machine: "T",
    states: ["A", "B"],
    actions: ["P", "Q"],
    cells: [
        row,
        [.go(target: "A", effects: []), .ignore],
    ],
    initial: "A"
)
