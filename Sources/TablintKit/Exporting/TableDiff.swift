/// What changed in behaviour between two readings of the same machines: the model behind
/// `tablint diff`. Pure: matrices in, changes out.
///
/// Machines are paired by name (a pin only with a pin), states and actions by name, cells by
/// their state and action, never by position: reordering rows or columns, realigning and
/// editing comments change nothing here. An added action is one change listing its cells,
/// not a change in every later column.
struct TableDiff: Equatable {
    var machines: [MachineDiff]

    var hasChanges: Bool { machines.contains { !$0.changes.isEmpty } }

    /// One side of the comparison: a matrix with the file it was read from and the path to
    /// show for it (`HEAD:Sources/Timer.tb.swift` for an old revision).
    struct Side {
        var label: String
        var file: SourceFile
        var matrix: Matrix

        init(label: String, file: SourceFile, matrix: Matrix) {
            self.label = label
            self.file = file
            self.matrix = matrix
        }

        var isPin: Bool { matrix.surface == .fixture }

        func place(_ range: Range<Int>) -> TableChange.Place {
            let location = file.location(of: range.lowerBound)
            return TableChange.Place(path: label, line: location.line, column: location.column)
        }
    }

    /// `pinAgainstSource`: a pin on one side and a source of the same name on the other, each
    /// alone, are compared with each other (`tablint diff Timer.tbl Timer.tb.swift`, what the
    /// library's `table-diff` does for a fixture and its table) instead of one removed and
    /// one added.
    static func compare(old: [Side], new: [Side], pinAgainstSource: Bool = false) -> TableDiff {
        struct Key: Hashable {
            var name: String
            var isPin: Bool
        }
        func grouped(_ sides: [Side]) -> (keys: [Key], groups: [Key: [Side]]) {
            var keys: [Key] = []
            var groups: [Key: [Side]] = [:]
            for side in sides {
                let key = Key(name: side.matrix.machine.text, isPin: side.isPin)
                if groups[key] == nil { keys.append(key) }
                groups[key, default: []].append(side)
            }
            return (keys, groups)
        }
        let (oldKeys, oldGroups) = grouped(old)
        let (newKeys, newGroups) = grouped(new)
        var keys = newKeys
        for key in oldKeys where newGroups[key] == nil { keys.append(key) }
        var machines: [MachineDiff] = []
        var pairedAcross: Set<Key> = []
        for key in keys where !pairedAcross.contains(key) {
            var olds = oldGroups[key] ?? [], news = newGroups[key] ?? []
            let twin = Key(name: key.name, isPin: !key.isPin)
            if pinAgainstSource, oldGroups[twin] == nil, newGroups[twin]?.count == 1, olds.count == 1, news.isEmpty {
                news = newGroups[twin]!
                pairedAcross.insert(twin)
            } else if pinAgainstSource, newGroups[twin] == nil, oldGroups[twin]?.count == 1, news.count == 1, olds.isEmpty {
                olds = oldGroups[twin]!
                pairedAcross.insert(twin)
            }
            // Several matrices of one name on a side (copies in several files): those of one
            // file pair first, the others in order, so a renamed file does not shift them all.
            for (old, new) in pairs(olds, news) {
                machines.append(MachineDiff.compare(
                    name: key.name, isPin: key.isPin && !pairedAcross.contains(twin), old: old, new: new))
            }
        }
        return TableDiff(machines: machines)
    }

    /// The matrices of one name on each side, paired: the same file first, then in order.
    static func pairs(_ olds: [Side], _ news: [Side]) -> [(Side?, Side?)] {
        guard olds.count > 1 || news.count > 1 else { return [(olds.first, news.first)] }
        var pairs: [(Side?, Side?)] = []
        var leftOld = olds, leftNew: [Side] = []
        for new in news {
            if let index = leftOld.firstIndex(where: { $0.file.path == new.file.path }) {
                pairs.append((leftOld.remove(at: index), new))
            } else {
                leftNew.append(new)
            }
        }
        for index in 0..<max(leftOld.count, leftNew.count) {
            pairs.append((index < leftOld.count ? leftOld[index] : nil, index < leftNew.count ? leftNew[index] : nil))
        }
        return pairs
    }
}

