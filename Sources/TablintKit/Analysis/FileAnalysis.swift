import Dispatch

/// How much reading an analysis does. The shortcuts skip what provably finds nothing (the
/// prefilter's skipped files, readers whose starting token is absent, dispatcher headers of
/// functions without a `switch`); `.everything` runs every reader over every token, for the
/// differential tests that prove the shortcuts change no finding.
enum ReaderPolicy: Equatable {
    case shortcuts
    case everything
}

/// What analysing one file on its own gives: its diagnostics, its summary for the checks
/// that need the whole run (`CrossFileCheck`), and its inline suppressions, applied once the
/// run's diagnostics are all known (`Engine.finish`).
struct FileAnalysis: Equatable {
    var diagnostics: [Diagnostic]
    var summary: FileSummary
    var suppressions: InlineSuppressions
    var settings: LintSettings
    /// The file's tokens, kept only when asked (`--fix` proves its edits against them).
    var tokens: [Token] = []
    /// Whether the file may declare an `enum` or a `Cells` protocol that `summary` does not
    /// hold yet: nothing in the file asked for them (`DeclarationReading.whenAsked`), so the
    /// workspace reads them only once something in the run does.
    var declarationsDeferred = false
    /// For a Swift file with nothing for the cross-file step: which names it writes after a `.`,
    /// as hashes, so a run can tell without its bytes whether it may refer to a case a removal
    /// or rename would take away (`Workspace.searchReferencesToGoingNames`, which makes it the
    /// first time it asks; `.notMade` until then). Nil otherwise.
    var memberNames: MemberNameIndex?

    init(
        diagnostics: [Diagnostic], summary: FileSummary,
        suppressions: InlineSuppressions = InlineSuppressions(), settings: LintSettings = .default
    ) {
        self.diagnostics = diagnostics
        self.summary = summary
        self.suppressions = suppressions
        self.settings = settings
    }
}

extension Engine {
    /// The per-file half of an analysis: every enabled rule's diagnostics for this file
    /// (sorted), the file's summary and its suppressions. A workspace calls this for each
    /// document (in parallel), then the cross-file step once, then `finish` for each document.
    /// `context` receives the file's `LintContext` when the caller keeps it (the language
    /// server's open documents, for hover and definition); nil when the prefilter skipped it.
    /// `implementations` false: no `Cells` implementation is read (the run has no rule that asks
    /// what a machine does: `Workspace.readsCellsImplementations`).
    static func analyze(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, settings: LintSettings = .default,
        readers: ReaderPolicy = .shortcuts, keepingTokens: Bool = false, declarations: LintContext.DeclarationReading = .read,
        implementations: Bool = true, context kept: ((LintContext) -> Void)? = nil
    ) -> FileAnalysis {
        if let encodingProblem = Encoding.check(file) {
            return FileAnalysis(diagnostics: [encodingProblem], summary: .empty(file.path), settings: settings)
        }
        // An ordinary Swift file without a word any reader starts from (most of a code base)
        // skips the readers: the rules see the same empty findings either way. One that only
        // declares (`enum`, `Cells`) skips them too when its declarations may wait.
        let need = readers == .shortcuts ? Prefilter.need(file.bytes, kind: file.kind) : .matrices
        let deferring = readers == .shortcuts && declarations == .whenAsked
        let skips = need == .nothing || (need == .declarations && deferring)
        let context = LintContext(
            file: file, settings: settings, readers: skips ? .none : readers == .shortcuts ? .triggered : .all,
            declarations: deferring ? .whenAsked : .read, implementations: implementations)
        kept?(context)
        let enabled = rules.filter { settings.isEnabled($0.code) }
        var analysis = FileAnalysis(
            diagnostics: check(context, enabled).sortedForOutput(), summary: context.summary,
            suppressions: context.suppressions, settings: settings)
        if keepingTokens { analysis.tokens = context.tokens }
        if file.kind.isSwift, analysis.summary.holdsNothing {
            analysis.memberNames = .notMade
        }
        analysis.declarationsDeferred = deferring && (need == .declarations || context.declarationsDeferred)
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

    /// A file's final diagnostics: its own and the cross-file ones reported at it, with the
    /// configuration applied (disabled rules dropped, severities set), then its inline
    /// suppressions (which may add `tablint::unused-suppression`), sorted.
    static func finish(_ analysis: FileAnalysis, crossFile: [Diagnostic]) -> [Diagnostic] {
        let configured = analysis.settings.applied(to: analysis.diagnostics + crossFile)
        let kept = analysis.suppressions.apply(to: configured, path: analysis.summary.path)
        return analysis.settings.applied(to: kept).sortedForOutput()
    }
}
