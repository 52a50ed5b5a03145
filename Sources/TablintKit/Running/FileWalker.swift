#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the paths on the command line into the list of files to lint.
///
/// * A directory is walked recursively for `*.swift` and `*.tbl` files. Folders named in
///   `skippedDirectoryNames`, and every hidden entry (a name starting with `.`, folder or file),
///   are skipped. Entries are visited in byte order of their names, so the list is stable.
/// * A path named on the command line is always used: a file whatever its extension, a directory
///   even if it is hidden or has a skipped name. A symlink named on the command line is followed.
/// * Symlinks met *during* a walk are followed only when they point at a file; symlinked
///   directories are not entered, so a link back to a parent cannot loop. Every directory is also
///   remembered by device and inode, so a bind mount or two overlapping paths cannot walk the same
///   directory twice, and every file is listed once, under the first path that reached it.
///   A dangling symlink met during a walk is skipped.
/// * Files are listed under the path the user gave: `Examples` gives `Examples/Broken.tb.swift`,
///   `./x` gives `./x/...`, an absolute path stays absolute. With no path at all, the current
///   directory is walked and its files are shown without a `./` prefix.
///
/// The walker reads directory listings and file metadata, never file contents.
struct FileWalker {
    /// Folder names never entered during a walk (build products, VCS data, dependencies).
    static let skippedDirectoryNames: Set<String> = [
        ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage",
    ]

    /// Extensions collected during a walk.
    static let lintedSuffixes = [".swift", ".tbl"]

    /// What the walk found.
    struct Walk: Equatable {
        /// Files to lint, each under the path it will be shown as.
        var files: [String] = []
        /// Paths named on the command line that do not exist (a usage error).
        var missing: [String] = []
        /// Paths that exist but could not be listed or examined.
        var failures: [PathFailure] = []
        /// The files of `files` that were named on the command line rather than found in a
        /// folder: include/exclude globs skip them only with `--force-exclude`.
        var namedFiles: Set<String> = []

        init(files: [String] = [], missing: [String] = [], failures: [PathFailure] = []) {
            self.files = files
            self.missing = missing
            self.failures = failures
        }
    }

    init() {}

    /// Collects the files under `paths`; an empty list means the current directory.
    func collect(_ paths: [String]) -> Walk {
        var walk = Walk()
        var state = State()
        if paths.isEmpty {
            visitOperand(".", displayPrefix: "", into: &walk, state: &state)
        } else {
            for path in paths {
                visitOperand(path, displayPrefix: path, into: &walk, state: &state)
            }
        }
        return walk
    }

    /// Whether a directory walk collects a file of this name.
    static func isLintedName(_ name: String) -> Bool {
        !name.hasPrefix(".") && lintedSuffixes.contains { name.hasSuffix($0) }
    }

    /// Whether a directory walk enters a folder of this name.
    static func isWalkedDirectoryName(_ name: String) -> Bool {
        !name.hasPrefix(".") && !skippedDirectoryNames.contains(name)
    }

    /// `prefix` joined with `name`, as shown to the user (an empty prefix shows `name` alone).
    static func join(_ prefix: String, _ name: String) -> String {
        if prefix.isEmpty { return name }
        return prefix.hasSuffix("/") ? prefix + name : prefix + "/" + name
    }

    // MARK: - Walking

    private struct State {
        var visitedDirectories: Set<FileIdentity> = []
        var listedFiles: Set<FileIdentity> = []
    }

    private func visitOperand(_ path: String, displayPrefix: String, into walk: inout Walk, state: inout State) {
        let status: FileStatus
        switch FileStatus.of(path, followingSymlinks: true) {
        case .success(let found): status = found
        case .failure(let error):
            if error.code == ENOENT || error.code == ENOTDIR {
                walk.missing.append(path)
            } else {
                walk.failures.append(PathFailure(path: path, error: error))
            }
            return
        }
        if status.isDirectory {
            walkDirectory(path, display: displayPrefix, identity: status.identity, into: &walk, state: &state)
        } else if state.listedFiles.insert(status.identity).inserted {
            walk.files.append(path)
            walk.namedFiles.insert(path)
        }
    }

