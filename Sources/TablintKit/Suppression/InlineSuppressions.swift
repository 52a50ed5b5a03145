/// The `// tablint:disable …` comments of one file. Placeholder: reads none, suppresses nothing.
public struct InlineSuppressions: Equatable {
    public init() {}

    public static func read(_ context: LintContext) -> InlineSuppressions { InlineSuppressions() }

    /// The file's diagnostics (its own and the cross-file ones at it) without the suppressed
    /// ones, plus `tablint::unused-suppression` warnings.
    public func apply(to diagnostics: [Diagnostic], path: String) -> [Diagnostic] { diagnostics }
}
