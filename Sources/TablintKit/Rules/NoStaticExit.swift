/// `tabular-center::no-static-exit`: no cell of a row is a GO (to any state, itself included)
/// or dynamic (HANDLE, DELEGATE, UNREACHABLE), so nothing can move the machine out of that
/// state: only IGNORE and EMIT. A row of IGNORE alone is `dead-row` instead.
struct NoStaticExit: Rule {
    let code = "tabular-center::no-static-exit"
    let defaultSeverity = Severity.warning
    let summary = "No cell in a row is a GO or dynamic, so the state can never be left."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).flatMap { matrix in
            matrix.rows.indices.filter { index in
                let cells = matrix.rows[index].cells
                return !cells.allSatisfy(\.kind.isIgnore) && !cells.contains(where: \.kind.mayLeave)
            }.map { index in
                diagnostic(context, at: matrix.rowAnchor(index), MatrixLint.message(
                    matrix, "no cell in row `\(matrix.states[index].text)` can leave it statically; confirm this state is meant to be terminal"))
            }
        }
    }
}
