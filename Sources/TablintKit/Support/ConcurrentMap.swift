import Dispatch
import Foundation

/// A map over many independent items on every core, in order: for the few loops of a lint
/// whose items are thousands (a big matrix's rows). Fewer items than `minimum` are mapped on
/// the calling thread, where a second thread would cost more than it saves.
enum ConcurrentMap {
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    static func map<T>(_ count: Int, minimum: Int, _ transform: (Int) -> T) -> [T] {
        let chunks = min(cores * 2, count / max(1, minimum / 2))
        guard count >= minimum, chunks >= 2 else { return (0..<count).map(transform) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each chunk writes only its own slots.
            let base = slots.baseAddress!
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = count * chunk / chunks
                let end = count * (chunk + 1) / chunks
                for index in start..<end { (base + index).pointee = transform(index) }
            }
        }
        return results.map { $0! }
    }
}
