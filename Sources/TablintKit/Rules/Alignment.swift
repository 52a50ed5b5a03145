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
        // A column header's placement is `tablint::header-labels`' (a warning): the cells are the matrix.
        let runs = (plan.misaligned.map { ($0, true) } + plan.held.map { ($0, false) })
            .filter { $0.0.surface != Formatter.headerLabelsSurface }
        return runs.map { run, isFixed in
            var found = diagnostic(
                context, at: run.firstChangedRow,
                "the columns of these \(run.surface) are not aligned (\(run.changedRows) of \(run.rows) lines would move); run `tablint --fix` to align them")
            // The run's own edits: the whole fix is every run's edits plus the directive line.
            // A held run (suppressed by a directive) is reported, so the directive is used,
            // but `--fix` does not move it. `Linter` puts the diagnostics in order.
            if isFixed { found.fix = Diagnostic.Fix(edits: run.edits) }
            return found
        }
    }
}
