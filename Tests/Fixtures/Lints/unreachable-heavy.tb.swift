// swift-format-ignore-file
// 3 of 12 cells UNREACHABLE: 25%, the threshold itself.
let LINK_TABLE = Table(
    machine: "Link",
    states: ["Down", "Dialing", "Up"],
    actions: ["Dial", "Ack", "Hangup", "Ping"],
    cells: [
        [.go(target: "Dialing", effects: []), .unreachable, .ignore,                          .ignore],
        [.unreachable,                        .handle,      .go(target: "Down", effects: []), .ignore],
        [.unreachable,                        .ignore,      .go(target: "Down", effects: []), .emit(effects: ["Pong"])],
    ],
    initial: "Down"
)
