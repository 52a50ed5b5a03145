import Foundation
import XCTest
@testable import TablintKit

/// The server keeps each machine's cross-file results while that machine's files read the same
/// (`CrossFileComponents`): over edits that move names between machines, in open buffers and
/// on disk, what it publishes after every edit is what a fresh run of the command line says.
extension WorkspaceAgreementTests {
    /// The files as a workspace built from nothing says, checking the run as one (no groups,
    /// nothing kept), by identity and UTF-8 position, as `published` reads the server's.
    func freshFullRun(_ files: [String: String]) -> Set<Finding> {
        var workspace = Workspace(checksByGroup: false)
        workspace.update(files.keys.sorted().map { Engine.Document(path: root + "/" + $0, bytes: Array(files[$0]!.utf8)) })
        return Set(workspace.diagnostics().flatMap { path, diagnostics in
            diagnostics.map { Finding(path: path, line: $0.start.line, column: $0.start.column, code: $0.code, message: $0.message) }
        })
    }

    func assertFresh(_ harness: Harness, _ files: [String: String], _ step: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = freshFullRun(files)
        let got = published(harness)
        let missing = expected.subtracting(got).map(\.description).sorted()
        let extra = got.subtracting(expected).map(\.description).sorted()
        XCTAssertTrue(missing.isEmpty && extra.isEmpty, "\(step): the server misses \(missing) and adds \(extra)", file: file, line: line)
    }

    func testEditsThatMoveNamesBetweenMachinesAgreeWithAFreshRunAfterEveryEdit() throws {
        // Only the machines: the timer's pin plans removals, and a run whose plans search every
        // file is checked as one.
        try FileManager.default.removeItem(atPath: root)
        var files = CrossFileComponentTests.machines
        for (path, text) in files { try write(path, text) }
        let harness = try start(rootURI: DocumentURI.uri(of: root))
        var versions: [String: Int] = [:]
        let open = ["M0/M0.tb.swift", "M0/M0+Step.swift", "M1/M1+Enums.swift"]
        for path in open {
            versions[path] = 1
            harness.open(uri(path), files[path]!)
        }
        try assertAgree(harness, "opened")
        assertFresh(harness, files, "opened")
        for edit in CrossFileComponentTests.edits {
            let text = edit.change(files[edit.path]!)
            files[edit.path] = text
            try write(edit.path, text)
            if let version = versions[edit.path] {
                versions[edit.path] = version + 1
                harness.notify("textDocument/didChange", .object([
                    "textDocument": .object(["uri": .string(uri(edit.path)), "version": .int(version + 1)]),
                    "contentChanges": .array([.object(["text": .string(text)])]),
                ]))
            } else {
                harness.notify("workspace/didChangeWatchedFiles", .object([
                    "changes": .array([.object(["uri": .string(uri(edit.path)), "type": .int(2)])]),
                ]))
            }
            try assertAgree(harness, edit.label)
            assertFresh(harness, files, edit.label)
        }
        harness.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri("M1/M1+Enums.swift"))])]))
        try assertAgree(harness, "M1's enums closed")
        assertFresh(harness, files, "M1's enums closed")
        try FileManager.default.removeItem(atPath: root + "/M1/M1+Enums.swift")
        harness.notify("workspace/didChangeWatchedFiles", .object([
            "changes": .array([.object(["uri": .string(uri("M1/M1+Enums.swift")), "type": .int(3)])]),
        ]))
        try assertAgree(harness, "M1's enums deleted")
        files["M1/M1+Enums.swift"] = nil
        assertFresh(harness, files, "M1's enums deleted")
    }
}
