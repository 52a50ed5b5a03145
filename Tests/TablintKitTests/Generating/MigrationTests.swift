import Foundation
import XCTest
@testable import TablintKit

/// `tablint migrate`: what it refuses (with what, where and what it expected), what it leaves
/// alone, and the command's printing and writing.
final class MigrationTests: XCTestCase {
    private static let enums = """
        enum Door {
            enum S { case open, closed, locked(code: Int) }
            enum A { case push, pull, lock }
        }

        """

    private func plan(_ text: String, function: String? = nil, exists: @escaping (String) -> Bool = { _ in false }) -> MigrationPlan {
        MigrationPlan.make([("Door.swift", Array((Self.enums + text).utf8))], function: function, exists: exists)
    }

    /// The refusal's message, with its line and column.
    private func refusal(_ text: String, function: String? = nil) -> String {
        let made = plan(text, function: function)
        XCTAssertTrue(made.groups.isEmpty, "nothing is migrated")
        guard let first = made.refusals.first else { return "no refusal" }
        let place = SourceFile(path: "Door.swift", text: Self.enums + text).location(of: first.offset)
        return "\(place.line):\(place.column): \(first.message)"
    }

    private static func function(_ arms: String, returns: String = "Door.S") -> String {
        """
        func reduce(_ s: Door.S, _ a: Door.A) -> \(returns) {
            switch (s, a) {
        \(arms)
            }
        }

        """
    }

    func testAnArmThatFallsThroughIsRefusedAtItsLabel() {
        let text = Self.function("""
                case (.open, .push):
                    print("push")
                    fallthrough
                case (.open, .pull): return .closed
                default: return s
            """)
        XCTAssertEqual(refusal(text), "7:5: cannot migrate `reduce`: `case (.open, .push):` falls through into the next case, so its cells' code is spread over two arms; migrate expects each arm to end in its own `return`")
    }

    func testAWhereClauseOverSeveralCellsIsRefusedAndOneInOneCellIsKept() {
        let several = Self.function("""
                case let (.locked(code), _) where code > 3: return .open
                default: return s
            """)
        XCTAssertEqual(refusal(several), "7:5: cannot migrate `reduce`: `where code > 3` in `case let (.locked(code), _) where code > 3:` decides 3 cells ((locked, push), (locked, pull), (locked, lock)) at run time; migrate places such a condition in one cell only, where its `HANDLE` member keeps it")
        let one = Self.function("""
                case let (.locked(code), .pull) where code > 3: return .open
                default: return s
            """)
        let made = plan(one)
        XCTAssertEqual(made.refusals, [])
        let source = String(decoding: made.groups.first?.source.bytes ?? [], as: UTF8.self)
        XCTAssertTrue(source.contains("""
                    func decide() -> Door.S {
                        if case let (.locked(code), .pull) = (s, a), code > 3 {
                            return .open
                        } else {
                            return s
                        }
                    }
            """), source)
    }

    func testABodyUsingAVariableOutsideTheFunctionIsRefused() {
        let global = "var limit = 3\n" + Self.function("""
                case let (.locked(code), .pull):
                    return code > limit ? .open : s
                default: return s
            """)
        XCTAssertEqual(refusal(global), "9:23: cannot migrate `reduce`: `case let (.locked(code), .pull):` uses `limit`, which is not a parameter of the function or a name its body declares; migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names")
        let member = """
            final class Store {
                var count = 0
                func reduce(_ s: Door.S, _ a: Door.A) -> Door.S {
                    switch (s, a) {
                    case (.open, .push):
                        count += 1
                        return .closed
                    default: return s
                    }
                }
            }

            """
        XCTAssertTrue(refusal(member).hasPrefix("10:13: cannot migrate `reduce`: `case (.open, .push):` uses `count`, which is not a parameter"), refusal(member))
        let selfUse = member.replacingOccurrences(of: "count += 1", with: "self.count += 1")
        XCTAssertTrue(refusal(selfUse).hasPrefix("10:13: cannot migrate `reduce`: `case (.open, .push):` uses `self`;"), refusal(selfUse))
        // Its own names, its parameters, calls and types are fine.
        let own = Self.function("""
                case let (.locked(code), .pull):
                    let limit = max(code, 2)
                    for step in 0..<limit where step > 5 { return Door.S.open }
                    return [1, 2].contains { value in value == code } ? .open : s
                default: return s
            """)
        XCTAssertEqual(plan(own).refusals, [])
    }

    func testIfInsideTheSwitchIsRefused() {
        let text = Self.function("""
                case (.open, .push): return .closed
                #if DEBUG
                case (.open, .pull): return .closed
                #endif
                default: return s
            """)
        XCTAssertEqual(refusal(text), "8:5: cannot migrate `reduce`: `#if` inside its switch makes what the arms decide depend on the build; migrate expects one switch for every build")
    }

