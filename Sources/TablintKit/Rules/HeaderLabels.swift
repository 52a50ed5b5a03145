/// `tablint::header-labels`: a column header (a `//` line directly above a matrix's first row,
/// at least half of whose words are action names) that does not name the actions in order, or
/// whose labels are not over their columns. A reviewer reads the header to know which column
/// is which, so a stale header misleads. `--fix` places a matching header's labels over their
/// cells; a header with wrong words is never moved (which label belongs where is not known).
struct HeaderLabels: Rule {
    let code = "tablint::header-labels"
    let readsFormatPlan = true
    let defaultSeverity = Severity.warning
    let summary = "A column-header comment above a matrix does not name its actions in order, or its labels are not over their columns."
    var isFixable: Bool { true }

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        let stale = context.reading.matrices.compactMap { matrix -> Diagnostic? in
            guard let header = HeaderComment.find(matrix, file: context.file, pieces: context.tokens),
                !header.matchesActions
            else { return nil }
            let written = header.labels.map(\.text).joined(separator: " ")
            return diagnostic(
                context, at: header.range,
                "the column header `\(written)` does not name the actions of `\(matrix.machine.text)` in order (\(matrix.actionList)): \(header.problems.joined(separator: "; ")); fix the labels, as tablint --fix leaves them where they are",
                notes: [context.note(at: matrix.actionsRange.lowerBound, "the actions are declared here")])
        }
        // Placement is planned with the alignment, as the labels go where the cells will be.
        let plan = context.formatPlan
        let placed = plan.misaligned.filter { $0.surface == Formatter.headerLabelsSurface }.map { run -> Diagnostic in
            var found = diagnostic(
                context, at: run.anchor,
                "the column header's labels are not over their columns (\(run.detail)); `tablint --fix` places them")
            found.fix = Diagnostic.Fix(edits: run.edits, subject: run.extent.isEmpty ? nil : run.extent)
            return found
        }
        return stale + placed
    }
}
