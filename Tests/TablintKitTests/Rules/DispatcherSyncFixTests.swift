import Foundation
import XCTest
@testable import TablintKit

/// `dispatcher-drift`'s unsafe fixes proved as a compiler would: machines generated from a
/// fixed seed are written as a `Table` and the generator's dispatcher, then drifted (arms
/// removed, as after adding states or actions to the matrix; static arms returning something
/// else, as after changing a cell; arms whose body is the author's code). `--fix
/// --unsafe-fixes` must give back the generator's text exactly, except for the author's arms,
/// which it leaves with their diagnostic; the result is compiled with the real `swiftc` and run
/// over every pair: each pair does what its cell says, and the author's arms what they did.
final class DispatcherSyncFixTests: XCTestCase {
    typealias Shape = GeneratedShape

    /// The library's `Table` and `Cell`, so the matrix compiles as written.
    static let tableStandIn = """
        struct Table { init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String? = nil) {} }
        enum Cell { case ignore, handle, unreachable; case go(target: String, effects: [String]); case emit(effects: [String]); case delegate(child: String) }

        """

    static func tableLiteral(_ shape: Shape) -> String {
        func quoted(_ names: [String]) -> String { "[" + names.map { "\"\(NameCasing.upperFirst($0))\"" }.joined(separator: ", ") + "]" }
        let rows = shape.cells.map { row in
            "            [" + row.map { cell -> String in
                switch cell {
                case .ignore: return ".ignore"
                case .handle: return ".handle"
                case .unreachable: return ".unreachable"
                case let .go(target, _, uses): return ".go(target: \"\(NameCasing.upperFirst(target))\", effects: \(quoted(uses.map(\.name))))"
                case let .emit(uses): return ".emit(effects: \(quoted(uses.map(\.name))))"
                case let .delegate(child): return ".delegate(child: \"\(child)\")"
                }
            }.joined(separator: ", ") + "],"
        }
        return """
            extension \(shape.machine) {
                static let TABLE = Table(
                    machine: "\(shape.machine)",
                    states: \(quoted(shape.states.map(\.name))),
                    actions: \(quoted(shape.actions.map(\.name))),
                    cells: [
            \(rows.joined(separator: "\n"))
                    ]
                )
            }

            """
    }

