// swift-format-ignore-file
// A row of another arity breaks the run: the rows above it and below it are aligned apart,
// and it is left as written.
let T_TABLE = Table(
    machine: "T",
    states: ["A", "B", "C", "D", "E"],
    actions: ["P", "Q"],
    cells: [
        [.handle, .ignore],
        [.go(target: "A", effects: []), .ignore],
        [.ignore,   .ignore, .ignore],
        [.ignore, .handle],
        [.unreachable, .ignore],
    ],
    initial: "A"
)
