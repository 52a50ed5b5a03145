/// The one model every surface is read into: names, rows and cells, each with its byte range
/// in the file it came from. Checks are written once against this model.
struct Matrix: Equatable {
    enum Surface: Equatable {
        /// `Table(machine:states:actions:cells:initial:)`.
        case tableLiteral
        /// An `@Machine enum` with `enum S`, `enum A`, `@Row` lines.
        case machineEnum
        /// A `.tbl` pin fixture, standalone or inside a Swift `"""` literal.
        case fixture
    }

    var surface: Surface
    /// The whole construct (the `Table(...)` call).
    var range: Range<Int>
    var machine: Name
    var states: [Name]
    /// The `states:` array literal, for notes that point at the declaration list.
    var statesRange: Range<Int>
    var actions: [Name]
    var actionsRange: Range<Int>
    var rows: [Row]
    /// Where the rows are: the `cells:` array literal, or from the first row to the end of the
    /// last. A missing row is reported at its last byte, where the row would have gone.
    var rowsRange: Range<Int>
    /// `nil` when `initial:` is absent or `nil`.
    var initial: Name?
    /// The declared effects (`enum F`), or nil where the surface declares none, so no
    /// effect can be called unknown.
    var effects: [Name]?
    /// Payload fields of states (`case running(since: Int)`), for go-target and payload-hoist.
    var payloads: [Payload] = []
    /// `@Path` happy paths declared on the machine.
    var paths: [Path] = []
    /// An `@Machine` enum's `func handle(…)` prototype, from its attributes to its name: the
    /// generator copies its attributes and modifiers onto every generated member. Missing is
    /// not an error (the library then copies nothing).
    var handlePrototype: Range<Int>?
    /// Its `async`/`throws` after the parameters, which the generator copies there too.
    var handleEffects: Range<Int>?

    init(
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

    /// How names compare within this matrix: exactly, on every surface, as the library
    /// compares them (`NameComparison.exact`). Folding is only for comparing two surfaces.
    func key(_ name: String) -> String { NameComparison.exact.key(name) }

    /// Every row could be read. Checks of the whole matrix (missing rows, lints, paths) run
    /// only on complete matrices; a partial one would give answers about rows never read.
    var isComplete: Bool { rows.allSatisfy(\.isReadable) }

    /// Rows name their state (`@Row(.x)`, `.tbl`) rather than belonging to one by position.
    var hasLabelledRows: Bool { surface != .tableLiteral }

    func declaresState(_ name: String) -> Bool {
        states.contains { key($0.text) == key(name) }
    }

    /// The states by name (first declaration wins), for a check that looks up a name per row
    /// or per cell: one hashed lookup instead of a scan of the states each time, so a
    /// 10,000-row matrix costs 10,000 lookups, not 10,000².
    var stateLookup: NameLookup { NameLookup(states, key: key) }

    /// Names to their first index, compared as the matrix compares them (`key`).
    struct NameLookup {
        private var indices: [String: Int] = [:]
        private let key: (String) -> String

        init(_ names: [Name], key: @escaping (String) -> String) {
            self.key = key
            indices.reserveCapacity(names.count)
            for (index, name) in names.enumerated() {
                let key = key(name.text)
                if indices[key] == nil { indices[key] = index }
            }
        }

        func index(of name: String) -> Int? { indices[key(name)] }
        func contains(_ name: String) -> Bool { indices[key(name)] != nil }
    }

    /// The state a row belongs to by position, if there is one.
    func stateName(ofRow index: Int) -> String? {
        index < states.count ? states[index].text : nil
    }

    /// The state a row says it belongs to (`@Row(.idle)`, a `.tbl` label), or by position.
    func rowName(_ index: Int) -> String? {
        index < rows.count ? rows[index].label?.text ?? stateName(ofRow: index) : stateName(ofRow: index)
    }

    /// "`Idle`" for a row with a state, its 1-based number past the last state: what follows
    /// "row" in a message.
    func rowLabel(_ index: Int) -> String {
        rowName(index).map { "`\($0)`" } ?? "\(index + 1)"
    }

    /// "`Start`" for a cell under an action, its 1-based number past the last action: what
    /// follows "column" in a message.
    func columnLabel(_ index: Int) -> String {
        index < actions.count ? "`\(actions[index].text)`" : "\(index + 1)"
    }

    /// "(Idle, Start)" as the library names a cell, with positions where a name is missing.
    func cellLabel(row: Int, column: Int) -> String {
        let state = rowName(row) ?? "row \(row + 1)"
        let action = column < actions.count ? actions[column].text : "column \(column + 1)"
        return "(\(state), \(action))"
    }

    /// The declared names, space-separated as the library lists them; "(none)" for none.
    var stateList: String { Self.list(states) }
    var actionList: String { Self.list(actions) }
    var effectList: String { Self.list(effects ?? []) }

    static func list(_ names: [Name]) -> String {
        names.isEmpty ? "(none)" : names.map(\.text).joined(separator: " ")
    }
}

/// A name as written, with where it was written.
struct Name: Equatable {
    var text: String
    var range: Range<Int>

