import Foundation
import XCTest
@testable import TablintKit

/// Defects a black-box pass found in the drift rules' findings and fixes.
final class DriftDefectTests: XCTestCase {
    static func lint(_ files: [String: String], code: String) -> [Diagnostic] {
        MutationTests.lint(files).filter { $0.code == code }
    }

    static func fixed(_ path: String, _ text: String) throws -> String {
        let outcome = Engine.run([Engine.Document(path: path, bytes: Array(text.utf8))], mode: .fix, unsafeFixes: true)
        return String(decoding: try XCTUnwrap(outcome.files.first?.fixed ?? Array(text.utf8)), as: UTF8.self)
    }

    static let acronymNet = """
        enum Net {
            enum S { case idle, URLLoaded }
            enum A { case load, reset }
            enum F { case log }
        }
        extension Net {
            static let TABLE = Table(
                machine: "Net",
                states: ["Idle", "URLLoaded"],
                actions: ["Load", "Reset"],
                cells: [
                    [.go(target: "URLLoaded", effects: []), .ignore],
                    [.ignore, .go(target: "Idle", effects: [])],
                ],
                initial: "Idle"
            )
        }

        """

    /// `URLLoaded` and `"URLLoaded"` are one name (first letter folded on both sides): no
    /// finding either way, and no fix that adds `uRLLoaded`.
    func testACaseWithALeadingAcronymMatchesItsString() throws {
        XCTAssertEqual(Self.lint(["Net.swift": Self.acronymNet], code: EnumDrift().code).map(\.message), [])
        XCTAssertEqual(try Self.fixed("Net.swift", Self.acronymNet), Self.acronymNet)
    }

    /// A lowerCamel case still matches its UpperCamel string when the string has an acronym.
    func testALowerCamelCaseMatchesAnAcronymString() throws {
        let text = Self.acronymNet.replacingOccurrences(of: "case idle, URLLoaded", with: "case idle, uRLLoaded")
        XCTAssertEqual(Self.lint(["Net.swift": text], code: EnumDrift().code).map(\.message), [])
    }

    /// A case added after one with a trailing comment goes on its own line, so the comment
    /// stays with its own case.
    func testANewCaseDoesNotSlipUnderATrailingComment() throws {
        let before = """
            enum Lamp {
                enum S {
                    case off // dark
                }
                enum A { case flip }
                enum F { case click }
            }
            extension Lamp {
                static let TABLE = Table(
                    machine: "Lamp",
                    states: ["Off", "Flicker"],
                    actions: ["Flip"],
                    cells: [
                        [.go(target: "Flicker", effects: [])],
                        [.go(target: "Off", effects: [])],
                    ],
                    initial: "Off"
                )
            }

            """
        let after = try Self.fixed("Lamp.swift", before)
        XCTAssertTrue(after.contains("""
                    case off // dark
                    case flicker
                }
            """), after)
    }
}
