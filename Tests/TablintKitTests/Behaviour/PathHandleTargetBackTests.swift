import XCTest
@testable import TablintKit

/// bb6/a #11: `path-handle-target` checks an `@Path`'s `back:` walk, whose reverse `HANDLE`
/// cell the library derives as a `GO` to the hop's start.
final class PathHandleTargetBackTests: XCTestCase {
    static func valve(closeReturns: String) -> String {
        """
        @Machine
        @Path("cycle", [.shut, .open, .opened, .lock, .locked], back: .close)
        enum Valve {
            enum S { case shut, opened, locked }
            enum A { case open, close, lock }
            enum F {}
            final class Ctx { var pressure = 0 }
            static let initial = S.shut
            @Row(.shut)    static let s = [ .handle,       .ignore,     .ignore ]
            @Row(.opened)  static let o = [ .ignore,       .handle,     .handle ]
            @Row(.locked)  static let l = [ .ignore,       .ignore,     .ignore ]
        }

        struct LiveValve: Valve.Cells {
            func shutOpen(_ ctx: Valve.Ctx) -> Step<Valve.S, Valve.F> { .go(.opened) }
            func openedClose(_ ctx: Valve.Ctx) -> Step<Valve.S, Valve.F> { \(closeReturns) }
            func openedLock(_ ctx: Valve.Ctx) -> Step<Valve.S, Valve.F> { .go(.locked) }
        }
        """
    }

    func testAWalkBackThroughAHandleThatNeverGoesBackIsReported() {
        let found = MutationTests.lint(["Valve.swift": Self.valve(closeReturns: ".ignored")]).filter { $0.code == "tablint::path-handle-target" }
        XCTAssertEqual(found.map(\.message), [
            "Valve: @Path `cycle` walks back by `close` through (opened, close) → `shut`, but the cell is HANDLE and the implementations of `openedClose` return only `opened`",
        ])
        XCTAssertEqual(found.first.map { "\($0.start.line):\($0.start.column)" }, "2:63", "at the `back:` action")
    }

    func testAWalkBackTheImplementationTakesIsQuiet() {
        let found = MutationTests.lint(["Valve.swift": Self.valve(closeReturns: ".go(.shut)")]).filter { $0.code == "tablint::path-handle-target" }
        XCTAssertEqual(found.map(\.message), [])
    }
}