    func testFixedDispatchersAreTheGeneratorsAndBehaveAsTheMatrixSays() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        var random = SplitMix64(seed: 2024)
        var documents: [Engine.Document] = []
        var expectedFiles: [String: String] = [:]
        var authorArms: [String: [String]] = [:]
        var main = GeneratedShapeTests.runtime + Self.tableStandIn
        var expectedOutput: [String] = []
        var removed = 0, drifted = 0, removedRequirements = 0, removedEffects = 0
        for index in 0..<16 {
            let generated = GeneratedShapeTests.generate(index, &random, tableCompatible: true)
            let shape = generated.shape
            let step = try shape.stepFunction().get()
            var lines = step.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var expectedLines = lines
            var author: [String] = []
            let handles = shape.cells.flatMap { $0 }.filter { $0 == .handle }.count
            var handlesLeft = handles
            var removedMembers = Set<String>()
            var pair = 0
            // Arms are lines 2..<(2 + pairs): `head`, `switch`, arms, `}`, `}`.
            var output: [Int: String] = [:]
            for state in shape.states.indices {
                for action in shape.actions.indices {
                    defer { pair += 1 }
                    let line = 2 + pair
                    let cell = shape.cells[state][action]
                    let payload = shape.states[state].hasPayload || shape.actions[action].hasPayload
                    let roll = random.below(10)
                    if roll < 3, cell != .handle || (!payload && handlesLeft > 1) {
                        if cell == .handle {
                            handlesLeft -= 1
                            // A HANDLE cell added to the matrix: its requirement is missing too.
                            removedMembers.insert(Shape.handleMember(state: shape.states[state].name, action: shape.actions[action].name))
                        }
                        lines[line] = ""  // removed
                        removed += 1
                    } else if roll < 5, cell != .handle {
                        // Another cell's static outcome: the matrix changed.
                        let other = cell == .ignore ? "return .stay(effects: [])" : "return .ignored"
                        lines[line] = String(lines[line][..<lines[line].range(of: "): ")!.upperBound]) + other
                        drifted += 1
                    } else if roll == 5, cell != .handle {
                        let returned = cell == .ignore ? ".stay(effects: [])" : ".ignored"
                        let arm = String(lines[line][..<lines[line].range(of: "): ")!.upperBound]) + "let _ = \(index); return \(returned)"
                        lines[line] = arm
                        expectedLines[line] = arm
                        author.append(arm.trimmingCharacters(in: .whitespaces))
                        output[pair] = cell == .ignore ? "\(shape.machine) stay [] " : "\(shape.machine) ignored "
                    }
                }
            }
            authorArms[shape.machine] = author
            let protocolText = shape.protocolDeclaration()
            let driftedProtocol = protocolText.split(separator: "\n").filter { line in
                !removedMembers.contains { line.contains("func \($0)(") }
            }.joined(separator: "\n")
            removedRequirements += removedMembers.count
            // Effects added to `enum F`: their `perform` arms are missing (one arm is kept).
            let perform = shape.performFunction()
            var performLines = perform.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for effect in shape.effects.indices.dropFirst() where random.chance(40) {
                performLines[2 + effect] = ""
                removedEffects += 1
            }
            func file(_ stepLines: [String], protocol protocolText: String, perform: String) -> String {
                let members = shape.narrowedStructs() + [stepLines.filter { !$0.isEmpty }.joined(separator: "\n"), perform]
                let body = members.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") }
                return protocolText + "\n\nextension \(shape.machine) {\n" + body.joined(separator: "\n\n") + "\n}\n"
            }
            let path = "\(shape.machine).swift"
            documents.append(Engine.Document(path: path, bytes: Array(file(
                lines, protocol: driftedProtocol, perform: performLines.filter { !$0.isEmpty }.joined(separator: "\n")).utf8)))
            documents.append(Engine.Document(path: "\(shape.machine).tb.swift", bytes: Array(Self.tableLiteral(shape).utf8)))
            expectedFiles[path] = file(expectedLines, protocol: protocolText, perform: perform)
            main += generated.support
            // What the driver prints: the cell's outcome, or the author's arm's.
            var kept = generated.expected.filter { !$0.contains(" perform ") }
            var position = 0
            pair = 0
            for state in shape.states.indices {
                for action in shape.actions.indices {
                    defer { pair += 1 }
                    if shape.cells[state][action] == .unreachable { continue }
                    if let replaced = output[pair] { kept[position] = replaced }
                    position += 1
                }
            }
            expectedOutput += kept + generated.expected.filter { $0.contains(" perform ") }
        }
        XCTAssertGreaterThan(removed, 10)
        XCTAssertGreaterThan(drifted, 10)
        XCTAssertGreaterThan(removedRequirements, 3)
        XCTAssertGreaterThan(removedEffects, 3)
        let mainDocument = Engine.Document(path: "main.swift", bytes: Array(main.utf8))
        let outcome = Engine.run(documents + [mainDocument], mode: .fix, unsafeFixes: true)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dispatcher-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = [main]
        for result in outcome.files where result.path != "main.swift" {
            XCTAssertNil(result.failure, "\(result.path): \(result.failure ?? "")")
            let text = String(decoding: result.fixed ?? result.original, as: UTF8.self)
            sources.append(text)
            guard let expected = expectedFiles[result.path] else { continue }
            XCTAssertEqual(text, expected, "\(result.path) is not the generator's dispatcher after the fix")
            let machine = String(result.path.dropLast(".swift".count))
            let left = result.diagnostics.filter { $0.code == DispatcherDrift().code }
            XCTAssertEqual(left.count, authorArms[machine]?.count ?? 0, "\(result.path): \(left.map(\.message))")
            for diagnostic in left {
                XCTAssertTrue(diagnostic.message.contains("the fix leaves this case: its body has code of its own besides the return the matrix determines"), diagnostic.message)
            }
        }
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(sources.joined(separator: "\n"), named: "synced", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran.split(separator: "\n").map(String.init), expectedOutput)
    }
}

