// swift-format-ignore-file
// Over-padded columns stay as wide as they are; the closers were aligned, so they stay aligned.
let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Closed", "Open"],
    actions: ["Push", "Pull"],
    cells: [
        [ .handle,          .ignore  ],
        [ .go(target: "Closed", effects: []),    .handle  ],
    ],
    initial: "Closed"
)