/// The changes of one machine.
struct MachineDiff: Equatable {
    var name: String
    var isPin: Bool
    var oldPath: String?
    var newPath: String?
    var changes: [TableChange]

    /// `Timer`, or `pin Timer`.
    var title: String { (isPin ? "pin " : "") + name }

    static func compare(name: String, isPin: Bool, old: TableDiff.Side?, new: TableDiff.Side?) -> MachineDiff {
        var diff = MachineDiff(name: name, isPin: isPin, oldPath: old?.label, newPath: new?.label, changes: [])
        guard let old, let new else {
            if let side = new ?? old {
                let matrix = side.matrix
                let cells = MatrixCells(matrix, key: matrix.key)
                diff.changes.append(TableChange(
                    kind: new == nil ? .machineRemoved : .machineAdded, subject: "machine `\(name)`",
                    old: new == nil ? cells.summary : nil, new: new == nil ? nil : cells.summary,
                    place: side.place(matrix.machine.range)))
            }
            return diff
        }
        // The same surface compares names as it does (`@Machine` folds the first letter); an
        // `@Machine` against a `Table` or pin compares with the first letter folded, as the
        // library's cross-checks do.
        let key: (String) -> String = old.matrix.surface == new.matrix.surface
            ? new.matrix.key : { NameCasing.lowerFirst($0) }
        // Arguments and payloads are compared only between two `@Machine`s: a pin and a `Table`
        // hold names only, and against them every cell with an argument would look changed.
        let arguments = old.matrix.surface == new.matrix.surface
        let before = MatrixCells(old.matrix, key: key, file: old.file, comparingArguments: arguments)
        let after = MatrixCells(new.matrix, key: key, file: new.file, comparingArguments: arguments)

        if old.matrix.initial.map({ key($0.text) }) != new.matrix.initial.map({ key($0.text) }) {
            diff.changes.append(TableChange(
                kind: .initialChanged, subject: "initial",
                old: old.matrix.initial?.text ?? "nil", new: new.matrix.initial?.text ?? "nil",
                place: new.place(new.matrix.initial?.range ?? new.matrix.range)))
        }
        let oldStates = Set(old.matrix.states.map { key($0.text) })
        let newStates = Set(new.matrix.states.map { key($0.text) })
        let oldActions = Set(old.matrix.actions.map { key($0.text) })
        let newActions = Set(new.matrix.actions.map { key($0.text) })

        for state in old.matrix.states where !newStates.contains(key(state.text)) {
            diff.changes.append(TableChange(
                kind: .stateRemoved, subject: "state `\(state.text)`", state: state.text,
                old: before.row(state.text, actions: old.matrix.actions), new: nil, place: old.place(state.range)))
        }
        for state in new.matrix.states where !oldStates.contains(key(state.text)) {
            diff.changes.append(TableChange(
                kind: .stateAdded, subject: "state `\(state.text)`", state: state.text,
                old: nil, new: after.row(state.text, actions: new.matrix.actions), place: new.place(state.range)))
        }
        for action in old.matrix.actions where !newActions.contains(key(action.text)) {
            diff.changes.append(TableChange(
                kind: .actionRemoved, subject: "action `\(action.text)`", action: action.text,
                old: before.column(action.text, states: old.matrix.states.filter { newStates.contains(key($0.text)) }),
                new: nil, place: old.place(action.range)))
        }
        for action in new.matrix.actions where !oldActions.contains(key(action.text)) {
            diff.changes.append(TableChange(
                kind: .actionAdded, subject: "action `\(action.text)`", action: action.text,
                old: nil, new: after.column(action.text, states: new.matrix.states.filter { oldStates.contains(key($0.text)) }),
                place: new.place(action.range)))
        }
        // The cells of states and actions on both sides, in the new matrix's order.
        for state in new.matrix.states where oldStates.contains(key(state.text)) {
            for action in new.matrix.actions where oldActions.contains(key(action.text)) {
                let was = before.cell(state.text, action.text), now = after.cell(state.text, action.text)
                guard was?.comparable != now?.comparable else { continue }
                diff.changes.append(TableChange(
                    kind: .cellChanged, subject: "(\(state.text), \(action.text))", state: state.text, action: action.text,
                    old: was?.text ?? "no cell", new: now?.text ?? "no cell",
                    place: now.map { new.place($0.range) } ?? new.place(state.range)))
            }
        }
        return diff
    }
}

