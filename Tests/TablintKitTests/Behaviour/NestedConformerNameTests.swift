import XCTest
@testable import TablintKit

/// Conformers that share a simple name in different enclosing types (`Live.Impl`,
/// `Strict.Impl`) are two types: each keeps its own members and its own use of the protocol's
/// default (bb6 findings 3 and 8).
final class NestedConformerNameTests: XCTestCase {
    static let signature = BehaviourFalseAlarmTests.signature

    func testAConformerUsingTheDefaultIsNotGivenItsNamesakesMember() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Live.swift": """
                extension RetryCells {
                    func tryingFail\(Self.signature) { .go(.failed, effects: []) }
                }
                enum Live {
                    struct Impl: RetryCells {
                        func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                    }
                }
                enum Strict {
                    struct Impl: RetryCells {}
                }

                """,
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertTrue(found.tryingFail?.outcomes.contains { $0.target == 2 } == true, "\(String(describing: found.tryingFail))")
    }

    func testTwoNamesakeConformersThatNeverFailLeaveFailedUnreachable() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Live.swift": """
                enum Preview {
                    struct Impl: RetryCells {
                        func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                    }
                }
                enum Demo {
                    struct Impl: RetryCells {
                        func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                    }
                }

                """,
        ])
        XCTAssertTrue(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertNil(found.tryingFail?.unknownReason)
    }

    func testAnExtensionWrittenWithItsFullNameJoinsTheNestedDeclaration() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Live.swift": "enum Live {\n    struct Impl: RetryCells {}\n}\nenum Other {\n    struct Impl {}\n}\n",
            "Retry/LiveCells.swift": "extension Live.Impl {\n    func tryingFail\(Self.signature) { .go(.failed, effects: []) }\n}\n",
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertNil(found.tryingFail?.unknownReason)
    }
}
