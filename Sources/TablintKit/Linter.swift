import Dispatch

/// The pure entry point: a file in, its diagnostics out, sorted.
public enum Linter {
    /// What linting one file on its own gives: its diagnostics, its summary for the checks
    /// that need the whole run (`CrossFileCheck`), and its inline suppressions, applied once
    /// the run's diagnostics are all known (`finish`).
    public struct FileAnalysis: Equatable {
        public var diagnostics: [Diagnostic]
        public var summary: FileSummary
        public var suppressions: InlineSuppressions
        public var settings: LintSettings
        /// The file's tokens, kept only when asked (`--fix` proves its edits against them).
        var tokens: [Token] = []

        public init(
            diagnostics: [Diagnostic], summary: FileSummary,
            suppressions: InlineSuppressions = InlineSuppressions(), settings: LintSettings = .default
        ) {
            self.diagnostics = diagnostics
            self.summary = summary
            self.suppressions = suppressions
            self.settings = settings
        }
    }

    /// Lints one file as a run of its own: its per-file diagnostics and the cross-file checks
    /// over it alone, configured and suppressed.
    public static func lint(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, settings: LintSettings = .default
    ) -> [Diagnostic] {
        let analysis = analyze(file, rules: rules, settings: settings)
        return finish(analysis, crossFile: CrossFileCheck.check([analysis.summary], rules: rules))
    }

    public static func lint(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String>
    ) -> [Diagnostic] {
        lint(file, rules: rules, settings: LintSettings(extraDispatcherFunctions: extraDispatcherFunctions))
    }

    /// The per-file half of linting: every enabled rule's diagnostics for this file (sorted),
    /// the file's summary and its suppressions. A run calls this for each file in parallel,
    /// then `CrossFileCheck` once, then `finish` for each file.
    public static func analyze(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, settings: LintSettings = .default
    ) -> FileAnalysis {
        analyze(file, rules: rules, settings: settings, keepingTokens: false)
    }

    static func analyze(
        _ file: SourceFile, rules: [Rule], settings: LintSettings, keepingTokens: Bool
    ) -> FileAnalysis {
        if let encodingProblem = Encoding.check(file) {
            return FileAnalysis(diagnostics: [encodingProblem], summary: .empty(file.path), settings: settings)
        }
        // An ordinary Swift file without a word any reader starts from (most of a code base)
        // skips the readers: the rules see the same empty findings either way.
        let context = Prefilter.isEnabled && Prefilter.canSkipReaders(file.bytes, kind: file.kind)
            ? LintContext(withoutReaders: file, settings: settings) : LintContext(file: file, settings: settings)
        let enabled = rules.filter { settings.isEnabled($0.code) }
        var analysis = FileAnalysis(
            diagnostics: check(context, enabled).sortedForOutput(), summary: context.summary,
            suppressions: context.suppressions, settings: settings)
        if keepingTokens { analysis.tokens = context.tokens }
        return analysis
    }

    /// Every rule's diagnostics. For a big matrix, the format plan is worked out on a second
    /// core while the rules that do not read it run; then the rules that do. `concurrentPerform`
    /// runs both halves on the calling thread when no other is free, so it never waits on a
    /// thread pool that is busy (as a run's own workers would keep it).
    static func check(_ context: LintContext, _ rules: [Rule]) -> [Diagnostic] {
        let readers = rules.filter(\.readsFormatPlan)
        guard !readers.isEmpty, context.plansConcurrently else { return rules.flatMap { $0.check(context) } }
        let others = rules.filter { !$0.readsFormatPlan }
        var early: [Diagnostic] = []
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            // Each half writes only its own result (the plan goes to the context's locked cache).
            if half == 0 { _ = context.formatPlan } else { early = others.flatMap { $0.check(context) } }
        }
        return early + readers.flatMap { $0.check(context) }
    }

    public static func analyze(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String>
    ) -> FileAnalysis {
        analyze(file, rules: rules, settings: LintSettings(extraDispatcherFunctions: extraDispatcherFunctions))
    }

    /// A file's final diagnostics: its own and the cross-file ones reported at it, with the
    /// configuration applied (disabled rules dropped, severities set), then its inline
    /// suppressions (which may add `tablint::unused-suppression`), sorted.
    public static func finish(_ analysis: FileAnalysis, crossFile: [Diagnostic]) -> [Diagnostic] {
        let configured = analysis.settings.applied(to: analysis.diagnostics + crossFile)
        let kept = analysis.suppressions.apply(to: configured, path: analysis.summary.path)
        return analysis.settings.applied(to: kept).sortedForOutput()
    }
}
