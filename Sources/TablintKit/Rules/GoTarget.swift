/// `tabular-center::go-target`: a static GO into a state that carries a payload, with no
/// literal arguments to build it from. The generated code cannot make that state; the cell
/// must be HANDLE (code builds the payload) or supply literal arguments.
public struct GoTarget: Rule {
    public let code = "tabular-center::go-target"
    public let defaultSeverity = Severity.error
    public let summary = "A GO into a state with a payload, without literal arguments to build it."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            let carriers = Set(matrix.payloads.map { matrix.key($0.state) })
            guard !carriers.isEmpty else { return [] }
            return matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().compactMap { column, cell -> Diagnostic? in
                    guard case .go(let target, _, nil) = cell.kind, carriers.contains(matrix.key(target.text)) else { return nil }
                    return diagnostic(
                        context, at: target.range,
                        "cell \(matrix.cellLabel(row: rowIndex, column: column)) uses GO to `\(target.text)`, which carries a payload that cannot be derived from a literal. Use HANDLE, or supply literal arguments.")
                }
            }
        }
    }
}
