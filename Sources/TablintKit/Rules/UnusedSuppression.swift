/// `tablint::unused-suppression`: a `tablint:` directive comment that cannot be read, names a
/// code tablint does not know, ends no `disable`, or suppresses nothing. A stale suppression
/// would silently hide the next real problem on its line, so it is reported like one.
/// `InlineSuppressions.apply` produces these warnings once the file's diagnostics are known
/// (`Engine.finish`); the rule itself checks nothing per file.
struct UnusedSuppression: Rule {
    let code = "tablint::unused-suppression"
    let defaultSeverity = Severity.warning
    let summary = "A `tablint:` directive comment is malformed, names an unknown code, or suppresses nothing."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { [] }
}
