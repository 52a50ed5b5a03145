// tablint-bench: measures tablint against its performance targets. Run it from a release build:
//   swift build -c release && swift run -c release tablint-bench [--quick]
// (or Scripts/bench.sh). It needs the `tablint` binary beside itself (or `--tablint PATH`).
import Foundation
import TablintKit

struct BenchOptions {
    var quick = false
    var pathological = true
    /// Only the behaviour analysis (issue 23): `tablint paths` and the lint of one large machine.
    var onlyBehaviour = false
    /// Writes the behaviour machine's files into a folder, and measures nothing.
    var writeBehaviour: String?
    var tablint: String?
    var filesInCorpus = 1000

    static let usage = """
        usage: tablint-bench [--quick] [--no-pathological] [--only-behaviour] [--write-behaviour DIR] [--tablint PATH]
          --quick            fewer repeats, 200 generated files and smaller pathological inputs
          --no-pathological  skip the pathological growth measurements
          --only-behaviour   only the behaviour analysis: tablint paths and the lint of a 1000 × 50 machine
          --write-behaviour DIR  write that machine's files into DIR (to profile them), and measure nothing
          --tablint PATH     the tablint binary to time (default: the one beside tablint-bench)
        """

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true; filesInCorpus = 200
            case "--no-pathological": pathological = false
            case "--only-behaviour": onlyBehaviour = true
            case "--write-behaviour": writeBehaviour = rest.popFirst()
            case "--tablint": tablint = rest.popFirst()
            case "-h", "--help": print(Self.usage); exit(0)
            default: FileHandle.standardError.write(Data("tablint-bench: unknown argument \(argument)\n\(Self.usage)\n".utf8)); exit(2)
            }
        }
    }
}

let options = BenchOptions(Array(CommandLine.arguments.dropFirst()))
if let folder = options.writeBehaviour {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for file in BehaviourBench.files() { FileManager.default.createFile(atPath: folder + "/" + file.name, contents: Data(file.bytes)) }
    exit(0)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
let repeats = options.quick ? 2 : 5
let binaryRepeats = options.quick ? 3 : 10
let singleRepeats = options.quick ? 5 : 20

/// One line: what, the figure, the target and whether it is met.
func report(_ what: String, _ figure: String, target: String = "", met: Bool? = nil) {
    let verdict = met.map { $0 ? "ok" : "MISSED" } ?? ""
    let columns = [what.padding(toLength: 58), figure.padding(toLength: 34), target.padding(toLength: 16), verdict]
    var line = columns.joined(separator: " ")
    while line.hasSuffix(" ") { line.removeLast() }
    print(line)
}

func shell(_ command: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

// The machine.
let cpuModel = ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
    .split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
print("tablint-bench\(options.quick ? " --quick" : "")")
print("machine: \(cores) cores (\(cpuModel)); \(shell("swift --version 2>&1 | head -1"))")
#if DEBUG
print("warning: this is a debug build; measure with `swift run -c release tablint-bench`")
#endif

// The tablint binary.
let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
let tablint = options.tablint ?? URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("tablint").path
let haveBinary = FileManager.default.isExecutableFile(atPath: tablint)
if !haveBinary {
    print("warning: no tablint binary at \(tablint); build it (`swift build -c release`) or pass --tablint; binary runs are skipped")
} else if let binaryDate = modificationDate(tablint), let kitDate = newestObject(beside: selfPath), kitDate > binaryDate {
    // TablintKit was compiled after tablint was linked: `swift run tablint-bench` rebuilds
    // only what tablint-bench needs.
    print("warning: \(tablint) is older than the TablintKit it should be built from; run `swift build -c release` first")
}

func modificationDate(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
}

/// The newest object file of TablintKit in the build folder `executable` lives in.
func newestObject(beside executable: String) -> Date? {
    let folder = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("TablintKit.build")
    let objects = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".o") } ?? []
    return objects.compactMap { modificationDate(folder.appendingPathComponent($0).path) }.max()
}

// The corpora, in a temporary folder.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: scratch) }

