/// `tabular-center::path-duplicate`: a narrowed call site names the path it narrows to, so two
/// paths with one name make that call ambiguous.
struct PathDuplicate: Rule {
    let code = "tabular-center::path-duplicate"
    let defaultSeverity = Severity.error
    let summary = "Two `@Path`s have the same name."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.reading.matrices.flatMap { matrix -> [Diagnostic] in
            var first: [String: Path] = [:]
            return matrix.paths.compactMap { path -> Diagnostic? in
                guard let earlier = first[path.name.text] else {
                    first[path.name.text] = path
                    return nil
                }
                return diagnostic(
                    context, at: path.name.range,
                    "two paths are named `\(path.name.text)`; a narrowed call site names the path it narrows to, so names must be unique",
                    notes: [context.note(at: earlier.name.range.lowerBound, "the first path named `\(path.name.text)` is here")])
            }
        }
    }
}
