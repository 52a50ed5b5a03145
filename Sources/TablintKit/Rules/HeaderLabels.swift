/// `tablint::header-labels`: a column header (a `//` line of two or more identifiers directly
/// above a matrix's first row) whose words are not the action names in order. A reviewer reads
/// the header to know which column is which, so a stale header misleads; `--fix` never moves it.
public struct HeaderLabels: Rule {
    public let code = "tablint::header-labels"
    public let defaultSeverity = Severity.warning
    public let summary = "A column-header comment above a matrix does not name its actions in order."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.reading.matrices.compactMap { matrix -> Diagnostic? in
            guard let header = HeaderComment.find(matrix, file: context.file, pieces: context.tokens),
                !header.matchesActions
            else { return nil }
            let written = header.labels.map(\.text).joined(separator: " ")
            return diagnostic(
                context, at: header.range,
                "the column header `\(written)` does not name the actions of `\(matrix.machine.text)` in order (\(matrix.actionList)); fix the labels, as tablint --fix leaves them where they are",
                notes: [context.note(at: matrix.actionsRange.lowerBound, "the actions are declared here")])
        }
    }
}
