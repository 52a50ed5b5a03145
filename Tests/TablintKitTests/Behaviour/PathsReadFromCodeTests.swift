import XCTest
@testable import TablintKit

/// What `tablint paths` says of a step read from code: the same step number in text and JSON
/// (bb6/a #13), and a reason for an undeclared target that names the member and where (bb6/a #12).
final class PathsReadFromCodeTests: XCTestCase {
    static func retry(failTarget: String) -> [String: String] {
        [
            "Retry.swift": """
                enum RetryS { case waiting, trying, failed }
                enum RetryA { case run, fail }
                enum RetryF {}
                final class RetryCtx { var attempts = 0 }
                protocol RetryCells { func tryingFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> }
                let RETRY_TABLE = Table(
                    machine: "Retry",
                    states: ["Waiting", "Trying", "Failed"],
                    actions: ["Run", "Fail"],
                    cells: [
                        [.go(target: "Trying", effects: []), .ignore],
                        [.ignore, .handle],
                        [.ignore, .ignore],
                    ],
                    initial: "Waiting"
                )
                """,
            "RetryLive.swift": """
                struct LiveRetry: RetryCells {
                    func tryingFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> {
                        ctx.attempts > 2 ? .go(.\(failTarget), effects: []) : .go(.waiting, effects: [])
                    }
                }
                """,
        ]
    }

    func run(_ files: [String: String], _ arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths"] + arguments + [folder.path], stdout: &output, stderr: &errors), 0, errors)
        return output.replacingOccurrences(of: folder.path + "/", with: "")
    }

    func testTextAndJSONNumberAStepReadFromCodeAlike() throws {
        let text = try run(Self.retry(failTarget: "failed"), [])
        XCTAssertTrue(text.contains("reach Failed: Waiting -Run-> Trying -Fail-> Failed  [read from code: step 2 at RetryLive.swift:3:28]"), text)
        let json = try run(Self.retry(failTarget: "failed"), ["--format", "json"])
        XCTAssertTrue(json.contains("\"step\": 2"), json)
        XCTAssertFalse(json.contains("\"step\": 1"), json)
    }

    func testAnUndeclaredTargetNamesTheMemberAndWhere() throws {
        let text = try run(Self.retry(failTarget: "faild"), [])
        XCTAssertTrue(text.contains(": `tryingFail` at RetryLive.swift:3:28: it returns `.go(.faild…)`, a state Retry does not declare"), text)
    }
}
