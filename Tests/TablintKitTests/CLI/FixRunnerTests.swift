import Foundation
import XCTest
@testable import TablintKit

/// `--fix`, `--diff` and `-`: the runner's writes, in a temporary directory.
final class FixRunnerTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-fix-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.url("Fix/\(name)")))
    }

    func put(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let path = directory + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: mode]))
        return path
    }

    func contents(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    func run(
        _ arguments: [String], input: [UInt8] = [],
        write: @escaping (String, [UInt8], [UInt8]) -> FileIO.WriteResult = FileIO.writeAtomically
    ) -> (Int32, String, String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(
            arguments: arguments, stdout: &output, stderr: &errors, write: FileIO.FileWriter(refusal: FileIO.writeRefusal, write: write),
            standardInput: { input })
        return (status, output, errors)
    }

    func testFixWritesTheAfterFileKeepingPermissionsAndLeavesNoTemporaryFile() throws {
        let path = try put("Timer.tb.swift", try fixture("table.before.tb.swift"), mode: 0o640)
        let (status, output, errors) = run(["--fix", path])
        XCTAssertEqual(try contents(path), try fixture("table.after.tb.swift"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["Timer.tb.swift"])
        XCTAssertFalse(output.contains("tablint::alignment"), output)
        XCTAssertTrue(errors.hasPrefix("1 file fixed;"), errors)
        XCTAssertEqual(status, 0)
        // A second run changes nothing.
        let (again, _, againErrors) = run(["--fix", path])
        XCTAssertEqual(again, 0)
        XCTAssertTrue(againErrors.hasPrefix("0 files fixed;"), againErrors)
        XCTAssertEqual(try contents(path), try fixture("table.after.tb.swift"))
    }

    func testFixKeepsCRLFAndTheByteOrderMark() throws {
        let crlf = try put("Crlf.tb.swift", try fixture("crlf.before.tb.swift"))
        let bom = try put("Bom.tb.swift", [0xEF, 0xBB, 0xBF] + (try fixture("table.before.tb.swift")))
        XCTAssertEqual(run(["--fix", crlf, bom]).0, 0)
        XCTAssertEqual(try contents(crlf), try fixture("crlf.after.tb.swift"))
        XCTAssertTrue(try contents(crlf).contains(0x0D))
        XCTAssertEqual(try contents(bom), [0xEF, 0xBB, 0xBF] + (try fixture("table.after.tb.swift")))
    }

    func testARefusedFileIsLeftByteForByteAndFailsTheRun() throws {
        let before = try fixture("refuse-conflict.tb.swift")
        let path = try put("Conflict.tb.swift", before)
        let (status, output, _) = run(["--fix", path])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("merge-conflict markers [tablint::unformattable]"), output)
        XCTAssertEqual(try contents(path), before)
    }

    func testAFileChangedOnDiskSinceItWasReadIsNotWritten() throws {
        let path = try put("Timer.tb.swift", try fixture("table.before.tb.swift"))
        // Someone saves the file between tablint's read and its write.
        let (status, _, errors) = run(["--fix", path]) { target, bytes, original in
            FileManager.default.createFile(atPath: target, contents: Data("// edited\n".utf8))
            return FileIO.writeAtomically(target, bytes, original)
        }
        XCTAssertEqual(status, 2)
        XCTAssertTrue(errors.contains("tablint: error: \(path): changed on disk since it was read; not written"), errors)
        XCTAssertEqual(try contents(path), Array("// edited\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["Timer.tb.swift"])
    }

    func testDiffPrintsAUnifiedDiffExitsOneAndWritesNothing() throws {
        let before = try fixture("timer.before.tbl")
        let path = try put("Timer.tbl", before)
        let (status, output, _) = run(["--diff", path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(try contents(path), before)
        XCTAssertTrue(output.hasPrefix("--- \(path)\n+++ \(path)\n@@ -1,9 +1,9 @@\n # A fixture written by hand.\n"), output)
        XCTAssertTrue(output.contains("-Idle | HANDLE | IGNORE | IGNORE\n-Running"), output)
        XCTAssertTrue(output.contains("+Idle    | HANDLE                  | IGNORE | IGNORE\n"), output)
        let clean = try put("Clean.tbl", try fixture("timer.after.tbl"))
        XCTAssertEqual(run(["--diff", clean]).0, 0)
        XCTAssertEqual(run(["--diff", clean]).1, "")
    }

    func testStandardInputIsFixedToStandardOutput() throws {
        let (status, output, errors) = run(["--fix", "--stdin-filename", "M.tb.swift", "-"], input: try fixture("machine.before.tb.swift"))
        XCTAssertEqual(status, 0, errors)
        XCTAssertEqual(Array(output.utf8), try fixture("machine.after.tb.swift"))
        let (lintStatus, lintOutput, _) = run(["--stdin-filename", "M.tb.swift", "-"], input: try fixture("machine.before.tb.swift"))
        XCTAssertEqual(lintStatus, 1)
        XCTAssertTrue(lintOutput.contains("M.tb.swift:8:5: error: [*] the columns of these `@Row` lines are not aligned (3 of 3 lines would move)"), lintOutput)
        XCTAssertTrue(lintOutput.contains("[tablint::alignment]"), lintOutput)
    }

    func testStandardInputNeedsAName() {
        let (status, _, errors) = run(["--fix", "-"], input: Array("x".utf8))
        XCTAssertEqual(status, 2)
        XCTAssertTrue(errors.contains("--stdin-filename"), errors)
        XCTAssertEqual(run(["--fix", "--diff", "x.tbl"]).0, 2)
    }

    func testUnifiedDiffMarksAMissingFinalNewline() {
        XCTAssertEqual(
            UnifiedDiff.render(path: "t.tbl", before: Array("a |  b".utf8), after: Array("a | b".utf8)),
            "--- t.tbl\n+++ t.tbl\n@@ -1,1 +1,1 @@\n-a |  b\n\\ No newline at end of file\n+a | b\n\\ No newline at end of file\n")
        XCTAssertEqual(UnifiedDiff.render(path: "t.tbl", before: Array("a\n".utf8), after: Array("a\n".utf8)), "")
    }

    /// Black-box pass 4, play/86: a state added to the matrix is a case in `Door.swift` and arms
    /// in `Door+Step.swift`. When the dispatcher's file cannot be written, the enum's is not
    /// written either (the case alone would make the switch non-exhaustive), and both say why.
    func testWhenOneFileOfARunCannotBeWrittenNoneIs() throws {
        let enums = "enum Door {\n    enum S { case shut, open }\n    enum A { case push }\n    enum F { case creak }\n}\n"
        let step = """
            extension Door {
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.shut, .push): return .go(.open, effects: [])
                    case (.open, .push): return .ignored
                    }
                }
            }

            """
        let table = """
            extension Door {
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Shut", "Open", "Ajar"],
                    actions: ["Push"],
                    cells: [
                        [.go(target: "Open", effects: [])],
                        [.ignore],
                        [.ignore],
                    ],
                    initial: "Shut"
                )
            }

            """
        let enumsPath = try put("Door.swift", Array(enums.utf8))
        let stepPath = try put("Door+Step.swift", Array(step.utf8), mode: 0o444)
        _ = try put("Door.tb.swift", Array(table.utf8))
        let (status, _, errors) = run(["--fix", "--unsafe-fixes", directory])
        XCTAssertEqual(status, 2, errors)
        XCTAssertTrue(errors.contains("cannot write \(stepPath): permission denied"), errors)
        XCTAssertTrue(errors.contains("\(enumsPath): not written, as \(stepPath) cannot be written and the fixes of one run are written together"), errors)
        XCTAssertEqual(String(decoding: try contents(enumsPath), as: UTF8.self), enums)
        // Writable again: both are written.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: stepPath)
        let (again, _, againErrors) = run(["--fix", "--unsafe-fixes", directory])
        XCTAssertNotEqual(again, 2, againErrors)
        XCTAssertTrue(String(decoding: try contents(enumsPath), as: UTF8.self).contains("case shut, open, ajar"))
        XCTAssertTrue(String(decoding: try contents(stepPath), as: UTF8.self).contains("case (.ajar, .push): return .ignored"))
    }
}

/// The built executable, end to end: `--fix` writes, `--fix -` pipes.
final class FixCommandLineTests: XCTestCase {
    func testTheExecutableFixesAFileAndPipesStandardInput() throws {
        let executable = try XCTUnwrap(CLITests.executable, "the tablint executable was not found; run `swift build`")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-cli-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: Fixtures.url("Fix/timer.before.tbl"))
        let after = try Data(contentsOf: Fixtures.url("Fix/timer.after.tbl"))
        let file = directory.appendingPathComponent("Timer.tbl")
        try before.write(to: file)

        func run(_ arguments: [String], input: Data = Data()) throws -> (Int32, Data) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = directory.appendingPathComponent("out-\(UUID().uuidString)")
            let inputFile = directory.appendingPathComponent("in-\(UUID().uuidString)")
            try input.write(to: inputFile)
            FileManager.default.createFile(atPath: output.path, contents: nil)
            let outputHandle = try FileHandle(forWritingTo: output)
            process.standardOutput = outputHandle
            process.standardError = FileHandle.nullDevice
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            try process.run()
            process.waitUntilExit()
            try outputHandle.close()
            defer {
                try? FileManager.default.removeItem(at: output)
                try? FileManager.default.removeItem(at: inputFile)
            }
            return (process.terminationStatus, try Data(contentsOf: output))
        }

        XCTAssertEqual(try run(["--diff", file.path]).0, 1)
        XCTAssertEqual(try Data(contentsOf: file), before)
        XCTAssertEqual(try run(["--fix", file.path]).0, 0)
        XCTAssertEqual(try Data(contentsOf: file), after)
        XCTAssertEqual(try run(["--diff", file.path]).0, 0)
        let piped = try run(["--fix", "--stdin-filename", "Timer.tbl", "-"], input: before)
        XCTAssertEqual(piped.0, 0)
        XCTAssertEqual(piped.1, after)
    }
}

/// Standard output as bytes, as the real one takes them (`StandardStream`).
struct ByteCollector: ByteOutputStream {
    var bytes: [UInt8] = []
    mutating func write(_ string: String) { bytes += Array(string.utf8) }
    mutating func write(bytes more: [UInt8]) { bytes += more }
}

/// `--fix -` never leaves an editor without its text, and `--diff -` prints a diff or nothing.
final class StandardInputNothingLostTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-stdin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func run(_ arguments: [String], input: [UInt8]) -> (status: Int32, stdout: [UInt8], stderr: String) {
        var output = ByteCollector()
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, standardInput: { input }, currentDirectory: directory)
        return (status, output.bytes, errors)
    }

    static let misaligned = Array("""
        // swift-format-ignore-file
        let T = Table(
            machine: "T",
            states: ["A", "B"],
            actions: ["P", "Q"],
            cells: [
                [.go(target: "B", effects: []), .ignore],
                [.ignore, .handle],
            ],
            initial: "A"
        )

        """.utf8)

    func testTextThatIsNotUTF8IsHandedBackByteForByte() {
        // A Latin-1 `é` in a `.tbl` comment, as the README's vim line met it.
        let latin1 = Array("# caf".utf8) + [0xE9] + Array("\nmachine Door\ninitial Shut\nstates Shut\nactions Push\n\nShut | IGNORE\n".utf8)
        let fixed = run(["--fix", "--stdin-filename", directory + "/Door.tbl", "-"], input: latin1)
        XCTAssertEqual(fixed.stdout, latin1)
        XCTAssertEqual(fixed.status, 2)
        XCTAssertTrue(fixed.stderr.contains("not UTF-8"), fixed.stderr)
        let diff = run(["--diff", "--stdin-filename", directory + "/Door.tbl", "-"], input: latin1)
        XCTAssertEqual(diff.stdout, [], "a diff or nothing")
        XCTAssertEqual(diff.status, 2)
    }

    func testABadConfigurationLineHandsTheInputBack() throws {
        try Data("--no-such-option\n".utf8).write(to: URL(fileURLWithPath: directory + "/.tablint"))
        let fixed = run(["--fix", "--stdin-filename", directory + "/T.tb.swift", "-"], input: Self.misaligned)
        XCTAssertEqual(fixed.stdout, Self.misaligned)
        XCTAssertEqual(fixed.status, 2)
        XCTAssertTrue(fixed.stderr.contains("--no-such-option"), fixed.stderr)
        let diff = run(["--diff", "--stdin-filename", directory + "/T.tb.swift", "-"], input: Self.misaligned)
        XCTAssertEqual(diff.stdout, [])
        XCTAssertEqual(diff.status, 2)
    }

    func testARefusedOrExcludedFileIsHandedBack() throws {
        let unterminated = Self.misaligned + Array("let s = \"open\n".utf8)
        let refused = run(["--fix", "--stdin-filename", directory + "/T.tb.swift", "-"], input: unterminated)
        XCTAssertEqual(refused.stdout, unterminated)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("tablint::unformattable"), refused.stderr)
        let diff = run(["--diff", "--stdin-filename", directory + "/T.tb.swift", "-"], input: unterminated)
        XCTAssertEqual(diff.stdout, [])
        XCTAssertEqual(diff.status, 2)

        try Data("--exclude T.tb.swift\n".utf8).write(to: URL(fileURLWithPath: directory + "/.tablint"))
        let excluded = run(["--fix", "--stdin-filename", directory + "/T.tb.swift", "-"], input: Self.misaligned)
        XCTAssertEqual(excluded.stdout, Self.misaligned)
        XCTAssertEqual(excluded.status, 0)
        XCTAssertTrue(excluded.stderr.contains("excluded"), excluded.stderr)
    }

    func testTheDiffOfStandardInputIsWhatFixWrites() {
        let fixed = run(["--fix", "--stdin-filename", "T.tb.swift", "-"], input: Self.misaligned)
        XCTAssertEqual(fixed.status, 0)
        XCTAssertNotEqual(fixed.stdout, Self.misaligned)
        let diff = run(["--diff", "--stdin-filename", "T.tb.swift", "-"], input: Self.misaligned)
        XCTAssertEqual(diff.status, 1)
        XCTAssertEqual(String(decoding: diff.stdout, as: UTF8.self),
                       UnifiedDiff.render(path: "T.tb.swift", before: Self.misaligned, after: fixed.stdout))
    }

    func testStdinFilenameWithoutTheDashIsAUsageErrorThatReadsNothing() throws {
        var output = ByteCollector()
        var errors = ""
        var read = false
        let status = Tablint.run(
            arguments: ["--fix", "--stdin-filename", "T.tb.swift"], stdout: &output, stderr: &errors,
            write: FileIO.FileWriter(refusal: { _ in nil }, write: { _, _, _ in XCTFail("nothing may be written"); return .written }),
            standardInput: { read = true; return Self.misaligned }, currentDirectory: directory)
        XCTAssertEqual(status, 2)
        XCTAssertFalse(read)
        XCTAssertEqual(output.bytes, [])
        XCTAssertTrue(errors.contains("--stdin-filename"), errors)
    }
}

