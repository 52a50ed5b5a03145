import Foundation
import XCTest
@testable import TablintKit

/// `tablint diff`: behaviour changes by name, in text, Markdown and JSON, between files,
/// folders and git revisions, and as git's external diff driver.
final class TableDiffTests: XCTestCase {
    static let folder = "Export/Diff"

    func path(_ name: String) -> String { Fixtures.url("\(Self.folder)/\(name)").path }

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    // MARK: The comparison

    /// An added action is one change listing its cells, not a change in every later column;
    /// the changed cell is reported at its new place.
    func testAnAddedActionIsOneChangeAndAChangedCellAnother() {
        let old = path("timer.old.tb.swift"), new = path("timer.new.tb.swift")
        let result = run(["diff", old, new])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            \(new):6:28: note: Timer: action `Cancel` added: (Idle, Cancel): IGNORE, (Running, Cancel): GO(Idle, StopClock), (Done, Cancel): IGNORE
            \(new):10:109: note: Timer: (Done, Tick): IGNORE → GO(Idle)

            """)
        XCTAssertEqual(result.stderr, "")
    }

    func testReorderingRealigningAndCommentsAreNoChange() {
        let result = run(["diff", path("timer.old.tb.swift"), path("timer.realigned.tb.swift")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(run(["diff", "--format", "markdown", path("timer.old.tb.swift"), path("timer.realigned.tb.swift")]).stdout,
                       "No behaviour change.\n")
    }

    func testAReorderedPinIsNoChange() {
        let result = run(["diff", path("timer.old.tbl"), path("timer.reordered.tbl")])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// Removals are reported at the old file's line; additions and the initial at the new one.
    func testRemovalsAtTheOldLineAndTheInitial() {
        let old = path("timer.old.tb.swift"), new = path("timer.smaller.tb.swift")
        XCTAssertEqual(run(["diff", old, new]).stdout, """
            \(new):12:18: note: Timer: initial: Idle → Running
            \(old):5:37: note: Timer: state `Done` removed: (Done, Start): GO(Running, StartClock), (Done, Tick): IGNORE
            \(new):5:37: note: Timer: state `Paused` added: (Paused, Start): GO(Running)
            \(old):6:28: note: Timer: action `Tick` removed: (Idle, Tick): IGNORE, (Running, Tick): HANDLE

            """)
    }

    func testPinsAreComparedAndLabelled() {
        let new = path("timer.new.tbl")
        XCTAssertEqual(run(["diff", path("timer.old.tbl"), new]).stdout,
                       "\(new):8:37: note: pin Timer: (Running, Tick): HANDLE → GO(Done, StopClock)\n")
    }

    /// An `@Machine` enum holding the same matrix as a `Table` (lowerCamel names) is no change.
    func testAnEnumAgainstItsTableComparesNamesWithTheFirstLetterFolded() {
        let result = run(["diff", path("timer.old.tb.swift"), path("timer.machine.tb.swift")])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testMachinesAddedAndRemoved() throws {
        let old = try Fixtures.source(Fixtures.url("\(Self.folder)/timer.old.tb.swift"))
        let matrix = try XCTUnwrap(LintContext(file: old).matrices.first)
        let diff = TableDiff.compare(old: [TableDiff.Side(label: "old.tb.swift", file: old, matrix: matrix)], new: [])
        XCTAssertEqual(diff.text, "old.tb.swift:4:18: note: Timer: machine `Timer` removed: 3 states (Idle Running Done), 2 actions (Start Tick), initial Idle\n")
        XCTAssertTrue(diff.hasChanges)
    }

    // MARK: Formats

    func testMarkdownIsATablePerMachine() {
        let new = path("timer.new.tb.swift")
        XCTAssertEqual(run(["diff", "--format", "markdown", path("timer.old.tb.swift"), new]).stdout, """
            ### `Timer`

            | Change | Before | After | Where |
            |---|---|---|---|
            | action `Cancel` added |  | `(Idle, Cancel): IGNORE, (Running, Cancel): GO(Idle, StopClock), (Done, Cancel): IGNORE` | `\(new):6` |
            | `(Done, Tick)` | `IGNORE` | `GO(Idle)` | `\(new):10` |

            """)
    }

    func testTheReadmeMarkdownDiffIsTheOutput() throws {
        let readme = try ReadmeTests.page("docs/export-and-diff.md")
        let shown = try XCTUnwrap(readme.components(separatedBy: "<!-- diff-markdown:begin -->\n```markdown\n").dropFirst().first?
            .components(separatedBy: "```\n<!-- diff-markdown:end -->").first)
        let root = ReadmeTests.repository.path + "/"
        let result = run(["diff", "--format", "markdown", root + "Tests/Fixtures/Export/Diff/timer.old.tb.swift", root + "Tests/Fixtures/Export/Diff/timer.new.tb.swift"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(shown, result.stdout.replacingOccurrences(of: root, with: ""))
    }

    struct JSONDiff: Decodable {
        struct Machine: Decodable {
            var machine: String
            var pin: Bool
            var oldPath, newPath: String?
            var changes: [Change]
        }
        struct Change: Decodable {
            var kind, subject: String
            var state, action, old, new: String?
            var path: String
            var line, column: Int
        }
        var changed: Bool
        var machines: [Machine]
    }

    func testJSON() throws {
        let new = path("timer.new.tb.swift")
        let result = run(["diff", "--format", "json", path("timer.old.tb.swift"), new])
        let diff = try JSONDecoder().decode(JSONDiff.self, from: Data(result.stdout.utf8))
        XCTAssertTrue(diff.changed)
        XCTAssertEqual(diff.machines.map(\.machine), ["Timer"])
        XCTAssertEqual(diff.machines[0].changes.map(\.kind), ["action-added", "cell-changed"])
        let cell = diff.machines[0].changes[1]
        XCTAssertEqual([cell.state, cell.action, cell.old, cell.new], ["Done", "Tick", "IGNORE", "GO(Idle)"])
        XCTAssertEqual([cell.line, cell.column], [10, 109])
        XCTAssertEqual(cell.path, new)
        let unchanged = run(["diff", "--format", "json", path("timer.old.tb.swift"), path("timer.realigned.tb.swift")])
        XCTAssertEqual(unchanged.stdout, "{\n  \"changed\": false,\n  \"machines\": []\n}\n")
    }

    // MARK: Folders and trouble

    /// Machines pair by name across files: moving one to another file changes nothing.
    func testFoldersPairMachinesByName() throws {
        let folder = try TemporaryDirectory(self)
        try folder.copy(Fixtures.url("\(Self.folder)/timer.old.tb.swift"), to: "old/Timer.tb.swift")
        try folder.copy(Fixtures.url("\(Self.folder)/timer.realigned.tb.swift"), to: "new/Moved/Clock.tb.swift")
        try folder.copy(Fixtures.url("\(Self.folder)/timer.new.tbl"), to: "new/Timer.tbl")
        let result = run(["diff", folder.path + "/old", folder.path + "/new"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "\(folder.path)/new/Timer.tbl:2:9: note: pin Timer: machine `Timer` added: 3 states (Idle Running Done), 2 actions (Start Tick), initial Idle\n")
    }

    /// A matrix that cannot be read would look removed: that is trouble, not a change.
    func testAnUnreadableMatrixIsTrouble() throws {
        let folder = try TemporaryDirectory(self)
        try folder.copy(Fixtures.url("\(Self.folder)/timer.old.tb.swift"), to: "Old.tb.swift")
        try folder.copy(Fixtures.url("TableLiteral/unreadable-matrix.tb.swift"), to: "New.tb.swift")
        let result = run(["diff", folder.path + "/Old.tb.swift", folder.path + "/New.tb.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("[tablint::unreadable-matrix]"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("tablint: error: cannot compare: a matrix above cannot be read, so its changes would be guessed\n"), result.stderr)
        XCTAssertEqual(run(["diff", "one"]).status, 2)
        XCTAssertEqual(run(["diff", folder.path + "/Old.tb.swift", folder.path + "/Missing.tb.swift"]).status, 2)
    }

    // MARK: git

    /// A repository with one matrix file and commits: the original, an added action with a
    /// changed cell, and a realigned row.
    func gitRepository() throws -> TemporaryDirectory {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed")
        let repository = try TemporaryDirectory(self)
        try shell("git init -q && git config user.email t@example.com && git config user.name T && git config commit.gpgsign false", in: repository.path)
        try repository.copy(Fixtures.url("\(Self.folder)/timer.old.tb.swift"), to: "Sources/Timer.tb.swift")
        try shell("git add -A && git commit -qm original", in: repository.path)
        try repository.copy(Fixtures.url("\(Self.folder)/timer.new.tb.swift"), to: "Sources/Timer.tb.swift")
        try shell("git commit -qam 'add Cancel'", in: repository.path)
        let realigned = try String(contentsOfFile: repository.path + "/Sources/Timer.tb.swift", encoding: .utf8)
            .replacingOccurrences(of: "[.handle,                                         .ignore,", with: "[.handle, .ignore,")
        try repository.write("Sources/Timer.tb.swift", realigned)
        try shell("git commit -qam realign", in: repository.path)
        return repository
    }

    @discardableResult
    func shell(_ command: String, in directory: String, environment: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["HOME"] = directory
        variables["GIT_PAGER"] = "cat"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let output = directory + "/.out", errors = directory + "/.err"
        FileManager.default.createFile(atPath: output, contents: nil)
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let result = ProcessResult(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: output, encoding: .utf8), stderr: try String(contentsOfFile: errors, encoding: .utf8))
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: errors)
        return result
    }

    func tablint(_ arguments: String, in repository: TemporaryDirectory) throws -> ProcessResult {
        let executable = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        return try shell("'\(executable.path)' \(arguments)", in: repository.path)
    }

    static let addedAction = "Sources/Timer.tb.swift:6:28: note: Timer: action `Cancel` added: (Idle, Cancel): IGNORE, (Running, Cancel): GO(Idle, StopClock), (Done, Cancel): IGNORE\n"
    static let changedCell = "Sources/Timer.tb.swift:10:109: note: Timer: (Done, Tick): IGNORE → GO(Idle)\n"

    func testGitRevisions() throws {
        let repository = try gitRepository()
        let commit = try tablint("diff --git HEAD~2..HEAD~1", in: repository)
        XCTAssertEqual(commit.status, 1, commit.stderr)
        XCTAssertEqual(commit.stdout, Self.addedAction + Self.changedCell)
        let realign = try tablint("diff --git HEAD~1..HEAD", in: repository)
        XCTAssertEqual(realign.status, 0, realign.stderr)
        XCTAssertEqual(realign.stdout, "")
        let missing = try tablint("diff --git nope", in: repository)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("fatal: bad revision 'nope'"), missing.stderr)
    }

    /// The working tree against HEAD, which is what `tablint diff` alone compares; from a
    /// folder below the root, paths are relative to it, as git's.
    func testGitWorkingTree() throws {
        let repository = try gitRepository()
        XCTAssertEqual(try tablint("diff", in: repository).stdout, "")
        try repository.copy(Fixtures.url("\(Self.folder)/timer.smaller.tb.swift"), to: "Sources/Timer.tb.swift")
        let bare = try tablint("diff", in: repository)
        XCTAssertEqual(bare.status, 1, bare.stderr)
        XCTAssertTrue(bare.stdout.hasPrefix("Sources/Timer.tb.swift:12:18: note: Timer: initial: Idle → Running\nHEAD:Sources/Timer.tb.swift:5:37: note: Timer: state `Done` removed"), bare.stdout)
        let below = try shell("'\(try XCTUnwrap(CLITests.executable).path)' diff --git HEAD~2 -- .", in: repository.path + "/Sources")
        XCTAssertTrue(below.stdout.hasPrefix("Timer.tb.swift:12:18: note: Timer: initial: Idle → Running\nHEAD~2:Timer.tb.swift:5:37: note: Timer: state `Done` removed"), below.stdout + below.stderr)

        // An untracked matrix is new; a deleted one is removed, at its line in HEAD.
        try repository.copy(Fixtures.url("\(Self.folder)/timer.old.tbl"), to: "Pins/Timer.tbl")
        try FileManager.default.removeItem(atPath: repository.path + "/Sources/Timer.tb.swift")
        let moved = try tablint("diff", in: repository)
        XCTAssertEqual(moved.status, 1, moved.stderr)
        XCTAssertEqual(moved.stdout, """
            Pins/Timer.tbl:1:9: note: pin Timer: machine `Timer` added: 3 states (Idle Running Done), 2 actions (Start Tick), initial Idle
            HEAD:Sources/Timer.tb.swift:4:18: note: Timer: machine `Timer` removed: 3 states (Idle Running Done), 3 actions (Start Cancel Tick), initial Idle

            """)
    }

    /// The git configuration of docs/export-and-diff.md, run as written with `tablint` on the PATH: `git diff`
    /// and `git log -p --ext-diff` show the table diff of a commit, one line for a realignment (`PATH: no change in behaviour`),
    /// and `git diff --no-ext-diff` the code diff.
    func testTheReadmeGitDriverConfiguration() throws {
        let repository = try gitRepository()
        let readme = try ReadmeTests.page("docs/export-and-diff.md")
        let snippet = try XCTUnwrap(readme.components(separatedBy: "<!-- git-driver:begin -->\n```sh\n").dropFirst().first?
            .components(separatedBy: "```\n<!-- git-driver:end -->").first, "docs/export-and-diff.md has no git-driver snippet")
        let binaries = try XCTUnwrap(CLITests.executable).deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let configured = try shell(snippet, in: repository.path, environment: ["PATH": path])
        XCTAssertEqual(configured.status, 0, configured.stderr)
        try shell("git add .gitattributes && git commit -qm attributes", in: repository.path)

        let commit = try shell("git diff HEAD~3 HEAD~2", in: repository.path, environment: ["PATH": path])
        XCTAssertEqual(commit.status, 0, commit.stderr)
        XCTAssertEqual(commit.stdout, Self.addedAction + Self.changedCell)
        let realign = try shell("git diff HEAD~2 HEAD~1", in: repository.path, environment: ["PATH": path])
        XCTAssertEqual(realign.stdout, "Sources/Timer.tb.swift: no change in behaviour\n")
        let log = try shell("git log -p --ext-diff --format=%s HEAD~2 -1", in: repository.path, environment: ["PATH": path])
        XCTAssertTrue(log.stdout.hasSuffix(Self.addedAction + Self.changedCell), log.stdout)
        let code = try shell("git diff --no-ext-diff HEAD~3 HEAD~2", in: repository.path, environment: ["PATH": path])
        XCTAssertTrue(code.stdout.contains("+        actions: [\"Start\", \"Cancel\", \"Tick\"],"), code.stdout)
    }

    /// Through the real git: a removal is shown at the old side (`a/PATH`), never at the new
    /// file's path with the old line; a rename or a realignment prints one line, not nothing.
    func testTheGitDriverMarksTheOldSideAndNamesAFileWithoutChange() throws {
        let repository = try gitRepository()
        let binaries = try XCTUnwrap(CLITests.executable).deletingLastPathComponent().path
        let environment = ["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        try shell("git config diff.tablint.command 'tablint diff --git-driver' && printf '*.tb.swift diff=tablint\\n*.tbl diff=tablint\\n' > .gitattributes && git add .gitattributes && git commit -qm attributes", in: repository.path)
        try repository.copy(Fixtures.url("\(Self.folder)/timer.smaller.tb.swift"), to: "Sources/Timer.tb.swift")
        let removal = try shell("git diff", in: repository.path, environment: environment)
        XCTAssertEqual(removal.status, 0, removal.stderr)
        XCTAssertTrue(removal.stdout.contains("\na/Sources/Timer.tb.swift:5:37: note: Timer: state `Done` removed"), removal.stdout)
        XCTAssertFalse(removal.stdout.contains("\nSources/Timer.tb.swift:5:37: note: Timer: state `Done` removed"), removal.stdout)
        try shell("git checkout -q -- . && git mv Sources/Timer.tb.swift Sources/Clock.tb.swift", in: repository.path)
        let renamed = try shell("git diff --cached -M HEAD", in: repository.path, environment: environment)
        XCTAssertEqual(renamed.stdout, "Sources/Clock.tb.swift: no change in behaviour (renamed from Sources/Timer.tb.swift)\n", renamed.stderr)
        // A renamed pin, with a comment added on the way.
        try repository.copy(Fixtures.url("\(Self.folder)/timer.old.tbl"), to: "Pins/Timer.tbl")
        try shell("git add -A && git commit -qm pin && git mv Pins/Timer.tbl Pins/Clock.tbl", in: repository.path)
        let pinText = try String(contentsOfFile: repository.path + "/Pins/Clock.tbl", encoding: .utf8)
        try repository.write("Pins/Clock.tbl", pinText.replacingOccurrences(of: "| IGNORE\n", with: "| IGNORE  # idle ticks\n"))
        let pin = try shell("git add -A && git diff --cached -M HEAD", in: repository.path, environment: environment)
        XCTAssertEqual(pin.stdout, "Pins/Clock.tbl: no change in behaviour (renamed from Pins/Timer.tbl)\n", pin.stderr)
    }

    /// The driver compares matrices: when they are the same but code outside them changed, it
    /// says so instead of "no change in behaviour", which only layout and comments earn.
    func testGitDriverTellsCodeChangedOutsideTheMatricesFromALayoutChange() throws {
        let old = try String(contentsOfFile: path("timer.old.tb.swift"), encoding: .utf8)
        let folder = try TemporaryDirectory(self)
        let withCode = try folder.write("with-code.tb.swift", old + "\nfunc ticks() -> Int { 2 }\n")
        let moreCode = try folder.write("more-code.tb.swift", old + "\nfunc ticks() -> Int { 3 }\n")
        let commented = try folder.write("commented.tb.swift", old + "\n// a note\nfunc ticks() ->   Int { 2 }\n")
        func driver(_ from: String, _ to: String) -> String {
            var output = ""
            var errors = ""
            _ = Tablint.run(arguments: ["diff", "--git-driver", "Sources/Timer.tb.swift", from, "abc", "100644", to, "def", "100644"], stdout: &output, stderr: &errors)
            return output
        }
        XCTAssertEqual(driver(withCode, moreCode), "Sources/Timer.tb.swift: no change in its matrices; code outside them changed (`git diff --no-ext-diff` shows it)\n")
        XCTAssertEqual(driver(withCode, commented), "Sources/Timer.tb.swift: no change in behaviour\n")
    }

    func testGitDriverAlwaysExitsZero() throws {
        var output = ""
        var errors = ""
        let old = path("timer.old.tb.swift"), new = path("timer.new.tb.swift")
        let status = Tablint.run(arguments: ["diff", "--git-driver", "Sources/Timer.tb.swift", old, "abc", "100644", new, "def", "100644"], stdout: &output, stderr: &errors)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(output, Self.addedAction + Self.changedCell)
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", "--git-driver", "Sources/Timer.tb.swift", "/dev/null", ".", ".", new, "def", "100644"], stdout: &output, stderr: &errors), 0)
        XCTAssertTrue(output.hasPrefix("Sources/Timer.tb.swift:4:18: note: Timer: machine `Timer` added"), output)
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", "--git-driver", "x.tb.swift", "/nonexistent", ".", ".", new, "def", "100644"], stdout: &output, stderr: &errors), 0)
        XCTAssertTrue(output.contains("tablint: error: cannot read /nonexistent"), output)
        // A file with no matrix, added or deleted, has no matrix to compare, and says so.
        let empty = try TemporaryDirectory(self).write("Notes.tb.swift", "// no matrix yet\n")
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", "--git-driver", "Notes.tb.swift", "/dev/null", ".", ".", empty, "def", "100644"], stdout: &output, stderr: &errors), 0)
        XCTAssertEqual(output, "Notes.tb.swift: no matrix in it (a new file)\n")
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", "--git-driver", "Notes.tb.swift", empty, "abc", "100644", "/dev/null", ".", "."], stdout: &output, stderr: &errors), 0)
        XCTAssertEqual(output, "Notes.tb.swift: no matrix in it (deleted)\n")
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", "--git-driver", "x.tb.swift"], stdout: &output, stderr: &errors), 0)
        XCTAssertEqual(output, "x.tb.swift: unmerged; tablint compares it once it is resolved\n")
    }
}
