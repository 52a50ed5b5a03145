// The Lamp machine's dispatcher: one case per cell of the matrix in Lamp.tb.swift. Toggling
// the lamp when it is on keeps it on, which compiles and runs.
enum Lamp {
    enum S { case off, on }
    enum A { case toggle, tick }
    enum F { case light }

    static func step(_ s: S, _ a: A, _ cells: any LampCells) -> Step<S, F> {
        switch (s, a) {
        case (.off, .toggle): return .go(.on, effects: [.light])
        case (.off, .tick): return .ignored
        case (.on, .toggle): return .go(.on)
        case (.on, .tick): return cells.onTick()
        }
    }
}
