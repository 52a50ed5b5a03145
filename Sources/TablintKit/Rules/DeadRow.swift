/// `tabular-center::dead-row`: every cell of a row is IGNORE, so the state answers nothing and
/// is never left. It subsumes `no-static-exit` for that row.
struct DeadRow: Rule {
    let code = "tabular-center::dead-row"
    let defaultSeverity = Severity.warning
    let summary = "Every cell in a row is IGNORE; the state is terminal, meant or not."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).flatMap { matrix in
            matrix.rows.indices.filter { matrix.rows[$0].cells.allSatisfy(\.kind.isIgnore) }.map { index in
                diagnostic(context, at: matrix.rowAnchor(index), MatrixLint.message(
                    matrix, "every cell in row `\(matrix.states[index].text)` ignores; confirm this state is meant to be terminal"))
            }
        }
    }
}
