import Foundation
import XCTest
@testable import TablintKit

/// A rule that `--disable`, `.tablint` or the server's configuration turns off does not run at
/// all (it used to run, and its findings were dropped when the file's diagnostics were
/// finished); what the enabled rules say is unchanged.
final class DisabledRuleTests: XCTestCase {
    typealias Counter = CrossFileCacheTests.Counter
    typealias CountingRunRule = CrossFileCacheTests.CountingRule

    /// A per-file rule that counts its calls and reports nothing.
    struct CountingFileRule: Rule {
        let code = "test::counting-file"
        let defaultSeverity = Severity.warning
        let summary = "Counts its calls."
        let counter: Counter

        func check(_ context: LintContext) -> [Diagnostic] {
            counter.count()
            return []
        }
    }

    static let runRuleCode = "test::counting"

    static func settings(disabling codes: Set<String>) -> LintSettings {
        var settings = LintSettings.default
        settings.disabledCodes = codes
        return settings
    }

    static let vend = Array(CrossSurfaceTests.vendTable.utf8)
    static let vendEnums = Array(DeclarationGatingTests.enums.utf8)

    private func workspace(_ counter: Counter, disabledIn paths: Set<String>) -> Workspace {
        var workspace = Workspace(rules: RuleRegistry.all + [CountingRunRule(counter: counter, reads: .all)])
        let disabled = Self.settings(disabling: [Self.runRuleCode])
        workspace.update([
            Engine.Document(path: "Vend.swift", bytes: Self.vend, settings: paths.contains("Vend.swift") ? disabled : .default),
            Engine.Document(path: "VendEnums.swift", bytes: Self.vendEnums, settings: paths.contains("VendEnums.swift") ? disabled : .default),
        ])
        return workspace
    }

    func testARunRuleEveryDocumentDisablesIsNotRun() {
        let counter = Counter()
        let workspace = workspace(counter, disabledIn: ["Vend.swift", "VendEnums.swift"])
        let found = workspace.diagnostics()
        XCTAssertEqual(counter.runs, 0, "disabled in every document: not run")
        XCTAssertFalse(found.values.joined().contains { $0.code == Self.runRuleCode })
        // The other rules say what they say without it.
        var without = Workspace()
        without.update([
            Engine.Document(path: "Vend.swift", bytes: Self.vend), Engine.Document(path: "VendEnums.swift", bytes: Self.vendEnums),
        ])
        XCTAssertEqual(found, without.diagnostics())
        XCTAssertFalse(found.values.joined().isEmpty, "the enabled rules still report")
    }

    func testARunRuleOneDocumentEnablesRunsAndReportsThereOnly() {
        let counter = Counter()
        let found = workspace(counter, disabledIn: ["VendEnums.swift"]).diagnostics()
        XCTAssertEqual(counter.runs, 1)
        XCTAssertTrue(found["Vend.swift"]!.contains { $0.code == Self.runRuleCode })
        XCTAssertFalse(found["VendEnums.swift"]!.contains { $0.code == Self.runRuleCode })
    }

    /// The workspace keeps each run rule's answer; a rule it did not run, because every document
    /// disabled it, runs once a document enables it, though no summary changed.
    func testARunRuleEnabledAgainRunsAgain() {
        let counter = Counter()
        var workspace = workspace(counter, disabledIn: ["Vend.swift", "VendEnums.swift"])
        _ = workspace.diagnostics()
        XCTAssertEqual(counter.runs, 0)
        workspace.update([Engine.Document(path: "Vend.swift", bytes: Self.vend, settings: .default)])
        let again = workspace.diagnostics()
        XCTAssertEqual(counter.runs, 1)
        XCTAssertEqual(again, self.workspace(Counter(), disabledIn: ["VendEnums.swift"]).diagnostics())
        // Disabled everywhere again: not run, and its answer is gone.
        workspace.update([Engine.Document(path: "Vend.swift", bytes: Self.vend, settings: Self.settings(disabling: [Self.runRuleCode]))])
        XCTAssertFalse(workspace.diagnostics().values.joined().contains { $0.code == Self.runRuleCode })
        XCTAssertEqual(counter.runs, 1)
    }

    func testADisabledFileRuleIsNotCalled() {
        let counter = Counter()
        let rules = RuleRegistry.all + [CountingFileRule(counter: counter)]
        let document = Engine.Document(path: "Vend.swift", bytes: Self.vend, settings: Self.settings(disabling: ["test::counting-file"]))
        let disabled = Engine.run([document], mode: .report, rules: rules)
        XCTAssertEqual(counter.runs, 0)
        XCTAssertEqual(disabled, Engine.run([Engine.Document(path: "Vend.swift", bytes: Self.vend)], mode: .report))
        _ = Engine.run([Engine.Document(path: "Vend.swift", bytes: Self.vend)], mode: .report, rules: rules)
        XCTAssertEqual(counter.runs, 1, "enabled, it is called")
    }

