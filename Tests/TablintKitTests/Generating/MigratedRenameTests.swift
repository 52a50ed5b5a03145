import Foundation
import XCTest
@testable import TablintKit

/// After `tablint migrate`, the matrix is the machine: an action renamed in its `actions:` is
/// renamed everywhere it was written by `--fix --unsafe-fixes` (bb5 #14): the enum's case, the
/// arms, the `Cells` requirement and the implementation's member (as before), and the column
/// header migrate wrote over the cells (`// … Repair` becomes `// … Fix`, aligned). The
/// author's comments are theirs. The renamed code compiles and behaves as the original did.
final class MigratedRenameTests: XCTestCase {
    func testAnActionRenamedInTheMigratedMatrixIsRenamedInItsHeaderToo() throws {
        let source = MigrationBehaviourTests.turnstile
        let plan = MigrationPlan.make([("Turnstile.swift", Array(source.utf8))], function: nil) { _ in false }
        XCTAssertEqual(plan.refusals, [])
        var files: [String: String] = [:]
        for output in plan.groups.flatMap({ $0.matrices + [$0.source] }) { files[output.path] = String(decoding: output.bytes, as: UTF8.self) }
        let matrix = try XCTUnwrap(files["Turnstile.tb.swift"])
        XCTAssertTrue(matrix.contains("            // Coin                                 Push                                Repair\n"), matrix)
        files["Turnstile.tb.swift"] = matrix.replacingOccurrences(of: "\"Coin\", \"Push\", \"Repair\"", with: "\"InsertCoin\", \"Push\", \"Fix\"")

        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, "\(file.path): \(file.failure ?? "")") }
        let fixed = files.keys.reduce(into: [String: String]()) { $0[$1] = RemovalSyncFixTests.text(outcome, $1) }
        let renamedMatrix = try XCTUnwrap(fixed["Turnstile.tb.swift"])
        XCTAssertTrue(renamedMatrix.contains("""
                    cells: [
                        // InsertCoin                           Push                                Fix
                        [.go(target: "Unlocked", effects: []), .ignore,                            .ignore],

            """), renamedMatrix)
        let code = try XCTUnwrap(fixed["Turnstile.swift"])
        for expected in [
            "enum A { case insertCoin, push, fix }", "case let (.broken(code), .fix): return cells.brokenFix(ctx, Turnstile.Broken(code: code))",
            "    func brokenFix(_ ctx: Turnstile.Ctx, _ state: Turnstile.Broken) -> Step<Turnstile.S, Turnstile.F>\n",
            "        func brokenFix(_ ctx: Turnstile.Ctx, _ state: Turnstile.Broken) -> Step<Turnstile.S, Turnstile.F> {\n",
        ] {
            XCTAssertTrue(code.contains(expected), "\(expected)\n\(code)")
        }
        // The old names are gone but from the author's comment.
        let everything = (renamedMatrix + code).replacingOccurrences(of: "// Each repair fixes one fault.", with: "")
        XCTAssertFalse(everything.lowercased().contains("repair"), everything)
        XCTAssertFalse(everything.contains(".coin") || everything.contains("\"Coin\"") || everything.contains("// Coin"), everything)
        let again = RemovalSyncFixTests.run(fixed)
        XCTAssertEqual(again.files.compactMap(\.fixed).count, 0, "a second run changes nothing")
        XCTAssertEqual(again.files.flatMap(\.diagnostics).filter { $0.severity != .note }.map(\.message), [])

        let main = """
            for s in [Turnstile.S.locked, .unlocked, .broken(code: 1), .broken(code: 3)] {
                for a in ["coin", "push", "repair"] { print(s, a, Turnstile.reduce(s, ACTION)) }
            }

            """
        func program(_ actions: [String]) -> String {
            main.replacingOccurrences(of: "ACTION", with: "[\"coin\": Turnstile.A.\(actions[0]), \"push\": .push, \"repair\": .\(actions[1])][a]!")
        }
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("migrated-rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = MigrationBehaviourTests.runtime
        let before = try DispatcherDefaultFixTests.compileAndRun(source + runtime + program(["coin", "repair"]), named: "original", in: folder, swiftc: swiftc).0
        let after = try DispatcherDefaultFixTests.compileAndRun(
            renamedMatrix + code + runtime + program(["insertCoin", "fix"]), named: "renamed", in: folder, swiftc: swiftc).0
        XCTAssertEqual(before.split(separator: "\n").count, 12, before)
        XCTAssertEqual(after, before)
    }

    /// A header whose wrong label is another column's name is no rename: it is left, and said.
    func testAHeaderNamingAnotherColumnIsNotRenamed() throws {
        let header = HeaderComment(range: 0..<0, labels: [Name("Push", 3..<7), Name("Coin", 8..<12)], line: 0, matchesActions: false, problems: [])
        XCTAssertNil(HeaderLabels.renamedInPlace(header, actions: ["Coin", "Push"]))
        XCTAssertNil(HeaderLabels.renamedInPlace(header, actions: ["Coin", "Push", "Kick"]))
        XCTAssertEqual(HeaderLabels.renamedInPlace(header, actions: ["Push", "Kick"])?.map(\.action), ["Kick"])
    }
}
