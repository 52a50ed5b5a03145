import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds whether SwiftFormat formats a file: a `.swiftformat` file in its folder or a folder
/// above (the nearest one), unless that file's `--exclude` globs exclude it. Filesystem access,
/// so it lives here; rules only see the answer, in `LintSettings.swiftFormatConfiguration`.
/// Each folder is looked up once.
final class SwiftFormatDetection {
    static let fileName = ".swiftformat"

    /// A `.swiftformat` file: where it is, and the `--exclude` globs it gives.
    struct Found {
        var path: String
        var directory: String
        var excludes: [Glob]
    }

    private let read: FileIO.FileReader
    private let currentDirectory: String
    private var nearest: [String: Found?] = [:]

    init(currentDirectory: String, read: @escaping FileIO.FileReader = FileIO.readFile) {
        self.currentDirectory = PathText.normalised(currentDirectory)
        self.read = read
    }

    /// The `.swiftformat` (as displayed: relative to the current directory when inside it)
    /// that makes SwiftFormat format the file shown as `path`; nil when none does.
    func configuration(for path: String) -> String? {
        let absolute = PathText.absolute(path, in: currentDirectory)
        guard let found = find(inFolder: PathText.parent(absolute)) else { return nil }
        if let relative = PathText.relative(absolute, to: found.directory), found.excludes.contains(where: { $0.matches(relative) }) {
            return nil
        }
        return PathText.relative(found.path, to: currentDirectory) ?? found.path
    }

    private func find(inFolder folder: String) -> Found? {
        if let known = nearest[folder] { return known }
        let candidate = folder == "/" ? "/" + Self.fileName : folder + "/" + Self.fileName
        let result: Found?
        if Self.isFile(candidate) {
            // An unreadable `.swiftformat` still means SwiftFormat is used here; it excludes nothing.
            let bytes = (try? read(candidate).get()) ?? []
            result = Found(path: candidate, directory: folder, excludes: Self.excludes(String(decoding: bytes, as: UTF8.self)))
        } else if folder == "/" {
            result = nil
        } else {
            result = find(inFolder: PathText.parent(folder))
        }
        nearest[folder] = result
        return result
    }

    /// The `--exclude` globs of a `.swiftformat` file: `--exclude a,b/**` lines (SwiftFormat
    /// separates several with commas), `#` comments dropped.
    static func excludes(_ text: String) -> [Glob] {
        var globs: [Glob] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.first == "--exclude", words.count >= 2 else { continue }
            for pattern in words.dropFirst().joined(separator: " ").split(separator: ",") {
                let trimmed = pattern.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { globs.append(Glob(trimmed)) }
            }
        }
        return globs
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

extension ConfigurationLookup {
    /// A file's settings: its configuration's, with what the filesystem says about the
    /// formatters that run over it.
    func settings(for path: String, _ configuration: Configuration) -> LintSettings {
        var settings = configuration.settings
        settings.swiftFormatConfiguration = swiftFormatDetection.configuration(for: path)
        return settings
    }
}
