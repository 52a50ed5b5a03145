import Foundation
import XCTest
@testable import TablintKit

/// The generator's shape, as text and as a program: machines generated from a fixed seed
/// (payload states, actions and effects, labelled and not, keyword names, every static cell,
/// HANDLE, UNREACHABLE) are emitted, compiled with the real `swiftc` against a stand-in of the
/// library's `Step` with an implementation of each `Cells` protocol, and run over every pair
/// and effect: each must do what its cell says.
final class GeneratedShapeTests: XCTestCase {
    typealias Shape = GeneratedShape

    private static let timer = Shape(
        machine: "Timer",
        states: [.init("idle"), .init("running", fields: [.init(label: "since", type: "Int")])],
        actions: [.init("start"), .init("tick", fields: [.init(label: "now", type: "Int")]), .init("reset")],
        effects: [.init("startClock"), .init("stopClock", fields: [.init(label: "reason", type: "String")])],
        cells: [
            [.go(target: "running", arguments: "(since: 0)", effects: [.init("startClock")]), .ignore, .unreachable],
            [.ignore, .handle, .emit(effects: [.init("stopClock", arguments: "(reason: \"reset\")")])],
        ])

    func testTheGeneratorsShapeAsText() throws {
        let text = try Self.timer.source().get()
        XCTAssertEqual(text, """
            protocol TimerCells {
                func runningTick(_ ctx: Timer.Ctx, _ state: Timer.Running, _ action: Timer.Tick) -> Step<Timer.S, Timer.F>
                func startClock(_ ctx: Timer.Ctx) -> Timer.A?
                func stopClock(_ ctx: Timer.Ctx, _ effect: String) -> Timer.A?
            }

            extension Timer {
                struct Running {
                    var since: Int
                }

                struct Tick {
                    var now: Int
                }

                static func step(_ cells: TimerCells, _ ctx: Timer.Ctx, _ s: Timer.S, _ a: Timer.A) -> Step<Timer.S, Timer.F> {
                    switch (s, a) {
                    case (.idle, .start): return .go(.running(since: 0), effects: [.startClock])
                    case (.idle, .tick): return .ignored
                    case (.idle, .reset): fatalError("tabular-center: Idle x Reset was declared UNREACHABLE but occurred")
                    case (.running, .start): return .ignored
                    case let (.running(since), .tick(now)): return cells.runningTick(ctx, Timer.Running(since: since), Timer.Tick(now: now))
                    case (.running, .reset): return .stay(effects: [.stopClock(reason: "reset")])
                    }
                }

                static func perform(_ cells: TimerCells, _ ctx: Timer.Ctx, _ f: Timer.F) -> Timer.A? {
                    switch f {
                    case .startClock: return cells.startClock(ctx)
                    case let .stopClock(reason): return cells.stopClock(ctx, reason)
                    }
                }
            }

            """)
    }

    func testBindingsThatWouldShadowTheParametersAreRenamedBehindTheirSide() {
        let shape = Shape(
            machine: "M",
            states: [.init("busy", fields: [.init(label: "ctx", type: "Int"), .init(label: nil, type: "String")])],
            actions: [.init("poke", fields: [.init(label: "ctx", type: "Int")])],
            effects: [.init("log", fields: [.init(label: nil, type: "String"), .init(label: "f", type: "Int")])],
            cells: [[.handle]])
        XCTAssertEqual(try shape.stepArm(state: 0, action: 0).get(),
                       "case let (.busy(stateCtx, value1), .poke(actionCtx)): return cells.busyPoke(ctx, M.Busy(ctx: stateCtx, value1: value1), M.Poke(ctx: actionCtx))")
        XCTAssertEqual(shape.performArm(0), "case let .log(value0, effectF): return cells.log(ctx, (value0, f: effectF))")
        XCTAssertEqual(shape.effectRequirement(0), "func log(_ ctx: M.Ctx, _ effect: (String, f: Int)) -> M.A?")
    }

    func testWhatTheMatrixCannotGiveIsRefusedNotGuessed() {
        let shape = Shape(
            machine: "M", states: [.init("idle"), .init("running", fields: [.init(label: "since", type: "Int")])],
            actions: [.init("go")], effects: [.init("log", fields: [.init(label: nil, type: "String")])],
            cells: [[.go(target: "running", arguments: nil, effects: [])], [.emit(effects: [.init("log")])]])
        let refusals = shape.refusals.map(\.message)
        XCTAssertEqual(refusals, [
            "(Idle, Go): the GO target `running` carries a payload (since: Int) the matrix does not give",
            "(Running, Go): the effect `log` carries a payload the matrix does not give",
        ])
        let delegating = Shape(machine: "M", states: [.init("a")], actions: [.init("b")], effects: [], cells: [[.delegate(child: "auth")]])
        XCTAssertTrue(delegating.refusals.first?.message.contains("DELEGATE cells are not written") ?? false)
    }

    // MARK: Compiled and run

