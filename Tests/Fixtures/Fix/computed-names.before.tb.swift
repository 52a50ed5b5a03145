// swift-format-ignore-file
// Computed names above literal rows: the names cannot be read, the rows are still aligned.
enum Door {
    enum S: String, CaseIterable { case shut, open }
    enum A: String, CaseIterable { case push, pull }
    static let TABLE = Table(
        machine: "Door",
        states: S.allCases.map(\.rawValue),
        actions: A.allCases.map(\.rawValue),
        cells: [
            [.go(target: "open", effects: []), .ignore],
            [.ignore, .go(target: "shut", effects: [])],
        ],
        initial: "shut"
    )
}