/// `--fix` never replaces a file the user could not write in place.
final class FixWritePermissionTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-perm-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func put(_ name: String, mode: Int) throws -> String {
        let path = directory + "/" + name
        XCTAssertTrue(FileManager.default.createFile(
            atPath: path, contents: Data(StandardInputNothingLostTests.misaligned), attributes: [.posixPermissions: mode]))
        return path
    }

    func fix(_ path: String) -> (Int32, String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: ["--fix", path], stdout: &output, stderr: &errors)
        return (status, errors)
    }

    func testAFileWithNoWriteBitIsRefused() throws {
        // As root `access` allows anything; a file no one may write is refused all the same.
        let path = try put("T.tb.swift", mode: 0o444)
        let (status, errors) = fix(path)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(errors.contains("cannot write \(path): permission denied"), errors)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), StandardInputNothingLostTests.misaligned)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["T.tb.swift"], "no temporary file left")
    }

    func testAFileWithAnotherHardLinkIsRefused() throws {
        let path = try put("T.tb.swift", mode: 0o644)
        XCTAssertEqual(link(path, directory + "/Other.tb.swift"), 0)
        let (status, errors) = fix(path)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(errors.contains("cannot write \(path): it has 2 hard links"), errors)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), StandardInputNothingLostTests.misaligned)
    }

    /// The built executable as an ordinary user (`nobody`), through `setpriv`: a `chmod 444`
    /// file of theirs, and a file of root's, in a folder they may write, are both refused.
    func testAnOrdinaryUserCannotFixAFileTheyCannotWrite() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            let nobody = getpwnam("nobody"), let executable = CLITests.executable
        else { throw XCTSkip("needs root, setpriv and the built tablint") }
        chmod(directory, 0o777)
        let own = try put("Own.tb.swift", mode: 0o444)
        XCTAssertEqual(chown(own, nobody.pointee.pw_uid, nobody.pointee.pw_gid), 0)
        let roots = try put("Root.tb.swift", mode: 0o644)
        let writable = try put("Writable.tb.swift", mode: 0o644)
        XCTAssertEqual(chown(writable, nobody.pointee.pw_uid, nobody.pointee.pw_gid), 0)
        // The executable where `nobody` may run it.
        let binary = directory + "/tablint"
        try FileManager.default.copyItem(atPath: executable.path, toPath: binary)
        chmod(binary, 0o755)
        for (path, refused) in [(own, true), (roots, true), (writable, false)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary, "--fix", path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            if refused {
                XCTAssertEqual(process.terminationStatus, 2, text)
                XCTAssertTrue(text.contains("cannot write \(path): permission denied"), text)
                XCTAssertEqual(bytes, StandardInputNothingLostTests.misaligned, path)
            } else {
                XCTAssertEqual(process.terminationStatus, 0, text)
                XCTAssertNotEqual(bytes, StandardInputNothingLostTests.misaligned, "their own writable file is fixed")
                var info = stat()
                XCTAssertEqual(stat(path, &info), 0)
                XCTAssertEqual(info.st_uid, nobody.pointee.pw_uid, "the owner is kept")
                XCTAssertEqual(info.st_mode & 0o7777, 0o644, "the mode is kept")
            }
        }
    }
}
