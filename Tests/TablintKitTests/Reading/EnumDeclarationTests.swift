@testable import TablintKit
import XCTest

final class EnumDeclarationTests: XCTestCase {
    private func enums(_ source: String, path: String = "Machine.swift") -> [EnumDeclaration] {
        LintContext(file: SourceFile(path: path, bytes: Array(source.utf8))).summary.enums
    }

    func testCasesInOrderWithPayloadsRawValuesAndNesting() {
        let found = enums("""
            enum Door {
                enum S: String, CaseIterable { case open = "o", shut, `default`
                    case locked(since: Int)
                    indirect case jammed(S)
                    var label: String { switch self { case .open: return "x"; default: return "y" } }
                    @available(*, deprecated) case ajar = "-1"
                }
                static func f() { enum Local { case a } }
            }
            extension Door { enum A { case push, pull } }
            enum Empty {}
            """)
        XCTAssertEqual(found.map(\.qualifiedName), ["Door", "Door.S", "Local", "Door.A", "Empty"])
        let states = found[1]
        XCTAssertEqual(states.cases.map(\.name), ["open", "shut", "default", "locked", "jammed", "ajar"])
        XCTAssertEqual(states.cases.map(\.hasPayload), [false, false, false, true, true, false])
        XCTAssertTrue(states.hasKnownCases)
        XCTAssertEqual(found[0].cases, [], "a nested enum's cases are not the outer enum's")
        XCTAssertEqual(found[3].cases.map(\.name), ["push", "pull"])
    }

    func testConditionalAndUnclosedEnumsHaveNoKnownCases() {
        let found = enums("""
            enum A {
                case a
                #if DEBUG
                case debug
                #endif
            }
            enum B { case x
            """)
        XCTAssertEqual(found.map(\.name), ["A", "B"])
        XCTAssertFalse(found[0].hasKnownCases)
        XCTAssertTrue(found[0].hasConditionalCases)
        XCTAssertFalse(found[1].hasKnownCases)
    }

    func testAnEnumOnlyFileIsNotSkippedByThePrefilter() {
        // The case lists are needed in the run even when the file holds nothing else.
        XCTAssertEqual(enums("enum Light { case red, green }\n").first?.cases.map(\.name), ["red", "green"])
        XCTAssertFalse(Prefilter.canSkipReaders(Array("enum Light { case red }".utf8), kind: .swift))
        XCTAssertTrue(Prefilter.canSkipReaders(Array("let menu = 1 // enumerate".utf8), kind: .swift))
    }
}
