import Foundation
import XCTest
@testable import TablintKit

/// `tablint export` and `tablint diff` used as a new user would, on the layouts real teams
/// write: a `Table` beside its `FIXTURE` pin, a conflicted merge, `main...HEAD`, a file in
/// place of the output folder. Each case failed before its fix.
final class ExportLayoutTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    /// A `Table` literal and, below it, the `.tbl` pin of the same machine in a string.
    static let tableWithPin = """
        let TIMER_TABLE = Table(
            machine: "Timer",
            states: ["Idle", "Running"],
            actions: ["Start", "Stop"],
            cells: [
                [.go(target: "Running", effects: ["StartClock"]), .ignore],
                [.ignore,                                         .go(target: "Idle", effects: ["StopClock"])],
            ],
            initial: "Idle"
        )

        let FIXTURE = \"\"\"
            machine Timer
            states  Idle Running
            actions Start Stop
            initial Idle
            Idle    | GO(Running, StartClock) | IGNORE
            Running | IGNORE                  | GO(Idle, HaltClock)
            \"\"\"

        """

    static let timerGrid = "Timer    Start                    Stop\nIdle     GO(Running, StartClock)  IGNORE\nRunning  IGNORE                   GO(Idle, StopClock)\n"

    // MARK: Export: a source beside its pin

    /// The pin repeats the source in the same file: the source is exported, once, and a
    /// one-machine format is not a dead end (before, `--machine Timer` chose both).
    func testASourceBesideItsPinIsExportedOnce() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        let grid = run(["export", path])
        XCTAssertEqual(grid.status, 0, grid.stderr)
        XCTAssertEqual(grid.stdout, Self.timerGrid)
        let dot = run(["export", "--format", "dot", path])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(dot.stdout.hasPrefix("digraph Timer {\n"), dot.stdout)
        XCTAssertTrue(dot.stdout.contains("Running -> Idle [label=\"Stop / StopClock\"];"), dot.stdout)
        XCTAssertTrue(dot.stderr.contains("tablint: note: pin `Timer` (\(path):12) is not exported: it repeats its source \(path):1; --machine 'pin Timer' exports the pin\n"), dot.stderr)
        let output = run(["export", "--output", folder.path + "/out", path])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/out/Timer.grid", encoding: .utf8), Self.timerGrid)
    }

    /// `--machine 'pin NAME'` exports the pins of NAME alone; a `.tbl` named on the command
    /// line is exported even beside its source.
    func testPinNameSelectsThePin() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        let pin = run(["export", "--format", "mermaid", "--machine", "pin Timer", path])
        XCTAssertEqual(pin.status, 0, pin.stderr)
        XCTAssertTrue(pin.stdout.contains("Running --> Idle: Stop / HaltClock\n"), pin.stdout)
        let tbl = try folder.write("Timer.tbl", "machine Timer\nstates Idle\nactions Go\ninitial Idle\nIdle | GO(Idle)\n")
        let both = run(["export", path, tbl])
        XCTAssertEqual(both.stdout, Self.timerGrid + "\nTimer  Go\nIdle   GO(Idle)\n", both.stderr)
    }

    /// A folder is exported as `tablint` lints it: the `.tablint` excludes apply (before, a
    /// generated copy in an excluded folder was exported too); a file named is exported.
    func testExportHonoursTheConfigurationExcludes() throws {
        let folder = try TemporaryDirectory(self)
        try folder.write(".tablint", "--exclude Generated\n")
        try folder.write("Sources/Timer.swift", Self.tableWithPin)
        let generated = try folder.write("Generated/Copy.swift", Self.tableWithPin.replacingOccurrences(of: "\"Timer\"", with: "\"Copy\""))
        let result = run(["export", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, Self.timerGrid)
        XCTAssertTrue(run(["export", generated]).stdout.hasPrefix("Copy "))
    }

    // MARK: Export: messages that name what was found

    /// A name that matches nothing lists the machines that are there.
    func testAnUnknownMachineListsTheMachinesFound() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        let result = run(["export", "--machine", "Tmier", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasSuffix("tablint: error: no machine named 'Tmier' in \(path); found:\n  Timer (\(path):1)\n  Timer (pin, \(path):12)\n"), result.stderr)
    }

    /// Two sources of one name: `--machine NAME` would choose both again, so the hint names
    /// the way that works.
    func testTwoSourcesOfOneNameAreToldApartByTheirFiles() throws {
        let folder = try TemporaryDirectory(self)
        let a = try folder.write("a/Timer.swift", Self.tableWithPin)
        try folder.write("b/Timer.swift", Self.tableWithPin)
        let result = run(["export", "--format", "dot", "--machine", "Timer", folder.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("; choose one with --machine NAME and the path of its file (machines that share a name are told apart by their files only)\n"), result.stderr)
        let one = run(["export", "--format", "dot", "--machine", "Timer", a])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("digraph Timer {\n"), one.stdout)
    }

    /// A refused machine is named, with the rules that refuse it: an `alignment` error beside
    /// it does not refuse anything, so the diagnostics alone do not say what was left out.
    func testARefusedMachineIsNamed() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Broken.swift", """
            let BROKEN = Table(
                machine: "Broken",
                states: ["A", "B"],
                actions: ["X"],
                cells: [
                    [.ignore],
                ],
                initial: "A"
            )

            """)
        let result = run(["export", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasSuffix("tablint: error: `Broken` (\(path):1) is not exported: the library could not build it [tabular-center::missing-row]\n"), result.stderr)
    }

    /// Standard input is not read by export: said so, not `no such file or directory: -`.
    func testStandardInputIsRefusedPlainly() {
        let result = run(["export", "-"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("tablint: error: tablint export reads files, not standard input ('-'); name the file (or write `--` before a path named '-')\n"), result.stderr)
    }

    // MARK: Export: --output

    /// A file where the folder should be, or under a file: named as such, with the system's
    /// reason, and nothing written.
    func testOutputIntoAFileIsNamed() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        let file = try folder.write("out", "keep\n")
        let result = run(["export", "--output", file, path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("tablint: error: --output \(file): is a file, not a folder\n"), result.stderr)
        let below = run(["export", "--output", file + "/sub", path])
        XCTAssertEqual(below.status, 2)
        XCTAssertTrue(below.stderr.hasSuffix("tablint: error: cannot create \(file)/sub: \(file) is a file, not a folder\n"), below.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep\n")
    }

    func testOutputIntoAnExistingFolderKeepsItsOtherFiles() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        try folder.write("out/notes.txt", "keep\n")
        try folder.write("out/Timer.grid", "old\n")
        let result = run(["export", "--output", folder.path + "/out/", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").sorted(), ["Timer.grid", "notes.txt"])
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/out/Timer.grid", encoding: .utf8), Self.timerGrid)
    }

    /// Nothing exported, no folder made: a `--machine` typo or a refused matrix left an empty
    /// output folder behind.
    func testNothingExportedMakesNoOutputFolder() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Timer.swift", Self.tableWithPin)
        let typo = run(["export", "--machine", "Tmier", "--output", folder.path + "/typo", path])
        XCTAssertEqual(typo.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/typo"))
        let broken = try folder.write("Broken.swift", "let B = Table(machine: \"B\", states: [\"A\"], actions: [\"X\"], cells: [[.ignore, .ignore]])\n")
        let refused = run(["export", "--output", folder.path + "/refused", broken])
        XCTAssertEqual(refused.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/refused"))
    }

    /// `Timer.grid` and `timer.grid` are one file on a case-insensitive file system: the
    /// second would overwrite the first there, so both are refused everywhere.
    func testOutputRefusesNamesThatDifferOnlyInCase() throws {
        let folder = try TemporaryDirectory(self)
        try folder.write("a.tbl", "machine Timer\nstates Idle\nactions Go\ninitial Idle\nIdle | GO(Idle)\n")
        try folder.write("b.tbl", "machine timer\nstates Idle\nactions Go\ninitial Idle\nIdle | IGNORE\n")
        let result = run(["export", "--output", folder.path + "/out/", folder.path + "/a.tbl", folder.path + "/b.tbl"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("tablint: error: `Timer` and `timer` differ only in case: \(folder.path)/a.tbl:1 and \(folder.path)/b.tbl:1; both would be written to \(folder.path)/out/Timer.grid; export one with --machine and a path\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    // MARK: Markdown

    /// A backtick in a name does not end its code span.
    func testMarkdownCodeSpansHoldBackticks() throws {
        let folder = try TemporaryDirectory(self)
        let path = try folder.write("Tick.swift", """
            let T = Table(
                machine: "Tick",
                states: ["A", "B"],
                actions: ["X"],
                cells: [
                    [.go(target: "B", effects: ["Say`Hi`"])],
                    [.ignore],
                ],
                initial: "A"
            )

            """)
        let result = run(["export", "--format", "markdown", path])
        XCTAssertTrue(result.stdout.contains("| A | ``GO(B, Say`Hi`)`` |\n"), result.stdout)
        XCTAssertEqual(MarkdownExport.code("`x"), "`` `x ``")
        XCTAssertEqual(MarkdownExport.code("a``b"), "```a``b```")
        XCTAssertEqual(MarkdownExport.code("IGNORE"), "`IGNORE`")
    }

    // MARK: Diff: a matrix whose shape is broken

    /// A conflicted merge leaves a row inside markers: the row is missing, so its cells would
    /// read as `→ no cell`. That is a guess; it is trouble instead (before: three "changes").
    func testAMissingRowIsTroubleNotNoCell() throws {
        let folder = try TemporaryDirectory(self)
        let old = try folder.write("old/Timer.swift", Self.tableWithPin)
        let conflicted = Self.tableWithPin.replacingOccurrences(
            of: "        [.ignore,                                         .go(target: \"Idle\", effects: [\"StopClock\"])],\n",
            with: "<<<<<<< HEAD\n        [.ignore, .handle],\n=======\n        [.ignore, .ignore],\n>>>>>>> side\n")
        XCTAssertNotEqual(conflicted, Self.tableWithPin)
        let new = try folder.write("new/Timer.swift", conflicted)
        let result = run(["diff", old, new])
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(result.stderr.contains("no cell"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[tabular-center::missing-row]"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("tablint: error: cannot compare: a matrix above cannot be read, so its changes would be guessed\n"), result.stderr)

        let arity = try folder.write("arity/Timer.swift", Self.tableWithPin.replacingOccurrences(of: "[.ignore,                                         .go", with: "[.go"))
        let short = run(["diff", old, arity])
        XCTAssertEqual(short.status, 2, short.stdout)
        XCTAssertTrue(short.stderr.contains("[tabular-center::row-arity]"), short.stderr)
    }

    /// Two copies of one machine in a folder, one renamed: each pairs with itself (the same
    /// file first), not by position (before: both reported changed).
    func testCopiesOfOneNamePairByFileFirst() throws {
        let folder = try TemporaryDirectory(self)
        let other = Self.tableWithPin.replacingOccurrences(of: "effects: [\"StartClock\"]), .ignore]", with: "effects: [\"StartClock\"]), .handle]")
        try folder.write("old/a/Timer.swift", Self.tableWithPin)
        try folder.write("old/b/Timer.swift", other)
        // A comment, so that the file is read again on both sides (an unchanged file is not).
        try folder.write("new/b/Timer.swift", "// the copy kept in b\n" + other)
        try folder.write("new/c/Timer.swift", Self.tableWithPin)
        let result = run(["diff", folder.path + "/old", folder.path + "/new"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// A state declared twice: only its first row paired, so a change in the second went
    /// unseen (status 0). Trouble instead.
    func testADuplicateStateIsTrouble() throws {
        let folder = try TemporaryDirectory(self)
        let twice = Self.tableWithPin.replacingOccurrences(of: "states: [\"Idle\", \"Running\"]", with: "states: [\"Idle\", \"Idle\"]")
        let old = try folder.write("old/Timer.swift", twice)
        let new = try folder.write("new/Timer.swift", twice.replacingOccurrences(of: "effects: [\"StopClock\"]", with: "effects: [\"HaltClock\"]"))
        let result = run(["diff", old, new])
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("\(old):3:22: error: Timer: state `Idle` is declared twice, so its cells cannot be paired by name [tablint::duplicate-name]\n"), result.stderr)
    }

    // MARK: Diff: a pin against its source

    /// What the library's `table-diff` is for: does the pin still match the table? Two files
    /// named, a pin alone in one and the source alone in the other, are compared with each
    /// other (before: "pin removed" and "machine added", and no cell compared).
    func testAPinIsComparedWithItsSourceWhenTwoFilesAreNamed() {
        let folder = "Export/Diff"
        let oldPin = Fixtures.url("\(folder)/timer.old.tbl").path, oldSource = Fixtures.url("\(folder)/timer.old.tb.swift").path
        let same = run(["diff", oldPin, oldSource])
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertEqual(same.stdout, "")
        XCTAssertEqual(run(["diff", oldPin, Fixtures.url("\(folder)/timer.machine.tb.swift").path]).status, 0)
        let newPin = Fixtures.url("\(folder)/timer.new.tbl").path, newSource = Fixtures.url("\(folder)/timer.new.tb.swift").path
        let drifted = run(["diff", newPin, newSource])
        XCTAssertEqual(drifted.status, 1, drifted.stderr)
        XCTAssertEqual(drifted.stdout, """
            \(newSource):6:28: note: Timer: action `Cancel` added: (Idle, Cancel): IGNORE, (Running, Cancel): GO(Idle, StopClock), (Done, Cancel): IGNORE
            \(newSource):9:109: note: Timer: (Running, Tick): GO(Done, StopClock) → HANDLE
            \(newSource):10:109: note: Timer: (Done, Tick): IGNORE → GO(Idle)

            """)
    }

    // MARK: Diff: git

    func repository() throws -> TemporaryDirectory {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed")
        let repository = try TemporaryDirectory(self)
        try repository.write("Timer.swift", Self.tableWithPin)
        try shell("git init -q -b main && git config user.email t@example.com && git config user.name T && git config commit.gpgsign false && git add -A && git commit -qm one", in: repository.path)
        try shell("git checkout -qb topic", in: repository.path)
        try repository.write("Timer.swift", Self.tableWithPin.replacingOccurrences(of: "effects: [\"StartClock\"]), .ignore]", with: "effects: [\"StartClock\"]), .handle]"))
        try shell("git commit -qam two && git checkout -q main", in: repository.path)
        // main moves on too, in the pin: `main..topic` would show it, `main...topic` must not.
        try repository.write("Timer.swift", Self.tableWithPin.replacingOccurrences(of: "HaltClock", with: "StopClock"))
        try shell("git commit -qam other && git checkout -q topic", in: repository.path)
        return repository
    }

    @discardableResult
    func shell(_ command: String, in directory: String) throws -> ProcessResult {
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["HOME"] = directory
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = variables
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = ProcessResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
        XCTAssertEqual(result.status, 0, command + "\n" + result.stderr)
        return result
    }

    func tablint(_ arguments: String, in repository: TemporaryDirectory, wrappedIn command: String? = nil) throws -> ProcessResult {
        let executable = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["HOME"] = repository.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (command ?? "'\(executable.path)'") + " " + arguments]
        process.currentDirectoryURL = URL(fileURLWithPath: repository.path)
        process.environment = variables
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static let topicChange = "Timer.swift:6:59: note: Timer: (Idle, Stop): IGNORE → HANDLE\n"

    /// `main...topic`, git's "since the branches parted" that a pull request shows, compares
    /// the merge base with `topic` (before: `bad revision '.topic'`).
    func testThreeDotsCompareWithTheMergeBase() throws {
        let repository = try repository()
        let three = try tablint("diff --git main...topic", in: repository)
        XCTAssertEqual(three.status, 1, three.stderr)
        XCTAssertEqual(three.stdout, Self.topicChange)
        let bad = try tablint("diff --git main...nope", in: repository)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("nope"), bad.stderr)
    }

    /// `--git main topic` reads as two revisions to a git user; tablint took `topic` as a
    /// path, found nothing and said "no change" (status 0).
    func testASecondRevisionIsNotTakenForAPath() throws {
        let repository = try repository()
        let result = try tablint("diff --git main topic", in: repository)
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertEqual(result.stderr, "tablint: error: no such file or directory: topic (to compare two revisions, write --git main..topic; paths after `--` need not exist)\n")
        let path = try tablint("diff --git topic~1 Timer.swift", in: repository)
        XCTAssertEqual(path.status, 1, path.stderr)
        XCTAssertEqual(path.stdout, Self.topicChange)
    }

    /// With `core.autocrlf`, git warns on standard error for every changed file before its
    /// listing ends; tablint read standard output to its end first and hung once the warnings
    /// filled the pipe (a few hundred files).
    func testManyGitWarningsDoNotHang() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout"), "timeout is not installed")
        let repository = try repository()
        let long = String(repeating: "n", count: 150)
        try shell("i=0; while [ $i -lt 400 ]; do echo a > \(long)$i.txt; i=$((i+1)); done; git add -A && git commit -qm many && for f in \(long)*.txt; do echo b >> $f; done && git config core.autocrlf true", in: repository.path)
        let warnings = try shell("git diff --name-only 2>&1 >/dev/null | wc -c", in: repository.path).stdout
        XCTAssertGreaterThan(Int(warnings.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 65_536, "more than a pipe holds")
        let executable = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        let result = try tablint("diff; echo \"status $?\"", in: repository, wrappedIn: "timeout 60 '\(executable.path)'")
        XCTAssertEqual(result.stdout, "status 0\n", result.stderr)
    }

    /// Outside a repository, `tablint diff` says what it needs, not `git rev-parse failed`.
    func testOutsideARepositoryTheMessageSaysWhatToDo() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed")
        let folder = try TemporaryDirectory(self)
        let result = try tablint("diff", in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "tablint: error: tablint diff compares with git's HEAD, but the current folder is not in a git repository; to compare two files or folders: tablint diff OLD NEW\n")
    }
}
