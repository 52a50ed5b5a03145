import Dispatch
import Foundation

/// `body(0..<count)` on up to `jobs` threads, results in index order.
func parallelMap<T>(_ count: Int, jobs: Int, _ body: (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    let workers = max(1, min(jobs, count))
    if workers == 1 {
        for index in 0..<count { results[index] = body(index) }
    } else {
        let counter = SharedCounter()
        withoutActuallyEscaping(body) { body in
            results.withUnsafeMutableBufferPointer { slots in
                // Each index is claimed by exactly one worker, so no two threads write one slot.
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while true {
                        let index = counter.next()
                        if index >= count { break }
                        slots[index] = body(index)
                    }
                }
            }
        }
    }
    return results.map { $0! }
}

/// Hands out 0, 1, 2, … to concurrent workers.
final class SharedCounter {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let current = value
        value += 1
        return current
    }
}

/// For the loops inside one file whose items are thousands (a big matrix's rows): on every
/// core from `minimum` items, on the calling thread below it, where a second thread would cost
/// more than it saves. Results in index order, as ever.
func parallelMap<T>(_ count: Int, minimum: Int, _ body: (Int) -> T) -> [T] {
    parallelMap(count, jobs: count >= minimum ? processorCount : 1, body)
}

/// The cores this process may use.
let processorCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
