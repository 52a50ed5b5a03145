/// What the library's `Export` needs of a matrix (reference export-formats §0): the machine
/// name, states, actions, one cell per state and action, and the initial state. Built only
/// from a matrix whose shape is whole (`ExportSelection` refuses the others), so every row has
/// one cell per action and no cell is unknown.
struct ExportTable: Equatable {
    var machine: String
    var states: [String]
    var actions: [String]
    /// `cells[state][action]`.
    var cells: [[ExportCell]]
    var initial: String?

    init(machine: String, states: [String], actions: [String], cells: [[ExportCell]], initial: String?) {
        self.machine = machine
        self.states = states
        self.actions = actions
        self.cells = cells
        self.initial = initial
    }

    /// The table the library would build from `matrix`, or nil when a row is missing or extra,
    /// a row has the wrong number of cells, or a cell is not one of the six kinds.
    init?(_ matrix: Matrix) {
        guard matrix.isComplete, matrix.rows.count == matrix.states.count else { return nil }
        var cells: [[ExportCell]] = []
        for (index, row) in matrix.rows.enumerated() {
            guard row.cells.count == matrix.actions.count else { return nil }
            // A `.tbl` or `@Row` row names its state; the library pairs them by position and
            // refuses a row whose name is not the state's.
            if let label = row.label, matrix.key(label.text) != matrix.key(matrix.states[index].text) { return nil }
            var converted: [ExportCell] = []
            for cell in row.cells {
                guard let exported = ExportCell(cell.kind) else { return nil }
                converted.append(exported)
            }
            cells.append(converted)
        }
        self.init(
            machine: matrix.machine.text, states: matrix.states.map(\.text), actions: matrix.actions.map(\.text),
            cells: cells, initial: matrix.initial?.text)
    }

    /// One edge per cell that draws one, row-major (state by state, then action by action),
    /// never merged or sorted: the walk Mermaid and DOT share.
    var edges: [ExportEdge] {
        var edges: [ExportEdge] = []
        for (stateIndex, state) in states.enumerated() {
            for (actionIndex, action) in actions.enumerated() {
                let cell = cells[stateIndex][actionIndex]
                switch cell {
                case .ignore, .unreachable:
                    continue
                case .go(let target, let effects):
                    edges.append(ExportEdge(from: state, to: target, label: Self.label(action, effects), isDynamic: false))
                case .emit(let effects):
                    edges.append(ExportEdge(from: state, to: state, label: Self.label(action, effects), isDynamic: false))
                case .handle:
                    edges.append(ExportEdge(from: state, to: state, label: action + " / ?handle", isDynamic: true))
                case .delegate(let child):
                    edges.append(ExportEdge(from: state, to: state, label: action + " / >" + child, isDynamic: true))
                }
            }
        }
        return edges
    }

    /// `Action`, or `Action / E1, E2`.
    static func label(_ action: String, _ effects: [String]) -> String {
        effects.isEmpty ? action : action + " / " + effects.joined(separator: ", ")
    }
}

/// A cell as the library's `Cell` holds it: names only.
enum ExportCell: Equatable {
    case ignore, handle, unreachable
    case go(target: String, effects: [String])
    case emit(effects: [String])
    case delegate(child: String)

    /// Nil for a cell that is not one of the six kinds. A GO target's literal payload arguments
    /// (`.go(.running(since: 0))`) are not part of the name, as in the library's table.
    init?(_ kind: Cell.Kind) {
        switch kind {
        case .ignore: self = .ignore
        case .handle: self = .handle
        case .unreachable: self = .unreachable
        case .go(let target, let effects, _): self = .go(target: target.text, effects: effects.map(\.text))
        case .emit(let effects): self = .emit(effects: effects.map(\.text))
        case .delegate(let child): self = .delegate(child: child.text)
        case .unknown: return nil
        }
    }

    /// HANDLE, DELEGATE and UNREACHABLE are not static: the runtime, not the table, decides.
    var isStatic: Bool {
        switch self {
        case .ignore, .go, .emit: return true
        case .handle, .delegate, .unreachable: return false
        }
    }
}

/// An arrow of the diagram: `from → to`, labelled, dashed when a handler decides.
struct ExportEdge: Equatable {
    var from: String
    var to: String
    var label: String
    var isDynamic: Bool
}
