// Development aid: prints tablint's tokens for each file, one per line, in the format of
// ../shared/tools/tokens-oracle (`kind <TAB> start <TAB> end <TAB> "text"`), so the two can be
// diffed. Not installed with tablint.
//
//   tablint-tokens [--trivia] FILE...     tokens (and with --trivia, trivia pieces); with more
//                                         than one file, each file's list starts with `# PATH`
//   tablint-tokens --count [--repeat N] FILE...
//                                         tokenize only (N times, default 1) and print
//                                         files, bytes, tokens, mean seconds and MB/s, and
//                                         the MB/s of the fastest repetition by wall-clock
//                                         and by thread CPU time
import TablintKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var withTrivia = false
var countOnly = false
var repeats = 1
var paths: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--trivia": withTrivia = true
    case "--count": countOnly = true
    case "--repeat":
        guard let value = arguments.first.flatMap({ Int($0) }), value > 0 else {
            fputs("tablint-tokens: --repeat needs a positive number\n", stderr)
            exit(2)
        }
        arguments.removeFirst()
        repeats = value
    default: paths.append(argument)
    }
}
if paths.isEmpty {
    fputs("usage: tablint-tokens [--trivia] FILE... | tablint-tokens --count [--repeat N] FILE...\n", stderr)
    exit(2)
}

func readFile(_ path: String) -> [UInt8]? { try? FileIO.readFile(path).get() }

func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    var out = "\""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// CPU time of this thread: what the tokenizer itself used, whatever else the machine runs.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

var status: Int32 = 0
var files: [[UInt8]] = []
for path in paths {
    guard let bytes = readFile(path) else {
        fputs("tablint-tokens: cannot read \(path)\n", stderr)
        status = 1
        continue
    }
    if countOnly {
        files.append(bytes)
        continue
    }
    var output = paths.count > 1 ? "# \(path)\n" : ""
    for token in Tokenizer.tokenize(bytes) where withTrivia || !token.isTrivia {
        let flag = token.isUnterminated ? "!" : ""
        output += "\(token.kind)\(flag)\t\(token.start)\t\(token.end)\t\(quoted(bytes[token.range]))\n"
    }
    print(output, terminator: "")
}

if countOnly {
    // Time only the tokenizer: files are read before the clock starts. Each repetition is
    // timed on its own; the best one is the least disturbed by other work on the machine.
    let bytes = files.reduce(0) { $0 + $1.count }
    var tokens = 0
    var best = Double.infinity
    var bestCPU = Double.infinity
    var total = 0.0
    for _ in 0..<repeats {
        let start = monotonicSeconds()
        let startCPU = threadCPUSeconds()
        tokens = 0
        for file in files { tokens += Tokenizer.tokenize(file).count }
        let seconds = monotonicSeconds() - start
        bestCPU = min(bestCPU, threadCPUSeconds() - startCPU)
        best = min(best, seconds)
        total += seconds
    }
    func rate(_ seconds: Double) -> Int { seconds > 0 ? Int((Double(bytes) / 1e6 / seconds).rounded()) : 0 }
    let mean = total / Double(repeats)
    print("files=\(files.count) bytes=\(bytes) tokens=\(tokens) seconds=\(mean) MB/s=\(rate(mean)) best-MB/s=\(rate(best)) best-cpu-MB/s=\(rate(bestCPU))")
}
exit(status)
