import Foundation
import XCTest
@testable import TablintKit

/// Scaffolds of the shapes that are easy to get wrong (a public `handle` prototype, top-level
/// enums without a context, acronym cases), each compiled here with the real `swiftc` against
/// a stand-in of the library's `Step`.
final class ScaffoldCompilesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-defect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func scaffold(_ files: [String: String], _ arguments: [String] = []) throws -> (status: Int32, output: String, errors: String) {
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        var output = "", errors = ""
        let status = Tablint.run(arguments: ["scaffold", folder.path] + arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    private func compile(_ program: String, _ name: String) throws -> String {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        return try DispatcherDefaultFixTests.compileAndRun(program, named: name, in: folder, swiftc: swiftc).0
    }

    static let step = "public enum Step<S, F> { case go(S, effects: [F]); case stay(effects: [F]); case ignored }\n"

    /// A stand-in of the library's `Table`, as much as a literal uses.
    static let table = """
        public struct Table {
            public enum Cell { case go(target: String, effects: [String]), emit(effects: [String]), handle, ignore, unreachable }
            public init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {}
        }

        """

    /// `@MainActor public func handle`: requirements keep `@MainActor` and take no access
    /// modifier (swiftc: "'public' modifier cannot be used in protocols"); `step` stays public,
    /// so the protocol and the narrowed struct its parameters name are public too.
    func testAPublicHandlePrototypeGivesRequirementsWithoutAccessModifiers() throws {
        let machine = """
            @Machine
            public enum Turnstile {
                public enum S { case locked, unlocked(paid: Int) }
                public enum A { case coin, push }
                public enum F { case click }
                public final class Ctx { public init() {} }
                @Row(.locked)   static let l = [ .handle, .ignore ]
                @Row(.unlocked) static let u = [ .emit(.click), .handle ]
                @MainActor public func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
            }

            """
        let (status, output, errors) = try scaffold(["Turnstile.swift": machine])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("    @MainActor func lockedCoin(_ ctx: Turnstile.Ctx) -> Step<Turnstile.S, Turnstile.F>\n"), output)
        XCTAssertTrue(output.contains("@MainActor public static func step("), output)
        let compiled = machine.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("@Machine") && !$0.contains("@Row") && !$0.contains("func handle") }.joined(separator: "\n")
        let program = compiled + output + Self.step + """
            @MainActor struct Impl: TurnstileCells {
                func lockedCoin(_ ctx: Turnstile.Ctx) -> Step<Turnstile.S, Turnstile.F> { .go(.unlocked(paid: 1), effects: []) }
                func unlockedPush(_ ctx: Turnstile.Ctx, _ state: Turnstile.Unlocked) -> Step<Turnstile.S, Turnstile.F> { .go(.locked, effects: []) }
                func click(_ ctx: Turnstile.Ctx) -> Turnstile.A? { nil }
            }
            MainActor.assumeIsolated { print(Turnstile.step(Impl(), Turnstile.Ctx(), .locked, .coin)) }

            """
        XCTAssertEqual(try compile(program, "turnstile"), "go(Example.Turnstile.S.unlocked(paid: 1), effects: [])\n")
    }

    /// An internal `@Machine enum` whose `func handle` is `public`: the macro copies the
    /// modifiers verbatim onto the members, which compiles inside the enum (a public member of
    /// an internal type is internal), but a top-level `public protocol` cannot name the
    /// internal types its requirements take. The protocol's access is capped at the enum's, and
    /// a comment line says so.
    func testAPublicHandleInAnInternalEnumGivesAnInternalProtocol() throws {
        let machine = """
            @Machine
            enum Fetch {
                enum S { case idle, loading(id: Int), done }
                enum A { case start(Int), finish, cancel }
                enum F { case request(Int), log }
                final class Ctx {}
                static let initial = S.idle
                @Row(.idle)    static let i = [ .handle, .ignore,            .ignore ]
                @Row(.loading) static let l = [ .ignore, .go(.done, [.log]), .handle ]
                @Row(.done)    static let d = [ .ignore, .ignore,            .go(.idle, []) ]
                @MainActor public func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
            }

            """
        let (status, output, errors) = try scaffold(["Fetch.swift": machine])
        XCTAssertEqual(status, 0, errors)
        XCTAssertFalse(output.contains("public protocol"), output)
        XCTAssertTrue(output.contains("""
            // `FetchCells` is internal, as `enum Fetch` is: the `public` of `func handle`, which the macro copies onto every member, cannot make a protocol more visible than the types its requirements name.
            protocol FetchCells {

            """), output)
        XCTAssertTrue(output.contains("@MainActor public static func step("), output)
        // A public enum keeps the public protocol, without the comment.
        let publicMachine = machine.replacingOccurrences(of: "\nenum Fetch {", with: "\npublic enum Fetch {")
        XCTAssertNotEqual(publicMachine, machine)
        let (_, publicOutput, _) = try scaffold(["Fetch.swift": publicMachine])
        XCTAssertTrue(publicOutput.contains("\npublic protocol FetchCells {\n"), publicOutput)
        XCTAssertFalse(publicOutput.contains("is internal"), publicOutput)
        let compiled = machine.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("@Machine") && !$0.contains("@Row") && !$0.contains("func handle") }.joined(separator: "\n")
        let program = compiled + output + Self.step + """
            @MainActor struct Impl: FetchCells {
                func idleStart(_ ctx: Fetch.Ctx, _ action: Fetch.Start) -> Step<Fetch.S, Fetch.F> { .go(.loading(id: action.value), effects: [.request(action.value)]) }
                func loadingCancel(_ ctx: Fetch.Ctx, _ state: Fetch.Loading) -> Step<Fetch.S, Fetch.F> { .go(.idle, effects: []) }
                func request(_ ctx: Fetch.Ctx, _ effect: Int) -> Fetch.A? { nil }
                func log(_ ctx: Fetch.Ctx) -> Fetch.A? { nil }
            }
            MainActor.assumeIsolated { print(Fetch.step(Impl(), Fetch.Ctx(), .idle, .start(4))) }

            """
        XCTAssertEqual(try compile(program, "fetch"), "go(Example.Fetch.S.loading(id: 4), effects: [Example.Fetch.F.request(4)])\n")
    }

    /// Black-box pass 3, play/55: a `private enum` at file scope is fileprivate there, and the
    /// protocol at file scope naming its types must be no more visible (swiftc: "method cannot
    /// be declared internal because its parameter uses a private type").
    func testAPrivateMachineGivesAFileprivateProtocol() throws {
        let machine = """
            private enum Door {
                enum S { case closed, open }
                enum A { case push }
                enum F {}
                final class Ctx {}
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Closed", "Open"],
                    actions: ["Push"],
                    cells: [
                        [.go(target: "Open", effects: [])],
                        [.handle],
                    ],
                    initial: "Closed"
                )
            }

            """
        let (status, output, errors) = try scaffold(["Door.swift": machine])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("\nfileprivate protocol DoorCells {\n"), output)
        XCTAssertFalse(output.contains("is fileprivate"), output)
        // Black-box pass 4, play/31: `--write` puts the code in another file, which cannot see
        // the types: refused, and nothing written.
        let target = folder.appendingPathComponent("DoorGen.swift").path
        let (writeStatus, _, writeErrors) = try scaffold([:], ["--write", target])
        XCTAssertEqual(writeStatus, 1, writeErrors)
        XCTAssertTrue(writeErrors.contains("is not scaffolded into \(target): its types are `private` or `fileprivate` at file scope"), writeErrors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        // `private` inside another type: no declaration at file scope can name it, so refused.
        let nested = "enum Outer {\n" + machine + "}\n"
        let (_, nestedOutput, nestedErrors) = try scaffold(["Door.swift": nested])
        XCTAssertFalse(nestedOutput.contains("protocol DoorCells"), nestedOutput)
        XCTAssertTrue(nestedErrors.contains("is not scaffolded: a type it names is `private` inside another type"), nestedErrors)
        let program = machine + output + Self.step + Self.table + """
            private struct Impl: DoorCells {
                func openPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .go(.closed, effects: []) }
            }
            // A private type prints with an unknown context: the target's case name alone.
            private func target(_ step: Step<Door.S, Door.F>) -> String { if case .go(let s, _) = step { return "\\(s)" }; return "\\(step)" }
            print(target(Door.step(Impl(), Door.Ctx(), .open, .push)), target(Door.step(Impl(), Door.Ctx(), .closed, .push)))

            """
        XCTAssertEqual(try compile(program, "private-door"), "closed open\n")
    }

    /// Black-box pass 5, play5/22: the runtime in a module of its own; the scaffold, which goes in
    /// a file of its own, carries the matrix file's imports (and only those of scaffolded files).
    func testTheScaffoldCarriesTheMatrixFilesImports() throws {
        let machine = """
            import Foundation
            @testable import TabularCenter

            enum Door {
                enum S { case closed, open }
                enum A { case push }
                static let TABLE = Table(
                    machine: "Door",
                    states: ["Closed", "Open"],
                    actions: ["Push"],
                    cells: [
                        [.go(target: "Open", effects: [])],
                        [.ignore],
                    ],
                    initial: "Closed"
                )
            }

            """
        let (status, output, errors) = try scaffold(["Door.swift": machine, "Other.swift": "import Combine\n"])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("\n\nimport Foundation\n@testable import TabularCenter\n\n"), output)
        XCTAssertFalse(output.contains("Combine"), output)
    }

    /// Black-box pass 4, play/65: names that cannot be a case (`"a b"`, `"x-y"`, `"1A"`) and a
    /// name declared twice are refused, naming the name, and nothing is printed for them.
    func testNamesThatCannotBeCasesAreRefused() throws {
        func table(_ states: String, _ actions: String, _ rows: String) -> String {
            "enum Odd {\n    static let TABLE = Table(\n        machine: \"Odd\",\n        states: [\(states)],\n        actions: [\(actions)],\n        cells: [\(rows)],\n        initial: \"A\"\n    )\n}\n"
        }
        let cases: [(String, String)] = [
            (table("\"a b\"", "\"x-y\"", "[.ignore]"), "the state `\"a b\"` is no Swift identifier"),
            (table("\"1A\"", "\"Go\"", "[.ignore]"), "the state `\"1A\"` is no Swift identifier"),
            (table("\"A\", \"A\"", "\"Go\"", "[.ignore], [.ignore]"), "the state `A` is declared twice"),
            (table("\"A\"", "\"Go\"", "[.emit(effects: [\"Beep!\"])]"), "the effect `\"Beep!\"` is no Swift identifier"),
        ]
        for (index, (text, reason)) in cases.enumerated() {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("Odd.swift"))
            let (status, output, errors) = try scaffold(["Odd.swift": text])
            XCTAssertEqual(status, 1, "case \(index): \(errors)")
            XCTAssertTrue(errors.lowercased().contains(reason.lowercased()), "case \(index): \(errors)")
            XCTAssertFalse(output.contains("enum S"), "case \(index): \(output)")
        }
        // A keyword is a name still: backticked, as before.
        let (status, output, errors) = try scaffold(["Odd.swift": table("\"A\", \"Default\"", "\"Go\"", "[.ignore], [.ignore]")])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("`default`"), output)
    }

    /// Top-level `DoorS`/`DoorA`/`DoorF` and no `Ctx`: the code names `DoorCtx`, so it is declared.
    func testTopLevelEnumsWithoutAContextGetTheContextTheCodeNames() throws {
        let door = """
            enum DoorS { case shut, open }
            enum DoorA { case push, pull }
            enum DoorF { case creak }
            let DOOR_TABLE = Table(
                machine: "Door",
                states: ["Shut", "Open"],
                actions: ["Push", "Pull"],
                cells: [
                    [.go(target: "Open", effects: ["Creak"]), .handle],
                    [.ignore, .go(target: "Shut", effects: [])],
                ]
            )

            """
        let (status, output, errors) = try scaffold(["Door.swift": door])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("final class DoorCtx {}\n"), output)
        let enums = door.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        let program = enums + output + Self.step + """
            struct Impl: DoorCells {
                func shutPull(_ ctx: DoorCtx) -> Step<DoorS, DoorF> { .ignored }
                func creak(_ ctx: DoorCtx) -> DoorA? { nil }
            }
            print(Door.step(Impl(), DoorCtx(), .shut, .push))

            """
        XCTAssertEqual(try compile(program, "door"), "go(Example.DoorS.open, effects: [Example.DoorF.creak])\n")
    }

    /// A declared case with a leading acronym (`URLLoaded`) is what the arms write, not the
    /// generator's `uRLLoaded`; the HANDLE member keeps the generator's name (`lower(State)`).
    func testAnAcronymCaseIsWrittenAsTheEnumDeclaresIt() throws {
        let net = """
            enum Net {
                enum S { case idle, URLLoaded }
                enum A { case load, reset }
                enum F { case log }
                final class Ctx {}
            }

            """
        let table = """
            extension Net {
                static let TABLE = Table(
                    machine: "Net",
                    states: ["Idle", "URLLoaded"],
                    actions: ["Load", "Reset"],
                    cells: [
                        [.go(target: "URLLoaded", effects: ["Log"]), .ignore],
                        [.handle, .go(target: "Idle", effects: [])],
                    ],
                    initial: "Idle"
                )
            }

            """
        let (status, output, errors) = try scaffold(["Net.swift": net, "Net.tb.swift": table])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("case (.idle, .load): return .go(.URLLoaded, effects: [.log])"), output)
        XCTAssertTrue(output.contains("func uRLLoadedLoad(_ ctx: Net.Ctx)"), output)
        let program = net + output + Self.step + """
            struct Impl: NetCells {
                func uRLLoadedLoad(_ ctx: Net.Ctx) -> Step<Net.S, Net.F> { .ignored }
                func log(_ ctx: Net.Ctx) -> Net.A? { nil }
            }
            print(Net.step(Impl(), Net.Ctx(), .idle, .load))

            """
        XCTAssertEqual(try compile(program, "net"), "go(Example.Net.S.URLLoaded, effects: [Example.Net.F.log])\n")
    }

    /// A `Table` machine whose enums are `public`, and an `@Machine` whose `func handle` is
    /// `public` with no attribute before it: the protocols, `step` and `perform` are public, so
    /// another module implements the protocols and calls `step`. The library is built as a
    /// module with `swiftc`, and a client type-checked against it.
    func testPublicMachinesGivePublicCodeThatAnotherModuleUses() throws {
        let timer = """
            public enum Timer {
                public enum S { case idle, running }
                public enum A { case start, tick(now: Int) }
                public enum F { case beep }
                public final class Ctx { public init() {} }
                public static let TABLE = Table(
                    machine: "Timer",
                    states: ["Idle", "Running"],
                    actions: ["Start", "Tick"],
                    cells: [
                        [.go(target: "Running", effects: ["Beep"]), .ignore],
                        [.ignore, .handle],
                    ],
                    initial: "Idle"
                )
            }

            """
        let turn = """
            @Machine
            public enum Turn {
                public enum S { case locked, unlocked }
                public enum A { case coin, push }
                public enum F { case click }
                public final class Ctx { public init() {} }
                static let initial = S.locked
                @Row(.locked)   static let l = [ .handle, .ignore ]
                @Row(.unlocked) static let u = [ .emit(.click), .handle ]
                public func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
            }

            """
        let (status, output, errors) = try scaffold(["Timer.swift": timer, "Turn.swift": turn])
        XCTAssertEqual(status, 0, errors)
        for expected in ["\npublic protocol TimerCells {\n", "    public static func step(_ cells: TimerCells,", "    public static func perform(_ cells: TimerCells,",
                         "    public struct Tick {\n        public var now: Int\n", "\npublic protocol TurnCells {\n", "    public static func step(_ cells: TurnCells,"] {
            XCTAssertTrue(output.contains(expected), "\(expected)\n\(output)")
        }
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let macroFree = turn.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("@Machine") && !$0.contains("@Row") && !$0.contains("func handle") }.joined(separator: "\n")
        let library = folder.appendingPathComponent("Machines.swift"), client = folder.appendingPathComponent("Client.swift")
        try (timer + macroFree + output + Self.step + Self.table).write(to: library, atomically: true, encoding: .utf8)
        try """
            import Machines
            struct Live: TimerCells, TurnCells {
                func runningTick(_ ctx: Timer.Ctx, _ action: Timer.Tick) -> Step<Timer.S, Timer.F> { .ignored }
                func beep(_ ctx: Timer.Ctx) -> Timer.A? { nil }
                func lockedCoin(_ ctx: Turn.Ctx) -> Step<Turn.S, Turn.F> { .ignored }
                func unlockedPush(_ ctx: Turn.Ctx) -> Step<Turn.S, Turn.F> { .ignored }
                func click(_ ctx: Turn.Ctx) -> Turn.A? { nil }
            }
            _ = Timer.step(Live(), Timer.Ctx(), .idle, .start)
            _ = Turn.perform(Live(), Turn.Ctx(), .click)

            """.write(to: client, atomically: true, encoding: .utf8)
        let module = try DispatcherDefaultFixTests.run(swiftc, [
            "-parse-as-library", "-emit-module", "-module-name", "Machines", "-emit-module-path", folder.appendingPathComponent("Machines.swiftmodule").path, library.path,
        ])
        XCTAssertEqual(module.0, 0, module.1)
        let checked = try DispatcherDefaultFixTests.run(swiftc, ["-typecheck", "-I", folder.path, client.path])
        XCTAssertEqual(checked.0, 0, checked.1)
    }

    /// A machine declared in `extension Lab.Outer`: every name the scaffold writes is
    /// `Lab.Outer.Pump`, not `Outer.Pump`, and it compiles and runs.
    func testAMachineInAnExtensionOfANestedTypeIsNamedFromTheTopLevel() throws {
        let lab = """
            enum Lab { enum Outer {} }
            extension Lab.Outer {
                enum Pump {
                    enum S { case off, on(rate: Int) }
                    enum A { case start, stop }
                    static let TABLE = Table(
                        machine: "Pump",
                        states: ["Off", "On"],
                        actions: ["Start", "Stop"],
                        cells: [
                            [.handle, .ignore],
                            [.handle, .go(target: "Off", effects: ["Hum"])],
                        ],
                        initial: "Off"
                    )
                }
            }

            """
        let (status, output, errors) = try scaffold(["Lab.swift": lab])
        XCTAssertEqual(status, 0, errors)
        for expected in ["\nextension Lab.Outer.Pump {\n    enum F { case hum }\n", "    func onStart(_ ctx: Lab.Outer.Pump.Ctx, _ state: Lab.Outer.Pump.On) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F>\n"] {
            XCTAssertTrue(output.contains(expected), "\(expected)\n\(output)")
        }
        XCTAssertFalse(output.contains(" Outer.Pump") || output.contains("(Outer.Pump"), output)
        let program = lab + output + Self.step + Self.table + """
            struct Impl: PumpCells {
                func offStart(_ ctx: Lab.Outer.Pump.Ctx) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F> { .go(.on(rate: 2), effects: []) }
                func onStart(_ ctx: Lab.Outer.Pump.Ctx, _ state: Lab.Outer.Pump.On) -> Step<Lab.Outer.Pump.S, Lab.Outer.Pump.F> { .go(.on(rate: state.rate + 1), effects: []) }
                func hum(_ ctx: Lab.Outer.Pump.Ctx) -> Lab.Outer.Pump.A? { nil }
            }
            print(Lab.Outer.Pump.step(Impl(), Lab.Outer.Pump.Ctx(), .on(rate: 2), .start))

            """
        XCTAssertEqual(try compile(program, "outer-pump"), "go(Example.Lab.Outer.Pump.S.on(rate: 3), effects: [])\n")
    }

    /// A machine nested in another type (`Lab.Pump`, declared in `extension Lab`): the
    /// top-level protocol and the extension name it from the top level, and the scaffold
    /// compiles and runs.
    func testAMachineNestedInATypeIsNamedQualified() throws {
        let lab = """
            enum Lab {}
            extension Lab {
                enum Pump {
                    enum S { case off, on(rate: Int) }
                    enum A { case start, stop }
                    static let TABLE = Table(
                        machine: "Pump",
                        states: ["Off", "On"],
                        actions: ["Start", "Stop"],
                        cells: [
                            [.handle, .ignore],
                            [.handle, .go(target: "Off", effects: ["Hum"])],
                        ],
                        initial: "Off"
                    )
                }
            }

            """
        let (status, output, errors) = try scaffold(["Lab.swift": lab])
        XCTAssertEqual(status, 0, errors)
        for expected in ["\nextension Lab.Pump {\n    enum F { case hum }\n    final class Ctx {}\n}\n", "    func onStart(_ ctx: Lab.Pump.Ctx, _ state: Lab.Pump.On) -> Step<Lab.Pump.S, Lab.Pump.F>\n",
                         "\nextension Lab.Pump {\n    struct On {\n"] {
            XCTAssertTrue(output.contains(expected), "\(expected)\n\(output)")
        }
        let program = lab + output + Self.step + Self.table + """
            struct Impl: PumpCells {
                func offStart(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.on(rate: 2), effects: []) }
                func onStart(_ ctx: Lab.Pump.Ctx, _ state: Lab.Pump.On) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.on(rate: state.rate + 1), effects: []) }
                func hum(_ ctx: Lab.Pump.Ctx) -> Lab.Pump.A? { nil }
            }
            print(Lab.Pump.step(Impl(), Lab.Pump.Ctx(), .on(rate: 2), .start))

            """
        XCTAssertEqual(try compile(program, "pump"), "go(Example.Lab.Pump.S.on(rate: 3), effects: [])\n")

        // A `Table` inside `enum Lab { enum Pump { … } }` with no enums yet: they are declared
        // in `extension Lab.Pump`.
        // (The folder scaffold reads holds the first machine and its compiled copy: both go.)
        for name in ["Lab.swift", "pump"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let bare = """
            enum Lab {
                enum Pump {
                    static let TABLE = Table(
                        machine: "Pump",
                        states: ["Off", "On"],
                        actions: ["Start", "Stop"],
                        cells: [
                            [.handle, .ignore],
                            [.ignore, .go(target: "Off", effects: [])],
                        ]
                    )
                }
            }

            """
        let declared = try scaffold(["Bare.swift": bare])
        XCTAssertEqual(declared.status, 0, declared.errors)
        XCTAssertTrue(declared.output.contains("\nextension Lab.Pump {\n    enum S { case off, on }\n    enum A { case start, stop }\n"), declared.output)
        let bareProgram = bare + declared.output + Self.step + Self.table + """
            struct Impl: PumpCells {
                func offStart(_ ctx: Lab.Pump.Ctx) -> Step<Lab.Pump.S, Lab.Pump.F> { .go(.on, effects: []) }
            }
            print(Lab.Pump.step(Impl(), Lab.Pump.Ctx(), .off, .start))

            """
        XCTAssertEqual(try compile(bareProgram, "bare"), "go(Example.Lab.Pump.S.on, effects: [])\n")
    }

    /// The scaffold's own arms read back: lint of the written file reports no drift, scaffold
    /// refuses a run that has the dispatcher now, and after a state is added to the matrix
    /// `--fix --unsafe-fixes` adds its arm and requirement without declaring `Timer.Tick` again,
    /// though the one arm that builds it (two narrowed structs) is read shortened.
    func testTheScaffoldRoundTripsThroughLintAndTheFixes() throws {
        let timer = """
            enum Timer {
                enum S { case idle, running(since: Int) }
                enum A { case start, tick(now: Int) }
                enum F { case beep }
                final class Ctx {}
                static let TABLE = Table(
                    machine: "Timer",
                    states: ["Idle", "Running"],
                    actions: ["Start", "Tick"],
                    cells: [
                        [.handle, .ignore],
                        [.ignore, .handle],
                    ],
                    initial: "Idle"
                )
            }

            """
        let written = folder.appendingPathComponent("Gen.swift").path
        let first = try scaffold(["Timer.swift": timer], ["--write", written])
        XCTAssertEqual(first.status, 0, first.errors)
        let scaffolded = try String(contentsOfFile: written, encoding: .utf8)
        XCTAssertTrue(scaffolded.contains("return cells.runningTick(ctx, Timer.Running(since: since), Timer.Tick(now: now))"), scaffolded)
        var output = "", errors = ""
        XCTAssertEqual(Tablint.run(arguments: [folder.path], stdout: &output, stderr: &errors), 0, output + errors)
        XCTAssertFalse((output + errors).contains("drift"), output + errors)
        let again = try scaffold([:], ["--write", folder.appendingPathComponent("Other.swift").path])
        XCTAssertEqual(again.status, 1, again.errors)
        XCTAssertTrue(again.errors.contains("`Timer` (\(folder.path)/Timer.swift:6) already has a dispatcher (\(written):"), again.errors)

        let grown = timer.replacingOccurrences(of: "states: [\"Idle\", \"Running\"]", with: "states: [\"Idle\", \"Running\", \"Paused\"]")
            .replacingOccurrences(of: "        [.ignore, .handle],\n", with: "        [.ignore, .handle],\n            [.ignore, .handle],\n")
        XCTAssertEqual(grown.components(separatedBy: "[.ignore, .handle]").count, 3, grown)
        try grown.write(to: folder.appendingPathComponent("Timer.swift"), atomically: true, encoding: .utf8)
        output = ""
        errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["--fix", "--unsafe-fixes", folder.path], stdout: &output, stderr: &errors), 0, output + errors)
        let fixed = try String(contentsOfFile: written, encoding: .utf8)
        XCTAssertEqual(fixed.components(separatedBy: "struct Tick").count, 2, fixed)
        XCTAssertTrue(fixed.contains("case let (.paused, .tick(now)): return cells.pausedTick(ctx, Timer.Tick(now: now))"), fixed)
        let enums = try String(contentsOf: folder.appendingPathComponent("Timer.swift"), encoding: .utf8)
        let program = enums + fixed + Self.step + Self.table + """
            struct Impl: TimerCells {
                func idleStart(_ ctx: Timer.Ctx) -> Step<Timer.S, Timer.F> { .go(.running(since: 1), effects: []) }
                func runningTick(_ ctx: Timer.Ctx, _ state: Timer.Running, _ action: Timer.Tick) -> Step<Timer.S, Timer.F> { .ignored }
                func pausedTick(_ ctx: Timer.Ctx, _ action: Timer.Tick) -> Step<Timer.S, Timer.F> { .go(.running(since: action.now), effects: []) }
                func beep(_ ctx: Timer.Ctx) -> Timer.A? { nil }
            }
            print(Timer.step(Impl(), Timer.Ctx(), .paused, .tick(now: 4)))

            """
        XCTAssertEqual(try compile(program, "timer"), "go(Example.Timer.S.running(since: 4), effects: [])\n")
    }

    /// `--machine Nope` is a usage error, status 2 as for `paths` and `export`, and writes nothing.
    func testAnUnknownMachineIsAUsageError() throws {
        let (status, output, errors) = try scaffold(["Timer.tb.swift": ScaffoldCommandTests.timerTable, "Timer.swift": ScaffoldCommandTests.timerTypes], ["--machine", "Nope"])
        XCTAssertEqual(status, 2, errors)
        XCTAssertEqual(output, "")
        XCTAssertTrue(errors.contains("no machine named 'Nope'; found: Timer"), errors)
    }
}
