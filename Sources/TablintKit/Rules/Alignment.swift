/// `tablint::alignment`: a matrix whose columns are not columns. Checked where alignment is
/// the author's intent (`*.tb.swift` files, `.tbl` fixtures, `.tbl` text in Swift string
/// literals), never in the `Table`/`@Row` matrices of ordinary `.swift` files, which general
/// formatters own. `tablint --fix` aligns them.
struct Alignment: Rule {
    let code = "tablint::alignment"
    let readsFormatPlan = true
    let defaultSeverity = Severity.error
    let summary = "A matrix's columns are not aligned; `tablint --fix` aligns them."
    var isFixable: Bool { true }

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        // One diagnostic per matrix, at its first line, carrying the matrix's edits: a
        // directive above the matrix holds all of it, and a suppressed diagnostic's edits are
        // not applied. A column header's placement is `tablint::header-labels`' (a warning):
        // the cells are the matrix. `Linter` puts the diagnostics in order.
        context.formatPlan.misaligned.filter { $0.surface != Formatter.headerLabelsSurface }.map { run in
            // A note at the first line that moves, when it is not the anchor's: that is where
            // the mistake is.
            let file = context.file
            let movesElsewhere = file.location(of: run.firstMove).line != file.location(of: run.anchor.lowerBound).line
            var found = diagnostic(
                context, at: run.anchor,
                "the columns of these \(run.surface) are not aligned (\(run.changedRows) of \(run.rows) lines would move); run `tablint --fix` to align them",
                notes: movesElsewhere ? [context.note(at: run.firstMove, "the first line that moves")] : [])
            found.fix = Diagnostic.Fix(edits: run.edits, subject: run.extent.isEmpty ? nil : run.extent)
            return found
        }
    }
}
