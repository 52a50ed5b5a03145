import XCTest
@testable import TablintKit

/// Where tablint cannot be sure which body Swift calls for a cell (a superclass it does not
/// read as a conformer, a member of a constrained extension), the cell is unknown: no
/// `unreachable-state` rests on the protocol's default (bb6 findings 4 and 5, issue 23).
final class WitnessUncertaintyTests: XCTestCase {
    static let signature = BehaviourFalseAlarmTests.signature
    /// The protocol's default never fails: only the inherited or constrained member might.
    static let waitingDefault = "extension RetryCells {\n    func tryingFail\(signature) { .go(.waiting, effects: []) }\n}\n"

    func testAFinalClassInheritingTheMemberFromASuperclassLeavesTheCellUnknown() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Default.swift": Self.waitingDefault,
            "Retry/Live.swift": """
                class GiveUpPolicy {
                    func tryingFail\(Self.signature) { .go(.failed, effects: []) }
                }
                final class LiveRetry: GiveUpPolicy, RetryCells {}

                """,
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertTrue(found.tryingFail?.unknownReason?.contains("inherits from `GiveUpPolicy`") == true, "\(String(describing: found.tryingFail?.unknownReason))")
    }

    func testAFinalClassWithoutASuperclassStillTakesTheDefault() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Default.swift": Self.waitingDefault,
            "Retry/Live.swift": "final class LiveRetry: RetryCells {}\n",
        ])
        XCTAssertTrue(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
    }

    func testAMemberOfAConstrainedExtensionLeavesTheCellUnknown() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Default.swift": "extension RetryCells {\n    func tryingFail\(Self.signature) { .go(.failed, effects: []) }\n}\n",
            "Retry/Live.swift": """
                struct Wrapper<T>: RetryCells {
                    let value: T
                }
                extension Wrapper where T == Int {
                    func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                }

                """,
        ])
        XCTAssertFalse(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
        XCTAssertTrue(found.tryingFail?.unknownReason?.contains("constrained extension") == true, "\(String(describing: found.tryingFail?.unknownReason))")
    }

    func testAConditionalConformanceStillMakesItsMemberTheWitness() {
        let found = BehaviourFalseAlarmTests.run([
            "Retry/Live.swift": """
                struct Wrapper<T> {
                    let value: T
                }
                extension Wrapper: RetryCells where T == Int {
                    func tryingFail\(Self.signature) { .go(.waiting, effects: []) }
                }

                """,
        ])
        XCTAssertTrue(found.codes.contains("tablint::unreachable-state"), "\(found.codes)")
    }
}
