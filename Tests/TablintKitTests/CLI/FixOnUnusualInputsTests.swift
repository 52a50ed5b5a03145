#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import XCTest
@testable import TablintKit

/// `--fix`, `--diff` and standard input on what a new user's files and editors really hand
/// tablint: a FIFO named as a path, a folder the user cannot create files in, names with
/// blanks, a `.tablint` written on Windows, an editor buffer without a name, a Latin-1 file.
final class FixOnUnusualInputsTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-adversarial-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(directory + "/locked", 0o755)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A team's misaligned matrix: the second and third rows' cells are not under the first's.
    static let misaligned = Array("""
        // swift-format-ignore-file
        extension Oven {
            static let TABLE = Table(
                machine: "Oven",
                states: ["Cold", "Heating", "Hot"],
                actions: ["Start", "Tick", "Stop"],
                cells: [
                    [.go(target: "Heating", effects: ["Light"]), .ignore, .ignore],
                    [.ignore, .handle, .go(target: "Cold", effects: [])],
                    [.ignore, .ignore, .go(target: "Cold", effects: [])],
                ],
                initial: "Cold"
            )
        }

        """.utf8)

    private func put(_ name: String, _ bytes: [UInt8] = misaligned, mode: Int = 0o644) -> String {
        let path = directory + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: mode]))
        return path
    }

    private func run(_ arguments: [String], input: [UInt8] = []) -> (Int32, String, String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, standardInput: { input })
        return (status, output, errors)
    }

    // MARK: Files --fix must not replace

    /// `tablint --fix pipe.tb.swift` read the FIFO, then blocked reading it again before the
    /// rename, which would have put a regular file in the FIFO's place.
    func testFixRefusesAFIFOAndLeavesItAFIFO() throws {
        let path = directory + "/pipe.tb.swift"
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        let fixed = Self.misaligned + Array("// more\n".utf8)
        var result: FileIO.WriteResult?
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result = FileIO.writeAtomically(path, fixed, Self.misaligned)
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            // Unblock the read of the code before the fix: a writer that closes gives it an end.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 {
                _ = Self.misaligned.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                close(writer)
            }
            XCTFail("writing over a FIFO blocked")
            _ = done.wait(timeout: .now() + 5)
        }
        XCTAssertEqual(result, .refused("cannot write \(path): it is a FIFO, not a regular file; it is unchanged"))
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["pipe.tb.swift"], "no temporary file is left")
    }

    /// An ordinary user may write the file but not create one beside it (the folder is not
    /// theirs): the atomic write cannot happen, and the message says why, naming the folder.
    func testAFileInAFolderTheUserCannotWriteIsRefusedNamingTheFolder() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            let executable = CLITests.executable
        else { throw XCTSkip("needs root, setpriv and the built tablint") }
        chmod(directory, 0o755)
        let binary = directory + "/tablint"
        try FileManager.default.copyItem(atPath: executable.path, toPath: binary)
        chmod(binary, 0o755)
        let folder = directory + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = put("locked/Oven.tb.swift", mode: 0o666)
        chmod(folder, 0o555)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary, "--fix", path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, text)
        XCTAssertTrue(text.contains(
            "tablint: error: cannot write \(path): Permission denied for a temporary file in its folder \(folder), which the atomic write needs; the file is unchanged"),
            text)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), Self.misaligned)
    }

    // MARK: --diff

    /// `patch` reads a file name up to a tab, so `--- sp ace/my oven.tb.swift` named
    /// `sp`; a name with a tab in it is quoted. The diff applies with `patch -p0` and gives
    /// exactly what `--fix` writes.
    func testADiffOfNamesWithBlanksAndTabsAppliesWithPatch() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { throw XCTSkip("needs patch") }
        try FileManager.default.createDirectory(atPath: directory + "/sp ace", withIntermediateDirectories: false)
        for name in ["sp ace/my oven.tb.swift", "tab\tname.tb.swift", "-draft.tb.swift"] {
            let path = put(name)
            let (status, diff, errors) = run(["--diff", "--", path])
            XCTAssertEqual(status, 1, errors)
            let (fixStatus, _, fixErrors) = run(["--fix", "--", path])
            XCTAssertEqual(fixStatus, 0, fixErrors)
            let fixed = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertNotEqual(fixed, Self.misaligned)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(Self.misaligned)))
            // Relative to the folder, as a diff from `tablint --diff` in a project's root is.
            let relative = diff.replacingOccurrences(of: directory + "/", with: "")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
            process.arguments = ["-p0", "--batch", "--silent"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            input.fileHandleForWriting.write(Data(relative.utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(name): \(said)\n\(relative)")
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), fixed, name)
        }
    }

    func testDiffHeaderNamesAreTheirOwnWhenPlainAndMarkedOtherwise() {
        XCTAssertEqual(UnifiedDiff.headerName("Sources/Oven.tb.swift"), "Sources/Oven.tb.swift")
        XCTAssertEqual(UnifiedDiff.headerName("Sources/Ünï/Oven.tb.swift"), "Sources/Ünï/Oven.tb.swift")
        XCTAssertEqual(UnifiedDiff.headerName("my oven.tb.swift"), "my oven.tb.swift\t")
        XCTAssertEqual(UnifiedDiff.headerName("a\tb\"c\\d\u{1}.tbl"), #""a\tb\"c\\d\001.tbl""#)
    }

    /// A Latin-1 file cannot be fixed: `--diff` said `0 errors`, printed nothing and exited 0
    /// (`--diff -` on the same bytes exits 2), as if there were nothing to fix.
    func testDiffOfAFileThatIsNotUTF8SaysSoAndExitsOne() {
        var latin = Self.misaligned
        latin.insert(0xE9, at: latin.firstIndex(of: UInt8(ascii: "C"))!)
        let path = put("Oven.tb.swift", latin)
        let (status, output, errors) = run(["--diff", path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("\(path):5:19: error: invalid UTF-8 byte 0xE9"), errors)
        XCTAssertTrue(errors.contains("[tablint::encoding]"), errors)
        XCTAssertTrue(errors.contains("0 files would be fixed; 1 error"), errors)
    }

    // MARK: Standard input that cannot run

    /// An unnamed vim buffer makes `%:S` `''`; a forgotten `--stdin-filename`, a typo in an
    /// option: the hand-typed filter `:%!tablint --fix --stdin-filename %:S -` replaced the
    /// buffer with nothing. The input comes back byte for byte, status 2.
    func testFixOfStandardInputWithAUsageErrorHandsTheInputBack() {
        for arguments in [
            ["--fix", "--stdin-filename", "", "-"],
            ["--fix", "-"],
            ["--fix", "--stdin-filenme", "Oven.tb.swift", "-"],
            ["--fix", "--stdin-filename", "Oven.tb.swift", "-", "Other.tb.swift"],
        ] {
            let (status, output, errors) = run(arguments, input: Self.misaligned)
            XCTAssertEqual(status, 2, "\(arguments): \(errors)")
            XCTAssertEqual(Array(output.utf8), Self.misaligned, "\(arguments)")
            XCTAssertTrue(errors.hasPrefix("tablint: error: "), errors)
            XCTAssertTrue(errors.contains("standard input is handed back unchanged"), errors)
        }
        // Without `--fix` nothing is printed, and `--stdin-filename` without `-` reads nothing.
        XCTAssertEqual(run(["--diff", "--stdin-filename", "", "-"], input: Self.misaligned).1, "")
        XCTAssertEqual(run(["--fix", "--stdin-filename", "Oven.tb.swift"], input: Self.misaligned).1, "")
    }

    // MARK: Configuration

    /// Notepad saves a `.tablint` with a byte order mark and CRLF; an old Mac editor with CR
    /// alone. The mark made the first line `got '\u{FEFF}--exclude'` (the mark invisible), and
    /// CR-only lines were one line.
    func testAConfigurationFileWithAByteOrderMarkOrCRLinesIsRead() {
        for text in ["\u{FEFF}--exclude Generated\r\n--disable dead-row\r\n", "--exclude Generated\r--disable dead-row\r"] {
            let parsed = ConfigurationFile.parse(Array(text.utf8), path: ".tablint", directory: "/project")
            guard case .success(let file) = parsed else { return XCTFail("\(text.debugDescription): \(parsed)") }
            XCTAssertEqual(file.options, [.exclude("Generated"), .disable(DeadRow().code)], text.debugDescription)
        }
    }
}

/// `--show-files` with standard input lists its name (when it would be linted), and reads and
/// lints nothing: it linted standard input instead.
final class ShowFilesOfStandardInputTests: XCTestCase {
    func testShowFilesListsTheStandardInputNameUnlessExcluded() {
        var read = false
        func run(_ arguments: [String]) -> (Int32, String) {
            var output = ""
            var errors = ""
            let status = Tablint.run(
                arguments: arguments, stdout: &output, stderr: &errors,
                standardInput: { read = true; return FixOnUnusualInputsTests.misaligned }, currentDirectory: "/nonexistent-project")
            return (status, output)
        }
        let listed = run(["--show-files", "--no-config", "--stdin-filename", "Sources/Oven.tb.swift", "-"])
        XCTAssertEqual(listed.0, 0)
        XCTAssertEqual(listed.1, "Sources/Oven.tb.swift\n")
        let excluded = run(["--show-files", "--no-config", "--exclude", "Sources", "--stdin-filename", "Sources/Oven.tb.swift", "-"])
        XCTAssertEqual(excluded.0, 0)
        XCTAssertEqual(excluded.1, "")
        XCTAssertFalse(read, "standard input is not read")
    }
}

/// `?` and `[…]` take one character, as the README says, not one byte: `--exclude '?nï'` did
/// not exclude the folder `ünï` (`ü` is two bytes in UTF-8), nor `[ü]nï`.
final class GlobCharacterTests: XCTestCase {
    func testQuestionMarkAndSetsMatchOneCharacterOfAnyWidth() {
        XCTAssertTrue(Glob("?nï").matches("Sources/ünï/Oven.tb.swift"))
        XCTAssertTrue(Glob("[ü]nï").matches("ünï/Oven.tb.swift"))
        XCTAssertTrue(Glob("[!a]nï").matches("ünï/Oven.tb.swift"))
        XCTAssertTrue(Glob("待?.tb.swift").matches("待機.tb.swift"))
        XCTAssertFalse(Glob("??nï").matches("ünï/Oven.tb.swift"))
        // The same name in the other normal form (as macOS may store it) is the same name.
        XCTAssertTrue(Glob("u\u{308}nï").matches("\u{FC}nï/Oven.tb.swift"))
    }
}
