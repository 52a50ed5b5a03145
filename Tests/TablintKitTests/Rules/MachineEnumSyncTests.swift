import XCTest
@testable import TablintKit

/// An `@Machine` machine whose dispatcher `tablint scaffold` wrote: the sync fixes are not
/// offered (the dispatcher is the macro's, and what its prototype and rows add is read from
/// the source only by the scaffold), and every sync diagnostic says so.
final class MachineEnumSyncTests: XCTestCase {
    static let machine = """
        // swift-format-ignore-file
        @Machine
        enum Fetch {
            enum S { case idle, loading(id: Int), done }
            enum A { case start(Int), finish, cancel, retry }
            enum F { case request(Int), log }
            final class Ctx {}
            static let initial = S.idle
            //                               Start    Finish                 Cancel
            @Row(.idle)    static let i = [ .handle, .ignore,               .ignore,               .handle ]
            @Row(.loading) static let l = [ .ignore, .go(.done, [.log]),    .handle,               .ignore ]
            @Row(.done)    static let d = [ .ignore, .ignore,               .go(.idle, []),        .ignore ]
            func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
        }

        """

    static let generated = """
        protocol FetchCells {
            func idleStart(_ ctx: Fetch.Ctx, _ action: Fetch.Start) -> Step<Fetch.S, Fetch.F>
            func loadingCancel(_ ctx: Fetch.Ctx, _ state: Fetch.Loading) -> Step<Fetch.S, Fetch.F>
            func request(_ ctx: Fetch.Ctx, _ effect: Int) -> Fetch.A?
            func log(_ ctx: Fetch.Ctx) -> Fetch.A?
        }

        extension Fetch {
            struct Loading {
                var id: Int
            }

            struct Start {
                var value: Int
            }

            static func step(_ cells: FetchCells, _ ctx: Fetch.Ctx, _ s: Fetch.S, _ a: Fetch.A) -> Step<Fetch.S, Fetch.F> {
                switch (s, a) {
                case let (.idle, .start(value)): return cells.idleStart(ctx, Fetch.Start(value: value))
                case (.idle, .finish): return .ignored
                case (.idle, .cancel): return .ignored
                case (.loading, .start): return .ignored
                case (.loading, .finish): return .go(.done, effects: [.log])
                case let (.loading(id), .cancel): return cells.loadingCancel(ctx, Fetch.Loading(id: id))
                case (.done, .start): return .ignored
                case (.done, .finish): return .ignored
                case (.done, .cancel): return .go(.idle, effects: [])
                }
            }

            static func perform(_ cells: FetchCells, _ ctx: Fetch.Ctx, _ f: Fetch.F) -> Fetch.A? {
                switch f {
                case let .request(value): return cells.request(ctx, value)
                case .log: return cells.log(ctx)
                }
            }
        }

        """

    func testTheSyncDiagnosticsOfAnAtMachineSayWhyNoFixIsOffered() throws {
        let found = MutationTests.lint(["Fetch.tb.swift": Self.machine, "FetchGen.swift": Self.generated])
        let sync = found.filter { [DispatcherDrift().code, CellsDrift().code].contains($0.code) }
        XCTAssertEqual(sync.count, 2, "\(sync.map(\.message))")
        for diagnostic in sync {
            XCTAssertNil(diagnostic.fix, diagnostic.message)
            XCTAssertTrue(diagnostic.message.contains("the fix is not offered for an `@Machine`'s dispatcher: it is the macro's; run `tablint scaffold` again"), diagnostic.message)
        }
    }
}
