import TablintKit

/// Inputs for the benchmark: a corpus of realistic matrix files, and the pathological families.

// `SplitMix64` (TablintKit) makes every run generate the same corpus.

enum Generators {
    static let stateWords = ["Idle", "Running", "Paused", "Done", "Failed", "Waiting", "Closed", "Open", "Locked",
                             "Armed", "Cooling", "Heating", "Draining", "Filling", "Ready", "Busy"]
    static let actionWords = ["Start", "Stop", "Tick", "Cancel", "Retry", "Push", "Pull", "Coin", "Reset", "Timeout"]
    static let effectWords = ["StartClock", "StopClock", "Beep", "Log", "Notify", "Flush"]

    /// Columns padded so each cell starts where the one above it starts; `aligned: false`
    /// leaves one space between cells, which tablint reports and fixes.
    static func alignedRows(_ cells: [[String]], aligned: Bool) -> [String] {
        guard aligned, let columns = cells.first?.count else {
            return cells.map { $0.joined(separator: ", ") }
        }
        let widths = (0..<columns).map { column in cells.map { $0[column].count + 1 }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == columns - 1 ? cell : (cell + ",").padding(toLength: widths[column]) + " "
            }.joined()
        }
    }

    /// One `Table(...)` literal in an extension, with `states` states and `actions` actions.
    static func tableLiteral(_ name: String, states: Int, actions: Int, aligned: Bool, _ random: inout SplitMix64) -> String {
        let stateNames = (0..<states).map { "\(stateWords[$0 % stateWords.count])\($0 / stateWords.count == 0 ? "" : String($0 / stateWords.count))" }
        let actionNames = (0..<actions).map { "\(actionWords[$0 % actionWords.count])\($0 / actionWords.count == 0 ? "" : String($0 / actionWords.count))" }
        let cells = stateNames.indices.map { _ in
            actionNames.indices.map { _ -> String in
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1: return ".ignore"
                case 2: return ".handle"
                case 3: return ".emit(effects: [\"\(effectWords.randomElement(using: &random)!)\"])"
                default:
                    let effects = Bool.random(using: &random) ? "\"\(effectWords.randomElement(using: &random)!)\"" : ""
                    return ".go(target: \"\(stateNames.randomElement(using: &random)!)\", effects: [\(effects)])"
                }
            }
        }
        let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
        var text = "extension \(name) {\n    static let TABLE = Table(\n"
        text += "        machine: \"\(name)\",\n        states: [\(quoted(stateNames))],\n        actions: [\(quoted(actionNames))],\n"
        text += "        cells: [\n"
        for row in alignedRows(cells, aligned: aligned) { text += "            [\(row)],\n" }
        text += "        ],\n        initial: \"\(stateNames[0])\"\n    )\n}\n"
        return text
    }

    /// One `@Machine` enum with `@Row` lines.
    static func machineEnum(_ name: String, states: Int, actions: Int, aligned: Bool, _ random: inout SplitMix64) -> String {
        let stateNames = (0..<states).map { "s\($0)" }
        let actionNames = (0..<actions).map { "a\($0)" }
        let effects = ["click", "beep", "log"]
        let cells = stateNames.indices.map { _ in
            actionNames.indices.map { _ -> String in
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: return ".ignore"
                case 2: return ".handle"
                default: return ".go(.\(stateNames.randomElement(using: &random)!), [.\(effects.randomElement(using: &random)!)])"
                }
            }
        }
        var text = "@Machine\nenum \(name) {\n"
        text += "    enum S { case \(stateNames.joined(separator: ", ")) }\n"
        text += "    enum A { case \(actionNames.joined(separator: ", ")) }\n"
        text += "    enum F { case \(effects.joined(separator: ", ")) }\n"
        text += "    final class Ctx { var count = 0 }\n    static let initial = S.s0\n"
        let labelWidth = stateNames.map { "@Row(.\($0))".count }.max() ?? 0
        for (state, row) in zip(stateNames, alignedRows(cells, aligned: aligned)) {
            let label = "@Row(.\(state))"
            text += "    \(aligned ? label.padding(toLength: labelWidth) : label) static let \(state) = [ \(row) ]\n"
        }
        text += "    func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }\n}\n"
        return text
    }

    /// One corpus file: one to three machines, about one in six of them misaligned.
    static func corpusFile(_ index: Int, _ random: inout SplitMix64) -> String {
        var text = "// swift-format-ignore-file\n// Generated for the tablint benchmark.\n\n"
        for machine in 0..<Int.random(in: 1...3, using: &random) {
            let states = Int.random(in: 3...12, using: &random)
            let actions = Int.random(in: 2...8, using: &random)
            let aligned = Int.random(in: 0..<6, using: &random) != 0
            if Bool.random(using: &random) {
                text += tableLiteral("Machine\(index)x\(machine)", states: states, actions: actions, aligned: aligned, &random)
            } else {
                text += machineEnum("Machine\(index)x\(machine)", states: states, actions: actions, aligned: aligned, &random)
            }
            text += "\n"
        }
        return text
    }

    // The pathological families. Each takes a size n; the benchmark runs n, 2n and 4n.

    /// About `n` bytes of ordinary matrix files, one after another in one file.
    static func bigFile(_ n: Int) -> [UInt8] {
        var random = SplitMix64(seed: 20)
        var text = "// swift-format-ignore-file\n"
        var index = 0
        while text.utf8.count < n {
            text += corpusFile(index, &random)
            index += 1
        }
        return Array(text.utf8)
    }

    /// One line of about `n` bytes: a long array literal of calls, strings and numbers.
    static func longLine(_ n: Int) -> [UInt8] {
        var bytes = Array("// swift-format-ignore-file\nlet x = [".utf8)
        let piece = Array("f(a, \"s\\(b)\", 1.5), [.go(target: \"A\", effects: [])], ".utf8)
        while bytes.count < n { bytes += piece }
        return bytes + Array("]".utf8)
    }

    /// `n` nested brackets: `[[[...]]]`.
    static func nestedBrackets(_ n: Int) -> [UInt8] {
        Array("// swift-format-ignore-file\nlet x = ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: n)
            + [UInt8](repeating: UInt8(ascii: "]"), count: n) + [UInt8(ascii: "\n")]
    }

    /// `n` nested interpolations: `"\("\("...")")"`.
    static func nestedInterpolations(_ n: Int) -> [UInt8] {
        var bytes = Array("// swift-format-ignore-file\nlet x = ".utf8)
        for _ in 0..<n { bytes += Array("\"\\(".utf8) }
        bytes += Array("1".utf8)
        for _ in 0..<n { bytes += Array(")\"".utf8) }
        return bytes + [UInt8(ascii: "\n")]
    }

    /// A `Table` literal with `n` rows (states) and three columns, misaligned.
    static func tallMatrix(_ n: Int) -> [UInt8] {
        var random = SplitMix64(seed: 21)
        return Array(("// swift-format-ignore-file\n" + tableLiteral("Tall", states: n, actions: 3, aligned: false, &random)).utf8)
    }

    /// An `@Machine` enum with `n` `@Row` lines and six columns, misaligned.
    static func tallMachine(_ n: Int) -> [UInt8] {
        var random = SplitMix64(seed: 23)
        return Array(("// swift-format-ignore-file\n" + machineEnum("Tall", states: n, actions: 6, aligned: false, &random)).utf8)
    }

    /// A `Table` literal with four rows and `n` columns (actions), misaligned.
    static func wideMatrix(_ n: Int) -> [UInt8] {
        var random = SplitMix64(seed: 22)
        return Array(("// swift-format-ignore-file\n" + tableLiteral("Wide", states: 4, actions: n, aligned: false, &random)).utf8)
    }

    /// A `.tbl` fixture with `rows` rows and `columns` columns, misaligned.
    static func fixture(rows: Int, columns: Int) -> [UInt8] {
        var text = "# Generated.\nmachine Big\ninitial S0\nstates " + (0..<rows).map { "S\($0)" }.joined(separator: " ")
        text += "\nactions " + (0..<columns).map { "A\($0)" }.joined(separator: " ") + "\n\n"
        for row in 0..<rows {
            text += "S\(row) | " + (0..<columns).map { column in
                (row + column) % 3 == 0 ? "GO(S\((row + 1) % rows), Fx)" : (row + column) % 3 == 1 ? "IGNORE" : "HANDLE"
            }.joined(separator: " | ") + "\n"
        }
        return Array(text.utf8)
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
