// EMIT cells against arms that ignore, or emit the effects in another order or other effects.

enum Bell {
    enum S { case quiet, ringing }
    enum A { case ring, hush, tap }
    enum F { case ding, dong }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.quiet, .ring): return .go(.ringing, effects: [.ding])
        case (.quiet, .hush): return .ignored
        case (.quiet, .tap): return .stay(effects: [.ding])
        case (.ringing, .ring): return .stay(effects: [.dong, .ding])
        case (.ringing, .hush): return .go(.quiet, effects: [])
        case (.ringing, .tap): return .ignored
        }
    }
}

extension Bell {
    static let TABLE = Table(
        machine: "Bell",
        states: ["Quiet", "Ringing"],
        actions: ["Ring", "Hush", "Tap"],
        cells: [
            [.go(target: "Ringing", effects: ["Ding"]), .emit(effects: ["Ding"]), .emit(effects: ["Dong"])],
            [.emit(effects: ["Ding", "Dong"]), .go(target: "Quiet", effects: []), .ignore],
        ],
        initial: "Quiet"
    )
}
