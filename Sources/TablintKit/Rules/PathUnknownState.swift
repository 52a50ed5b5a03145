/// `tabular-center::path-unknown-state`: a path names a state (at an even position), an action
/// (at an odd position) or a `back:` action that the machine does not declare, so the path
/// describes a route that does not exist.
struct PathUnknownState: Rule {
    let code = "tabular-center::path-unknown-state"
    let defaultSeverity = Severity.error
    let summary = "An `@Path` names a state or action that is not declared."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.reading.matrices.flatMap { matrix in
            matrix.paths.flatMap { path -> [Diagnostic] in
                var found: [Diagnostic] = []
                for (position, element) in path.spine.enumerated() {
                    if position % 2 == 0, matrix.stateIndex(element.text) == nil {
                        found.append(diagnostic(
                            context, at: element.range,
                            "path `\(path.name.text)` names state `\(element.text)`, which is not declared. States: \(matrix.stateList)"))
                    } else if position % 2 == 1, matrix.actionIndex(element.text) == nil {
                        found.append(diagnostic(
                            context, at: element.range,
                            "path `\(path.name.text)` names action `\(element.text)`, which is not declared. Actions: \(matrix.actionList)"))
                    }
                }
                if let back = path.back, matrix.actionIndex(back.text) == nil {
                    found.append(diagnostic(
                        context, at: back.range,
                        "path `\(path.name.text)` walks back by `\(back.text)`, which is not a declared action. Actions: \(matrix.actionList)"))
                }
                return found
            }
        }
    }
}
