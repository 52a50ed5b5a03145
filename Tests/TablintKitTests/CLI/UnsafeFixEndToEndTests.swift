import Foundation
import XCTest
@testable import TablintKit

/// `tablint --fix --unsafe-fixes` with the built executable on real files: the
/// `dispatcher-default` examples of its rule document (before → after), which plain `--fix`
/// must leave byte for byte and `--diff --unsafe-fixes` must show.
final class UnsafeFixEndToEndTests: XCTestCase {
    /// The `before fix=unsafe` blocks of `Rules/dispatcher-default.md`, each with the `after`
    /// block that follows it and its `dispatcher=` name, if any.
    private func examples() throws -> [(path: String, dispatcher: String?, before: String, after: String)] {
        let root = Fixtures.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent("Rules/dispatcher-default.md"), encoding: .utf8)
        var blocks: [(info: [String], body: String)] = []
        var current: (info: [String], body: String)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = (line.dropFirst(3).split(separator: " ").map(String.init), "")
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.body += line + "\n"
            }
        }
        var found: [(String, String?, String, String)] = []
        for (index, block) in blocks.enumerated() where block.info.contains("before") && block.info.contains("fix=unsafe") {
            let after = try XCTUnwrap(blocks.dropFirst(index + 1).first, "no after block follows")
            XCTAssertTrue(after.info.contains("after"))
            let value = { (key: String) in block.info.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) } }
            found.append((try XCTUnwrap(value("path")), value("dispatcher"), block.body, after.body))
        }
        return found
    }

    private func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = directory.appendingPathComponent(".out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    func testUnsafeFixesRemoveTheDefaultOnlyWhenAskedFor() throws {
        let cases = try examples()
        XCTAssertEqual(cases.count, 3, "the (state, action), perform and shouldTransition examples")
        for example in cases {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unsafe-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent(example.path)
            try example.before.write(to: file, atomically: true, encoding: .utf8)
            let extra = example.dispatcher.map { ["--dispatcher", $0] } ?? []

            let plain = try run(["--fix"] + extra + [example.path], in: folder)
            XCTAssertEqual(plain.status, 1, "\(example.path): plain --fix leaves the default: and reports it")
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), example.before, "\(example.path): plain --fix changed it")

            let diff = try run(["--diff", "--unsafe-fixes"] + extra + [example.path], in: folder)
            XCTAssertTrue(diff.stdout.contains("-") && diff.stdout.contains("default:"), "\(example.path): \(diff.stdout)")
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), example.before, "\(example.path): --diff wrote")

            let fixed = try run(["--fix", "--unsafe-fixes"] + extra + [example.path], in: folder)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), example.after, "\(example.path)")
            XCTAssertEqual(fixed.status, 0, "\(example.path): the fixed file is clean")
            // The diff showed exactly what --fix then wrote.
            let patched = folder.appendingPathComponent("patched.swift")
            try example.before.write(to: patched, atomically: true, encoding: .utf8)
            let patch = Process()
            patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
            patch.arguments = ["-s", patched.path]
            let input = Pipe()
            patch.standardInput = input
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") {
                try patch.run()
                input.fileHandleForWriting.write(Data(diff.stdout.utf8))
                try input.fileHandleForWriting.close()
                patch.waitUntilExit()
                XCTAssertEqual(try String(contentsOf: patched, encoding: .utf8), example.after, "\(example.path): --diff ≠ --fix")
            }
        }
    }
}
