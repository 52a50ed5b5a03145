// Door's hand-written dispatcher, in an ordinary .swift file: the build-tool plugin reads the
// target's every Swift file, so it compares this with Door.tb.swift's matrix. (Open, Pull)
// ignores the action where the matrix goes to Shut: a dispatcher-drift, on purpose.
extension Door {
    public enum S { case shut, open }
    public enum A { case push, pull }
    public enum F {}

    static func step(_ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(.open)
        case (.shut, .pull): return .ignored
        case (.open, .push): return .ignored
        case (.open, .pull): return .ignored
        }
    }
}

public enum Step<S, F> {
    case go(S, effects: [F] = [])
    case ignored
}
