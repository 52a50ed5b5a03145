/// A check: a file's context in, diagnostics out. Rules never touch the filesystem and never
/// print; they compose by concatenation in `RuleRegistry.all`.
protocol Rule {
    /// The full code printed in brackets, e.g. `tabular-center::row-arity` or `tablint::syntax`.
    var code: String { get }
    var defaultSeverity: Severity { get }
    /// One line for `tablint rules` and the README.
    var summary: String { get }
    /// Whether `tablint --fix` repairs what the rule reports (default: no).
    var isFixable: Bool { get }
    /// Whether `check` reads `context.formatPlan` (default: no). For a big matrix the plan is
    /// worked out on a second core while the rules that do not read it run.
    var readsFormatPlan: Bool { get }
    func check(_ context: LintContext) -> [Diagnostic]
}

extension Rule {
    /// Whether `tablint --fix` repairs what the rule reports. Rules are not fixable unless
    /// they say so.
    var isFixable: Bool { false }

    var readsFormatPlan: Bool { false }

    /// The code without its namespace: `row-arity`. `Rules/<name>.md` documents it.
    var name: String {
        Self.bareName(code)
    }

    /// `tabular-center::row-arity` → `row-arity`; a name without a namespace is returned as is.
    static func bareName(_ code: String) -> String {
        guard let colon = code.lastIndex(of: ":") else { return code }
        return String(code[code.index(after: colon)...])
    }

    /// A diagnostic of this rule at a byte range of the context's file.
    func diagnostic(
        _ context: LintContext, at range: Range<Int>, _ message: String,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            path: context.file.path,
            start: context.file.location(of: range.lowerBound),
            end: context.file.location(of: range.upperBound),
            severity: defaultSeverity, message: message, code: code, notes: notes)
    }
}

extension Rule {
    /// The problems the readers filed under this rule's code, as diagnostics: for rules whose
    /// finding is a reader's ("cannot read this literal"), not a property of a read matrix.
    func reportReadProblems(_ context: LintContext) -> [Diagnostic] {
        context.reading.problems.filter { $0.code == code }.map { diagnostic(context, at: $0.range, $0.message) }
    }
}