extension DispatcherSyncFixTests {
    /// A protocol whose members its authors named (`onUnlock`): the new HANDLE arm calls a member
    /// named as its neighbours are, and the message says so; the result compiles once the
    /// implementation writes that member, and every pair does what its cell says.
    func testAHandNamedProtocolsNewMemberIsNamedAsItsNeighbours() throws {
        let before = """
            enum Lock {
                enum S { case locked, unlocked }
                enum A { case unlock, lock, kick }
                enum F { case clack }
                final class Ctx {}

                static func step(_ c: LockCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.locked, .unlock): return c.onUnlock(ctx)
                    case (.locked, .lock): return .ignored
                    case (.unlocked, .unlock): return .ignored
                    case (.unlocked, .lock): return c.onLock(ctx)
                    }
                }

                static let TABLE = Table(
                    machine: "Lock",
                    states: ["Locked", "Unlocked"],
                    actions: ["Unlock", "Lock", "Kick"],
                    cells: [
                        [.handle, .ignore, .handle],
                        [.ignore, .handle, .emit(effects: ["Clack"])],
                    ],
                    initial: "Locked"
                )
            }

            protocol LockCells {
                func onUnlock(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F>
                func onLock(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F>
            }

            """
        let found = TestRun.lint(SourceFile(path: "Lock.swift", text: before)).filter { $0.code == DispatcherDrift().code }
        XCTAssertTrue(found.contains { $0.message.contains("its HANDLE members are named as the neighbouring arms' are: `on` + the action") }, "\(found.map(\.message))")
        let outcome = Engine.run([Engine.Document(path: "Lock.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let after = String(decoding: try XCTUnwrap(outcome.files.first?.fixed), as: UTF8.self)
        XCTAssertTrue(after.contains("""
                    case (.locked, .lock): return .ignored
                    case (.locked, .kick): return c.onKick(ctx)
                    case (.unlocked, .unlock): return .ignored
                    case (.unlocked, .lock): return c.onLock(ctx)
                    case (.unlocked, .kick): return .stay(effects: [.clack])
            """), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hand-named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + Self.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            extension LockCells { func onKick(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.unlocked, effects: [.clack]) } }
            struct Impl: LockCells {
                func onUnlock(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.unlocked, effects: []) }
                func onLock(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.locked, effects: []) }
            }
            for s in [Lock.S.locked, .unlocked] { for a in [Lock.A.unlock, .lock, .kick] { print(s, a, Lock.step(Impl(), Lock.Ctx(), s, a)) } }

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "lock", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            locked unlock go(Example.Lock.S.unlocked, effects: [])
            locked lock ignored
            locked kick go(Example.Lock.S.unlocked, effects: [Example.Lock.F.clack])
            unlocked unlock ignored
            unlocked lock go(Example.Lock.S.locked, effects: [])
            unlocked kick stay(effects: [Example.Lock.F.clack])

            """)
    }

    /// bb6 #8: a new action HANDLE in two states of a protocol named `on` + the action would give
    /// both cells `onReset`, one member declared twice: both are named by the generator's rule,
    /// in the requirement and in the arms, the messages say so, and the result compiles.
    func testTwoNewCellsThePatternWouldNameAlikeGetTheGeneratorsNames() throws {
        let before = """
            enum Lock {
                enum S { case locked, jammed }
                enum A { case unlock, kick, reset }
                enum F {}
                final class Ctx {}

                protocol Cells {
                    func onUnlock(_ ctx: Ctx) -> Step<S, F>
                    func onKick(_ ctx: Ctx) -> Step<S, F>
                }

                static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.locked, .unlock): return c.onUnlock(ctx)
                    case (.locked, .kick): return .ignored
                    case (.jammed, .unlock): return .ignored
                    case (.jammed, .kick): return c.onKick(ctx)
                    }
                }

