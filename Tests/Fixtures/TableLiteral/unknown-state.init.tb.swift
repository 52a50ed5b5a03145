// swift-format-ignore-file
// `Table.init(` and `.init(` with the declared type `Table` are the library's initialiser too.
extension Door {
    static let TABLE: Table = .init(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Opened", effects: []), .ignore],
            [.ignore],
        ],
        initial: "Ajar"
    )
}

let GATE_TABLE = Table.init(
    machine: "Gate",
    states: ["Shut", "Open"],
    actions: ["Push"],
    cells: [
        [.go(target: "Open", effects: [])],
    ],
    initial: "Shut"
)

let LATCH_TABLE: TabularCenter.Table = .init(
    machine: "Latch",
    states: ["Up"],
    actions: ["Flip"],
    cells: [
        [.go(target: "Down", effects: [])],
    ]
)

extension Valve {
    static var TABLE: Table {
        .init(
            machine: "Valve",
            states: ["Closed"],
            actions: ["Turn"],
            cells: [
                [.go(target: "Opened", effects: [])],
            ],
            initial: "Closed"
        )
    }
}
