/// `tabular-center::path-unterminated`: a path ends where the machine is done; if its last
/// state's row can still leave (HANDLE, DELEGATE, or GO elsewhere, the `back:` column aside),
/// the path stops in the middle of the route it claims to describe.
struct PathUnterminated: Rule {
    let code = "tabular-center::path-unterminated"
    let defaultSeverity = Severity.error
    let summary = "An `@Path` ends at a state that can still be left."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.reading.matrices.filter(\.rowsMatchStates).flatMap { matrix in
            matrix.paths.compactMap { path -> Diagnostic? in
                guard matrix.hops(of: path) != nil, let last = path.spine.last, let state = matrix.stateIndex(last.text)
                else { return nil }
                let back = path.back.flatMap { matrix.actionIndex($0.text) }
                let exit = matrix.rows[state].cells.enumerated().first { column, cell in
                    guard column != back else { return false }
                    switch cell.kind {
                    case .handle, .delegate: return true
                    case .go(let target, _, _): return matrix.key(target.text) != matrix.key(matrix.states[state].text)
                    default: return false
                    }
                }
                guard let (column, cell) = exit else { return nil }
                return diagnostic(
                    context, at: last.range,
                    "path `\(path.name.text)` ends at `\(last.text)`, which can still be left; a path ends where the machine is done",
                    notes: [context.note(at: cell.range.lowerBound, "cell \(matrix.cellLabel(row: state, column: column)) leaves `\(last.text)`")])
            }
        }
    }
}
