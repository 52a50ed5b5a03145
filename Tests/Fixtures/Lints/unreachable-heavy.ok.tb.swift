// swift-format-ignore-file
// 2 of 12 cells UNREACHABLE: 16%, under the threshold.
let LINK_TABLE = Table(
    machine: "Link",
    states: ["Down", "Dialing", "Up"],
    actions: ["Dial", "Ack", "Hangup", "Ping"],
    cells: [
        [.go(target: "Dialing", effects: []), .unreachable, .ignore,                          .ignore],
        [.ignore,                             .handle,      .go(target: "Down", effects: []), .ignore],
        [.unreachable,                        .ignore,      .go(target: "Down", effects: []), .emit(effects: ["Pong"])],
    ],
    initial: "Down"
)
