/// `tablint::unreadable-matrix`: a `Table(...)` literal tablint cannot read with confidence
/// (a name that is not a string literal, a row built by code). It is reported rather than
/// skipped silently, and nothing else in it is checked, because a guess could be wrong.
struct UnreadableMatrix: Rule {
    let code = "tablint::unreadable-matrix"
    let defaultSeverity = Severity.warning
    let summary = "A matrix literal holds something other than literals, so tablint cannot check it."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
