// swift-format-ignore-file
// The Lamp matrix, correct on its own. Its hand-written dispatcher, in Lamp.swift, disagrees
// with one cell: tablint compares the two across the files.
extension Lamp {
    static let TABLE = Table(
        machine: "Lamp",
        states: ["Off", "On"],
        actions: ["Toggle", "Tick"],
        cells: [
            [.go(target: "On", effects: ["Light"]), .ignore],
            [.go(target: "Off", effects: []),       .handle],
        ],
        initial: "Off"
    )
}
