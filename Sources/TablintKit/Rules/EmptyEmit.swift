/// `tabular-center::empty-emit`: an EMIT with no effects stays put and does nothing, which is
/// what IGNORE says; the library rejects it so the matrix says what it means.
struct EmptyEmit: Rule {
    let code = "tabular-center::empty-emit"
    let defaultSeverity = Severity.error
    let summary = "An EMIT cell lists no effects; use IGNORE or HANDLE."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix in
            matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().compactMap { column, cell -> Diagnostic? in
                    guard case .emit(let effects) = cell.kind, effects.isEmpty else { return nil }
                    return diagnostic(
                        context, at: cell.range,
                        "cell \(matrix.cellLabel(row: rowIndex, column: column)) uses EMIT with no effects; use IGNORE or HANDLE")
                }
            }
        }
    }
}
