#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Files in and out: the only place tablint reads a file (`readFile`, `readStandardInput`)
/// or writes one (`writeAtomically`).
public enum FileIO {
    /// Reads a whole file. `readFile` is the real one; tests pass another to simulate failures.
    typealias FileReader = (_ path: String) -> Result<[UInt8], SystemError>

    /// Reads a whole file with `open` and `read`, reporting the `errno` of a failure.
    ///
    /// A regular file takes one `fstat` for its size and one `read` straight into an array of
    /// that size (more only after a short read). A file that grows meanwhile is read up to the
    /// size `fstat` gave; one that shrinks, up to its end. Anything without a size (a pipe, a
    /// device, `/proc`) is read in chunks to its end.
    public static func readFile(_ path: String) -> Result<[UInt8], SystemError> {
        /// Reads what is left of `descriptor` in 64 KiB chunks, up to its end.
        func readToEnd(_ descriptor: Int32) -> Result<[UInt8], SystemError> {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress, buffer.count)
                }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(.current)
                }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return .success(bytes)
        }

        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(.current) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.current) }
        guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG), info.st_size > 0 else { return readToEnd(descriptor) }
        let size = Int(info.st_size)
        var failure: SystemError? = nil
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var total = 0
            while total < size {
                let count = read(descriptor, buffer.baseAddress! + total, size - total)
                if count > 0 {
                    total += count
                } else if count == 0 {
                    break  // the file shrank since `fstat`
                } else if errno != EINTR {
                    failure = .current
                    break
                }
            }
            initialized = total
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }
}

/// Writing what `Engine` fixed: the only place tablint writes a file.
extension FileIO {
    /// Writes `bytes` in place of the file at `path`, provided the file still holds `original`;
    /// and, before a run writes anything, says why it would refuse a file (nil if it would not).
    struct FileWriter {
        var refusal: (_ path: String) -> String?
        var write: (_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult

        /// The files on disk, replaced atomically.
        static let disk = FileWriter(refusal: FileIO.writeRefusal, write: FileIO.writeAtomically)
    }

    enum WriteResult: Equatable {
        case written
        /// The file changed on disk since it was read; nothing was written.
        case changedOnDisk
        case failed(SystemError)
        /// tablint will not replace this file; the message says why. Nothing was written.
        case refused(String)
    }

    /// The path with symbolic links resolved (as it is when it exists). Paths go to the system
    /// as their bytes (a name need not be UTF-8: `PathBytes`).
    private static func resolved(_ path: String) -> String {
        guard let resolved = realpath(PathBytes.cString(path), nil) else { return path }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// Why `writeAtomically` would refuse the file, found before anything is written.
    private static func refusal(_ path: String, _ targetBytes: [CChar], _ info: stat) -> String? {
        // A FIFO, a device or a socket: reading it again would block or read something else,
        // and the rename would put a regular file in its place.
        if info.st_mode & S_IFMT != S_IFREG {
            return "cannot write \(path): it is \(Self.kind(ofMode: info.st_mode)), not a regular file; it is unchanged"
        }
        if access(targetBytes, W_OK) != 0 || info.st_mode & 0o222 == 0 {
            return "cannot write \(path): permission denied; the file is unchanged"
        }
        if info.st_nlink > 1 {
            return "cannot write \(path): it has \(info.st_nlink) hard links, and replacing it would split it from the others; the file is unchanged"
        }
        return nil
    }

    /// Why the file cannot be replaced as `writeAtomically` replaces it (nil when it can, as
    /// far as can be told before writing): asked of every file of a `--fix` run before any is
    /// written, since the fixes of one run are planned together.
    static func writeRefusal(_ path: String) -> String? {
        let target = resolved(path)
        let targetBytes = PathBytes.cString(target)
        var info = stat()
        guard stat(targetBytes, &info) == 0 else { return "cannot write \(path): \(SystemError.current.reason); the file is unchanged" }
        if let refusal = refusal(path, targetBytes, info) { return refusal }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        if access(PathBytes.cString(directory.isEmpty ? "/" : directory), W_OK) != 0 {
            return "cannot write \(path): \(SystemError.current.reason) for a temporary file in its folder \(directory.isEmpty ? "/" : directory), which the atomic write needs; the file is unchanged"
        }
        return nil
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same
    /// directory, with the file's owner, group and permissions, renamed over it; unless the
    /// file no longer holds `original`. A symbolic link is followed, so the link stays a link.
    ///
    /// A file the user could not write in place is refused (`access(W_OK)`; as root, which
    /// may write anything, a file with no write bit at all, as vim refuses it), and so is a
    /// file with more than one hard link (the rename would split it from its other names) and
    /// one whose owner, group or mode the replacement cannot keep.
    static func writeAtomically(_ path: String, _ bytes: [UInt8], _ original: [UInt8]) -> WriteResult {
        let target = resolved(path)
        let targetBytes = PathBytes.cString(target)
        var info = stat()
        guard stat(targetBytes, &info) == 0 else { return .failed(.current) }
        if let refusal = refusal(path, targetBytes, info) { return .refused(refusal) }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = PathBytes.cString((directory.isEmpty ? "/" : directory + "/") + ".\(name).tablint-XXXXXX")
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
        let temporary = template
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
        guard rename(temporary, targetBytes) == 0 else {
            let error = SystemError.current
            unlink(temporary)
            return .failed(error)
        }
        return .written
    }
}

extension FileIO {
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

extension FileIO {
    /// All of standard input.
    static func readStandardInput() -> [UInt8] {
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


extension FileIO {
    enum CreateResult: Equatable {
        case created
        /// A file of that name exists; it is unchanged.
        case exists
        case failed(SystemError)
    }

    /// Creates the file at `path` holding `bytes`, atomically and never over an existing file:
    /// a temporary file beside it is written and synced, then linked to `path` (which fails if
    /// `path` exists), then removed. Readers see no file or the whole file.
    static func createAtomically(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) -> CreateResult {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = PathBytes.cString((directory.isEmpty ? "/" : directory + "/") + ".\(name).tablint-XXXXXX")
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failed(.current) }
        let temporary = template
        defer { unlink(temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = SystemError.current
                close(descriptor)
                return .failed(error)
            }
            written += count
        }
        // The permissions a new file gets from the umask, as an editor would create it.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, mode & ~mask) == 0, fsync(descriptor) == 0 else {
            let error = SystemError.current
            close(descriptor)
            return .failed(error)
        }
        close(descriptor)
        if link(temporary, PathBytes.cString(path)) != 0 {
            return errno == EEXIST ? .exists : .failed(.current)
        }
        return .created
    }

    /// Removes a file this run created (a migration whose other half could not be written).
    static func removeCreated(_ path: String) {
        unlink(PathBytes.cString(path))
    }
}