                static let TABLE = Table(
                    machine: "Lock",
                    states: ["Locked", "Jammed"],
                    actions: ["Unlock", "Kick", "Reset"],
                    cells: [
                        [.handle, .ignore, .handle],
                        [.ignore, .handle, .handle],
                    ],
                    initial: "Locked"
                )
            }

            """
        let found = TestRun.lint(SourceFile(path: "Lock.swift", text: before))
        XCTAssertTrue(found.contains { $0.code == CellsDrift().code && $0.message.contains("`on` + the action would give two cells one member, so they are named by the generator's rule") }, "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.code == DispatcherDrift().code && $0.message.contains("except (Locked, Reset), (Jammed, Reset), named by the generator's rule") }, "\(found.map(\.message))")
        let outcome = Engine.run([Engine.Document(path: "Lock.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let after = String(decoding: try XCTUnwrap(outcome.files.first?.fixed), as: UTF8.self)
        XCTAssertFalse(after.contains("onReset"), after)
        XCTAssertEqual(after.components(separatedBy: "func lockedReset(").count, 2, after)
        XCTAssertEqual(after.components(separatedBy: "func jammedReset(").count, 2, after)
        XCTAssertTrue(after.contains("case (.locked, .reset): return c.lockedReset(ctx)"), after)
        XCTAssertTrue(after.contains("case (.jammed, .reset): return c.jammedReset(ctx)"), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hand-named-alike-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + Self.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            struct Impl: Lock.Cells {
                func onUnlock(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.jammed, effects: []) }
                func onKick(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.locked, effects: []) }
                func lockedReset(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .ignored }
                func jammedReset(_ ctx: Lock.Ctx) -> Step<Lock.S, Lock.F> { .go(.locked, effects: []) }
            }
            for s in [Lock.S.locked, .jammed] { print(s, Lock.step(Impl(), Lock.Ctx(), s, .reset)) }

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "lock", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            locked ignored
            jammed go(Example.Lock.S.locked, effects: [])

            """)
    }

    /// bb6 #3: a state the matrix adds that only a `default:` decides, whose HANDLE pair cannot
    /// be written (no cells parameter): dispatcher-default spells the `default:` out with the
    /// enum's cases, so enum-drift does not add the case (nor is a `GO` to it retargeted), as
    /// the message says, and the switch stays exhaustive and behaves as before.
    func testACatchAllCoveredStateWhosePairCannotBeWrittenIsNotAdded() throws {
        let before = """
            enum Fan {
                enum S { case off, on }
                enum A { case press, hold }
                enum F { case hum }
            }

            let FAN_TABLE = Table(
                machine: "Fan",
                states: ["Off", "On", "Turbo"],
                actions: ["Press", "Hold"],
                cells: [
                    [.go(target: "On", effects: ["Hum"]), .ignore],
                    [.go(target: "Turbo", effects: []), .ignore],
                    [.go(target: "Off", effects: ["Hum"]), .handle],
                ],
                initial: "Off"
            )

            extension Fan {
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.off, .press): return .go(.on, effects: [.hum])
                    case (.on, .press): return .go(.off, effects: [])
                    default: return .ignored
                    }
                }
            }

            """
        let outcome = Engine.run([Engine.Document(path: "Fan.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let after = String(decoding: try XCTUnwrap(outcome.files.first?.fixed), as: UTF8.self)
        XCTAssertTrue(after.contains("enum S { case off, on }"), after)
        XCTAssertFalse(after.contains("turbo"), after)
        let left = TestRun.lint(SourceFile(path: "Fan.swift", text: after))
        XCTAssertTrue(left.contains { $0.code == DispatcherDrift().code && $0.message.contains("(and enum-drift does not add a case for it)") }, "\(left.map(\.message))")
        XCTAssertTrue(left.contains { $0.code == EnumDrift().code && $0.message.contains("no fix: dispatcher `step` has no case for state `Turbo`") }, "\(left.map(\.message))")
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caught-addition-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + Self.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            for s in [Fan.S.off, .on] { for a in [Fan.A.press, .hold] { print(s, a, Fan.step(s, a)) } }

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "fan", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, """
            off press go(Example.Fan.S.on, effects: [Example.Fan.F.hum])
            off hold ignored
            on press go(Example.Fan.S.off, effects: [])
            on hold ignored

            """)
    }

    /// bb6 #2: a catch-all spelt out in the run that removes or renames a case it decides waits
    /// for the pass after, so its cases name what the run leaves (`(.off, _)` with `Hold`
    /// removed, `default:` with `Off` renamed `Idle`); both results compile and behave as before.
    func testACatchAllIsSpeltOutWithTheCasesARemovalOrRenameLeaves() throws {
        func fan(states: String, actions: String, rows: String, arms: String, enums: String) -> String {
            """
            enum Fan {
            \(enums)
                enum F { case hum }
            }

            let FAN_TABLE = Table(
                machine: "Fan",
                states: \(states),
                actions: \(actions),
                cells: [
            \(rows)
                ]
            )

            extension Fan {
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
            \(arms)
                    }
                }
            }

            """
        }
        let removed = fan(
            states: #"["Off", "On"]"#, actions: #"["Press"]"#,
            rows: "        [.go(target: \"On\", effects: [\"Hum\"])],\n        [.go(target: \"Off\", effects: [])],",
            arms: """
                    case (.off, .press): return .go(.on, effects: [.hum])
                    case (.off, _): return .ignored
                    case (.on, .press): return .go(.off, effects: [])
                    case (.on, .hold): return .ignored
            """,
            enums: "    enum S { case off, on }\n    enum A { case press, hold }")
        let renamed = fan(
            states: #"["Idle", "On"]"#, actions: #"["Press", "Hold"]"#,
            rows: "        [.go(target: \"On\", effects: [\"Hum\"]), .ignore],\n        [.go(target: \"Idle\", effects: []), .ignore],",
            arms: """
                    case (.off, .press): return .go(.on, effects: [.hum])
                    case (.on, .press): return .go(.off, effects: [])
                    default: return .ignored
            """,
            enums: "    enum S { case off, on }\n    enum A { case press, hold }")
        let found = TestRun.lint(SourceFile(path: "Fan.swift", text: renamed)).filter { $0.code == DispatcherDefault().code }
        XCTAssertTrue(found.contains { $0.fix == nil && $0.message.contains("no fix: the cases it decides name `off`, and the matrix `Fan` renamed state `off` `Idle`") }, "\(found.map(\.message))")
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caught-going-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, before, state, actions) in [("removed", removed, "off", ".press"), ("renamed", renamed, "idle", ".press, .hold")] {
            let outcome = Engine.run([Engine.Document(path: "Fan.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
            let after = String(decoding: try XCTUnwrap(outcome.files.first?.fixed), as: UTF8.self)
            XCTAssertFalse(after.contains("default:") || after.contains("_)"), after)
            XCTAssertFalse(after.contains(name == "removed" ? ".hold" : ".off"), after)
            let again = Engine.run([Engine.Document(path: "Fan.swift", bytes: Array(after.utf8))], mode: .fix, unsafeFixes: true)
            XCTAssertNil(again.files.first?.fixed, "a second run changes nothing: \(name)")
            let program = after + Self.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
                for s in [Fan.S.\(state), .on] { for a in [Fan.A\(actions.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))] { print(s, a, Fan.step(s, a)) } }

                """
            let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: name, in: folder, swiftc: swiftc)
            let expected = name == "removed"
                ? "off press go(Example.Fan.S.on, effects: [Example.Fan.F.hum])\non press go(Example.Fan.S.off, effects: [])\n"
                : "idle press go(Example.Fan.S.on, effects: [Example.Fan.F.hum])\nidle hold ignored\non press go(Example.Fan.S.idle, effects: [])\non hold ignored\n"
            XCTAssertEqual(ran, expected, name)
        }
    }

    /// bb6 #4: a rename in place reaches a type that conforms through a refining protocol of
    /// the run (`Siren: LoudAlarmCells`, `protocol LoudAlarmCells: AlarmCells`): its member is
    /// renamed with the requirement, its body kept, and the result compiles and runs it.
    func testARenameReachesATypeConformingThroughARefiningProtocol() throws {
        let before = """
            enum Alarm {
                enum S { case armed, ringing, paused }
                enum A { case trigger, stop, snooze }
                enum F { case ring, silence }
                final class Ctx { var snoozes = 0 }

                static let TABLE = Table(
                    machine: "Alarm",
                    states: ["Armed", "Ringing", "Holding"],
                    actions: ["Trigger", "Stop", "Snooze"],
                    cells: [
                        [.go(target: "Ringing", effects: ["Ring"]), .ignore, .unreachable],
                        [.ignore, .go(target: "Armed", effects: ["Silence"]), .handle],
                        [.handle, .go(target: "Armed", effects: []), .handle],
                    ],
                    initial: "Armed"
                )
            }

            protocol AlarmCells {
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
                func pausedTrigger(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
                func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F>
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A?
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
            }

            extension AlarmCells {
                /// By default a paused alarm ignores a trigger.
                func pausedTrigger(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
            }

            extension Alarm {
                static func step(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ s: Alarm.S, _ a: Alarm.A) -> Step<Alarm.S, Alarm.F> {
                    switch (s, a) {
                    case (.armed, .trigger): return .go(.ringing, effects: [.ring])
                    case (.armed, .stop): return .ignored
                    case (.armed, .snooze): fatalError("tabular-center: Armed x Snooze was declared UNREACHABLE but occurred")
                    case (.ringing, .trigger): return .ignored
                    case (.ringing, .stop): return .go(.armed, effects: [.silence])
                    case (.ringing, .snooze): return cells.ringingSnooze(ctx)
                    case (.paused, .trigger): return cells.pausedTrigger(ctx)
                    case (.paused, .stop): return .go(.armed, effects: [])
                    case (.paused, .snooze): return cells.pausedSnooze(ctx)
                    }
                }
            }
            /// Alarms that can also report their volume.
            protocol LoudAlarmCells: AlarmCells {
                var volume: Int { get }
            }

            struct Siren: LoudAlarmCells {
                var volume: Int { 11 }
                func ringingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .ignored }
                func pausedSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .go(.ringing, effects: [.ring]) }
            }

            """
        let outcome = Engine.run([Engine.Document(path: "Alarm.swift", bytes: Array(before.utf8))], mode: .fix, unsafeFixes: true)
        let after = String(decoding: try XCTUnwrap(outcome.files.first?.fixed), as: UTF8.self)
        XCTAssertFalse(after.contains("pausedSnooze"), after)
        XCTAssertTrue(after.contains("func holdingSnooze(_ ctx: Alarm.Ctx) -> Step<Alarm.S, Alarm.F> { .go(.ringing, effects: [.ring]) }"), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refining-rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + Self.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            print(Alarm.step(Siren(), Alarm.Ctx(), .holding, .snooze))

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "alarm", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, "go(Example.Alarm.S.ringing, effects: [Example.Alarm.F.ring])\n")
    }

    /// Issue 24, defect B5: a pair a `default:` decides is left by the fix (no arm of its own to
    /// rewrite); its finding says why and what to do, whether or not dispatcher-default runs.
    func testADefaultDecidedDriftSaysWhyItIsLeft() {
        let matrix = #"""
// swift-format-ignore-file
extension Alarm {
    static let TABLE = Table(
        machine: "Alarm",
        states: ["Armed", "Ringing"],
        actions: ["Trigger", "Stop"],
        cells: [
            [.go(target: "Ringing", effects: ["Ring"]), .go(target: "Ringing", effects: [])],
            [.ignore, .go(target: "Armed", effects: ["Silence"])],
        ],
        initial: "Armed"
    )
}
"""#
        let code = #"""
enum Alarm {
    enum S { case armed, ringing }
    enum A { case trigger, stop }
    enum F { case ring, silence }
    final class Ctx {}
}
protocol AlarmCells {
    func ring(_ ctx: Alarm.Ctx) -> Alarm.A?
    func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
}
extension Alarm {
    static func step(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ s: Alarm.S, _ a: Alarm.A) -> Step<Alarm.S, Alarm.F> {
        switch (s, a) {
        case (.armed, .trigger): return .go(.ringing, effects: [.ring])
        default: return .ignored
        case (.ringing, .stop): return .go(.armed, effects: [.silence])
        }
    }
    static func perform(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ f: Alarm.F) -> Alarm.A? {
        switch f {
        case .ring: return cells.ring(ctx)
        case .silence: return cells.silence(ctx)
        }
    }
}
"""#
        let found = MutationTests.lint(["Alarm.tb.swift": matrix, "Alarm.swift": code])
        XCTAssertTrue(found.contains { $0.code == DispatcherDrift().code && $0.message.hasPrefix("`default:`") && $0.fix == nil
            && $0.message.contains("the catch-all `default:` decides it and hides the cells it covers; dispatcher-default's fix lists them") && $0.message.contains("or remove the `default:`") }, "\(found.map(\.message))")
    }
}