    init(_ text: String, _ range: Range<Int>) {
        self.text = text
        self.range = range
    }
}

struct Row: Equatable {
    /// The row's bracketed list, brackets included (a `.tbl` row: the whole line).
    var range: Range<Int>
    var cells: [Cell]
    /// The state the row names itself (`@Row(.idle)`, a `.tbl` row's first field); nil for
    /// the unlabelled rows of a `Table` literal, which belong to states by position alone.
    var label: Name?
    /// False when the reader could not read the row's cells (a syntax problem it reported);
    /// such a row holds its place but has no cells to check.
    var isReadable: Bool

    init(range: Range<Int>, cells: [Cell], label: Name? = nil, isReadable: Bool = true) {
        self.range = range
        self.cells = cells
        self.label = label
        self.isReadable = isReadable
    }
}

/// One payload field of a state: `case running(since: Int)` gives (running, since, Int).
struct Payload: Equatable {
    var state: String
    /// The field's label; nil for an unlabelled field.
    var field: String?
    var type: String
    var range: Range<Int>

    init(state: String, field: String?, type: String, range: Range<Int>) {
        self.state = state
        self.field = field
        self.type = type
        self.range = range
    }
}

/// `@Path("name", [.s0, .a0, .s1, …], back: .act)`: a named happy route through the matrix.
struct Path: Equatable {
    var name: Name
    /// Alternating state, action, state, … as written.
    var spine: [Name]
    var back: Name?
    var range: Range<Int>

    init(name: Name, spine: [Name], back: Name?, range: Range<Int>) {
        self.name = name
        self.spine = spine
        self.back = back
        self.range = range
    }
}

struct Cell: Equatable {
    enum Kind: Equatable {
        case ignore
        case handle
        case unreachable
        /// `arguments` holds literal payload arguments of the target (`.go(.running(since: 0))`).
        case go(target: Name, effects: [Name], arguments: String? = nil)
        case emit(effects: [Name])
        case delegate(child: Name)
        /// Not one of the six constructors (`reason` nil), or one with the wrong arguments
        /// (`reason` says what it takes); `written` is the source text.
        case unknown(written: String, reason: String?)
    }

    var kind: Kind
    var range: Range<Int>

    init(_ kind: Kind, _ range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// What the readers made of one file: the matrices they could read, and every problem that
/// stopped or troubled them, each with the rule code it is reported under.
struct MatrixReading: Equatable {
    var matrices: [Matrix] = []
    var problems: [ReadProblem] = []

    init(matrices: [Matrix] = [], problems: [ReadProblem] = []) {
        self.matrices = matrices
        self.problems = problems
    }

    static func + (lhs: MatrixReading, rhs: MatrixReading) -> MatrixReading {
        MatrixReading(matrices: lhs.matrices + rhs.matrices, problems: lhs.problems + rhs.problems)
    }
}

/// Something a reader could not read with confidence, or read but must warn about.
struct ReadProblem: Equatable, Error {
    /// The code of the rule that reports it, e.g. `tablint::unreadable-matrix`.
    var code: String
    /// The part that stopped the reader.
    var range: Range<Int>
    /// The full message: what was found, where, and what was expected.
    var message: String
    /// The rows of a `Table` literal whose names could not be read (`states: S.allCases.map(\.name)`)
    /// but whose rows are literal: `--fix` aligns them, nothing checks them.
    var literalRows: [Row] = []

    init(code: String, range: Range<Int>, message: String) {
        self.code = code
        self.range = range
        self.message = message
    }
}