/// One behaviour change.
struct TableChange: Equatable {
    enum Kind: String, Equatable {
        case machineAdded = "machine-added", machineRemoved = "machine-removed"
        case stateAdded = "state-added", stateRemoved = "state-removed"
        case actionAdded = "action-added", actionRemoved = "action-removed"
        case initialChanged = "initial-changed", cellChanged = "cell-changed"

        var isRemoval: Bool { self == .machineRemoved || self == .stateRemoved || self == .actionRemoved }
    }

    /// A position in a file: the new one, or the old one for a removal.
    struct Place: Equatable {
        var path: String
        var line: Int
        var column: Int
    }

    var kind: Kind
    /// What changed: "(Idle, Start)", "action `Reset`", "initial".
    var subject: String
    var state: String?
    var action: String?
    /// The old and new values as text (a cell as `GO(Idle, StopClock)`; an added action as its
    /// cells); nil on the side where the subject does not exist.
    var old: String?
    var new: String?
    var place: Place

    init(kind: Kind, subject: String, state: String? = nil, action: String? = nil, old: String?, new: String?, place: Place) {
        self.kind = kind
        self.subject = subject
        self.state = state
        self.action = action
        self.old = old
        self.new = new
        self.place = place
    }

    /// `(Idle, Start): IGNORE → GO(Idle, StopClock)`, `action `Reset` added: …`.
    var sentence: String {
        switch kind {
        case .cellChanged: return "\(subject): \(old ?? "") → \(new ?? "")"
        case .initialChanged: return "initial: \(old ?? "") → \(new ?? "")"
        case .machineAdded, .stateAdded, .actionAdded:
            return "\(subject) added" + (new.map { $0.isEmpty ? "" : ": " + $0 } ?? "")
        case .machineRemoved, .stateRemoved, .actionRemoved:
            return "\(subject) removed" + (old.map { $0.isEmpty ? "" : ": " + $0 } ?? "")
        }
    }
}

/// A matrix's cells by state and action name, for comparison.
struct MatrixCells {
    struct Entry {
        /// As written in a `.tbl`: `GO(Idle, StopClock)`.
        var text: String
        /// The same with names compared as the pair compares them.
        var comparable: String
        var range: Range<Int>
    }

    private var cells: [String: [String: Entry]] = [:]
    private let key: (String) -> String
    private let matrix: Matrix

    init(_ matrix: Matrix, key: @escaping (String) -> String, file: SourceFile? = nil, comparingArguments: Bool = true) {
        self.key = key
        self.matrix = matrix
        // An `@Machine` effect's arguments are performed by the generated code: read them
        // from the effect as written (the reader keeps only its name and where it is).
        let writtenEffects = matrix.surface == .machineEnum ? file : nil
        for (index, row) in matrix.rows.enumerated() {
            // A `Table` row belongs to its state by position; a `.tbl` or `@Row` row by position
            // too in the library, which refuses a row naming another state.
            guard let state = matrix.stateName(ofRow: index) else { continue }
            var entries = cells[key(state)] ?? [:]
            for (column, cell) in row.cells.enumerated() where column < matrix.actions.count {
                let action = key(matrix.actions[column].text)
                guard entries[action] == nil else { continue }
                entries[action] = Entry(
                    text: Self.text(cell.kind, { $0 }, file: writtenEffects),
                    comparable: Self.text(cell.kind, key, compact: true, file: writtenEffects, arguments: comparingArguments),
                    range: cell.range)
            }
            if cells[key(state)] == nil { cells[key(state)] = entries }
        }
    }

