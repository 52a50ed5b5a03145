import Foundation
import XCTest
@testable import TablintKit

/// The drift rules' findings and fixes on the cases that are easy to get wrong: acronym cases,
/// a new case beside a trailing comment, an arm returning on the next line, an enum in another
/// file.
final class DriftFixEdgeCaseTests: XCTestCase {
    static func lint(_ files: [String: String], code: String) -> [Diagnostic] {
        MutationTests.lint(files).filter { $0.code == code }
    }

    static func fixed(_ path: String, _ text: String) throws -> String {
        let outcome = Engine.run([Engine.Document(path: path, bytes: Array(text.utf8))], mode: .fix, unsafeFixes: true)
        return String(decoding: try XCTUnwrap(outcome.files.first?.fixed ?? Array(text.utf8)), as: UTF8.self)
    }

    static let acronymNet = """
        enum Net {
            enum S { case idle, URLLoaded }
            enum A { case load, reset }
            enum F { case log }
        }
        extension Net {
            static let TABLE = Table(
                machine: "Net",
                states: ["Idle", "URLLoaded"],
                actions: ["Load", "Reset"],
                cells: [
                    [.go(target: "URLLoaded", effects: []), .ignore],
                    [.ignore, .go(target: "Idle", effects: [])],
                ],
                initial: "Idle"
            )
        }

        """

    /// `URLLoaded` and `"URLLoaded"` are one name (first letter folded on both sides): no
    /// finding either way, and no fix that adds `uRLLoaded`.
    func testACaseWithALeadingAcronymMatchesItsString() throws {
        XCTAssertEqual(Self.lint(["Net.swift": Self.acronymNet], code: EnumDrift().code).map(\.message), [])
        XCTAssertEqual(try Self.fixed("Net.swift", Self.acronymNet), Self.acronymNet)
    }

    /// A lowerCamel case still matches its UpperCamel string when the string has an acronym.
    func testALowerCamelCaseMatchesAnAcronymString() throws {
        let text = Self.acronymNet.replacingOccurrences(of: "case idle, URLLoaded", with: "case idle, uRLLoaded")
        XCTAssertEqual(Self.lint(["Net.swift": text], code: EnumDrift().code).map(\.message), [])
    }

    /// A case added after one with a trailing comment goes on its own line, so the comment
    /// stays with its own case.
    func testANewCaseDoesNotSlipUnderATrailingComment() throws {
        let before = """
            enum Lamp {
                enum S {
                    case off // dark
                }
                enum A { case flip }
                enum F { case click }
            }
            extension Lamp {
                static let TABLE = Table(
                    machine: "Lamp",
                    states: ["Off", "Flicker"],
                    actions: ["Flip"],
                    cells: [
                        [.go(target: "Flicker", effects: [])],
                        [.go(target: "Off", effects: [])],
                    ],
                    initial: "Off"
                )
            }

            """
        let after = try Self.fixed("Lamp.swift", before)
        XCTAssertTrue(after.contains("""
                    case off // dark
                    case flicker
                }
            """), after)
    }

    static let alarmWithNewEffect = """
        enum Alarm {
            enum S { case armed, ringing }
            enum A { case trigger, stop }
            enum F { case ring, silence, log }
            final class Ctx {}

            static let TABLE = Table(
                machine: "Alarm",
                states: ["Armed", "Ringing"],
                actions: ["Trigger", "Stop"],
                cells: [
                    [.go(target: "Ringing", effects: ["Ring", "Log"]), .ignore],
                    [.ignore, .go(target: "Armed", effects: ["Silence"])],
                ],
                initial: "Armed"
            )
        }

        protocol AlarmCells {
            func ring(_ ctx: Alarm.Ctx) -> Alarm.A?
            func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
        }

        extension Alarm {
            static func step(_ cells: AlarmCells, _ ctx: Alarm.Ctx, _ s: Alarm.S, _ a: Alarm.A) -> Step<Alarm.S, Alarm.F> {
                switch (s, a) {
                case (.armed, .trigger): return .go(.ringing, effects: [.ring])
                case (.armed, .stop): return .ignored
                case (.ringing, .trigger): return .ignored
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

        """

