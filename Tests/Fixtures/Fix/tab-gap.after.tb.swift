// swift-format-ignore-file
// A tab between cells is a separator, not an 8-column stop: the realigned row gets spaces.
let T_TABLE = Table(
    machine: "T",
    states: ["A", "B", "C"],
    actions: ["P", "Q"],
    cells: [
        [.handle,  .ignore],
        [.ignore,  .handle],
        [.ignore,  .go(target: "A", effects: [])],
    ],
    initial: "A"
)
