// swift-format-ignore-file
extension Vend {
    static let TABLE = Table(
        machine: "Vend",
        states: ["Idle", "Collecting", "Dispensing"],
        actions: ["Coin", "Select", "Refund", "Done"],
        cells: [
            [.go(target: "Collecting", effects: ["AcceptCoin"]), .emit(effects: ["ShowPrice"]), .ignore,                                       .unreachable],
            [.handle,                                            .handle,                       .go(target: "Idle", effects: ["ReturnCoins"]), .unreachable],
            [.emit(effects: ["ReturnCoins"]),                    .ignore,                       .ignore,                                       .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