    /// An effect the `perform` fix writes an arm for (`cells.log(ctx)`) is required of the
    /// protocol: cells-drift says so, and its fix declares it as the generator does; the fixed
    /// file compiles once an implementation writes `log`.
    func testANewEffectsRequirementIsReportedAndAdded() throws {
        let found = Self.lint(["Alarm.swift": Self.alarmWithNewEffect], code: CellsDrift().code)
        XCTAssertTrue(found.contains { $0.message.contains("`AlarmCells` has no requirement `log` for effect `log`") }, "\(found.map(\.message))")
        let after = try Self.fixed("Alarm.swift", Self.alarmWithNewEffect)
        XCTAssertTrue(after.contains("""
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A?
                func log(_ ctx: Alarm.Ctx) -> Alarm.A?
            }
            """), after)
        XCTAssertTrue(after.contains("case .log: return cells.log(ctx)"), after)
        XCTAssertEqual(MutationTests.lint(["Alarm.swift": after]).filter { $0.severity == .error }.map(\.message), [])
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("new-effect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            struct Impl: AlarmCells {
                func ring(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func silence(_ ctx: Alarm.Ctx) -> Alarm.A? { nil }
                func log(_ ctx: Alarm.Ctx) -> Alarm.A? { .stop }
            }
            print(Alarm.step(Impl(), Alarm.Ctx(), .armed, .trigger), Alarm.perform(Impl(), Alarm.Ctx(), .log) as Any)

            """
        let (ran, _) = try DispatcherDefaultFixTests.compileAndRun(program, named: "alarm", in: folder, swiftc: swiftc)
        XCTAssertEqual(ran, "go(Example.Alarm.S.ringing, effects: [Example.Alarm.F.ring, Example.Alarm.F.log]) Optional(Example.Alarm.A.stop)\n")
    }

    static func oven(armBody: String) -> String {
        """
        enum Oven {
            enum S { case off, heating, idle }
            enum A { case power }
            enum F { case heaterOn }
            final class Ctx {}

            static func step(_ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.off, .power):
        \(armBody)
                case (.heating, .power): return .go(.off, effects: [])
                case (.idle, .power): return .ignored
                }
            }

            static let TABLE = Table(
                machine: "Oven",
                states: ["Off", "Heating", "Idle"],
                actions: ["Power"],
                cells: [
                    [.go(target: "Idle", effects: ["HeaterOn"])],
                    [.go(target: "Off", effects: [])],
                    [.ignore],
                ],
                initial: "Off"
            )
        }

        """
    }

    /// An arm whose body is only the return, on the line after its label: the matrix
    /// retargeted it, and the fix rewrites the returned expression where it is.
    func testAnArmReturningOnTheNextLineIsRewrittenInPlace() throws {
        let before = Self.oven(armBody: "            return .go(.heating, effects: [.heaterOn])")
        let found = Self.lint(["Oven.swift": before], code: DispatcherDrift().code)
        XCTAssertFalse(found.contains { $0.message.contains("the fix leaves this case") }, "\(found.map(\.message))")
        let after = try Self.fixed("Oven.swift", before)
        XCTAssertEqual(after, Self.oven(armBody: "            return .go(.idle, effects: [.heaterOn])"))
    }

    /// A body with a statement of its own before the return is still the author's.
    func testAnArmWithAStatementOfItsOwnIsLeftWithTheReason() throws {
        let before = Self.oven(armBody: "            let x = 1\n            return .go(.heating, effects: [.heaterOn])")
        let found = Self.lint(["Oven.swift": before], code: DispatcherDrift().code)
        XCTAssertTrue(found.contains { $0.message.contains("the fix leaves this case: its body has code of its own besides the return the matrix determines") }, "\(found.map(\.message))")
        XCTAssertEqual(try Self.fixed("Oven.swift", before), before)
    }

    /// The enum in another file than the matrix: the finding is reported at the enum, in its
    /// file, so its fix (which edits the file it is reported in) adds the case there.
    func testAStateAddedToAMatrixIsAddedToAnEnumInAnotherFile() throws {
        let types = "enum Gate {\n    enum S { case shut, open }\n    enum A { case push }\n}\n"
        let table = """
            extension Gate {
                static let TABLE = Table(
                    machine: "Gate",
                    states: ["Shut", "Open", "Alarmed"],
                    actions: ["Push"],
                    cells: [
                        [.go(target: "Open", effects: [])],
                        [.go(target: "Alarmed", effects: [])],
                        [.ignore],
                    ],
                    initial: "Shut"
                )
            }

