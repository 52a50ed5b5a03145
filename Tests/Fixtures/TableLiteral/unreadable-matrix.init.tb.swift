// swift-format-ignore-file
// Meant as the library's `Table`, but not readable: labels out of order, a missing `cells:`.
extension Door {
    static let TABLE: Table = .init(
        states: ["Shut", "Open"],
        machine: "Door",
        actions: ["Push"],
        cells: [[.ignore], [.ignore]]
    )
}

let GATE_TABLE = Table.init(machine: "Gate", states: ["Shut"], actions: ["Push"])
