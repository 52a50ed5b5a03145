/// `tabular-center::unknown-state`: `initial` or a GO target names a state that is not declared,
/// so the machine would start in, or move to, a state with no row.
struct UnknownState: Rule {
    let code = "tabular-center::unknown-state"
    let defaultSeverity = Severity.error
    let summary = "`initial` or a GO target names a state that is not declared."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            let note = context.note(at: matrix.statesRange.lowerBound, "the states are declared here")
            var found: [Diagnostic] = []
            let states = matrix.stateLookup
            if let initial = matrix.initial, !states.contains(initial.text) {
                found.append(diagnostic(
                    context, at: initial.range,
                    "initial state `\(initial.text)` is not declared. States: \(matrix.stateList)", notes: [note]))
            }
            for rowIndex in matrix.rows.indices {
                for column in matrix.rows[rowIndex].cells.indices {
                    guard case .go(let target, _, _) = matrix.rows[rowIndex].cells[column].kind, !states.contains(target.text) else { continue }
                    found.append(diagnostic(
                        context, at: target.range,
                        "cell \(matrix.cellLabel(row: rowIndex, column: column)) transitions to `\(target.text)`, which is not a declared state. States: \(matrix.stateList)",
                        notes: [note]))
                }
            }
            return found
        }
    }
}
