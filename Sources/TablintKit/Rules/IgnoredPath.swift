/// `tablint::ignored-path`: an `@Path` the library drops without a word (inside the enum body,
/// with an interpolated name, with a spine that is not an array literal, or a spine element
/// that is not a case). The author believes the path is checked; it is not.
public struct IgnoredPath: Rule {
    public let code = MachineEnumReader.ignoredPathCode
    public let defaultSeverity = Severity.warning
    public let summary = "An `@Path` (or part of one) that the library silently ignores."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
