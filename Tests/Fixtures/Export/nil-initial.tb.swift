// swift-format-ignore-file
// No `initial:`: no start arrow, and the first state gets no exemption in coverage.
let LAMP = Table(
    machine: "Lamp",
    states: ["Off", "On"],
    actions: ["Flip"],
    cells: [
        [.go(target: "On", effects: [])],
        [.emit(effects: ["Buzz"])],
    ]
)
