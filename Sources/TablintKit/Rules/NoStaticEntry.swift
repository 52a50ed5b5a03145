/// `tabular-center::no-static-entry`: in a matrix of only static cells (IGNORE, GO, EMIT), a
/// state other than the initial one that no GO targets can never be entered. Any dynamic cell
/// might go there, so the lint applies to fully static matrices only. An EMIT stays where it
/// is and a GO from a state to itself is a stay too (reference §4.1: "EMIT and self-stay do
/// not count"), so neither is a way in. Without an initial state the start of a run is
/// unknown, and no state is called unreachable.
struct NoStaticEntry: Rule {
    let code = "tabular-center::no-static-entry"
    let defaultSeverity = Severity.warning
    let summary = "In a matrix of only static cells, a state other than the initial one that no GO enters."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).flatMap { matrix -> [Diagnostic] in
            guard let initial = matrix.initial,
                matrix.rows.allSatisfy({ $0.cells.allSatisfy { $0.kind.isStatic && !$0.isPathDerived } })
            else { return [] }
            var entered: Set<String> = [matrix.key(initial.text)]
            for (index, row) in matrix.rows.enumerated() {
                let from = matrix.key(matrix.states[index].text)
                for cell in row.cells {
                    if case .go(let target, _, _) = cell.kind, matrix.key(target.text) != from {
                        entered.insert(matrix.key(target.text))
                    }
                }
            }
            return matrix.states.filter { !entered.contains(matrix.key($0.text)) }.map { state in
                diagnostic(context, at: state.range, MatrixLint.message(
                    matrix, "nothing can transition into `\(state.text)`; every cell in this matrix is static, so it is genuinely unreachable"))
            }
        }
    }
}

extension Cell {
    /// A `GO(to)` an `@Path` derived from a cell written `HANDLE` (its target spans the whole
    /// cell): as written the cell is dynamic, and the library's static lints do not apply.
    var isPathDerived: Bool {
        if case .go(let target, _, _) = kind { return target.range == range }
        return false
    }
}
