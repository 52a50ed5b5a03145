import Foundation
import XCTest
@testable import TablintKit

/// What one run of the built `tablint` executable did.
struct ProcessResult: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// End-to-end: runs the `tablint` executable that `swift build` / `swift test` put next to the
/// test bundle, as a user would.
final class CLITests: XCTestCase {
    /// Where SwiftPM put the products: next to the `.xctest` bundle (macOS) or the test
    /// executable (Linux). `#filePath` gives a last resort for other layouts.
    static let executable: URL? = {
        var candidates: [URL] = []
        for bundle in [Bundle(for: CLITests.self)] + Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let path = Bundle.main.executablePath {
            candidates.append(URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        let packageRoot = Fixtures.repositoryRoot
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates
            .map { $0.appendingPathComponent("tablint") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `tablint arguments` in `directory`, failing the test if it takes over a minute.
    func tablint(_ arguments: [String], in directory: String? = nil,
                 file: StaticString = #filePath, line: UInt = #line) throws -> ProcessResult {
        let executable = try XCTUnwrap(
            Self.executable, "the tablint executable was not found next to the test bundle; run `swift build`",
            file: file, line: line)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Output goes to files, not pipes: nothing has to be drained while the process runs.
        let outputPath = FileWalker.join(FileManager.default.temporaryDirectory.path, "tablint-out-\(UUID().uuidString)")
        let errorPath = outputPath + ".err"
        XCTAssertTrue(FileManager.default.createFile(atPath: outputPath, contents: nil), file: file, line: line)
        XCTAssertTrue(FileManager.default.createFile(atPath: errorPath, contents: nil), file: file, line: line)
        defer {
            try? FileManager.default.removeItem(atPath: outputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        let output = try XCTUnwrap(FileHandle(forWritingAtPath: outputPath))
        let errors = try XCTUnwrap(FileHandle(forWritingAtPath: errorPath))
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            XCTFail("tablint \(arguments) did not finish within 60 seconds", file: file, line: line)
        }
        let outData = try Data(contentsOf: URL(fileURLWithPath: outputPath))
        let errData = try Data(contentsOf: URL(fileURLWithPath: errorPath))
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A file that the encoding rule reports as an error at 1:`column`.
    static func invalidUTF8(at column: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "a"), count: column - 1) + [0xFF, 0x0A]
    }

    static func encodingLine(_ path: String, column: Int) -> String {
        "\(path):1:\(column): error: invalid UTF-8 byte 0xFF; expected UTF-8 text, so tablint checks nothing in this file [tablint::encoding]"
    }

    // MARK: - Flags

    func testHelpPrintsUsageAndEveryFlag() throws {
        let result = try tablint(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("USAGE: tablint [options] [path ...]"), result.stdout)
        for option in OptionParser.options {
            for name in option.names {
                XCTAssertTrue(result.stdout.contains(name), "help does not mention \(name)")
            }
        }
        XCTAssertEqual(try tablint(["-h"]), result)
    }

    func testVersionPrintsTheVersionAlone() throws {
        let result = try tablint(["--version"])
        XCTAssertEqual(result, ProcessResult(status: 0, stdout: "0.1.0\n", stderr: ""))
    }

    func testAnUnknownFlagIsAUsageErrorWithAHint() throws {
        let result = try tablint(["--frobnicate", "."])
        XCTAssertEqual(result, ProcessResult(
            status: 2, stdout: "",
            stderr: "tablint: error: unknown option '--frobnicate'\nRun 'tablint --help' for usage.\n"))
    }

    func testABadJobsValueIsAUsageError() throws {
        for arguments in [["--jobs", "zero"], ["--jobs", "0"], ["--jobs=-3"], ["--jobs"], ["-j"]] {
            let result = try tablint(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("tablint: error: -"), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("-j"), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasSuffix("Run 'tablint --help' for usage.\n"), "\(arguments)")
        }
    }

    func testDoubleDashEndsOptions() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("-x.swift", Self.invalidUTF8(at: 2))

        let afterDashes = try tablint(["--", "-x.swift"], in: dir.path)
        XCTAssertEqual(afterDashes.status, 1)
        XCTAssertEqual(afterDashes.stdout, Self.encodingLine("-x.swift", column: 2) + "\n")

        let asAFlag = try tablint(["-x.swift"], in: dir.path)
        XCTAssertEqual(asAFlag.status, 2)
        XCTAssertTrue(asAFlag.stderr.hasPrefix("tablint: error: unknown option '-x.swift'"), asAFlag.stderr)
    }

    // MARK: - Exit status and output

    func testACleanTreeExitsZeroAndPrintsOnlyTheSummary() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Sources/a.swift")
        try dir.write("Sources/b.tbl", "machine Timer\ninitial Idle\nstates  Idle Running\nactions Start Stop\nIdle    | GO(Running) | IGNORE\nRunning | IGNORE      | GO(Idle)\n")

        let result = try tablint([dir.path])

        XCTAssertEqual(result, ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 2 files\n"))
    }

    func testAnErrorExitsOneWithACompilerStyleLine() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Sources/Bad.swift", Self.invalidUTF8(at: 5))
        try dir.write("Sources/Good.swift")

        let result = try tablint(["Sources"], in: dir.path)

        XCTAssertEqual(result, ProcessResult(
            status: 1, stdout: Self.encodingLine("Sources/Bad.swift", column: 5) + "\n",
            stderr: "1 error, 0 warnings in 2 files\n"))
    }

    /// The acceptance case: a 2-cell row in a 3-action table, found by walking a folder.
    func testARowArityErrorInAWalkedFolderExitsOneAndACorrectTableExitsZero() throws {
        let dir = try TemporaryDirectory(self)
        let table = { (secondRow: String) in """
            // swift-format-ignore-file
            extension Timer {
                static let TABLE = Table(
                    machine: "Timer",
                    states: ["Idle", "Running"],
                    actions: ["Start", "Tick", "Cancel"],
                    cells: [
                        [.handle, .ignore, .ignore],
                        \(secondRow)
                    ],
                    initial: "Idle"
                )
            }

            """ }
        try dir.write("Broken/Sources/Timer.tb.swift", Array(table("[.ignore, .handle],").utf8))
        try dir.write("Correct/Sources/Timer.tb.swift", Array(table("[.ignore, .handle, .go(target: \"Idle\", effects: [])],").utf8))

        XCTAssertEqual(try tablint(["Broken"], in: dir.path), ProcessResult(
            status: 1,
            stdout: """
                Broken/Sources/Timer.tb.swift:9:13: error: row `Running` has 2 cells, expected 3. Expected columns: Start Tick Cancel [tabular-center::row-arity]
                Broken/Sources/Timer.tb.swift:6:18: note: the actions are declared here

                """,
            stderr: "1 error, 0 warnings in 1 file\n"))
        XCTAssertEqual(try tablint(["Correct"], in: dir.path),
                       ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 1 file\n"))
    }

    /// `--dispatcher NAME` makes a function of another state-machine library a dispatcher.
    func testTheDispatcherFlagNamesMoreDispatcherFunctions() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Light.swift", """
            enum Light { case red, green }
            enum Event { case go, stop }
            func shouldTransition(from s: Light, to e: Event) -> Bool {
                switch (s, e) {
                case (.red, .go): return true
                default: return false
                }
            }

            """)
        XCTAssertEqual(try tablint(["Light.swift"], in: dir.path),
                       ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 1 file\n"))
        let flagged = try tablint(["--dispatcher", "shouldTransition", "Light.swift"], in: dir.path)
        XCTAssertEqual(flagged.status, 1)
        XCTAssertTrue(flagged.stdout.hasPrefix("Light.swift:6:5: error: `default:` in dispatcher `shouldTransition`"), flagged.stdout)
        XCTAssertTrue(flagged.stdout.contains("Light.swift:4:5: note: `switch (s, e)` is a dispatcher because `shouldTransition` is named with `--dispatcher`"), flagged.stdout)
        XCTAssertEqual(try tablint(["--dispatcher", "not a name", "Light.swift"], in: dir.path).status, 2)
    }

    func testANonexistentPathExitsTwoAndLintsNothing() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Bad.swift", Self.invalidUTF8(at: 1))

        let result = try tablint(["Bad.swift", "Missing", "Gone.swift"], in: dir.path)

        XCTAssertEqual(result, ProcessResult(
            status: 2, stdout: "",
            stderr: "tablint: error: no such file or directory: Missing\ntablint: error: no such file or directory: Gone.swift\n"))
    }

    func testPathsAreShownAsTheUserGaveThem() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Examples/Broken.tb.swift", Self.invalidUTF8(at: 3))

        XCTAssertEqual(try tablint(["Examples"], in: dir.path).stdout,
                       Self.encodingLine("Examples/Broken.tb.swift", column: 3) + "\n")
        XCTAssertEqual(try tablint(["Examples/"], in: dir.path).stdout,
                       Self.encodingLine("Examples/Broken.tb.swift", column: 3) + "\n")
        XCTAssertEqual(try tablint(["./Examples"], in: dir.path).stdout,
                       Self.encodingLine("./Examples/Broken.tb.swift", column: 3) + "\n")
        XCTAssertEqual(try tablint(["."], in: dir.path).stdout,
                       Self.encodingLine("./Examples/Broken.tb.swift", column: 3) + "\n")
        XCTAssertEqual(try tablint([], in: dir.path).stdout,
                       Self.encodingLine("Examples/Broken.tb.swift", column: 3) + "\n")
        let absolute = FileWalker.join(dir.path, "Examples")
        XCTAssertEqual(try tablint([absolute], in: "/").stdout,
                       Self.encodingLine(absolute + "/Broken.tb.swift", column: 3) + "\n")
    }

    func testOutputIsSortedAndIdenticalForEveryJobCount() throws {
        let dir = try TemporaryDirectory(self)
        var expected: [String] = []
        for index in 0..<24 {
            // Names chosen so that walk order, creation order and sorted order all differ.
            let path = index % 3 == 0 ? "Z\(index)/f.swift" : index % 3 == 1 ? "a\(25 - index).swift" : "M/\(index).tbl"
            try dir.write(path, Self.invalidUTF8(at: index % 7 + 1))
            expected.append(Self.encodingLine(path, column: index % 7 + 1))
        }
        // Walk order (pre-order by name: `k`, `k-b.swift`, `k.swift`) differs from path order
        // (`k-b.swift` < `k.swift` < `k/x.swift`), so only a real sort gets these right.
        for (path, column) in [("k/x.swift", 4), ("k-b.swift", 5), ("k.swift", 6)] {
            try dir.write(path, Self.invalidUTF8(at: column))
            expected.append(Self.encodingLine(path, column: column))
        }
        try dir.write("M/clean.swift")
        expected.sort()

        let serial = try tablint(["--jobs", "1"], in: dir.path)
        XCTAssertEqual(serial.status, 1)
        XCTAssertEqual(serial.stdout, expected.map { $0 + "\n" }.joined())
        XCTAssertEqual(serial.stderr, "27 errors, 0 warnings in 28 files\n")
        for jobs in ["2", "3", "16"] {
            XCTAssertEqual(try tablint(["-j", jobs], in: dir.path), serial, "--jobs \(jobs)")
        }
        XCTAssertEqual(try tablint([], in: dir.path), serial, "default job count")

        let reversed = try tablint(["k.swift", "k-b.swift", "k", "-j", "2"], in: dir.path)
        XCTAssertEqual(reversed.stdout, [
            Self.encodingLine("k-b.swift", column: 5), Self.encodingLine("k.swift", column: 6),
            Self.encodingLine("k/x.swift", column: 4),
        ].map { $0 + "\n" }.joined())
    }

    func testWalkingSkipsBuildAndHiddenFoldersButAnExplicitPathIsLinted() throws {
        let dir = try TemporaryDirectory(self)
        for folder in [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".hidden"] {
            try dir.write("\(folder)/Bad.swift", Self.invalidUTF8(at: 1))
        }
        try dir.write("notes.txt", Self.invalidUTF8(at: 1))
        try dir.write("Sources/Good.swift")

        XCTAssertEqual(try tablint([], in: dir.path),
                       ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 1 file\n"))

        let named = try tablint(["notes.txt", "Pods"], in: dir.path)
        XCTAssertEqual(named.status, 1)
        XCTAssertEqual(named.stdout, [
            Self.encodingLine("Pods/Bad.swift", column: 1), Self.encodingLine("notes.txt", column: 1),
        ].map { $0 + "\n" }.joined())
        XCTAssertEqual(named.stderr, "2 errors, 0 warnings in 2 files\n")
    }

    func testABinaryFileGetsOneEncodingDiagnosticAndNoCrash() throws {
        let dir = try TemporaryDirectory(self)
        var generator = SplitMix64(seed: 0x7AB1)
        var random = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        random[0] = UInt8(ascii: "x")
        random[1] = 0x00
        try dir.write("blob.swift", random)
        try dir.write("image.tbl", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])

        let result = try tablint(["."], in: dir.path)

        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "./blob.swift:1:2: error: a NUL byte (binary file?); expected UTF-8 text, so tablint checks nothing in this file [tablint::encoding]",
            "./image.tbl:1:1: error: invalid UTF-8 byte 0x89; expected UTF-8 text, so tablint checks nothing in this file [tablint::encoding]",
        ])
        XCTAssertEqual(result.stderr, "2 errors, 0 warnings in 2 files\n")
    }

    func testASymlinkLoopTerminates() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Tree/Inner/a.swift")
        try dir.link("Tree/Inner/back", to: "../..")
        try dir.link("Tree/self", to: "self")
        try dir.link("Tree/loop.swift", to: "loop.swift")

        let result = try tablint(["Tree"], in: dir.path)

        XCTAssertEqual(result, ProcessResult(status: 0, stdout: "", stderr: "0 errors, 0 warnings in 1 file\n"))
    }

    func testAnUnreadableFileExitsTwoAndTheRestIsStillLinted() throws {
        try skipIfRoot()
        let dir = try TemporaryDirectory(self)
        try dir.write("Locked.swift")
        try dir.write("Bad.swift", Self.invalidUTF8(at: 2))
        try dir.chmod("Locked.swift", 0o000)

        let result = try tablint(["."], in: dir.path)

        XCTAssertEqual(result, ProcessResult(
            status: 2, stdout: Self.encodingLine("./Bad.swift", column: 2) + "\n",
            stderr: "tablint: error: cannot read ./Locked.swift: Permission denied\n1 error, 0 warnings in 1 file\n"))
    }

    // MARK: - In process

    func testAReadFailureIsReportedAndWinsOverErrors() throws {
        let dir = try TemporaryDirectory(self)
        let bad = try dir.write("Bad.swift", Self.invalidUTF8(at: 2))
        let locked = try dir.write("Locked.swift")
        var out = ""
        var err = ""

        let status = Tablint.run(arguments: [bad, locked], stdout: &out, stderr: &err) { path in
            path == locked ? .failure(SystemError(code: EACCES)) : FileIO.readFile(path)
        }

        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, Self.encodingLine(bad, column: 2) + "\n")
        XCTAssertEqual(err, "tablint: error: cannot read \(locked): Permission denied\n1 error, 0 warnings in 1 file\n")
    }

    func testTheReaderIsCalledOncePerFile() throws {
        let dir = try TemporaryDirectory(self)
        for index in 0..<10 { try dir.write("f\(index).swift") }
        let counts = ReadCounter()
        var out = ""
        var err = ""

        let status = Tablint.run(arguments: ["--jobs", "2", dir.path], stdout: &out, stderr: &err) { path in
            counts.record(path)
            return FileIO.readFile(path)
        }

        XCTAssertEqual(status, 0)
        XCTAssertEqual(counts.paths.sorted(), (0..<10).map { FileWalker.join(dir.path, "f\($0).swift") })
    }

    func testExitStatusCountsOnlyErrors() {
        let location = SourceLocation(offset: 0, line: 1, column: 1)
        func diagnostic(_ severity: Severity) -> Diagnostic {
            Diagnostic(path: "a.swift", start: location, end: location, severity: severity, message: "m", code: "c")
        }
        XCTAssertEqual(Tablint.exitStatus(for: [], failed: false), .clean)
        XCTAssertEqual(Tablint.exitStatus(for: [diagnostic(.warning), diagnostic(.note)], failed: false), .clean)
        XCTAssertEqual(Tablint.exitStatus(for: [diagnostic(.warning), diagnostic(.error)], failed: false), .errorsReported)
        XCTAssertEqual(Tablint.exitStatus(for: [diagnostic(.error)], failed: true), .failure)
        XCTAssertEqual(Tablint.exitStatus(for: [], failed: true), .failure)
    }

    func testTheRunnerReadsNothingElseAndSortsItsOutcome() {
        let files = ["b.swift", "a.swift", "c.txt"]
        let contents: [String: [UInt8]] = [
            "a.swift": Self.invalidUTF8(at: 3), "b.swift": Self.invalidUTF8(at: 1), "c.txt": Self.invalidUTF8(at: 2),
        ]
        for jobs in [1, 2, 5] {
            let outcome = TestRun.lintFiles(files, jobs: jobs) { path in
                contents[path].map { .success($0) } ?? .failure(SystemError(code: ENOENT))
            }
            XCTAssertEqual(outcome.diagnostics.map(\.path), ["a.swift", "b.swift", "c.txt"], "jobs \(jobs)")
            XCTAssertEqual(outcome.lintedFileCount, 3)
            XCTAssertEqual(outcome.failures, [])
        }
    }

    // MARK: - Parsing

    func testParsingOptionsAndPaths() throws {
        let options = try OptionParser.parse(["-j", "3", "Sources", "--jobs=5", "-", "--", "--help", "-j"])
        XCTAssertEqual(options.jobs, 5)
        XCTAssertEqual(options.paths, ["Sources", "-", "--help", "-j"])
        XCTAssertFalse(options.showHelp)
        XCTAssertFalse(options.showVersion)

        let defaults = try OptionParser.parse([])
        XCTAssertEqual(defaults.paths, [])
        XCTAssertEqual(defaults.jobs, Options.defaultJobs)
        XCTAssertGreaterThanOrEqual(defaults.jobs, 1)

        XCTAssertTrue(try OptionParser.parse(["x", "--version"]).showVersion)
        XCTAssertTrue(try OptionParser.parse(["-h"]).showHelp)
    }

    func testParsingErrors() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try OptionParser.parse(arguments)
                return nil
            } catch {
                return (error as? UsageError)?.message
            }
        }
        XCTAssertEqual(message(["--nope"]), "unknown option '--nope'")
        XCTAssertEqual(message(["--nope=3"]), "unknown option '--nope'")
        XCTAssertEqual(message(["-x"]), "unknown option '-x'")
        XCTAssertEqual(message(["--help=yes"]), "--help takes no value")
        XCTAssertEqual(message(["--jobs"]), "--jobs needs a value: --jobs N")
        XCTAssertEqual(message(["--jobs", "2.5"]), "--jobs expects a positive whole number, got '2.5'")
        XCTAssertEqual(message(["--jobs="]), "--jobs expects a positive whole number, got ''")
    }

    func testEveryOptionSpellingIsUnique() {
        let names = OptionParser.options.flatMap(\.names)
        XCTAssertEqual(names.count, Set(names).count)
        XCTAssertFalse(names.contains("--"))
    }
}

/// Records the paths a reader was asked for, from any thread.
final class ReadCounter {
    private let lock = NSLock()
    private var recorded: [String] = []

    func record(_ path: String) {
        lock.lock()
        recorded.append(path)
        lock.unlock()
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
