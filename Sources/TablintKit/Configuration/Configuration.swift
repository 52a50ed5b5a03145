/// The configuration that applies to one file: the nearest `.tablint` (or `--config`, or none)
/// with the command line's per-file options after it, so the command line wins.
struct Configuration: Equatable {
    /// The configuration file used, if any.
    var file: ConfigurationFile?
    /// The command line's per-file options (globs relative to the current directory).
    var commandLine: [FileOption]
    /// The absolute, normalised current directory.
    var currentDirectory: String

    init(file: ConfigurationFile?, commandLine: [FileOption], currentDirectory: String) {
        self.file = file
        self.commandLine = commandLine
        self.currentDirectory = currentDirectory
        settings = LintSettings.default.applying((file?.options ?? []) + commandLine)
        func scoped(_ pattern: (FileOption) -> String?) -> [ScopedGlob] {
            let fromFile = (file?.options ?? []).compactMap(pattern).map { ScopedGlob(written: $0, directory: file!.directory) }
            let fromCommandLine = commandLine.compactMap(pattern).map { ScopedGlob(written: $0, directory: currentDirectory) }
            return fromFile + fromCommandLine
        }
        includes = scoped { if case .include(let pattern) = $0 { return pattern } else { return nil } }
        excludes = scoped { if case .exclude(let pattern) = $0 { return pattern } else { return nil } }
    }

    /// How the file is linted.
    let settings: LintSettings

    /// A glob and the folder it is relative to.
    struct ScopedGlob: Equatable {
        var glob: Glob
        var directory: String

        /// A glob as written, relative to `directory`: `./x` is `x` anchored to the folder,
        /// and an absolute path inside the folder is the same path relative to it (an
        /// absolute path elsewhere names nothing the folder holds, so it stays as written).
        init(written pattern: String, directory: String) {
            self.directory = directory
            glob = Glob(Self.relative(pattern, to: directory), written: pattern)
        }

        static func relative(_ pattern: String, to directory: String) -> String {
            let foldersOnly = pattern.hasSuffix("/")
            if pattern.hasPrefix("/") {
                let absolute = PathText.normalised(pattern)
                if absolute == directory { return "**" }
                guard let inside = PathText.relative(absolute, to: directory) else { return pattern }
                return "/" + inside + (foldersOnly ? "/" : "")
            }
            guard pattern.hasPrefix("./") || pattern.hasPrefix("../") || pattern == "." else { return pattern }
            // Dots resolved against the folder: a pattern that leaves it matches nothing there.
            let resolved = PathText.absolute(pattern, in: directory)
            if resolved == directory { return "**" }
            guard let inside = PathText.relative(resolved, to: directory) else { return pattern }
            return "/" + inside + (foldersOnly ? "/" : "")
        }
    }

    /// The `--include` and `--exclude` globs, the file's first, each with its folder.
    let includes: [ScopedGlob]
    let excludes: [ScopedGlob]

    /// Whether the file at `absolutePath` is selected by the includes and excludes: not
    /// excluded, and included when there are includes. A glob only sees files inside its folder.
    func selects(_ absolutePath: String) -> Bool {
        func matches(_ scoped: ScopedGlob) -> Bool {
            guard let relative = PathText.relative(absolutePath, to: scoped.directory) else { return false }
            return scoped.glob.matches(relative)
        }
        if excludes.contains(where: matches) { return false }
        return includes.isEmpty || includes.contains(where: matches)
    }

    /// `--print-config`: the settings in the configuration file's own syntax, so the output can
    /// be saved as a `.tablint`. Sets are printed sorted; the source is named in a comment.
    func printed(for path: String, selected: Bool) -> String {
        var lines = ["# \(path)"]
        if let file {
            lines.append("# configuration file: \(file.path)")
        } else {
            lines.append("# configuration file: none")
        }
        if !selected { lines.append("# not linted: excluded by --include/--exclude") }
        for scoped in includes { lines.append("--include \(scoped.glob.pattern)" + globNote(scoped)) }
        for scoped in excludes { lines.append("--exclude \(scoped.glob.pattern)" + globNote(scoped)) }
        for code in settings.disabledCodes.sorted() { lines.append("--disable \(code)") }
        for (code, severity) in settings.severities.sorted(by: { $0.key < $1.key }) {
            lines.append("--severity \(code)=\(severity.rawValue)")
        }
        if settings.alignsSwiftMatrices { lines.append("--align-swift") }
        for name in settings.extraDispatcherFunctions.sorted() { lines.append("--dispatcher \(name)") }
        if settings.unsafeFixes { lines.append("--unsafe-fixes") }
        for formatter in (settings.declaredFormatters ?? []).sorted() { lines.append("--formatter \(formatter.rawValue)") }
        for name in settings.pinNames.subtracting(["FIXTURE"]).sorted() { lines.append("--pin \(name)") }
        return lines.joined(separator: "\n") + "\n"
    }

    private func globNote(_ scoped: ScopedGlob) -> String {
        "  # relative to \(scoped.directory)"
    }
}

/// Lexical path arithmetic on `/`-separated text (no filesystem access, symlinks not resolved).
enum PathText {
    /// `path` made absolute against `directory` and normalised (`.`, `..`, repeated `/`).
    static func absolute(_ path: String, in directory: String) -> String {
        normalised(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    static func normalised(_ path: String) -> String {
        // Most paths a run sees are already normal (the walker builds them so): one look at
        // the bytes instead of splitting and joining.
        if isNormal(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `normalised` would return `path` as it is: absolute, with no empty, `.` or `..`
    /// part and no `/` at the end (but `/` itself).
    static func isNormal(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        var length = 0, dots = 0, parts = 0
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && dots <= 2) { return false }
                length = 0
                dots = 0
                parts += 1
                continue
            }
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        if length == 0 { return parts == 0 }
        return !(dots == length && dots <= 2)
    }

    /// `path` relative to `directory` when it lies inside it; nil otherwise. Both absolute and
    /// normalised.
    static func relative(_ path: String, to directory: String) -> String? {
        if directory == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(directory + "/") else { return nil }
        return String(path.dropFirst(directory.count + 1))
    }

    /// The folder of a normalised absolute path: `/a/b/c` → `/a/b`; `/a` → `/`.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
