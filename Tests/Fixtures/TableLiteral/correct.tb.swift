// swift-format-ignore-file
// A correct table: every check stays silent.
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running", "Done"],
        actions: ["Start", "Tick", "Cancel"],
        cells: [
            [.handle,                                         .ignore, .ignore],
            [.ignore,                                         .handle, .go(target: "Idle", effects: ["StopClock"])],  // stop
            // Done can restart.
            [.go(target: "Running", effects: ["StartClock"]), .ignore, .emit(effects: ["Beep"])],
        ],
        initial: "Idle"
    )
}

let compact = Table(machine: "Gate", states: ["Shut", "Open", "Ajar"], actions: ["Push", "Pull"], cells: [[.ignore, .go(target: "Open", effects: [])], [.delegate(child: "auth"), .unreachable], [.handle, .go(target: "Shut", effects: [])],], initial: nil)

let noInitial = TabularCenter.Table(
    machine: #"Raw"#,
    states: ["A\u{301}", "B"],
    actions: ["X"],
    cells: [[Cell.handle], [TabularCenter.Cell.handle]]
)

// Not ours: SwiftUI's Table and other calls named Table stay unread.
let view = Table(people) { TableColumn("Name", value: \.name) }
let other = Table(rows: [[1, 2], [3]])
let text = "Table(machine: \"X\", states: [], actions: [], cells: [[.nope]])"
