import Foundation
import XCTest
@testable import TablintKit

/// Generated `.tbl` fixtures and `@Machine` enums, each correct or with one mutation whose
/// outcome in the library is known (reference `tabular-center.md` §1.2 and §3.1, and the
/// differential run of issue 13): what the library's parsers accept, tablint must not report
/// as an error (except the problems the library lets through by design: fewer rows than
/// states, an undeclared `initial` or GO target, an empty `EMIT()` in a `.tbl`); what they
/// reject, tablint must report under the library's code. In a `.tbl` fixture, the parser's
/// rejection is `tablint::fixture-syntax`, reported exactly when it rejects.
///
/// The library's code is not run here: the expected outcomes are the facts, written down.
final class LibraryParityTests: XCTestCase {
    /// What the library does with a generated input.
    enum Outcome: CustomStringConvertible {
        /// Accepted; tablint may report these error codes, which the library lets through.
        case accepts(allowing: Set<String>)
        /// Rejected with this code.
        case rejects(String)

        var description: String {
            switch self {
            case .accepts(let allowed): return allowed.isEmpty ? "accepts" : "accepts (allowing \(allowed.sorted()))"
            case .rejects(let code): return "rejects with \(code)"
            }
        }
    }

    struct Case {
        var mutation: String
        var path: String
        var text: String
        var outcome: Outcome
    }

    /// Layout is another rule's concern: generated text is not aligned.
    private static let layoutCodes: Set<String> = [
        "tablint::alignment", "tablint::unformattable", "tablint::header-labels", "tablint::format-ignore-directive",
    ]

    func testGeneratedFixturesAndEnumsGetTheLibrarysOutcome() {
        var random = SplitMix64(seed: 0x7AB1_E5)
        var cases: [Case] = []
        for _ in 0..<20 {
            for mutation in FixtureMutation.allCases {
                var generator = FixtureGenerator(random: &random)
                cases.append(generator.make(mutation))
            }
            for mutation in MachineMutation.allCases {
                var generator = MachineGenerator(random: &random)
                cases.append(generator.make(mutation))
            }
        }
        XCTAssertGreaterThan(cases.count, 500)
        var failures: [String] = []
        for generated in cases {
            let diagnostics = TestRun.lint(SourceFile(path: generated.path, text: generated.text))
            let errors = Set(diagnostics.filter { $0.severity == .error && !Self.layoutCodes.contains($0.code) }.map(\.code))
            let problem: String?
            switch generated.outcome {
            case .accepts(let allowed):
                let unexpected = errors.subtracting(allowed)
                problem = unexpected.isEmpty ? nil : "reported \(unexpected.sorted())"
            case .rejects(let code):
                problem = errors.contains(code) ? nil : "did not report \(code); reported \(errors.sorted())"
            }
            if generated.path.hasSuffix(".tbl") {
                let rejected: Bool
                if case .rejects = generated.outcome { rejected = true } else { rejected = false }
                if errors.contains(FixtureReader.syntaxCode) != rejected {
                    failures.append("\(generated.mutation): fixture-syntax must be reported exactly when the parser rejects (\(generated.outcome))\n\(generated.text)")
                }
            }
            if let problem {
                failures.append("\(generated.mutation): the library \(generated.outcome), tablint \(problem)\n\(generated.text)\n\(diagnostics.map { "\($0.start): \($0.code) \($0.message)" }.joined(separator: "\n"))")
            }
        }
        XCTAssertEqual(failures.count, 0, failures.prefix(5).joined(separator: "\n\n"))
    }
}

// MARK: .tbl fixtures

enum FixtureMutation: String, CaseIterable {
    case none, noActions, repeatedStates, repeatedActions, stateNamedActions, crlfCommentSwallowsLastRow
    case crlfEverywhere, combiningAfterPipe, combiningAfterHash, combiningAfterSpaceInStates
    case unknownCell, emptyGo, emptyDelegate, trailingPipe, rowsSwapped, shortRow, noInitialLine
    case lastRowMissing, undeclaredInitial, undeclaredTarget, emptyEmit
}

struct FixtureGenerator {
    var random: SplitMix64
    init(random: inout SplitMix64) {
        self.random = SplitMix64(seed: random.next())
    }

    private static let statePool = ["Idle", "Running", "Done", "Paused", "Broken", "Open"]
    private static let actionPool = ["Start", "Stop", "Tick", "Reset"]
    private static let effectPool = ["Beep", "Click", "Flash"]

