#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the configuration of each file: the nearest `.tablint` in its folder or a folder
/// above it (nearest wins; files are not merged), or the one `--config` names, or none with
/// `--no-config`. The only place configuration files are looked for and read. Each folder is
/// looked up once.
final class ConfigurationLookup {
    /// The name of a configuration file.
    static let fileName = ".tablint"

    /// A configuration file that could not be used.
    enum Failure: Error, Equatable {
        /// A line tablint cannot act on.
        case problem(ConfigurationFile.Problem)
        /// A file that exists but cannot be read, or a `--config` path that does not exist.
        case unreadable(PathFailure)

        /// The line printed on standard error (and shown by the language server).
        var message: String {
            switch self {
            case .problem(let problem): return problem.rendered
            case .unreadable(let failure): return CommandFailure.line(unreadableMessage(failure))
            }
        }

        /// The command cannot run: a problem is printed as the diagnostic it is.
        var commandFailure: CommandFailure { commandFailure(adding: "") }

        /// As above, with `suffix` at the end of the line (what became of standard input).
        func commandFailure(adding suffix: String) -> CommandFailure {
            switch self {
            case .problem(let problem): return CommandFailure(messages: [], preface: problem.rendered + suffix + "\n")
            case .unreadable(let failure): return CommandFailure(unreadableMessage(failure) + suffix)
            }
        }

        private func unreadableMessage(_ failure: PathFailure) -> String { "configuration file: \(failure.message)" }
    }

    private let options: Options
    private let currentDirectory: String
    private let read: FileIO.FileReader
    /// Folder → the configuration file that applies in it (nil: none), or why none can be used.
    private var nearest: [String: Result<ConfigurationFile?, Failure>] = [:]
    private var explicit: Result<ConfigurationFile?, Failure>?
    /// Configuration file path ("" for none) → the configuration it gives, built once.
    private var built: [String: Configuration] = [:]

    /// Whether SwiftFormat runs over a file (its `.swiftformat`), for `settings(for:_:)`.
    let swiftFormatDetection: SwiftFormatDetection

    init(options: Options, currentDirectory: String, read: @escaping FileIO.FileReader = FileIO.readFile) {
        self.options = options
        self.currentDirectory = PathText.normalised(currentDirectory)
        self.read = read
        swiftFormatDetection = SwiftFormatDetection(currentDirectory: currentDirectory, read: read)
    }

    /// The configuration for the file shown as `path` (relative to the current directory or
    /// absolute; it need not exist, as for `--stdin-filename`).
    func configuration(for path: String) -> Result<Configuration, Failure> {
        let absolute = PathText.absolute(path, in: currentDirectory)
        return file(forFolder: PathText.parent(absolute)).map(configuration(from:))
    }

    private func configuration(from file: ConfigurationFile?) -> Configuration {
        let key = file?.path ?? ""
        if let known = built[key] { return known }
        let made = Configuration(file: file, commandLine: options.fileOptions, currentDirectory: currentDirectory)
        built[key] = made
        return made
    }

    /// Whether the file shown as `path` is linted under `configuration`.
    func selects(_ path: String, _ configuration: Configuration) -> Bool {
        configuration.selects(PathText.absolute(path, in: currentDirectory))
    }

    /// The configuration for everything under a folder (for `--print-config DIR`).
    func configuration(forFolder path: String) -> Result<Configuration, Failure> {
        file(forFolder: PathText.absolute(path, in: currentDirectory)).map(configuration(from:))
    }

    private func file(forFolder folder: String) -> Result<ConfigurationFile?, Failure> {
        if options.noConfig { return .success(nil) }
        if let path = options.configPath {
            if let explicit { return explicit }
            let absolute = PathText.absolute(path, in: currentDirectory)
            let result = load(path: path, absolute: absolute)
            explicit = result
            return result
        }
        if let known = nearest[folder] { return known }
        let candidate = folder == "/" ? "/" + Self.fileName : folder + "/" + Self.fileName
        let result: Result<ConfigurationFile?, Failure>
        if Self.isFile(candidate) {
            result = load(path: displayPath(candidate), absolute: candidate)
        } else if folder == "/" {
            result = .success(nil)
        } else {
            result = file(forFolder: PathText.parent(folder))
        }
        nearest[folder] = result
        return result
    }

    private func load(path: String, absolute: String) -> Result<ConfigurationFile?, Failure> {
        switch read(absolute) {
        case .failure(let error):
            return .failure(.unreadable(PathFailure(path: path, error: error)))
        case .success(let bytes):
            return ConfigurationFile.parse(bytes, path: path, directory: PathText.parent(absolute))
                .map { $0 }.mapError { .problem($0) }
        }
    }

    /// A configuration file's path as shown: relative to the current directory when inside it.
    private func displayPath(_ absolute: String) -> String {
        PathText.relative(absolute, to: currentDirectory) ?? absolute
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCString(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The process's current directory.
    static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}
