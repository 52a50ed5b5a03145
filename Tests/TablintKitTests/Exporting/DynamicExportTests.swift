import Foundation
import XCTest
@testable import TablintKit

/// `tablint export --format dot|mermaid --dynamic`: each `HANDLE` cell drawn as what its
/// implementations return (from the machine's graph), an outcome that could not be read as an
/// edge to a `?` node, and everything else as the library draws it.
final class DynamicExportTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    static let door = Fixtures.url("Export/Dynamic/Door.tb.swift")
    static let doorCells = Fixtures.url("Export/Dynamic/DoorCells.swift")

    /// The Door matrix as export reads it, and its graph from the matrix alone.
    func doorMachine() throws -> (table: ExportTable, graph: MachineGraph) {
        let file = try Fixtures.source(Self.door)
        let machine = try XCTUnwrap(ExportReading.read(file).machines.first)
        let table = try XCTUnwrap(machine.table)
        let graph = try XCTUnwrap(MachineGraph(machine.matrix, path: file.path, lines: file.lines))
        return (table, graph)
    }

    static func origin(_ line: Int) -> MachineGraph.Origin {
        MachineGraph.Origin(path: "DoorCells.swift", range: 0..<1, start: SourceLocation(offset: 0, line: line, column: 5))
    }

    /// The graph as the implementations' reader fills it: `(Locked, Unlock)` returns
    /// `.go(.closed, effects: [.click])` or `.ignored`; `(Open, Push)` stays unknown.
    func readDoor() throws -> (table: ExportTable, graph: MachineGraph) {
        var (table, graph) = try doorMachine()
        graph.cells[2][2].outcomes = [
            MachineGraph.Outcome(target: 0, effects: ["Click"], origin: Self.origin(25), isDynamic: true),
            MachineGraph.Outcome(target: 2, origin: Self.origin(26), isDynamic: true),
        ]
        graph.cells[2][2].unknownReason = nil
        return (table, graph)
    }

    func testDotDrawsTheOutcomesReadFromCodeDashedAndTheUnknownToAQuestionMark() throws {
        let (table, graph) = try readDoor()
        XCTAssertEqual(DotExport.renderDynamic(table, graph: graph), """
            digraph Door {
                rankdir=LR;
                node [shape=box, style=rounded];
                __start [shape=point];
                __start -> Closed;
                __unknown [label="?", shape=circle, style=dashed];
                Closed -> Open [label="Push"];
                Closed -> Locked [label="Lock / Click"];
                Open -> __unknown [label="Push", style=dashed];
                Locked -> Closed [label="Unlock / Click", style=dashed];
                Locked -> Locked [label="Unlock", style=dashed];
            }

            """)
        XCTAssertEqual(DotExport.problems(table, graph: graph), [])
    }

    func testMermaidMarksTheOutcomesReadFromCodeInTheirLabels() throws {
        let (table, graph) = try readDoor()
        XCTAssertEqual(MermaidExport.renderDynamic(table, graph: graph), """
            stateDiagram-v2
                state "?" as __unknown
                [*] --> Closed
                Closed --> Open: Push
                Closed --> Locked: Lock / Click
                Open --> __unknown: Push (handler)
                Locked --> Closed: Unlock / Click (handler)
                Locked --> Locked: Unlock (handler)

            """)
        XCTAssertEqual(MermaidExport.problems(table, graph: graph), [])
    }

    /// Every outcome known: no `?` node at all; a cell read both ways (some outcomes and an
    /// unreadable return) draws both.
    func testTheQuestionMarkNodeAppearsOnlyForAnUnknownOutcome() throws {
        var (table, graph) = try readDoor()
        graph.cells[1][0].outcomes = [MachineGraph.Outcome(target: 0, origin: Self.origin(20), isDynamic: true)]
        graph.cells[1][0].unknownReason = nil
        let known = DotExport.renderDynamic(table, graph: graph)
        XCTAssertFalse(known.contains("?"), known)
        XCTAssertTrue(known.contains("    Open -> Closed [label=\"Push\", style=dashed];\n"), known)
        XCTAssertFalse(MermaidExport.renderDynamic(table, graph: graph).contains("state \"?\""))
        graph.cells[1][0].unknownReason = "`shutUnlessBlocked(ctx)` is a call tablint does not follow"
        let both = DotExport.renderDynamic(table, graph: graph)
        XCTAssertTrue(both.contains("    Open -> Closed [label=\"Push\", style=dashed];\n    Open -> __unknown [label=\"Push\", style=dashed];\n"), both)
    }

    /// Without a graph (or with one of another machine's shape) every HANDLE is unknown; a
    /// DELEGATE and the static cells are the library's edges.
    func testWithoutAGraphEveryHandleIsUnknownAndTheRestIsTheLibrarys() throws {
        let table = ExportTable(
            machine: "M", states: ["A", "B"], actions: ["X", "Y"],
            cells: [[.handle, .delegate(child: "c")], [.emit(effects: ["E"]), .unreachable]], initial: "A")
        let expected = """
            digraph M {
                rankdir=LR;
                node [shape=box, style=rounded];
                __start [shape=point];
                __start -> A;
                __unknown [label="?", shape=circle, style=dashed];
                A -> __unknown [label="X", style=dashed];
                A -> A [label="Y / >c", style=dashed];
                B -> B [label="X / E"];
            }

            """
        XCTAssertEqual(DotExport.renderDynamic(table, graph: nil), expected)
        var other = try doorMachine().graph
        other.states = ["A", "B", "C"]
        XCTAssertEqual(DotExport.renderDynamic(table, graph: other), expected)
    }

    func testTheQuestionMarkNodeIsNamedApartFromEveryState() {
        let table = ExportTable(machine: "M", states: ["__unknown", "__unknown_"], actions: ["X"], cells: [[.handle], [.ignore]], initial: nil)
        XCTAssertEqual(table.unknownNodeName, "__unknown__")
        XCTAssertTrue(DotExport.renderDynamic(table, graph: nil).contains("__unknown -> __unknown__ [label=\"X\", style=dashed];"))
    }

    // MARK: The command

    /// `--dynamic` builds one workspace over every file of the run and draws what its graph
    /// says: the same bytes as rendering the workspace's own graph of the machine.
    func testTheCommandDrawsTheWorkspacesGraphOfTheWholeRun() throws {
        let folder = Fixtures.url("Export/Dynamic").path
        var workspace = Workspace()
        var documents: [Engine.Document] = []
        for url in [Self.door, Self.doorCells] {
            documents.append(Engine.Document(path: folder + "/" + url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
        }
        workspace.update(documents)
        let graph = try XCTUnwrap(workspace.machineGraphs().first { $0.machine == "Door" })
        let table = try doorMachine().table
        for (format, expected) in [("dot", DotExport.renderDynamic(table, graph: graph)), ("mermaid", MermaidExport.renderDynamic(table, graph: graph))] {
            let result = run(["export", "--format", format, "--dynamic", folder])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, expected, format)
        }
    }

    /// `--dynamic` reads the matrices from the same workspace that gives the graphs, each file
    /// analysed once: what it reads of a file there is what the file gives read on its own.
    func testTheWholeRunsWorkspaceReadsTheMatricesAsEachFileAlone() throws {
        var workspace = Workspace()
        for url in [Self.door, Self.doorCells] {
            workspace.update([Engine.Document(path: url.path, bytes: Array(try Data(contentsOf: url)))], keeping: .context)
        }
        let alone = ExportReading.read(try Fixtures.source(Self.door))
        let fromRun = ExportReading.read(Self.door.path, from: workspace)
        XCTAssertEqual(fromRun.machines.count, 1)
        XCTAssertEqual(fromRun.machines.map(\.table), alone.machines.map(\.table))
        XCTAssertEqual(fromRun.machines.map { $0.diagnostics.map(\.message) }, alone.machines.map { $0.diagnostics.map(\.message) })
        XCTAssertTrue(ExportReading.read(Self.doorCells.path, from: workspace).machines.isEmpty)
        XCTAssertTrue(ExportReading.read("/no/such/file.swift", from: workspace).machines.isEmpty)
    }

    /// Each `?` is explained on standard error, at its cell; the status stays 0.
    func testEachUnknownOutcomeIsANoteAtItsCell() throws {
        let folder = Fixtures.url("Export/Dynamic").path
        let result = run(["export", "--format", "dot", "--dynamic", folder])
        XCTAssertEqual(result.status, 0)
        let note = try XCTUnwrap(result.stderr.components(separatedBy: "\n").first { $0.contains("(Open, Push)") }, result.stderr)
        XCTAssertTrue(note.hasPrefix(folder + "/Door.tb.swift:10:14: note: (Open, Push): what its implementations return is unknown ("), note)
        XCTAssertTrue(note.hasSuffix("); --dynamic draws it to the ? node [tablint::export]"), note)
        XCTAssertFalse(run(["export", "--format", "dot", folder]).stderr.contains("note:"))
    }

    /// Without `--dynamic` the output is the library's, byte for byte (a HANDLE is its dashed
    /// `?handle` self-loop), whatever the implementations say.
    func testWithoutDynamicTheOutputIsTheLibrarys() throws {
        let table = try doorMachine().table
        let folder = Fixtures.url("Export/Dynamic").path
        XCTAssertEqual(run(["export", "--format", "dot", folder]).stdout, DotExport.render(table))
        XCTAssertEqual(run(["export", "--format", "mermaid", folder]).stdout, MermaidExport.render(table))
        XCTAssertTrue(DotExport.render(table).contains("Open -> Open [label=\"Push / ?handle\", style=dashed];"))
    }

    func testDynamicIsRefusedWithTheFormatsThatDrawNoEdges() {
        let folder = Fixtures.url("Export/Dynamic").path
        let coverage = run(["export", "--format", "coverage", "--dynamic", folder])
        XCTAssertEqual(coverage.status, 2)
        XCTAssertEqual(coverage.stdout, "")
        XCTAssertTrue(coverage.stderr.hasPrefix(
            "tablint: error: --dynamic does not apply to --format coverage: the coverage report is the library's, byte for byte"), coverage.stderr)
        let grid = run(["export", "--dynamic", folder])
        XCTAssertEqual(grid.status, 2)
        XCTAssertTrue(grid.stderr.contains("give --format dot or --format mermaid with it"), grid.stderr)
        for format in ["markdown", "json"] {
            let result = run(["export", "--dynamic", "--format", format, folder])
            XCTAssertEqual(result.status, 2, format)
            XCTAssertTrue(result.stderr.contains("--dynamic applies to --format dot and mermaid only, not \(format)"), result.stderr)
        }
        XCTAssertTrue(run(["export", "--dynamic=yes", "--format", "dot", folder]).stderr.contains("--dynamic takes no value"))
        XCTAssertTrue(run(["export", "--help"]).stdout.contains("--dynamic"))
    }

    /// `--output DIR` writes the `--dynamic` diagram too.
    func testOutputWritesTheDynamicDiagram() throws {
        let directory = try TemporaryDirectory(self)
        let result = run(["export", "--format", "dot", "--dynamic", "--output", directory.path, Fixtures.url("Export/Dynamic").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try String(contentsOfFile: directory.path + "/Door.dot", encoding: .utf8)
        XCTAssertEqual(written, run(["export", "--format", "dot", "--dynamic", Fixtures.url("Export/Dynamic").path]).stdout)
        XCTAssertTrue(written.contains("[label=\"?\""), written)
    }

    // MARK: Graphviz and the documentation

    /// Graphviz renders the `--dynamic` DOT (outcomes read from code, an unknown one, a
    /// DELEGATE) without a warning; `Scripts/test-graphviz.sh` renders the command's in CI.
    func testGraphvizRendersTheDynamicDot() throws {
        let (table, graph) = try readDoor()
        let delegating = ExportTable(
            machine: "M", states: ["A", "B"], actions: ["X", "Y"],
            cells: [[.handle, .delegate(child: "c")], [.go(target: "A", effects: ["E"]), .handle]], initial: "A")
        for text in [DotExport.renderDynamic(table, graph: graph), DotExport.renderDynamic(delegating, graph: nil)] {
            try assertGraphvizRenders(text)
        }
    }

    /// The `--dynamic` picture in docs/export-and-diff.md is what the binary prints for the
    /// worked example (run from the package root), and Graphviz renders it.
    func testTheDocumentedDynamicExportIsTheOutput() throws {
        let page = try ReadmeTests.page("docs/export-and-diff.md")
        let shown = try XCTUnwrap(page.components(separatedBy: "<!-- export-dynamic:begin -->\n```dot\n").dropFirst().first?
            .components(separatedBy: "```\n<!-- export-dynamic:end -->").first, "docs/export-and-diff.md has no export-dynamic block")
        let result = run(["export", "--format", "dot", "--dynamic", ReadmeTests.repository.path + "/Tests/Fixtures/Export/Dynamic"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(shown, result.stdout, "paste the output into docs/export-and-diff.md's export-dynamic block:\n\(result.stdout)")
        try assertGraphvizRenders(result.stdout)
    }

    func assertGraphvizRenders(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let dot else { throw XCTSkip("Graphviz's dot is not installed (Debian package graphviz)") }
        let folder = try TemporaryDirectory(self)
        try folder.write("in.dot", text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", folder.path + "/in.dot", "-o", folder.path + "/out.svg"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text, file: file, line: line)
        XCTAssertEqual(warnings, "", text, file: file, line: line)
        let svg = try String(contentsOfFile: folder.path + "/out.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"), file: file, line: line)
        // The dashed edges are dashed in the picture.
        if text.contains("style=dashed") { XCTAssertTrue(svg.contains("stroke-dasharray"), file: file, line: line) }
    }
}
