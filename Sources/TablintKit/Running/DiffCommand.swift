import Foundation

/// `tablint diff`: what changed in behaviour, cell by cell, between two files, two folders,
/// the working tree and a revision, or two revisions (read through `git`); and git's external
/// diff driver (`--git-driver`). The filesystem and git side; the comparison is `TableDiff`.
extension Tablint {
    enum DiffFormat: String, CaseIterable { case text, markdown, json }

    struct DiffOptions {
        var format: DiffFormat = .text
        /// `--git [REV]` or `--git REV1..REV2`; nil when comparing two paths.
        var git: String?
        var gitDriver = false
        var paths: [String] = []
        /// The paths given before `--`: with `--git`, a word there that is no path is most
        /// likely a second revision (`--git main topic`).
        var pathsBeforeDashes: [String] = []
    }

    static let diffUsage = """
        USAGE: tablint diff [--format text|markdown|json] OLD NEW
               tablint diff [--format F] --git [REV | REV1..REV2 | REV1...REV2] [-- PATH ...]
               tablint diff --git-driver PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE

        Compare the matrices of two files or two folders, of the working tree and REV (default
        HEAD), or of two revisions (REV1...REV2: from their merge base), by machine, state and
        action name. `tablint diff` alone is `tablint diff --git HEAD -- .`. --git-driver is
        git's external diff protocol (see README).

        Exit status: 0 no behaviour changed; 1 some did; 2 trouble (a usage error, a path or
        revision that cannot be read, a matrix that cannot be read).

        """