    /// Depth-first, pre-order, entries in byte order of their names. An explicit stack keeps
    /// deep trees from costing call frames.
    private func walkDirectory(
        _ root: String, display: String, identity: FileIdentity, into walk: inout Walk, state: inout State
    ) {
        guard state.visitedDirectories.insert(identity).inserted else { return }
        var pending: [Entry] = []
        pushEntries(of: Entry(path: root, display: display), onto: &pending, into: &walk)
        while let entry = pending.popLast() {
            let status: FileStatus
            switch FileStatus.of(entry.path, followingSymlinks: false) {
            case .success(let found): status = found
            case .failure(let error):
                walk.failures.append(PathFailure(path: entry.display, error: error))
                continue
            }
            if status.isDirectory {
                if FileWalker.isWalkedDirectoryName(entry.name),
                   state.visitedDirectories.insert(status.identity).inserted {
                    pushEntries(of: entry, onto: &pending, into: &walk)
                }
            } else if status.isSymlink {
                // Followed only to a file; a symlinked directory is never entered.
                guard FileWalker.isLintedName(entry.name),
                      case .success(let target) = FileStatus.of(entry.path, followingSymlinks: true),
                      target.isRegularFile,
                      state.listedFiles.insert(target.identity).inserted
                else { continue }
                walk.files.append(entry.display)
            } else if status.isRegularFile, FileWalker.isLintedName(entry.name),
                      state.listedFiles.insert(status.identity).inserted {
                walk.files.append(entry.display)
            }
        }
    }

    private struct Entry {
        var path: String
        var display: String
        var name = ""
    }

    /// Pushes a directory's visible entries so that the first by name is popped first.
    private func pushEntries(of directory: Entry, onto pending: inout [Entry], into walk: inout Walk) {
        switch FileStatus.list(directory.path) {
        case .success(let names):
            for name in names.sorted(by: FileWalker.byteOrder).reversed() where !name.hasPrefix(".") {
                pending.append(Entry(
                    path: FileWalker.join(directory.path, name),
                    display: FileWalker.join(directory.display, name), name: name))
            }
        case .failure(let error):
            walk.failures.append(PathFailure(path: directory.display.isEmpty ? "." : directory.display, error: error))
        }
    }

    /// Unicode-scalar order is byte order for UTF-8, and does not depend on the locale.
    static func byteOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A path that exists but could not be listed, examined or read, with the system's reason.
struct PathFailure: Equatable, Error {
    var path: String
    var error: SystemError

    init(path: String, error: SystemError) {
        self.path = path
        self.error = error
    }

    /// `cannot read PATH: Permission denied`, as printed in an error line (`CommandFailure.line`).
    var message: String { "cannot read \(path): \(error.reason)" }
}

/// An `errno` value. The reason is looked up when printed, not in the worker that failed.
public struct SystemError: Equatable, Error {
    var code: Int32

    init(code: Int32) { self.code = code }

    static var current: SystemError { SystemError(code: errno) }

    /// The C library's wording, e.g. `Permission denied`.
    public var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Device and inode: what makes two paths the same file.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}

/// The few facts of `stat`/`lstat` the walker needs, and a directory listing.
struct FileStatus {
    var identity: FileIdentity
    var mode: UInt32

    var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    var isSymlink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }

    static func of(_ path: String, followingSymlinks: Bool) -> Result<FileStatus, SystemError> {
        var info = stat()
        let result = PathBytes.withCString(path) { followingSymlinks ? stat($0, &info) : lstat($0, &info) }
        guard result == 0 else { return .failure(.current) }
        return .success(FileStatus(
            identity: FileIdentity(
                device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)),
            mode: UInt32(info.st_mode)))
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    static func list(_ path: String) -> Result<[String], SystemError> {
        guard let directory = PathBytes.withCString(path, { opendir($0) }) else { return .failure(.current) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(.current) }
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    // The name's bytes as they are: a name that is not UTF-8 is kept, not repaired.
                    PathBytes.string(Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))))
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }
}