            """
        let found = Self.lint(["Gate.swift": types, "Gate.tb.swift": table], code: EnumDrift().code)
        XCTAssertEqual(found.map(\.path), ["Gate.swift"], "\(found.map(\.message))")
        XCTAssertTrue(found.first?.message.contains("the fix adds `case alarmed` to `enum Gate.S`") ?? false, "\(found.map(\.message))")
        let outcome = Engine.run(
            [Engine.Document(path: "Gate.swift", bytes: Array(types.utf8)), Engine.Document(path: "Gate.tb.swift", bytes: Array(table.utf8))],
            mode: .fix, unsafeFixes: true)
        let fixed = try XCTUnwrap(outcome.files.first { $0.path == "Gate.swift" }?.fixed)
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), types.replacingOccurrences(of: "case shut, open", with: "case shut, open, alarmed"))
        // The matrix's file keeps its states (its other fixes, the `.tb.swift` header, are not this rule's).
        let matrixAfter = outcome.files.first { $0.path == "Gate.tb.swift" }?.fixed.map { String(decoding: $0, as: UTF8.self) } ?? table
        XCTAssertTrue(matrixAfter.contains("states: [\"Shut\", \"Open\", \"Alarmed\"],"), matrixAfter)
    }

    /// Black-box pass 4, play/40: `enum S: Int` numbers its cases by position, so a case added
    /// before another would give a stored raw value to another case. Refused with the reason,
    /// the file unchanged; the same state at the end of the matrix is added at the end.
    func testACaseIsNotInsertedBeforeOthersOfAnIntegerRawValuedEnum() throws {
        func machine(_ states: String, _ rows: String) -> String {
            """
            enum Job {
                enum S: Int, Codable { case queued, running }
                enum A { case start }
                static let TABLE = Table(
                    machine: "Job",
                    states: [\(states)],
                    actions: ["Start"],
                    cells: [
            \(rows)
                    ],
                    initial: "Queued"
                )
            }

            """
        }
        let middle = machine("\"Queued\", \"Paused\", \"Running\"", "            [.go(target: \"Running\", effects: [])],\n            [.ignore],\n            [.ignore],")
        let found = Self.lint(["Job.swift": middle], code: EnumDrift().code)
        XCTAssertTrue(found.contains { $0.message.contains("its cases have `Int` raw values by position, and `paused` would go before `running`") }, "\(found.map(\.message))")
        XCTAssertEqual(try Self.fixed("Job.swift", middle), middle)
        let end = machine("\"Queued\", \"Running\", \"Paused\"", "            [.go(target: \"Running\", effects: [])],\n            [.ignore],\n            [.ignore],")
        XCTAssertTrue(try Self.fixed("Job.swift", end).contains("enum S: Int, Codable { case queued, running, paused }"))
    }

    /// A state the matrix added whose case enum-drift will not add (its enum has raw values),
    /// retargeted to from an existing cell: no arm names it, neither the new state's nor the
    /// retargeted one, and both findings say why; the fixed file compiles and a second run
    /// changes nothing.
    func testNoArmNamesAStateWhoseCaseIsNotAdded() throws {
        let before = """
            enum Oven {
                enum S: Int { case off = 0, heating = 1, idle = 2 }
                enum A { case power }
                enum F { case heaterOn }
                final class Ctx {}

