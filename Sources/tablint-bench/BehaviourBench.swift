import Foundation
import TablintKit

/// Issue 23's speed targets: one machine of 1,000 states × 50 actions whose 10,000 `HANDLE`
/// cells are implemented in 20 files. `tablint paths` for it in under 0.5 s on one core, and
/// the behaviour analysis adding under 20 % to a lint of those files.
enum BehaviourBench {

    /// The machine's files: the enums and the `Cells` protocol, the `Table` literal, the
    /// conforming type, and `implementationFiles` extensions of it holding the `HANDLE` members
    /// (named as the generator names them: `s12A7`), each returning one or two targets.
    static func files(states: Int = 1_000, actions: Int = 50, handles: Int = 10_000, implementationFiles: Int = 20) -> [(name: String, bytes: [UInt8])] {
        var random = SplitMix64(seed: 23)
        let stateNames = (0..<states).map { "S\($0)" }
        let actionNames = (0..<actions).map { "A\($0)" }
        let handlesPerRow = handles / states
        var cells: [[String]] = []
        var members: [(name: String, body: String)] = []
        for state in 0..<states {
            // The first column walks the states in order, so every state is reachable.
            var row = [".go(target: \"S\((state + 1) % states)\", effects: [])"]
            var handleColumns = Set<Int>()
            while handleColumns.count < handlesPerRow { handleColumns.insert(1 + Int(random.next() % UInt64(actions - 1))) }
            for action in 1..<actions {
                if handleColumns.contains(action) {
                    row.append(".handle")
                    let first = Int(random.next() % UInt64(states)), second = Int(random.next() % UInt64(states))
                    let body = random.next() % 3 == 0
                        ? "if ctx.flag { return .go(.s\(first), effects: [.log]) }\n        return .go(.s\(second), effects: [])"
                        : "return .go(.s\(first), effects: [])"
                    members.append(("s\(state)A\(action)", body))
                    continue
                }
                switch random.next() % 20 {
                case 0..<5: row.append(".ignore")
                case 5..<8: row.append(".emit(effects: [\"Log\"])")
                default: row.append(".go(target: \"S\(random.next() % UInt64(states))\", effects: [])")
                }
            }
            cells.append(row)
        }
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        var table = "extension Big {\n    static let TABLE = Table(\n"
        table += "        machine: \"Big\",\n        states: [\(quoted(stateNames))],\n        actions: [\(quoted(actionNames))],\n"
        table += "        cells: [\n"
        for row in Generators.alignedRows(cells, aligned: true) { table += "            [\(row)],\n" }
        table += "        ],\n        initial: \"S0\"\n    )\n}\n"

        var declarations = "enum Big {\n"
        declarations += "    enum S { case \(stateNames.map(NameCasingForBench.lower).joined(separator: ", ")) }\n"
        declarations += "    enum A { case \(actionNames.map(NameCasingForBench.lower).joined(separator: ", ")) }\n"
        declarations += "    enum F { case log }\n    final class Ctx { var flag = false }\n}\n\n"
        declarations += "protocol BigCells {\n"
        for member in members { declarations += "    func \(member.name)(_ ctx: Big.Ctx) -> Step<Big.S, Big.F>\n" }
        declarations += "}\n\nstruct BigHandlers: BigCells {}\n"

        var result: [(String, [UInt8])] = [("Big.swift", Array(declarations.utf8)), ("Big.tb.swift", Array(table.utf8))]
        let perFile = (members.count + implementationFiles - 1) / implementationFiles
        for file in 0..<implementationFiles {
            var text = "extension BigHandlers {\n"
            for member in members.dropFirst(file * perFile).prefix(perFile) {
                text += "    func \(member.name)(_ ctx: Big.Ctx) -> Step<Big.S, Big.F> {\n        \(member.body)\n    }\n\n"
            }
            text += "}\n"
            result.append(("BigHandlers\(file).swift", Array(text.utf8)))
        }
        return result
    }

    static func run(in scratch: URL, tablint: String?, repeats: Int) {
        print("")
        let folder = scratch.appendingPathComponent("behaviour")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = 0
        for file in files() {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(file.name).path, contents: Data(file.bytes))
            bytes += file.bytes.count
        }
        print("== behaviour: one machine of 1000 states × 50 actions, 10000 HANDLE cells implemented in 20 files (\(format(Double(bytes) / 1e6, 1)) MB)")
        func inProcess(_ arguments: [String]) -> (seconds: [Double], output: String) {
            var output = ""
            let seconds = timings(repeats) {
                output = ""
                var errors = ""
                _ = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, stdoutIsTerminal: false, environment: [:])
            }
            return (seconds, output)
        }
        let paths = inProcess(["paths", "--format", "json", folder.path])
        report("tablint paths --format json, in process (best/median)", "\(milliseconds(paths.seconds[0])) / \(milliseconds(median(paths.seconds)))",
               target: "< 500 ms", met: paths.seconds[0] < 0.5)
        if let data = paths.output.data(using: .utf8),
           let machines = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
           let machine = machines.first, let tour = machine["tour"] as? [String: Int],
           let steps = tour["steps"], let outcomes = tour["outcomes"], let sequences = tour["sequences"] {
            let unknown = (machine["unknown"] as? [Any])?.count ?? 0
            report("  tour", "\(sequences) sequences, \(steps) steps for \(outcomes) outcomes (\(format(Double(steps) / Double(max(outcomes, 1)), 3)) × the minimum); \(unknown) cells unknown")
        }
        if let tablint, FileManager.default.isExecutableFile(atPath: tablint) {
            let runs = (0..<repeats).compactMap { _ in runChild(tablint, ["paths", "--format", "json", folder.path]) }.map(\.seconds).sorted()
            report("tablint paths (binary, best/median)", "\(milliseconds(runs.first ?? 0)) / \(milliseconds(median(runs)))",
                   target: "< 500 ms", met: (runs.first ?? .infinity) < 0.5)
        }
        let lint = inProcess(["-j", "1", "-q", folder.path])
        report("lint, one core, in process (best/median)", "\(milliseconds(lint.seconds[0])) / \(milliseconds(median(lint.seconds)))")
        // What the analysis adds is measured against a binary without it: `--disable` would not
        // do (a disabled rule still runs; its findings are dropped when a file is finished).
        let base = ProcessInfo.processInfo.environment["TABLINT_BENCH_BASE"]
        if let tablint, let base, FileManager.default.isExecutableFile(atPath: tablint), FileManager.default.isExecutableFile(atPath: base) {
            let arguments = ["-j", "1", "-q", folder.path]
            let new = (0..<repeats).compactMap { _ in runChild(tablint, arguments) }.map(\.seconds).sorted()
            let old = (0..<repeats).compactMap { _ in runChild(base, arguments) }.map(\.seconds).sorted()
            let added = (new.first ?? .infinity) / max(old.first ?? 0, 1e-9) - 1
            report("  against TABLINT_BENCH_BASE (best)", "\(milliseconds(new.first ?? 0)) vs \(milliseconds(old.first ?? 0)); the analysis adds \(format(added * 100, 1)) %",
                   target: "< 20 %", met: added < 0.2)
        } else {
            report("  what the analysis adds", "set TABLINT_BENCH_BASE to a binary built before it (../shared/tools/build-at.sh 0f9ce6e) to measure")
        }
    }
}

/// `S12` → `s12`, as the library's generator writes a case.
enum NameCasingForBench {
    static func lower(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
}