struct Corpus {
    var name: String
    var folder: URL
    var paths: [String]
    var contents: [[UInt8]]
    var bytes: Int { contents.reduce(0) { $0 + $1.count } }
    var lines: Int { contents.reduce(0) { total, file in total + file.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } } }
}

func makeCorpus(_ name: String, _ files: [(name: String, bytes: [UInt8])]) -> Corpus {
    let folder = scratch.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    for file in files {
        let url = folder.appendingPathComponent(file.name)
        FileManager.default.createFile(atPath: url.path, contents: Data(file.bytes))
        paths.append(url.path)
    }
    return Corpus(name: name, folder: folder, paths: paths, contents: files.map(\.bytes))
}

/// The toolchain's `.swiftinterface` files, renamed `.swift` so tablint lints them as Swift.
func interfaceCorpus() -> Corpus? {
    let swift = shell("readlink -f \"$(command -v swift)\"")
    guard !swift.isEmpty else { return nil }
    let root = URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent()
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return nil }
    var files: [(name: String, bytes: [UInt8])] = []
    for case let url as URL in walker where url.pathExtension == "swiftinterface" {
        guard let data = FileManager.default.contents(atPath: url.path) else { continue }
        files.append(("\(files.count)-\(url.deletingPathExtension().lastPathComponent).swift", [UInt8](data)))
    }
    print("corpus: \(files.count) .swiftinterface files under \(root.path), copied as .swift")
    return files.isEmpty ? nil : makeCorpus("interfaces", files)
}

func generatedCorpus() -> Corpus {
    var random = SplitMix64(seed: 2026)
    let files = (0..<options.filesInCorpus).map { index in
        ("M\(index).tb.swift", Array(Generators.corpusFile(index, &random).utf8))
    }
    return makeCorpus("generated", files)
}

let corpora = options.onlyBehaviour ? [] : [interfaceCorpus(), generatedCorpus()].compactMap { $0 }
var firstGeneratedFile: String?

for corpus in corpora {
    let size = Double(corpus.bytes) / 1_000_000
    let lines = Double(corpus.lines)
    print("")
    print("== \(corpus.name): \(corpus.paths.count) files, \(format(size, 1)) MB, \(corpus.lines) lines")

    // The tokenizer alone, one core, files already in memory.
    var tokens = 0
    let tokenizer = timings(repeats) {
        tokens = 0
        for bytes in corpus.contents { tokens += Tokenizer.tokenize(bytes).count }
    }
    report("tokenizer, one core (best of \(repeats))",
           "\(format(size / tokenizer[0], 0)) MB/s, \(format(lines / tokenizer[0] / 1e6, 2))M lines/s",
           target: "≥ 300 MB/s", met: size / tokenizer[0] >= 300)

    // Full lint in process: the command on the folder (walk, read, lint, report), all cores.
    var diagnostics = 0
    let inProcess = timings(repeats) {
        var report = ""
        var errors = ""
        _ = Tablint.run(
            arguments: ["-j", "\(cores)", "--reporter", "json", corpus.folder.path], stdout: &report, stderr: &errors,
            stdoutIsTerminal: false, environment: [:])
        diagnostics = report.components(separatedBy: "\"code\": ").count - 1
    }
    report("tablint in process, \(cores) jobs (best/median)",
           "\(milliseconds(inProcess[0])) / \(milliseconds(median(inProcess)))",
           target: "< 250 ms", met: inProcess[0] < 0.25)
    report("  throughput (best)", "\(format(size / inProcess[0], 0)) MB/s, \(format(lines / inProcess[0] / 1e6, 2))M lines/s")
    report("  diagnostics", "\(diagnostics)")

    // The binary on the folder, process start included.
    if haveBinary {
        let runs = (0..<binaryRepeats).compactMap { _ in runChild(tablint, [corpus.folder.path]) }
        let walls = runs.map(\.seconds).sorted()
        let peak = peakMemory(tablint, [corpus.folder.path])
        report("tablint \(corpus.name)/ (best/median of \(runs.count))",
               "\(milliseconds(walls.first ?? 0)) / \(milliseconds(median(walls)))",
               target: "< 250 ms", met: (walls.first ?? .infinity) < 0.25)
        if let best = walls.first {
            report("  throughput (best)", "\(format(size / best, 0)) MB/s, \(format(lines / best / 1e6, 2))M lines/s")
        }
        report("  peak memory of the tablint process", megabytes(peak), target: "< 64 MB", met: peak < 64 << 20)
    }
    if corpus.name == "generated" { firstGeneratedFile = corpus.paths.first }
}

