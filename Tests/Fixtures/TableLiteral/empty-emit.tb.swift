// swift-format-ignore-file
let BELL_TABLE = Table(
    machine: "Bell",
    states: ["Quiet"],
    actions: ["Ring", "Hush"],
    cells: [
        [.emit(effects: []), .emit(effects: ["Ding"])],
    ],
    initial: "Quiet"
)
