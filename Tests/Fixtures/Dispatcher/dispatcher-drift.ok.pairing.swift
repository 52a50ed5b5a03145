// Dispatchers tablint cannot pair with one matrix with confidence: it says nothing, though
// each of them disagrees with a matrix of a similar name.

// The name says Gate, the types say Timer.
func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: Timer.S, _ a: Timer.A) -> Step<Timer.S, Timer.F> {
    switch (s, a) {
    case (.idle, .start): return .ignored
    case (.idle, .stop): return .ignored
    case (.running, .start): return .ignored
    case (.running, .stop): return .ignored
    }
}

let TIMER_TABLE = Table(
    machine: "Timer",
    states: ["Idle", "Running"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Running", effects: []), .ignore],
        [.ignore, .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)

let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Idle", "Running"],
    actions: ["Start", "Stop"],
    cells: [
        [.go(target: "Running", effects: []), .ignore],
        [.ignore, .go(target: "Idle", effects: [])],
    ],
    initial: "Idle"
)

// A matrix bound by a local `let`, and a `.tbl` pin of it, are not the machine's matrix.
func fanStep(_ c: FanCells, _ ctx: FanCtx, _ s: FanS, _ a: FanA) -> Step<FanS, FanF> {
    switch (s, a) {
    case (.off, .toggle): return .ignored
    case (.on, .toggle): return .ignored
    }
}

func makeFan() -> Table {
    let FAN_TABLE = Table(
        machine: "Fan",
        states: ["Off", "On"],
        actions: ["Toggle"],
        cells: [[.go(target: "On", effects: [])], [.go(target: "Off", effects: [])]],
        initial: "Off"
    )
    return FAN_TABLE
}

enum FanPins {
    static let FIXTURE = """
        machine Fan
        initial Off
        states  Off On
        actions Toggle
        Off | GO(On)
        On  | GO(Off)
        """
}

// Which arms exist depends on the build.
func bellStep(_ c: BellCells, _ ctx: BellCtx, _ s: BellS, _ a: BellA) -> Step<BellS, BellF> {
    switch (s, a) {
    case (.quiet, .ring): return .ignored
    #if DEBUG
    case (.ringing, .ring): return .ignored
    #endif
    }
}

let BELL_TABLE = Table(
    machine: "Bell",
    states: ["Quiet", "Ringing"],
    actions: ["Ring"],
    cells: [[.go(target: "Ringing", effects: [])], [.go(target: "Quiet", effects: [])]],
    initial: "Quiet"
)

// A top-level `step` over bare `S` and `A` names no machine.
func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
    switch (s, a) {
    case (.quiet, .ring): return .stay(effects: [])
    case (.ringing, .ring): return .stay(effects: [])
    }
}
