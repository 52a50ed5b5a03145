import Foundation
import XCTest
@testable import TablintKit

/// `tablint export`: the library's four `Export` formats byte for byte, Markdown and JSON,
/// which matrices are exported and which refused, and where the output goes.
final class ExportTests: XCTestCase {
    static let formats: [(format: Tablint.ExportFormat, golden: String)] = [
        (.grid, "grid"), (.mermaid, "mmd"), (.dot, "dot"), (.coverage, "coverage"),
    ]

    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    func conformanceFixtures() throws -> [URL] {
        let folder = ConformanceLintTests.folder
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw XCTSkip("the library's conformance fixtures are not at \(folder.path); put a copy of shared/ beside the checkout to run this test")
        }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tbl" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The only matrix of a file, as export reads it; fails when it is refused.
    func table(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> ExportTable {
        let reading = ExportReading.read(try Fixtures.source(url))
        XCTAssertEqual(reading.machines.count, 1, url.lastPathComponent, file: file, line: line)
        let machine = try XCTUnwrap(reading.machines.first, file: file, line: line)
        XCTAssertEqual(machine.refusals, [], url.lastPathComponent, file: file, line: line)
        return try XCTUnwrap(machine.table, "\(url.lastPathComponent) was refused", file: file, line: line)
    }

    func render(_ table: ExportTable, _ format: Tablint.ExportFormat) -> String {
        switch format {
        case .grid: return GridExport.render(table)
        case .mermaid: return MermaidExport.render(table)
        case .dot: return DotExport.render(table)
        default: return CoverageExport.render(table)
        }
    }

    // MARK: The library's formats

    /// Every `.grid`, `.mmd`, `.dot` and `.coverage` beside the conformance fixtures is what the
    /// library's `Export` returned for its `.tbl`; tablint gives the same bytes.
    func testEveryConformanceGoldenIsReproducedByteForByte() throws {
        var compared = 0
        for url in try conformanceFixtures() {
            let table = try table(url)
            for (format, golden) in Self.formats {
                let goldenURL = url.deletingPathExtension().appendingPathExtension(golden)
                let expected = try XCTUnwrap(FileManager.default.contents(atPath: goldenURL.path), "missing \(goldenURL.lastPathComponent)")
                XCTAssertEqual(Array(render(table, format).utf8), Array(expected), goldenURL.lastPathComponent)
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 44, "expected 11 fixtures with 4 goldens each")
    }

    /// The binary prints the same bytes on standard output, and nothing but the lints on
    /// standard error (a `.tbl` named on the command line is exported).
    func testTheCommandPrintsTheGoldens() throws {
        for url in try conformanceFixtures().prefix(3) {
            for (format, golden) in Self.formats {
                let result = run(["export", "--format", format.rawValue, url.path])
                XCTAssertEqual(result.status, 0, result.stderr)
                let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension(golden), encoding: .utf8)
                XCTAssertEqual(result.stdout, expected, "\(url.lastPathComponent) \(format)")
                XCTAssertFalse(result.stderr.contains("error:"), result.stderr)
            }
        }
    }

    /// tablint's own cases beside the library's: widths in grapheme clusters (a decomposed
    /// `é`, a flag, a family emoji, CJK), a `Table` without `initial:`, and `EMIT()`.
    func testTheExportFixturesAreReproduced() throws {
        let sources = try FileManager.default.contentsOfDirectory(at: Fixtures.url("Export"), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".tb.swift") || $0.pathExtension == "tbl" }
        XCTAssertEqual(sources.count, 3)
        var compared = 0
        for url in sources {
            let base = url.lastPathComponent.components(separatedBy: ".")[0]
            let table = try table(url)
            for (format, golden) in Self.formats {
                let goldenURL = Fixtures.url("Export/\(base).\(golden)")
                guard let expected = FileManager.default.contents(atPath: goldenURL.path) else { continue }
                XCTAssertEqual(render(table, format), String(decoding: expected, as: UTF8.self), goldenURL.lastPathComponent)
                compared += 1
            }
        }
        XCTAssertEqual(compared, 10)
    }

