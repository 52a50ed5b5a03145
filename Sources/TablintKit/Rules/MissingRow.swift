/// `tabular-center::missing-row`: rows belong to states by position, so a state without a row
/// has no behaviour at all, and the library refuses the table.
public struct MissingRow: Rule {
    public let code = "tabular-center::missing-row"
    public let defaultSeverity = Severity.error
    public let summary = "A declared state has no row (rows are matched to states by position)."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.tables.matrices.flatMap { matrix -> [Diagnostic] in
            guard matrix.rows.count < matrix.states.count else { return [] }
            // Point where the missing row belongs: just before the `]` closing `cells:`.
            let end = matrix.rowsRange.upperBound - 1
            return matrix.states[matrix.rows.count...].map { state in
                diagnostic(
                    context, at: end..<(end + 1),
                    "state `\(state.text)` has no row. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                    notes: [context.note(at: state.range.lowerBound, "`\(state.text)` is declared here")])
            }
        }
    }
}
