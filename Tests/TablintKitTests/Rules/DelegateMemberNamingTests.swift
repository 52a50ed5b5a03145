import XCTest
@testable import TablintKit

/// A DELEGATE cell served by a member named as the cell's HANDLE member would be
/// (`loggedOutCredentials(…) -> AuthA?`, no `ToChild`), the library's own hand-written
/// spelling (reference §1.6): the members are paired through the dispatcher's arms, and
/// cells-drift asks for no `…ToChild` (bb6 finding 2).
final class DelegateMemberNamingTests: XCTestCase {
    static let table = """
        let SESSION_TABLE = Table(
            machine: "Session",
            states: ["LoggedOut", "LoggedIn", "Locked"],
            actions: ["Credentials", "Logout"],
            cells: [
                [.delegate(child: "auth"),  .ignore],
                [.ignore,                   .go(target: "LoggedOut", effects: [])],
                [.ignore,                   .go(target: "LoggedOut", effects: [])],
            ],
            initial: "LoggedOut"
        )
        """

    static let code = """
        enum SessionS { case loggedOut, loggedIn, locked }
        enum SessionA { case credentials(user: String), logout }
        enum SessionF {}
        final class SessionCtx { var auth = AuthState.idle; var password = "secret" }

        /// The `auth` child machine: it checks the credentials and tells the parent when it is done.
        enum AuthState { case idle, accepted, rejected }
        enum AuthA { case check(String) }

        protocol SessionCells {
            func loggedOutCredentials(_ ctx: SessionCtx, _ user: String) -> AuthA?
        }

        /// Feeds the child, then lifts its result into the parent's step (the embedding).
        func delegateAuth(_ ctx: SessionCtx, _ childAction: AuthA?) -> Step<SessionS, SessionF> {
            guard case let .check(pw)? = childAction else { return .ignored }
            ctx.auth = pw == ctx.password ? .accepted : .rejected
            return ctx.auth == .accepted ? .go(.loggedIn) : .ignored
        }

        func sessionStep(_ c: SessionCells, _ ctx: SessionCtx, _ s: SessionS, _ a: SessionA) -> Step<SessionS, SessionF> {
            switch (s, a) {
            case let (.loggedOut, .credentials(user)): return delegateAuth(ctx, c.loggedOutCredentials(ctx, user))
            case (.loggedOut, .logout): return .ignored
            case (.loggedIn, .credentials): return .ignored
            case (.loggedIn, .logout): return .go(.loggedOut, effects: [])
            case (.locked, .credentials): return .ignored
            case (.locked, .logout): return .go(.loggedOut, effects: [])
            }
        }

        struct LiveSession: SessionCells {
            func loggedOutCredentials(_ ctx: SessionCtx, _ user: String) -> AuthA? { .check(user) }
        }
        """

    func testADelegateMemberNamedWithoutToChildIsNoDrift() {
        let found = MutationTests.lint(["Session/Session.tb.swift": Self.table, "Session/Session.swift": Self.code])
        XCTAssertFalse(found.contains { $0.code == "tablint::cells-drift" }, found.map(\.message).joined(separator: "\n"))
    }

    func testADelegateMemberNoArmCallsIsStillReported() {
        let code = Self.code.replacingOccurrences(of: "c.loggedOutCredentials(ctx, user)", with: "nil")
        let found = MutationTests.lint(["Session/Session.tb.swift": Self.table, "Session/Session.swift": code])
        XCTAssertTrue(found.contains { $0.code == "tablint::cells-drift" }, found.map(\.message).joined(separator: "\n"))
    }
}
