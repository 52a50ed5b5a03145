/// `tablint::pin-drift`: a `.tbl` pin (a file, or a `FIXTURE` string as the library's
/// `SpecCheck` writes one) is what a reviewer reads and what `checkTable` compares with the
/// table at test time. When the matrix changes and the pin does not, the two disagree until a
/// test runs, if one does. Every difference is reported, one per changed thing as `checkTable`
/// counts them, but a state or action difference does not stop the comparison: the rest is
/// paired by name.
struct PinDrift: RunRule {
    let code = "tablint::pin-drift"
    let defaultSeverity = Severity.error
    let summary = "A `.tbl` pin (a file or a `FIXTURE` string) says something else than its matrix: a cell, a state, an action, `initial` or the machine name."
    /// With `--unsafe-fixes`.
    var isFixable: Bool { true }

    init() {}

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for (index, file) in run.enumerated() {
            for pin in file.pins {
                guard let ref = pairing.matrix(for: pin, inFile: index).paired else { continue }
                let comparison = PinComparison(
                    rule: self, pin: pin, file: file, ref: ref, matrixFile: run[ref.file],
                    machineName: MachineName.expected(ref.bound, pairing) ?? ref.matrix.machine.text,
                    declaredEffects: DispatcherDrift.declaredEffects(of: ref, machine: ref.bound.machine, pairing))
                found += comparison.run()
            }
        }
        return found
    }
}

/// One pin against one matrix.
private struct PinComparison {
    let rule: PinDrift
    let pin: BoundPin
    let file: FileSummary
    let ref: MachinePairing.MatrixRef
    let matrixFile: FileSummary
    /// What the pin's `machine` line must say.
    let machineName: String
    /// `enum F`'s cases: a matrix cell naming an effect the enum lacks is the matrix's slip
    /// (`unknown-effect` reports it there), not the pin's.
    let declaredEffects: [String]?

    var matrix: Matrix { ref.matrix }
    var pinned: Matrix { pin.matrix }
    var folds: Bool { matrix.surface == .machineEnum }
    var what: String { ref.bound.label }

    /// Names compare exactly between a `.tbl` and a `Table`, with the first letter folded
    /// against an `@Machine` enum (lowerCamel cases).
    func key(_ name: String) -> String { folds ? NameCasing.lowerFirst(name) : name }

    /// A name as the pin writes it.
    func pinText(_ name: String) -> String { folds ? NameCasing.upperFirst(name) : name }

    /// `checkTable`'s `lastSegment`: `F.stopClock(reason: x)` → `stopClock`.
    static func lastSegment(_ name: String) -> String {
        var text = Substring(name)
        if let cut = text.firstIndex(where: { $0 == "(" || $0 == "{" || $0 == " " }) { text = text[..<cut] }
        if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
        if let colon = text.lastIndex(of: ":") { text = text[text.index(after: colon)...] }
        return String(text)
    }

    func run() -> [Diagnostic] {
        var found: [Diagnostic] = []
        func report(_ range: Range<Int>, _ message: String, note: (Int, String)?) {
            found.append(rule.diagnostic(
                file, at: range, message, notes: note.map { [matrixFile.note(at: $0.0, $0.1)] } ?? []))
        }
        let of = "\(pin.label) of the matrix \(what)"
        // The machine name.
        if key(pinned.machine.text) != key(pinText(machineName)) {
            report(
                pinned.machine.range,
                "\(of) names the machine `\(pinned.machine.text)`, but the matrix is `\(pinText(machineName))`; `checkTable` reports `machine name: got \(pinText(machineName)), want \(pinned.machine.text)`. Expected `machine \(pinText(machineName))`",
                note: (matrix.machine.range.lowerBound, "the matrix names its machine here"))
        }
        // `initial`.
        let pinInitial = pinned.initial.map { key($0.text) }
        let initial = matrix.initial.map { key($0.text) }
        if pinInitial != initial {
            let want = matrix.initial.map { "`initial \(pinText($0.text))`" } ?? "no `initial`"
            report(
                pinned.initial?.range ?? pinned.machine.range,
                "\(of) says `initial \(pinned.initial?.text ?? "")`, but the matrix starts in \(matrix.initial.map { "`\(pinText($0.text))`" } ?? "no state"); expected \(want)",
                note: (matrix.initial?.range ?? matrix.range).lowerBound == matrix.range.lowerBound && matrix.initial == nil
                    ? nil : ((matrix.initial?.range ?? matrix.range).lowerBound, "the matrix's initial state is here"))
        }
        found += names(pinned.states, matrix.states, role: "state", range: pinned.statesRange, declared: matrix.statesRange)
        found += names(pinned.actions, matrix.actions, role: "action", range: pinned.actionsRange, declared: matrix.actionsRange)
        found += cells()
        // The fix rewrites the pin, so it rides on the first diagnostic in the pin's file (a
        // swap is reported at the matrix).
        if let first = found.firstIndex(where: { $0.path == file.path }) {
            if let fix = fix() {
                found[first].fix = fix
            } else if let why = pin.rowsSpanRefusal {
                found[first].message += "; no fix: \(why)"
            }
        }
        return found
    }

