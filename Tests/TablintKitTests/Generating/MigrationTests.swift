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
        XCTAssertTrue(refusal(member).hasPrefix("10:13: cannot migrate `reduce`: `case (.open, .push):` uses `count`, an instance member of `Store` (`self.count`)"), refusal(member))
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

    /// A moved body's `Self` would name the `Cells` type it moves into (black-box bb6/b 7:
    /// `Self.capacity` of `CartReducer` stopped compiling); the same body naming the type, or
    /// the static member unqualified, migrates.
    func testSelfInAMovedBodyIsRefused() {
        let reducer = { (capacity: String) in
            """
            struct CartReducer {
                static let capacity = 3
                static func reduce(_ s: Door.S, _ a: Door.A) -> Door.S {
                    switch (s, a) {
                    case let (.locked(code), .pull):
                        return code > \(capacity) ? .open : s
                    default: return s
                    }
                }
            }

            """
        }
        XCTAssertTrue(refusal(reducer("Self.capacity")).contains(
            "cannot migrate `reduce`: the arm of cell (locked, pull) uses `Self`, which in the `Cells` member it moves into names that member's type, not `CartReducer`; write `CartReducer`'s name instead of `Self`"),
            refusal(reducer("Self.capacity")))
        XCTAssertEqual(plan(reducer("CartReducer.capacity")).refusals.map(\.message), [])
        XCTAssertEqual(plan(reducer("capacity")).refusals.map(\.message), [])
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

    /// Black-box pass 3, play/53: the written `step`, protocol and implementation are internal,
    /// which an `@inlinable` body cannot call; migrate refuses at the attribute, not reporting
    /// "migrated" over code that does not compile.
    func testAnInlinableFunctionIsRefusedAtTheAttribute() {
        let text = "@inlinable\n" + Self.function("""
                case (.open, .push): return .closed
                default: return s
            """)
        XCTAssertEqual(refusal(text), "5:2: cannot migrate `reduce`: it is `inlinable`, and the dispatcher `step`, the `Cells` protocol and the implementation migrate writes are internal, which an inlinable body cannot call; remove the attribute, or migrate by hand with `@usableFromInline` on what it calls")
    }

    /// Black-box pass 4, play/43: the machine's type has a `static let TABLE` of its own (a
    /// legacy lookup); the matrix migrate writes as `Door.TABLE` would redeclare it.
    func testATypeThatHasATableAlreadyIsRefused() {
        let text = "extension Door { static let TABLE = [\"open\": \"closed\"] }\n" + Self.function("""
                case (.open, .push): return .closed
                default: return s
            """)
        XCTAssertTrue(refusal(text).contains("cannot migrate `reduce`: `Door` already declares a static `TABLE`"), refusal(text))
    }

    /// Black-box pass 5, play5/25: a function isolated to a global actor, by its own attribute
    /// or its type's, is refused at the attribute: what migrate writes is nonisolated.
    func testAFunctionIsolatedToAGlobalActorIsRefusedAtTheAttribute() {
        let own = "@MainActor\n" + Self.function("""
                case (.open, .push): return .closed
                default: return s
            """)
        XCTAssertTrue(refusal(own).hasPrefix("5:2: cannot migrate `reduce`: it is isolated to `@MainActor`"), refusal(own))
        let typed = "@MainActor enum Store {\n    static " + Self.function("""
                case (.open, .push): return .closed
                default: return s
            """) + "}\n"
        XCTAssertTrue(refusal(typed).contains("cannot migrate `reduce`: it is isolated to `@MainActor`"), refusal(typed))
    }

    /// Black-box pass 5, play5/8: `switch (a, s)` returning the state: the refusal names the
    /// subjects' order, not a return type that is right.
    func testSubjectsTheOtherWayRoundAreNamedAsTheReason() {
        let text = """
            func reduce(_ s: Door.S, _ a: Door.A) -> Door.S {
                switch (a, s) {
                case (.push, .open): return .closed
                default: return s
                }
            }

            """
        XCTAssertTrue(refusal(text).contains("its switch takes `a` of `Door.A` first, which migrate reads as the state"), refusal(text))
    }

    /// Black-box pass 4, play/82: a `throws` reducer is refused, and the reason is migrate's
    /// limit, not the library's (whose generator writes `async`/`throws`).
    func testAThrowingFunctionIsRefusedWithMigratesOwnReason() {
        let text = Self.function("""
                case (.open, .push): return .closed
                default: return s
            """).replacingOccurrences(of: ") -> Door.S {", with: ") throws -> Door.S {")
        XCTAssertTrue(refusal(text).contains("cannot migrate `reduce`: it is `async` or `throws`, and migrate does not yet carry `async`/`throws` into the `Cells` requirements"), refusal(text))
        XCTAssertFalse(refusal(text).contains("which the library's dispatcher is not"), refusal(text))
    }

    /// Black-box pass 3, play/54: a machine in a `private enum` cannot be named from the
    /// matrix file or a protocol at file scope (swiftc: "method cannot be declared internal
    /// because its parameter uses a private type"); migrate refuses at the type.
    func testAFunctionInAPrivateTypeIsRefusedAtTheType() {
        let text = """
            private enum Gate {
                enum S { case open, shut }
                enum A { case push }
                static func reduce(_ s: S, _ a: A) -> S {
                    switch (s, a) {
                    case (.open, .push): return .shut
                    case (.shut, .push): return .open
                    }
                }
            }

            """
        XCTAssertEqual(refusal(text), "5:9: cannot migrate `reduce`: the type declared here is `private` or `fileprivate`, and migrate writes the matrix into a file of its own and the `Cells` protocol at file scope, where that type cannot be named; make it internal, then migrate")
    }

    /// A file-scope `private enum S` is seen by a `reduce` beside it, but not by the internal
    /// `step`, typealiases and protocol migrate writes (swiftc: "type alias must be declared
    /// private or fileprivate"): refused at the enum, whichever of the two is private.
    func testAPrivateEnumAtFileScopeIsRefusedAtTheEnum() {
        for (state, action, at) in [("private ", "", "5:9"), ("", "fileprivate ", "6:13")] {
            let text = """
                \(state)enum S { case open, shut }
                \(action)enum A { case push }
                private func reduce(_ s: S, _ a: A) -> S {
                    switch (s, a) {
                    case (.open, .push): return .shut
                    case (.shut, .push): return .open
                    }
                }

                """
            XCTAssertEqual(refusal(text), "\(at): cannot migrate `reduce`: the enum declared here is `private` or `fileprivate`, and the dispatcher `step`, the `Cells` protocol and the implementation migrate writes are internal, where that type cannot be named; make it internal, then migrate")
        }
    }

    /// A machine written as a method over a stored state (`mutating func send(_ action:)`
    /// switching on `(state, action)`) is refused with why, not passed over as no machine.
    func testASwitchOverAStoredStateIsRefusedWithTheReason() {
        let text = """
            struct Handle {
                var state: Door.S
                mutating func send(_ action: Door.A) {
                    switch (state, action) {
                    case (.open, .push): state = .closed
                    default: break
                    }
                }
            }

            """
        XCTAssertEqual(refusal(text), "7:19: cannot migrate `send`: it switches on `(state, action)`, and `state` is not one of its parameters (`action`); migrate expects the whole body to be one `switch (state, action)` over two of its parameters, the state and the action")
        // Two values of which none is a parameter of a known enum: no machine, nothing said.
        let local = "func f(_ x: Int) -> Int {\n    let y = x\n    switch (x, y) {\n    default: return x\n    }\n}\n"
        XCTAssertEqual(plan(local).refusals, [])
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

    /// The text `migrate` would write, matrix and source, for files besides `Door.swift`.
    private func migrated(_ files: [(String, String)], function: String? = nil) -> (plan: MigrationPlan, text: String) {
        let made = MigrationPlan.make(files.map { ($0.0, Array($0.1.utf8)) }, function: function) { _ in false }
        let text = made.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        return (made, text)
    }

    /// `return state` where the arm's pattern binds `state` returns the bound value: a HANDLE,
    /// not the state unchanged. The same text in an arm that binds nothing is IGNORE.
    func testAReturnedNameThePatternBindsIsNotTheStateUnchanged() {
        let (made, text) = migrated([("Screen.swift", MigrationBehaviourTests.screen)])
        XCTAssertEqual(made.refusals, [])
        XCTAssertTrue(text.contains("""
                    // Open    Fail     Dismiss
                    [.handle, .handle, .ignore],
                    [.ignore, .handle, .ignore],
                    [.ignore, .handle, .handle],
            """), text)
        XCTAssertTrue(text.contains("""
                    func alertDismiss(_ ctx: ScreenCtx, _ narrowedState: Screen.Alert) -> Step<ScreenS, ScreenF> {
                        let state = narrowedState.previous
            """), text)
        // `s = .list` assigns to a `var` the pattern binds, so the state stays: no GO.
        let nav = """
            enum Nav {
                indirect enum S { case list, alert(previous: S) }
                enum A { case dismiss, open }
                static func apply(_ s: inout S, _ a: A) {
                    switch (s, a) {
                    case (.alert(var s), .dismiss): s = .list
                    case (.list, .open): s = .alert(previous: .list)
                    default: break
                    }
                }
            }

            """
        let (navPlan, navText) = migrated([("Nav.swift", nav)])
        XCTAssertEqual(navPlan.refusals, [])
        XCTAssertTrue(navText.contains("""
                            // Dismiss Open
                            [.ignore, .handle],
                            [.handle, .ignore],
                """), navText)
    }

    /// A `break` that leaves the switch becomes `return` in the member's nested function; one
    /// that leaves a loop or a nested switch of the body stays.
    func testABreakLeavingTheSwitchIsWrittenAsReturn() {
        let (made, text) = migrated([("Fan.swift", MigrationBehaviourTests.fan), ("Lock.swift", MigrationBehaviourTests.lock)])
        XCTAssertEqual(made.refusals, [])
        XCTAssertTrue(text.contains("if !boost { s = .low; return }; s = .high"), text)
        XCTAssertTrue(text.contains("switch a { case .up: break; case .down: s = .off }"), text)
        XCTAssertTrue(text.contains("if s == .off { return }"), text)
        XCTAssertTrue(text.contains("while true { steps += 1; if steps > 2 { break } }"), text)
        XCTAssertTrue(text.contains("guard boost else { return }"), text)
        XCTAssertTrue(text.contains("""
                            } else {
                                return
                            }
            """), text)
        // In a function that returns a value, such a `break` falls off its end: no such code compiles.
        let returning = Self.function("""
                case (.open, .push):
                    if true { break }
                    return .closed
                default: return s
            """)
        XCTAssertEqual(refusal(returning), "8:19: cannot migrate `reduce`: `case (.open, .push):` leaves the switch with `break`, after which `reduce` returns nothing; migrate expects each arm of a function that returns a value to end in its own `return`")
    }

    /// A call of an instance member of the function's type is a use of `self`.
    func testACallOfAnInstanceMemberOfTheTypeIsRefused() {
        let search = """
            struct SearchModel {
                enum State { case typing(String), results(Int) }
                enum Action { case submit, clear }
                func count(_ q: String) -> Int { q.count }
                static func tidy(_ q: String) -> String { q }
                func reduce(_ state: State, _ action: Action) -> State {
                    switch (state, action) {
                    case let (.typing(q), .submit): return .results(count(q))
                    case (_, .clear): return .typing(tidy(""))
                    default: return state
                    }
                }
            }

            """
        let made = MigrationPlan.make([("Search.swift", Array(search.utf8))], function: nil) { _ in false }
        XCTAssertEqual(made.groups, [])
        let place = made.refusals.first.map { SourceFile(path: "Search.swift", text: search).location(of: $0.offset) }
        XCTAssertEqual(made.refusals.map(\.message), ["cannot migrate `reduce`: `case let (.typing(q), .submit):` calls `count`, an instance member of `SearchModel` (`self.count`); migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names"])
        XCTAssertEqual(place.map { "\($0.line):\($0.column)" }, "8:57")
        // A static member, a local function and a global function are found from the member.
        let fine = search.replacingOccurrences(of: ".results(count(q))", with: ".results(q.count)")
        XCTAssertEqual(MigrationPlan.make([("Search.swift", Array(fine.utf8))], function: nil) { _ in false }.refusals, [])
        // An instance member declared in another file's extension of the type is one too; a
        // static one there is not.
        let moved = search.replacingOccurrences(of: "    func count(_ q: String) -> Int { q.count }\n", with: "")
        let elsewhere = "extension SearchModel {\n    func count(_ q: String) -> Int { q.count }\n}\n"
        let split = MigrationPlan.make([("Search.swift", Array(moved.utf8)), ("SearchModel+Count.swift", Array(elsewhere.utf8))], function: nil) { _ in false }
        XCTAssertEqual(split.groups.map(\.source.path), [])
        XCTAssertEqual(split.refusals.map(\.message), ["cannot migrate `reduce`: `case let (.typing(q), .submit):` calls `count`, an instance member of `SearchModel` (`self.count`); migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names"])
        let staticElsewhere = elsewhere.replacingOccurrences(of: "    func count", with: "    static func count")
        let fineSplit = MigrationPlan.make([("Search.swift", Array(moved.utf8)), ("SearchModel+Count.swift", Array(staticElsewhere.utf8))], function: nil) { _ in false }
        XCTAssertEqual(fineSplit.refusals, [])
    }

    /// A `static` property of the function's type (declared in it, or in an extension of it in
    /// another file) is found from the member, which is declared in that type; one of a type
    /// around it is not (the member's `extension App.Panel` does not see `App`'s), nor is an
    /// instance property.
    func testAStaticPropertyOfTheFunctionsTypeIsFoundFromTheMember() {
        let panel = """
            enum App {
                static let unit = 1
                struct Panel {
                    static let minWidth = 100
                    enum Mode { case hidden, shown(width: Int) }
                    enum Event { case show(Int), hide }
                }
            }

            extension App.Panel {
                static func reduce(_ mode: Mode, _ event: Event) -> Mode {
                    switch (mode, event) {
                    case let (.hidden, .show(w)): return .shown(width: max(w, minWidth, maxWidth))
                    case (.shown, .hide): return .hidden
                    default: return mode
                    }
                }
            }

            """
        let sizes = "extension App.Panel {\n    static let maxWidth = 10\n    var current: Int { 0 }\n}\n"
        let made = MigrationPlan.make([("Panel.swift", Array(panel.utf8)), ("Panel+Sizes.swift", Array(sizes.utf8))], function: nil) { _ in false }
        XCTAssertEqual(made.refusals, [])
        XCTAssertEqual(made.migratedFunctions, ["reduce"])
        // The note's example of a binding is the code's own, not a stock one.
        let binding = made.notes.map(\.message).first { $0.contains("each member binds the names its pattern bound") } ?? ""
        XCTAssertTrue(binding.contains("(`let w = action.value` in `hiddenShow`)"), binding)
        XCTAssertFalse(binding.contains("since"), binding)
        // Without the other file, `maxWidth` is no member of the type.
        let alone = MigrationPlan.make([("Panel.swift", Array(panel.utf8))], function: nil) { _ in false }
        XCTAssertEqual(alone.refusals.map(\.message), ["cannot migrate `reduce`: `case let (.hidden, .show(w)):` uses `maxWidth`, which is not a parameter of the function or a name its body declares; migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names"])
        // An instance property is `self`'s.
        let instance = panel.replacingOccurrences(of: "maxWidth))", with: "current))")
        let byInstance = MigrationPlan.make([("Panel.swift", Array(instance.utf8)), ("Panel+Sizes.swift", Array(sizes.utf8))], function: nil) { _ in false }
        XCTAssertEqual(byInstance.refusals.map(\.message), ["cannot migrate `reduce`: `case let (.hidden, .show(w)):` uses `current`, an instance member of `Panel` (`self.current`); migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names"])
        // A static property of the type around it: the member, declared in `extension App.Panel`, does not see it.
        let outer = panel.replacingOccurrences(of: "maxWidth))", with: "unit))")
        let lexical = outer.replacingOccurrences(of: "    }\n}\n\nextension App.Panel {\n", with: "")
        XCTAssertNotEqual(lexical, outer)
        let nested = MigrationPlan.make([("Panel.swift", Array(lexical.utf8))], function: nil) { _ in false }
        XCTAssertEqual(nested.refusals.map(\.message), ["cannot migrate `reduce`: `case let (.hidden, .show(w)):` uses `unit`, a static member of `App`, which the `Cells` type, declared in `extension App.Panel`, does not see unqualified (write `App.unit`); migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names"])
    }

    /// A library-shaped dispatcher whose `Cells` protocol declares the member of one effect
    /// (`alarm`) and not of another (`beep`): with the matrix, cells-drift asks for `beep`. The
    /// refusal says what is missing, and does not speak of a `perform` the file does not have (m5).
    func testALibraryShapedProtocolMissingAnEffectsMemberIsRefusedNamingIt() {
        let gate = """
            enum GateS { case shut, open(since: Int), jammed }
            enum GateA { case coin(Int), pass, kick }
            enum GateF { case beep, alarm(String) }
            final class GateCtx { var coins = 0 }
            protocol GateCells {
                func shutCoin(_ ctx: GateCtx, _ v: Int) -> Step<GateS, GateF>
                func alarm(_ ctx: GateCtx, _ effect: String) -> GateA?
            }
            func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: GateS, _ a: GateA) -> Step<GateS, GateF> {
                switch (s, a) {
                case let (.shut, .coin(v)): return c.shutCoin(ctx, v)
                case (.open, .pass): return .go(.shut, effects: [.beep])
                case (_, .kick): return .go(.jammed, effects: [])
                default: return .ignored
                }
            }

            """
        let made = MigrationPlan.make([("Gate.swift", Array(gate.utf8))], function: nil) { _ in false }
        XCTAssertEqual(made.groups, [])
        XCTAssertEqual(made.refusals.map(\.message), ["cannot migrate `gateStep`: `GateCells` declares `alarm`, the member the generator's `perform` calls for effect `alarm` of `GateF`, but not `beep` for effect `beep`, so with the matrix tablint (cells-drift) would ask for it; add `func beep(_ ctx: GateCtx) -> GateA?` to `GateCells` and its implementations (or rename `alarm` if it serves no effect), then migrate again"])
        XCTAssertFalse(made.refusals.contains { $0.message.contains("which `perform` calls for it") })
        // With the member, it migrates.
        let whole = gate.replacingOccurrences(of: "    func alarm(", with: "    func beep(_ ctx: GateCtx) -> GateA?\n    func alarm(")
        XCTAssertEqual(MigrationPlan.make([("Gate.swift", Array(whole.utf8))], function: nil) { _ in false }.refusals, [])
    }

    /// A function in `extension App.Panel` is named `App.Panel` by the generated code.
    func testAFunctionInAnExtensionOfANestedTypeIsNamedQualified() {
        let (made, text) = migrated([("Panel.swift", MigrationBehaviourTests.panel)])
        XCTAssertEqual(made.refusals, [])
        XCTAssertTrue(text.contains("if case let .go(next, _) = panelStep(App.Panel.ReduceImplementation(), (), s, a) { return next }"), text)
        XCTAssertTrue(text.contains("extension App.Panel {\n    struct ReduceImplementation: PanelCells {"), text)
        XCTAssertFalse(text.contains("extension Panel"), text)
    }

    /// In a library-shaped dispatcher, `.go(.running(since: 0), effects: […])` is a GO cell
    /// whose arm keeps its payload.
    func testALibraryShapedGoWithAPayloadIsAGoCellKeepingItsArm() {
        let (made, text) = migrated([("Stopwatch.swift", MigrationBehaviourTests.stopwatch)])
        XCTAssertEqual(made.refusals, [])
        XCTAssertTrue(text.contains("[.go(target: \"Running\", effects: [\"StartClock\"]), .ignore"), text)
        XCTAssertTrue(text.contains("case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])\n"), text)
        XCTAssertTrue(text.contains("case let (.running(since), .stop): return .go(.stopped(at: since + ctx.now), effects: [.stopClock])\n"), text)
        XCTAssertTrue(text.contains(".go(target: \"Stopped\", effects: [\"StopClock\"])"), text)
        // A qualified target, as a constant arm may spell it.
        let qualified = """
            protocol DoorCells {}
            func step(_ c: DoorCells, _ ctx: Int, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Never> {
                switch (s, a) {
                case (.open, .lock): return .go(Door.S.locked(code: 1), effects: [])
                default: return .ignored
                }
            }

            """
        let made2 = plan(qualified)
        XCTAssertEqual(made2.refusals, [])
        let both = made2.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        XCTAssertTrue(both.contains("[.ignore, .ignore, .go(target: \"Locked\", effects: [])]"), both)
        XCTAssertTrue(both.contains("case (.open, .lock): return .go(Door.S.locked(code: 1), effects: [])\n"), both)
    }

    /// `--function` accepts a labelled subject tuple, and says why it refuses a switch over a
    /// local, naming the function and its shape.
    func testANamedFunctionSaysWhatShapeItHas() {
        let (made, _) = migrated([("Gate.swift", MigrationBehaviourTests.gate)], function: "next")
        XCTAssertEqual(made.refusals, [])
        XCTAssertEqual(made.migratedFunctions, ["next"])
        let local = """
            func next(_ s: Door.S, _ a: Door.A) -> Door.S {
                let t = s
                switch (t, a) {
                default: return s
                }
            }

            """
        XCTAssertEqual(refusal(local, function: "next"), "5:6: cannot migrate `next`: its body holds `let t = s` before `switch (t, a)`, and `t` is not one of its parameters (`s`, `a`); migrate expects the whole body to be one `switch (state, action)` over two of its parameters, the state and the action")
        XCTAssertEqual(plan(local).refusals, [], "unnamed, it is passed over")
        let none = "func next(_ s: Door.S, _ a: Door.A) -> Door.S {\n    return s\n}\n"
        XCTAssertEqual(refusal(none, function: "next"), "5:6: cannot migrate `next`: its body has no `switch`; migrate expects the whole body to be one `switch (state, action)` over two of its parameters, the state and the action")
        let one = "func next(_ s: Door.S, _ a: Door.A) -> Door.S {\n    switch s {\n    default: return s\n    }\n}\n"
        XCTAssertEqual(refusal(one, function: "next"), "5:6: cannot migrate `next`: it switches on `s`, not a tuple of two of its parameters (`s`, `a`); migrate expects the whole body to be one `switch (state, action)` over two of its parameters, the state and the action")
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
        XCTAssertTrue(diff.stdout.contains("+        case let (.locked(code), .pull): return cells.lockedPull(ctx, Door.Locked(code: code))\n"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+    func lockedPull(_ ctx: Door.Ctx, _ state: Door.Locked) -> Step<Door.S, Door.F> {\n+        let s = Door.S.locked(code: state.code)\n+        let code = state.code\n"), diff.stdout)
        XCTAssertTrue(printed.stderr.contains("note: the code of `lockedPull` (`s`) uses the state or the action whole"), printed.stderr)
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

    /// The generator's narrowed structs are named after the cases: where that name would
    /// redeclare a type, be shared by two variants, or change what a name of the moved code or
    /// of a payload means, the function is refused, saying so.
    func testANarrowedStructThatWouldMeanAnotherTypeIsRefused() {
        let arms = """
                case let (.locked(code), .pull): return code == 0 ? .open : s
                default: return s
            """
        XCTAssertEqual(
            refusal(Self.function(arms) + "extension Door { struct Locked {} }\n"),
            "5:6: cannot migrate `reduce`: the generator's narrowed struct `Door.Locked` of `locked` would redeclare the type `Door.Locked` the files declare; rename the type or the case")
        let naming = """
                case let (.locked(code), .pull): return Locked.open(code) ? .open : s
                default: return s
            """
        XCTAssertEqual(
            refusal(Self.function(naming)),
            "5:6: cannot migrate `reduce`: the code of a HANDLE arm names `Locked`, which beside the moved code would then mean the generator's narrowed struct `Door.Locked` of `locked`; qualify the name or rename the case")
        let shared = """
            enum Jar {
                enum S { case empty, full(Fill) }
                enum A { case full(Int), tip }
                static func reduce(_ s: S, _ a: A) -> S {
                    switch (s, a) {
                    case let (.empty, .full(n)): return .full(Fill(n))
                    case let (.full(f), .full(n)): return .full(Fill(f.n + n))
                    default: return .empty
                    }
                }
            }
            struct Fill { var n: Int; init(_ n: Int) { self.n = n } }

            """
        let made = MigrationPlan.make([("Jar.swift", Array(shared.utf8))], function: nil) { _ in false }
        XCTAssertEqual(made.groups, [])
        XCTAssertEqual(made.refusals.map(\.message), ["cannot migrate `reduce`: the state case `full` and the action case `full` would both be narrowed to the generator's struct `Jar.Full`, with other fields; rename one of them"])
        let payload = """
            enum Box {
                enum S { case empty, fill(Fill) }
                enum A { case put(Int), tip }
                static func reduce(_ s: S, _ a: A) -> S {
                    switch (s, a) {
                    case let (.fill(f), .put(n)): return .fill(Fill(n: f.n + n))
                    default: return .empty
                    }
                }
            }
            struct Fill { var n: Int }

            """
        let boxed = MigrationPlan.make([("Box.swift", Array(payload.utf8))], function: nil) { _ in false }
        XCTAssertEqual(boxed.refusals.map(\.message), ["cannot migrate `reduce`: a payload names the type `Fill`, which inside `Box` would then mean the generator's narrowed struct `Box.Fill` of `fill`; rename the type or the case"])
    }

    func testUsageErrors() {
        XCTAssertEqual(tablint(["migrate"]).status, 2)
        XCTAssertEqual(tablint(["migrate", "--diff", "--write", "x"]).status, 2)
        XCTAssertTrue(tablint(["migrate", "--help"]).stdout.hasPrefix("USAGE: tablint migrate PATH... [--function NAME] [--diff | --write]"))
        XCTAssertEqual(tablint(["migrate", "/nonexistent/x.swift"]).status, 2)
    }
}
