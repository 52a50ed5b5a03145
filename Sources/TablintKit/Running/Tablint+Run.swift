import Foundation

/// A run of files or of standard input, through the one `Engine`: this layer reads what the
/// engine is given and writes what it returns (files in place, the fixed text or the diff on
/// standard output), and nothing else.
extension Tablint {
    /// What the command asks of the engine's result.
    enum RunMode {
        case lint, fix, diff

        init(_ options: Options) {
            self = options.fix ? .fix : options.diff ? .diff : .lint
        }

        var engineMode: Engine.Mode { self == .lint ? .report : .fix }
    }

    /// Files: read in parallel, one engine run, then the report, the writes or the diff.
    static func runFiles<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: Options, _ walk: FileWalker.Walk, _ selection: Selection, stdout: inout Output, stderr: inout Errors,
        read: @escaping FileIO.FileReader, write: FileIO.FileWriter
    ) -> Int32 {
        let mode = RunMode(options)
        let (outcome, readFailures) = analyse(selection, mode, options, read: read)
        let documents = outcome.files
        let failures = walk.failures + readFailures
        var errors: [String] = []
        var diagnostics: [Diagnostic] = []
        // With `--diff`, what a lint of the same files reports: the summary counts these.
        var linted: [Diagnostic] = []
        var bytesByPath: [String: [UInt8]] = [:]
        var changed = 0
        var diff = ""
        // The fixes of one run are planned together (a case, its arms and its requirement in three
        // files): when one file cannot be written, none is.
        var blocked: [String] = []
        if mode == .fix {
            for file in outcome.files where file.fixed != nil {
                if let refusal = write.refusal(file.path) { blocked.append(file.path); errors.append(refusal) }
            }
        }
        for file in outcome.files {
            guard let fixed = file.fixed else {
                diagnostics += file.diagnostics
                linted += file.diagnostics
                bytesByPath[file.path] = file.original
                continue
            }
            switch mode {
            case .lint:
                diagnostics += file.diagnostics
                bytesByPath[file.path] = file.original
            case .diff:
                changed += 1
                diff += UnifiedDiff.render(path: file.path, before: file.original, after: fixed)
                diagnostics += file.diagnostics
                linted += file.originalDiagnostics
            case .fix:
                var written = false
                if !blocked.isEmpty {
                    if !blocked.contains(file.path) {
                        errors.append("\(file.path): not written, as \(blocked.count == 1 ? blocked[0] + " cannot be" : "\(blocked.count) files of the run cannot be") written and the fixes of one run are written together; the file is unchanged")
                    }
                    diagnostics += file.originalDiagnostics
                    bytesByPath[file.path] = file.original
                    continue
                }
                switch write.write(file.path, fixed, file.original) {
                case .written:
                    written = true
                case .changedOnDisk:
                    errors.append("\(file.path): changed on disk since it was read; not written")
                case .failed(let error):
                    errors.append("cannot write \(file.path): \(error.reason); the file is unchanged")
                case .refused(let message):
                    errors.append(message)
                }
                if written { changed += 1 }
                diagnostics += written ? file.diagnostics : file.originalDiagnostics
                bytesByPath[file.path] = written ? fixed : file.original
            }
        }
        diagnostics = diagnostics.sortedForOutput()
        let unsafeApplicable = selection.unsafeApplicable(options)
        // What `--fix` would leave untouched: a refusal, and a file that is not UTF-8 text.
        let refusals = diagnostics.filter { $0.code == Unformattable().code || $0.code == Encoding().code }
        if mode == .diff {
            stdout.write(diff)
            stderr.write(TextReporter.render(refusals))
        } else {
            report(diagnostics, options, sources: { bytesByPath[$0] }, unsafeApplicable: unsafeApplicable, stdout: &stdout, stderr: &stderr)
        }
        for failure in failures { writeError(failure.message, to: &stderr) }
        for error in errors { writeError(error, to: &stderr) }
        if !options.quiet {
            let files = "\(changed) \(changed == 1 ? "file" : "files")"
            let prefix = mode == .fix ? "\(files) fixed; " : mode == .diff ? "\(files) would be fixed; " : ""
            let counted = mode == .diff ? linted : diagnostics
            stderr.write(prefix + TextReporter.summary(of: counted, fileCount: documents.count)
                + (mode == .diff ? "" : TextReporter.fixSummary(
                    of: diagnostics, unsafeApplicable: { unsafeApplicable($0.path) },
                    fixCommand: options.fixCommand)) + "\n")
        }
        if !failures.isEmpty || !errors.isEmpty { return ExitStatus.failure.rawValue }
        if mode == .diff {
            // An error the fix leaves (one no fix can remove) fails as a lint would.
            let remains = exitStatus(for: diagnostics, failed: false, options) == .errorsReported
            return changed > 0 || !refusals.isEmpty || remains ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
        }
        return exitStatus(for: diagnostics, failed: false, options).rawValue
    }

    /// The run's workspace, read file by file (each file's bytes dropped once it is analysed,
    /// unless `--fix` or `--diff` may rewrite it or the reporter needs them), then: its
    /// diagnostics, or the proven fixes of the files that have one to apply, or come to have one
    /// as the others are fixed. A file whose only fix is a cross-file one is read again for it.
    static func analyse(
        _ selection: Selection, _ mode: RunMode, _ options: Options, read: @escaping FileIO.FileReader
    ) -> (Engine.Outcome, [PathFailure]) {
        // A rule every selected file disables is not in the run at all.
        var workspace = Workspace(rules: Workspace.rules(RuleRegistry.all, enabledInAnyOf: selection.settingsByFile.values))
        let keeping: Workspace.Keeping = mode == .lint ? (options.reporter.needsSources ? .bytes : []) : .whenFixable
        var failures = workspace.update(
            paths: selection.files, settings: selection.settings, keeping: keeping, jobs: options.jobs, read: read)
        var diagnostics = workspace.diagnostics()
        var results: [String: Engine.FileResult] = [:]
        var fixing: [Engine.Document] = []
        let unsafeApplicable = selection.unsafeApplicable(options)
        for path in workspace.paths {
            let found = diagnostics[path] ?? []
            let fixable = found.contains { diagnostic in
                diagnostic.fix.map { $0.applicability == .safe || unsafeApplicable(path) } ?? false
            }
            if mode != .lint, fixable {
                switch workspace.bytes(of: path).map(Result.success) ?? read(path) {
                case .success(let bytes):
                    fixing.append(Engine.Document(path: path, bytes: bytes, settings: workspace.settings(of: path) ?? .default))
                    continue
                case .failure(let error):
                    failures.append(PathFailure(path: path, error: error))
                }
            }
            results[path] = Engine.FileResult(
                path: path, original: workspace.bytes(of: path) ?? [], fixed: nil, diagnostics: found,
                originalDiagnostics: found, failure: nil, appliedFixes: 0)
        }
        var changed: [String: FileSummary] = [:]
        // `joining`: a file the others' fixes give a fix of its own is fixed in this run too.
        for result in Engine.fix(fixing, in: workspace, unsafeFixes: options.unsafeFixes, joining: true, jobs: options.jobs) {
            results[result.path] = result
            if result.fixed != nil, let summary = result.summary { changed[result.path] = summary }
        }
        // The other files' cross-file diagnostics, against the fixed files as they now read.
        if !changed.isEmpty {
            diagnostics = workspace.diagnostics(replacing: changed)
            for (path, found) in diagnostics where results[path]?.fixed == nil && results[path]?.summary == nil {
                results[path]?.diagnostics = found
                results[path]?.originalDiagnostics = found
            }
        }
        return (Engine.Outcome(files: workspace.paths.compactMap { results[$0] }), failures)
    }

    /// `-`: standard input, linted as `--stdin-filename` with that path's configuration.
    ///
    /// With `--fix`, standard output always carries a text: the fixed one, or the input byte
    /// for byte when no fixed text can be produced, whatever the reason (it is not UTF-8, a
    /// configuration line is bad, the file is refused, excluded, or a fix fails its proof); the
    /// reason and the diagnostics go to standard error. With `--diff`, standard output carries
    /// the diff or nothing; a failure is reported on standard error with status 2.
    static func runStandardInput<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: Options, _ configurations: ConfigurationLookup, _ readInput: () -> [UInt8],
        stdout: inout Output, stderr: inout Errors
    ) throws -> Int32 {
        let mode = RunMode(options)
        guard options.paths == ["-"] else {
            var failure = CommandFailure("'-' (standard input) cannot be combined with other paths")
            if mode == .fix { failure.handedBack = readInput() }
            throw failure
        }
        guard let name = options.stdinFilename else {
            var failure = CommandFailure("reading standard input needs --stdin-filename PATH, to know what kind of file it is")
            if mode == .fix { failure.handedBack = readInput() }
            throw failure
        }
        let input = readInput()
        let configuration: Configuration
        switch configurations.configuration(for: name) {
        case .success(let found): configuration = found
        case .failure(let failure):
            // The input goes back (with `--fix`); the failure says why nothing else could be produced.
            if mode == .fix { writeBytes(input, to: &stdout, stderr: &stderr) }
            throw failure.commandFailure(adding: mode == .fix ? "; standard input is handed back unchanged" : "")
        }
        if !configurations.selects(name, configuration) {
            if mode == .fix { writeBytes(input, to: &stdout, stderr: &stderr) }
            if !options.quiet { stderr.write("\(name) is excluded by the configuration; not linted\n") }
            return ExitStatus.clean.rawValue
        }
        let document = Engine.Document(path: name, bytes: input, settings: configurations.settings(for: name, configuration))
        guard let result = Engine.run([document], mode: mode.engineMode, unsafeFixes: options.unsafeFixes).files.first else {
            if mode == .fix { writeBytes(input, to: &stdout, stderr: &stderr) }
            throw CommandFailure("internal error: \(name): the run gave no result")
        }
        let unsafeApplicable: (String) -> Bool = { _ in options.unsafeFixes || configuration.settings.unsafeFixes }
        let diagnostics = result.diagnostics
        let output = result.fixed ?? input
        let isUTF8 = String(validatingUTF8Bytes: input) != nil
        var status = exitStatus(for: diagnostics, failed: false, options)
        switch mode {
        case .fix:
            writeBytes(output, to: &stdout, stderr: &stderr)
            // The text owns standard output; the report goes to standard error.
            var reportText = ""
            var statisticsText = ""
            report(diagnostics, options, sources: { $0 == name ? output : nil }, unsafeApplicable: unsafeApplicable,
                   stdout: &reportText, stderr: &statisticsText)
            stderr.write(reportText + statisticsText)
            if !isUTF8 {
                writeError("\(name): standard input is not UTF-8 text; it is handed back unchanged", to: &stderr)
                status = .failure
            } else if let failure = result.failure {
                writeError("\(name): \(failure); standard input is handed back unchanged", to: &stderr)
                if status == .clean { status = .errorsReported }
            }
        case .diff:
            let refusals = diagnostics.filter { $0.code == Unformattable().code || $0.code == Encoding().code }
            stderr.write(TextReporter.render(refusals))
            if !isUTF8 || !refusals.isEmpty {
                throw CommandFailure("\(name): no diff can be produced; nothing was printed")
            }
            let diff = UnifiedDiff.render(path: name, before: input, after: output)
            stdout.write(diff)
            // An error the fix leaves (one no fix can remove) fails as a lint would.
            status = diff.isEmpty && status == .clean ? .clean : .errorsReported
        case .lint:
            report(diagnostics, options, sources: { $0 == name ? input : nil }, unsafeApplicable: unsafeApplicable,
                   stdout: &stdout, stderr: &stderr)
        }
        if !options.quiet {
            // With `--diff`, what a lint of the same input reports.
            stderr.write(TextReporter.summary(of: mode == .diff ? result.originalDiagnostics : diagnostics, fileCount: 1)
                + (mode == .diff ? "" : TextReporter.fixSummary(
                    of: diagnostics, unsafeApplicable: { unsafeApplicable($0.path) },
                    fixCommand: options.fixCommand)) + "\n")
        }
        return status.rawValue
    }

    /// Writes `bytes` as they are: through a stream that takes bytes (standard output does),
    /// or as text when they are UTF-8. Never repaired: bytes a stream cannot carry are not
    /// written, and standard error says so.
    static func writeBytes<Output: TextOutputStream, Errors: TextOutputStream>(
        _ bytes: [UInt8], to stream: inout Output, stderr: inout Errors
    ) {
        if var raw = stream as? ByteOutputStream {
            raw.write(bytes: bytes)
            if let back = raw as? Output { stream = back }
        } else if let text = String(validatingUTF8Bytes: bytes) {
            stream.write(text)
        } else {
            writeError("this output cannot carry bytes that are not UTF-8; nothing was written to it", to: &stderr)
        }
    }
}

/// An output stream that can take bytes that are not text.
protocol ByteOutputStream: TextOutputStream {
    mutating func write(bytes: [UInt8])
}

extension Tablint.Selection {
    /// Whether `--fix` applies (and the report counts) unsafe fixes for a file: with
    /// `--unsafe-fixes` on the command line or in the file's `.tablint`.
    func unsafeApplicable(_ options: Options) -> (String) -> Bool {
        let table = settingsByFile
        let everywhere = options.unsafeFixes
        return { everywhere || table[$0]?.unsafeFixes == true }
    }
}
