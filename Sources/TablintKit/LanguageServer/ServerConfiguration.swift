#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files the language server lints and how, decided as the command line decides it for a
/// file found in a folder: the nearest `.tablint` or `--config`/`--no-config`, the command line's
/// file options, include and exclude. The analysis itself is the workspace's (`Workspace`,
/// `Engine`): this only selects, walks and reads.
final class ServerConfiguration {
    enum Selection: Equatable {
        case linted(LintSettings)
        case excluded
        /// The configuration file cannot be used: the line the CLI prints.
        case failed(String)
    }

    private let options: Options
    private let currentDirectory: String
    private var lookup: ConfigurationLookup

    init(options: Options, currentDirectory: String) {
        self.options = options
        self.currentDirectory = currentDirectory
        lookup = ConfigurationLookup(options: options, currentDirectory: currentDirectory)
    }

    /// The configuration file named by `--config` or `initializationOptions.config`, as a real
    /// path: watched and reloaded like a `.tablint`.
    var explicitConfigurationPath: String? {
        options.configPath.map { DocumentIdentity.of(PathText.absolute($0, in: currentDirectory)) }
    }

    /// Whether a changed file on disk is one the configuration is read from.
    func isConfiguration(_ path: String) -> Bool {
        path.hasSuffix("/" + ConfigurationLookup.fileName) || path == explicitConfigurationPath
    }

    /// Forgets every configuration file read (one changed on disk).
    func reload() {
        lookup = ConfigurationLookup(options: options, currentDirectory: currentDirectory)
    }

    func selection(for path: String) -> Selection {
        guard FileKind(path: path) != .other else { return .excluded }
        switch lookup.configuration(for: path) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let configuration):
            return lookup.selects(path, configuration) ? .linted(lookup.settings(for: path, configuration)) : .excluded
        }
    }

    func read(_ path: String) -> [UInt8]? {
        try? FileIO.readFile(path).get()
    }

    /// The files a CLI run over `roots` would lint, by identity, with their settings.
    func walk(_ roots: [String]) -> [(path: String, settings: LintSettings)] {
        var selected: [(path: String, settings: LintSettings)] = []
        var seen = Set<String>()
        for path in FileWalker().collect(roots).files {
            let identity = DocumentIdentity.of(path)
            guard seen.insert(identity).inserted else { continue }
            if case .linted(let settings) = selection(for: identity) { selected.append((identity, settings)) }
        }
        return selected
    }
}

/// One name for one document: the real path on disk (symlinks resolved, `.` and `..` gone),
/// so a file reached through a symlinked folder, `/tmp` and `/private/tmp`, or a URI spelt with
/// `%2B` for `+` is one document. A path that does not exist (yet) keeps its real folder and
/// its own name; one whose folder does not exist either is kept as given.
enum DocumentIdentity {
    static func of(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let parent = PathText.parent(path)
        guard parent != path, let realParent = realPath(parent) else { return path }
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        return realParent == "/" ? "/" + name : realParent + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