    func testAnEnumNotInTheRunIsRefusedWhenTheFunctionIsNamed() {
        let text = """
            func reduce(_ s: Door.S, _ a: Knob) -> Door.S {
                switch (s, a) {
                default: return s
                }
            }

            """
        XCTAssertEqual(refusal(text), "5:6: cannot migrate `reduce`: the cases of `a: Knob` are not known (no `enum Knob` is declared in the linted files, so its cases are not known); migrate expects both subjects of `switch (s, a)` to be enums declared in the files it is given")
        // Two values neither of which is an enum of the run: no machine, nothing said.
        let ints = "func add(_ x: Int, _ y: Int) -> Int {\n    switch (x, y) {\n    default: return x + y\n    }\n}\n"
        XCTAssertEqual(plan(ints).refusals, [])
        XCTAssertTrue(refusal(ints, function: "add").contains("the cases of `x: Int` are not known"), refusal(ints, function: "add"))
    }

    func testShapesMigrateDoesNotReadAreRefusedSayingWhatItExpects() {
        XCTAssertTrue(refusal(Self.function("    default: return 0", returns: "Int")).hasSuffix("cannot migrate `reduce`: it returns `Int`; migrate expects the state (`-> Door.S`), `Bool` (`shouldTransition(from:to:)`) or the library's `Step<S, F>`"))
        XCTAssertTrue(refusal(Self.function("    default: return false", returns: "Bool")).contains("it returns `Bool` over two enums (`Door.S`, `Door.A`), which does not say which state `true` goes to"))
        let mutating = "func reduce(into s: inout Door.S, _ a: Door.A) -> Int {\n    switch (s, a) {\n    default: return 0\n    }\n}\n"
        XCTAssertTrue(refusal(mutating).contains("it mutates its `inout` state and returns `Int`, and no arm returns `.none`; migrate reads `.none` as no effect"), refusal(mutating))
        let both = "func reduce(_ s: inout Door.S, _ a: inout Door.A) {\n    switch (s, a) {\n    default: break\n    }\n}\n"
        XCTAssertTrue(refusal(both).contains("it takes `s`, `a` `inout`; migrate expects the state alone `inout` (a reducer), or passed by value"), refusal(both))
        let more = "func reduce(_ s: Door.S, _ a: Door.A, _ n: Int) -> Door.S {\n    switch (s, a) {\n    default: return s\n    }\n}\n"
        XCTAssertTrue(refusal(more, function: "reduce").contains("it takes `n` besides the state and the action"), refusal(more, function: "reduce"))
        XCTAssertEqual(plan(more).refusals, [], "a function of more values is not taken for a machine unless named")
        let around = "func reduce(_ s: Door.S, _ a: Door.A) -> Door.S {\n    print(s)\n    switch (s, a) {\n    default: return s\n    }\n}\n"
        XCTAssertTrue(refusal(around).contains("its body holds code besides `switch (s, a) { … }`"), refusal(around))
    }

    /// A dispatcher in the library's shape keeps its member calls; code beside them, or a cell
    /// decided at run time, would need a member it does not have.
    func testALibraryShapedDispatcherMustCallOneMemberPerHandleCell() {
        func dispatcher(_ arms: String) -> String {
            """
            protocol DoorCells { func lockedPull(_ ctx: Int, _ code: Int) -> Step<Door.S, Never> }
            func step(_ c: DoorCells, _ ctx: Int, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Never> {
                switch (s, a) {
            \(arms)
                }
            }

            """
        }
        let calls = dispatcher("""
                case let (.locked(code), .pull): return c.lockedPull(ctx, code)
                case (.open, _): return .go(.closed, effects: [])
                default: return .ignored
            """)
        let made = plan(calls)
        XCTAssertEqual(made.refusals, [])
        let source = String(decoding: made.groups.first?.source.bytes ?? [], as: UTF8.self)
        XCTAssertTrue(source.contains("""
                case (.open, .lock): return .go(.closed, effects: [])
                case (.closed, .push): return .ignored
                case (.closed, .pull): return .ignored
                case (.closed, .lock): return .ignored
                case (.locked, .push): return .ignored
                case let (.locked(code), .pull): return c.lockedPull(ctx, code)
                case (.locked, .lock): return .ignored
                }
            """), source)
        XCTAssertFalse(source.contains("protocol DoorCells {\n}"), "no second protocol")
        let code = dispatcher("""
                case let (.locked(code), .pull):
                    print(code)
                    return c.lockedPull(ctx, code)
                default: return .ignored
            """)
        XCTAssertTrue(refusal(code).contains("the arm of cell (locked, pull) runs `print(code)`, which is neither a constant step nor one call of a member of `c`"), refusal(code))
        let guarded = dispatcher("""
                case let (.locked(code), .pull) where code > 2: return c.lockedPull(ctx, code)
                default: return .ignored
            """)
        XCTAssertTrue(refusal(guarded).contains("cell (locked, pull) is decided by 2 arms at run time"), refusal(guarded))
    }

    func testTwoFunctionsOfOneMachineMigrateTheFirstOnly() {
        let text = Self.function("    default: return s") + Self.function("    default: return .open").replacingOccurrences(of: "func reduce", with: "func opened")
        let made = plan(text)
        XCTAssertEqual(made.migratedFunctions, ["reduce"])
        XCTAssertEqual(made.refusals.map(\.message), ["cannot migrate `opened`: it would write the matrix of `Door`, which `reduce` (Door.swift:5) is migrated to already; migrate one function per machine"])
    }

