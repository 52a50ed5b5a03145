import Foundation
@testable import TablintKit

/// Files run through the one workspace and engine, as the command line runs them: the tests'
/// only way to lint or fix, so that what they check is what users get.
enum TestRun {
    /// One file linted as a run of its own: its final diagnostics (cross-file checks over it
    /// alone, configured and suppressed).
    static func lint(
        _ file: SourceFile, rules: [Rule] = RuleRegistry.all, settings: LintSettings = .default,
        readers: ReaderPolicy = .shortcuts
    ) -> [Diagnostic] {
        var workspace = Workspace(rules: rules, readers: readers)
        workspace.update([Engine.Document(path: file.path, bytes: file.bytes, settings: settings)])
        return workspace.diagnostics(for: file.path)
    }

    static func lint(_ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String>) -> [Diagnostic] {
        lint(file, rules: rules, settings: LintSettings(extraDispatcherFunctions: extraDispatcherFunctions))
    }

    static func analyze(_ file: SourceFile, rules: [Rule] = RuleRegistry.all, extraDispatcherFunctions: Set<String>) -> FileAnalysis {
        Engine.analyze(file, rules: rules, settings: LintSettings(extraDispatcherFunctions: extraDispatcherFunctions))
    }

    /// What linting files read by `read` gives, as the command line lints them.
    struct Outcome: Equatable {
        var diagnostics: [Diagnostic]
        var lintedFileCount: Int
        var failures: [PathFailure]
    }

    static func lintFiles(
        _ files: [String], jobs: Int, read: @escaping FileIO.FileReader = FileIO.readFile,
        settings: @escaping (String) -> LintSettings = { _ in .default }
    ) -> Outcome {
        var workspace = Workspace()
        let failures = workspace.update(paths: files, settings: settings, jobs: jobs, read: read)
        let diagnostics = workspace.diagnostics()
        return Outcome(
            diagnostics: workspace.paths.flatMap { diagnostics[$0] ?? [] }.sortedForOutput(),
            lintedFileCount: workspace.count, failures: failures)
    }

    static func lintFiles(
        _ files: [String], jobs: Int, read: @escaping FileIO.FileReader = FileIO.readFile, extraDispatcherFunctions: Set<String>
    ) -> Outcome {
        lintFiles(files, jobs: jobs, read: read, settings: { _ in LintSettings(extraDispatcherFunctions: extraDispatcherFunctions) })
    }

    /// The outcome of fixing one file as `--fix` would.
    enum FixOutcome: Equatable {
        case unchanged
        case fixed([UInt8])
        /// The formatter cannot read it with confidence: where, and what it could not read.
        case refused([Refusal])
        /// A fix failed its proof (or the file did not settle).
        case internalError(String)
    }

    static func fix(_ file: SourceFile, settings: LintSettings = .default) -> FixOutcome {
        if file.kind != .other {
            let refusals = Formatter.plan(file, settings: settings).refusals
            if !refusals.isEmpty { return .refused(refusals) }
        }
        let result = Engine.run([Engine.Document(path: file.path, bytes: file.bytes, settings: settings)], mode: .fix)
        guard let only = result.files.first else { return .unchanged }
        if let failure = only.failure { return .internalError(failure) }
        return only.fixed.map { .fixed($0) } ?? .unchanged
    }

    /// `tablint ARGUMENTS` run in process from `folder` (relative paths as a user types them).
    static func command(_ arguments: [String], in folder: URL) -> (status: Int32, stdout: String, stderr: String) {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }
}
