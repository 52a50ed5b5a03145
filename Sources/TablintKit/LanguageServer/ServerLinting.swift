import Dispatch
import Foundation

/// The language server's only door into tablint's configuration, linting and formatting.
/// Everything the server knows about diagnostics and fixes comes through these few calls, so
/// that the editor sees what the command line prints and `--fix` writes, and so that moving
/// to the one engine (`Running/Engine.swift`) changes this file alone.
///
/// The surface, all pure except `read` and `walk`:
/// - `selection(for:)`: the settings of a path as the CLI decides them for a file found in a
///   folder (the nearest `.tablint` or `--config`/`--no-config`, the command line's file options,
///   include/exclude), or that it is excluded, or why its configuration cannot be used.
/// - `analyze`, `crossFile`, `finish`: `Linter.analyze` per file, `CrossFileCheck.check` over
///   the run's summaries, `Linter.finish` per file: the CLI's three steps.
/// - `reading`: what the readers found in a file (matrices, dispatchers) for hover, definition
///   and inlay hints; the same `LintContext` the rules see.
/// - `format`: `Formatter.fix`, the bytes `tablint --fix` writes.
/// - `read`, `walk`: the filesystem, as `Runner` and `FileWalker` read it.
final class ServerLinting {
    enum Selection: Equatable {
        case linted(LintSettings)
        case excluded
        /// The configuration file cannot be used: the line the CLI prints.
        case failed(String)
    }

    enum Formatting: Equatable {
        case unchanged
        case fixed([UInt8])
        /// What the formatter could not read with confidence; nothing is changed.
        case refused([String])
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

    /// Forgets every configuration file read (a `.tablint` changed on disk).
    func reloadConfiguration() {
        lookup = ConfigurationLookup(options: options, currentDirectory: currentDirectory)
    }

    func selection(for path: String) -> Selection {
        switch lookup.configuration(for: path) {
        case .failure(let failure): return .failed(failure.message)
        case .success(let configuration):
            return lookup.selects(path, configuration) ? .linted(lookup.settings(for: path, configuration)) : .excluded
        }
    }

    func analyze(_ file: SourceFile, _ settings: LintSettings) -> Linter.FileAnalysis {
        Linter.analyze(file, settings: settings)
    }

    /// The cross-file diagnostics of a run, by the path they are reported at.
    func crossFile(_ summaries: [FileSummary]) -> [String: [Diagnostic]] {
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in CrossFileCheck.check(summaries) { byPath[diagnostic.path, default: []].append(diagnostic) }
        return byPath
    }

    func finish(_ analysis: Linter.FileAnalysis, crossFile: [Diagnostic]) -> [Diagnostic] {
        Linter.finish(analysis, crossFile: crossFile)
    }

    /// The codes the cross-file step reports (the only ones published for unopened files).
    static let crossFileCodes: Set<String> = Set(RuleRegistry.all.compactMap { ($0 as? RunRule)?.code })

    func reading(_ file: SourceFile, _ settings: LintSettings) -> LintContext {
        LintContext(file: file, settings: settings)
    }

    func format(_ file: SourceFile, _ settings: LintSettings) -> Formatting {
        switch Formatter.fix(file, settings: settings) {
        case .unchanged: return .unchanged
        case .fixed(let bytes): return .fixed(bytes)
        case .refused(let refusals):
            return .refused(refusals.map { "\(file.location(of: $0.range.lowerBound)): \($0.message)" })
        case .internalError(let message): return .failed(message)
        }
    }

    func read(_ path: String) -> [UInt8]? {
        try? Runner.readFile(path).get()
    }

    /// The files a CLI run over `roots` would lint (absolute paths), with their settings.
    func walk(_ roots: [String]) -> [(path: String, settings: LintSettings)] {
        let walk = FileWalker().collect(roots)
        var selected: [(path: String, settings: LintSettings)] = []
        for path in walk.files {
            if case .linted(let settings) = selection(for: path) { selected.append((path, settings)) }
        }
        return selected
    }

    /// Reads and analyses `files` on every core; keeps only the analyses `keep` accepts.
    func analyzeAll(_ files: [(path: String, settings: LintSettings)], keep: (Linter.FileAnalysis) -> Bool) -> [Linter.FileAnalysis] {
        var results = [Linter.FileAnalysis?](repeating: nil, count: files.count)
        let lock = NSLock()
        var next = 0
        results.withUnsafeMutableBufferPointer { slots in
            // Each index is claimed once, so no two threads write one slot.
            DispatchQueue.concurrentPerform(iterations: max(1, min(Options.defaultJobs, files.count))) { _ in
                while true {
                    lock.lock()
                    let index = next
                    next += 1
                    lock.unlock()
                    guard index < files.count else { break }
                    guard let bytes = read(files[index].path) else { continue }
                    let analysis = analyze(SourceFile(path: files[index].path, bytes: bytes), files[index].settings)
                    if keep(analysis) { slots[index] = analysis }
                }
            }
        }
        return results.compactMap { $0 }
    }
}
