import XCTest
@testable import TablintKit

/// The workspace checks the run rules group by group (`CrossFileComponents`) and keeps each
/// group's results while its files read the same: after every edit of a sequence that moves
/// names between machines, its diagnostics are a fresh workspace's of the same documents.
final class CrossFileComponentTests: XCTestCase {
    /// One small machine split as a team splits it, as `Scripts/bench-lsp.py` writes it.
    static func machine(_ index: Int) -> [String: String] {
        let name = "M\(index)", lower = "m\(index)"
        return [
            "\(name)/\(name).tb.swift": """
                // swift-format-ignore-file
                let \(name)_TABLE = Table(
                    machine: "\(name)",
                    states: ["Idle", "Running"],
                    actions: ["Start", "Stop"],
                    cells: [
                        [.go(target: "Running", effects: ["Ring"]), .ignore],
                        [.ignore,                                  .handle],
                    ],
                    initial: "Idle"
                )

                """,
            "\(name)/\(name)+Enums.swift": """
                enum \(name)S { case idle, running }
                enum \(name)A { case start, stop }
                enum \(name)F { case ring }
                final class \(name)Ctx {}

                """,
            "\(name)/\(name)Cells.swift": """
                protocol \(name)Cells {
                    func runningStop(_ ctx: \(name)Ctx) -> Step<\(name)S, \(name)F>
                    func ring(_ ctx: \(name)Ctx) -> \(name)A?
                }

                """,
            "\(name)/\(name)Impl.swift": """
                struct \(name)Impl: \(name)Cells {
                    func runningStop(_ ctx: \(name)Ctx) -> Step<\(name)S, \(name)F> { .go(.idle, effects: []) }
                    func ring(_ ctx: \(name)Ctx) -> \(name)A? { nil }
                }

                """,
            "\(name)/\(name)+Step.swift": """
                func \(lower)Step(_ c: \(name)Cells, _ ctx: \(name)Ctx, _ s: \(name)S, _ a: \(name)A) -> Step<\(name)S, \(name)F> {
                    switch (s, a) {
                    case (.idle, .start): return .go(.running, effects: [.ring])
                    case (.idle, .stop): return .ignored
                    case (.running, .start): return .ignored
                    case (.running, .stop): return c.runningStop(ctx)
                    }
                }

                func \(lower)Perform(_ c: \(name)Cells, _ ctx: \(name)Ctx, _ f: \(name)F) -> \(name)A? {
                    switch f {
                    case .ring: return c.ring(ctx)
                    }
                }

                """,
        ]
    }

    static let machines = (0..<4).reduce(into: [String: String]()) { files, index in files.merge(machine(index)) { $1 } }