                static func step(_ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.off, .power): return .go(.heating, effects: [.heaterOn])
                    case (.heating, .power): return .go(.off, effects: [])
                    case (.idle, .power): return .ignored
                    }
                }

                static let TABLE = Table(
                    machine: "Oven",
                    states: ["Off", "Heating", "Idle", "Ajar"],
                    actions: ["Power"],
                    cells: [
                        [.go(target: "Ajar", effects: ["HeaterOn"])],
                        [.go(target: "Off", effects: [])],
                        [.ignore],
                        [.ignore],
                    ],
                    initial: "Off"
                )
            }

            """
        let found = Self.lint(["Oven.swift": before], code: DispatcherDrift().code).map(\.message)
        XCTAssertTrue(found.contains { $0.contains("the fix leaves this case: its target: `enum Oven.S` has no case `ajar`, and enum-drift's fix does not add it: its cases have raw values") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("no case for state `Ajar`") && $0.contains("its cases have raw values") && !$0.contains("the fix writes") }, "\(found)")
        let after = try Self.fixed("Oven.swift", before)
        XCTAssertFalse(after.contains(".ajar"), after)
        XCTAssertEqual(try Self.fixed("Oven.swift", after), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unadded-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + "print(Oven.step(Oven.Ctx(), .idle, .power))\n"
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "oven", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "ignored\n")
    }

    /// The machine's enums in a file not given on the command line: the new state's cases are
    /// not written (its enum cannot get the case in this run), and the finding says which enum
    /// is missing and to run on the whole target.
    func testNoArmIsWrittenForAStateWhoseEnumIsNotInTheRun() throws {
        let step = """
            extension Gate {
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.shut, .push): return .go(.open, effects: [])
                    case (.open, .push): return .go(.shut, effects: [])
                    }
                }
            }

            """
        let table = """
            extension Gate {
                static let TABLE = Table(
                    machine: "Gate",
                    states: ["Shut", "Open", "Alarmed"],
                    actions: ["Push"],
                    cells: [
                        [.go(target: "Alarmed", effects: [])],
                        [.go(target: "Shut", effects: [])],
                        [.ignore],
                    ],
                    initial: "Shut"
                )
            }

            """
        let found = Self.lint(["GateStep.swift": step, "Gate.tb.swift": table], code: DispatcherDrift().code).map(\.message)
        XCTAssertTrue(found.contains { $0.contains("no case for state `Alarmed`") && $0.contains("no `enum S` of `Gate` declaring `alarmed` is among the run's files") && $0.contains("run tablint on the whole target") }, "\(found)")
        let outcome = Engine.run(
            [Engine.Document(path: "GateStep.swift", bytes: Array(step.utf8)), Engine.Document(path: "Gate.tb.swift", bytes: Array(table.utf8))],
            mode: .fix, unsafeFixes: true)
        let fixed = outcome.files.first { $0.path == "GateStep.swift" }?.fixed.map { String(decoding: $0, as: UTF8.self) } ?? step
        XCTAssertEqual(fixed, step)
    }

    /// A `perform` switch written on one line: the new effect's arm goes on a line of its own,
    /// under the first; the result compiles and a second run changes nothing.
    func testANewPerformArmInAOneLineSwitchTakesALineOfItsOwn() throws {
        let before = """
            enum Lamp {
                enum S { case off, on }
                enum A { case flip }
                enum F { case click, hum }
                final class Ctx {}
                static func step(_ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.off, .flip): return .go(.on, effects: [.click, .hum])
                    case (.on, .flip): return .go(.off, effects: [.click])
                    }
                }
                static func perform(_ cells: LampCells, _ ctx: Ctx, _ f: F) -> A? {
                    switch f { case .click: return cells.click(ctx) }
                }
                static let TABLE = Table(
                    machine: "Lamp",
                    states: ["Off", "On"],
                    actions: ["Flip"],
                    cells: [
                        [.go(target: "On", effects: ["Click", "Hum"])],
                        [.go(target: "Off", effects: ["Click"])],
                    ],
                    initial: "Off"
                )
            }
            protocol LampCells {
                func click(_ ctx: Lamp.Ctx) -> Lamp.A?
                func hum(_ ctx: Lamp.Ctx) -> Lamp.A?
            }

            """
        let after = try Self.fixed("Lamp.swift", before)
        XCTAssertEqual(after, before.replacingOccurrences(
            of: "switch f { case .click: return cells.click(ctx) }",
            with: "switch f { case .click: return cells.click(ctx)\n                   case .hum: return cells.hum(ctx) }"))
        XCTAssertEqual(try Self.fixed("Lamp.swift", after), after)
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-line-perform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = after + DispatcherSyncFixTests.tableStandIn + ScaffoldAndSyncDocumentTests.step + """
            struct Impl: LampCells {
                func click(_ ctx: Lamp.Ctx) -> Lamp.A? { nil }
                func hum(_ ctx: Lamp.Ctx) -> Lamp.A? { .flip }
            }
            print(Lamp.perform(Impl(), Lamp.Ctx(), .hum) as Any)

            """
        let (ran, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "lamp", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("error:"), compiler)
        XCTAssertEqual(ran, "Optional(Example.Lamp.A.flip)\n")
    }

    /// dispatcher-drift's expected return spells a declared acronym case as the enum does.
    func testTheExpectedReturnSpellsAnAcronymCaseAsDeclared() throws {
        let text = """
            enum Net {
                enum S { case idle, URLLoaded }
                enum A { case load }
                enum F { case log }
                static func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.idle, .load): return .go(.idle, effects: [])
                    case (.URLLoaded, .load): return .ignored
                    }
                }
                static let TABLE = Table(
                    machine: "Net",
                    states: ["Idle", "URLLoaded"],
                    actions: ["Load"],
                    cells: [
                        [.go(target: "URLLoaded", effects: [])],
                        [.ignore],
                    ],
                    initial: "Idle"
                )
            }

            """
        let found = Self.lint(["Net.swift": text], code: DispatcherDrift().code)
        XCTAssertTrue(found.contains { $0.message.hasSuffix("expected `.go(.URLLoaded, effects: [])`") }, "\(found.map(\.message))")
        XCTAssertTrue(try Self.fixed("Net.swift", text).contains("case (.idle, .load): return .go(.URLLoaded, effects: [])"))
    }
}
