/// `tabular-center::missing-row`: rows belong to states by position, so a state without a row
/// has no behaviour at all, and the library refuses the table.
public struct MissingRow: Rule {
    public let code = "tabular-center::missing-row"
    public let defaultSeverity = Severity.error
    public let summary = "A declared state has no row (rows are matched to states by position)."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            misplacedRows(matrix, context) + statesWithoutRow(matrix, context)
        }
    }

    /// A labelled row (`@Row(.x)`, a `.tbl` row) whose state is not the state at its position.
    private func misplacedRows(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        matrix.rows.prefix(matrix.states.count).enumerated().compactMap { index, row -> Diagnostic? in
            let expected = matrix.states[index]
            guard let label = row.label, matrix.key(label.text) != matrix.key(expected.text) else { return nil }
            return diagnostic(
                context, at: label.range,
                "row \(index + 1) is `\(label.text)` but `states` says `\(expected.text)`. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                notes: [context.note(at: expected.range.lowerBound, "`\(expected.text)` is declared here")])
        }
    }

    private func statesWithoutRow(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        guard matrix.rows.count < matrix.states.count else { return [] }
        // Point where the missing row belongs: the last byte of the rows (a `Table`'s `]`).
        let end = max(matrix.rowsRange.lowerBound, matrix.rowsRange.upperBound - 1)
        return matrix.states[matrix.rows.count...].map { state in
            diagnostic(
                context, at: end..<(end + 1),
                "state `\(state.text)` has no row. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                notes: [context.note(at: state.range.lowerBound, "`\(state.text)` is declared here")])
        }
    }
}
