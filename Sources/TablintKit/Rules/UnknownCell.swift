/// `tabular-center::unknown-cell`: a cell that is not one of the six constructors (or one
/// written with the wrong arguments). Swift would not compile it, and a matrix reader cannot
/// say what the cell means.
struct UnknownCell: Rule {
    let code = "tabular-center::unknown-cell"
    let defaultSeverity = Severity.error
    let summary = "A cell is not one of `.ignore`, `.handle`, `.unreachable`, `.go`, `.emit`, `.delegate`."

    init() {}

    static let expected =
        "Expected one of: .ignore, .handle, .unreachable, .go(target:effects:), .emit(effects:), .delegate(child:)."

    func check(_ context: LintContext) -> [Diagnostic] {
        // A `.tbl` cell that is not a cell is a `tablint::fixture-syntax` problem, reported by
        // the fixture reader in the library parser's words (`IGNORE`, not `.ignore`).
        context.matrices.filter { $0.surface != .fixture }.flatMap { matrix in
            matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().compactMap { column, cell -> Diagnostic? in
                    guard case .unknown(let written, let reason) = cell.kind else { return nil }
                    if matrix.surface == .machineEnum {
                        // The `@Machine` syntax reader's own wording: `@Row(.idle): …`.
                        let prefix = row.label.map { "@Row(.\($0.text))" } ?? "@Row"
                        return diagnostic(context, at: cell.range, "\(prefix): \(reason ?? "expected a cell, found `\(written)`")")
                    }
                    let shown = written.count > 60 ? String(written.prefix(57)) + "..." : written
                    let where_ = "row \(matrix.rowLabel(rowIndex)), column \(matrix.columnLabel(column))"
                    let why = reason.map { ": \($0)" } ?? ""
                    return diagnostic(context, at: cell.range, "`\(shown)` in \(where_) is not a cell\(why). \(Self.expected)")
                }
            }
        }
    }
}
