/// `tabular-center::ignore-heavy`: 70 % or more of the cells (integer division, as the library
/// computes it) are IGNORE, which usually means several machines share one name.
struct IgnoreHeavy: Rule {
    let code = "tabular-center::ignore-heavy"
    let defaultSeverity = Severity.warning
    let summary = "70 % or more of the cells are IGNORE; the machine may be several machines."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).compactMap { matrix in
            let percent = matrix.count(where: \.isIgnore) * 100 / matrix.cellCount
            guard percent >= MatrixLint.ignoreHeavyPercent else { return nil }
            return diagnostic(context, at: matrix.machine.range, MatrixLint.message(
                matrix, "\(percent)% of cells are IGNORE; consider splitting this machine"))
        }
    }
}
