import XCTest
@testable import TablintKit

/// A TCA-style reducer holds its cells as a stored property (`let cells: RetryCells`) and its
/// dispatcher calls the members through it (`cells.onFail(ctx)`): the arm is that member's, as
/// through a parameter, so the author's name is no drift and no fix adds the generator's
/// `tryingFail` that nothing would call (black-box bb6/a 1).
final class StoredCellsPropertyTests: XCTestCase {
    static let table = """
        // swift-format-ignore-file
        let RETRY_TABLE = Table(
            machine: "Retry",
            states: ["Waiting", "Trying", "Failed"],
            actions: ["Run", "Fail", "Reset"],
            cells: [
                [.go(target: "Trying", effects: []), .ignore, .ignore],
                [.ignore,                            .handle, .go(target: "Waiting", effects: [])],
                [.ignore,                            .ignore, .go(target: "Waiting", effects: [])],
            ],
            initial: "Waiting"
        )
        """

    static let machine = """
        enum RetryS { case waiting, trying, failed }
        enum RetryA { case run, fail, reset }
        enum RetryF {}
        final class RetryCtx { var attempts = 0; var flag = false }

        protocol RetryCells {
            func onFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF>
        }

        /// TCA-style reducer: owns its dependencies, one `reduce` per action.
        struct RetryReducer {
            let cells: RetryCells
            let ctx: RetryCtx

            func reduce(_ s: RetryS, _ a: RetryA) -> Step<RetryS, RetryF> {
                switch (s, a) {
                case (.waiting, .run): return .go(.trying, effects: [])
                case (.waiting, .fail): return .ignored
                case (.waiting, .reset): return .ignored
                case (.trying, .run): return .ignored
                case (.trying, .fail): return cells.onFail(ctx)
                case (.trying, .reset): return .go(.waiting, effects: [])
                case (.failed, .run): return .ignored
                case (.failed, .fail): return .ignored
                case (.failed, .reset): return .go(.waiting, effects: [])
                }
            }
        }
        """

    static let live = """
        struct LiveRetry: RetryCells {
            func onFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> {
                ctx.attempts > 2 ? .go(.failed, effects: []) : .go(.waiting, effects: [])
            }
        }
        """

    func testAMemberCalledThroughAStoredCellsPropertyIsTheArmsMember() {
        let files = ["Retry.tb.swift": Self.table, "RetryMachine.swift": Self.machine, "RetryLive.swift": Self.live]
        let found = MutationTests.lint(files).filter { $0.severity != .note }
        XCTAssertEqual(found.map(\.message), [])
        // The member's code is read for the graph: the cell is no unread one.
        XCTAssertFalse(MutationTests.lint(files).contains { $0.code == UnreadCells().code }, "the arm's member is followed")
        // A stored property of another type is no cells: its call stays unread.
        let other = Self.machine.replacingOccurrences(of: "let cells: RetryCells", with: "let cells: RetryPolicy")
            + "protocol RetryPolicy { func onFail(_ ctx: RetryCtx) -> Step<RetryS, RetryF> }\n"
        XCTAssertTrue(MutationTests.lint(["Retry.tb.swift": Self.table, "RetryMachine.swift": other, "RetryLive.swift": Self.live])
            .contains { $0.code == CellsDrift().code && $0.message.contains("tryingFail") })
    }
}