    private mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private mutating func cell(_ states: [String]) -> String {
        switch count(0...5) {
        case 0: return "IGNORE"
        case 1: return "HANDLE"
        case 2: return "UNREACHABLE"
        case 3: return "GO(\(states.randomElement(using: &random)!))"
        case 4: return "GO(\(states.randomElement(using: &random)!), \(Self.effectPool.randomElement(using: &random)!))"
        default: return "EMIT(\(Self.effectPool.randomElement(using: &random)!))"
        }
    }

    mutating func make(_ mutation: FixtureMutation) -> LibraryParityTests.Case {
        var states = Array(Self.statePool.shuffled(using: &random).prefix(count(2...4)))
        let actions = mutation == .noActions ? [] : Array(Self.actionPool.shuffled(using: &random).prefix(count(1...3)))
        if mutation == .stateNamedActions { states[states.count - 1] = "actions" }
        var rows = states.map { state in [state] + actions.map { _ in cell(states) } }
        let initial = states[0]
        var outcome = LibraryParityTests.Outcome.accepts(allowing: [])
        func row(_ cells: [String]) -> String {
            cells.count == 1 ? cells[0] : cells.joined(separator: " | ")
        }
        var header = ["machine M", "initial \(initial)", "states  \(states.joined(separator: " "))", "actions \(actions.joined(separator: " "))".trimmingTrailingSpaces]
        var body: [String] = []
        switch mutation {
        case .none, .noActions, .stateNamedActions:
            body = rows.map(row)
        case .repeatedStates, .repeatedActions:
            body = rows.map(row)
            body.insert(header[mutation == .repeatedStates ? 2 : 3], at: 1)
        case .crlfCommentSwallowsLastRow:
            body = rows.map(row)
            body[body.count - 2] += " # last but one\r"
            outcome = .accepts(allowing: ["tabular-center::missing-row"])
        case .crlfEverywhere:
            header = header.map { $0 + "\r" }
            body = rows.map(row).map { $0 + "\r" }
            outcome = .rejects(FixtureReader.syntaxCode)
        case .combiningAfterPipe:
            guard !actions.isEmpty else { return make(.none) }
            body = rows.map(row)
            body[0] = body[0].replacingFirst("| ", with: "|\u{301} ")
            outcome = .rejects(FixtureReader.syntaxCode)
        case .combiningAfterHash:
            body = rows.map(row)
            body[0] += " #\u{301} note"
            outcome = .rejects(FixtureReader.syntaxCode)
        case .combiningAfterSpaceInStates:
            header[2] = "states  " + states.joined(separator: " \u{200D}")
            body = rows.map(row)
            outcome = .rejects(FixtureReader.syntaxCode)
        case .unknownCell, .emptyGo, .emptyDelegate:
            guard !actions.isEmpty else { return make(.none) }
            rows[rows.count - 1][1] = mutation == .unknownCell ? "IGNOR" : mutation == .emptyGo ? "GO( , )" : "DELEGATE()"
            body = rows.map(row)
            outcome = .rejects(FixtureReader.syntaxCode)
        case .trailingPipe:
            body = rows.map(row)
            body[0] += " |"
            outcome = .rejects(FixtureReader.syntaxCode)
        case .rowsSwapped:
            rows.swapAt(0, 1)
            body = rows.map(row)
            outcome = .rejects(FixtureReader.syntaxCode)
        case .shortRow:
            guard !actions.isEmpty else { return make(.none) }
            rows[0].removeLast()
            body = rows.map(row)
            outcome = .rejects(FixtureReader.syntaxCode)
        case .noInitialLine:
            header.remove(at: 1)
            body = rows.map(row)
            outcome = .rejects(FixtureReader.syntaxCode)
        case .lastRowMissing:
            body = rows.dropLast().map(row)
            outcome = .accepts(allowing: ["tabular-center::missing-row"])
        case .undeclaredInitial:
            header[1] = "initial Nowhere"
            body = rows.map(row)
            outcome = .accepts(allowing: ["tabular-center::unknown-state"])
        case .undeclaredTarget:
            guard !actions.isEmpty else { return make(.none) }
            rows[0][1] = "GO(Nowhere)"
            body = rows.map(row)
            outcome = .accepts(allowing: ["tabular-center::unknown-state"])
        case .emptyEmit:
            guard !actions.isEmpty else { return make(.none) }
            rows[0][1] = "EMIT()"
            body = rows.map(row)
            outcome = .accepts(allowing: ["tabular-center::empty-emit"])
        }
        let text = (["# generated: \(mutation.rawValue)"] + header + [""] + body).joined(separator: "\n") + "\n"
        return LibraryParityTests.Case(mutation: "tbl \(mutation.rawValue)", path: "M.tbl", text: text, outcome: outcome)
    }
}

// MARK: @Machine enums

