import Foundation
import XCTest
@testable import TablintKit

/// The generated test of `tablint paths --format swift` passes on a correct machine: a state
/// enum that describes itself its own way, and a `DELEGATE` whose embedding moves the parent.
extension PathsSwiftTests {
    /// bb6/a #7: the state is named by pattern, not by `String(describing:)`.
    func testAStateEnumThatDescribesItselfStillPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-described-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let described = Self.machine + """
            extension Door.S: CustomStringConvertible {
                var description: String { "Door state" }
            }

            """
        let test = try generated(in: folder)
        XCTAssertFalse(test.contains("String(describing: state).prefix"), test)
        let (passed, output) = try compileAndRun(test, machine: described, in: folder, named: "described")
        XCTAssertEqual(passed, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }

    static let session = """
        enum SessionS { case loggedOut, loggedIn }
        enum SessionA { case credentials, logout }
        enum SessionF {}
        final class SessionCtx { var accepted = false }

        protocol SessionCells {
            func loggedOutCredentialsToChild(_ ctx: SessionCtx) -> Bool
        }

        /// The embedding: the child accepts, and the parent moves on.
        func delegateAuth(_ ctx: SessionCtx, _ accepted: Bool) -> Step<SessionS, SessionF> {
            ctx.accepted = accepted
            return accepted ? .go(.loggedIn, effects: []) : .ignored
        }

        func sessionStep(_ c: SessionCells, _ ctx: SessionCtx, _ s: SessionS, _ a: SessionA) -> Step<SessionS, SessionF> {
            switch (s, a) {
            case (.loggedOut, .credentials): return delegateAuth(ctx, c.loggedOutCredentialsToChild(ctx))
            case (.loggedOut, .logout): return .ignored
            case (.loggedIn, .credentials): return .ignored
            case (.loggedIn, .logout): return .go(.loggedOut, effects: [])
            }
        }

        struct LiveSession: SessionCells {
            func loggedOutCredentialsToChild(_ ctx: SessionCtx) -> Bool { true }
        }

        let SESSION_TABLE = Table(
            machine: "Session",
            states: ["LoggedOut", "LoggedIn"],
            actions: ["Credentials", "Logout"],
            cells: [
                [.delegate(child: "auth"), .ignore],
                [.ignore, .go(target: "LoggedOut", effects: [])],
            ],
            initial: "LoggedOut"
        )

        """

    /// bb6/a #6: a `DELEGATE`'s parent state is what the embedding returns, which tablint does
    /// not read: the cell is unknown, and no sequence passes it as if it stayed.
    func testADelegateIsNeverPassedAsAStay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-delegate-\(UUID().uuidString)")
        let source = folder.appendingPathComponent("source", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.session.write(to: source.appendingPathComponent("Session.swift"), atomically: true, encoding: .utf8)
        var text = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", source.path], stdout: &text, stderr: &errors), 0, errors)
        XCTAssertFalse(text.contains("-Credentials->"), "no sequence passes the DELEGATE:\n\(text)")
        XCTAssertTrue(text.contains("uncovered (LoggedOut, Credentials): unknown outcome (the parent's state after `DELEGATE`"), text)
        XCTAssertTrue(text.contains("uncovered (LoggedIn, Logout): unknown outcome"), "LoggedIn is not called unreachable:\n\(text)")
        var test = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", source.path], stdout: &test, stderr: &errors), 0, errors)
        XCTAssertFalse(test.contains("(.credentials, "), test)
        let harness = """
            extension SessionPathTests {
                func step(_ s: SessionS, _ a: SessionA, expecting expected: Expected) -> Step<SessionS, SessionF> {
                    sessionStep(LiveSession(), SessionCtx(), s, a)
                }
            }

            """
        let (passed, output) = try compileAndRun(test, machine: Self.session, harness: harness, testing: "Session", in: folder, named: "delegate")
        XCTAssertEqual(passed, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }
}
