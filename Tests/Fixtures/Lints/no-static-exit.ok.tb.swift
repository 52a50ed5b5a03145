// swift-format-ignore-file
// Any GO is a way out, even to the state itself, and so is a dynamic cell (HANDLE,
// DELEGATE, UNREACHABLE): the matrix does not decide where those go.
let BEACON_TABLE = Table(
    machine: "Beacon",
    states: ["Idle", "Blinking", "Fault", "Held"],
    actions: ["Start", "Pulse", "Clear"],
    cells: [
        [.handle,                  .ignore,                   .go(target: "Held", effects: [])],
        [.ignore,                  .emit(effects: ["Flash"]), .go(target: "Idle", effects: [])],
        [.ignore,                  .emit(effects: ["Alarm"]), .go(target: "Fault", effects: ["Reset"])],
        [.delegate(child: "hold"), .emit(effects: ["Beep"]),  .ignore],
    ],
    initial: "Idle"
)