    // MARK: The behaviour rules

    static let behaviourCodes: Set<String> = [
        UnreachableState().code, StuckStates().code, PathHandleTarget().code, UnemittedEffect().code, UnreadCells().code,
    ]

    /// `Failed` is reached only through `(Trying, Fail)`, whose implementation goes back to `Waiting`.
    static let retryFiles: [String: String] = [
        "Retry/Retry.swift": BehaviourFalseAlarmTests.retry,
        "Retry/Live.swift": "struct LiveRetry: RetryCells {\n    func tryingFail\(BehaviourFalseAlarmTests.signature) { .go(.waiting, effects: []) }\n}\n",
        "Retry/Step.swift": "extension LiveRetry {\n    func helper() -> Step<RetryS, RetryF> { .ignored }\n}\n",
        // Something for another rule to report.
        "Retry/Other.swift": "// tablint:disable-next-line tabular-center::dead-row\nlet x = 1\n",
    ]

    static func documents(_ settings: LintSettings) -> [Engine.Document] {
        retryFiles.keys.sorted().map { Engine.Document(path: $0, bytes: Array(retryFiles[$0]!.utf8), settings: settings) }
    }

    /// The rules that ask what a machine does (for which the implementations are read) are the
    /// five, and each is a `GraphRule`.
    func testTheRulesThatAskWhatMachinesDoAreTheBehaviourRules() {
        let asking = RuleRegistry.all.compactMap { $0 as? RunRule }.filter(\.asksWhatMachinesDo)
        XCTAssertEqual(Set(asking.map(\.code)), Self.behaviourCodes)
        XCTAssertTrue(asking.allSatisfy { $0 is GraphRule })
        XCTAssertFalse(RuleRegistry.all.contains { $0 is GraphRule && !(($0 as? RunRule)?.asksWhatMachinesDo ?? false) })
    }

    func testWithEveryBehaviourRuleDisabledNoImplementationIsReadAndTheOtherRulesSayTheSame() {
        let full = Engine.run(Self.documents(.default), mode: .report).diagnostics
        XCTAssertTrue(full.contains { $0.code == UnreachableState().code }, "\(full.map(\.code))")
        XCTAssertTrue(full.contains { $0.code == "tablint::unused-suppression" }, "\(full.map(\.code))")
        let disabled = Self.settings(disabling: Self.behaviourCodes)
        XCTAssertEqual(
            Engine.run(Self.documents(disabled), mode: .report).diagnostics,
            full.filter { !Self.behaviourCodes.contains($0.code) })

        let rules = Workspace.rules(RuleRegistry.all, enabledInAnyOf: [disabled, disabled])
        XCTAssertEqual(rules.count, RuleRegistry.all.count - 5)
        var workspace = Workspace(rules: rules)
        XCTAssertFalse(workspace.readsCellsImplementations)
        workspace.update(Self.documents(disabled))
        XCTAssertEqual(workspace.summaries.flatMap(\.cellsImplementations).count, 0, "no implementation is read")
        // One of them enabled anywhere: the implementations are read.
        let one = Workspace.rules(RuleRegistry.all, enabledInAnyOf: [disabled, Self.settings(disabling: Self.behaviourCodes.subtracting([StuckStates().code]))])
        XCTAssertTrue(Workspace(rules: one).readsCellsImplementations)
        var reading = Workspace()
        reading.update(Self.documents(.default))
        XCTAssertGreaterThan(reading.summaries.flatMap(\.cellsImplementations).count, 0)
    }

    /// The command line: `--disable` of the five gives the other rules' lines, unchanged.
    func testTheCommandLineWithTheBehaviourRulesDisabledPrintsTheOtherLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("disabled-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in Self.retryFiles {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let full = TestRun.command(["Retry"], in: folder)
        XCTAssertTrue(full.stdout.contains("[\(UnreachableState().code)]"), full.stdout + full.stderr)
        let disabled = TestRun.command(Self.behaviourCodes.sorted().flatMap { ["--disable", $0] } + ["Retry"], in: folder)
        // The full run's lines less the behaviour rules' diagnostics and their notes.
        var dropping = false
        let expected = full.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if !line.contains(": note: ") { dropping = Self.behaviourCodes.contains { line.hasSuffix("[\($0)]") } }
            return !dropping
        }
        XCTAssertEqual(disabled.stdout.split(separator: "\n", omittingEmptySubsequences: false), expected)
        XCTAssertTrue(disabled.stdout.contains("[tablint::unused-suppression]"), "the other rules still report: \(disabled.stdout)")
    }
}
