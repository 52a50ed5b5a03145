/// `tablint::unformattable`: a file `tablint --fix` refuses to touch, because it cannot read it
/// with confidence (an unterminated construct, merge-conflict markers, a matrix it cannot
/// split into rows and cells). Failure is refusal: such a file is left byte for byte as it is.
/// Reported for the files `--fix` would align: `*.tb.swift`, `.tbl`, and Swift files with an
/// embedded `.tbl` fixture.
struct Unformattable: Rule {
    let code = "tablint::unformattable"
    let readsFormatPlan = true
    let defaultSeverity = Severity.error
    let summary = "`tablint --fix` cannot align this file with confidence, so it leaves it untouched."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        // The file is refused as a whole: one diagnostic, at the first reason.
        // A matrix left alone while the rest of the file is aligned: a warning at most, as
        // `tablint::unreadable-matrix` already says why it cannot be read.
        let skipped = context.formatPlan.skipped.map { skip -> Diagnostic in
            var found = diagnostic(context, at: skip.range, "`tablint --fix` leaves this matrix as it is (and aligns the rest of the file): \(skip.message)")
            found.severity = .warning
            return found
        }
        let rowsLeft = context.formatPlan.rowsLeft.map { left -> Diagnostic in
            var found = diagnostic(context, at: left.range, "`tablint --fix` leaves this row as written (and aligns the matrix's other rows): \(left.message)")
            found.severity = .warning
            return found
        }
        let refusals = context.formatPlan.refusals
        guard let first = refusals.first else { return skipped + rowsLeft }
        let more = refusals.count == 1 ? "" : " (and \(refusals.count - 1) more \(refusals.count == 2 ? "place" : "places"))"
        return [diagnostic(context, at: first.range, "`tablint --fix` leaves this file untouched: \(first.message)\(more)")]
    }
}
