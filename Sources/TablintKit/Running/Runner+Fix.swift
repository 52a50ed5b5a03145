#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--fix` and `--diff`: the only place tablint writes a file.
extension Runner {
    public enum FixMode: Equatable {
        /// Write the aligned files in place.
        case write
        /// Print a unified diff of what `.write` would change; write nothing.
        case diff
    }

    /// Writes `bytes` in place of the file at `path`, provided the file still holds `original`.
    public typealias FileWriter = (_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult

    public enum WriteResult: Equatable {
        case written
        /// The file changed on disk since it was read; nothing was written.
        case changedOnDisk
        case failed(SystemError)
    }

    public struct FixOutcome: Equatable {
        /// The diagnostics of every file as it is after the run (fixed files: their new text).
        public var diagnostics: [Diagnostic]
        public var lintedFileCount: Int
        /// Files that could not be read.
        public var failures: [PathFailure]
        /// Files written (`.write`) or that would be (`.diff`), in order.
        public var changed: [String]
        /// The unified diff (`.diff` only).
        public var diff: String
        /// `tablint: error: …` lines: internal errors, files changed on disk, failed writes.
        public var errors: [String]
    }

    /// Fixes `files` one after the other: read once, formatted by the pure `Formatter`, proven
    /// safe by it, then written atomically (or diffed), then linted as they now are.
    public static func fix(
        _ files: [String], mode: FixMode, jobs: Int = Options.defaultJobs, read: FileReader = Runner.readFile,
        write: FileWriter = Runner.writeAtomically, settings: @escaping (String) -> LintSettings = { _ in .default }
    ) -> FixOutcome {
        var results: [String: [UInt8]] = [:]
        var readable: [String] = []
        var outcome = FixOutcome(diagnostics: [], lintedFileCount: 0, failures: [], changed: [], diff: "", errors: [])
        for path in files {
            let bytes: [UInt8]
            switch read(path) {
            case .success(let read): bytes = read
            case .failure(let error):
                outcome.failures.append(PathFailure(path: path, error: error))
                continue
            }
            let file = SourceFile(path: path, bytes: bytes)
            var result = file
            switch Formatter.fix(file, settings: settings(path)) {
            case .fixed(let fixed):
                outcome.changed.append(path)
                switch mode {
                case .diff:
                    outcome.diff += UnifiedDiff.render(path: path, before: bytes, after: fixed)
                case .write:
                    switch write(path, fixed, bytes) {
                    case .written:
                        result = SourceFile(path: path, bytes: fixed)
                    case .changedOnDisk:
                        outcome.changed.removeLast()
                        outcome.errors.append("\(path): changed on disk since it was read; not written")
                    case .failed(let error):
                        outcome.changed.removeLast()
                        outcome.errors.append("\(path): cannot write: \(error.reason); the file is unchanged")
                    }
                }
            case .internalError(let message):
                outcome.errors.append("internal error: \(path): \(message); the file was not written")
            case .unchanged, .refused:
                break
            }
            results[path] = result.bytes
            readable.append(path)
        }
        // The files as they now are are linted as one run, in parallel and with the cross-file
        // step, exactly as without --fix; nothing is read again.
        let linted = lint(readable, jobs: jobs, read: { path in
            results[path].map { .success($0) } ?? .failure(SystemError(code: 2))
        }, settings: settings)
        outcome.diagnostics = linted.diagnostics
        outcome.lintedFileCount = linted.lintedFileCount
        return outcome
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same
    /// directory, with the file's permissions, renamed over it; unless the file no longer
    /// holds `original`. A symbolic link is followed, so the link stays a link.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        guard stat(target, &info) == 0 else { return .failed(.current) }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory.isEmpty ? "/" : directory + "/") .utf8CString.dropLast()) + Array(".\(name).tablint-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failed(.current) }
        let temporary = String(cString: template)
        func fail(_ error: SystemError) -> WriteResult {
            close(descriptor)
            unlink(temporary)
            return .failed(error)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return fail(.current)
            }
            written += count
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { return fail(.current) }
        _ = fchown(descriptor, info.st_uid, info.st_gid)  // keeps the owner where allowed
        guard fsync(descriptor) == 0 else { return fail(.current) }
        close(descriptor)
        // Skip a file that changed since it was read: someone else's edit wins.
        guard case .success(let current) = readFile(target), current == original else {
            unlink(temporary)
            return .changedOnDisk
        }
        guard rename(temporary, target) == 0 else {
            let error = SystemError.current
            unlink(temporary)
            return .failed(error)
        }
        return .written
    }
}

/// A unified diff of a file whose lines only changed in place, apart from a line the formatter
/// may insert at the top (`// swift-format-ignore-file`), with three lines of context.
public enum UnifiedDiff {
    public static func render(path: String, before: [UInt8], after: [UInt8]) -> String {
        let old = lines(before)
        var new = lines(after)
        // A line inserted before the first: the rest is compared in place.
        let inserted = !old.isEmpty && new.count == old.count + 1 ? new.removeFirst() : nil
        guard old.count == new.count else {
            // Not the formatter's output; show the whole file rather than a wrong hunk.
            return "--- \(path)\n+++ \(path)\n@@ -1,\(old.count) +1,\(new.count) @@\n"
                + old.map { "-" + $0 }.joined() + new.map { "+" + $0 }.joined()
        }
        let changed = old.indices.filter { old[$0] != new[$0] || ($0 == 0 && inserted != nil) }
        guard !changed.isEmpty else { return "" }
        var hunks: [ClosedRange<Int>] = []
        for line in changed {
            let low = max(0, line - 3)
            // Only the insertion before line 1: its context is the three lines after it.
            let onlyInserted = line == 0 && inserted != nil && old[0] == new[0]
            let high = min(old.count - 1, line + (onlyInserted ? 2 : 3))
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...high
            } else {
                hunks.append(low...high)
            }
        }
        var text = "--- \(path)\n+++ \(path)\n"
        for hunk in hunks {
            let shift = inserted == nil ? 0 : 1
            let atTop = hunk.lowerBound == 0 ? shift : 0
            text += "@@ -\(hunk.lowerBound + 1),\(hunk.count) +\(hunk.lowerBound + 1 + shift - atTop),\(hunk.count + atTop) @@\n"
            if atTop == 1, let inserted { text += "+" + inserted }
            // Each block of changed lines: its old lines, then its new lines.
            var line = hunk.lowerBound
            while line <= hunk.upperBound {
                if old[line] == new[line] {
                    text += " " + old[line]
                    line += 1
                    continue
                }
                var end = line
                while end <= hunk.upperBound, old[end] != new[end] { end += 1 }
                text += (line..<end).map { "-" + old[$0] }.joined()
                text += (line..<end).map { "+" + new[$0] }.joined()
                line = end
            }
        }
        return text
    }

    /// Lines with their terminators; a last line without one is marked as diff marks it.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(String(decoding: bytes[start...index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count {
            result.append(String(decoding: bytes[start...], as: UTF8.self) + "\n\\ No newline at end of file\n")
        }
        return result
    }
}

extension Runner {
    /// All of standard input.
    public static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
