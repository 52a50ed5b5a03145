import Foundation
import XCTest
@testable import TablintKit

/// The unsafe fixes of `pin-drift` and `machine-name` proved end to end: `Table` literals and
/// drifted `FIXTURE` pins generated from a fixed seed are fixed by the built
/// `tablint --fix --unsafe-fixes`, the fixed files are compiled with the real `swiftc` (one
/// invocation) and run to print each pin's value as Swift sees it, and each value, read with
/// the library's grammar (`FixtureReader`), must equal its matrix.
final class GeneratedPinFixTests: XCTestCase {
    /// A cell both as a `Table` literal writes it and as the comparison spells it.
    private struct Cell {
        var swift: String
        var pinned: String
        var canonical: String
    }

    private struct Machine {
        var name: String
        var states: [String]
        var actions: [String]
        var initial: String
        var cells: [[Cell]]
    }

    private static let effectNames = ["Unlock", "Buzz", "Log2", "Ring_Bell", "Stop"]

    private static func cell(_ random: inout SplitMix64, states: [String]) -> Cell {
        let effects = (0..<random.below(3)).map { _ in effectNames[random.below(effectNames.count)] }
        let quoted = effects.map { "\"\($0)\"" }.joined(separator: ", ")
        switch random.below(5) {
        case 0:
            let target = states[random.below(states.count)]
            return Cell(swift: ".go(target: \"\(target)\", effects: [\(quoted)])",
                        pinned: "GO(" + ([target] + effects).joined(separator: ", ") + ")",
                        canonical: "go \(target) \(effects)")
        case 1 where !effects.isEmpty:
            return Cell(swift: ".emit(effects: [\(quoted)])", pinned: "EMIT(" + effects.joined(separator: ", ") + ")",
                        canonical: "emit \(effects)")
        case 2: return Cell(swift: ".handle", pinned: "HANDLE", canonical: "handle")
        case 3: return Cell(swift: ".unreachable", pinned: "UNREACHABLE", canonical: "unreachable")
        default: return Cell(swift: ".ignore", pinned: "IGNORE", canonical: "ignore")
        }
    }

    /// A Fisher–Yates shuffle driven by the seeded generator.
    private static func shuffled(_ names: [String], _ random: inout SplitMix64) -> [String] {
        var copy = names
        for index in copy.indices.reversed() where index > 0 { copy.swapAt(index, random.below(index + 1)) }
        return copy
    }

    private static func machine(_ index: Int, _ random: inout SplitMix64) -> Machine {
        let pool = ["Idle", "Running", "Half-Open", "Open", "Shut", "Paid_2", "Locked", "Jammed", "s3"]
        let actionPool = ["Coin", "Push", "Tick", "Reset-All", "Go2", "pull"]
        let states = Array(shuffled(pool, &random).prefix(1 + random.below(5)))
        let actions = Array(shuffled(actionPool, &random).prefix(1 + random.below(4)))
        let cells = states.map { _ in actions.map { _ in cell(&random, states: states) } }
        return Machine(name: "Pin\(index)", states: states, actions: actions, initial: states[random.below(states.count)], cells: cells)
    }

    /// The machine's file: its `Table`, perhaps with a wrong `machine:`, and a drifted pin.
    private static func source(_ machine: Machine, _ random: inout SplitMix64) -> String {
        let tableName = random.chance(40) ? machine.name + "Old" : machine.name
        var pinned = machine
        if random.chance(40) { pinned.initial = machine.states[random.below(machine.states.count)] }
        for _ in 0..<random.below(4) {
            let row = random.below(machine.states.count), column = random.below(machine.actions.count)
            pinned.cells[row][column] = cell(&random, states: machine.states)
        }
        let pinnedName = random.chance(25) ? machine.name + "Typo" : machine.name
        let rows = pinned.cells.enumerated().map { index, row in
            "        " + pinned.states[index] + " | " + row.map(\.pinned).joined(separator: " | ")
        }
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            enum \(machine.name) {}

            extension \(machine.name) {
                static let TABLE = Table(
                    machine: "\(tableName)",
                    states: \(list(machine.states)),
                    actions: \(list(machine.actions)),
                    cells: [
                        \(machine.cells.map { "[" + $0.map(\.swift).joined(separator: ", ") + "]," }.joined(separator: "\n            "))
                    ],
                    initial: "\(machine.initial)"
                )

                static let FIXTURE = \"\"\"
                    machine \(pinnedName)
                    initial \(pinned.initial)
                    states  \(pinned.states.joined(separator: " "))
                    actions \(pinned.actions.joined(separator: " "))

            \(rows.joined(separator: "\n"))
                    \"\"\"
            }

            """
    }

    private static let standIn = """
        // A stand-in for the library's `Table`: enough for the literals to type-check.
        struct Table {
            enum Cell {
                case go(target: String, effects: [String])
                case emit(effects: [String])
                case handle, ignore, unreachable
            }
            init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String) {}
        }

