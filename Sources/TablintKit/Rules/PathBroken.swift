/// `tabular-center::path-broken`: a path whose spine is not state, action, state, … (odd, at
/// least three), or one of whose hops the matrix cannot take: the cell `(from, action)` is not
/// HANDLE, DELEGATE or `GO(to)`. The path and the matrix disagree about the machine.
struct PathBroken: Rule {
    let code = "tabular-center::path-broken"
    let defaultSeverity = Severity.error
    let summary = "An `@Path` has the wrong shape, or a hop the matrix cannot take."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.reading.matrices.flatMap { matrix in
            matrix.paths.flatMap { path -> [Diagnostic] in
                let count = path.spine.count
                guard count >= 3, count % 2 == 1 else {
                    return [diagnostic(
                        context, at: path.range,
                        "path `\(path.name.text)` has \(count) element(s); a path alternates state and action, starting and ending with a state, so the count is odd and at least three")]
                }
                guard matrix.rowsMatchStates, let hops = matrix.hops(of: path) else { return [] }
                return hops.compactMap { hop -> Diagnostic? in
                    guard hop.action < matrix.rows[hop.from].cells.count else { return nil }
                    let cell = matrix.rows[hop.from].cells[hop.action]
                    switch cell.kind {
                    case .handle, .delegate: return nil
                    case .go(let target, _, _) where matrix.key(target.text) == matrix.key(matrix.states[hop.to].text): return nil
                    default: break
                    }
                    let from = matrix.states[hop.from].text, action = matrix.actions[hop.action].text
                    return diagnostic(
                        context, at: hop.range,
                        "path `\(path.name.text)` goes `\(from)` -`\(action)`-> `\(matrix.states[hop.to].text)`, and cell (\(from), \(action)) cannot reach `\(matrix.states[hop.to].text)`",
                        notes: [context.note(at: cell.range.lowerBound, "cell (\(from), \(action)) is here")])
                }
            }
        }
    }
}