enum MachineMutation: String, CaseIterable {
    case none, qualifiedCells, bareGoTarget, nonStaticInitial, labelledRow, selfQualifiedInitial, twoBindings, emitWithoutBrackets
    case initialOtherCase, goTargetOtherCase, effectOtherCase, rowOtherCase
    case goToString, goWithThreeArguments, emitBareName, duplicateCase
}

struct MachineGenerator {
    var random: SplitMix64
    init(random: inout SplitMix64) {
        self.random = SplitMix64(seed: random.next())
    }

    private static let statePool = ["idle", "running", "done", "paused", "broken"]
    private static let actionPool = ["start", "stop", "tick", "reset"]
    private static let effectPool = ["beep", "click", "flash"]

    private mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private mutating func cell(_ states: [String], _ effects: [String]) -> String {
        switch count(0...5) {
        case 0: return ".ignore"
        case 1: return ".handle"
        case 2: return ".unreachable"
        case 3: return ".go(.\(states.randomElement(using: &random)!))"
        case 4: return ".go(.\(states.randomElement(using: &random)!), [.\(effects.randomElement(using: &random)!)])"
        default: return ".emit([.\(effects.randomElement(using: &random)!)])"
        }
    }

    mutating func make(_ mutation: MachineMutation) -> LibraryParityTests.Case {
        var states = Array(Self.statePool.shuffled(using: &random).prefix(count(2...4)))
        let actions = Array(Self.actionPool.shuffled(using: &random).prefix(count(1...3)))
        let effects = Array(Self.effectPool.shuffled(using: &random).prefix(count(1...3)))
        var cells = states.map { _ in actions.map { _ in cell(states, effects) } }
        var labels = states.map { ".\($0)" }
        var initial = "static let initial = S.\(states[0])"
        var extraBinding = ""
        var outcome = LibraryParityTests.Outcome.accepts(allowing: [])
        let capitalized = { (name: String) in NameCasing.upperFirst(name) }
        switch mutation {
        case .none:
            break
        case .qualifiedCells:
            cells[0][0] = "Cell.go(.\(states[1]))"
            if actions.count > 1 { cells[0][1] = "Cell.ignore" }
        case .bareGoTarget:
            cells[0][0] = ".go(\(states[1]))"
        case .nonStaticInitial:
            initial = "let initial = S.\(states[0])"
        case .labelledRow:
            labels = labels.map { "state: \($0)" }
        case .selfQualifiedInitial:
            initial = "static let initial = Self.S.\(states[0])"
        case .twoBindings:
            extraBinding = ", spare = [ .ignore ]"
        case .emitWithoutBrackets:
            cells[0][0] = ".emit(.\(effects[0]), .\(effects[0]))"
        case .initialOtherCase:
            initial = "static let initial = S.\(capitalized(states[0]))"
            outcome = .rejects("tabular-center::unknown-state")
        case .goTargetOtherCase:
            cells[0][0] = ".go(.\(capitalized(states[1])))"
            outcome = .rejects("tabular-center::unknown-state")
        case .effectOtherCase:
            cells[0][0] = ".emit([.\(capitalized(effects[0]))])"
            outcome = .rejects("tabular-center::unknown-effect")
        case .rowOtherCase:
            labels[1] = ".\(capitalized(states[1]))"
            outcome = .rejects("tabular-center::missing-row")
        case .goToString:
            cells[0][0] = ".go(\"\(states[1])\")"
            outcome = .rejects("tabular-center::unknown-state")
        case .goWithThreeArguments:
            cells[0][0] = ".go(.\(states[1]), .\(effects[0]), .\(effects[0]))"
            outcome = .rejects("tabular-center::unknown-state")
        case .emitBareName:
            cells[0][0] = ".emit(\(effects[0]))"
            outcome = .rejects("tabular-center::empty-emit")
        case .duplicateCase:
            states.append(states[0])
            outcome = .rejects("tabular-center::missing-row")
        }
        var lines = [
            "@Machine",
            "enum M {",
            "    enum S { case \(states.joined(separator: ", ")) }",
            "    enum A { case \(actions.joined(separator: ", ")) }",
            "    enum F { case \(effects.joined(separator: ", ")) }",
            "    \(initial)",
        ]
        for (index, row) in cells.enumerated() {
            let binding = index == 0 ? extraBinding : ""
            lines.append("    @Row(\(labels[index])) static let r\(index) = [ \(row.joined(separator: ", ")) ]\(binding)")
        }
        lines.append("}")
        let text = "// generated: \(mutation.rawValue)\n" + lines.joined(separator: "\n") + "\n"
        return LibraryParityTests.Case(mutation: "@Machine \(mutation.rawValue)", path: "M.swift", text: text, outcome: outcome)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
