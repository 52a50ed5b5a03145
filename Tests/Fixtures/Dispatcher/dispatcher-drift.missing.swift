// The matrix has a state (`Paused`) and an action (`Snooze`) the dispatcher never lists, and
// one pair the dispatcher skips: the enums and the matrix drifted apart.

enum Alarm {
    enum S { case armed, ringing }
    enum A { case trigger, stop }
    enum F { case sound }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.armed, .trigger): return .go(.ringing, effects: [.sound])
        case (.armed, .stop): return .ignored
        case (.ringing, .trigger): return .ignored
        }
    }
}

extension Alarm {
    static let TABLE = Table(
        machine: "Alarm",
        states: ["Armed", "Ringing", "Paused"],
        actions: ["Trigger", "Stop", "Snooze"],
        cells: [
            [.go(target: "Ringing", effects: ["Sound"]), .ignore, .ignore],
            [.ignore, .go(target: "Armed", effects: []), .go(target: "Paused", effects: [])],
            [.go(target: "Ringing", effects: ["Sound"]), .go(target: "Armed", effects: []), .ignore],
        ],
        initial: "Armed"
    )
}
