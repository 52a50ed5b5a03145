import Foundation
import XCTest
@testable import TablintKit

/// Black-box bb4: the enum case, the dispatcher's arms and the `Cells` requirement (or
/// `perform` arm) of one change are written together or not at all. When one of them is
/// blocked (a `#if` among the arms or the members, the effect enum outside the run), none is
/// written and the findings name the blocker; what is written compiles with `swiftc`.
final class PlannedTogetherSyncTests: XCTestCase {
    /// The files after `--fix --unsafe-fixes`, and the messages of a lint of the files before.
    static func fixed(_ files: [String: String]) -> (files: [String: String], messages: [String]) {
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        var after: [String: String] = [:]
        for path in files.keys { after[path] = RemovalSyncFixTests.text(outcome, path) }
        let lint = Engine.run(files.sorted { $0.key < $1.key }.map { Engine.Document(path: $0.key, bytes: Array($0.value.utf8)) }, mode: .report, unsafeFixes: true)
        return (after, lint.diagnostics.map(\.message))
    }

    /// Type-checks the files with the stand-in runtime; the compiler's errors.
    static func compileErrors(_ sources: [String], named name: String) throws -> String {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planned-together-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, compiler) = try DispatcherDefaultFixTests.compileAndRun(sources.joined(separator: "\n") + HandNamedRenameTests.standIn, named: name, in: folder, swiftc: swiftc)
        return compiler.components(separatedBy: "\n").filter { $0.contains("error:") }.joined(separator: "\n")
    }

    /// bb4 play/14: a state added to the matrix of a `step` with a `#if` among its arms: its
    /// arms are not written, so neither is its enum case (the switch would not be exhaustive).
    func testNoCaseIsAddedForADispatcherWithAnIfAmongItsArms() throws {
        let job = """
        enum Job {
            enum S { case queued, running }
            enum A { case start, stop }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Stuck"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.go(target: "Stuck", effects: []), .go(target: "Queued", effects: ["Log"])],
                    [.ignore, .go(target: "Queued", effects: [])],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func log(_ ctx: Job.Ctx) -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop): return .ignored
                #if DEBUG
                case (.running, .start): return .ignored
                #else
                case (.running, .start): return .ignored
                #endif
                case (.running, .stop): return .go(.queued, effects: [])
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Job.swift": job])
        XCTAssertEqual(after["Job.swift"], job)
        XCTAssertTrue(
            messages.contains { $0.contains("`Stuck`") && $0.contains("no fix: dispatcher `step` has a `#if` among its arms") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "if-arms"), "")
    }
}
