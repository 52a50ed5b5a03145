/// `tablint::alignment`: a matrix whose columns are not columns. Checked where alignment is
/// the author's intent (`*.tb.swift` files, `.tbl` fixtures, `.tbl` text in Swift string
/// literals), never in the `Table`/`@Row` matrices of ordinary `.swift` files, which general
/// formatters own. `tablint --fix` aligns them.
public struct Alignment: Rule {
    public let code = "tablint::alignment"
    public let defaultSeverity = Severity.error
    public let summary = "A matrix's columns are not aligned; `tablint --fix` aligns them."
    public var isFixable: Bool { true }

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let plan = context.formatPlan
        return (plan.misaligned.map { ($0, true) } + plan.held.map { ($0, false) }).map { run, isFixed in
            var found: Diagnostic
            if run.surface == Formatter.headerLabelsSurface {
                found = diagnostic(context, at: run.firstChangedRow, "the column header's labels are not over their columns; run `tablint --fix` to place them")
            } else {
                found = diagnostic(
                    context, at: run.firstChangedRow,
                    "the columns of these \(run.surface) are not aligned (\(run.changedRows) of \(run.rows) lines would move); run `tablint --fix` to align them")
            }
            // The run's own edits: the whole fix is every run's edits plus the directive line.
            // A held run (suppressed by a directive) is reported, so the directive is used,
            // but `--fix` does not move it. `Linter` puts the diagnostics in order.
            if isFixed { found.fix = Diagnostic.Fix(edits: run.edits) }
            return found
        }
    }
}