    /// The library's runtime types, as far as generated code uses them.
    static let runtime = """
        enum Step<S, F> {
            case go(S, effects: [F])
            case stay(effects: [F])
            case ignored
        }

        var last = ""
        func shown<S, F>(_ step: Step<S, F>) -> String {
            switch step {
            case let .go(s, effects): return "go \\(s) [\\(effects.map { "\\($0)" }.joined(separator: ", "))]"
            case let .stay(effects): return "stay [\\(effects.map { "\\($0)" }.joined(separator: ", "))]"
            case .ignored: return "ignored"
            }
        }

        """

    struct Generated {
        var shape: Shape
        /// The machine's enums and `Ctx`, the implementation and the driver.
        var support: String
        /// What the driver must print, line by line.
        var expected: [String]
    }

    private static let keywordNames = ["default", "in", "init", "is"]

    private static func value(_ field: Shape.Field, _ seed: Int) -> (literal: String, printed: String) {
        field.type == "Int" ? ("\(seed)", "\(seed)") : ("\"v\(seed)\"", "\"v\(seed)\"")
    }

    /// `tableCompatible`: only what a `Table` literal can say (GO targets and effects without
    /// payloads, no keyword names), so the matrix can be written as one.
    static func generate(_ index: Int, _ random: inout SplitMix64, tableCompatible: Bool = false) -> Generated {
        let machine = tableCompatible ? "T\(index)" : "G\(index)"
        var used = Set<String>()
        func variants(_ prefix: String, _ count: Int) -> [Shape.Variant] {
            (0..<count).map { position in
                var name = "\(prefix)\(position)"
                if !tableCompatible, random.chance(15) {
                    let keyword = keywordNames[random.below(keywordNames.count)]
                    if used.insert(prefix + keyword).inserted { name = keyword }
                }
                var fields: [Shape.Field] = []
                if random.chance(35) {
                    for field in 0..<(1 + random.below(2)) {
                        fields.append(.init(label: random.chance(70) ? ["since", "ctx", "s", "a", "cells", "f", "n\(field)"][random.below(7)] + "\(field == 0 ? "" : "\(field)")" : nil, type: random.chance(50) ? "Int" : "String"))
                    }
                    // Labels must differ within one case.
                    if Set(fields.compactMap(\.label)).count != fields.compactMap(\.label).count { fields = [fields[0]] }
                }
                return Shape.Variant(name, fields: fields)
            }
        }
        let states = variants("s", 1 + random.below(4))
        let actions = variants("a", 1 + random.below(4))
        let effects = variants("e", random.below(4))
        let plainEffects = effects.filter { !$0.hasPayload }
        let plainStates = states.filter { !$0.hasPayload }
        func someEffects() -> [Shape.EffectUse] {
            (0..<random.below(3)).compactMap { _ in
                guard !effects.isEmpty else { return nil }
                let effect = effects[random.below(effects.count)]
                guard effect.hasPayload else { return .init(effect.name) }
                if tableCompatible { return nil }
                let arguments = effect.fields.enumerated().map { position, field in (field.label.map { $0 + ": " } ?? "") + value(field, position + 1).literal }
                return .init(effect.name, arguments: "(" + arguments.joined(separator: ", ") + ")")
            }
        }
        let cells: [[Shape.Cell]] = states.map { _ in
            actions.map { _ in
                switch random.below(6) {
                case 0: return .ignore
                case 1: return .unreachable
                case 2:
                    var target = states[random.below(states.count)]
                    if tableCompatible {
                        guard let plain = states.first(where: { !$0.hasPayload }) else { return .ignore }
                        target = plain
                    }
                    let arguments = target.hasPayload
                        ? "(" + target.fields.enumerated().map { ($1.label.map { $0 + ": " } ?? "") + value($1, $0 + 7).literal }.joined(separator: ", ") + ")"
                        : nil
                    return .go(target: target.name, arguments: arguments, effects: someEffects())
                case 3:
                    let uses = someEffects()
                    return uses.isEmpty ? (plainEffects.isEmpty ? .ignore : .emit(effects: [.init(plainEffects[0].name)])) : .emit(effects: uses)
                default: return .handle
                }
            }
        }
        _ = plainStates
        let shape = Shape(machine: machine, states: states, actions: actions, effects: effects, cells: cells)

        func declare(_ type: String, _ items: [Shape.Variant]) -> String {
            let cases = items.map { item in
                Shape.declared(item.name) + (item.hasPayload ? "(" + item.fields.map { ($0.label.map { Shape.declared($0) + ": " } ?? "") + $0.type }.joined(separator: ", ") + ")" : "")
            }
            return "    enum \(type) {" + (cases.isEmpty ? "" : " case " + cases.joined(separator: ", ")) + " }\n"
        }
        // Each variant's values: one per case, payloads filled from fixed seeds.
        func values(_ item: Shape.Variant) -> (literal: String, printed: String) {
            guard item.hasPayload else { return ("." + Shape.afterPeriod(item.name), item.name) }
            let parts = item.fields.enumerated().map { position, field -> (String, String) in
                let (literal, printed) = value(field, position + 3)
                let label = field.label.map { $0 + ": " } ?? ""
                return (label + literal, label + printed)
            }
            return ("." + Shape.afterPeriod(item.name) + "(" + parts.map(\.0).joined(separator: ", ") + ")", item.name + "(" + parts.map(\.1).joined(separator: ", ") + ")")
        }
        var support = "enum \(machine) {\n" + declare("S", states) + declare("A", actions) + declare("F", effects) + "    final class Ctx {}\n}\n"
        // The implementation: each member records its name and what it was given.
        support += "struct \(machine)Impl: \(machine)Cells {\n"
        for state in states.indices {
            for action in actions.indices {
                guard let requirement = shape.requirement(state: state, action: action) else { continue }
                let given = [states[state].hasPayload ? "\\(state)" : nil, actions[action].hasPayload ? "\\(action)" : nil].compactMap { $0 }
                support += "    \(requirement) { last = \"\(Shape.handleMember(state: states[state].name, action: actions[action].name))\(given.map { " " + $0 }.joined())\"; return .ignored }\n"
            }
        }
        for effect in effects.indices {
            support += "    \(shape.effectRequirement(effect)) { last = \"\(effects[effect].name)\(effects[effect].hasPayload ? " \\(effect)" : "")\"; return nil }\n"
        }
        support += "}\n"
        var expected: [String] = []
        var driver = ""
        for (stateIndex, state) in states.enumerated() {
            for (actionIndex, action) in actions.enumerated() {
                let cell = cells[stateIndex][actionIndex]
                if cell == .unreachable { continue }
                let (stateLiteral, statePrinted) = values(state), (actionLiteral, actionPrinted) = values(action)
                driver += "last = \"\"; print(\"\(machine)\", shown(\(machine).step(\(machine)Impl(), \(machine).Ctx(), \(stateLiteral) as \(machine).S, \(actionLiteral))), last)\n"
                func shownEffects(_ uses: [Shape.EffectUse]) -> String {
                    "[" + uses.map { $0.name + ($0.arguments ?? "") }.joined(separator: ", ") + "]"
                }
                switch cell {
                case .ignore: expected.append("\(machine) ignored ")
                case let .go(target, arguments, uses): expected.append("\(machine) go \(target)\(arguments ?? "") \(shownEffects(uses)) ")
                case let .emit(uses): expected.append("\(machine) stay \(shownEffects(uses)) ")
                case .handle:
                    var record = Shape.handleMember(state: state.name, action: action.name)
                    func narrowed(_ variant: Shape.Variant, _ printed: String) -> String {
                        // `running(since: 3)` is given as `Running(since: 3)`; unlabelled fields get their names.
                        let inside = printed.dropFirst(variant.name.count + 1).dropLast()
                        var parts = inside.components(separatedBy: ", ")
                        let names = Shape.fieldNames(variant.fields)
                        for position in parts.indices where variant.fields[position].label == nil { parts[position] = names[position] + ": " + parts[position] }
                        return Shape.narrowedName(variant.name) + "(" + parts.joined(separator: ", ") + ")"
                    }
                    if state.hasPayload { record += " " + narrowed(state, statePrinted) }
                    if action.hasPayload { record += " " + narrowed(action, actionPrinted) }
                    expected.append("\(machine) ignored \(record)")
                default: break
                }
            }
        }
        for effect in effects {
            let (literal, printed) = values(effect)
            driver += "last = \"\"; print(\"\(machine) perform\", \(machine).perform(\(machine)Impl(), \(machine).Ctx(), \(literal)) == nil, last)\n"
            var given = ""
            if effect.hasPayload {
                let inside = String(printed.dropFirst(effect.name.count + 1).dropLast())
                // One field is passed as itself, and a `String` interpolates without its quotes.
                let single = String(inside.split(separator: ":", maxSplits: 1).last!.drop { $0 == " " }).replacingOccurrences(of: "\"", with: "")
                given = " " + (effect.fields.count == 1 ? single : "(" + inside + ")")
            }
            expected.append("\(machine) perform true \(effect.name)\(given)")
        }
        return Generated(shape: shape, support: support + driver, expected: expected)
    }

    func testGeneratedMachinesCompileAndDoWhatTheirCellsSay() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        var random = SplitMix64(seed: 24)
        let machines = (0..<14).map { Self.generate($0, &random) }
        var program = Self.runtime
        var expected: [String] = []
        for machine in machines {
            program += try machine.shape.source().get() + "\n" + machine.support
            expected += machine.expected
        }
        program += try Self.timer.source().get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The hand-written Timer's enums and context, so its text compiles too.
        program += "\nenum Timer {\n    enum S { case idle, running(since: Int) }\n    enum A { case start, tick(now: Int), reset }\n    enum F { case startClock, stopClock(reason: String) }\n    final class Ctx {}\n}\n"
        let (output, compiler) = try DispatcherDefaultFixTests.compileAndRun(program, named: "shape", in: folder, swiftc: swiftc)
        XCTAssertFalse(compiler.contains("warning:"), compiler)
        XCTAssertEqual(output.split(separator: "\n").map(String.init), expected)
        XCTAssertGreaterThan(expected.count, 40)
    }
}
