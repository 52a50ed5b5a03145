#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing what `Engine` fixed: the only place tablint writes a file.
extension Runner {
    /// Writes `bytes` in place of the file at `path`, provided the file still holds `original`.
    public typealias FileWriter = (_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult

    public enum WriteResult: Equatable {
        case written
        /// The file changed on disk since it was read; nothing was written.
        case changedOnDisk
        case failed(SystemError)
        /// tablint will not replace this file; the message says why. Nothing was written.
        case refused(String)
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same
    /// directory, with the file's owner, group and permissions, renamed over it; unless the
    /// file no longer holds `original`. A symbolic link is followed, so the link stays a link.
    ///
    /// A file the user could not write in place is refused (`access(W_OK)`; as root, which
    /// may write anything, a file with no write bit at all, as vim refuses it), and so is a
    /// file with more than one hard link (the rename would split it from its other names) and
    /// one whose owner, group or mode the replacement cannot keep.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        guard stat(target, &info) == 0 else { return .failed(.current) }
        // A FIFO, a device or a socket: reading it again would block or read something else,
        // and the rename would put a regular file in its place.
        if info.st_mode & S_IFMT != S_IFREG {
            return .refused("cannot write \(path): it is \(Self.kind(ofMode: info.st_mode)), not a regular file; it is unchanged")
        }
        if access(target, W_OK) != 0 || info.st_mode & 0o222 == 0 {
            return .refused("cannot write \(path): permission denied; the file is unchanged")
        }
        if info.st_nlink > 1 {
            return .refused(
                "cannot write \(path): it has \(info.st_nlink) hard links, and replacing it would split it from the others; the file is unchanged")
        }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory.isEmpty ? "/" : directory + "/") .utf8CString.dropLast()) + Array(".\(name).tablint-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let error = SystemError.current
            // The file itself is writable, but the atomic write needs a new file beside it.
            if error.code == EACCES || error.code == EROFS {
                let folder = directory.isEmpty ? "/" : directory
                return .refused("cannot write \(path): \(error.reason) for a temporary file in its folder \(folder), which the atomic write needs; the file is unchanged")
            }
            return .failed(error)
        }
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
        // The owner and group first: changing them may clear the set-id bits `fchmod` sets.
        var made = stat()
        if fchown(descriptor, info.st_uid, info.st_gid) != 0 {
            guard fstat(descriptor, &made) == 0, made.st_uid == info.st_uid, made.st_gid == info.st_gid else {
                close(descriptor)
                unlink(temporary)
                return .refused("cannot write \(path): the replacement cannot keep its owner and group; the file is unchanged")
            }
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { return fail(.current) }
        guard fstat(descriptor, &made) == 0, made.st_mode & 0o7777 == info.st_mode & 0o7777 else {
            close(descriptor)
            unlink(temporary)
            return .refused("cannot write \(path): the replacement cannot keep its mode; the file is unchanged")
        }
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

extension Runner {
    /// What a file that is not a regular file is, for a message.
    static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "a special file"
        }
    }
}

/// A unified diff with three lines of context: the lines the two texts share are found by a
/// longest common subsequence between their common head and tail.
public enum UnifiedDiff {
    public static func render(path: String, before: [UInt8], after: [UInt8]) -> String {
        let old = lines(before)
        let new = lines(after)
        guard old != new else { return "" }
        // Each line of either side: kept (in both), removed or added, in order.
        enum Step: Equatable { case keep(Int, Int), remove(Int), add(Int) }
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])
        var steps: [Step] = (0..<head).map { .keep($0, $0) }
        if oldMiddle.count * newMiddle.count <= 4_000_000 {
            // Lengths of the longest common subsequence of the suffixes.
            let width = newMiddle.count + 1
            var table = [Int32](repeating: 0, count: (oldMiddle.count + 1) * width)
            for i in stride(from: oldMiddle.count - 1, through: 0, by: -1) {
                for j in stride(from: newMiddle.count - 1, through: 0, by: -1) {
                    table[i * width + j] = oldMiddle[i] == newMiddle[j]
                        ? table[(i + 1) * width + j + 1] + 1 : max(table[(i + 1) * width + j], table[i * width + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < oldMiddle.count || j < newMiddle.count {
                if i < oldMiddle.count, j < newMiddle.count, oldMiddle[i] == newMiddle[j] {
                    steps.append(.keep(head + i, head + j)); i += 1; j += 1
                } else if i < oldMiddle.count, j == newMiddle.count || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                    steps.append(.remove(head + i)); i += 1
                } else {
                    steps.append(.add(head + j)); j += 1
                }
            }
        } else {
            steps += oldMiddle.indices.map { .remove(head + $0) } + newMiddle.indices.map { .add(head + $0) }
        }
        steps += (0..<tail).map { .keep(old.count - tail + $0, new.count - tail + $0) }

        // Hunks: runs of changes with up to three kept lines around them (six join two).
        let changed = steps.indices.filter { if case .keep = steps[$0] { return false } else { return true } }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - 3)
            let high = min(steps.count - 1, index + 3)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...high
            } else {
                hunks.append(low...high)
            }
        }
        // How many lines of each side come before each step.
        var oldBefore: [Int] = []
        var newBefore: [Int] = []
        var oldLine = 0
        var newLine = 0
        for step in steps {
            oldBefore.append(oldLine)
            newBefore.append(newLine)
            switch step {
            case .keep: oldLine += 1; newLine += 1
            case .remove: oldLine += 1
            case .add: newLine += 1
            }
        }
        let name = headerName(path)
        var text = "--- \(name)\n+++ \(name)\n"
        for hunk in hunks {
            var oldCount = 0
            var newCount = 0
            var body = ""
            for step in steps[hunk] {
                switch step {
                case .keep(let o, _):
                    oldCount += 1
                    newCount += 1
                    body += " " + old[o]
                case .remove(let o):
                    oldCount += 1
                    body += "-" + old[o]
                case .add(let n):
                    newCount += 1
                    body += "+" + new[n]
                }
            }
            // A side with no lines is numbered by the line before the hunk, as diff does.
            let oldFirst = oldBefore[hunk.lowerBound] + (oldCount == 0 ? 0 : 1)
            let newFirst = newBefore[hunk.lowerBound] + (newCount == 0 ? 0 : 1)
            text += "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n" + body
        }
        return text
    }

    /// The path as the `---`/`+++` lines give it, so that `patch` and `git apply` read it
    /// back: a name with a blank gets a tab after it (as git writes it; `patch` reads a name up
    /// to a tab), and one with a control character, `"` or `\` is C-quoted (as GNU diff and git
    /// quote it).
    static func headerName(_ path: String) -> String {
        let needsQuotes = path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" }
        if needsQuotes {
            var quoted = "\""
            for scalar in path.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                case "\r": quoted += "\\r"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        let octal = String(scalar.value, radix: 8)
                        quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    } else {
                        quoted.unicodeScalars.append(scalar)
                    }
                }
            }
            return quoted + "\""
        }
        return path.contains(" ") ? path + "\t" : path
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

