// swift-format-ignore-file
let T = Table(
    machine: "Door",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull"],
    cells: [
        // push    pull
        [.handle, .ignore],
        [.ignore, .handle],
    ],
    initial: "Shut"
)
