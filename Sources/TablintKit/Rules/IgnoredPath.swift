/// `tablint::ignored-path`: an `@Path` the library drops without a word (inside the enum body,
/// with an interpolated name, with a spine that is not an array literal, or a spine element
/// that is not a case). The author believes the path is checked; it is not.
struct IgnoredPath: Rule {
    let code = MachineEnumReader.ignoredPathCode
    let defaultSeverity = Severity.warning
    let summary = "An `@Path` (or part of one) that the library silently ignores."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
