// swift-format-ignore-file
// Header labels move over their cells' identifiers; a header whose words are not the actions stays.
@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    enum F { case click }
    static let initial = S.locked
    //   Coin   Push
    @Row(.locked) static let l = [ .go(.unlocked, [.click]), .ignore ]
    @Row(.unlocked) static let u = [ .ignore, .handle ]
}
let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Tick"],
    cells: [
    //                                   start    tick
        [.go(target: "Running", effects: []), .ignore],
        [.ignore, .handle],
    ],
    initial: "Idle"
)
let OTHER_TABLE = Table(
    machine: "Other",
    states: ["Idle", "Running"],
    actions: ["Start", "Tick"],
    cells: [
        // begin   tock
        [.go(target: "Running", effects: []), .ignore],
        [.ignore,                             .handle],
    ],
    initial: "Idle"
)
