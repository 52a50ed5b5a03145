/// `tabular-center::missing-row`: rows belong to states in declaration order, so a state without
/// a row has no behaviour at all, and a row out of order sits where another state's row belongs.
/// The library refuses both.
struct MissingRow: RunRule {
    let code = "tabular-center::missing-row"
    let defaultSeverity = Severity.error
    let summary = "A declared state has no row, or a row is out of declaration order."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            guard matrix.hasLabelledRows else { return positionalMissing(matrix, context) }
            return outOfOrderRows(matrix, context) + labelledMissing(matrix, context)
        }
    }

    /// A `Table` literal's rows carry no names: with no row at all, every state lacks one.
    /// With some rows, which states lack theirs is told by the machine's other surfaces
    /// (`check(run:)`), where the file's summary holds the literal; a literal with a row
    /// tablint could not read is not summarised, and the states past the last row are named.
    private func positionalMissing(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        guard matrix.rows.count < matrix.states.count else { return [] }
        if !matrix.rows.isEmpty, matrix.rows.allSatisfy(\.isReadable) { return [] }
        return matrix.states[matrix.rows.count...].map { hasNoRow($0, matrix, context) }
    }

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for file in run {
            // `shortTables` also holds tables whose rows are all there, one of the wrong length.
            for bound in file.shortTables where !bound.matrix.rows.isEmpty && bound.matrix.rows.count < bound.matrix.states.count {
                found += missing(bound, file, pairing)
            }
        }
        return found
    }

    /// The states of a short `Table` that lack their rows, named when the enums or a pin say
    /// which; "one of these" when nothing can tell.
    private func missing(_ bound: BoundMatrix, _ file: FileSummary, _ pairing: MachinePairing) -> [Diagnostic] {
        let matrix = bound.matrix
        let deficit = matrix.states.count - matrix.rows.count
        let end = max(matrix.rowsRange.lowerBound, matrix.rowsRange.upperBound - 1)
        var rowless: [Int]?
        var evidence = ""
        if let states = pairing.enums(of: bound, near: file.path).states {
            let cases = Set(states.declaration.cases.map(\.name))
            let absent = matrix.states.indices.filter { !cases.contains(NameCasing.lowerFirst(matrix.states[$0].text)) }
            if absent.count == deficit {
                rowless = absent
                evidence = "`enum \(states.declaration.qualifiedName)` has no case for \(absent.count == 1 ? "it" : "them"), so \(absent.count == 1 ? "it was" : "they were") added to `states:` without \(absent.count == 1 ? "a row" : "rows")"
            }
        }
        if rowless == nil, deficit == 1, let (index, pin) = pinEvidence(bound, pairing) {
            rowless = [index]
            evidence = "the rows match those of \(pin) with this state's left out"
        }
        if rowless == nil, deficit == 1, let (index, dispatcher) = dispatcherEvidence(bound, pairing) {
            rowless = [index]
            evidence = "the rows match the cases of dispatcher `\(dispatcher)` with this state's left out"
        }
        guard let rowless else {
            let statesNote = file.note(at: matrix.statesRange.lowerBound, "the states are declared here")
            return [diagnostic(
                file, at: end..<(end + 1),
                "`states:` lists \(matrix.states.count) states but `cells:` has \(matrix.rows.count) \(matrix.rows.count == 1 ? "row" : "rows"), so \(deficit == 1 ? "a state has" : "\(deficit) states have") no row, one of these: \(matrix.stateList). Rows carry no names, and no pin, enum or dispatcher tells which; the rows after the missing \(deficit == 1 ? "one" : "ones") are read as the next states'. Every state needs exactly one row, in declaration order",
                notes: [statesNote])]
        }
        return rowless.map { index in
            let state = matrix.states[index]
            // Where the row belongs: before the row now read as this state's, else at the end.
            let before = index - rowless.filter { $0 < index }.count
            let at = before < matrix.rows.count ? matrix.rows[before].range.lowerBound..<matrix.rows[before].range.lowerBound + 1 : end..<(end + 1)
            let place = before < matrix.rows.count ? "; its row goes before this one, which is read as `\(matrix.states[index].text)`'s" : ""
            return diagnostic(
                file, at: at,
                "state `\(state.text)` has no row: \(evidence)\(place). Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                notes: [file.note(at: state.range.lowerBound, "`\(state.text)` is declared here")])
        }
    }

    /// The one step dispatcher of the machine whose explicit cases match the rows best with
    /// one state left out.
    private func dispatcherEvidence(_ bound: BoundMatrix, _ pairing: MachinePairing) -> (Int, String)? {
        let matrix = bound.matrix
        let dispatchers = pairing.run.flatMap(\.dispatchers).filter {
            $0.kind == .step && $0.machine.map(MachineKey.normalized) == bound.key
        }
        guard dispatchers.count == 1, let dispatcher = dispatchers.first else { return nil }
        func matches(_ row: Row, _ state: Int) -> Bool {
            guard row.cells.count == matrix.actions.count else { return false }
            for (action, cell) in zip(matrix.actions, row.cells) {
                guard let outcome = DispatcherDrift.explicitOutcome(dispatcher, state: matrix.states[state].text, action: action.text),
                    DispatcherDrift.outcome(outcome, agreesWith: cell.kind)
                else { return false }
            }
            return true
        }
        return best(matrix) { matches($0, $1) }.map { ($0, dispatcher.function.text) }
    }

    /// The state whose leaving out makes the most rows match their states, when one does.
    private func best(_ matrix: Matrix, _ matches: (Row, Int) -> Bool) -> Int? {
        let scores = matrix.states.indices.map { left in
            matrix.rows.indices.filter { matches(matrix.rows[$0], $0 < left ? $0 : $0 + 1) }.count
        }
        guard let top = scores.max(), top > 0, scores.filter({ $0 == top }).count == 1 else { return nil }
        return scores.firstIndex(of: top)
    }

    /// The one pin of the machine whose rows match the table's best with one state left out.
    private func pinEvidence(_ bound: BoundMatrix, _ pairing: MachinePairing) -> (Int, String)? {
        let matrix = bound.matrix
        let pins = pairing.run.flatMap(\.pins).filter { pin in
            MachineKey.normalized(pin.matrix.machine.text) == bound.key
                || (pin.owner != nil && MachinePairing.key(pin.owner) == MachinePairing.key(bound.owner))
        }
        guard pins.count == 1, let pin = pins.first else { return nil }
        var rows: [String: Row] = [:]
        for row in pin.matrix.rows { if let label = row.label { rows[label.text] = row } }
        var column: [String: Int] = [:]
        for (index, action) in pin.matrix.actions.enumerated() { column[action.text] = index }
        func matches(_ row: Row, _ state: Int) -> Bool {
            guard let pinRow = rows[matrix.states[state].text], row.cells.count == matrix.actions.count else { return false }
            for (action, cell) in zip(matrix.actions, row.cells) {
                guard let index = column[action.text], index < pinRow.cells.count,
                    CellsDrift.describe(pinRow.cells[index].kind) == CellsDrift.describe(cell.kind)
                else { return false }
            }
            return true
        }
        let scores = matrix.states.indices.map { left in
            matrix.rows.indices.filter { matches(matrix.rows[$0], $0 < left ? $0 : $0 + 1) }.count
        }
        guard let best = scores.max(), best > 0, scores.filter({ $0 == best }).count == 1, let index = scores.firstIndex(of: best)
        else { return nil }
        return (index, pin.label)
    }

    /// Labelled rows (`@Row(.x)`, `.tbl`): every declaration of a state that no row carries.
    /// A state declared twice needs two rows, as the library pairs rows with declarations by
    /// position: the declarations past the rows that name it have none.
    private func labelledMissing(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        var rowsLeft: [String: Int] = [:]
        for row in matrix.rows { if let label = row.label { rowsLeft[matrix.key(label.text), default: 0] += 1 } }
        // A row whose state could not be read might be any state's: claim nothing then.
        guard matrix.rows.allSatisfy({ $0.label != nil }) else { return [] }
        return matrix.states.filter { state in
            let key = matrix.key(state.text)
            guard let left = rowsLeft[key], left > 0 else { return true }
            rowsLeft[key] = left - 1
            return false
        }.map { hasNoRow($0, matrix, context) }
    }

    private func hasNoRow(_ state: Name, _ matrix: Matrix, _ context: LintContext) -> Diagnostic {
        // Point where the missing row belongs: the last byte of the rows (a `Table`'s `]`).
        let end = max(matrix.rowsRange.lowerBound, matrix.rowsRange.upperBound - 1)
        return diagnostic(
            context, at: end..<(end + 1),
            "state `\(state.text)` has no row. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
            notes: [context.note(at: state.range.lowerBound, "`\(state.text)` is declared here")])
    }

    /// A labelled row for a declared state that comes after the row of a state declared later.
    private func outOfOrderRows(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        var latest: (index: Int, label: Name)?
        var seen = Set<Int>()
        var found: [Diagnostic] = []
        let states = matrix.stateLookup
        for (position, row) in matrix.rows.enumerated() {
            guard let label = row.label, let index = states.index(of: label.text), seen.insert(index).inserted else { continue }
            if let latest, index < latest.index {
                let expected = position < matrix.states.count ? matrix.states[position].text : nil
                let head = expected.flatMap { $0 == label.text ? nil : "row \(position + 1) is `\(label.text)` but `states` says `\($0)`" }
                    ?? "row `\(label.text)` is out of declaration order"
                found.append(diagnostic(
                    context, at: label.range,
                    "\(head): `\(label.text)` is declared before `\(latest.label.text)`, whose row comes first. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                    notes: [context.note(at: matrix.states[index].range.lowerBound, "`\(matrix.states[index].text)` is declared here")]))
            } else {
                latest = (index, label)
            }
        }
        return found
    }
}
