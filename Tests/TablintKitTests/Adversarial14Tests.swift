import XCTest
@testable import TablintKit

/// Mistakes and equivalent code a team writes around a machine's surfaces, found by linting a
/// project written apart from the mutation project.
final class Adversarial14Tests: XCTestCase {
    static let authTable = """
        let AUTH_TABLE = Table(
            machine: "Auth",
            states: ["SignedOut", "SignedIn"],
            actions: ["Submit", "SignOut"],
            cells: [
                [.handle, .ignore],
                [.ignore, .go(target: "SignedOut", effects: ["ClearToken"])],
            ],
            initial: "SignedOut"
        )

        """

    static let authCode = """
        enum AuthS { case signedOut, signedIn }
        enum AuthA { case submit, signOut }
        enum AuthF { case clearToken }

        protocol AuthCells {
            func signedOutSubmit(_ ctx: AuthCtx) -> Step<AuthS, AuthF>
            func clearToken(_ ctx: AuthCtx) -> AuthA?
        }

        func authStep(_ c: AuthCells, _ ctx: AuthCtx, _ s: AuthS, _ a: AuthA) -> Step<AuthS, AuthF> {
            switch (s, a) {
            case (.signedOut, .submit): return c.signedOutSubmit(ctx)
            case (.signedOut, .signOut): return .ignored
            case (.signedIn, .submit): return .ignored
            case (.signedIn, .signOut): return .go(.signedOut, effects: [.clearToken])
            }
        }

        """

    /// A test target's copy of a top-level `AUTH_TABLE` made every partner of the real one
    /// ambiguous, so a changed cell went unreported; the matrix nearest the partner is its own.
    func testATestTargetCopyOfATopLevelTableDoesNotBlindItsPartners() {
        let changed = Self.authTable.replacingOccurrences(
            of: "[.ignore, .go(target: \"SignedOut\"", with: "[.handle, .go(target: \"SignedOut\"")
        let found = CrossSurfaceTests.lint([
            "Sources/App/Auth/Auth.tb.swift": changed, "Sources/App/Auth/AuthTypes.swift": Self.authCode,
            "Tests/AppTests/AuthTableCopy.swift": Self.authTable,
        ])
        XCTAssertEqual(found.map(\.code).sorted(), ["tablint::cells-drift", "tablint::dispatcher-drift"], found.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(found.contains { $0.code == "tablint::ambiguous-pairing" })
        // Two copies as near as each other are still ambiguous.
        let tied = CrossSurfaceTests.lint([
            "App/Auth.tb.swift": changed, "App/AuthTypes.swift": Self.authCode, "App/AuthCopy.swift": Self.authTable,
        ])
        XCTAssertTrue(tied.contains { $0.code == "tablint::ambiguous-pairing" }, tied.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(tied.contains { $0.code == "tablint::dispatcher-drift" })
    }

    /// A property requirement is the team's own surface (the generator emits functions); a
    /// stale cell's member is still reported, as a property too.
    func testAPropertyRequirementOfCellsIsNotDeadCode() {
        let withName = Self.authCode.replacingOccurrences(
            of: "protocol AuthCells {\n", with: "protocol AuthCells {\n    var name: String { get }\n    var signedInSubmit: Int { get }\n")
        let found = CrossSurfaceTests.lint(["Auth.tb.swift": Self.authTable, "AuthTypes.swift": withName])
        XCTAssertEqual(found.map(\.code), ["tablint::cells-drift"], found.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(found.first?.message.contains("`signedInSubmit`") ?? false)
        XCTAssertEqual(CrossSurfaceTests.lint(["Auth.tb.swift": Self.authTable, "AuthTypes.swift": Self.authCode]), [])
    }
}
