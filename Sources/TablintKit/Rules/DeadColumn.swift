/// `tabular-center::dead-column`: every row ignores an action, so it changes nothing anywhere:
/// the action is dead, or a row was missed.
struct DeadColumn: Rule {
    let code = "tabular-center::dead-column"
    let defaultSeverity = Severity.warning
    let summary = "Every row ignores an action; it is dead, or a row was missed."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).flatMap { matrix in
            matrix.actions.indices.filter { column in
                matrix.rows.allSatisfy { $0.cells[column].kind.isIgnore }
            }.map { column in
                diagnostic(context, at: matrix.actions[column].range, MatrixLint.message(
                    matrix, "no state responds to `\(matrix.actions[column].text)`; the action is dead or a row was missed"))
            }
        }
    }
}