    static func parseDiff(_ arguments: [String]) -> Result<DiffOptions?, UsageError> {
        var options = DiffOptions()
        var index = 0
        var onlyPaths = false
        var sawGit = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPaths || options.gitDriver || !argument.hasPrefix("-") || argument == "-" {
                if sawGit && !onlyPaths && options.git == nil {
                    options.git = argument
                } else {
                    options.paths.append(argument)
                    if !onlyPaths { options.pathsBeforeDashes.append(argument) }
                }
                continue
            }
            switch argument {
            case "--": onlyPaths = true
                if sawGit && options.git == nil { options.git = "HEAD" }
            case "-h", "--help": return .success(nil)
            case "--git": sawGit = true
            case "--git-driver": options.gitDriver = true
            case "--format":
                guard index < arguments.count else { return .failure(UsageError("--format needs a value: text, markdown or json")) }
                let value = arguments[index]
                index += 1
                guard let format = DiffFormat(rawValue: value) else {
                    return .failure(UsageError("--format: unknown format '\(value)'; expected text, markdown or json"))
                }
                options.format = format
            default:
                if argument.hasPrefix("--format="), let format = DiffFormat(rawValue: String(argument.dropFirst(9))) {
                    options.format = format
                } else if argument.hasPrefix("--git=") {
                    sawGit = true
                    options.git = String(argument.dropFirst(6))
                } else {
                    return .failure(UsageError("unknown option '\(argument)' for 'tablint diff'"))
                }
            }
        }
        if sawGit && options.git == nil { options.git = "HEAD" }
        if options.gitDriver {
            guard options.paths.count == 7 || options.paths.count == 9 || options.paths.count == 1 else {
                return .failure(UsageError("--git-driver takes git's 7 arguments (PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE), got \(options.paths.count)"))
            }
            return .success(options)
        }
        if options.git == nil {
            if options.paths.isEmpty {
                options.git = "HEAD"
            } else if options.paths.count != 2 {
                return .failure(UsageError("'tablint diff' compares two paths (OLD NEW), got \(options.paths.count); or use --git [REV] [-- PATH ...]"))
            }
        }
        return .success(options)
    }

    static func runDiff<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors
    ) throws -> Int32 {
        let options: DiffOptions
        switch parseDiff(arguments) {
        case .failure(let error):
            throw CommandFailure(error, hint: "Run 'tablint diff --help' for usage.")
        case .success(nil):
            stdout.write(diffUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }
        if options.gitDriver { return runGitDriver(options.paths, stdout: &stdout) }

        let sides: Result<(old: [DiffFile], new: [DiffFile]), CommandFailure>
        if let revisions = options.git,
           let word = options.pathsBeforeDashes.first(where: { access($0, F_OK) != 0 }) {
            let range = revisions.contains("..") ? "REV1..REV2" : "\(revisions)..\(word)"
            throw CommandFailure("no such file or directory: \(word) (to compare two revisions, write --git \(range); paths after `--` need not exist)")
        }
        if let revisions = options.git {
            sides = gitSides(revisions, paths: options.paths.isEmpty ? ["."] : options.paths)
        } else {
            sides = pathSides(options.paths[0], options.paths[1])
        }
        // Two files named: a pin and its source in them are compared with each other.
        let twoFiles = options.git == nil && options.paths.allSatisfy {
            if case .success(let status) = FileStatus.of($0, followingSymlinks: true) { return !status.isDirectory }
            return false
        }
        switch sides.flatMap({ compare(old: $0.old, new: $0.new, pinAgainstSource: twoFiles) }) {
        case .failure(let failure):
            throw failure
        case .success(let diff):
            switch options.format {
            case .text: stdout.write(diff.text)
            case .markdown: stdout.write(diff.markdown)
            case .json: stdout.write(diff.json)
            }
            return diff.hasChanges ? ExitStatus.errorsReported.rawValue : ExitStatus.clean.rawValue
        }
    }

    /// A file of one side: the path it is read as (its kind), the label printed, its bytes.
    struct DiffFile {
        var path: String
        var label: String
        var bytes: [UInt8]
    }

    /// Both sides' matrices, compared; trouble when a matrix on either side cannot be read
    /// (it would otherwise look removed).
    static func compare(old: [DiffFile], new: [DiffFile], pinAgainstSource: Bool = false) -> Result<TableDiff, CommandFailure> {
        // A file with the same bytes on both sides changes nothing; skipping it saves reading
        // every unchanged file of a revision.
        var unchanged: Set<String> = []
        let oldByPath = Dictionary(old.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        for file in new where oldByPath[file.path] == file.bytes { unchanged.insert(file.path) }
        var problems = ""
        func sides(_ files: [DiffFile]) -> [TableDiff.Side] {
            files.filter { !unchanged.contains($0.path) }.flatMap { file -> [TableDiff.Side] in
                let source = SourceFile(path: file.path, bytes: file.bytes)
                let reading = ExportReading.read(source)
                // A matrix with a row missing or of the wrong arity, or an unknown cell, is read
                // in part: its cells would pair by a guess (`→ no cell`), so it is trouble too.
                let broken = reading.unreadable + reading.machines.flatMap { machine in
                    machine.diagnostics.filter { ExportReading.shapeCodes.contains($0.code) }
                }
                problems += broken.map {
                    "\(file.label):\($0.start.line):\($0.start.column): error: \($0.message) [\($0.code)]\n"
                }.joined()
                // Cells pair by state and action name: a name declared twice pairs only one of
                // its rows or columns, and a change in the other would go unseen.
                for machine in reading.machines {
                    for (what, names) in [("state", machine.matrix.states), ("action", machine.matrix.actions)] {
                        var seen: Set<String> = []
                        for name in names where !seen.insert(machine.matrix.key(name.text)).inserted {
                            let place = source.location(of: name.range.lowerBound)
                            problems += "\(file.label):\(place.line):\(place.column): error: \(machine.name): \(what) `\(name.text)` is declared twice, so its cells cannot be paired by name [tablint::duplicate-name]\n"
                        }
                    }
                }
                return reading.machines.map { TableDiff.Side(label: file.label, file: source, matrix: $0.matrix) }
            }
        }
        let diff = TableDiff.compare(old: sides(old), new: sides(new), pinAgainstSource: pinAgainstSource)
        guard problems.isEmpty else {
            return .failure(CommandFailure(messages: ["cannot compare: a matrix above cannot be read, so its changes would be guessed"], preface: problems))
        }
        return .success(diff)
    }

    /// `tablint diff OLD NEW`: two files, or two folders walked as `tablint` walks them.
    static func pathSides(_ old: String, _ new: String) -> Result<(old: [DiffFile], new: [DiffFile]), CommandFailure> {
        func files(_ root: String) -> Result<[DiffFile], CommandFailure> {
            let walk = FileWalker().collect([root])
            if !walk.missing.isEmpty { return .failure(CommandFailure("no such file or directory: \(root)")) }
            if let failure = walk.failures.first { return .failure(CommandFailure("\(failure.message)")) }
            var result: [DiffFile] = []
            for path in walk.files {
                switch FileIO.readFile(path) {
                case .success(let bytes):
                    // Files of two folders pair by their path inside the folder.
                    let relative = path == root ? (path as NSString).lastPathComponent : String(path.dropFirst(root.count)).drop { $0 == "/" }.description
                    result.append(DiffFile(path: relative, label: path, bytes: bytes))
                case .failure(let error):
                    return .failure(CommandFailure("\(PathFailure(path: path, error: error).message)"))
                }
            }
            return .success(result)
        }
        return files(old).flatMap { oldFiles in files(new).map { (oldFiles, $0) } }
    }

    // MARK: git

    /// `--git REV` (the working tree against REV) or `--git REV1..REV2`. Only the files git
    /// lists as changed (and, against the working tree, the untracked ones) are read: an
    /// unchanged file changes no matrix, so a large repository costs a few git calls.
    static func gitSides(_ revisions: String, paths: [String]) -> Result<(old: [DiffFile], new: [DiffFile]), CommandFailure> {
        // `A...B`, as in git: from where the branches parted (their merge base) to B.
        let sinceMergeBase = revisions.contains("...")
        let parts = revisions.components(separatedBy: sinceMergeBase ? "..." : "..")
        guard parts.count <= 2, !revisions.isEmpty else {
            return .failure(CommandFailure("--git takes REV, REV1..REV2 or REV1...REV2, not '\(revisions)'"))
        }
        if case .failure = git(["rev-parse", "--is-inside-work-tree"]) {
            return .failure(CommandFailure("tablint diff compares with git's \(parts[0].isEmpty ? "HEAD" : parts[0]), but the current folder is not in a git repository; to compare two files or folders: tablint diff OLD NEW"))
        }
        var old = parts[0].isEmpty ? "HEAD" : parts[0]
        let new: String? = parts.count == 2 ? (parts[1].isEmpty ? "HEAD" : parts[1]) : nil
        if sinceMergeBase {
            switch gitText(["merge-base", old, new ?? "HEAD"]) {
            case .success(let base): old = base
            case .failure(let trouble) where trouble.messages.last?.hasSuffix("failed: ") == true:
                return .failure(CommandFailure("\(old) and \(new ?? "HEAD") have no common ancestor, so there is no \(revisions) to compare"))
            case .failure(let trouble): return .failure(trouble)
            }
            // The merge base is shown as `3f2a9c1:path`.
            if case .success(let short) = gitText(["rev-parse", "--short", old]) { old = short }
        }
        return gitText(["rev-parse", "--show-prefix"]).flatMap { prefix in
            gitText(["rev-parse", "--show-cdup"]).flatMap { up in
                // git names files from the top of the work tree; they are shown from here.
                let root = RepositoryPaths(prefix: prefix, up: up)
                let diff = ["diff", "--name-only", "--no-renames", "--no-ext-diff", "--no-textconv", "-z", old] + (new.map { [$0] } ?? [])
                return git(diff + ["--"] + paths).flatMap { changedListing in
                    var changed = names(changedListing)
                    if new == nil {
                        switch git(["ls-files", "-z", "--full-name", "--others", "--exclude-standard", "--"] + paths) {
                        case .success(let untracked): changed += names(untracked)
                        case .failure(let trouble): return .failure(trouble)
                        }
                    }
                    let matrixFiles = changed.filter { FileKind(path: $0) != .other }
                    return revisionFiles(old, matrixFiles, root, labelled: true).flatMap { oldFiles in
                        let newFiles = new.map { revisionFiles($0, matrixFiles, root, labelled: false) }
                            ?? workingTreeFiles(matrixFiles, root)
                        return newFiles.map { (oldFiles, $0) }
                    }
                }
            }
        }
    }

    /// Turns git's names (from the top of the work tree) into names from the current folder.
    struct RepositoryPaths {
        /// The current folder from the top, with a final `/` (`Sources/`), or empty.
        var prefix: String
        /// The way up to the top (`../`), or empty.
        var up: String

        func shown(_ name: String) -> String {
            name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : up + name
        }
    }

    /// The files of `names` that exist in `revision`, read with `git show`, shown as `REV:path`
    /// (`labelled`) or as `path`.
    static func revisionFiles(_ revision: String, _ names: [String], _ root: RepositoryPaths, labelled: Bool) -> Result<[DiffFile], CommandFailure> {
        guard !names.isEmpty else { return .success([]) }
        return git(["--literal-pathspecs", "ls-tree", "-r", "-z", "--name-only", "--full-tree", revision, "--"] + names).flatMap { listing in
            var files: [DiffFile] = []
            for name in Tablint.names(listing) {
                switch git(["show", "\(revision):\(name)"]) {
                case .success(let bytes):
                    let shown = root.shown(name)
                    files.append(DiffFile(path: name, label: labelled ? "\(revision):\(shown)" : shown, bytes: bytes))
                case .failure(let trouble): return .failure(trouble)
                }
            }
            return .success(files)
        }
    }

    /// The files of `names` as they are in the working tree; a deleted one is left out.
    static func workingTreeFiles(_ names: [String], _ root: RepositoryPaths) -> Result<[DiffFile], CommandFailure> {
        var files: [DiffFile] = []
        var seen: Set<String> = []
        for name in names where seen.insert(name).inserted {
            let shown = root.shown(name)
            switch FileIO.readFile(shown) {
            case .success(let bytes): files.append(DiffFile(path: name, label: shown, bytes: bytes))
            case .failure(let error) where error.code == ENOENT: continue
            case .failure(let error):
                return .failure(CommandFailure("\(PathFailure(path: shown, error: error).message)"))
            }
        }
        return .success(files)
    }

    /// `git` output as one line of text, its newline cut.
    static func gitText(_ arguments: [String]) -> Result<String, CommandFailure> {
        git(arguments).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines) }
    }

    static func names(_ listing: [UInt8]) -> [String] {
        listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `git` in the current directory: its standard output, or its standard error as trouble.
    static func git(_ arguments: [String]) -> Result<[UInt8], CommandFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(CommandFailure("cannot run git: \(error.localizedDescription)"))
        }
        // Both pipes are drained at once: git can write more than a pipe holds to standard
        // error (a `core.autocrlf` warning per changed file) before it ends standard output,
        // and reading one to its end first would wait on a git blocked on the other.
        let errorBytes = ErrorCollector()
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) {
            errorBytes.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errorBytes.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(CommandFailure("git \(arguments.prefix(2).joined(separator: " ")) failed: \(text)"))
        }
        return .success(Array(bytes))
    }

    /// Whether two texts are the same code: the same tokens once whitespace, line ends and
    /// comments are left out.
    static func sameCode(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        func layout(_ token: Token) -> Bool { [.whitespace, .newline, .lineComment, .blockComment, .byteOrderMark].contains(token.kind) }
        let oldTokens = Tokenizer.tokenize(old).lazy.filter { !layout($0) }
        let newTokens = Tokenizer.tokenize(new).lazy.filter { !layout($0) }
        return oldTokens.map { old[$0.start..<$0.end] }.elementsEqual(newTokens.map { new[$0.start..<$0.end] })
    }

    /// git's standard error, filled by the thread that drains it; read after that thread ends.
    final class ErrorCollector: @unchecked Sendable {
        var data = Data()
    }

    /// git's external diff protocol: `PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`
    /// (and `NEW-PATH INFO` for a rename; `PATH` alone for an unmerged path). git takes any
    /// status but 0 for a crash (`fatal: external diff died`) and stops, so this always exits
    /// 0, and prints what it could not compare as part of the diff.
    static func runGitDriver<Output: TextOutputStream>(_ arguments: [String], stdout: inout Output) -> Int32 {
        guard arguments.count >= 7 else {
            stdout.write("\(arguments[0]): unmerged; tablint compares it once it is resolved\n")
            return ExitStatus.clean.rawValue
        }
        let path = arguments[0], newPath = arguments.count == 9 ? arguments[7] : arguments[0]
        // The old file is one of git's temporary copies: a removal is shown at `a/PATH` (git's
        // name for the old side), so that no editor opens the new file at the old line.
        func file(_ name: String, _ shownAs: String, label: String) -> Result<[DiffFile], CommandFailure> {
            if name == "/dev/null" { return .success([]) }
            switch FileIO.readFile(name) {
            case .success(let bytes): return .success([DiffFile(path: shownAs, label: label, bytes: bytes)])
            case .failure(let error): return .failure(CommandFailure("\(PathFailure(path: name, error: error).message)"))
            }
        }
        let sides = file(arguments[1], path, label: "a/" + path).flatMap { old in file(arguments[4], newPath, label: newPath).map { (old, $0) } }
        let result = sides.flatMap { compare(old: $0.0, new: $0.1) }
        switch result {
        case .success(let diff) where !diff.hasChanges:
            // git calls the driver only for a file that changed: say what the change is, or
            // `git diff` is silent while `git status` says modified. The driver compares
            // matrices only, so it claims no change in behaviour only when nothing but layout
            // and comments changed.
            if arguments[1] == "/dev/null" || arguments[4] == "/dev/null" {
                stdout.write("\(newPath): no matrix in it (\(arguments[1] == "/dev/null" ? "a new file" : "deleted"))\n")
            } else {
                let renamed = newPath == path ? "" : " (renamed from \(path))"
                // A `.tbl` pin is its matrix and nothing else; a Swift file holds code around them.
                let unchanged = FileKind(path: newPath) == .fixture
                    || { if case .success(let (old, new)) = sides, let before = old.first, let after = new.first { return sameCode(before.bytes, after.bytes) } else { return false } }()
                stdout.write(unchanged
                    ? "\(newPath): no change in behaviour\(renamed)\n"
                    : "\(newPath): no change in its matrices; code outside them changed (`git diff --no-ext-diff` shows it)\(renamed)\n")
            }
        case .success(let diff): stdout.write(diff.text)
        case .failure(let trouble): stdout.write(trouble.printed)
        }
        return ExitStatus.clean.rawValue
    }
}
