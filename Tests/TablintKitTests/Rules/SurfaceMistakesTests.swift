import XCTest
@testable import TablintKit

/// Mistakes and equivalent code a team writes around a machine's surfaces, found by linting a
/// project written apart from the mutation project.
final class SurfaceMistakesTests: XCTestCase {
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

    /// An effect renamed in `enum F` and the dispatchers but not in the matrix is the matrix's
    /// mistake (`unknown-effect`): the `step` arm that names the new effect is not told to copy
    /// the stale one.
    func testAStepArmIsNotToldToCopyAnEffectTheEnumNoLongerDeclares() {
        let renamed = Self.authCode.replacingOccurrences(of: "enum AuthF { case clearToken }", with: "enum AuthF { case dropToken }")
            .replacingOccurrences(of: "[.clearToken]", with: "[.dropToken]")
            .replacingOccurrences(of: "func clearToken", with: "func dropToken")
        let found = CrossSurfaceTests.lint(["Auth.tb.swift": Self.authTable, "AuthTypes.swift": renamed])
        XCTAssertFalse(found.contains { $0.code == "tablint::dispatcher-drift" }, found.map(\.message).joined(separator: "\n"))
        // Another effect than the one the matrix names, both declared, is still drift.
        let other = renamed.replacingOccurrences(of: "enum AuthF { case dropToken }", with: "enum AuthF { case dropToken, clearToken }")
            .replacingOccurrences(of: "func dropToken(_ ctx: AuthCtx) -> AuthA?", with: "func dropToken(_ ctx: AuthCtx) -> AuthA?\n    func clearToken(_ ctx: AuthCtx) -> AuthA?")
        let drift = CrossSurfaceTests.lint(["Auth.tb.swift": Self.authTable, "AuthTypes.swift": other])
        XCTAssertEqual(drift.filter { !$0.message.contains("`dropToken`") }.map(\.code), ["tablint::dispatcher-drift"], drift.map(\.message).joined(separator: "\n"))
        // `dropToken`, which no cell emits and only the rewritten return names, goes with it
        // (`EffectRemovalSync`): its case and requirement are fixed beside the arm.
        XCTAssertEqual(drift.filter { $0.message.contains("`dropToken`") }.map(\.code), ["tablint::enum-drift", "tablint::cells-drift"], drift.map(\.message).joined(separator: "\n"))
    }

    /// A parent's nested `protocol Cells: Auth.Cells` refines its child's cells as
    /// `SessionCells: AuthCells` does.
    func testANestedCellsMayRefineItsChildsNestedCells() {
        let text = """
            enum Session {
                enum S { case idle, authing }
                enum A { case auth }
                enum F { case none }
                protocol Cells: Auth.Cells {
                    func authingAuthToChild(_ ctx: Int) -> A?
                    func authChildState(_ ctx: Int) -> Auth.S
                    func authEmbed(_ ctx: Int, _ a: Auth.A) -> A
                    func authLift(_ ctx: Int, _ f: Auth.F) -> F?
                    func authChildCtx(_ ctx: Int) -> Int
                    func none(_ ctx: Int) -> A?
                }
                static let TABLE = Table(
                    machine: "Session",
                    states: ["Idle", "Authing"],
                    actions: ["Auth"],
                    cells: [
                        [.go(target: "Authing", effects: ["None"])],
                        [.delegate(child: "Auth")],
                    ],
                    initial: "Idle"
                )
            }

            """
        XCTAssertEqual(CrossSurfaceTests.lint(["Session.swift": text]), [])
        let wrong = CrossSurfaceTests.lint(["Session.swift": text.replacingOccurrences(of: "Auth.Cells {", with: "Login.Cells {")])
        XCTAssertEqual(wrong.map(\.code), ["tablint::cells-drift"])
        XCTAssertTrue(wrong.first?.message.contains("`Login.Cells`") ?? false, wrong.first?.message ?? "")
    }

    /// A `perform` arm calling another effect's member has a note at that effect's own case.
    func testAPerformArmCallingAnotherEffectsMemberPointsAtThatEffect() {
        let code = Self.authCode.replacingOccurrences(of: "enum AuthF { case clearToken }", with: "enum AuthF { case clearToken, audit }")
            .replacingOccurrences(of: "func clearToken(_ ctx: AuthCtx) -> AuthA?", with: "func clearToken(_ ctx: AuthCtx) -> AuthA?\n    func audit(_ ctx: AuthCtx) -> AuthA?")
            + """
            func authPerform(_ c: AuthCells, _ ctx: AuthCtx, _ f: AuthF) -> AuthA? {
                switch f {
                case .clearToken: return c.audit(ctx)
                case .audit: return c.audit(ctx)
                }
            }

            """
        let table = Self.authTable.replacingOccurrences(of: "[.handle, .ignore]", with: "[.handle, .emit(effects: [\"Audit\"])]")
        let found = CrossSurfaceTests.lint(["Auth.tb.swift": table, "AuthTypes.swift": code])
            .filter { $0.message.contains("effect dispatcher") }
        XCTAssertEqual(found.map(\.code), ["tablint::dispatcher-drift"], found.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(found.first?.notes.map(\.message), ["`audit` is the member of effect `audit`, performed by `case .audit:` here"])
    }

    /// A test target's copies of the top-level enums do not turn the matrix's enum checks off:
    /// a misspelt effect is still the table's, not a cascade into the pin and the dispatcher.
    func testATestTargetCopyOfTopLevelEnumsDoesNotBlindTheMatrix() {
        let typo = Self.authTable.replacingOccurrences(of: "[\"ClearToken\"]", with: "[\"ClearTokn\"]")
        let fakes = "enum AuthS { case signedOut, signedIn }\nenum AuthA { case submit, signOut }\nenum AuthF { case clearToken }\n"
        let found = TestRun.lintFiles(
            ["Sources/Auth/Auth.tb.swift", "Sources/Auth/AuthTypes.swift", "Tests/AuthTests/Fakes.swift"], jobs: 1,
            read: { path in
                .success(Array((path.hasPrefix("Tests") ? fakes : path.hasSuffix("tb.swift") ? typo : Self.authCode).utf8))
            }, settings: { _ in .default }
        ).diagnostics.filter { CrossSurfaceTests.codes.contains($0.code) || $0.code.hasSuffix("unknown-effect") }
        XCTAssertEqual(found.map(\.code), ["tabular-center::unknown-effect"], found.map(\.message).joined(separator: "\n"))
    }
}
