/// The one model every surface is read into: names, rows and cells, each with its byte range
/// in the file it came from. Checks are written once against this model.
public struct Matrix: Equatable {
    public enum Surface: Equatable {
        /// `Table(machine:states:actions:cells:initial:)`.
        case tableLiteral
    }

    public var surface: Surface
    /// The whole construct (the `Table(...)` call).
    public var range: Range<Int>
    public var machine: Name
    public var states: [Name]
    /// The `states:` array literal, for notes that point at the declaration list.
    public var statesRange: Range<Int>
    public var actions: [Name]
    public var actionsRange: Range<Int>
    public var rows: [Row]
    /// The `cells:` array literal.
    public var rowsRange: Range<Int>
    /// `nil` when `initial:` is absent or `nil`.
    public var initial: Name?

    public init(
        surface: Surface, range: Range<Int>, machine: Name, states: [Name], statesRange: Range<Int>,
        actions: [Name], actionsRange: Range<Int>, rows: [Row], rowsRange: Range<Int>, initial: Name?
    ) {
        self.surface = surface
        self.range = range
        self.machine = machine
        self.states = states
        self.statesRange = statesRange
        self.actions = actions
        self.actionsRange = actionsRange
        self.rows = rows
        self.rowsRange = rowsRange
        self.initial = initial
    }

    /// The state a row belongs to by position, if there is one.
    public func stateName(ofRow index: Int) -> String? {
        index < states.count ? states[index].text : nil
    }

    /// "`Idle`" for a row with a state, "row 4" past the last state: how messages name a row.
    public func rowLabel(_ index: Int) -> String {
        stateName(ofRow: index).map { "`\($0)`" } ?? "row \(index + 1)"
    }

    /// "`Start`" for a cell under an action, "column 4" past the last action.
    public func columnLabel(_ index: Int) -> String {
        index < actions.count ? "`\(actions[index].text)`" : "column \(index + 1)"
    }

    /// "(Idle, Start)" as the library names a cell, with positions where a name is missing.
    public func cellLabel(row: Int, column: Int) -> String {
        let state = stateName(ofRow: row) ?? "row \(row + 1)"
        let action = column < actions.count ? actions[column].text : "column \(column + 1)"
        return "(\(state), \(action))"
    }

    public var stateList: String { states.map(\.text).joined(separator: " ") }
    public var actionList: String { actions.map(\.text).joined(separator: " ") }
}

/// A name as written, with where it was written.
public struct Name: Equatable {
    public var text: String
    public var range: Range<Int>

    public init(_ text: String, _ range: Range<Int>) {
        self.text = text
        self.range = range
    }
}

public struct Row: Equatable {
    /// The row's bracketed list, brackets included.
    public var range: Range<Int>
    public var cells: [Cell]

    public init(range: Range<Int>, cells: [Cell]) {
        self.range = range
        self.cells = cells
    }
}

public struct Cell: Equatable {
    public enum Kind: Equatable {
        case ignore
        case handle
        case unreachable
        case go(target: Name, effects: [Name])
        case emit(effects: [Name])
        case delegate(child: Name)
        /// Not one of the six constructors (`reason` nil), or one with the wrong arguments
        /// (`reason` says what it takes); `written` is the source text.
        case unknown(written: String, reason: String?)
    }

    public var kind: Kind
    public var range: Range<Int>

    public init(_ kind: Kind, _ range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// What reading one file's `Table(...)` literals produced.
public struct TableReading: Equatable {
    public var matrices: [Matrix] = []
    /// Literals that could not be read with confidence, each with where and why.
    public var unreadable: [Unreadable] = []

    public init(matrices: [Matrix] = [], unreadable: [Unreadable] = []) {
        self.matrices = matrices
        self.unreadable = unreadable
    }

    public struct Unreadable: Equatable {
        /// The part that stopped the reader.
        public var range: Range<Int>
        /// The machine's name if it was read before the problem, for the message.
        public var machine: String?
        /// What was found and what was expected, as a sentence fragment.
        public var reason: String

        public init(range: Range<Int>, machine: String?, reason: String) {
            self.range = range
            self.machine = machine
            self.reason = reason
        }
    }
}
