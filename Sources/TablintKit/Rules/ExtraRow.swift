/// `tabular-center::extra-row`: a row past the last state belongs to no state; it is usually a
/// state that was deleted from `states:` but not from `cells:`, or a duplicated row.
public struct ExtraRow: Rule {
    public let code = "tabular-center::extra-row"
    public let defaultSeverity = Severity.error
    public let summary = "There are more rows than states; the extra rows belong to no state."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            guard matrix.rows.count > matrix.states.count else { return [] }
            return (matrix.states.count..<matrix.rows.count).map { index in
                let row = matrix.rows[index]
                let which = row.label.map { "row `\($0.text)`" } ?? "row \(index + 1)"
                return diagnostic(
                    context, at: row.label?.range ?? row.range,
                    "\(which) does not correspond to a declared state; `states` declares \(matrix.states.count). States: \(matrix.stateList)",
                    notes: [context.note(at: matrix.statesRange.lowerBound, "the states are declared here")])
            }
        }
    }
}
