import Foundation
import XCTest
@testable import TablintKit

/// Every subcommand reads the files a lint of the same paths reads: a `.tablint` exclude
/// keeps a folder out of `export`, `paths`, `scaffold` and `migrate` as it does out of `tablint`.
final class SubcommandFilesTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL) -> (status: Int32, stdout: String, stderr: String) { TestRun.command(arguments, in: folder) }

    func testAnExcludedFolderIsLeftOutOfEverySubcommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subcommand-files-\(UUID().uuidString)")
        let legacy = folder.appendingPathComponent("Legacy")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try MigrationBehaviourTests.turnstile.write(to: legacy.appendingPathComponent("Turnstile.swift"), atomically: true, encoding: .utf8)
        let matrix = """
            // swift-format-ignore-file
            extension Lamp {
                static let TABLE = Table(
                    machine: "Lamp",
                    states: ["Off", "On"],
                    actions: ["Toggle"],
                    cells: [
                        [.go(target: "On", effects: [])],
                        [.go(target: "Off", effects: [])],
                    ],
                    initial: "Off"
                )
            }
            """
        try matrix.write(to: legacy.appendingPathComponent("Lamp.tb.swift"), atomically: true, encoding: .utf8)
        // Without the exclude, each command finds its machine.
        XCTAssertEqual(run(["migrate", "."], in: folder).status, 0)
        XCTAssertEqual(run(["paths", "."], in: folder).status, 0)
        XCTAssertEqual(run(["export", "--format", "dot", "."], in: folder).status, 0)
        try "--exclude Legacy\n".write(to: folder.appendingPathComponent(".tablint"), atomically: true, encoding: .utf8)
        let migrate = run(["migrate", "."], in: folder)
        XCTAssertTrue(migrate.stderr.contains("nothing to migrate"), migrate.stderr)
        XCTAssertTrue(run(["paths", "."], in: folder).stderr.contains("no machine in ."))
        XCTAssertTrue(run(["export", "--format", "dot", "."], in: folder).stderr.contains("no matrix to export"))
        XCTAssertTrue(run(["scaffold", "."], in: folder).stderr.contains("no matrix to scaffold"))
        XCTAssertEqual(run([], in: folder).stdout, "")
    }
}
