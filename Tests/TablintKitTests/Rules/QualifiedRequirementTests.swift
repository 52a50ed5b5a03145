import Foundation
import XCTest
@testable import TablintKit

/// Black-box play/25: a run given only the matrix and the `Cells` protocol of a machine nested
/// in `App` (its enums are in a file outside the run). The requirement cells-drift adds is
/// spelt as its neighbours are (`App.Door.Ctx`), not as the matrix alone says (`Door.Ctx`).
final class QualifiedRequirementTests: XCTestCase {
    static let matrix = """
        // swift-format-ignore-file
        extension App.Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open"],
                actions: ["Push", "Pull"],
                cells: [
                    [.go(target: "Open", effects: []), .handle],
                    [.handle,                          .handle],
                ],
                initial: "Closed"
            )
        }

        """

    static let cells = """
        protocol DoorCells {
            func closedPull(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F>
            func openPush(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F>
        }

        """

    func testANewRequirementCopiesItsNeighboursQualification() throws {
        let files = ["Door.tb.swift": Self.matrix, "DoorCells.swift": Self.cells]
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        let after = RemovalSyncFixTests.text(outcome, "DoorCells.swift")
        XCTAssertEqual(after, Self.cells.replacingOccurrences(
            of: "}\n", with: "    func openPull(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F>\n}\n"))

        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qualified-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = "enum App {\n    enum Door {\n        enum S { case closed, open }\n        enum A { case push, pull }\n        enum F {}\n        final class Ctx {}\n    }\n}\n"
            + Self.matrix + after + HandNamedRenameTests.standIn + """
            struct Impl: DoorCells {
                func closedPull(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F> { .ignored }
                func openPush(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F> { .go(.closed, effects: []) }
                func openPull(_ ctx: App.Door.Ctx) -> Step<App.Door.S, App.Door.F> { .go(.closed, effects: []) }
            }
            print(Impl().openPull(App.Door.Ctx()))

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "after", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "go(Example.App.Door.S.closed, effects: [])\n")
    }
}
