/// `tabular-center::extra-row`: a row that belongs to no state: one past the last state (rows
/// of a `Table` are positional), one naming an undeclared state, or a second row for a state.
/// It is usually a state deleted from the declaration but not from the rows.
struct ExtraRow: Rule {
    let code = "tabular-center::extra-row"
    let defaultSeverity = Severity.error
    let summary = "A row belongs to no declared state (past the last state, undeclared, or a second row)."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            let note = context.note(at: matrix.statesRange.lowerBound, "the states are declared here")
            guard matrix.hasLabelledRows else {
                guard matrix.rows.count > matrix.states.count else { return [] }
                return (matrix.states.count..<matrix.rows.count).map { index in
                    diagnostic(
                        context, at: matrix.rows[index].range,
                        "row \(index + 1) does not correspond to a declared state; `states` declares \(matrix.states.count). States: \(matrix.stateList)",
                        notes: [note])
                }
            }
            // A state declared twice may have two rows; that is duplicate-name's to report.
            var allowed: [String: Int] = [:]
            var firstRow: [String: Name] = [:]
            for state in matrix.states { allowed[matrix.key(state.text), default: 0] += 1 }
            let states = matrix.stateLookup
            return matrix.rows.compactMap { row -> Diagnostic? in
                guard let label = row.label else { return nil }
                guard states.contains(label.text) else {
                    return diagnostic(
                        context, at: label.range,
                        "row `\(label.text)` does not correspond to a declared state. States: \(matrix.stateList)", notes: [note])
                }
                let key = matrix.key(label.text)
                allowed[key, default: 0] -= 1
                if firstRow[key] == nil { firstRow[key] = label }
                guard allowed[key]! >= 0 else {
                    return diagnostic(
                        context, at: label.range,
                        "row `\(label.text)` is a second row for state `\(label.text)`. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                        notes: firstRow[key].map { [context.note(at: $0.range.lowerBound, "the first row for `\($0.text)` is here")] } ?? [])
                }
                return nil
            }
        }
    }
}
