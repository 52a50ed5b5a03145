// A stand-in for the few declarations of tabular-center's Swift library that the matrices in
// this target use, so that the target compiles without depending on the library.
public struct Table {
    public enum Cell {
        case ignore
        case handle
        case unreachable
        case go(target: String, effects: [String])
    }

    public let machine: String
    public let states: [String]
    public let actions: [String]
    public let cells: [[Cell]]
    public let initial: String

    public init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String) {
        self.machine = machine
        self.states = states
        self.actions = actions
        self.cells = cells
        self.initial = initial
    }
}

public enum Timer {}
public enum Door {}
