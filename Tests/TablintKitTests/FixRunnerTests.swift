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

    func run(_ arguments: [String], input: [UInt8] = [], write: @escaping Runner.FileWriter = Runner.writeAtomically) -> (Int32, String, String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, write: write, standardInput: { input })
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
            return Runner.writeAtomically(target, bytes, original)
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
