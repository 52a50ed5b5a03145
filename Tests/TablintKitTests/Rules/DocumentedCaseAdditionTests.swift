import Foundation
import XCTest
@testable import TablintKit

/// enum-drift's fix adds a state or action the matrix added beside the case before it. In an
/// enum written one case per line with doc comments (`/// Closed.` over `case closed`), or
/// after a documented `case push, pull`, the new case goes on a line of its own, never into a
/// documented clause (whose comment would then document it too) nor between a comment and its
/// case (bb5 #5). A new first case goes above the first clause's doc comment. The fixed file
/// type-checks with `swiftc` and behaves as the matrix says.
final class DocumentedCaseAdditionTests: XCTestCase {
    static let door = """
        enum Door {
            enum S {
                /// Closed.
                case closed
                /// Open.
                case open
            }
            enum A {
                /// Both actions.
                case push, pull
            }
            enum F { case creak }
            final class Ctx {}

            static let TABLE = Table(
                machine: "Door",
                states: ["Ajar", "Closed", "Open", "Broken"],
                actions: ["Push", "Pull", "Kick"],
                cells: [
                    [.go(target: "Open", effects: []), .go(target: "Closed", effects: []), .ignore],
                    [.go(target: "Open", effects: ["Creak"]), .ignore, .go(target: "Broken", effects: [])],
                    [.ignore, .go(target: "Closed", effects: []), .ignore],
                    [.ignore, .ignore, .ignore],
                ],
                initial: "Closed"
            )
        }

        protocol DoorCells {
            func creak(_ ctx: Door.Ctx) -> Door.A?
        }

        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.creak])
                case (.closed, .pull): return .ignored
                case (.open, .push): return .ignored
                case (.open, .pull): return .go(.closed, effects: [])
                }
            }

            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .creak: return cells.creak(ctx)
                }
            }
        }

        """

    func testANewCaseTakesALineOfItsOwnBesideDocumentedCases() throws {
        let (texts, errors) = CombinedMatrixEditTests.fix(["Door.swift": Self.door])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Door.swift"])
        XCTAssertTrue(after.contains("""
                enum S {
                    case ajar
                    /// Closed.
                    case closed
                    /// Open.
                    case open
                    case broken
                }
                enum A {
                    /// Both actions.
                    case push, pull
                    case kick
                }

            """), after)
        XCTAssertEqual(RemovalSyncFixTests.run(["Door.swift": after]).files.compactMap(\.fixed).count, 0, "a second run changes nothing")
        let ran = try CombinedMatrixEditTests.compileAndRun(after + """
            struct Impl: DoorCells {
                func creak(_ ctx: Door.Ctx) -> Door.A? { nil }
            }
            for s in [Door.S.ajar, .closed, .open, .broken] {
                for a in [Door.A.push, .pull, .kick] { print(s, a, Door.step(Impl(), Door.Ctx(), s, a)) }
            }

            """, named: "documented")
        XCTAssertTrue(ran.contains("ajar pull go(Door.S.closed, effects: [])\n"), ran)
        XCTAssertTrue(ran.contains("closed kick go(Door.S.broken, effects: [])\n"), ran)
        XCTAssertEqual(ran.split(separator: "\n").count, 12, ran)
    }

    /// Without comments, an enum of one clause per line gets a line per new case too; a
    /// one-line enum and one clause of several cases keep the list form.
    func testTheListFormIsKeptWhereTheEnumWritesOne() throws {
        let oneLine = Self.door
            .replacingOccurrences(of: "    enum S {\n        /// Closed.\n        case closed\n        /// Open.\n        case open\n    }", with: "    enum S { case closed, open }")
            .replacingOccurrences(of: "        /// Both actions.\n", with: "")
        let (texts, errors) = CombinedMatrixEditTests.fix(["Door.swift": oneLine])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Door.swift"])
        XCTAssertTrue(after.contains("    enum S { case ajar, closed, open, broken }\n    enum A {\n        case push, pull, kick\n    }\n"), after)
        let perLine = Self.door.replacingOccurrences(of: "        /// Closed.\n", with: "").replacingOccurrences(of: "        /// Open.\n", with: "")
        let fixed = try XCTUnwrap(CombinedMatrixEditTests.fix(["Door.swift": perLine]).texts["Door.swift"])
        XCTAssertTrue(fixed.contains("    enum S {\n        case ajar\n        case closed\n        case open\n        case broken\n    }\n"), fixed)
    }
}
