/// `tablint migrate`: from a hand-written `switch (state, action)` to the library's shape, a
/// `Table` in a new `*.tb.swift` and the dispatcher, protocol and cells beside the function
/// (`Generating/Migration*.swift`). This side reads the files, prints or writes the result.
extension Tablint {
    enum MigrateOutput: Equatable { case print, diff, write }

    struct MigrateOptions: Equatable {
        var paths: [String] = []
        var function: String?
        var output: MigrateOutput = .print
    }

    static let migrateUsage = """
        USAGE: tablint migrate PATH... [--function NAME] [--diff | --write]

        For each function whose whole body is a `switch (state, action)` over two enums of the
        files given (or one enum taken twice, as in `shouldTransition(from:to:)`), returning the
        state, `Bool` or `Step<S, F>`, and whose machine has no matrix yet: write the matrix as a
        `Table` in `<Machine>.tb.swift` beside it, and rewrite the function into the library's
        dispatcher `step`, a `Cells` protocol and an implementation holding each HANDLE arm's code.
        The function keeps its signature for its callers. See docs/migrate.md.

        By default prints what it would write; --diff prints a unified diff; --write writes it
        (a new `*.tb.swift` is never written over an existing file).
        --function NAME   only functions named NAME; each one that cannot be migrated says why

        Exit status: 0 migrated; 1 a function was refused, or nothing was found to migrate;
        2 a usage error or a file that cannot be read or written.

        """

    static func parseMigrate(_ arguments: [String]) -> Result<MigrateOptions?, UsageError> {
        var options = MigrateOptions()
        var outputs: [String] = []
        let scanned = SubcommandArguments.scan("migrate", arguments, path: { options.paths.append($0) }) { name, inline, scanner in
            switch name {
            case "--diff", "--write":
                try scanner.flag(name, inline: inline)
                options.output = name == "--diff" ? .diff : .write
                outputs.append(name)
            case "--function":
                let function = inline ?? (try? scanner.value(of: name, inline: nil))
                guard let function, !function.isEmpty, !function.hasPrefix("-") else {
                    throw UsageError("--function needs a function name, e.g. --function reduce")
                }
                options.function = function
            default: throw scanner.unknown(name, inline: inline)
            }
        }
        switch scanned {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success: break
        }
        if Set(outputs).count > 1 { return .failure(UsageError("--diff and --write cannot be given together: --diff prints what --write would write")) }
        if options.paths.isEmpty { return .failure(UsageError("'tablint migrate' needs the files or folders to read, e.g. tablint migrate Sources/")) }
        return .success(options)
    }

    static func runMigrate<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors,
        read: FileIO.FileReader = FileIO.readFile
    ) throws -> Int32 {
        let options: MigrateOptions
        switch parseMigrate(arguments) {
        case .failure(let error):
            throw CommandFailure(error, hint: "Run 'tablint migrate --help' for usage.")
        case .success(nil):
            stdout.write(migrateUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }
        // The files a lint of the same paths reads (`.tablint` globs applied).
        let (walk, selection) = try subcommandFiles(options.paths)
        if !walk.failures.isEmpty { throw CommandFailure(messages: walk.failures.map(\.message)) }
        var files: [(path: String, bytes: [UInt8])] = []
        for path in selection.files {
            switch read(path) {
            case .success(let bytes): files.append((path, bytes))
            case .failure(let error):
                throw CommandFailure(PathFailure(path: path, error: error).message)
            }
        }
        let plan = MigrationPlan.make(files, function: options.function) { if case .success = FileStatus.of($0, followingSymlinks: false) { return true } else { return false } }
        let sources = Dictionary(files.map { ($0.path, SourceFile(path: $0.path, bytes: $0.bytes)) }, uniquingKeysWith: { first, _ in first })
        func place(_ item: MigrationRefusal) -> String {
            let location = sources[item.path]?.location(of: item.offset)
            return "\(item.path):\(location?.line ?? 1):\(location?.column ?? 1)"
        }
        for refusal in plan.refusals { stderr.write("\(place(refusal)): error: \(refusal.message) [tablint::migrate]\n") }
        for note in plan.notes { stderr.write("\(place(note)): note: \(note.message)\n") }
        if !plan.findings.isEmpty {
            stderr.write("tablint: warning: tablint reports this on the migrated code:\n" + TextReporter.render(plan.findings))
        }
        if plan.groups.isEmpty {
            if plan.refusals.isEmpty {
                let which = options.function.map { "no function named `\($0)` switches" } ?? "no function switches"
                stderr.write("tablint: nothing to migrate: \(which) on (state, action) over two enums without a matrix in \(options.paths.joined(separator: " "))\n")
            }
            return ExitStatus.errorsReported.rawValue
        }
        switch options.output {
        case .print:
            for group in plan.groups {
                for output in group.matrices + [group.source] {
                    stdout.write("==> \(output.path)\(output.original == nil ? " (new file)" : "") <==\n")
                    stdout.write(String(decoding: output.bytes, as: UTF8.self))
                }
            }
        case .diff:
            for group in plan.groups {
                for output in group.matrices + [group.source] {
                    stdout.write(UnifiedDiff.render(path: output.path, before: output.original ?? [], after: output.bytes))
                }
            }
        case .write:
            for group in plan.groups {
                var created: [String] = []
                var failed = false
                // A source that will not be written is found before any matrix file is made.
                if let why = FileIO.writeRefusal(group.source.path) {
                    Tablint.writeError(why, to: &stderr)
                    return ExitStatus.failure.rawValue
                }
                for matrix in group.matrices {
                    switch FileIO.createAtomically(matrix.path, matrix.bytes) {
                    case .created: created.append(matrix.path)
                    case .exists:
                        Tablint.writeError("cannot write \(matrix.path): it exists already, and migrate never overwrites a `*.tb.swift`; \(group.source.path) is unchanged", to: &stderr)
                        failed = true
                    case .failed(let error):
                        Tablint.writeError("cannot write \(matrix.path): \(error.reason); \(group.source.path) is unchanged", to: &stderr)
                        failed = true
                    }
                    if failed { break }
                }
                if !failed {
                    switch FileIO.writeAtomically(group.source.path, group.source.bytes, group.source.original ?? []) {
                    case .written: break
                    case .changedOnDisk:
                        Tablint.writeError("cannot write \(group.source.path): it changed on disk while migrate read it; it is unchanged", to: &stderr)
                        failed = true
                    case .failed(let error):
                        Tablint.writeError("cannot write \(group.source.path): \(error.reason); it is unchanged", to: &stderr)
                        failed = true
                    case .refused(let why):
                        Tablint.writeError(why, to: &stderr)
                        failed = true
                    }
                }
                if failed {
                    // Half a migration would leave a matrix without its dispatcher.
                    for path in created { FileIO.removeCreated(path) }
                    return ExitStatus.failure.rawValue
                }
                stderr.write("tablint: migrated \(group.source.path): wrote \((created + [group.source.path]).joined(separator: ", "))\n")
            }
        }
        return plan.refusals.isEmpty ? ExitStatus.clean.rawValue : ExitStatus.errorsReported.rawValue
    }
}