        """

    func testFixedPinsParseAndEqualTheirMatrices() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else {
            throw XCTSkip("swiftc was not found on PATH: the fixed pins cannot be compiled")
        }
        var random = SplitMix64(seed: 2021)
        let machines = (0..<30).map { Self.machine($0, &random) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-pins-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for machine in machines {
            try Self.source(machine, &random).write(to: folder.appendingPathComponent(machine.name + ".swift"), atomically: true, encoding: .utf8)
        }
        var drifted = 0
        for machine in machines {
            let text = try String(contentsOf: folder.appendingPathComponent(machine.name + ".swift"), encoding: .utf8)
            let pin = FixtureReader.readEmbedded(SignificantTokens(file: SourceFile(path: "x.swift", text: text), pieces: Tokenizer.tokenize(Array(text.utf8)))).matrices.first
            if !text.contains("machine: \"\(machine.name)\"") || pin?.initial?.text != machine.initial || pin?.machine.text != machine.name {
                drifted += 1
            }
        }
        XCTAssertGreaterThan(drifted, 15, "the generator drifts most pins")
        let fixed = try tablint(["--fix", "--unsafe-fixes", "."], in: folder)
        XCTAssertEqual(fixed.status, 0, "every drift is fixed:\n\(fixed.output)")
        XCTAssertFalse(fixed.output.contains("pin-drift") || fixed.output.contains("machine-name"), fixed.output)

        try Self.standIn.write(to: folder.appendingPathComponent("Table.swift"), atomically: true, encoding: .utf8)
        let separator = "--- pin ---"
        let main = machines.map { "_ = \($0.name).TABLE\nprint(\($0.name).FIXTURE)\nprint(\"\(separator)\")\n" }.joined()
        try main.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .sorted().map { folder.appendingPathComponent($0).path }
        let executable = folder.appendingPathComponent("pins").path
        let (status, compiler) = try DispatcherDefaultFixTests.run(swiftc, ["-Onone", "-module-name", "Pins"] + files + ["-o", executable])
        guard status == 0 else { return XCTFail("swiftc rejects the fixed files:\n\(compiler)") }
        let (ran, output) = try DispatcherDefaultFixTests.run(URL(fileURLWithPath: executable), [])
        XCTAssertEqual(ran, 0, output)
        let values = output.components(separatedBy: separator + "\n").filter { !$0.isEmpty }
        XCTAssertEqual(values.count, machines.count)
        for (machine, value) in zip(machines, values) {
            let reading = FixtureReader.read(SourceFile(path: machine.name + ".tbl", text: value))
            XCTAssertEqual(reading.problems.map(\.message), [], "\(machine.name): the library's grammar rejects\n\(value)")
            guard let read = reading.matrices.first else {
                XCTFail("\(machine.name): no matrix in\n\(value)")
                continue
            }
            XCTAssertEqual(read.machine.text, machine.name)
            let text = try String(contentsOf: folder.appendingPathComponent(machine.name + ".swift"), encoding: .utf8)
            XCTAssertTrue(text.contains("machine: \"\(machine.name)\","), "\(machine.name): machine-name fixed the literal\n\(text)")
            XCTAssertEqual(read.initial?.text, machine.initial, machine.name)
            XCTAssertEqual(read.states.map(\.text), machine.states, machine.name)
            XCTAssertEqual(read.actions.map(\.text), machine.actions, machine.name)
            XCTAssertEqual(read.rows.map { $0.label?.text }, machine.states, machine.name)
            XCTAssertEqual(read.rows.map { $0.cells.map(Self.canonical) }, machine.cells.map { $0.map(\.canonical) }, "\(machine.name):\n\(value)")
        }
    }

    private static func canonical(_ cell: TablintKit.Cell) -> String {
        switch cell.kind {
        case .go(let target, let effects, _): return "go \(target.text) \(effects.map(\.text))"
        case .emit(let effects): return "emit \(effects.map(\.text))"
        case .handle: return "handle"
        case .unreachable: return "unreachable"
        case .ignore: return "ignore"
        case .delegate(let child): return "delegate \(child.text)"
        case .unknown(let written, _): return "unknown \(written)"
        }
    }

    private func tablint(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let log = directory.deletingLastPathComponent().appendingPathComponent("\(directory.lastPathComponent).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
