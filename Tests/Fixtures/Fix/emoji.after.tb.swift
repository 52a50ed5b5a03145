// swift-format-ignore-file
// Widths are what a terminal shows: a flag, a ZWJ sequence and a CJK name take 2 columns
// each, a combining mark none.
let W_TABLE = Table(
    machine: "W",
    states: ["🇫🇷", "👩‍💻", "é", "待", "Idle"],
    actions: ["Go", "Stay"],
    cells: [
        [.go(target: "👩‍💻", effects: []), .ignore],
        [.go(target: "🇫🇷", effects: []), .ignore],
        [.go(target: "é", effects: []),  .handle],
        [.go(target: "待", effects: []), .handle],
        [.ignore,                        .handle],
    ],
    initial: "🇫🇷"
)
