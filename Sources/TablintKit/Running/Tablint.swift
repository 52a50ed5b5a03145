import Foundation

/// The whole command: arguments in, text on two streams and an exit status out.
/// `Sources/tablint/main.swift` only wires it to the process; tests call it directly.
public enum Tablint {
    public static let version = "0.1.0"

    enum ExitStatus: Int32 {
        /// No error-severity diagnostic (warnings and notes do not count).
        case clean = 0
        /// At least one error-severity diagnostic.
        case errorsReported = 1
        /// A usage error, or a path that does not exist or cannot be read. Wins over 1.
        case failure = 2
    }

    /// Runs tablint. `arguments` excludes the program name. Diagnostics go to `stdout`;
    /// tablint's own error lines and the summary go to `stderr`.
    /// The `tablint` command: its arguments, its standard output and error, whether standard
    /// output is a terminal, and the environment; the exit status.
    public static func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors, stdoutIsTerminal: Bool, environment: [String: String]
    ) -> Int32 {
        run(arguments: arguments, stdout: &stdout, stderr: &stderr, read: FileIO.readFile, stdoutIsTerminal: stdoutIsTerminal,
            environment: environment)
    }

    static func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: @escaping FileIO.FileReader = FileIO.readFile,
        write: FileIO.FileWriter = .disk,
        standardInput: () -> [UInt8] = FileIO.readStandardInput,
        currentDirectory: String = ConfigurationLookup.currentDirectory(),
        stdoutIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) -> Int32 {
        do {
            return try runCommand(
                arguments: arguments, stdout: &stdout, stderr: &stderr, read: read, write: write, standardInput: standardInput,
                currentDirectory: currentDirectory, stdoutIsTerminal: stdoutIsTerminal, environment: environment)
        } catch let failure as CommandFailure {
            failure.print(stdout: &stdout, stderr: &stderr)
            return failure.status.rawValue
        } catch {
            // The front ends throw only `CommandFailure`; anything else is a defect, still
            // reported as a failure rather than a crash.
            let failure = CommandFailure("internal error: \(error)")
            failure.print(stdout: &stdout, stderr: &stderr)
            return failure.status.rawValue
        }
    }

    /// The command itself: its exit status, or the `CommandFailure` that stopped it.
    private static func runCommand<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: @escaping FileIO.FileReader, write: FileIO.FileWriter, standardInput: () -> [UInt8],
        currentDirectory: String, stdoutIsTerminal: Bool, environment: [String: String]
    ) throws -> Int32 {
        if let first = arguments.first, subcommands.contains(first) {
            return try runSubcommand(arguments, stdout: &stdout, stderr: &stderr)
        }
        var options: Options
        do {
            options = try OptionParser.parse(arguments)
        } catch {
            var failure = CommandFailure((error as? UsageError)?.message ?? "\(error)", hint: "Run 'tablint --help' for usage.")
            // `--fix -` with a bad option (`--stdin-filename ''` for an unnamed buffer): an
            // editor filter still gets its text back.
            if arguments.contains("--fix"), arguments.contains("-") { failure.handedBack = standardInput() }
            throw failure
        }
        if options.showHelp {
            stdout.write(OptionParser.helpText)
            return ExitStatus.clean.rawValue
        }
        if options.showVersion {
            stdout.write("\(version)\n")
            return ExitStatus.clean.rawValue
        }

        options.fixCommand = TextReporter.fixCommand(environment: environment)
        options.color = usesColor(noColor: options.noColor, isTerminal: stdoutIsTerminal, environment: environment)

        if options.fix && options.diff {
            throw CommandFailure("--fix and --diff cannot be used together")
        }
        if let conflict = conflictingOptions(options) {
            throw CommandFailure(conflict, hint: "Run 'tablint --help' for usage.")
        }
        let configurations = ConfigurationLookup(options: options, currentDirectory: currentDirectory, read: read)
        if options.printConfig {
            return try printConfiguration(options, configurations, stdout: &stdout)
        }
        if options.showFiles, options.paths == ["-"], let name = options.stdinFilename {
            // Standard input would be linted as its name, unless that name is excluded.
            switch configurations.configuration(for: name) {
            case .success(let configuration):
                if configurations.selects(name, configuration) { stdout.write(name + "\n") }
                return ExitStatus.clean.rawValue
            case .failure(let failure):
                throw failure.commandFailure
            }
        }
        if options.paths.contains("-") {
            return try runStandardInput(options, configurations, standardInput, stdout: &stdout, stderr: &stderr)
        }

        let walk = FileWalker().collect(options.paths)
        if !walk.missing.isEmpty {
            throw CommandFailure(messages: walk.missing.map { "no such file or directory: \($0)" })
        }

        let selection: Selection
        switch select(walk, options, configurations) {
        case .success(let selected): selection = selected
        case .failure(let failure): throw failure.commandFailure
        }
        if options.showFiles {
            for file in selection.files.sorted(by: FileWalker.byteOrder) { stdout.write(file + "\n") }
            for failure in walk.failures { writeError(failure.message, to: &stderr) }
            return walk.failures.isEmpty ? ExitStatus.clean.rawValue : ExitStatus.failure.rawValue
        }
        return runFiles(options, walk, selection, stdout: &stdout, stderr: &stderr, read: read, write: write)
    }

    /// `--fix -` that cannot run: standard input goes back to standard output as it came, so
    /// a filter never replaces a buffer with nothing.
    static func handBack<Output: TextOutputStream, Errors: TextOutputStream>(
        _ input: [UInt8], to stdout: inout Output, stderr: inout Errors
    ) {
        writeBytes(input, to: &stdout, stderr: &stderr)
        stderr.write("tablint: standard input is handed back unchanged\n")
    }

    /// The files a run lints, and each one's settings.
    struct Selection {
        var files: [String]
        var settingsByFile: [String: LintSettings]

        /// For the workspace: a file's settings (every selected file has some).
        var settings: (String) -> LintSettings {
            let table = settingsByFile
            return { table[$0] ?? .default }
        }
    }

    /// What a subcommand (`export`, `paths`, `scaffold`, `migrate`) reads for its PATHs: walked
    /// and selected as a lint of them is, `.tablint` globs and each file's settings applied, so
    /// every front end sees the same files. A missing path or an unusable configuration is a
    /// failure; the walk's other failures (an unreadable folder) are the caller's to report.
    static func subcommandFiles(_ paths: [String]) throws -> (walk: FileWalker.Walk, selection: Selection) {
        let walk = FileWalker().collect(paths)
        if !walk.missing.isEmpty { throw CommandFailure(messages: walk.missing.map { "no such file or directory: \($0)" }) }
        switch select(walk, Options(), ConfigurationLookup(options: Options(), currentDirectory: ConfigurationLookup.currentDirectory())) {
        case .success(let selection): return (walk, selection)
        case .failure(let failure): throw failure.commandFailure
        }
    }

    /// Applies each file's configuration: files found in folders are skipped when their
    /// include/exclude globs say so, files named explicitly only with `--force-exclude`.
    static func select(_ walk: FileWalker.Walk, _ options: Options, _ configurations: ConfigurationLookup) -> Result<Selection, ConfigurationLookup.Failure> {
        var selection = Selection(files: [], settingsByFile: [:])
        for file in walk.files {
            let configuration: Configuration
            switch configurations.configuration(for: file) {
            case .success(let found): configuration = found
            case .failure(let failure): return .failure(failure)
            }
            let filtered = options.forceExclude || !walk.namedFiles.contains(file)
            if filtered && !configurations.selects(file, configuration) { continue }
            selection.files.append(file)
            selection.settingsByFile[file] = configurations.settings(for: file, configuration)
        }
        return .success(selection)
    }

    /// `--print-config [path ...]`: the configuration of each path (the current directory if
    /// none), in the configuration file's own syntax.
    static func printConfiguration<Output: TextOutputStream>(
        _ options: Options, _ configurations: ConfigurationLookup, stdout: inout Output
    ) throws -> Int32 {
        var first = true
        for given in options.paths.isEmpty ? ["."] : options.paths {
            let path = try configurationPath(of: given, options)
            let isFolder = FileStatus.of(path, followingSymlinks: true).map(\.isDirectory) == .success(true)
            let found = isFolder ? configurations.configuration(forFolder: path) : configurations.configuration(for: path)
            switch found {
            case .success(let configuration):
                if !first { stdout.write("\n") }
                first = false
                let selected = isFolder || configurations.selects(path, configuration)
                stdout.write(configuration.printed(for: path, selected: selected))
            case .failure(let failure):
                throw failure.commandFailure
            }
        }
        return ExitStatus.clean.rawValue
    }

    /// Colour only on a terminal, and never with `--no-color` or a non-empty `NO_COLOR`
    /// (no-color.org), on a terminal that says it has no colours (`TERM=dumb`), or inside
    /// Emacs' compilation mode (`INSIDE_EMACS=29.3,compile`), which runs the command on a
    /// pseudo-terminal but reads file names and severities from the bare text.
    static func usesColor(noColor: Bool, isTerminal: Bool, environment: [String: String]) -> Bool {
        guard !noColor, isTerminal, (environment["NO_COLOR"] ?? "").isEmpty, environment["TERM"] != "dumb" else { return false }
        let emacs = (environment["INSIDE_EMACS"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return !emacs.contains("compile")
    }

    /// Prints a run's diagnostics as `options` ask: the reporter on standard output, then
    /// `--statistics` (on standard error for a machine-readable reporter).
    static func report<Output: TextOutputStream, Errors: TextOutputStream>(
        _ diagnostics: [Diagnostic], _ options: Options, sources: @escaping SourceLookup,
        unsafeApplicable: @escaping (String) -> Bool, stdout: inout Output, stderr: inout Errors
    ) {
        let shown = options.quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        // Only SARIF needs the bytes (to count columns in UTF-16).
        stdout.write(options.reporter.render(shown, color: options.color, sources: sources, isApplicable: { diagnostic in
            diagnostic.fix.map { $0.applicability == .safe || unsafeApplicable(diagnostic.path) } ?? false
        }))
        if options.statistics {
            // Asked for, they count every diagnostic found, also those `--quiet` does not print.
            let statistics = TextReporter.statistics(of: diagnostics)
            if options.reporter.isForPeople { stdout.write(statistics) } else { stderr.write(statistics) }
        }
    }

    /// 2 if a path could not be read, else 1 if any diagnostic is an error, else 0.
    static func exitStatus(for diagnostics: [Diagnostic], failed: Bool) -> ExitStatus {
        if failed { return .failure }
        return diagnostics.contains { $0.severity == .error } ? .errorsReported : .clean
    }

    /// As above, with `--strict` (warnings fail too) and `--exit-zero` (only 2 is kept).
    static func exitStatus(for diagnostics: [Diagnostic], failed: Bool, _ options: Options) -> ExitStatus {
        if failed { return .failure }
        if options.exitZero { return .clean }
        let failing: Set<Severity> = options.strict ? [.error, .warning] : [.error]
        return diagnostics.contains { failing.contains($0.severity) } ? .errorsReported : .clean
    }
}

/// Standard output or standard error as a `TextOutputStream`, unbuffered: each `write` is one
/// write to the file descriptor (tablint writes its report in a few large pieces).
public struct StandardStream: ByteOutputStream {
    private let handle: FileHandle

    public static var output: StandardStream { StandardStream(handle: .standardOutput) }
    public static var error: StandardStream { StandardStream(handle: .standardError) }

    public mutating func write(_ string: String) {
        guard !string.isEmpty else { return }
        // A path that is not UTF-8 is printed as its bytes (`PathBytes`).
        handle.write(Data(PathBytes.bytes(string)))
    }

    mutating func write(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        handle.write(Data(bytes))
    }
}
