import XCTest
@testable import TablintKit

/// `unreachable-state` where the library's `no-static-entry` is silent, and where it is placed.
final class UnreachableStatePlacementTests: XCTestCase {
    /// bb6/a #9: static cells plus one UNREACHABLE: `no-static-entry` asks only a matrix whose
    /// every cell is static, so `Off`, which nothing enters, is this rule's to report.
    func testAStaticMatrixWithAnUnreachableCellStillReportsAStateNothingEnters() {
        let light = """
            let LIGHT_TABLE = Table(
                machine: "Light",
                states: ["Red", "Green", "Amber", "Off"],
                actions: ["Next", "Fault"],
                cells: [
                    [.go(target: "Green", effects: []), .ignore],
                    [.go(target: "Amber", effects: []), .ignore],
                    [.go(target: "Red", effects: []), .unreachable],
                    [.go(target: "Red", effects: []), .ignore],
                ],
                initial: "Red"
            )
            """
        let found = MutationTests.lint(["Light.swift": light]).filter { $0.code == "tablint::unreachable-state" }
        XCTAssertEqual(found.map(\.message).map { $0.contains("reaches `Off`") }, [true], "\(found)")
        XCTAssertEqual(found.first?.start.line, 3, "at `Off` in `states:`")
        // Without the UNREACHABLE cell the library's rule says it, and this one does not.
        let plain = MutationTests.lint(["Light.swift": light.replacingOccurrences(of: ".unreachable", with: ".ignore")])
        XCTAssertEqual(plain.map(\.code).filter { $0.hasSuffix("unreachable-state") || $0.hasSuffix("no-static-entry") }, ["tabular-center::no-static-entry"])
    }

    /// bb6/a #14: in an `@Machine` enum the warning is at the state's `case` in `enum S`, as
    /// the rule's document says, not at its `@Row`.
    func testInAMachineEnumTheWarningIsAtTheStatesDeclaration() {
        let turnstile = """
            @Machine
            enum Turnstile {
                enum S { case locked, unlocked, broken }
                enum A { case coin, push }
                enum F { case click, alarm }
                static let initial = S.locked
                @Row(.locked)   static let l = [ .go(.unlocked, [.click]), .handle ]
                @Row(.unlocked) static let u = [ .ignore,                  .go(.locked) ]
                @Row(.broken)   static let b = [ .emit([.alarm]),          .go(.locked, [.alarm]) ]
            }

            struct LiveTurnstile: Turnstile.Cells {
                func lockedPush(_ ctx: Turnstile.Ctx) -> Step<Turnstile.S, Turnstile.F> {
                    .stay(effects: [.click])
                }
            }
            """
        let found = MutationTests.lint(["Turnstile.swift": turnstile]).filter { $0.code == "tablint::unreachable-state" }
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first.map { "\($0.start.line):\($0.start.column)" }, "3:37", "at `broken` in `enum S`")
    }
}
