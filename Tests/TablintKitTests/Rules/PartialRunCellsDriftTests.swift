import XCTest
@testable import TablintKit

/// A run given only some of a machine's files (the per-file pre-commit hook, when only the
/// matrix and the `Cells` protocol are staged) claims nothing it cannot know: without `enum F`
/// an effect only `HANDLE` code emits is not seen in the matrix, so its requirement is no
/// stale one (black-box bb6/b 12). What the run can know is still reported.
final class PartialRunCellsDriftTests: XCTestCase {
    static let matrix = """
        extension Player {
            static let TABLE = Table(
                machine: "Player",
                states: ["Idle", "Loading"],
                actions: ["Load", "Stop"],
                cells: [
                    [.handle, .ignore                                     ],
                    [.ignore, .go(target: "Idle", effects: ["StopAudio"])],
                ],
                initial: "Idle"
            )
        }

        """

    static func cells(_ extra: String = "") -> String {
        """
        protocol PlayerCells {
            func idleLoad(_ ctx: Player.Ctx) -> Step<Player.S, Player.F>
            func fetch(_ ctx: Player.Ctx) -> Player.A?
            func stopAudio(_ ctx: Player.Ctx) -> Player.A?
        \(extra)}

        """
    }

    static let enums = """
        enum Player {
            enum S { case idle, loading }
            enum A { case load, stop }
            enum F { case fetch, stopAudio }
            final class Ctx {}
        }

        """

    private func cellsDrift(_ files: [String: String]) -> [Diagnostic] {
        var workspace = Workspace(rules: RuleRegistry.all)
        workspace.update(files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) })
        return workspace.diagnostics().values.flatMap { $0 }.filter { $0.code == CellsDrift().code }
    }

    func testAnEffectOnlyHandleCodeEmitsIsNoStaleRequirementWhenEnumFIsNotInTheRun() {
        let staged = ["Player.tb.swift": Self.matrix, "PlayerCells.swift": Self.cells()]
        XCTAssertEqual(cellsDrift(staged).map(\.message), [], "`fetch` may be an effect of the unstaged `enum F`")
        var whole = staged
        whole["Player.swift"] = Self.enums
        XCTAssertEqual(cellsDrift(whole).map(\.message), [], "the whole project is correct")
    }

    func testWhatTheRunCanKnowIsStillReported() {
        // With `enum F` in the run, a member no effect of it names is stale.
        let stale = ["Player.tb.swift": Self.matrix, "PlayerCells.swift": Self.cells("    func buzz(_ ctx: Player.Ctx) -> Player.A?\n"), "Player.swift": Self.enums]
        XCTAssertEqual(cellsDrift(stale).map { String($0.message.prefix(36)) }, ["`PlayerCells` requires `buzz`, but n"])
        // Without it, a cell's member (it returns a `Step`) that no cell asks for is still stale.
        let staged = ["Player.tb.swift": Self.matrix, "PlayerCells.swift": Self.cells("    func loadingLoad(_ ctx: Player.Ctx) -> Step<Player.S, Player.F>\n")]
        XCTAssertEqual(cellsDrift(staged).map { String($0.message.prefix(43)) }, ["`PlayerCells` requires `loadingLoad`, but c"])
    }
}