    /// An `@Machine` enum exports under its names as written, lowerCamel, with its `@Path`
    /// defaults applied (the `stop` hop's HANDLE is a GO), as the library's macro reader and
    /// `buildDesc` pass them on.
    func testAnEnumExportsItsNamesAsWritten() {
        let result = run(["export", "--machine", "Timer", Fixtures.url("MachineEnum/correct.tb.swift").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Timer    start                    stop                 cancel           tick
            idle     HANDLE                   IGNORE               IGNORE           IGNORE
            running  IGNORE                   GO(done)             HANDLE           EMIT(startClock)
            done     IGNORE                   IGNORE               IGNORE           GO(done)
            waiting  GO(running, startClock)  GO(done, stopClock)  DELEGATE(retry)  UNREACHABLE

            """)
    }

    /// A byte count or a code-point count would pad these names differently.
    func testGridWidthsAreGraphemeClusters() {
        let decomposed = "Cafe\u{301}"
        XCTAssertEqual(decomposed.unicodeScalars.count, 5)
        let table = ExportTable(
            machine: "M", states: [decomposed, "🇫🇷"], actions: ["A"], cells: [[.ignore], [.handle]], initial: nil)
        XCTAssertEqual(GridExport.render(table), "M     A\n\(decomposed)  IGNORE\n🇫🇷     HANDLE\n")
    }

    // MARK: Markdown and JSON

    func testMarkdownHoldsTheMatrixAndTheLibrarysMermaid() throws {
        let url = Fixtures.url("Export/nil-initial.tb.swift")
        let result = run(["export", "--format", "markdown", url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let mermaid = try String(contentsOf: Fixtures.url("Export/nil-initial.mmd"), encoding: .utf8)
        XCTAssertEqual(result.stdout, """
            ## Lamp

            `\(url.path):3`; initial state: none.

            | Lamp | Flip |
            |---|---|
            | Off | `GO(On)` |
            | On | `EMIT(Buzz)` |

            ```mermaid
            \(mermaid)```

            """)
    }

    /// The documentation's Markdown export (docs/export-and-diff.md) is what the command prints (run from the package root, as
    /// `ReadmeTests` runs its example).
    func testTheReadmeMarkdownExportIsTheOutput() throws {
        let readme = try ReadmeTests.page("docs/export-and-diff.md")
        let shown = try XCTUnwrap(readme.components(separatedBy: "<!-- export-markdown:begin -->\n````markdown\n").dropFirst().first?
            .components(separatedBy: "````\n<!-- export-markdown:end -->").first)
        let root = ReadmeTests.repository.path + "/"
        let result = run(["export", "--format", "markdown", root + "Examples/Correct/Correct.tb.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(shown, result.stdout.replacingOccurrences(of: root, with: ""))
        XCTAssertTrue(shown.contains("```mermaid\n" + MermaidExport.render(try table(Fixtures.url("../../Examples/Correct/Correct.tb.swift"))) + "```\n"))
    }

    func testMarkdownOfSeveralMachinesHoldsThemAll() {
        let result = run(["export", "--format", "markdown", Fixtures.url("TableLiteral/correct.tb.swift").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "```mermaid\n").count - 1, 3)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") }, ["## Timer", "## Gate", "## Raw"])
    }

    struct JSONMatrix: Decodable {
        struct Name: Decodable { var name: String; var line: Int; var column: Int }
        struct Cell: Decodable {
            var state, action, kind: String
            var target: String?
            var effects: [String]
            var child: String?
            var line, column: Int
        }
        var machine, surface, path: String
        var line, column: Int
        var initial: String?
        var states, actions: [Name]
        var cells: [Cell]
    }

    func testJSONIsTheMatrixModelWithLocations() throws {
        let url = Fixtures.url("MachineEnum/correct.tb.swift")
        let result = run(["export", "--format", "json", "--machine", "Turnstile", url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let matrix = try JSONDecoder().decode(JSONMatrix.self, from: Data(result.stdout.utf8))
        XCTAssertEqual(matrix.machine, "Turnstile")
        XCTAssertEqual(matrix.surface, "machine")
        XCTAssertEqual(matrix.initial, "locked")
        XCTAssertEqual(matrix.states.map(\.name), ["locked", "unlocked"])
        XCTAssertEqual(matrix.actions.map(\.name), ["coin", "push"])
        XCTAssertEqual(matrix.states[0].line, 5)
        XCTAssertEqual(matrix.cells.map(\.kind), ["go", "ignore", "ignore", "handle"])
        XCTAssertEqual(matrix.cells[0].target, "unlocked")
        XCTAssertEqual(matrix.cells[0].effects, ["click"])
        XCTAssertEqual(matrix.cells[0].state, "locked")
        XCTAssertEqual(matrix.cells[0].line, 11)
        XCTAssertEqual(matrix.cells[0].column, 38)
        XCTAssertEqual(matrix.cells[3].action, "push")
    }

    // MARK: What is exported

    /// A `Table` literal the library builds is exported even with tablint's errors about it
    /// (an undeclared GO target and initial, printed as given), which go to standard error.
    func testATableWithUndeclaredNamesIsExportedWithItsDiagnostics() {
        let result = run(["export", Fixtures.url("TableLiteral/unknown-state.tb.swift").path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            Timer    Start                   Stop
            Idle     GO(Runing, StartClock)  IGNORE
            Running  IGNORE                  GO(Idle)

            """)
        XCTAssertTrue(result.stderr.contains("error: cell (Idle, Start) transitions to `Runing`"), result.stderr)
    }

    /// The same mistakes in an `@Machine` enum: `buildDesc` refuses it, so nothing is exported.
    func testAnEnumTheLibraryRefusesIsNotExported() {
        for name in ["unknown-state", "empty-emit", "go-target", "member-collision", "path-broken"] {
            let result = run(["export", Fixtures.url("MachineEnum/\(name).tb.swift").path])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertEqual(result.stdout, "", name)
            XCTAssertTrue(result.stderr.contains("[tabular-center::\(name)]"), "\(name): \(result.stderr)")
        }
    }

    /// A broken shape is refused on every surface: its diagnostics are printed, status 1.
    func testABrokenShapeIsNotExported() {
        for path in [
            "TableLiteral/row-arity.tb.swift", "TableLiteral/missing-row.tb.swift", "TableLiteral/extra-row.tb.swift",
            "TableLiteral/unknown-cell.tb.swift", "Fixture/row-arity.tbl", "Fixture/missing-row.tbl",
            "Fixture/missing-row.order.tbl", "Fixture/fixture-syntax.cells.tbl", "Fixture/fixture-syntax.missing-lines.tbl",
            "MachineEnum/row-arity.tb.swift", "MachineEnum/missing-row.tb.swift", "MachineEnum/machine-syntax.tb.swift",
            "TableLiteral/unreadable-matrix.tb.swift",
        ] {
            let result = run(["export", Fixtures.url(path).path])
            XCTAssertEqual(result.status, 1, path)
            XCTAssertEqual(result.stdout, "", path)
            XCTAssertTrue(result.stderr.contains("error:") || result.stderr.contains("warning: cannot read"), "\(path): \(result.stderr)")
        }
    }

    /// A `.tbl` the library's parser accepts is exported: `EMIT()`, which tablint reports.
    func testAnEmptyEmitPinIsExported() {
        let result = run(["export", Fixtures.url("Export/emit-empty.tbl").path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "Bell   Ring\nQuiet  EMIT()\n")
        XCTAssertTrue(result.stderr.contains("[tabular-center::empty-emit]"), result.stderr)
    }

    /// Pins repeat machines: in a folder they are exported only when `--machine` names them.
    func testPinsInAFolderNeedMachine() throws {
        let folder = try TemporaryDirectory(self)
        try folder.copy(Fixtures.url("Export/nil-initial.tb.swift"), to: "Timer.tb.swift")
        try folder.copy(Fixtures.url("Export/emit-empty.tbl"), to: "pins/Bell.tbl")
        XCTAssertEqual(run(["export", folder.path]).stdout, "Lamp  Flip\nOff   GO(On)\nOn    EMIT(Buzz)\n")
        XCTAssertEqual(run(["export", "--machine", "Bell", folder.path]).stdout, "Bell   Ring\nQuiet  EMIT()\n")
        let named = run(["export", folder.path + "/pins/Bell.tbl"])
        XCTAssertEqual(named.stdout, "Bell   Ring\nQuiet  EMIT()\n")
        let both = run(["export", "--format", "coverage", folder.path, folder.path + "/pins/Bell.tbl"])
        XCTAssertEqual(both.stdout, try String(contentsOf: Fixtures.url("Export/nil-initial.coverage"), encoding: .utf8)
            + "\n" + String(contentsOf: Fixtures.url("Export/emit-empty.coverage"), encoding: .utf8))
        let missing = run(["export", "--machine", "Nope", folder.path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no machine named 'Nope'"), missing.stderr)
    }

    // MARK: Where the output goes

    func testOneMachineFormatsNeedOneMachine() {
        let path = Fixtures.url("TableLiteral/correct.tb.swift").path
        for format in ["mermaid", "dot", "json"] {
            let result = run(["export", "--format", format, path])
            XCTAssertEqual(result.status, 2, format)
            XCTAssertEqual(result.stdout, "", format)
            XCTAssertTrue(result.stderr.contains("prints one machine, and 3 were found:\n  Timer (\(path):4)\n  Gate (\(path):18)\n  Raw (\(path):20)"), result.stderr)
        }
        let chosen = run(["export", "--format", "mermaid", "--machine", "Gate", path])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertTrue(chosen.stdout.hasPrefix("stateDiagram-v2\n"), chosen.stdout)
    }

    func testOutputWritesOneFilePerMachine() throws {
        let output = try TemporaryDirectory(self)
        let result = run(["export", "--format", "dot", "--output", output.path + "/out", Fixtures.url("TableLiteral/correct.tb.swift").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path + "/out").sorted(), ["Gate.dot", "Raw.dot", "Timer.dot"])
        XCTAssertTrue(try String(contentsOfFile: output.path + "/out/Gate.dot", encoding: .utf8).hasPrefix("digraph Gate {\n"))
    }

    func testOutputRefusesANameThatIsNotAFileName() throws {
        let folder = try TemporaryDirectory(self)
        try folder.write("Escape.tb.swift", """
            let ESCAPE = Table(
                machine: "../Escape",
                states: ["A"],
                actions: ["X"],
                cells: [
                    [.ignore],
                ],
                initial: "A"
            )

            """)
        let result = run(["export", "--output", folder.path + "/out", folder.path + "/Escape.tb.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("cannot write `../Escape`"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/Escape.grid"))
    }

    /// A link to nothing, or a link loop, on the way to DIR: what is there and what was
    /// expected, not mkdir's "File exists"; a link to a folder is followed.
    func testOutputThroughABrokenSymbolicLinkSaysWhatIsThere() throws {
        let folder = try TemporaryDirectory(self)
        let source = Fixtures.url("TableLiteral/correct.tb.swift").path
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/dangl", withDestinationPath: "gone")
        let dangling = run(["export", "--output", folder.path + "/dangl", source])
        XCTAssertEqual(dangling.status, 2)
        XCTAssertEqual(dangling.stderr, "tablint: error: cannot create \(folder.path)/dangl: \(folder.path)/dangl is a symbolic link to gone, which does not exist; expected a folder (or a link to one)\n")
        let below = run(["export", "--output", folder.path + "/dangl/out", source])
        XCTAssertEqual(below.stderr, "tablint: error: cannot create \(folder.path)/dangl/out: \(folder.path)/dangl is a symbolic link to gone, which does not exist; expected a folder (or a link to one)\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: "loop")
        let loop = run(["export", "--output", folder.path + "/loop", source])
        XCTAssertEqual(loop.status, 2)
        XCTAssertTrue(loop.stderr.contains("loop is a symbolic link that leads back to itself"), loop.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/gone"))
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "real")
        XCTAssertEqual(run(["export", "--output", folder.path + "/linked", source]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/real/Gate.grid"))
    }

    func testOutputRefusesTwoSourcesWithOneName() throws {
        let folder = try TemporaryDirectory(self)
        try folder.copy(Fixtures.url("Export/nil-initial.tb.swift"), to: "a/Lamp.tb.swift")
        try folder.copy(Fixtures.url("Export/nil-initial.tb.swift"), to: "b/Lamp.tb.swift")
        let result = run(["export", "--output", folder.path + "/out", folder.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("two machines are named `Lamp`: \(folder.path)/a/Lamp.tb.swift:3 and \(folder.path)/b/Lamp.tb.swift:3"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    /// Byte parity wins: a name Graphviz cannot read bare is printed as the library prints
    /// it, with a warning.
    func testDotWarnsAboutNamesGraphvizCannotRead() throws {
        let folder = try TemporaryDirectory(self)
        try folder.write("Odd.tb.swift", """
            let ODD = Table(
                machine: "a-b",
                states: ["9Lives", "node"],
                actions: ["X"],
                cells: [
                    [.go(target: "node", effects: ["say\\"hi"])],
                    [.ignore],
                ],
                initial: "9Lives"
            )

            """)
        let result = run(["export", "--format", "dot", folder.path + "/Odd.tb.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            digraph a-b {
                rankdir=LR;
                node [shape=box, style=rounded];
                __start [shape=point];
                __start -> 9Lives;
                9Lives -> node [label="X / say"hi"];
            }

            """)
        for name in ["the machine name `a-b`", "the initial state `9Lives`", "the state `node`", "the label `X / say\"hi`"] {
            XCTAssertTrue(result.stderr.contains(name), "\(name): \(result.stderr)")
        }
        XCTAssertTrue(result.stderr.contains("Graphviz will not read this DOT as written"), result.stderr)
        XCTAssertEqual(DotExport.problems(try table(Fixtures.url("Export/graphemes.tb.swift"))), [])
    }

    static let breaker = """
        let BREAKER = Table(
            machine: "Breaker",
            states: ["Closed", "Half-Open", "Open wide", "s2"],
            actions: ["Trip", "Probe"],
            cells: [
                [.go(target: "Half-Open", effects: []), .ignore],
                [.go(target: "Open wide", effects: []), .go(target: "Closed", effects: [])],
                [.ignore, .go(target: "Half-Open", effects: [])],
                [.ignore, .ignore],
            ],
            initial: "Half-Open"
        )

        """

    /// Mermaid's state ids stop at `-`, blanks and `:`: the `.mmd` keeps the library's bytes
    /// and warns, as the DOT does; the Markdown, for people, declares such states by id.
    func testMermaidWarnsAboutStateNamesItCannotReadAndMarkdownAliasesThem() throws {
        let folder = try TemporaryDirectory(self)
        try folder.write("Breaker.tb.swift", Self.breaker)
        let mermaid = run(["export", "--format", "mermaid", folder.path + "/Breaker.tb.swift"])
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        XCTAssertEqual(mermaid.stdout, """
            stateDiagram-v2
                [*] --> Half-Open
                Closed --> Half-Open: Trip
                Half-Open --> Open wide: Trip
                Half-Open --> Closed: Probe
                Open wide --> Half-Open: Probe

            """)
        let warnings = mermaid.stderr.split(separator: "\n").filter { $0.hasSuffix("[tablint::export]") }
        XCTAssertEqual(warnings.map { $0.drop { $0 != " " } }, [
            " warning: the initial state `Half-Open` is not a Mermaid state id (letters, digits and `_`), and the library prints it bare; Mermaid will not read this diagram as written [tablint::export]",
            " warning: the state `Open wide` is not a Mermaid state id (letters, digits and `_`), and the library prints it bare; Mermaid will not read this diagram as written [tablint::export]",
        ], mermaid.stderr)
        XCTAssertTrue(warnings.allSatisfy { $0.hasPrefix(folder.path + "/Breaker.tb.swift:") }, mermaid.stderr)
        let markdown = run(["export", "--format", "markdown", folder.path + "/Breaker.tb.swift"])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertFalse(markdown.stderr.contains("[tablint::export]"), markdown.stderr)
        // `s2` is taken by a state, so the aliases go on from the next free one.
        XCTAssertTrue(markdown.stdout.hasSuffix("""
            ```mermaid
            stateDiagram-v2
                state "Half-Open" as s1
                state "Open wide" as s2_
                [*] --> s1
                Closed --> s1: Trip
                s1 --> s2_: Trip
                s1 --> Closed: Probe
                s2_ --> s1: Probe
            ```

            """), markdown.stdout)
        // Names Mermaid reads are left as the library prints them.
        let plain = try table(Fixtures.url("Export/graphemes.tb.swift"))
        XCTAssertEqual(MermaidExport.problems(plain), [])
        XCTAssertEqual(MermaidExport.readable(plain), MermaidExport.render(plain))
    }

    /// Graphviz reads the DOT of every conformance fixture without a warning
    /// (`Scripts/test-graphviz.sh` does the same with the release binary in CI).
    func testGraphvizRendersEveryConformanceFixtureWithoutAWarning() throws {
        let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let dot else { throw XCTSkip("Graphviz's dot is not installed (Debian package graphviz)") }
        for url in try conformanceFixtures() {
            let folder = try TemporaryDirectory(self)
            try folder.write("in.dot", DotExport.render(try table(url)))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg", folder.path + "/in.dot", "-o", folder.path + "/out.svg"]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, url.lastPathComponent)
            XCTAssertEqual(warnings, "", url.lastPathComponent)
            XCTAssertTrue(try String(contentsOfFile: folder.path + "/out.svg", encoding: .utf8).contains("<svg"), url.lastPathComponent)
        }
    }

    func testDotIdentifiers() {
        for valid in ["Idle", "_x", "a1", "待機", "-1.5", ".5", "1.", "42"] {
            XCTAssertTrue(DotExport.isIdentifier(valid), valid)
        }
        for invalid in ["a-b", "x.y", "9Lives", "c:d", "", ".", "1.2.3", "Node", "graph", "-"] {
            XCTAssertFalse(DotExport.isIdentifier(invalid), invalid)
        }
    }

    // MARK: Subcommand words

    /// `export` and `diff` are subcommands only as the first argument: `./export` is a path.
    func testSubcommandsOnlyAsTheFirstArgument() {
        for word in ["./export", "./diff"] {
            let result = run([word])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "tablint: error: no such file or directory: \(word)\n")
        }
        XCTAssertTrue(run(["export", "--help"]).stdout.hasPrefix("USAGE: tablint export"))
        XCTAssertTrue(run(["diff", "--help"]).stdout.hasPrefix("USAGE: tablint diff"))
        let unknown = run(["export", "--format", "svg"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown format 'svg'"), unknown.stderr)
    }
}

extension TemporaryDirectory {
    func copy(_ source: URL, to relative: String) throws {
        try write(relative, Array(try Data(contentsOf: source)))
    }
}
