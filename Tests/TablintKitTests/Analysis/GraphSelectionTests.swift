import XCTest
@testable import TablintKit

/// The cross-file step builds graphs only for the machines with code in the run
/// (`MachineGraphs.build(_:onlyMachinesWithCode:)`): the behaviour rules say over them what they
/// say over every graph, and a kept workspace that gains or changes a machine's code answers as
/// a fresh one does.
final class GraphSelectionTests: XCTestCase {
    static let matrixPath = "Retry/Retry.swift"
    static let implementationPath = "Retry/Live.swift"

    static func implementation(returning state: String) -> String {
        "struct LiveRetry: RetryCells {\n    func tryingFail\(BehaviourFalseAlarmTests.signature) { .go(.\(state), effects: []) }\n}\n"
    }

    /// A codeless machine (the big matrix of the benchmark, `Other`) beside one with code.
    static let other = """
        let OTHER_TABLE = Table(
            machine: "Other",
            states: ["A", "B", "C"],
            actions: ["Go", "Wait"],
            cells: [
                [.go(target: "B", effects: []), .handle],
                [.handle, .ignore],
                [.ignore, .handle],
            ],
            initial: "A"
        )
        """

    private func graphCodes(_ diagnostics: [String: [Diagnostic]]) -> [String] {
        let codes = Set(RuleRegistry.all.filter { $0 is GraphRule }.map(\.code))
        return diagnostics.values.joined().map(\.code).filter(codes.contains).sorted()
    }

    private func fresh(_ files: [String: String]) -> [String: [Diagnostic]] {
        var workspace = Workspace()
        workspace.update(files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) })
        return workspace.diagnostics()
    }

    func testTheRulesSayOverTheSelectedGraphsWhatTheySayOverEveryGraph() {
        for withCode in [false, true] {
            var files = [Self.matrixPath: BehaviourFalseAlarmTests.retry, "Other/Other.swift": Self.other]
            if withCode { files[Self.implementationPath] = Self.implementation(returning: "waiting") }
            var workspace = Workspace()
            workspace.update(files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) })
            let run = workspace.summaries
            let facts = CrossFileRun(run)
            XCTAssertFalse(facts.machineGraphs.contains { $0.machine == "Other" }, "Other has no code: no graph")
            XCTAssertEqual(facts.machineGraphs.contains { $0.machine == "Retry" }, withCode)
            let everyGraph = MachineGraphs.build(run)
            for rule in RuleRegistry.all.compactMap({ $0 as? GraphRule }) {
                XCTAssertEqual(rule.check(run: facts), rule.check(facts: GraphFacts.ofRun(everyGraph), run: run), "\(rule.code), code: \(withCode)")
            }
        }
    }

    func testAKeptWorkspaceThatGainsOrChangesAMachinesCodeAnswersAsAFreshOne() {
        var files = [Self.matrixPath: BehaviourFalseAlarmTests.retry, "Other/Other.swift": Self.other]
        var workspace = Workspace()
        workspace.update(files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) })
        XCTAssertEqual(graphCodes(workspace.diagnostics()), [], "no code: the behaviour rules say nothing")

        // The code arrives in a file of its own: `Failed` is never returned, so it is unreachable.
        files[Self.implementationPath] = Self.implementation(returning: "waiting")
        workspace.update([Engine.Document(path: Self.implementationPath, bytes: Array(files[Self.implementationPath]!.utf8))])
        let gained = workspace.diagnostics()
        XCTAssertEqual(gained, fresh(files))
        XCTAssertTrue(graphCodes(gained).contains("tablint::unreachable-state"), "\(graphCodes(gained))")

        // The code now returns `Failed`: the finding goes.
        files[Self.implementationPath] = Self.implementation(returning: "failed")
        workspace.update([Engine.Document(path: Self.implementationPath, bytes: Array(files[Self.implementationPath]!.utf8))])
        let changed = workspace.diagnostics()
        XCTAssertEqual(changed, fresh(files))
        XCTAssertFalse(graphCodes(changed).contains("tablint::unreachable-state"), "\(graphCodes(changed))")

        // The code goes again: nothing is said, as at the start.
        files[Self.implementationPath] = nil
        workspace.remove(Self.implementationPath)
        XCTAssertEqual(workspace.diagnostics(), fresh(files))
        XCTAssertEqual(graphCodes(workspace.diagnostics()), [])
    }
}
