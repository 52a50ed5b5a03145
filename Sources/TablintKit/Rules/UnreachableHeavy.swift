/// `tabular-center::unreachable-heavy`: 25 % or more of the cells (integer division) are
/// UNREACHABLE. One or two such claims are what the cell is for; this many says the action
/// alphabet describes a different machine.
struct UnreachableHeavy: Rule {
    let code = "tabular-center::unreachable-heavy"
    let defaultSeverity = Severity.warning
    let summary = "25 % or more of the cells are UNREACHABLE; the action alphabet is probably wrong."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        MatrixLint.lintable(context).compactMap { matrix in
            let count = matrix.count(where: \.isUnreachable)
            let percent = count * 100 / matrix.cellCount
            guard percent >= MatrixLint.unreachableHeavyPercent else { return nil }
            return diagnostic(context, at: matrix.machine.range, MatrixLint.message(
                matrix, "\(count) UNREACHABLE cells (\(percent)% of the matrix); a concentration this high usually means the alphabet is wrong"))
        }
    }
}
