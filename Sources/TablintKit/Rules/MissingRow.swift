/// `tabular-center::missing-row`: rows belong to states in declaration order, so a state without
/// a row has no behaviour at all, and a row out of order sits where another state's row belongs.
/// The library refuses both.
public struct MissingRow: Rule {
    public let code = "tabular-center::missing-row"
    public let defaultSeverity = Severity.error
    public let summary = "A declared state has no row, or a row is out of declaration order."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            guard matrix.hasLabelledRows else { return positionalMissing(matrix, context) }
            return outOfOrderRows(matrix, context) + labelledMissing(matrix, context)
        }
    }

    /// A `Table` literal's rows carry no names: the states past the last row have none.
    private func positionalMissing(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        guard matrix.rows.count < matrix.states.count else { return [] }
        return matrix.states[matrix.rows.count...].map { hasNoRow($0, matrix, context) }
    }

    /// Labelled rows (`@Row(.x)`, `.tbl`): every declaration of a state that no row carries.
    /// A state declared twice needs two rows, as the library pairs rows with declarations by
    /// position: the declarations past the rows that name it have none.
    private func labelledMissing(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        var rowsLeft: [String: Int] = [:]
        for row in matrix.rows { if let label = row.label { rowsLeft[matrix.key(label.text), default: 0] += 1 } }
        // A row whose state could not be read might be any state's: claim nothing then.
        guard matrix.rows.allSatisfy({ $0.label != nil }) else { return [] }
        return matrix.states.filter { state in
            let key = matrix.key(state.text)
            guard let left = rowsLeft[key], left > 0 else { return true }
            rowsLeft[key] = left - 1
            return false
        }.map { hasNoRow($0, matrix, context) }
    }

    private func hasNoRow(_ state: Name, _ matrix: Matrix, _ context: LintContext) -> Diagnostic {
        // Point where the missing row belongs: the last byte of the rows (a `Table`'s `]`).
        let end = max(matrix.rowsRange.lowerBound, matrix.rowsRange.upperBound - 1)
        return diagnostic(
            context, at: end..<(end + 1),
            "state `\(state.text)` has no row. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
            notes: [context.note(at: state.range.lowerBound, "`\(state.text)` is declared here")])
    }

    /// A labelled row for a declared state that comes after the row of a state declared later.
    private func outOfOrderRows(_ matrix: Matrix, _ context: LintContext) -> [Diagnostic] {
        var latest: (index: Int, label: Name)?
        var seen = Set<Int>()
        var found: [Diagnostic] = []
        let states = matrix.stateLookup
        for (position, row) in matrix.rows.enumerated() {
            guard let label = row.label, let index = states.index(of: label.text), seen.insert(index).inserted else { continue }
            if let latest, index < latest.index {
                let expected = position < matrix.states.count ? matrix.states[position].text : nil
                let head = expected.flatMap { $0 == label.text ? nil : "row \(position + 1) is `\(label.text)` but `states` says `\($0)`" }
                    ?? "row `\(label.text)` is out of declaration order"
                found.append(diagnostic(
                    context, at: label.range,
                    "\(head): `\(label.text)` is declared before `\(latest.label.text)`, whose row comes first. Every state needs exactly one row, in declaration order. States: \(matrix.stateList)",
                    notes: [context.note(at: matrix.states[index].range.lowerBound, "`\(matrix.states[index].text)` is declared here")]))
            } else {
                latest = (index, label)
            }
        }
        return found
    }
}