    /// States or actions missing from the pin, extra in it, or in another order.
    private func names(_ pinNames: [Name], _ names: [Name], role: String, range: Range<Int>, declared: Range<Int>) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let pinKeys = pinNames.map { key($0.text) }
        let keys = names.map { key($0.text) }
        let list = names.map { pinText($0.text) }.joined(separator: " ")
        for name in names where !pinKeys.contains(key(name.text)) {
            found.append(rule.diagnostic(
                file, at: range,
                "\(pin.label) does not list \(role) `\(pinText(name.text))`, which the matrix \(what) declares; expected `\(role)s \(list)` and a \(role == "state" ? "row" : "column") for it",
                notes: [matrixFile.note(at: name.range.lowerBound, "`\(name.text)` is declared here")]))
        }
        for name in pinNames where !keys.contains(key(name.text)) {
            found.append(rule.diagnostic(
                file, at: name.range,
                "\(pin.label) lists \(role) `\(name.text)`, which the matrix \(what) does not declare. \(role == "state" ? "States" : "Actions"): \(list)",
                notes: [matrixFile.note(at: declared.lowerBound, "the matrix declares its \(role)s here")]))
        }
        let common = pinKeys.filter { keys.contains($0) }
        if common != keys.filter({ pinKeys.contains($0) }) {
            found.append(rule.diagnostic(
                file, at: range,
                "\(pin.label) lists its \(role)s in another order than the matrix \(what); expected `\(role)s \(list)`",
                notes: [matrixFile.note(at: declared.lowerBound, "the matrix declares its \(role)s here")]))
        }
        return found
    }

    /// Every cell of a state and an action both declare, paired by name.
    private func cells() -> [Diagnostic] {
        var found: [Diagnostic] = []
        var pinColumn: [String: Int] = [:]
        for (index, action) in pinned.actions.enumerated() where pinColumn[key(action.text)] == nil { pinColumn[key(action.text)] = index }
        var pinRow: [String: Row] = [:]
        for row in pinned.rows where row.isReadable {
            if let label = row.label, pinRow[key(label.text)] == nil { pinRow[key(label.text)] = row }
        }
        // Whether the pin's row `row` says, cell by cell, what the matrix's row of state
        // `stateIndex` says (nil when a cell cannot be compared).
        func agrees(_ row: Row, withMatrixRow stateIndex: Int) -> Bool? {
            var all = true
            for (actionIndex, action) in matrix.actions.enumerated() {
                guard actionIndex < matrix.rows[stateIndex].cells.count, let column = pinColumn[key(action.text)], column < row.cells.count
                else { return nil }
                let pinCell = row.cells[column], cell = matrix.rows[stateIndex].cells[actionIndex]
                if case .unknown = pinCell.kind { return nil }
                if case .unknown = cell.kind { return nil }
                if hasUndeclaredEffect(cell.kind) { return nil }
                if !same(pinCell.kind, cell.kind, range: cell.range) { all = false }
            }
            return all
        }
        // Two rows that match each other's matrix rows crosswise: said once, at the matrix.
        var swapped = Set<Int>()
        let states = matrix.states.indices.filter { $0 < matrix.rows.count && pinRow[key(matrix.states[$0].text)] != nil }
        for first in states where !swapped.contains(first) {
            let firstRow = pinRow[key(matrix.states[first].text)]!
            guard agrees(firstRow, withMatrixRow: first) == false else { continue }
            for second in states where second > first && !swapped.contains(second) {
                let secondRow = pinRow[key(matrix.states[second].text)]!
                guard agrees(secondRow, withMatrixRow: second) == false, agrees(firstRow, withMatrixRow: second) == true,
                    agrees(secondRow, withMatrixRow: first) == true
                else { continue }
                swapped.formUnion([first, second])
                let one = matrix.states[first].text, other = matrix.states[second].text
                found.append(rule.diagnostic(
                    matrixFile, at: matrix.rowAnchor(first),
                    "rows `\(one)` and `\(other)` of the matrix \(what) look swapped: \(pin.label) gives `\(pinText(one))` what the row of `\(other)` says, and `\(pinText(other))` what the row of `\(one)` says; swap the two rows back (or the pin's, whichever is wrong)",
                    notes: [
                        matrixFile.note(at: matrix.rowAnchor(second).lowerBound, "the row of `\(other)` is here"),
                        file.note(at: (firstRow.label?.range ?? firstRow.range).lowerBound, "\(pin.label) has the row of `\(pinText(one))` here"),
                    ]))
                break
            }
        }
        for (stateIndex, state) in matrix.states.enumerated() where stateIndex < matrix.rows.count && !swapped.contains(stateIndex) {
            guard let row = pinRow[key(state.text)] else { continue }
            for (actionIndex, action) in matrix.actions.enumerated() where actionIndex < matrix.rows[stateIndex].cells.count {
                guard let column = pinColumn[key(action.text)], column < row.cells.count else { continue }
                let pinCell = row.cells[column]
                let cell = matrix.rows[stateIndex].cells[actionIndex]
                if case .unknown = pinCell.kind { continue }
                if case .unknown = cell.kind { continue }
                guard !same(pinCell.kind, cell.kind, range: cell.range), !hasUndeclaredEffect(cell.kind) else { continue }
                let pair = "(\(pinText(state.text)), \(pinText(action.text)))"
                found.append(rule.diagnostic(
                    file, at: pinCell.range,
                    "cell \(pair) of \(pin.label) is \(text(pinCell.kind, pinSide: true)), but the matrix \(what) declares \(text(cell.kind, pinSide: false)); one changed cell is one difference, as `checkTable` counts it. Expected `\(text(cell.kind, pinSide: false))`",
                    notes: [matrixFile.note(at: cell.range.lowerBound, "cell \(pair) of the matrix \(what) is \(text(cell.kind, pinSide: false)) here")]))
            }
        }
        return found
    }

    private func hasUndeclaredEffect(_ cell: Cell.Kind) -> Bool {
        guard let declared = declaredEffects else { return false }
        switch cell {
        case .go(_, let names, _), .emit(let names):
            return names.contains { !declared.contains(NameCasing.lowerFirst(Self.lastSegment($0.text))) }
        default:
            return false
        }
    }

    private func same(_ pinCell: Cell.Kind, _ cell: Cell.Kind, range: Range<Int>) -> Bool {
        func names(_ list: [Name]) -> [String] { list.map { key(Self.lastSegment($0.text)) } }
        switch (pinCell, cell) {
        case (.ignore, .ignore), (.handle, .handle), (.unreachable, .unreachable): return true
        case let (.handle, .go(target, _, _)) where target.range == range:
            // A HANDLE that a `@Path` hop makes a GO (its target spans the cell): the pin may
            // say either.
            return true
        case let (.go(a, ea, _), .go(b, eb, _)): return key(Self.lastSegment(a.text)) == key(Self.lastSegment(b.text)) && names(ea) == names(eb)
        case let (.emit(ea), .emit(eb)): return names(ea) == names(eb)
        case let (.delegate(a), .delegate(b)): return NameCasing.lowerFirst(a.text) == NameCasing.lowerFirst(b.text)
        default: return false
        }
    }

    /// A cell as the pin writes it: `GO(Running, StartClock)`.
    private func text(_ cell: Cell.Kind, pinSide: Bool) -> String {
        func name(_ text: String) -> String { pinSide ? text : pinText(Self.lastSegment(text)) }
        switch cell {
        case .ignore: return "IGNORE"
        case .handle: return "HANDLE"
        case .unreachable: return "UNREACHABLE"
        case let .go(target, effects, _): return "GO(" + ([name(target.text)] + effects.map { name($0.text) }).joined(separator: ", ") + ")"
        case let .emit(effects): return "EMIT(" + effects.map { name($0.text) }.joined(separator: ", ") + ")"
        case let .delegate(child): return "DELEGATE(\(child.text))"
        case let .unknown(written, _): return written
        }
    }

    /// The pin's trailing row comments on the rewritten rows, each on the row of its state:
    /// in one column when they were in one column (at least as far out as before), else each
    /// after its row with the blanks it had.
    private func withComments(_ lines: [String]) -> [String] {
        let pinRows = pinned.rows
        guard pin.rowComments.count == pinRows.count, pin.rowComments.contains(where: { !$0.isEmpty }) else { return lines }
        var byState: [String: (comment: String, offset: Int)] = [:]
        for (row, comment) in zip(pinRows, pin.rowComments) where !comment.isEmpty {
            guard let label = row.label else { continue }
            let blanks = comment.prefix { $0 == " " || $0 == "\t" }
            byState[key(label.text)] = (String(comment.dropFirst(blanks.count)), blanks.contains("\t") ? -1 : row.range.count + blanks.count)
        }
        let offsets = Set(byState.values.map(\.offset))
        let aligned = byState.count >= 2 && offsets.count == 1 && offsets.first! >= 0
        let column = max(offsets.max() ?? 0, (lines.map(DisplayWidth.of).max() ?? 0) + 1)
        return zip(matrix.states, lines).map { state, line in
            guard let (comment, _) = byState[key(state.text)] else { return line }
            if aligned { return line.padded(to: column) + comment }
            let original = pin.rowComments[pinRows.firstIndex { $0.label.map { key($0.text) } == key(state.text) }!]
            return line + original.prefix { $0 == " " || $0 == "\t" } + comment
        }
    }

    /// Rewrites the pin from the matrix: its rows (aligned as the library's fixtures are) and
    /// the header values that differ. Unsafe: the pin's meaning changes to the matrix's.
    private func fix() -> Diagnostic.Fix? {
        guard let span = pin.rowsSpan, matrix.rows.count == matrix.states.count else { return nil }
        var edits: [TextEdit] = []
        let labels = matrix.states.map { pinText($0.text) }
        let cells = matrix.rows.map { row in row.cells.map { text($0.kind, pinSide: false) } }
        guard cells.allSatisfy({ $0.count == matrix.actions.count }) else { return nil }
        // Padded to display columns, as the aligner measures a pin's rows (a wide name is two).
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let widths = matrix.actions.indices.map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var lines = zip(labels, cells).map { label, row -> String in
            let padded = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(to: widths[column])
            }
            return ([label.padded(to: labelWidth)] + padded).joined(separator: " | ")
        }
        lines = withComments(lines)
        edits.append(TextEdit(range: span, replacement: Array(lines.joined(separator: pin.lineEnding + pin.rowIndent).utf8)))
        func replace(_ names: [Name], with wanted: [Name]) {
            guard let first = names.first, let last = names.last else { return }
            let text = wanted.map { pinText($0.text) }.joined(separator: " ")
            if names.map({ key($0.text) }) != wanted.map({ key($0.text) }) {
                edits.append(TextEdit(range: first.range.lowerBound..<last.range.upperBound, replacement: Array(text.utf8)))
            }
        }
        replace(pinned.states, with: matrix.states)
        replace(pinned.actions, with: matrix.actions)
        if let initial = pinned.initial, let wanted = matrix.initial, key(initial.text) != key(wanted.text) {
            edits.append(TextEdit(range: initial.range, replacement: Array(pinText(wanted.text).utf8)))
        }
        if key(pinned.machine.text) != key(pinText(machineName)), !pinned.machine.range.isEmpty {
            edits.append(TextEdit(range: pinned.machine.range, replacement: Array(pinText(machineName).utf8)))
        }
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (edit, next) in zip(sorted, sorted.dropFirst()) where edit.range.upperBound > next.range.lowerBound { return nil }
        return Diagnostic.Fix(edits: sorted, applicability: .unsafe)
    }
}

extension String {
    /// Padded with spaces to `width` display columns (never cut).
    func padded(to width: Int) -> String {
        let own = DisplayWidth.of(self)
        return own >= width ? self : self + String(repeating: " ", count: width - own)
    }
}
