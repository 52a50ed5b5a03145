// swift-format-ignore-file
// `Fault` only ignores and emits: an EMIT stays in its state, so the row cannot be left.
let BEACON_TABLE = Table(
    machine: "Beacon",
    states: ["Idle", "Blinking", "Fault"],
    actions: ["Start", "Pulse", "Clear"],
    cells: [
        [.handle, .ignore,                   .ignore],
        [.ignore, .emit(effects: ["Flash"]), .go(target: "Idle", effects: [])],
        [.ignore, .emit(effects: ["Alarm"]), .ignore],
    ],
    initial: "Idle"
)
