import Foundation
import XCTest
@testable import TablintKit

/// `tablint scaffold`: what it writes for matrices with no dispatcher, compiled with the real
/// `swiftc` against a stand-in of the library's `Step` and run over every pair; what it
/// refuses; and `--write`, which replaces only a file it wrote.
final class ScaffoldCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func scaffold(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = "", errors = ""
        let status = Tablint.run(arguments: ["scaffold"] + arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    static let timerTable = """
        // swift-format-ignore-file
        extension Timer {
            //                          Start                                        Tick       Reset
            static let TABLE = Table(
                machine: "Timer",
                states: ["Idle", "Running", "Paused"],
                actions: ["Start", "Tick", "Reset"],
                cells: [
                    [.go(target: "Running", effects: ["StartClock"]), .ignore,  .unreachable],
                    [.ignore,                                     .handle,  .go(target: "Idle", effects: ["StopClock"])],
                    [.handle,                                     .emit(effects: ["Beep"]), .handle],
                ],
                initial: "Idle"
            )
        }

        """

    static let timerTypes = """
        enum Timer {
            enum S { case idle, running, paused(since: Int, String) }
            enum A { case start, tick(now: Int), reset }
            enum F { case startClock, stopClock, beep, log(String) }
            final class Ctx { var ticks = 0 }
        }

        """

    /// The stand-in runtime, an implementation of the protocol and a driver over every pair.
    static let timerProgram = """
        enum Step<S, F> {
            case go(S, effects: [F])
            case stay(effects: [F])
            case ignored
        }
        struct Impl: TimerCells {
            func runningTick(_ ctx: Timer.Ctx, _ action: Timer.Tick) -> Step<Timer.S, Timer.F> { ctx.ticks += action.now; return .stay(effects: [.log("tick \\(action.now)")]) }
            func pausedStart(_ ctx: Timer.Ctx, _ state: Timer.Paused) -> Step<Timer.S, Timer.F> { .go(.running, effects: [.log(state.value1)]) }
            func pausedReset(_ ctx: Timer.Ctx, _ state: Timer.Paused) -> Step<Timer.S, Timer.F> { .go(.idle, effects: []) }
            func startClock(_ ctx: Timer.Ctx) -> Timer.A? { nil }
            func stopClock(_ ctx: Timer.Ctx) -> Timer.A? { .reset }
            func beep(_ ctx: Timer.Ctx) -> Timer.A? { nil }
            func log(_ ctx: Timer.Ctx, _ effect: String) -> Timer.A? { effect == "again" ? .start : nil }
        }
        let ctx = Timer.Ctx()
        for s in [Timer.S.idle, .running, .paused(since: 1, "p")] {
            for a in [Timer.A.start, .tick(now: 2), .reset] where !(s == .idle && a == .reset) {
                print(s, a, Timer.step(Impl(), ctx, s, a))
            }
        }
        for f in [Timer.F.startClock, .stopClock, .beep, .log("again")] { print(f, Timer.perform(Impl(), ctx, f) as Any) }
        extension Timer.S: Equatable {}
        extension Timer.A: Equatable {}

        """

    func testATableWithoutDispatcherIsScaffoldedAndTheCodeCompilesAndRunsAsTheMatrixSays() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        try write("Timer.tb.swift", Self.timerTable)
        try write("Timer.swift", Self.timerTypes)
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.hasPrefix(Tablint.scaffoldMarker + "\n"), output)
        XCTAssertTrue(output.contains("case let (.paused(since, value1), .start): return cells.pausedStart(ctx, Timer.Paused(since: since, value1: value1))"), output)
        XCTAssertTrue(output.contains("case (.idle, .reset): fatalError(\"tabular-center: Idle x Reset was declared UNREACHABLE but occurred\")"), output)
        XCTAssertFalse(output.contains("default:"))
        let program = Self.timerTypes + output + Self.timerProgram
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "timer", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("warning:"), compiler)
        XCTAssertEqual(ran, """
            idle start go(main.Timer.S.running, effects: [main.Timer.F.startClock])
            idle tick(now: 2) ignored
            running start ignored
            running tick(now: 2) stay(effects: [main.Timer.F.log("tick 2")])
            running reset go(main.Timer.S.idle, effects: [main.Timer.F.stopClock])
            paused(since: 1, "p") start go(main.Timer.S.running, effects: [main.Timer.F.log("p")])
            paused(since: 1, "p") tick(now: 2) stay(effects: [main.Timer.F.beep])
            paused(since: 1, "p") reset go(main.Timer.S.idle, effects: [])
            startClock nil
            stopClock Optional(main.Timer.A.reset)
            beep nil
            log("again") Optional(main.Timer.A.start)

            """.replacingOccurrences(of: "main.", with: "Example."))
    }

    /// A matrix alone: its enums, `Ctx` and the machine's type are declared too, so it compiles.
    func testWhatTheRunDoesNotDeclareIsDeclaredInMatrixOrder() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        try write("Door.tb.swift", """
            let DOOR_TABLE = Table(
                machine: "Door",
                states: ["Shut", "Open"],
                actions: ["Push", "Pull"],
                cells: [
                    [.go(target: "Open", effects: ["Creak"]), .handle],
                    [.emit(effects: ["Slam"]), .go(target: "Shut", effects: [])],
                ]
            )

            """)
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("""
            enum Door {
                enum S { case shut, open }
                enum A { case push, pull }
                enum F { case creak, slam }
                final class Ctx {}
            }
            """), output)
        let program = output + """
            enum Step<S, F> { case go(S, effects: [F]); case stay(effects: [F]); case ignored }
            struct Impl: DoorCells {
                func shutPull(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .ignored }
                func creak(_ ctx: Door.Ctx) -> Door.A? { nil }
                func slam(_ ctx: Door.Ctx) -> Door.A? { .push }
            }
            print(Door.step(Impl(), Door.Ctx(), .shut, .push), Door.step(Impl(), Door.Ctx(), .open, .push), Door.perform(Impl(), Door.Ctx(), .slam) as Any)

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "door", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, "go(Example.Door.S.open, effects: [Example.Door.F.creak]) stay(effects: [Example.Door.F.slam]) Optional(Example.Door.A.push)\n")
    }

    /// An `@Machine` enum: what the macro would add, with the rows' effect arguments verbatim
    /// and the target's literal payload. Compiled with the macro's own attributes taken out
    /// (the library's macro consumes them).
    func testAnAtMachineEnumGetsWhatTheMacroWouldEmit() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let machine = """
            @Machine
            enum Turnstile {
                enum S { case locked, unlocked(paid: Int) }
                enum A { case coin(cents: Int), push }
                enum F { case click, log(message: String, level: Int) }
                final class Ctx { var admitted = 0 }
                static let initial = S.locked
                //                          coin                                                 push
                @Row(.locked)   static let l = [ .go(.unlocked(paid: 1), [.click, .log(message: "paid", level: 1)]), .ignore ]
                @Row(.unlocked) static let u = [ .emit(.click),                                         .handle ]
                func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
            }

            """
        try write("Turnstile.swift", machine)
        let (status, output, errors) = scaffold([folder.path, "--machine", "Turnstile"])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("case (.locked, .coin): return .go(.unlocked(paid: 1), effects: [.click, .log(message: \"paid\", level: 1)])"), output)
        XCTAssertTrue(output.contains("func unlockedPush(_ ctx: Turnstile.Ctx, _ state: Turnstile.Unlocked) -> Step<Turnstile.S, Turnstile.F>"), output)
        XCTAssertTrue(output.contains("func log(_ ctx: Turnstile.Ctx, _ effect: (message: String, level: Int)) -> Turnstile.A?"), output)
        let compiled = machine.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("@Machine") && !$0.contains("@Row") && !$0.contains("func handle") && !$0.contains("static let initial") }
            .joined(separator: "\n")
        let program = compiled + output + """
            enum Step<S, F> { case go(S, effects: [F]); case stay(effects: [F]); case ignored }
            struct Impl: TurnstileCells {
                func unlockedPush(_ ctx: Turnstile.Ctx, _ state: Turnstile.Unlocked) -> Step<Turnstile.S, Turnstile.F> { ctx.admitted += state.paid; return .go(.locked, effects: []) }
                func click(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
                func log(_ ctx: Turnstile.Ctx, _ effect: (message: String, level: Int)) -> Turnstile.A? { effect.level > 0 ? .push : nil }
            }
            let ctx = Turnstile.Ctx()
            print(Turnstile.step(Impl(), ctx, .locked, .coin(cents: 5)))
            print(Turnstile.step(Impl(), ctx, .unlocked(paid: 4), .push), ctx.admitted)
            print(Turnstile.perform(Impl(), ctx, .log(message: "m", level: 2)) as Any)

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "turnstile", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            go(Example.Turnstile.S.unlocked(paid: 1), effects: [Example.Turnstile.F.click, Example.Turnstile.F.log(message: "paid", level: 1)])
            go(Example.Turnstile.S.locked, effects: []) 4
            Optional(Example.Turnstile.A.push)

            """)
    }

    /// An `async`, `throws`, `async throws` or typed `throws(E)` prototype: the macro copies the specifiers after
    /// the parameters of every member, `step` and `perform`, and its calls get `try`/`await`
    /// (reference §1.2). Each scaffold compiles and runs, an error thrown by a member reaching
    /// the caller of `step`.
    func testAsyncAndThrowingHandlePrototypesGiveWhatTheMacroWouldEmit() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        for specifiers in ["async", "throws", "async throws", "throws(Refused)"] {
            let throwing = specifiers.contains("throws"), waiting = specifiers.contains("async")
            let call = (throwing ? "try " : "") + (waiting ? "await " : "")
            let machine = """
                @Machine
                enum Turnstile {
                    enum S { case locked, unlocked(paid: Int) }
                    enum A { case coin, push }
                    enum F { case click }
                    final class Ctx { var admitted = 0 }
                    static let initial = S.locked
                    @Row(.locked)   static let l = [ .go(.unlocked(paid: 1), [.click]), .ignore ]
                    @Row(.unlocked) static let u = [ .emit(.click),                   .handle ]
                    @MainActor func handle(_ ctx: Ctx, _ state: S, _ action: A)
                        \(specifiers) -> Step<S, F> { fatalError() }
                }

                """
            let folder = self.folder.appendingPathComponent(specifiers.filter { $0.isLetter })
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try machine.write(to: folder.appendingPathComponent("Turnstile.swift"), atomically: true, encoding: .utf8)
            let (status, output, errors) = scaffold([folder.path])
            XCTAssertEqual(status, 0, errors)
            XCTAssertTrue(output.contains("    @MainActor func unlockedPush(_ ctx: Turnstile.Ctx, _ state: Turnstile.Unlocked) \(specifiers) -> Step<Turnstile.S, Turnstile.F>\n"), output)
            XCTAssertTrue(output.contains("    @MainActor func click(_ ctx: Turnstile.Ctx) \(specifiers) -> Turnstile.A?\n"), output)
            XCTAssertTrue(output.contains("_ a: Turnstile.A) \(specifiers) -> Step<Turnstile.S, Turnstile.F> {"), output)
            XCTAssertTrue(output.contains("_ f: Turnstile.F) \(specifiers) -> Turnstile.A? {"), output)
            XCTAssertTrue(output.contains("case let (.unlocked(paid), .push): return \(call)cells.unlockedPush(ctx, Turnstile.Unlocked(paid: paid))"), output)
            XCTAssertTrue(output.contains("case .click: return \(call)cells.click(ctx)"), output)
            let compiled = machine.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("@Machine") && !$0.contains("@Row") && !$0.contains("func handle") && !$0.contains("fatalError") && !$0.contains("static let initial") }
                .joined(separator: "\n")
            let program = compiled + output + """
                enum Step<S, F> { case go(S, effects: [F]); case stay(effects: [F]); case ignored }
                struct Refused: Error {}
                @MainActor struct Impl: TurnstileCells {
                    func unlockedPush(_ ctx: Turnstile.Ctx, _ state: Turnstile.Unlocked) \(specifiers) -> Step<Turnstile.S, Turnstile.F> {
                        \(throwing ? "if state.paid == 0 { throw Refused() }" : "")
                        ctx.admitted += state.paid
                        return .go(.locked, effects: [])
                    }
                    func click(_ ctx: Turnstile.Ctx) \(specifiers) -> Turnstile.A? { .push }
                }
                @MainActor func main() \(waiting ? "async" : "") {
                    let ctx = Turnstile.Ctx()
                    do {
                        print(\(call)Turnstile.step(Impl(), ctx, .locked, .coin))
                        print(\(call)Turnstile.step(Impl(), ctx, .unlocked(paid: 4), .push), ctx.admitted)
                        print(\(call)Turnstile.perform(Impl(), ctx, .click) as Any)
                        print(\(call)Turnstile.step(Impl(), ctx, .unlocked(paid: 0), .push))
                    } catch {
                        print("thrown", error)
                    }
                }
                \(waiting ? "await main()" : "MainActor.assumeIsolated { main() }")

                """
            let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "turnstile", in: folder, swiftc: swiftc)
            XCTAssertEqual(ran, """
                go(Example.Turnstile.S.unlocked(paid: 1), effects: [Example.Turnstile.F.click])
                go(Example.Turnstile.S.locked, effects: []) 4
                Optional(Example.Turnstile.A.push)
                \(throwing ? "thrown Refused()" : "go(Example.Turnstile.S.locked, effects: [])")

                """, specifiers)
        }
    }

    /// `rethrows` fits no member the generator writes (none takes a function): refused, said why.
    func testARethrowingHandlePrototypeIsRefused() throws {
        try write("Turnstile.swift", """
            @Machine
            enum Turnstile {
                enum S { case locked, unlocked }
                enum A { case coin, push }
                static let initial = S.locked
                @Row(.locked)   static let l = [ .go(.unlocked), .ignore ]
                @Row(.unlocked) static let u = [ .ignore,        .handle ]
                func handle(_ ctx: Ctx, _ state: S, _ action: A) rethrows -> Step<S, F> { fatalError() }
            }

            """)
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("is not scaffolded: its `func handle` prototype is `rethrows`, which a member without a function parameter cannot be; write `throws`"), errors)
    }

    func testWhatCannotBeWrittenIsRefusedWithTheReason() throws {
        try write("Job.tb.swift", """
            let JOB_TABLE = Table(
                machine: "Job",
                states: ["Idle", "Running"],
                actions: ["Run"],
                cells: [
                    [.go(target: "Running", effects: [])],
                    [.delegate(child: "retry")],
                ]
            )

            """)
        try write("Job.swift", "enum Job {\n    enum S { case idle, running(attempt: Int) }\n    enum A { case run }\n}\n")
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("`Job` (\(folder.path)/Job.tb.swift:1) is not scaffolded: cell (Idle, Run): the GO target `running` carries a payload (attempt: Int) the matrix does not give"), errors)
        XCTAssertTrue(errors.contains("cell (Running, Run): DELEGATE cells are not written"), errors)
    }

    func testAMachineWithADispatcherIsLeftToTheFixes() throws {
        try write("Timer.tb.swift", Self.timerTable)
        try write("Timer.swift", Self.timerTypes + """
            extension Timer {
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.idle, .start): return .go(.running, effects: [.startClock])
                    default: return .ignored
                    }
                }
            }

            """)
        let (status, output, errors) = scaffold([folder.path, "--machine", "Timer"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("already has a dispatcher (\(folder.path)/Timer.swift:"), errors)
    }

    func testWriteReplacesOnlyAFileScaffoldWrote() throws {
        try write("Timer.tb.swift", Self.timerTable)
        try write("Timer.swift", Self.timerTypes)
        let target = folder.appendingPathComponent("TimerSteps.swift").path
        var result = scaffold([folder.path, "--write", target])
        XCTAssertEqual(result.status, 0, result.errors)
        let first = try String(contentsOfFile: target, encoding: .utf8)
        XCTAssertTrue(first.hasPrefix(Tablint.scaffoldMarker))
        // Run again over the folder that now holds the output: its dispatcher is not the machine's.
        result = scaffold([folder.path, "--write", target])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), first)
        // A file the author wrote is never replaced.
        try write("Mine.swift", "// mine\n")
        result = scaffold([folder.path, "--write", folder.appendingPathComponent("Mine.swift").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("was not written by `tablint scaffold`"), result.errors)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Mine.swift"), encoding: .utf8), "// mine\n")
    }

    /// A matrix whose existing `enum S` lists its cases under `#if`: the scaffold cannot know
    /// them, so it is refused naming the enum's place and why, rather than declaring `enum S`
    /// again (which swiftc would call a redeclaration).
    func testAnEnumWithCasesUnderIfIsRefusedNamingItsPlace() throws {
        try write("Timer.tb.swift", Self.timerTable)
        let conditional = Self.timerTypes.replacingOccurrences(
            of: "    enum S { case idle, running, paused(since: Int, String) }\n",
            with: "    enum S {\n        case idle, running\n        #if DEBUG\n        case paused(since: Int, String)\n        #endif\n    }\n")
        XCTAssertNotEqual(conditional, Self.timerTypes)
        try write("Timer.swift", conditional)
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("`Timer` (\(folder.path)/Timer.tb.swift:4) is not scaffolded: `enum Timer.S` (\(folder.path)/Timer.swift:2) declares cases under `#if`, so which cases it has depends on the build and the scaffold cannot know them"), errors)
    }

    /// An existing enum and the matrix that disagree (a case the matrix does not list, one it
    /// lists that the enum lacks): the switch could not compile, so the machine is refused.
    func testAnEnumThatDisagreesWithTheMatrixIsRefused() throws {
        try write("Timer.tb.swift", Self.timerTable)
        let disagreeing = Self.timerTypes
            .replacingOccurrences(of: "enum S { case idle, running, paused(since: Int, String) }", with: "enum S { case idle, running, paused(since: Int, String), broken }")
            .replacingOccurrences(of: "enum A { case start, tick(now: Int), reset }", with: "enum A { case start, tick(now: Int) }")
        try write("Timer.swift", disagreeing)
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("`enum Timer.S` (\(folder.path)/Timer.swift:2) and the matrix disagree: the enum declares `broken`, which the matrix does not list"), errors)
        XCTAssertTrue(errors.contains("`enum Timer.A` (\(folder.path)/Timer.swift:3) and the matrix disagree: the enum lacks `Reset`, which the matrix lists"), errors)
    }

    /// A type named as the machine's enum that is no enum (a struct `S` in `Timer`): the
    /// scaffold would declare `enum S` beside it, so the machine is refused.
    func testATypeOfTheEnumsNameThatIsNoEnumIsNotDeclaredAgain() throws {
        try write("Timer.tb.swift", Self.timerTable)
        try write("Timer.swift", Self.timerTypes.replacingOccurrences(of: "    enum S { case idle, running, paused(since: Int, String) }\n", with: "    struct S {}\n"))
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("is not scaffolded: `Timer.S` is declared (\(folder.path)/Timer.swift:2) but is no enum whose cases tablint reads"), errors)
    }

    static let lampTable = """
        // swift-format-ignore-file
        extension Lamp {
            static let TABLE = Table(
                machine: "Lamp",
                states: ["Off", "On"],
                actions: ["Toggle", "Tick"],
                cells: [
                    [.go(target: "On", effects: ["OnTick"]), .ignore],
                    [.go(target: "Off", effects: []),        .handle],
                ],
                initial: "Off"
            )
        }

        """

    /// Cell (On, Tick)'s member and effect `OnTick`'s are both `onTick`: the protocol could
    /// only declare two requirements differing in their return type, so nothing is written.
    func testAMachineWhoseMembersCollideIsRefusedWithTheCollision() throws {
        try write("L.tb.swift", Self.lampTable)
        try write("Types.swift", "enum Lamp {\n    enum S { case off, on }\n    enum A { case toggle, tick }\n    enum F { case onTick }\n    final class Ctx {}\n}\n")
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("`Lamp` (\(folder.path)/L.tb.swift:3) is not scaffolded: cell (On, Tick) and effect OnTick would both generate the member `onTick`"), errors)
        XCTAssertTrue(errors.contains("[tabular-center::member-collision]"), errors)
    }

    static let yTable = """
        // swift-format-ignore-file
        extension Y {
            static let TABLE = Table(machine: "Y", states: ["A"], actions: ["B"], cells: [[.handle]], initial: "A")
        }
        enum Y { enum S { case a }; enum A { case b }; enum F {}; final class Ctx {} }

        """

    /// A `Cells` protocol the run declares already, as the generator would write it, is kept:
    /// the scaffold writes `step` and `perform` only, and they compile with it. An empty
    /// matrix beside it is passed over with a note, not silently.
    func testAnExistingProtocolAsTheGeneratorWritesItIsKept() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let declared = "protocol YCells { func aB(_ ctx: Y.Ctx) -> Step<Y.S, Y.F> }\n"
        try write("Y.tb.swift", Self.yTable + declared)
        try write("Z.tb.swift", "extension Z {\n    static let TABLE = Table(machine: \"Z\", states: [], actions: [], cells: [], initial: \"\")\n}\n")
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(errors.contains("tablint: note: `Z` (\(folder.path)/Z.tb.swift:2) is not scaffolded: its matrix declares no states, so there is nothing to generate"), errors)
        XCTAssertFalse(errors.contains("error"), errors)
        XCTAssertFalse(output.contains("protocol YCells"), output)
        XCTAssertTrue(output.contains("case (.a, .b): return cells.aB(ctx)"), output)
        let program = Self.yTable.replacingOccurrences(of: "// swift-format-ignore-file\n", with: "") + declared + output
            + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            struct LiveY: YCells { func aB(_ ctx: Y.Ctx) -> Step<Y.S, Y.F> { .stay(effects: []) } }
            print(Y.step(LiveY(), Y.Ctx(), .a, .b))

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "y", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "stay(effects: [])\n")
    }

    /// One whose requirements are not the generator's would be redeclared: the machine is
    /// refused, naming where the protocol is.
    func testAnExistingProtocolOfOtherRequirementsRefusesTheMachine() throws {
        try write("Y.tb.swift", Self.yTable + "protocol YCells {\n    func onB(_ ctx: Y.Ctx) -> Step<Y.S, Y.F>\n}\n")
        let (status, output, errors) = scaffold([folder.path])
        XCTAssertEqual(status, 1, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("`Y` (\(folder.path)/Y.tb.swift:3) is not scaffolded: `protocol YCells` is already declared (\(folder.path)/Y.tb.swift:6) with requirements other than the generator's"), errors)
    }
}
