#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Reading files for a run: the only place tablint reads a file.
public enum Runner {
    /// Reads a whole file. `readFile` is the real one; tests pass another to simulate failures.
    public typealias FileReader = (_ path: String) -> Result<[UInt8], SystemError>

    /// Reads `files` on up to `jobs` threads, as documents for `Engine`, and the files that
    /// could not be read, both in the order given.
    public static func readDocuments(
        _ files: [String], jobs: Int, read: FileReader = Runner.readFile,
        settings: @escaping (String) -> LintSettings = { _ in .default }
    ) -> (documents: [Engine.Document], failures: [PathFailure]) {
        let results = parallelMap(files.count, jobs: jobs) { index in
            read(files[index]).map { Engine.Document(path: files[index], bytes: $0, settings: settings(files[index])) }
        }
        var documents: [Engine.Document] = []
        var failures: [PathFailure] = []
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let document): documents.append(document)
            case .failure(let error): failures.append(PathFailure(path: files[index], error: error))
            }
        }
        return (documents, failures)
    }

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

