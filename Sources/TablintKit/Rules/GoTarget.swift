/// `tabular-center::go-target`: a static GO into a state that carries a payload, with no
/// literal arguments to build it from. The generated code cannot make that state; the cell
/// must be HANDLE (code builds the payload) or supply literal arguments.
struct GoTarget: Rule {
    let code = "tabular-center::go-target"
    let defaultSeverity = Severity.error
    let summary = "A GO into a state with a payload, without literal arguments to build it."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        // Only an `@Machine` enum declares payloads next to its cells; payloads supplied to a
        // `.tbl` or `Table` (as the library's adapters do) travel with run-time values instead.
        zip(context.matrices, context.reading.matrices).filter { $0.0.surface == .machineEnum }.flatMap { matrix, written -> [Diagnostic] in
            let carriers = Set(matrix.payloads.map { matrix.key($0.state) })
            guard !carriers.isEmpty else { return [] }
            return matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().compactMap { column, cell -> Diagnostic? in
                    guard case .go(let target, _, nil) = cell.kind, carriers.contains(matrix.key(target.text)) else { return nil }
                    // A HANDLE on a path hop became this GO: point at the hop, or "use HANDLE" would puzzle.
                    let notes = written.rows[rowIndex].cells[column].kind == .handle
                        ? Self.derivation(of: rowIndex, column, in: written).map {
                            context.note(at: $0.range.lowerBound, "\($0.why), which makes the HANDLE at (\(matrix.rowName(rowIndex) ?? ""), \(matrix.actions[column].text)) a GO to `\(target.text)`")
                        }.map { [$0] } ?? []
                        : []
                    return diagnostic(
                        context, at: target.range,
                        "cell \(matrix.cellLabel(row: rowIndex, column: column)) uses GO to `\(target.text)`, which carries a payload that cannot be derived from a literal. Use HANDLE, or supply literal arguments.",
                        notes: notes)
                }
            }
        }
    }

    /// The path hop (or `back:` action) that turned the HANDLE at (row, column) into a GO.
    static func derivation(of row: Int, _ column: Int, in matrix: Matrix) -> (range: Range<Int>, why: String)? {
        for path in matrix.paths {
            for hop in matrix.hops(of: path) ?? [] {
                if hop.from == row, hop.action == column {
                    return (hop.range, "path `\(path.name.text)` hops from `\(matrix.states[hop.from].text)` by `\(matrix.actions[hop.action].text)` here")
                }
                if let back = path.back, hop.to == row, matrix.actionIndex(back.text) == column {
                    return (back.range, "path `\(path.name.text)` walks back by `\(back.text)` here")
                }
            }
        }
        return nil
    }
}
