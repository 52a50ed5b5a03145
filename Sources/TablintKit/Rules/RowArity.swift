/// `tabular-center::row-arity`: cells are matched to actions by position, so a row with a cell
/// too few or too many shifts every later cell onto the wrong action (and traps at run time).
struct RowArity: Rule {
    let code = "tabular-center::row-arity"
    let defaultSeverity = Severity.error
    let summary = "A row has more or fewer cells than there are actions."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix in
            matrix.rows.enumerated().compactMap { index, row -> Diagnostic? in
                guard row.isReadable, row.cells.count != matrix.actions.count else { return nil }
                return diagnostic(
                    context, at: row.range,
                    "row \(matrix.rowLabel(index)) has \(row.cells.count) cells, expected \(matrix.actions.count). Expected columns: \(matrix.actionList)",
                    notes: [context.note(at: matrix.actionsRange.lowerBound, "the actions are declared here")])
            }
        }
    }
}
