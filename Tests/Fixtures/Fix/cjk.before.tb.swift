// swift-format-ignore-file
// Wide characters take two columns, so the cells line up on screen.
let T_TABLE = Table(
    machine: "待機機",
    states: ["待機", "Run"],
    actions: ["P", "Q"],
    cells: [
        [.go(target: "待機", effects: []), .ignore],
        [.go(target: "Run", effects: []), .ignore],
    ],
    initial: "待機"
)
