/// What a machine does, as far as tablint can read it: its states, and for every cell the
/// states it can lead to. Built from a matrix (`init(matrix:…)`), then completed with what the
/// code behind its `HANDLE` cells returns (`MachineGraphs`). Pure values: the reachability
/// rules, `tablint paths`, `export --dynamic` and the editor's hover all read the same graph.
struct MachineGraph: Equatable {
    /// Where something was read: a file and a byte range in it, with the range's start.
    struct Origin: Equatable {
        var path: String
        var range: Range<Int>
        var start: SourceLocation
        // The memberwise initializer: it builds an origin in place, where one written here
        // would make a copy per cell of a large machine.
    }

    /// The cell's constructor in the matrix.
    enum Kind: Equatable {
        case ignore, go, emit, handle, delegate, unreachable
        /// A cell the reader could not read as one of the six.
        case unknown
    }

    /// One state a cell can lead to.
    struct Outcome: Equatable {
        /// The state after the action: an index into `states` (the cell's own row for a stay).
        var target: Int
        /// The effects the outcome emits, as named.
        var effects: [String] = []
        /// Where it was read: the matrix cell for a static outcome; the `return` (or the
        /// dispatcher arm) in the code for an outcome of a `HANDLE` cell.
        var origin: Origin?
        /// Read from code (a `HANDLE` implementation or a dispatcher arm), not from the matrix:
        /// drawn dashed by `export --dynamic`.
        var isDynamic = false
        // The memberwise initializer, for the reason `Origin` has it.
    }

    struct Cell: Equatable {
        var kind: Kind
        /// Every outcome read, in the order read, without repeats of a target with the same
        /// effects. Empty for `UNREACHABLE` and for a cell whose outcome is unknown. What the
        /// analysis walks asks `outcomeCount`, `target(_:)` and `effects(_:)`, which make no array.
        var outcomes: [Outcome] {
            get {
                hasStaticOutcome ? [Outcome(target: staticTarget, effects: staticEffects, origin: origin)] : readOutcomes
            }
            set {
                hasStaticOutcome = false
                staticTarget = 0
                staticEffects = []
                readOutcomes = newValue
            }
        }
        /// Why the outcomes are not all known (no implementation found, a body that returns
        /// something tablint cannot read); nil when they are. An unknown cell may lead to any
        /// state: no question whose answer depends on it is answered.
        var unknownReason: String?
        /// The cell in the matrix.
        var origin: Origin

        // A cell of the matrix alone (`GO`, `EMIT`, `IGNORE`, `DELEGATE`) has one outcome, read
        // where the cell is: it is held as its target and effects, not as an array of its own
        // (a large machine has 50,000 cells, each an allocation to make and to free).
        // Not private: the graph's initializer makes its cells with the memberwise initializer,
        // which builds each in place (those of the extension below make a copy, and destroy it, per cell).
        fileprivate var hasStaticOutcome = false
        fileprivate var staticTarget = 0
        fileprivate var staticEffects: [String] = []
        fileprivate var readOutcomes: [Outcome] = []

        var outcomeCount: Int { hasStaticOutcome ? 1 : readOutcomes.count }

        /// The target of outcome `index` (`outcomes[index].target`).
        func target(_ index: Int) -> Int { hasStaticOutcome ? staticTarget : readOutcomes[index].target }

        /// The effects of outcome `index` (`outcomes[index].effects`).
        func effects(_ index: Int) -> [String] { hasStaticOutcome ? staticEffects : readOutcomes[index].effects }

        /// The same outcomes whichever way they are held.
        static func == (lhs: Cell, rhs: Cell) -> Bool {
            lhs.kind == rhs.kind && lhs.unknownReason == rhs.unknownReason && lhs.origin == rhs.origin && lhs.outcomes == rhs.outcomes
        }

        var isUnknown: Bool { unknownReason != nil }

        /// `IGNORE` and `UNREACHABLE` cells are not for a test to fire.
        var isFireable: Bool { kind != .ignore && kind != .unreachable }
    }

    var machine: String
    var surface: Matrix.Surface
    /// The file of the matrix.
    var path: String
    var states: [String]
    /// Where each state is declared in the matrix (its row label or its `states:` entry).
    var stateOrigins: [Origin]
    /// Where each state is declared: its `states:` entry, or in an `@Machine` enum its `case`
    /// in `enum S` (not its `@Row`), where a suppression of a finding about the state goes.
    var stateDeclarations: [Origin]
    var actions: [String]
    /// The declared effects; nil where the surface declares none.
    var effects: [String]?
    /// Nil when the matrix names no initial state (then nothing is reachable, and nothing is
    /// reported as unreachable).
    var initial: Int?
    /// `cells[state][action]`.
    var cells: [[Cell]]
    /// The `@Path`s the matrix already has, by name: the spine's names as plain case names
    /// (no `.`, no backticks), alternating states and actions.
    var writtenPaths: [String: [String]] = [:]

