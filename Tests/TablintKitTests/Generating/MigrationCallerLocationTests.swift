import Foundation
import XCTest
@testable import TablintKit

/// `tablint migrate` moves a HANDLE arm's code into a `Cells` member: there `#function` names
/// the member's nested function and `#line`/`#column` say where the member is written, so an
/// arm that spells one, or calls a function of the run that leaves such a parameter to its
/// default (a logger), is refused, naming the call and its line (bb5 #7). `#fileID` keeps its
/// value (the member is written in the same file), and a call passing the arguments is moved.
final class MigrationCallerLocationTests: XCTestCase {
    static let logger = """
        func log(_ message: String, function: String = #function, line: Int = #line) {
            print(function, line, message)
        }

        """

    static func door(push: String, pull: String = "return .closed") -> String {
        """
        enum Door {
            enum S { case closed, open }
            enum A { case push, pull }

            static func reduce(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.closed, .push):
                    \(push)
                    return .open
                case (.open, .pull):
                    \(pull)
                default: return s
                }
            }
        }

        """
    }

    private func refusals(_ source: String) -> [String] {
        let plan = MigrationPlan.make([("Door.swift", Array(source.utf8))], function: nil) { _ in false }
        XCTAssertEqual(plan.groups.count, 0, "nothing is written")
        return plan.refusals.map { refusal in
            let file = SourceFile(path: refusal.path, bytes: Array(source.utf8))
            return "\(file.location(of: refusal.offset).line): \(refusal.message)"
        }
    }

    func testAnArmCallingALoggerThatDefaultsToTheCallersFunctionIsRefused() {
        XCTAssertEqual(refusals(Self.logger + Self.door(push: "log(\"opening\")")), [
            "11: cannot migrate `reduce`: `case (.closed, .push):` calls `log` (line 11), whose parameters `function` (`#function`) and `line` (`#line`) default to the caller's location (Door.swift:1); moved into a `Cells` member, the call would receive the member's function name and line instead of what it receives now; pass `function:` and `line:` explicitly, or keep this function hand-written",
        ])
        // One argument passed, the other left to its default: still refused, for that one.
        XCTAssertEqual(refusals(Self.logger + Self.door(push: "log(\"opening\", function: \"reduce\")")), [
            "11: cannot migrate `reduce`: `case (.closed, .push):` calls `log` (line 11), whose parameter `line` defaults to `#line` (Door.swift:1); moved into a `Cells` member, the call would receive the member's line instead of what it receives now; pass `line:` explicitly, or keep this function hand-written",
        ])
        // An initializer's default counts as a function's.
        let tracer = "struct Trace {\n    init(_ m: String, _ caller: String = #function) { print(caller, m) }\n}\n\n"
        XCTAssertEqual(refusals(tracer + Self.door(push: "_ = Trace(\"opening\")")), [
            "12: cannot migrate `reduce`: `case (.closed, .push):` calls `Trace` (line 12), whose parameter `caller` defaults to `#function` (Door.swift:2); moved into a `Cells` member, the call would receive the member's function name instead of what it receives now; pass the argument explicitly, or keep this function hand-written",
        ])
    }

    func testAnArmSpellingTheCallersLineOrFunctionIsRefused() {
        XCTAssertEqual(refusals(Self.door(push: "print(#line)")), [
            "8: cannot migrate `reduce`: `case (.closed, .push):` writes `#line` (line 8), which moved into a `Cells` member would be the member's line; write the value it has now in its place, or keep this function hand-written",
        ])
        XCTAssertEqual(refusals(Self.door(push: "print(#isolation as Any)")), [
            "8: cannot migrate `reduce`: `case (.closed, .push):` writes `#isolation` (line 8), which moved into a `Cells` member would be the member's isolation; keep this function hand-written",
        ])
        XCTAssertEqual(refusals(Self.door(push: "print(1)", pull: "print(#function); return .closed")), [
            "11: cannot migrate `reduce`: `case (.open, .pull):` writes `#function` (line 11), which moved into a `Cells` member would be the member's function name; write the value it has now in its place, or keep this function hand-written",
        ])
    }

    /// What is refused above is what changes: the same arms with the arguments passed, and
    /// `#fileID`, migrate, compile with `swiftc`, and print what the originals print.
    func testExplicitArgumentsAndTheFileLiteralMigrateAndBehaveAsBefore() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let source = Self.logger + Self.door(push: "log(\"opening\", function: \"reduce\", line: 7)", pull: "print(#fileID); return .closed")
        let plan = MigrationPlan.make([("Door.swift", Array(source.utf8))], function: nil) { _ in false }
        XCTAssertEqual(plan.refusals, [])
        XCTAssertEqual(plan.findings.map(\.message), [])
        let migrated = plan.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        XCTAssertTrue(migrated.contains("func closedPush("), migrated)
        let main = """
            for s in [Door.S.closed, .open] {
                for a in [Door.A.push, .pull] { print(s, a, Door.reduce(s, a)) }
            }

            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = MigrationBehaviourTests.runtime
        let before = try DispatcherDefaultFixTests.compileAndRun(source + runtime + main, named: "before", in: folder, swiftc: swiftc).0
        let after = try DispatcherDefaultFixTests.compileAndRun(migrated + runtime + main, named: "after", in: folder, swiftc: swiftc).0
        XCTAssertTrue(before.contains("reduce 7 opening\n"), before)
        XCTAssertTrue(before.contains("Example/main.swift\n"), before)
        XCTAssertEqual(after, before)
    }
}
