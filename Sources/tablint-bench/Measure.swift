#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body` `repeats` times; the wall times in seconds, sorted.
func timings(_ repeats: Int, _ body: () -> Void) -> [Double] {
    (0..<repeats).map { _ in
        let start = now()
        body()
        return now() - start
    }.sorted()
}

func median(_ sorted: [Double]) -> Double { sorted.isEmpty ? 0 : sorted[sorted.count / 2] }

/// One run of a child process: its wall time (spawn to exit, process start included).
struct ChildRun {
    var seconds: Double
    var status: Int32
}

/// Spawns `executable` with `arguments`, its output to /dev/null, and waits for it.
func runChild(_ executable: String, _ arguments: [String]) -> ChildRun? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { return nil }
    return ChildRun(seconds: now() - start, status: (status >> 8) & 0xFF)
}

/// The peak resident memory of `executable` run with `arguments` (the largest of three runs),
/// as GNU `time` reports it; 0 when `/usr/bin/time` is missing. Not the rusage of our own
/// child: Linux starts a child's high-water mark at its parent's resident size, which for this
/// benchmark (its corpora loaded) is larger than tablint's, so a small parent measures it.
func peakMemory(_ executable: String, _ arguments: [String]) -> Int {
    let output = "/tmp/tablint-bench-time-\(getpid())"
    defer { unlink(output) }
    var peak = 0
    for _ in 0..<3 {
        guard runChild("/usr/bin/time", ["-f", "%M", "-o", output, executable] + arguments) != nil,
            let file = fopen(output, "r")
        else { return 0 }
        // The last line: before it, `time` notes a non-zero exit status (tablint found problems).
        var kilobytes = 0
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, 256, file) != nil {
            if atol(buffer) > 0 { kilobytes = Int(atol(buffer)) }
        }
        fclose(file)
        peak = max(peak, kilobytes * 1024)
    }
    return peak
}

/// The resident peak of this process so far.
func ownPeakBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss
    #endif
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    guard digits > 0 else { return text }
    let negative = text.hasPrefix("-")
    if negative { text.removeFirst() }
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    return (negative ? "-" : "") + text
}

func milliseconds(_ seconds: Double) -> String { format(seconds * 1000, 1) + " ms" }
func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) + " MB" }