    /// The graph the matrix alone gives: static outcomes for `GO`, `EMIT`, `IGNORE` and
    /// `DELEGATE` (the parent stays; the child moves), none for `UNREACHABLE`, and `HANDLE`
    /// unknown until the implementations are read. Nil for a matrix whose shape is broken (a
    /// row missing or of the wrong length, names that do not resolve), which no question about
    /// behaviour can be asked of.
    init?(_ matrix: Matrix, path: String, lines: LineTable) {
        guard matrix.isComplete, matrix.rows.count == matrix.states.count,
            matrix.rows.allSatisfy({ $0.cells.count == matrix.actions.count })
        else { return nil }
        // Cells are read in file order, most on the line of the one before: the line is found
        // from the last one's rather than searched for again (50,000 cells in a large machine).
        let lineStarts = lines.lineStarts
        var lineHint = 0
        func origin(_ range: Range<Int>) -> Origin {
            let offset = range.lowerBound
            // The line holding `offset` is the last whose start is at or before it.
            func holds(_ line: Int) -> Bool {
                line < lineStarts.count && lineStarts[line] <= offset && (line + 1 == lineStarts.count || lineStarts[line + 1] > offset)
            }
            if !holds(lineHint) { lineHint = holds(lineHint + 1) ? lineHint + 1 : lines.lineIndex(of: offset) }
            let start = SourceLocation(offset: offset, line: lineHint + 1, column: offset - lineStarts[lineHint] + 1)
            return Origin(path: path, range: range, start: start)
        }
        // A matrix compares state names exactly (`Matrix.key`): a plain table of the first state
        // of each name answers as `stateLookup` does, without a key made per GO cell.
        var stateIndex: [String: Int] = [:]
        stateIndex.reserveCapacity(matrix.states.count)
        for (index, state) in matrix.states.enumerated() where stateIndex[state.text] == nil { stateIndex[state.text] = index }
        machine = matrix.machine.text
        surface = matrix.surface
        self.path = path
        states = matrix.states.map(\.text)
        stateOrigins = matrix.states.enumerated().map { index, state in
            origin(matrix.rows[index].label?.range ?? state.range)
        }
        stateDeclarations = matrix.surface == .machineEnum ? matrix.states.map { origin($0.range) } : stateOrigins
        actions = matrix.actions.map(\.text)
        effects = matrix.effects?.map(\.text)
        initial = matrix.initial.flatMap { stateIndex[$0.text] }
        var cells: [[Cell]] = []
        cells.reserveCapacity(matrix.rows.count)
        // Appended in place, one row at a time: a closure returning each cell made a copy of it
        // (and of its origins) per cell, 50,000 in a large machine.
        for (state, row) in matrix.rows.enumerated() {
            var built: [Cell] = []
            built.reserveCapacity(row.cells.count)
            for cell in row.cells {
                let here = origin(cell.range)
                switch cell.kind {
                case .ignore:
                    built.append(Cell(kind: .ignore, origin: here, hasStaticOutcome: true, staticTarget: state))
                case .emit(let effects):
                    built.append(Cell(kind: .emit, origin: here, hasStaticOutcome: true, staticTarget: state, staticEffects: effects.map(\.text)))
                case .go(let target, let effects, _):
                    if let index = stateIndex[target.text] {
                        built.append(Cell(kind: .go, origin: here, hasStaticOutcome: true, staticTarget: index, staticEffects: effects.isEmpty ? [] : effects.map(\.text)))
                    } else {
                        built.append(Cell(kind: .go, unknownReason: "`GO(\(target.text))` names no state of the matrix", origin: here))
                    }
                case .delegate:
                    built.append(Cell(kind: .delegate, origin: here, hasStaticOutcome: true, staticTarget: state))
                case .unreachable:
                    built.append(Cell(kind: .unreachable, origin: here))
                case .handle:
                    built.append(Cell(kind: .handle, unknownReason: "no implementation of the cell was read", origin: here))
                case .unknown(let written, _):
                    built.append(Cell(kind: .unknown, unknownReason: "`\(written)` is not a cell tablint reads", origin: here))
                }
            }
            cells.append(built)
        }
        self.cells = cells
        for path in matrix.paths {
            writtenPaths[path.name.text] = path.spine.map { name in
                var plain = name.text.replacingOccurrences(of: "`", with: "")
                if plain.hasPrefix(".") { plain.removeFirst() }
                return plain
            }
        }
    }

    /// "(Idle, Start)", as the library names a cell.
    func cellLabel(state: Int, action: Int) -> String { "(\(states[state]), \(actions[action]))" }

    // MARK: Reachability

    /// From `initial`, following every known outcome: for each state reached, the shortest
    /// action sequence that reaches it (breadth-first, actions in matrix order, so the answer
    /// is the same on every run), with the outcome taken at each step. `sawUnknown` is true
    /// when a reached state has an unknown cell: a state missing from `routes` may then still
    /// be reachable.
    func shortestRoutes() -> (routes: [Int: [Step]], sawUnknown: Bool) {
        guard let initial else { return ([:], false) }
        var routes: [Int: [Step]] = [initial: []]
        var queue = [initial]
        var sawUnknown = false
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for (action, cell) in cells[state].enumerated() {
                if cell.isUnknown { sawUnknown = true }
                for which in 0..<cell.outcomeCount where routes[cell.target(which)] == nil {
                    let target = cell.target(which)
                    routes[target] = routes[state]! + [Step(action: action, outcome: which, from: state, to: target)]
                    queue.append(target)
                }
            }
        }
        return (routes, sawUnknown)
    }

    /// One step of a route: from a state, an action, and which of the cell's outcomes it took.
    struct Step: Equatable {
        var action: Int
        /// An index into the cell's `outcomes`.
        var outcome: Int
        var from: Int
        var to: Int
    }
}

// In an extension, so the memberwise initializer stays.
extension MachineGraph.Cell {
    init(kind: MachineGraph.Kind, outcomes: [MachineGraph.Outcome], unknownReason: String? = nil, origin: MachineGraph.Origin) {
        self.kind = kind
        self.unknownReason = unknownReason
        self.origin = origin
        readOutcomes = outcomes
    }

    /// A cell whose one outcome was read from the matrix cell itself (its origin is the cell's).
    init(kind: MachineGraph.Kind, target: Int, effects: [String] = [], origin: MachineGraph.Origin) {
        self.kind = kind
        self.origin = origin
        hasStaticOutcome = true
        staticTarget = target
        staticEffects = effects
    }
}