// One file, process start included.
if haveBinary, let file = firstGeneratedFile {
    print("")
    print("== one file: \(URL(fileURLWithPath: file).lastPathComponent)")
    _ = runChild(tablint, [file])  // warm the page cache
    let runs = (0..<singleRepeats).compactMap { _ in runChild(tablint, [file]) }
    let walls = runs.map(\.seconds).sorted()
    report("tablint FILE (best/median of \(runs.count))", "\(milliseconds(walls.first ?? 0)) / \(milliseconds(median(walls)))",
           target: "< 15 ms", met: (walls.first ?? .infinity) < 0.015)
    report("  peak memory", megabytes(peakMemory(tablint, [file])))
}

// Pathological inputs: lint + fix at n, 2n and 4n.
if options.pathological && !options.onlyBehaviour {
    print("")
    print("== pathological inputs: lint and --diff (the fix, written nowhere), in process (best of several runs); growth per doubling ≤ 2.6")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let scale = options.quick ? 5 : 1
    let families: [(String, String, Int, (Int) -> [UInt8])] = [
        ("matrix files in one file (bytes)", "big.tb.swift", 5_000_000 / scale, Generators.bigFile),
        ("one long line (bytes)", "line.tb.swift", 1_250_000 / scale, Generators.longLine),
        ("nested brackets", "brackets.tb.swift", 25_000 / scale, Generators.nestedBrackets),
        ("nested interpolations", "interpolations.tb.swift", 25_000 / scale, Generators.nestedInterpolations),
        ("Table rows", "tall.tb.swift", 2_500 / scale, Generators.tallMatrix),
        ("Table columns", "wide.tb.swift", 250 / scale, Generators.wideMatrix),
        ("@Machine rows", "tall-machine.tb.swift", 2_500 / scale, Generators.tallMachine),
        (".tbl rows", "tall.tbl", 2_500 / scale, { Generators.fixture(rows: $0, columns: 3) }),
        (".tbl columns", "wide.tbl", 250 / scale, { Generators.fixture(rows: 4, columns: $0) }),
    ]
    var superlinear: [String] = []
    for (name, path, base, generate) in families {
        var seconds: [Double] = []
        for size in [base, 2 * base, 4 * base] {
            let file = scratch.appendingPathComponent(path).path
            FileManager.default.createFile(atPath: file, contents: Data(generate(size)))
            // Small sizes are repeated until they add up to a measurable time; the best counts.
            var runs: [Double] = []
            while runs.count < (options.quick ? 1 : 2) || (runs.reduce(0, +) < 0.3 && runs.count < 20) {
                runs += timings(1) {
                    for arguments in [[file], ["--diff", file]] {
                        var output = ""
                        var errors = ""
                        _ = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, stdoutIsTerminal: false, environment: [:])
                    }
                }
            }
            seconds.append(runs.min() ?? 0)
        }
        let ratios = [seconds[1] / max(seconds[0], 1e-9), seconds[2] / max(seconds[1], 1e-9)]
        let linear = ratios.allSatisfy { $0 <= 2.6 }
        if !linear { superlinear.append(name) }
        report("\(name): n = \(base), 2n, 4n",
               seconds.map(milliseconds).joined(separator: ", ") + "; ×" + ratios.map { format($0, 2) }.joined(separator: " ×"),
               target: "≤ 2.6 per 2×", met: linear)
    }
    report("growth", superlinear.isEmpty ? "linear" : "superlinear: " + superlinear.joined(separator: ", "),
           target: "linear", met: superlinear.isEmpty)
}
BehaviourBench.run(in: scratch, tablint: haveBinary ? tablint : nil, repeats: repeats)

print("")
print("peak memory of tablint-bench itself: \(megabytes(ownPeakBytes()))")
