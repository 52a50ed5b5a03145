// swift-format-ignore-file
let T_TABLE = Table(
    machine: "T",
    states: ["A", "B"],
    actions: ["P", "Q"],
    cells: [
        [.handle, .ignore],
        [.go(target: "A", effects: []), .ignore],
    ],
    initial: "A"
)
