import Foundation
import XCTest
@testable import TablintKit

/// Black-box bb4: the enum case, the dispatcher's arms and the `Cells` requirement (or
/// `perform` arm) of one change are written together or not at all. When one of them is
/// blocked (a `#if` among the arms or the members, the effect enum outside the run), none is
/// written and the findings name the blocker; what is written compiles with `swiftc`.
final class PlannedTogetherSyncTests: XCTestCase {
    /// The files after `--fix --unsafe-fixes`, and the messages of a lint of the files before.
    static func fixed(_ files: [String: String]) -> (files: [String: String], messages: [String]) {
        let outcome = RemovalSyncFixTests.run(files)
        for file in outcome.files { XCTAssertNil(file.failure, file.failure ?? "") }
        var after: [String: String] = [:]
        for path in files.keys { after[path] = RemovalSyncFixTests.text(outcome, path) }
        let lint = Engine.run(files.sorted { $0.key < $1.key }.map { Engine.Document(path: $0.key, bytes: Array($0.value.utf8)) }, mode: .report, unsafeFixes: true)
        return (after, lint.diagnostics.map(\.message))
    }

    /// Type-checks the files with the stand-in runtime; the compiler's errors.
    static func compileErrors(_ sources: [String], named name: String) throws -> String {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planned-together-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, compiler) = try DispatcherDefaultFixTests.compileAndRun(sources.joined(separator: "\n") + HandNamedRenameTests.standIn, named: name, in: folder, swiftc: swiftc)
        return compiler.components(separatedBy: "\n").filter { $0.contains("error:") }.joined(separator: "\n")
    }

    /// bb4 play/14: a state added to the matrix of a `step` with a `#if` among its arms: its
    /// arms are not written, so neither is its enum case (the switch would not be exhaustive).
    func testNoCaseIsAddedForADispatcherWithAnIfAmongItsArms() throws {
        let job = """
        enum Job {
            enum S { case queued, running }
            enum A { case start, stop }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Stuck"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.go(target: "Stuck", effects: []), .go(target: "Queued", effects: ["Log"])],
                    [.ignore, .go(target: "Queued", effects: [])],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func log(_ ctx: Job.Ctx) -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop): return .ignored
                #if DEBUG
                case (.running, .start): return .ignored
                #else
                case (.running, .start): return .ignored
                #endif
                case (.running, .stop): return .go(.queued, effects: [])
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Job.swift": job])
        XCTAssertEqual(after["Job.swift"], job)
        XCTAssertTrue(
            messages.contains { $0.contains("`Stuck`") && $0.contains("no fix: dispatcher `step` has a `#if` among its arms") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "if-arms"), "")
    }

    /// bb4 play/26: a `Cells` protocol with a `#if` among its members (not compared, so no
    /// requirement is added to it): an arm whose cell became HANDLE is not rewritten into a
    /// call of a member the protocol lacks.
    func testNoArmCallsAMemberOfAProtocolWithAnIfAmongItsMembers() throws {
        let job = """
        enum Job {
            enum S { case queued, running }
            enum A { case start, stop }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .handle],
                    [.handle, .go(target: "Queued", effects: ["Log"])],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func runningStart(_ ctx: Job.Ctx) -> Step<Job.S, Job.F>
            func log(_ ctx: Job.Ctx) -> Job.A?
            #if DEBUG
            func dump()
            #endif
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop): return .ignored
                case (.running, .start): return cells.runningStart(ctx)
                case (.running, .stop): return .go(.queued, effects: [.log])
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Job.swift": job])
        XCTAssertEqual(after["Job.swift"], job)
        XCTAssertTrue(
            messages.contains { $0.contains("(Queued, Stop)") && $0.contains("`JobCells` has a `#if` among its members") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "if-members"), "")
    }

    /// bb4 play/59: the effects' members are in a protocol the `Cells` protocol refines, which
    /// no fix adds a requirement to: the matrix's `Beep` becoming `Creak` is refused whole (no
    /// case, no `perform` arm, no return rewritten, `beep` kept), naming the refinement.
    func testANewEffectWhoseRequirementWouldGoInARefinedProtocolIsRefusedWhole() throws {
        let door = """
        enum Door {
            enum S { case closed, open, locked }
            enum A { case push, lock }
            enum F { case click, beep }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open", "Locked"],
                actions: ["Push", "Lock"],
                cells: [
                    [.go(target: "Open", effects: []),   .go(target: "Locked", effects: ["Click"])],
                    [.go(target: "Closed", effects: []), .ignore],
                    [.emit(effects: ["Creak"]),          .handle],
                ],
                initial: "Closed"
            )
        }
        protocol DoorEffects {
            func click(_ ctx: Door.Ctx) -> Door.A?
            func beep(_ ctx: Door.Ctx) -> Door.A?
        }
        protocol DoorCells: DoorEffects {
            func lockedLock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
        }
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [])
                case (.closed, .lock): return .go(.locked, effects: [.click])
                case (.open, .push): return .go(.closed, effects: [])
                case (.open, .lock): return .ignored
                case (.locked, .push): return .stay(effects: [.beep])
                case (.locked, .lock): return cells.lockedLock(ctx)
                }
            }
            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Door.swift": door])
        XCTAssertEqual(after["Door.swift"], door)
        XCTAssertTrue(
            messages.contains { $0.contains("`Creak`") && $0.contains("they are in `DoorEffects`, which it refines") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Door.swift"]!], named: "refined-effects"), "")
    }

    /// bb4 play/83: the file with `enum Door.F` is not in the run (excluded, or a pre-commit
    /// run of the staged files): a cell that emits a new effect gets no arm and no requirement
    /// naming it, since no fix can add its case; the findings say so.
    func testANewEffectOfAnEnumOutsideTheRunIsWrittenNowhere() throws {
        let step = """
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [])
                case (.closed, .lock): return .go(.locked, effects: [.click])
                case (.closed, .unlock): return .ignored
                case (.open, .push): return .go(.closed, effects: [])
                case (.open, .lock): fatalError("tabular-center: Open x Lock was declared UNREACHABLE but occurred")
                case (.open, .unlock): return .ignored
                case (.locked, .push): return .stay(effects: [.beep])
                case (.locked, .lock): return .ignored
                case (.locked, .unlock): return cells.lockedUnlock(ctx)
                }
            }
        
            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }

        """
        let cells = """
        protocol DoorCells {
            func lockedUnlock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
            func click(_ ctx: Door.Ctx) -> Door.A?
            func beep(_ ctx: Door.Ctx) -> Door.A?
        }

        """
        let matrix = """
        // swift-format-ignore-file
        extension Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open", "Locked"],
                actions: ["Push", "Lock", "Unlock"],
                cells: [
                    [.go(target: "Open", effects: []),   .go(target: "Locked", effects: ["Click"]), .ignore],
                    [.go(target: "Closed", effects: []), .unreachable,                              .emit(effects: ["Creak"])],
                    [.emit(effects: ["Beep"]),           .ignore,                                   .handle],
                ],
                initial: "Closed"
            )
        }

        """
        let (after, messages) = Self.fixed(["Door+Step.swift": step, "DoorCells.swift": cells, "Door.tb.swift": matrix])
        XCTAssertEqual(after["Door+Step.swift"], step)
        XCTAssertEqual(after["DoorCells.swift"], cells)
        let blocker = "no `enum F` of `Door` is among the run's files, so no fix can add `case creak` to it"
        XCTAssertTrue(messages.contains { $0.contains("(Open, Unlock)") && $0.contains(blocker) }, messages.joined(separator: "\n"))
        XCTAssertTrue(messages.contains { $0.contains("no requirement `creak`") && $0.contains(blocker) }, messages.joined(separator: "\n"))
        let door = """
        enum Door {
            enum S { case closed, open, locked }
            enum A { case push, lock, unlock }
            enum F { case click, beep }
            final class Ctx { var n = 0 }
        }

        """
        XCTAssertEqual(try Self.compileErrors([door, step, cells, after["Door.tb.swift"]!], named: "unseen-effects"), "")
    }

    /// bb4 play/89: two machines share an effect enum through `typealias F = AppEffect`, which
    /// is not followed: Door's new effect `Creak` is written nowhere, and the findings say why.
    func testANewEffectBehindANestedAliasIsWrittenNowhere() throws {
        let m_ = """
        enum Door {
            enum S { case closed, open }
            enum A { case push }
            typealias F = AppEffect
            final class Ctx {}
        }
        protocol DoorCells {
            func click(_ ctx: Door.Ctx) -> Door.A?
            func beep(_ ctx: Door.Ctx) -> Door.A?
        }
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.click])
                case (.open, .push): return .go(.closed, effects: [.beep])
                }
            }
            static func perform(_ cells: DoorCells, _ ctx: Ctx, _ f: F) -> A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }
        enum Gate {
            enum S { case closed, open }
            enum A { case push }
            typealias F = AppEffect
            final class Ctx {}
        }
        protocol GateCells {
            func click(_ ctx: Gate.Ctx) -> Gate.A?
            func beep(_ ctx: Gate.Ctx) -> Gate.A?
        }
        extension Gate {
            static func step(_ cells: GateCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.click])
                case (.open, .push): return .go(.closed, effects: [.beep])
                }
            }
            static func perform(_ cells: GateCells, _ ctx: Ctx, _ f: F) -> A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }

        """
        let shared_ = """
        enum AppEffect { case click, beep }

        """
        let t_ = """
        // swift-format-ignore-file
        extension Door {
            static let TABLE = Table(machine: "Door", states: ["Closed", "Open"], actions: ["Push"],
                cells: [[.go(target: "Open", effects: ["Click", "Creak"])], [.go(target: "Closed", effects: ["Beep"])]], initial: "Closed")
        }
        extension Gate {
            static let TABLE = Table(machine: "Gate", states: ["Closed", "Open"], actions: ["Push"],
                cells: [[.go(target: "Open", effects: ["Click"])], [.go(target: "Closed", effects: ["Beep"])]], initial: "Closed")
        }

        """
        let files: [String: String] = ["M.swift": m_, "Shared.swift": shared_, "T.tb.swift": t_]
        let (after, messages) = Self.fixed(files)
        for (path, text) in files { XCTAssertEqual(after[path], text, path) }
        XCTAssertTrue(
            messages.contains { $0.contains("(Closed, Push)") && $0.contains("`Door.F` is a `typealias` of `AppEffect`, which no fix follows") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors(files.sorted { $0.key < $1.key }.map(\.value), named: "aliased-effects"), "")
    }

    /// bb4 play/18: a dispatcher whose arms call their members with no context: no arm is
    /// written, the reason is the missing context (not that no arm calls a member), and no
    /// requirement is added for a cell whose arm is left (it would name a `Job.Ctx` that does
    /// not exist, and nothing would call it).
    func testADispatcherWithoutAContextGetsNoArmAndNoRequirement() throws {
        let job = """
        enum Job {
            enum S { case queued, running }
            enum A { case start, stop }
            enum F { case log }
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Stuck"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .handle],
                    [.handle, .handle],
                    [.handle, .ignore],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func queuedStop() -> Step<Job.S, Job.F>
            func runningStart() -> Step<Job.S, Job.F>
            func log() -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop): return cells.queuedStop()
                case (.running, .start): return cells.runningStart()
                case (.running, .stop): return .ignored
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Job.swift": job])
        XCTAssertEqual(after["Job.swift"], job)
        XCTAssertFalse(messages.contains { $0.contains("no arm of the dispatcher calls a cells member") }, messages.joined(separator: "\n"))
        XCTAssertTrue(
            messages.contains { $0.contains("no requirement `runningStop`") && $0.contains("calls `cells.queuedStop()` with no context") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "no-context"), "")
    }

    /// bb4 play/15: a reducer named `step` that returns the state, not a `Step`: no arm is
    /// written in the library's shape (`.ignored` would not compile in it), so no case is
    /// added either, and the findings say the function returns the state.
    func testAReducerNamedStepGetsNoLibraryShapedArms() throws {
        let job = """
        enum Job {
            enum S { case queued, running }
            enum A { case start, stop }
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Stuck"],
                actions: ["Start", "Stop", "Kick"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore, .ignore],
                    [.go(target: "Stuck", effects: []), .go(target: "Queued", effects: []), .ignore],
                    [.ignore, .go(target: "Queued", effects: []), .go(target: "Running", effects: [])],
                ],
                initial: "Queued"
            )
            static func step(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.queued, .start): return .running
                case (.queued, .stop): return s
                case (.running, .start): return s
                case (.running, .stop): return .queued
                }
            }
        }

        """
        let (after, messages) = Self.fixed(["Job.swift": job])
        XCTAssertEqual(after["Job.swift"], job)
        XCTAssertTrue(
            messages.contains { $0.contains("`Stuck`") && $0.contains("`step` returns the state (`return .x`, `return s`), not the library's `Step`") },
            messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "reducer"), "")
    }

    /// bb4 play/90: a top-level machine (`DoorS`, `DoorA`, `let DOOR_TABLE`, no `enum Door`):
    /// the narrowed struct of a new payload HANDLE cell's requirement goes in `extension Door`,
    /// so `enum Door {}` is declared with it, as `tablint scaffold` does.
    func testATopLevelMachinesNarrowedStructGetsItsNamespaceDeclared() throws {
        let door = """
        enum DoorS { case closed, open }
        enum DoorA { case push(force: Int), pull }
        enum DoorF { case click }
        final class DoorCtx {}
        let DOOR_TABLE = Table(
            machine: "Door",
            states: ["Closed", "Open"],
            actions: ["Push", "Pull"],
            cells: [
                [.go(target: "Open", effects: ["Click"]), .handle],
                [.handle, .go(target: "Closed", effects: [])],
            ],
            initial: "Closed"
        )
        protocol DoorCells {
            func closedPull(_ ctx: DoorCtx) -> Step<DoorS, DoorF>
            func click(_ ctx: DoorCtx) -> DoorA?
        }
        func doorStep(_ cells: DoorCells, _ ctx: DoorCtx, _ s: DoorS, _ a: DoorA) -> Step<DoorS, DoorF> {
            switch (s, a) {
            case (.closed, .push): return .go(.open, effects: [.click])
            case (.closed, .pull): return cells.closedPull(ctx)
            case (.open, .push): return .ignored
            case (.open, .pull): return .go(.closed, effects: [])
            }
        }

        """
        let (after, _) = Self.fixed(["Door.swift": door])
        let fixed = after["Door.swift"]!
        XCTAssertTrue(fixed.contains("\nenum Door {}\n\nextension Door {\n    struct Push {\n        var force: Int\n    }\n}\n"), fixed)
        XCTAssertEqual(try Self.compileErrors([fixed], named: "top-level"), "")
    }

    /// bb4 play/13: a removed state's pattern in a one-line label of three patterns is cut as
    /// one in a label of two is (the label's text is read from the file, not shortened).
    func testARemovedStatesPatternIsCutFromALabelOfThree() throws {
        let job = """
        enum Job {
            enum S { case queued, running, paused }
            enum A { case start, stop }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.ignore, .go(target: "Queued", effects: [])],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func log(_ ctx: Job.Ctx) -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop), (.running, .start), (.paused, .start): return .ignored
                case (.running, .stop), (.paused, .stop): return .go(.queued, effects: [])
                }
            }
        }

        """
        let (after, _) = Self.fixed(["Job.swift": job])
        let expected = job.replacingOccurrences(of: "case queued, running, paused }", with: "case queued, running }")
            .replacingOccurrences(of: "case (.queued, .stop), (.running, .start), (.paused, .start):", with: "case (.queued, .stop), (.running, .start):")
            .replacingOccurrences(of: "case (.running, .stop), (.paused, .stop):", with: "case (.running, .stop):")
        XCTAssertEqual(after["Job.swift"], expected)
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "three-patterns"), "")
    }

    /// bb4 play/88: two patterns of a removed action cut from one label.
    func testTwoPatternsOfARemovedActionAreCutFromOneLabel() throws {
        let job = """
        enum Job {
            enum S { case queued, running, paused }
            enum A { case start, stop, kick }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Paused"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.ignore, .go(target: "Queued", effects: [])],
                    [.ignore, .ignore],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func log(_ ctx: Job.Ctx) -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop), (.queued, .kick), (.running, .start): return .ignored
                case (.running, .stop): return .go(.queued, effects: [])
                case (.running, .kick), (.paused, .start), (.paused, .stop), (.paused, .kick): return .ignored
                }
            }
        }

        """
        let (after, _) = Self.fixed(["Job.swift": job])
        let expected = job.replacingOccurrences(of: "case start, stop, kick }", with: "case start, stop }")
            .replacingOccurrences(of: "case (.queued, .stop), (.queued, .kick), (.running, .start):", with: "case (.queued, .stop), (.running, .start):")
            .replacingOccurrences(of: "case (.running, .kick), (.paused, .start), (.paused, .stop), (.paused, .kick):", with: "case (.paused, .start), (.paused, .stop):")
        XCTAssertEqual(after["Job.swift"], expected)
        XCTAssertEqual(try Self.compileErrors([after["Job.swift"]!], named: "two-cuts"), "")
    }

    /// bb4 play/54, play/62: a new state or action refused for the machine's enums being a
    /// nested alias, or having a case under `#if`, says so, not that the enum is in no file of
    /// the run (the run holds the whole target).
    func testARefusedAdditionNamesTheAliasOrTheIfAsItsBlocker() throws {
        let aliased = """
        enum DoorState { case closed, open }
        enum DoorAction { case push }
        enum Door {
            typealias S = DoorState
            typealias A = DoorAction
            enum F { case click }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open", "Ajar"],
                actions: ["Push", "Kick"],
                cells: [
                    [.go(target: "Open", effects: ["Click"]), .ignore],
                    [.go(target: "Closed", effects: []), .go(target: "Ajar", effects: [])],
                    [.ignore, .go(target: "Closed", effects: [])],
                ],
                initial: "Closed"
            )
        }
        protocol DoorCells { func click(_ ctx: Door.Ctx) -> Door.A? }
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.click])
                case (.open, .push): return .go(.closed, effects: [])
                }
            }
        }

        """
        let conditional = """
        enum Job {
            enum S {
                case queued, running
                #if DEBUG
                case debugging
                #endif
            }
            enum A { case start, stop }
            enum F { case log }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Job",
                states: ["Queued", "Running", "Stuck"],
                actions: ["Start", "Stop"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.go(target: "Stuck", effects: []), .go(target: "Queued", effects: ["Log"])],
                    [.ignore, .go(target: "Queued", effects: [])],
                ],
                initial: "Queued"
            )
        }
        protocol JobCells {
            func log(_ ctx: Job.Ctx) -> Job.A?
        }
        extension Job {
            static func step(_ cells: JobCells, _ ctx: Job.Ctx, _ s: Job.S, _ a: Job.A) -> Step<Job.S, Job.F> {
                switch (s, a) {
                case (.queued, .start): return .go(.running, effects: [])
                case (.queued, .stop): return .ignored
                case (.running, .start): return .ignored
                case (.running, .stop): return .go(.queued, effects: [])
                }
            }
        }

        """
        for (source, blocker, name) in [
            (aliased, "`Door.A` is a `typealias` of `DoorAction`, which no fix follows to add `kick`", "kick"),
            (conditional, "`enum Job.S` has a case under `#if`, so its cases are not all known and no fix adds `stuck` to it", "stuck"),
        ] {
            let (after, messages) = Self.fixed(["M.swift": source])
            // Nothing names the refused case (the matrix's string is `"Kick"`).
            XCTAssertFalse(after["M.swift"]!.contains(name), after["M.swift"]!)
            XCTAssertTrue(messages.contains { $0.contains(blocker) }, messages.joined(separator: "\n"))
            XCTAssertFalse(messages.contains { $0.contains("run tablint on the whole target") }, messages.joined(separator: "\n"))
        }
    }

    /// bb4 play/97: before any fix, a new effect's missing `perform` case and requirement are
    /// described as the files are: `enum F` does not declare it yet, and `perform` does not
    /// call it; unknown-effect's fix adds it.
    func testANewEffectsFindingsDescribeTheFilesAsRead() {
        let door = """
        enum Door {
            enum S { case closed, open }
            enum A { case push, lock }
            enum F { case click, beep }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open"],
                actions: ["Push", "Lock"],
                cells: [
                    [.go(target: "Open", effects: ["Click"]), .emit(effects: ["Creak"])],
                    [.go(target: "Closed", effects: ["Beep"]), .ignore],
                ],
                initial: "Closed"
            )
        }
        protocol DoorCells {
            func click(_ ctx: Door.Ctx) -> Door.A?
            func beep(_ ctx: Door.Ctx) -> Door.A?
        }
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.click])
                case (.closed, .lock): return .ignored
                case (.open, .push): return .go(.closed, effects: [.beep])
                case (.open, .lock): return .ignored
                }
            }
            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }

        """
        let (_, messages) = Self.fixed(["Door.swift": door])
        let all = messages.joined(separator: "\n")
        XCTAssertFalse(all.contains("which `enum F` declares"), all)
        XCTAssertFalse(all.contains("which `perform` calls for it"), all)
        XCTAssertTrue(messages.contains { $0.contains("no case for effect `creak`, which the matrix emits (unknown-effect's fix adds what `enum F` lacks)") }, all)
        XCTAssertTrue(messages.contains { $0.contains("no requirement `creak`") && $0.contains("the effect unknown-effect's fix adds to `enum F`") }, all)
    }

    /// bb4 play/27: an effect the matrix names between `Click` and `Beep` gets its case, its
    /// `perform` arm and its requirement after `click`'s, where the enum's case goes.
    func testANewEffectsArmAndRequirementFollowTheEffectBeforeIt() throws {
        let door = """
        enum Door {
            enum S { case closed, open }
            enum A { case push, lock }
            enum F { case click, beep }
            final class Ctx {}
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open"],
                actions: ["Push", "Lock"],
                cells: [
                    [.go(target: "Open", effects: ["Click"]), .emit(effects: ["Creak"])],
                    [.go(target: "Closed", effects: ["Beep"]), .ignore],
                ],
                initial: "Closed"
            )
        }
        protocol DoorCells {
            func click(_ ctx: Door.Ctx) -> Door.A?
            func beep(_ ctx: Door.Ctx) -> Door.A?
        }
        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.click])
                case (.closed, .lock): return .ignored
                case (.open, .push): return .go(.closed, effects: [.beep])
                case (.open, .lock): return .ignored
                }
            }
            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .click: return cells.click(ctx)
                case .beep: return cells.beep(ctx)
                }
            }
        }

        """
        let (after, _) = Self.fixed(["Door.swift": door])
        let fixed = after["Door.swift"]!
        XCTAssertTrue(fixed.contains("case click, creak, beep"), fixed)
        XCTAssertTrue(fixed.contains("func click(_ ctx: Door.Ctx) -> Door.A?\n    func creak(_ ctx: Door.Ctx) -> Door.A?\n    func beep("), fixed)
        XCTAssertTrue(fixed.contains("case .click: return cells.click(ctx)\n        case .creak: return cells.creak(ctx)\n        case .beep:"), fixed)
        XCTAssertEqual(try Self.compileErrors([fixed], named: "effect-order"), "")
    }
}