    /// The documents in a fixed order, as a front end adds them.
    static func documents(_ files: [String: String]) -> [Engine.Document] {
        files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(files[$0]!.utf8)) }
    }

    /// What a workspace of the same documents built from nothing says, checking the run as one.
    static func fresh(_ files: [String: String]) -> [String: [Diagnostic]] {
        var workspace = Workspace(checksByGroup: false)
        workspace.update(documents(files))
        return workspace.diagnostics()
    }

    func testEachMachineOfTheWorkspaceIsAGroupOfItsOwn() {
        var workspace = Workspace(checksByGroup: true)
        workspace.update(Self.documents(Self.machines))
        let groups = CrossFileComponents(workspace.summaries).groups
        let paths = groups.map { group in Set(group.map { workspace.summaries[$0].path.split(separator: "/")[0] }) }
        XCTAssertEqual(paths, ["M0", "M1", "M2", "M3"].map { Set([Substring($0)]) }, "one group per machine, each of its five files")
        XCTAssertEqual(groups.map(\.count), [5, 5, 5, 5])
    }

    /// Edits that change what other machines' files are told: a cell, a dispatcher paired with
    /// another machine, an enum moved into another machine's file and back, a matrix renamed
    /// onto another machine's name, a file emptied and removed.
    static let edits: [(label: String, path: String, change: (String) -> String)] = [
        // A requirement no cell asks for: its message names whichever implementation writes it.
        ("a stale requirement in M0's protocol", "M0/M0Cells.swift", {
            $0.replacingOccurrences(of: "protocol M0Cells {\n", with: "protocol M0Cells {\n    func idleStop(_ ctx: M0Ctx) -> Step<M0S, M0F>\n")
        }),
        ("M1's implementation writes it", "M1/M1Impl.swift", {
            $0.replacingOccurrences(of: "struct M1Impl: M1Cells {\n", with: "struct M1Impl: M1Cells {\n    func idleStop(_ ctx: M1Ctx) -> Step<M1S, M1F> { .ignored }\n")
        }),
        ("M0's stale requirement gone", "M0/M0Cells.swift", { $0.replacingOccurrences(of: "    func idleStop(_ ctx: M0Ctx) -> Step<M0S, M0F>\n", with: "") }),
        ("a trailing space in M0's matrix", "M0/M0.tb.swift", { $0.replacingOccurrences(of: ".ignore],", with: ".ignore], ") }),
        ("a cell of M0 turned to HANDLE", "M0/M0.tb.swift", { $0.replacingOccurrences(of: "[.ignore,  ", with: "[.handle,  ") }),
        ("M0's dispatcher renamed onto M1", "M0/M0+Step.swift", { $0.replacingOccurrences(of: "func m0Step", with: "func m1Step") }),
        ("M1's effects enum moved out", "M1/M1+Enums.swift", { $0.replacingOccurrences(of: "enum M1F { case ring }\n", with: "") }),
        ("M1's effects enum moved into M2's file", "M2/M2+Enums.swift", { $0 + "enum M1F { case ring, bell }\n" }),
        ("M0's dispatcher renamed back", "M0/M0+Step.swift", { $0.replacingOccurrences(of: "func m1Step", with: "func m0Step") }),
        ("M2's matrix renamed M3", "M2/M2.tb.swift", { $0.replacingOccurrences(of: "machine: \"M2\"", with: "machine: \"M3\"") }),
        ("M1's effects enum moved home", "M2/M2+Enums.swift", { $0.replacingOccurrences(of: "enum M1F { case ring, bell }\n", with: "") }),
        ("and back into M1's file", "M1/M1+Enums.swift", { $0 + "enum M1F { case ring }\n" }),
        ("M2's matrix named M2 again", "M2/M2.tb.swift", { $0.replacingOccurrences(of: "machine: \"M3\"", with: "machine: \"M2\"") }),
        ("M3's protocol emptied", "M3/M3Cells.swift", { _ in "" }),
        ("an action added to M3's matrix", "M3/M3.tb.swift", {
            $0.replacingOccurrences(of: "\"Stop\"]", with: "\"Stop\", \"Pause\"]")
                .replacingOccurrences(of: ".ignore],", with: ".ignore, .ignore],").replacingOccurrences(of: ".handle],", with: ".handle, .ignore],")
        }),
    ]

    func testAfterEveryEditTheDiagnosticsAreAFreshWorkspaces() {
        var files = Self.machines
        var workspace = Workspace(checksByGroup: true)
        workspace.update(Self.documents(files))
        XCTAssertEqual(workspace.diagnostics(), Self.fresh(files), "as built")
        var changedOthers = 0
        for edit in Self.edits {
            let before = workspace.diagnostics()
            let text = edit.change(files[edit.path]!)
            XCTAssertNotEqual(text, files[edit.path], "\(edit.label): the edit applies")
            files[edit.path] = text
            workspace.update([Engine.Document(path: edit.path, bytes: Array(text.utf8))])
            let after = workspace.diagnostics()
            XCTAssertEqual(after, Self.fresh(files), "after \(edit.label)")
            if before.contains(where: { $0.key != edit.path && after[$0.key] != $0.value }) { changedOthers += 1 }
        }
        XCTAssertGreaterThan(changedOthers, 3, "the edits change what other files are told")
        workspace.remove("M1/M1+Enums.swift")
        files["M1/M1+Enums.swift"] = nil
        XCTAssertEqual(workspace.diagnostics(), Self.fresh(files), "after M1's enums were removed")
    }

    /// A run rule that notes the files of each run it is given.
    struct RecordingRule: RunRule {
        /// Locked: the workspace checks independent groups on two threads at once.
        final class Runs {
            private let lock = NSLock()
            private var recorded: [[String]] = []
            var seen: [[String]] {
                get { lock.lock(); defer { lock.unlock() }; return recorded }
                set { lock.lock(); defer { lock.unlock() }; recorded = newValue }
            }
            func record(_ paths: [String]) { lock.lock(); defer { lock.unlock() }; recorded.append(paths) }
        }

        let code = "test::recording"
        let defaultSeverity = Severity.warning
        let summary = "Records what it is given."
        let runs: Runs

        func check(run facts: CrossFileRun) -> [Diagnostic] {
            runs.record(facts.summaries.map(\.path))
            return facts.summaries.flatMap { file in file.matrices.map { diagnostic(file, at: $0.matrix.range, "a matrix") } }
        }
    }

    func testAKeystrokeInOneMachineChecksOnlyThatMachineAgain() {
        let runs = RecordingRule.Runs()
        var workspace = Workspace(rules: RuleRegistry.all + [RecordingRule(runs: runs)], checksByGroup: true)
        var files = Self.machines
        workspace.update(Self.documents(files))
        _ = workspace.diagnostics()
        XCTAssertEqual(runs.seen.count, 4, "once per machine")
        runs.seen = []
        files["M2/M2.tb.swift"] = files["M2/M2.tb.swift"]!.replacingOccurrences(of: "initial:", with: " initial:")
        workspace.update([Engine.Document(path: "M2/M2.tb.swift", bytes: Array(files["M2/M2.tb.swift"]!.utf8))])
        let after = workspace.diagnostics()
        XCTAssertEqual(runs.seen, [Self.machine(2).keys.sorted()], "only M2's files are checked again")
        XCTAssertEqual(after["M0/M0.tb.swift"]?.filter { $0.code == "test::recording" }.count, 1, "the others keep what they found")
    }
}
