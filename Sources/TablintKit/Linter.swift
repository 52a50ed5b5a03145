/// The pure entry point: a file in, its diagnostics out, sorted.
public enum Linter {
    /// What linting one file on its own gives: its diagnostics, and its summary for the checks
    /// that need the whole run (`CrossFileCheck`).
    public struct FileAnalysis: Equatable {
        public var diagnostics: [Diagnostic]
        public var summary: FileSummary

        public init(diagnostics: [Diagnostic], summary: FileSummary) {
            self.diagnostics = diagnostics
            self.summary = summary
        }
    }

    /// Lints one file as a run of its own: its per-file diagnostics and the cross-file checks
    /// over it alone.
    public static func lint(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String> = []
    ) -> [Diagnostic] {
        let analysis = analyze(file, rules: rules, extraDispatcherFunctions: extraDispatcherFunctions)
        return (analysis.diagnostics + CrossFileCheck.check([analysis.summary], rules: rules)).sortedForOutput()
    }

    /// The per-file half of linting: every rule's diagnostics for this file (sorted), and the
    /// file's summary. A run calls this for each file in parallel, then `CrossFileCheck` once.
    public static func analyze(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String> = []
    ) -> FileAnalysis {
        if let encodingProblem = Encoding.check(file) {
            return FileAnalysis(diagnostics: [encodingProblem], summary: .empty(file.path))
        }
        let context = LintContext(file: file, extraDispatcherFunctions: extraDispatcherFunctions)
        return FileAnalysis(diagnostics: rules.flatMap { $0.check(context) }.sortedForOutput(), summary: context.summary)
    }
}