    func testAMachineWithAMatrixIsNotMigrated() {
        let table = """
            extension Door {
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Open", "Closed", "Locked"],
                    actions: ["Push", "Pull", "Lock"],
                    cells: [
                        [.ignore, .ignore, .ignore],
                        [.ignore, .ignore, .ignore],
                        [.ignore, .ignore, .ignore],
                    ]
                )
            }

            """
        let text = table + Self.function("    default: return s")
        XCTAssertEqual(plan(text).groups, [])
        XCTAssertEqual(plan(text).refusals, [])
        XCTAssertTrue(refusal(text, function: "reduce").contains("machine `Door` already has a matrix (`Door.TABLE`, Door.swift:6); tablint checks the dispatcher against it instead"), refusal(text, function: "reduce"))
    }

    func testAnExistingMatrixFileIsNeverOverwritten() throws {
        let text = Self.function("    default: return s")
        let made = plan(text) { $0 == "Door.tb.swift" }
        XCTAssertEqual(made.groups, [])
        XCTAssertEqual(made.refusals.map(\.message), ["cannot migrate `reduce`: Door.tb.swift exists already, and migrate never overwrites a `*.tb.swift`; move it away or merge by hand"])

        let folder = try temporaryFolder()
        let existing = folder.appendingPathComponent("Door.tb.swift")
        try "// mine\n".write(to: existing, atomically: true, encoding: .utf8)
        XCTAssertEqual(FileIO.createAtomically(existing.path, Array("x".utf8)), .exists)
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "// mine\n")
    }

    /// Cut short anywhere, or with a token deleted, a machine is migrated or refused, never a crash.
    func testEveryTruncationAndDeletionIsMigratedOrRefused() {
        for (path, text) in MigrationBehaviourTests.sources {
            let bytes = Array(text.utf8)
            for cut in stride(from: 0, to: bytes.count, by: 29) {
                _ = MigrationPlan.make([(path, Array(bytes[..<cut]))], function: nil) { _ in false }
                var deleted = bytes
                deleted.remove(at: cut)
                _ = MigrationPlan.make([(path, deleted)], function: nil) { _ in false }
            }
        }
    }

    // MARK: The command

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func tablint(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    func testWriteWritesTheMatrixAndTheFunctionAndTablintThenReportsNothing() throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("Door.swift")
        let text = Self.enums + Self.function("""
                case (.open, .push): return .closed
                case (.closed, .pull): return .open
                case let (.locked(code), .pull): return code == 0 ? .open : s
                case (.closed, .lock): return .locked(code: 4)
                default: return s
            """)
        try text.write(to: source, atomically: true, encoding: .utf8)
        let printed = tablint(["migrate", source.path])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.hasPrefix("==> \(folder.path)/Door.tb.swift (new file) <==\n// swift-format-ignore-file\n"), printed.stdout)
        XCTAssertEqual(try String(contentsOf: source, encoding: .utf8), text, "printing writes nothing")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Door.tb.swift").path))

        let diff = tablint(["migrate", "--diff", source.path])
        XCTAssertTrue(diff.stdout.contains("+        case (.locked, .pull): return cells.lockedPull(ctx, s, a)\n"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("-    case (.open, .push): return .closed\n"), diff.stdout)

        let written = tablint(["migrate", "--write", source.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        let matrix = try String(contentsOf: folder.appendingPathComponent("Door.tb.swift"), encoding: .utf8)
        XCTAssertEqual(matrix, """
            // swift-format-ignore-file
            extension Door {
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Open", "Closed", "Locked"],
                    actions: ["Push", "Pull", "Lock"],
                    cells: [
                        // Push                               Pull                              Lock
                        [.go(target: "Closed", effects: []), .ignore,                          .ignore],
                        [.ignore,                            .go(target: "Open", effects: []), .handle],
                        [.ignore,                            .handle,                          .ignore],
                    ]
                )
            }

            """)
        XCTAssertEqual(tablint([folder.path]).status, 0, tablint([folder.path]).stdout)
        // A second run over the folder finds the matrix, and leaves the dispatcher alone; over
        // the file alone, it finds the dispatcher without its matrix but will not overwrite it.
        let again = tablint(["migrate", "--write", folder.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("nothing to migrate"), again.stderr)
        let alone = tablint(["migrate", "--write", source.path])
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stderr.contains("Door.tb.swift exists already, and migrate never overwrites a `*.tb.swift`"), alone.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Door.tb.swift"), encoding: .utf8), matrix)
    }

    func testUsageErrors() {
        XCTAssertEqual(tablint(["migrate"]).status, 2)
        XCTAssertEqual(tablint(["migrate", "--diff", "--write", "x"]).status, 2)
        XCTAssertTrue(tablint(["migrate", "--help"]).stdout.hasPrefix("USAGE: tablint migrate PATH... [--function NAME] [--diff | --write]"))
        XCTAssertEqual(tablint(["migrate", "/nonexistent/x.swift"]).status, 2)
    }
}
