// swift-format-ignore-file
extension Retry {
    static let TABLE = Table(
        machine: "Retry",
        states: ["Waiting", "Trying", "Failed"],
        actions: ["Run", "Fail", "Reset"],
        cells: [
            [.go(target: "Trying", effects: []), .ignore,  .ignore],
            [.ignore,                            .handle,  .go(target: "Waiting", effects: ["Schedule"])],
            [.ignore,                            .handle,  .go(target: "Waiting", effects: [])],
        ],
        initial: "Waiting"
    )
}
