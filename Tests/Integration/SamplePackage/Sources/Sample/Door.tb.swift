// swift-format-ignore-file
// Correct, but its columns are not aligned: `swift package tablint-fix` aligns them.
extension Door {
    public static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: []), .ignore],
            [.ignore, .go(target: "Shut", effects: [])],
        ],
        initial: "Shut"
    )
}
