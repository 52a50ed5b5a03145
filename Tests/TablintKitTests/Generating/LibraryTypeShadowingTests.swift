import Foundation
import XCTest
@testable import TablintKit

/// A machine named `Step` (or `Table`), or a type of that name where the written code goes,
/// would be what the `Step<S, F>` (or `Table(`) of the code migrate and scaffold write means,
/// and that code would not compile (`cannot specialize non-generic type 'Step'`): both refuse,
/// naming the type (bb5 #8). Names that only start the same (`Stepper`) are no collision.
final class LibraryTypeShadowingTests: XCTestCase {
    static func machine(_ name: String, extra: String = "", inner: String = "") -> String {
        """
        \(extra)enum \(name) {
            enum S { case idle, busy }
            enum A { case go, stop }
        \(inner)
            static func reduce(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.idle, .go): return .busy
                case (.busy, .stop): return .idle
                default: return s
                }
            }
        }

        """
    }

    private func migrate(_ source: String) -> (refusals: [String], migrated: [String]) {
        let plan = MigrationPlan.make([("Machine.swift", Array(source.utf8))], function: nil) { _ in false }
        return (plan.refusals.map(\.message), plan.migratedFunctions)
    }

    func testMigrateRefusesAMachineOrATypeNamedAsTheLibrarysStepOrTable() {
        XCTAssertEqual(migrate(Self.machine("Step")).refusals, [
            "cannot migrate `reduce`: the code it writes names the library's `Step` (`Step<S, F>`) in `extension Step`, where the machine's own type `Step` is what `Step` means, so it would not compile; rename that type, then migrate",
        ])
        XCTAssertEqual(migrate(Self.machine("Table")).refusals, [
            "cannot migrate `reduce`: the code it writes names the library's `Table` (`Table(machine: …)`) in `extension Table`, where the machine's own type `Table` is what `Table` means, so it would not compile; rename that type, then migrate",
        ])
        XCTAssertEqual(migrate(Self.machine("Door", inner: "    struct Step {}\n")).refusals, [
            "cannot migrate `reduce`: the code it writes names the library's `Step` (`Step<S, F>`) in `extension Door`, where the type `Door.Step` the files declare is what `Step` means, so it would not compile; rename that type, then migrate",
        ])
        XCTAssertEqual(migrate(Self.machine("Door", extra: "struct Step {}\n\n")).refusals, [
            "cannot migrate `reduce`: the code it writes names the library's `Step` (`Step<S, F>`) in `extension Door`, where the type `Step` the files declare is what `Step` means, so it would not compile; rename that type, then migrate",
        ])
        // Top-level enums of a machine `Step`: the protocol and `stepStep` are at the top level,
        // and the narrowed structs' `enum Step {}` would be the type.
        let fused = """
            enum StepState { case idle, busy(n: Int) }
            enum StepAction { case go, stop }

            func advance(_ s: StepState, _ a: StepAction) -> StepState {
                switch (s, a) {
                case (.idle, .go): return .busy(n: 1)
                case let (.busy(n), .go): return .busy(n: n + 1)
                default: return s
                }
            }

            """
        XCTAssertEqual(migrate(fused).refusals, [
            "cannot migrate `advance`: the code it writes names the library's `Step` (`Step<S, F>`) at the top level, where the `enum Step {}` it declares for the narrowed structs is what `Step` means, so it would not compile; rename that type, then migrate",
        ])
        XCTAssertEqual(migrate(Self.machine("Stepper", extra: "struct Steps {}\nstruct Tables {}\n\n")).migrated, ["reduce"])
        // The library's own types in the run (its sources, or a stand-in: a generic `Step`, a
        // `Table` beside a `Cell`) are what the code means: no collision.
        let library = "enum Step<S, F> { case ignored }\nstruct Table {}\nenum Cell { case ignore }\n\n"
        XCTAssertEqual(migrate(Self.machine("Door", extra: library)).migrated, ["reduce"])
        XCTAssertEqual(migrate(Self.machine("Door", extra: library)).refusals, [])
    }

    func testScaffoldRefusesAMachineNamedStep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shadowing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func scaffold(_ machine: String) throws -> (Int32, String, String) {
            let path = folder.appendingPathComponent(machine + ".swift").path
            try """
                enum \(machine) {
                    enum S { case idle, busy }
                    enum A { case go, stop }
                }

                extension \(machine) {
                    static let TABLE = Table(
                        machine: "\(machine)",
                        states: ["Idle", "Busy"],
                        actions: ["Go", "Stop"],
                        cells: [
                            [.go(target: "Busy", effects: []), .ignore],
                            [.handle, .go(target: "Idle", effects: [])],
                        ],
                        initial: "Idle"
                    )
                }

                """.write(toFile: path, atomically: true, encoding: .utf8)
            var output = "", errors = ""
            let status = Tablint.run(arguments: ["scaffold", path, folder.appendingPathComponent("Library.swift").path], stdout: &output, stderr: &errors)
            return (status, output, errors.replacingOccurrences(of: folder.path + "/", with: ""))
        }
        try "".write(toFile: folder.appendingPathComponent("Library.swift").path, atomically: true, encoding: .utf8)
        let (status, output, errors) = try scaffold("Step")
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertEqual(errors, "tablint: error: `Step` (Step.swift:7) is not scaffolded: the code it writes names the library's `Step` (`Step<S, F>`) in `extension Step`, where the machine's own type `Step` is what `Step` means, so it would not compile; rename that type (and the matrix's machine)\n")
        try "enum Step<S, F> { case ignored }\n".write(toFile: folder.appendingPathComponent("Library.swift").path, atomically: true, encoding: .utf8)
        let (fine, written, _) = try scaffold("Stepper")
        XCTAssertEqual(fine, 0)
        XCTAssertTrue(written.contains("-> Step<Stepper.S, Stepper.F>"), written)
    }
}
