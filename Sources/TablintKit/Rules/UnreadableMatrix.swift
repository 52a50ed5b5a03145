/// `tablint::unreadable-matrix`: a `Table(...)` literal tablint cannot read with confidence
/// (a name that is not a string literal, a row built by code). It is reported rather than
/// skipped silently, and nothing else in it is checked, because a guess could be wrong.
public struct UnreadableMatrix: Rule {
    public let code = "tablint::unreadable-matrix"
    public let defaultSeverity = Severity.warning
    public let summary = "A matrix literal holds something other than literals, so tablint cannot check it."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
