// Switches tablint must not flag: ordinary code, and the exempt forms inside dispatchers.

enum Light {
    enum S { case red, green, blinking(times: Int) }
    enum A { case next, fault(code: Int), reset }
    enum F { case chime, log(String) }
    enum Direction { case up, down }
    enum Turn { case left, right }

    // A `_` inside a payload, a guarded wildcard, `default` as an argument label, in a
    // comment and in a string, and a switch in a closure or a nested function.
    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.red, .next): return .go(.green, effects: [.log("default: red")])
        case (.red, .fault(_)): return .go(.blinking(times: 3), effects: [])
        case (.red, .reset): return .ignored  // default: would hide new actions
        case (.green, .next): return .go(.red, effects: [])
        case (.green, .fault(code: _)): return c.greenFault(ctx, counts[ctx.key, default: 0])
        case (.green, .reset): return .ignored
        case (.blinking(_), .next): return .ignored
        case (.blinking, _) where ctx.locked: return .ignored
        case (.blinking(let times), .fault): return c.blinkingFault(ctx, times)
        case (.blinking, .reset):
            let describe = { (s: S, a: A) -> String in
                switch (s, a) {
                case (.red, _): return "red"
                default: return "other"
                }
            }
            func helper(_ s: S, _ a: A) -> Int {
                switch (s, a) {
                default: return 0
                }
            }
            _ = describe(s, a) + "\(helper(s, a))" + lookup(default: 0)
            return .go(.red, effects: [])
        }
    }

    // Not a dispatcher: the switch is over an Int, a String, an unrelated enum, locals.
    static func count(_ n: Int) -> Int {
        switch n {
        case 0: return 0
        default: return 1
        }
    }

    static func step(_ name: String) -> Step<S, F> {
        switch name {
        case "red": return .ignored
        default: return .ignored
        }
    }

    static func steer(_ d: Direction, _ t: Turn) -> Step<S, F> {
        switch (d, t) {
        case (.up, .left): return .ignored
        default: return .ignored
        }
    }

    static func step(_ c: Cells, _ ctx: Ctx) -> Step<S, F> {
        let s = ctx.state, a = ctx.action
        switch (s, a) {
        case (.red, .next): return .ignored
        default: return .ignored
        }
    }

    // The right types, but neither `Step` nor a dispatcher's name: a describing function.
    static func describe(_ s: S, _ a: A) -> String {
        switch (s, a) {
        case (.red, _): return "red"
        default: return "other"
        }
    }

    // `switch s` counts only in `render`, `switch f` only in `perform` or a function
    // returning `A?`.
    static func label(_ s: S) -> String {
        switch s {
        case .red: return "red"
        default: return "other"
        }
    }

    static func log(_ f: F) -> String {
        switch f {
        case .chime: return "chime"
        default: return "other"
        }
    }

    // A switch over one parameter in a step function is not the (state, action) switch.
    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A, _ n: Int) -> Step<S, F> {
        switch n {
        case 0: return .ignored
        default: break
        }
        switch (s, a) {
        case (.red, .next): return .ignored
        case (.red, .fault): return .ignored
        case (.red, .reset): return .ignored
        case (.green, .next), (.green, .fault), (.green, .reset): return .ignored
        case (.blinking, .next), (.blinking, .fault), (.blinking, .reset): return .ignored
        }
    }
}

protocol LightCells {
    // A requirement without a body, followed by an ordinary function.
    func step(_ s: LightS, _ a: LightA) -> Step<LightS, LightF>
    func fallback(_ n: Int) -> Int
}

extension Int {
    func clamp() -> Int {
        switch self {
        case ..<0: return 0
        default: return self
        }
    }
}

func classify(_ s: LightS, _ a: LightA) -> Bool {
    if case .red = s, case .next = a { return true }
    for case .red in [s] { return true }
    switch (s, a) {
    default: return false
    }
}
