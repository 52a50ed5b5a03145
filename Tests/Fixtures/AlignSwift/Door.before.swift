import Foundation

extension Door {
    static let TABLE = Table(
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

@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    static let initial = S.locked
    @Row(.locked) static let l = [ .go(.unlocked), .ignore ]
    @Row(.unlocked) static let u = [ .ignore, .handle ]
}
