import Foundation
import XCTest
@testable import TablintKit

/// `dispatcher-default`'s unsafe fix proved as a compiler would: machines generated from a
/// fixed seed (payload cases, `case let`, `where`, several patterns per case, nested and
/// aliased enums, keyword names, 1 × 1 to past the size swiftc can check, catch-alls and
/// bodies of every kind) are fixed by the built `tablint --fix --unsafe-fixes`, both versions
/// are compiled with the real `swiftc` in one invocation each and run over every
/// (state, action) pair, effect and state, and the outputs must be identical. Machines past
/// the size swiftc checks in one switch are fixed into a `switch` over the state whose arms
/// `switch` over the action, and must compile and decide every pair as before too.
final class GeneratedDispatcherFixTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so a failure reproduces.
    /// Names Swift reserves, written in backticks where declared; `init` must stay in
    /// backticks after a pattern's `.`, the others are read as the case there.
    private static let keywordNames = ["init", "self", "default", "Type", "class", "in", "Self", "Protocol", "is", "nil"]

    private struct Case {
        var name: String
        var payload: Bool
        /// As a pattern or value writes it after the `.`.
        var spelled: String { "`\(name)`" }
        /// Every value to run, as implicit members: `T.`Type`` would name the metatype.
        var values: [String] { payload ? [0, 3, 7].map { ".\(spelled)(\($0))" } : ["." + spelled] }
    }

    /// One generated machine: its file and the driver lines that print every result.
    private struct Machine {
        var name: String
        var source: String
        var driver: String
        /// Whether the fix must refuse (a body that uses a bound value), so the catch-all stays.
        var refused: Bool
        /// Comments written between arms, each of which the fixed file must still hold.
        var comments: [String]
    }

    private static func cases(_ prefix: String, _ count: Int, _ random: inout SplitMix64, keywords: Bool) -> [Case] {
        var used = Set<String>()
        return (0..<count).map { index in
            var name = "\(prefix)\(index)"
            if keywords, random.chance(30) {
                let keyword = keywordNames[random.below(keywordNames.count)]
                if used.insert(keyword).inserted { name = keyword }
            }
            return Case(name: name, payload: random.chance(25))
        }
    }

    private static func pattern(_ item: Case, bindingPayload: Bool = false, refutable: Bool = false) -> String {
        guard item.payload else { return "." + item.spelled }
        if bindingPayload { return ".\(item.spelled)(let n)" }
        return refutable ? ".\(item.spelled)(3)" : "." + item.spelled
    }

    private static func machine(_ index: Int, _ random: inout SplitMix64, states stateCount: Int, actions actionCount: Int) -> Machine {
        let name = "M\(index)"
        let states = cases("s", stateCount, &random, keywords: true)
        let actions = cases("a", actionCount, &random, keywords: true)
        let effects = cases("f", 1 + random.below(4), &random, keywords: true)
        // How the enums are reached: declared in the machine, nested deeper, or through
        // aliases that hide the top-level decoy `enum S`/`A`/`F`.
        let shape = random.below(3)
        func declare(_ type: String, _ items: [Case]) -> String {
            "enum \(type) { case " + items.map { $0.spelled + ($0.payload ? "(Int)" : "") }.joined(separator: ", ") + " }"
        }
        var source = ""
        var owner = name
        switch shape {
        case 0:
            source += "enum \(name) {\n    \(declare("S", states))\n    \(declare("A", actions))\n    \(declare("F", effects))\n}\n"
        case 1:
            source += "enum \(name)Outer {\n    enum \(name) {\n        \(declare("S", states))\n        \(declare("A", actions))\n        \(declare("F", effects))\n    }\n}\n"
            owner = "\(name)Outer.\(name)"
        default:
            source += "\(declare("\(name)State", states))\n\(declare("\(name)Action", actions))\n\(declare("\(name)Effect", effects))\n"
            source += "enum \(name) {\n    typealias S = \(name)State\n    typealias A = \(name)Action\n    typealias F = \(name)Effect\n}\n"
        }
        let actionFirst = random.chance(25)
        var refused = false
        var comments: [String] = []
        let expression = random.chance(20)
        func subjectPattern(_ state: String, _ action: String) -> String {
            actionFirst ? "(\(action), \(state))" : "(\(state), \(action))"
        }
        // Arms above the catch-all.
        var arms: [String] = []
        var code = 100
        for _ in 0..<random.below(min(stateCount * actionCount, 6) + 1) {
            if random.chance(30) {
                comments.append("// \(name) before arm \(code + 1)")
                arms.append(comments.last!)
            }
            let state = states[random.below(states.count)], action = actions[random.below(actions.count)]
            code += 1
            switch random.below(6) {
            case 0 where state.payload:
                arms.append("case \(subjectPattern(pattern(state, bindingPayload: true), pattern(action))) where n > 2: \(expression ? "" : "return ")\(code) + n")
            case 1 where state.payload:
                arms.append("case let \(subjectPattern(".\(state.spelled)(n)", pattern(action))): \(expression ? "" : "return ")n * \(code)")
            case 2:
                let other = states[random.below(states.count)], otherAction = actions[random.below(actions.count)]
                arms.append("case \(subjectPattern(pattern(state, refutable: true), pattern(action))), \(subjectPattern(pattern(other), pattern(otherAction))): \(expression ? "" : "return ")\(code)")
            case 3:
                arms.append("case \(subjectPattern(pattern(state), pattern(action))) where pick(\(code)): \(expression ? "" : "return ")\(code)")
            case 4:
                // A partial wildcard, itself spelt out.
                arms.append("case \(subjectPattern(pattern(state, refutable: true), "_")): \(expression ? "" : "return ")\(code)")
            default:
                arms.append("case \(subjectPattern(pattern(state), pattern(action))): \(expression ? "" : "return ")\(code)")
            }
        }
        // The catch-all, and its body.
        if random.chance(30) {
            comments.append("// \(name) before the catch-all")
            arms.append(comments.last!)
        }
        let value = expression ? "7" : "return 7"
        switch random.below(expression ? 5 : 8) {
        case 0: arms.append("default: \(value)")
        case 1: arms.append("case _: \(value)")
        case 2: arms.append("case (_, _): \(value)")
        case 3: arms.append("case let (x, y): \(value)")
        case 4: arms.append("@unknown default: \(value)")
        case 5: arms.append("default:\n            // the rest\n            let base = 40\n            return base + 2")
        case 6:
            arms.append("case let (x, _): _ = x; return 9")
            refused = true
        default:
            arms.append("case (_, let y): _ = y; return 5")
            refused = true
        }
        let parameters = actionFirst ? "_ a: A, _ s: S" : "_ s: S, _ a: A"
        let subject = actionFirst ? "(a, s)" : "(s, a)"
        source += """
            extension \(owner) {
                static func step(\(parameters)) -> Int {
                    switch \(subject) {
                    \(arms.joined(separator: "\n        "))
                    }
                }
                static func perform(_ f: F) -> A? {
                    switch f {
                    case .\(effects[0].spelled)\(effects[0].payload ? "(0)" : ""): return .\(actions[0].spelled)\(actions[0].payload ? "(1)" : "")
                    default: return nil
                    }
                }
                static func render(_ s: S) -> String {
                    switch s {
                    case .\(states[0].spelled): return "first"
                    case _: return "other"
                    }
                }
            }

            """
        let stateValues = states.flatMap(\.values), actionValues = actions.flatMap(\.values)
        var driver = "for s in [\(stateValues.joined(separator: ", "))] as [\(owner).S] {\n"
        driver += "    for a in [\(actionValues.joined(separator: ", "))] as [\(owner).A] { print(\"\(name)\", s, a, \(owner).step(\(actionFirst ? "a, s" : "s, a"))) }\n"
        driver += "    print(\"\(name) render\", s, \(owner).render(s))\n}\n"
        driver += "for f in [\(effects.flatMap(\.values).joined(separator: ", "))] as [\(owner).F] { print(\"\(name) perform\", f, \(owner).perform(f).map { \"\\($0)\" } ?? \"nil\") }\n"
        return Machine(name: name, source: source, driver: driver, refused: refused, comments: comments)
    }

    func testFixedDispatchersCompileAndDecideEveryPairAsBefore() throws {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else {
            throw XCTSkip("swiftc was not found on PATH: the generated dispatchers cannot be compiled")
        }
        var random = SplitMix64(seed: 21)
        var sizes: [(Int, Int)] = [(1, 1), (1, 3), (3, 1), (2, 2), (16, 16), (20, 20), (26, 26), (30, 30), (48, 4), (64, 3), (100, 2), (2, 100), (40, 40)]
        for _ in 0..<33 { sizes.append((1 + random.below(7), 1 + random.below(7))) }
        let machines = sizes.enumerated().map { Self.machine($0.offset, &random, states: $0.element.0, actions: $0.element.1) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-fix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let prelude = """
            // Top-level enums an aliased machine's `S`, `A` and `F` must not be taken for.
            enum S { case decoy }
            enum A { case decoy }
            enum F { case decoy }
            func pick(_ code: Int) -> Bool { code % 2 == 0 }

            """
        let main = machines.map(\.driver).joined()
        var outputs: [String] = []
        for version in ["before", "after"] {
            let directory = folder.appendingPathComponent(version)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for machine in machines {
                try machine.source.write(to: directory.appendingPathComponent(machine.name + ".swift"), atomically: true, encoding: .utf8)
            }
            try prelude.write(to: directory.appendingPathComponent("Prelude.swift"), atomically: true, encoding: .utf8)
            if version == "after" {
                let fixed = try tablint(["--fix", "--unsafe-fixes", "--quiet", "."], in: directory)
                XCTAssertNotEqual(fixed.status, 2, fixed.output)
                for machine in machines {
                    let text = try String(contentsOf: directory.appendingPathComponent(machine.name + ".swift"), encoding: .utf8)
                    let labels = text.split(separator: "\n").map { $0.drop { $0 == " " } }
                    let catchAlls = labels.filter { line in
                        ["default:", "@unknown default:", "case _:", "case (_, _):", "case let (x, y):"].contains { line.hasPrefix($0) }
                    }
                    if machine.refused {
                        XCTAssertNotEqual(text, machine.source, "\(machine.name): perform and render are still fixed")
                    } else {
                        XCTAssertEqual(catchAlls, [], "\(machine.name): a catch-all was left\n\(text.prefix(3000))")
                    }
                    for comment in machine.comments {
                        XCTAssertTrue(text.contains(comment), "\(machine.name): the fix lost `\(comment)`")
                    }
                }
            }
            try main.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
                .sorted().map { directory.appendingPathComponent($0).path }
            let executable = directory.appendingPathComponent("run").path
            let (status, compiler) = try DispatcherDefaultFixTests.run(swiftc, ["-Onone", "-module-name", "Generated"] + files + ["-o", executable])
            guard status == 0 else {
                let failing = compiler.split(separator: "\n").filter { $0.contains("error:") }.prefix(10).joined(separator: "\n")
                XCTFail("swiftc rejects the \(version) version:\n\(failing)")
                return
            }
            let (ran, output) = try DispatcherDefaultFixTests.run(URL(fileURLWithPath: executable), [])
            XCTAssertEqual(ran, 0, output)
            outputs.append(output)
        }
        XCTAssertGreaterThan(outputs[0].split(separator: "\n").count, 1000)
        XCTAssertEqual(outputs[0], outputs[1], "a fixed dispatcher decides some value differently")
        let before = outputs[0].split(separator: "\n"), after = outputs[1].split(separator: "\n")
        if let first = zip(before, after).first(where: { $0 != $1 }) { XCTFail("first difference: \(first.0) → \(first.1)") }
    }

    private func tablint(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let log = directory.deletingLastPathComponent().appendingPathComponent("tablint.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
