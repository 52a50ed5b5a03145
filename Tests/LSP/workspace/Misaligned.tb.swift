// swift-format-ignore-file
// A correct matrix whose columns are not aligned: formatting aligns them.
extension Lamp {
    static let TABLE = Table(
        machine: "Lamp",
        states: ["Off", "On"],
        actions: ["Press", "Unplug"],
        cells: [
            [.go(target: "On", effects: ["Light"]), .ignore],
            [.go(target: "Off", effects: []), .go(target: "Off", effects: [])],
        ],
        initial: "Off"
    )
}
