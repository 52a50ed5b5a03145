/// The command's `--fix`, `--diff` and standard-input paths.
extension Tablint {
    static func runFix<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: Options, _ walk: FileWalker.Walk, _ selection: Selection, stdout: inout Output, stderr: inout Errors,
        read: @escaping Runner.FileReader, write: @escaping Runner.FileWriter
    ) -> Int32 {
        let mode: Runner.FixMode = options.diff ? .diff : .write
        let outcome = Runner.fix(
            selection.files, mode: mode, jobs: options.jobs, read: read, write: write, settings: selection.settings)
        let refusals = outcome.diagnostics.filter { $0.code == Unformattable().code }
        if mode == .diff {
            stdout.write(outcome.diff)
            stderr.write(TextReporter.render(refusals))
        } else {
            report(outcome.diagnostics, options, sources: { try? read($0).get() }, stdout: &stdout, stderr: &stderr)
        }
        let failures = walk.failures + outcome.failures
        for failure in failures {
            stderr.write("tablint: error: \(failure.message)\n")
        }
        for error in outcome.errors {
            stderr.write("tablint: error: \(error)\n")
        }
        let verb = mode == .diff ? "would be aligned" : "aligned"
        let count = outcome.changed.count
        if !options.quiet {
            stderr.write("\(count) \(count == 1 ? "file" : "files") \(verb); "
                + TextReporter.summary(of: mode == .diff ? refusals : outcome.diagnostics, fileCount: outcome.lintedFileCount) + "\n")
        }
        if !failures.isEmpty || !outcome.errors.isEmpty { return ExitStatus.failure.rawValue }
        if mode == .diff {
            return count > 0 || !refusals.isEmpty ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
        }
        return exitStatus(for: outcome.diagnostics, failed: false, options).rawValue
    }

    /// `-`: standard input, linted as `--stdin-filename` with that path's configuration; with
    /// `--fix` the text (fixed, or as it came when there is nothing to fix or it cannot be
    /// fixed) goes to standard output and the diagnostics to standard error. A name the
    /// configuration excludes is not linted (and `--fix` hands the text back unchanged).
    static func runStandardInput<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: Options, _ configurations: ConfigurationLookup, _ bytes: @autoclosure () -> [UInt8],
        stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        guard options.paths == ["-"] else {
            stderr.write("tablint: error: '-' (standard input) cannot be combined with other paths\n")
            return ExitStatus.failure.rawValue
        }
        guard let name = options.stdinFilename else {
            stderr.write("tablint: error: reading standard input needs --stdin-filename PATH, to know what kind of file it is\n")
            return ExitStatus.failure.rawValue
        }
        let configuration: Configuration
        switch configurations.configuration(for: name) {
        case .success(let found): configuration = found
        case .failure(let failure):
            stderr.write(failure.message + "\n")
            return ExitStatus.failure.rawValue
        }
        let input = SourceFile(path: name, bytes: bytes())
        if !configurations.selects(name, configuration) {
            if options.fix {
                guard let text = String(validatingUTF8Bytes: input.bytes) else {
                    stderr.write("tablint: error: \(name): standard input is not UTF-8 text; nothing was written\n")
                    return ExitStatus.failure.rawValue
                }
                stdout.write(text)
            }
            if !options.quiet { stderr.write("\(name) is excluded by the configuration; not linted\n") }
            return ExitStatus.clean.rawValue
        }
        var result = input
        var internalError: String?
        let settings = configurations.settings(for: name, configuration)
        switch Formatter.fix(input, settings: settings) {
        case .fixed(let fixed) where options.fix || options.diff:
            result = SourceFile(path: name, bytes: fixed)
        case .internalError(let message):
            internalError = "internal error: \(name): \(message); the input was not changed"
        default:
            break
        }
        let diagnostics = Linter.lint(options.diff ? input : result, settings: settings)
        if options.fix {
            // Only text that survives as a String byte for byte: never hand back repaired bytes.
            let text = String(decoding: result.bytes, as: UTF8.self)
            guard Array(text.utf8) == result.bytes else {
                stderr.write("tablint: error: \(name): standard input is not UTF-8 text; nothing was written\n")
                return ExitStatus.failure.rawValue
            }
            stdout.write(text)
            // The fixed text owns standard output; the report goes to standard error.
            var reportText = ""
            var statisticsText = ""
            report(diagnostics, options, sources: { $0 == name ? result.bytes : nil }, stdout: &reportText, stderr: &statisticsText)
            stderr.write(reportText + statisticsText)
        } else if options.diff {
            stdout.write(UnifiedDiff.render(path: name, before: input.bytes, after: result.bytes))
            stderr.write(TextReporter.render(diagnostics.filter { $0.code == Unformattable().code }))
        } else {
            report(diagnostics, options, sources: { $0 == name ? result.bytes : nil }, stdout: &stdout, stderr: &stderr)
        }
        if let internalError { stderr.write("tablint: error: \(internalError)\n") }
        if !options.quiet { stderr.write(TextReporter.summary(of: diagnostics, fileCount: 1) + "\n") }
        if internalError != nil { return ExitStatus.failure.rawValue }
        if options.diff {
            return result.bytes != input.bytes || diagnostics.contains { $0.code == Unformattable().code }
                ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
        }
        return exitStatus(for: diagnostics, failed: false, options).rawValue
    }
}
