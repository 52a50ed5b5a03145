// swift-format-ignore-file
let T_TABLE = Table(
    machine: "T",
    states: ["A", "B"],
    actions: ["P", "Q"],
    cells: [
<<<<<<< HEAD
        [.handle, .ignore],
=======
        [.handle,  .handle],
>>>>>>> other
        [.go(target: "A", effects: []), .ignore],
    ],
    initial: "A"
)