    func cell(_ state: String, _ action: String) -> Entry? { cells[key(state)]?[key(action)] }

    /// `(Idle, Reset): IGNORE, (Running, Reset): GO(Idle)`.
    func column(_ action: String, states: [Name]) -> String {
        states.map { "(\($0.text), \(action)): \(cell($0.text, action)?.text ?? "no cell")" }.joined(separator: ", ")
    }

    /// `(Paused, Start): GO(Running), (Paused, Stop): IGNORE`.
    func row(_ state: String, actions: [Name]) -> String {
        actions.map { "(\(state), \($0.text)): \(cell(state, $0.text)?.text ?? "no cell")" }.joined(separator: ", ")
    }

    /// `3 states, 2 actions, initial Idle`.
    var summary: String {
        "\(matrix.states.count) state\(matrix.states.count == 1 ? "" : "s") (\(matrix.stateList)), \(matrix.actions.count) action\(matrix.actions.count == 1 ? "" : "s") (\(matrix.actionList)), initial \(matrix.initial?.text ?? "nil")"
    }

    /// A cell in the `.tbl` spelling, effects separated by `, `; a GO target keeps its literal
    /// payload arguments (`GO(running(since: 0))`) and an effect read from `file` its
    /// arguments (`slam(force: 1)`), which are behaviour too.
    /// `compact` compares arguments by their tokens: blanks, line breaks and comments between
    /// tokens are layout, blanks inside a string literal are not.
    /// Without `arguments`, names alone.
    static func text(
        _ kind: Cell.Kind, _ key: (String) -> String, compact: Bool = false, file: SourceFile? = nil, arguments: Bool = true
    ) -> String {
        let file = arguments ? file : nil
        func effects(_ names: [Name]) -> [String] {
            names.map { effect in
                key(effect.text) + (file.flatMap { Self.arguments(ofEffect: $0.text(effect.range), compact: compact) } ?? "")
            }
        }
        switch kind {
        case .ignore: return "IGNORE"
        case .handle: return "HANDLE"
        case .unreachable: return "UNREACHABLE"
        case .go(let target, let written, let payload):
            let target = key(target.text) + (arguments ? payload.map { tokens(of: $0, compact: compact) } ?? "" : "")
            return "GO(" + ([target] + effects(written)).joined(separator: ", ") + ")"
        case .emit(let written): return "EMIT(" + effects(written).joined(separator: ", ") + ")"
        case .delegate(let child): return "DELEGATE(\(key(child.text)))"
        case .unknown(let written, _): return "`\(written)` (not a cell)"
        }
    }

    /// The arguments of an effect written `.slam(force: 1)` or `F.log("a")`: from its first
    /// `(` (the effect is a name, perhaps qualified, then its arguments); nil without them.
    static func arguments(ofEffect written: String, compact: Bool) -> String? {
        let bytes = Array(written.utf8)
        guard let open = Tokenizer.tokenize(bytes).first(where: { $0.kind == .leftParen }) else { return nil }
        return tokens(of: String(decoding: bytes[open.start...], as: UTF8.self), compact: compact)
    }

    /// Source text by its tokens: compact, each token once with a NUL between (for comparing);
    /// shown, one blank where the source had trivia, none inside brackets or before a comma.
    static func tokens(of text: String, compact: Bool) -> String {
        let bytes = Array(text.utf8)
        var result = ""
        var sawTrivia = false
        var previous: TokenKind?
        for token in Tokenizer.tokenize(bytes) {
            if token.isTrivia {
                sawTrivia = true
                continue
            }
            let piece = String(decoding: bytes[token.range], as: UTF8.self)
            if compact {
                if previous != nil { result += "\u{0}" }
            } else if sawTrivia, let previous, ![.leftParen, .leftBracket].contains(previous),
                ![.rightParen, .rightBracket, .comma].contains(token.kind) {
                result += " "
            }
            result += piece
            previous = token.kind
            sawTrivia = false
        }
        return result
    }
}
