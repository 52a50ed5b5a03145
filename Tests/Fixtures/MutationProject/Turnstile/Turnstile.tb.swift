// swift-format-ignore-file
extension Turnstile {
    static let TABLE = Table(
        machine: "Turnstile",
        states: ["Locked", "Unlocked", "Broken"],
        actions: ["Coin", "Push", "Kick"],
        cells: [
            [.go(target: "Unlocked", effects: ["Unlock"]), .emit(effects: ["Buzz"]),                 .go(target: "Broken", effects: ["Alarm"])],
            [.handle,                                      .go(target: "Locked", effects: ["Lock"]), .go(target: "Broken", effects: ["Alarm"])],
            [.ignore,                                      .ignore,                                  .handle],
        ],
        initial: "Locked"
    )
}
