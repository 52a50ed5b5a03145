import XCTest
@testable import TablintKit

/// The workspace runs a run rule again only when a summary part it reads changed, and the
/// answers it keeps are the ones a fresh run would give.
final class CrossFileCacheTests: XCTestCase {
    /// Locked: the workspace may run rules on two threads at once.
    final class Counter {
        private let lock = NSLock()
        private var counted = 0
        var runs: Int { lock.lock(); defer { lock.unlock() }; return counted }
        func count() { lock.lock(); defer { lock.unlock() }; counted += 1 }
    }

    /// A run rule that counts its runs and reports a warning at each matrix or enum it reads.
    struct CountingRule: RunRule {
        let code = "test::counting"
        let defaultSeverity = Severity.warning
        let summary = "Counts its runs."
        let counter: Counter
        let reads: SummaryParts

        func check(run facts: CrossFileRun) -> [Diagnostic] {
            counter.count()
            return facts.summaries.flatMap { file in
                (reads.contains(.matrices) ? file.matrices.map { diagnostic(file, at: $0.matrix.range, "a matrix of \($0.matrix.states.count) states") } : [])
                    + (reads.contains(.enums) ? file.enums.map { diagnostic(file, at: $0.nameRange, "enum \($0.name) of \($0.cases.count) cases") } : [])
            }
        }
    }

    static let ordinary = "let x = 1\nfunc f() -> Int { x + 1 }\n"

    private func workspace(_ counters: (matrices: Counter, enums: Counter, all: Counter)) -> Workspace {
        let rules: [Rule] = RuleRegistry.all + [
            CountingRule(counter: counters.matrices, reads: .matrices),
            CountingRule(counter: counters.enums, reads: [.enums, .typeNames]),
            CountingRule(counter: counters.all, reads: .all),
        ]
        var workspace = Workspace(rules: rules)
        workspace.update([
            Engine.Document(path: "Vend.swift", bytes: Array(CrossSurfaceTests.vendTable.utf8)),
            Engine.Document(path: "VendEnums.swift", bytes: Array(DeclarationGatingTests.enums.utf8)),
            Engine.Document(path: "Other.swift", bytes: Array(Self.ordinary.utf8)),
        ])
        return workspace
    }

    /// What a workspace of the same documents built from nothing says.
    private func fresh(_ workspace: Workspace) -> [String: [Diagnostic]] {
        var again = Workspace(rules: workspace.rules)
        again.update(workspace.paths.map { path in
            Engine.Document(path: path, bytes: documents[path]!, settings: workspace.settings(of: path)!)
        })
        return again.diagnostics()
    }

    private var documents: [String: [UInt8]] = [:]

    func testAnEditThatLeavesEverySummaryAsItWasRunsNoRuleAgain() {
        let counters = (Counter(), Counter(), Counter())
        var workspace = workspace(counters)
        let first = workspace.diagnostics()
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [1, 1, 1])
        workspace.update([Engine.Document(path: "Other.swift", bytes: Array((Self.ordinary + "let y = 2\n").utf8))])
        XCTAssertEqual(workspace.diagnostics(), first)
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [1, 1, 1], "no summary changed: no rule ran")
    }

    func testOnlyTheRulesThatReadAChangedPartRunAgainAndTheyAgreeWithAFreshRun() {
        let counters = (Counter(), Counter(), Counter())
        var workspace = workspace(counters)
        _ = workspace.diagnostics()
        // The matrix gains a line above it: its summary's matrices and lines change, nothing else.
        let moved = "// a comment\n" + CrossSurfaceTests.vendTable
        workspace.update([Engine.Document(path: "Vend.swift", bytes: Array(moved.utf8))])
        let after = workspace.diagnostics()
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [2, 1, 2], "the enums-only rule is not run again")
        documents = ["Vend.swift": Array(moved.utf8), "VendEnums.swift": Array(DeclarationGatingTests.enums.utf8),
                     "Other.swift": Array(Self.ordinary.utf8)]
        XCTAssertEqual(after, fresh(workspace))
        XCTAssertEqual(after["Vend.swift"]?.first { $0.code == "test::counting" }?.start.line, 3, "at the matrix's new place")
        XCTAssertEqual(after["VendEnums.swift"]?.filter { $0.code == "test::counting" }.count, 6, "3 enums, 2 rules")

        // The enums change: the enums rule runs, the matrices rule does not.
        let enums = DeclarationGatingTests.enums.replacingOccurrences(of: "paying", with: "refunding")
        workspace.update([Engine.Document(path: "VendEnums.swift", bytes: Array(enums.utf8))])
        let changed = workspace.diagnostics()
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [3, 3, 4], "one more run each for the fresh workspace")
        documents["VendEnums.swift"] = Array(enums.utf8)
        XCTAssertEqual(changed, fresh(workspace))
        // Reported at the enum, whose file its removal fix edits.
        XCTAssertTrue(changed["VendEnums.swift"]!.contains { $0.message.contains("refunding") }, "\(changed)")
    }

    func testRemovingADocumentRunsEveryRuleAgain() {
        let counters = (Counter(), Counter(), Counter())
        var workspace = workspace(counters)
        _ = workspace.diagnostics()
        workspace.remove("VendEnums.swift")
        let after = workspace.diagnostics()
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [2, 2, 2])
        XCTAssertFalse(after.values.joined().contains { $0.code == "tablint::enum-drift" })
    }

    /// A fix tried against the workspace (`replacing:`) reruns only what the replacement changes,
    /// and does not disturb what the workspace keeps.
    func testReplacementsRunOnlyTheRulesTheyConcernAndLeaveTheCacheAlone() {
        let counters = (Counter(), Counter(), Counter())
        var workspace = workspace(counters)
        let first = workspace.diagnostics()
        let enums = DeclarationGatingTests.enums.replacingOccurrences(of: "paying", with: "refunding")
        let replacement = Engine.analyze(SourceFile(path: "VendEnums.swift", bytes: Array(enums.utf8))).summary
        let tried = workspace.crossFile(replacing: ["VendEnums.swift": replacement])
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [1, 2, 2])
        XCTAssertTrue(tried["VendEnums.swift"]!.contains { $0.message.contains("refunding") })
        XCTAssertEqual(workspace.diagnostics(), first)
        XCTAssertEqual([counters.0.runs, counters.1.runs, counters.2.runs], [1, 2, 2], "the recorded answer was kept")
    }

    /// Every stored property of `FileSummary` is a part (or read by every rule): a field added
    /// without a part would leave a rule that reads it with stale answers.
    func testEveryFieldOfASummaryIsAPart() {
        let labels = Set(Mirror(reflecting: FileSummary.empty("x")).children.compactMap(\.label))
        let named = Set(SummaryParts.named.map(\.label)).union(SummaryParts.everyRuleReads)
        XCTAssertEqual(labels, named, "add the new field to SummaryParts.named")
    }
}
