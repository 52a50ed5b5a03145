import Foundation
import XCTest
@testable import TablintKit

/// `.tablint` files, `--config`, `--no-config`, `--print-config`, include/exclude globs,
/// `--force-exclude`, per-file rule settings, and the run-wide flags (`--quiet`, `--strict`,
/// `--exit-zero`, `--statistics`, colour).
final class ConfigurationTests: XCTestCase {
    // MARK: Globs

    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("*.swift", "A.swift", true),
            ("*.swift", "Sources/Deep/A.swift", true),       // no `/`: any depth
            ("*.swift", "A.tbl", false),
            ("/*.swift", "Sources/A.swift", false),          // leading `/`: anchored
            ("/*.swift", "A.swift", true),
            ("Generated", "Generated/A.swift", true),        // a folder matches what is inside
            ("Generated", "Sources/Generated/A.swift", true),
            ("Generated/", "Generated/A.swift", true),
            ("Generated/", "Generated", false),              // trailing `/`: folders only
            ("Sources/*.swift", "Sources/A.swift", true),
            ("Sources/*.swift", "Sources/Deep/A.swift", false),
            ("Sources/**/*.swift", "Sources/A.swift", true),
            ("Sources/**/*.swift", "Sources/Deep/Er/A.swift", true),
            ("Sources/**", "Sources/Deep/A.swift", true),
            ("Sources/**", "Tests/A.swift", false),
            ("?.tbl", "A.tbl", true),
            ("?.tbl", "AB.tbl", false),
            ("[AB].tbl", "B.tbl", true),
            ("[!AB].tbl", "B.tbl", false),
            ("[a-c]x", "bx", true),
            ("[a-c]x", "dx", false),
            ("\\*.tbl", "*.tbl", true),
            ("\\*.tbl", "A.tbl", false),
            ("*Table*", "DoorTable.tb.swift", true),
            ("a*b*c", "aXXbYYc", true),
            ("a*b*c", "aXXbYY", false),
            ("[oops", "[oops", true),                        // an unclosed `[` is literal
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "'\(pattern)' against '\(path)'")
        }
    }

    func testPathText() {
        XCTAssertEqual(PathText.absolute("a/./b/../c", in: "/x/y"), "/x/y/a/c")
        XCTAssertEqual(PathText.absolute("/a//b/", in: "/x"), "/a/b")
        XCTAssertEqual(PathText.relative("/x/y/z", to: "/x"), "y/z")
        XCTAssertNil(PathText.relative("/xy/z", to: "/x"))
        XCTAssertEqual(PathText.relative("/a", to: "/"), "a")
        XCTAssertEqual(PathText.parent("/a/b"), "/a")
        XCTAssertEqual(PathText.parent("/a"), "/")
    }

    // MARK: Parsing a configuration file

    private func parse(_ text: String) -> Result<ConfigurationFile, ConfigurationFile.Problem> {
        ConfigurationFile.parse(Array(text.utf8), path: "Sources/.tablint", directory: "/p/Sources")
    }

    func testAConfigurationFileHoldsTheCommandLinesPerFileFlags() throws {
        let file = try parse("""
            # for Sources
            --exclude Generated/**

            --disable ignore-heavy   # too noisy here
            --enable=ignore-heavy
            --severity tabular-center::dead-column=error\r
              --dispatcher shouldTransition
            --align-swift
            --include *.tb.swift
            """).get()
        XCTAssertEqual(file.options, [
            .exclude("Generated/**"), .disable("tabular-center::ignore-heavy"), .enable("tabular-center::ignore-heavy"),
            .severity("tabular-center::dead-column", .error), .dispatcher("shouldTransition"), .alignSwift,
            .include("*.tb.swift"),
        ])
        XCTAssertEqual(file.directory, "/p/Sources")
    }

    func testEveryBadLineIsAnErrorNamingTheFileAndLine() {
        let cases: [(String, Int, Int, String)] = [
            ("--frobnicate", 1, 1, "unknown option '--frobnicate'"),
            ("# ok\n  --disable row-arty", 2, 3, "--disable: unknown rule 'row-arty'; did you mean 'row-arity'?"),
            ("--disable nothing-like-it", 1, 1, "--disable: unknown rule 'nothing-like-it'; 'tablint rules' lists them"),
            ("--jobs 2", 1, 1, "'--jobs' applies to a whole run and belongs on the command line, not in a configuration file"),
            ("--severity row-arity=fatal", 1, 1, "--severity expects error, warning or note after '=', got 'fatal'"),
            ("--disable", 1, 1, "--disable needs a value: --disable CODE"),
            ("--disable row-arity --align-swift", 1, 1, "one option per line, found 2: --disable row-arity --align-swift"),
            ("disable row-arity", 1, 1, "expected an option such as --disable CODE, got 'disable'"),
            ("--align-swift=yes", 1, 1, "--align-swift takes no value"),
        ]
        for (text, line, column, message) in cases {
            XCTAssertEqual(
                parse(text), .failure(ConfigurationFile.Problem(path: "Sources/.tablint", line: line, column: column, message: message)),
                text)
        }
        XCTAssertEqual(
            ConfigurationFile.Problem(path: "Sources/.tablint", line: 2, column: 3, message: "m").rendered,
            "Sources/.tablint:2:3: error: m")
        XCTAssertEqual(
            ConfigurationFile.parse([0x2D, 0xFF], path: "x/.tablint", directory: "/x"),
            .failure(ConfigurationFile.Problem(path: "x/.tablint", line: 1, column: 1, message: "the configuration file is not UTF-8 text")))
    }

    func testTheCommandLineWinsOverTheFile() {
        let file = ConfigurationFile(path: ".tablint", directory: "/p", options: [.disable("tabular-center::row-arity"), .severity("tablint::alignment", .warning)])
        let configuration = Configuration(
            file: file, commandLine: [.enable("tabular-center::row-arity"), .severity("tablint::alignment", .note)], currentDirectory: "/p")
        XCTAssertTrue(configuration.settings.isEnabled("tabular-center::row-arity"))
        XCTAssertEqual(configuration.settings.severities, ["tablint::alignment": .note])
    }

    func testGlobsAreRelativeToTheirOwnFolder() {
        let file = ConfigurationFile(path: "Sources/.tablint", directory: "/p/Sources", options: [.exclude("Generated")])
        let configuration = Configuration(file: file, commandLine: [.exclude("/Other.swift")], currentDirectory: "/p")
        XCTAssertFalse(configuration.selects("/p/Sources/Generated/A.swift"))
        XCTAssertTrue(configuration.selects("/p/Generated/A.swift"), "outside the file's folder, its globs do not apply")
        XCTAssertFalse(configuration.selects("/p/Other.swift"))
        XCTAssertTrue(configuration.selects("/p/Sources/Other.swift"))
        let including = Configuration(file: nil, commandLine: [.include("*.tb.swift")], currentDirectory: "/p")
        XCTAssertTrue(including.selects("/p/A/B.tb.swift"))
        XCTAssertFalse(including.selects("/p/A/B.swift"))
    }

    // MARK: Through the command (real folders, in-process)

    private var root = ""

    override func setUpWithError() throws {
        root = PathText.normalised(FileManager.default.temporaryDirectory.path) + "/tablint-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/App/Generated", withIntermediateDirectories: true)
        try write("App/Broken.tb.swift", Self.broken)
        try write("App/Generated/Copy.tb.swift", Self.broken)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func run(_ arguments: [String], stdin: String = "", terminal: Bool = false, environment: [String: String] = [:]) -> ProcessResult {
        var output = ""
        var errors = ""
        let status = Tablint.run(
            arguments: arguments, stdout: &output, stderr: &errors,
            write: FileIO.FileWriter(refusal: { _ in nil }, write: { _, _, _ in .written }), standardInput: { Array(stdin.utf8) },
            currentDirectory: root, stdoutIsTerminal: terminal, environment: environment)
        return ProcessResult(status: status, stdout: output, stderr: errors)
    }

    /// The `[code]`s of a text report, in order.
    private func codes(_ report: String) -> [String] {
        report.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }

    static let broken = """
        // swift-format-ignore-file
        let TIMER_TABLE = Table(
            machine: "Timer",
            states: ["Idle", "Running"],
            actions: ["Start", "Tick"],
            cells: [
                [.go(target: "Running", effects: []), .ignore],
                [.ignore],
            ],
            initial: "Idle"
        )

        """

    func testWithoutAConfigurationEveryFileIsLinted() {
        let result = run([root])
        XCTAssertEqual(codes(result.stdout), ["tabular-center::row-arity", "tabular-center::row-arity"])
        XCTAssertEqual(result.status, 1)
    }

    func testTheNearestConfigurationFileWinsAndFilesAreNotMerged() throws {
        try write(".tablint", "--disable row-arity\n")
        try write("App/Generated/.tablint", "--severity row-arity=warning\n")
        let result = run([root])
        XCTAssertEqual(result.stdout, """
            \(root)/App/Generated/Copy.tb.swift:8:9: warning: row `Running` has 1 cells, expected 2. Expected columns: Start Tick [tabular-center::row-arity]
            \(root)/App/Generated/Copy.tb.swift:5:14: note: the actions are declared here

            """)
        XCTAssertEqual(result.status, 0, "a warning does not fail the run")
        XCTAssertEqual(run([root, "--strict"]).status, 1, "--strict: a warning fails the run")
        XCTAssertEqual(codes(run([root, "--no-config"]).stdout).count, 2)
    }

    func testExcludedFilesAreSkippedInFoldersAndWhenNamedOnlyWithForceExclude() throws {
        try write("App/.tablint", "--exclude Generated\n")
        XCTAssertEqual(codes(run([root]).stdout).count, 1)
        let named = root + "/App/Generated/Copy.tb.swift"
        XCTAssertEqual(codes(run([named]).stdout).count, 1, "a file named explicitly is linted")
        let forced = run([named, "--force-exclude"])
        XCTAssertEqual(forced.stdout, "")
        XCTAssertEqual(forced.status, 0)
        XCTAssertEqual(forced.stderr, "0 errors, 0 warnings in 0 files\n")
    }

    func testGlobsMatchAsWrittenWithDotsTrailingSlashesAndAbsolutePaths() throws {
        let kept = [root + "/App/Broken.tb.swift"]
        for glob in ["./App/Generated", "App/Generated/", "./App/Generated/", root + "/App/Generated", root + "/App/Generated/"] {
            XCTAssertEqual(run(["--show-files", "--exclude", glob, root]).stdout, kept.map { $0 + "\n" }.joined(), "--exclude \(glob)")
        }
        try write(".tablint", "--exclude ./App/Generated\n")
        XCTAssertEqual(run(["--show-files", root]).stdout, kept[0] + "\n", "./ in a .tablint")
        try write(".tablint", "--exclude \(root)/App/Generated/\n")
        XCTAssertEqual(run(["--show-files", root]).stdout, kept[0] + "\n", "an absolute path in a .tablint")
        XCTAssertEqual(codes(run([root]).stdout).count, 1, "the run lints what --show-files lists")
        try write("App/.tablint", "--exclude ../App/Generated\n")
        XCTAssertEqual(run(["--show-files", root]).stdout, kept[0] + "\n", "dots resolved against the folder")
    }

    func testShowFilesListsWhatARunWouldLintSortedAndLintsNothing() throws {
        try write("App/B.tbl", "machine M\n")
        try write("App/a.swift", "let x = 1\n")
        let listed = run(["--show-files", root])
        XCTAssertEqual(listed.stdout, [root + "/App/B.tbl", root + "/App/Broken.tb.swift", root + "/App/Generated/Copy.tb.swift", root + "/App/a.swift"]
            .map { $0 + "\n" }.joined())
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(listed.stderr, "")
        try write("App/.tablint", "--exclude Generated\n--unsafe-fixes\n")
        XCTAssertEqual(run(["--show-files", root]).stdout.split(separator: "\n").count, 3)
        XCTAssertTrue(run(["--print-config", root + "/App/a.swift"]).stdout.contains("--unsafe-fixes\n"), "accepted in a .tablint")
    }

    func testIncludesSelectFilesAndTheCommandLineAddsGlobsOfItsOwn() throws {
        try write("App/Other.swift", "let x = 1\n")
        try write("App/.tablint", "--include Generated/**\n")
        let result = run([root])
        XCTAssertEqual(codes(result.stdout).count, 1)
        XCTAssertTrue(result.stdout.hasPrefix(root + "/App/Generated/Copy.tb.swift:"), result.stdout)
        XCTAssertEqual(result.stderr, "1 error, 0 warnings in 1 file\n")
        XCTAssertEqual(codes(run([root, "--exclude", "App/Generated"]).stdout).count, 0)
    }

    func testConfigNamesOneFileForEveryFile() throws {
        try write("App/.tablint", "--disable row-arity\n")
        try write("elsewhere.cfg", "--severity row-arity=note\n")
        let result = run([root, "--config", root + "/elsewhere.cfg"])
        XCTAssertEqual(result.stdout.components(separatedBy: ": note: row `Running`").count, 3, result.stdout)
        XCTAssertEqual(result.status, 0)
    }

    func testABadConfigurationFileStopsTheRunWithItsLine() throws {
        try write("App/.tablint", "# ok\n--disable row-arty\n")
        let result = run([root])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "App/.tablint:2:1: error: --disable: unknown rule 'row-arty'; did you mean 'row-arity'?\n")
        let missing = run([root, "--config", "nope.cfg"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "tablint: error: configuration file: cannot read nope.cfg: No such file or directory\n")
    }

    func testPrintConfigShowsWhatAppliesToAFile() throws {
        try write("App/.tablint", "--exclude Generated\n--disable row-arity\n--dispatcher shouldTransition\n--severity dead-column=error\n")
        let result = run(["--print-config", root + "/App/Generated/Copy.tb.swift", "--align-swift"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            # \(root)/App/Generated/Copy.tb.swift
            # configuration file: App/.tablint
            # not linted: excluded by --include/--exclude
            --exclude Generated  # relative to \(root)/App
            --disable tabular-center::row-arity
            --severity tabular-center::dead-column=error
            --align-swift
            --dispatcher shouldTransition

            """)
        // What it prints is itself a configuration file.
        let printed = ConfigurationFile.parse(Array(result.stdout.utf8), path: "p", directory: root + "/App")
        XCTAssertEqual(try printed.get().options.count, 5)
    }

    func testPrintConfigOfStandardInputNamesTheConfigurationItsLintUses() throws {
        try write("App/.tablint", "--disable row-arity\n")
        let result = run(["--print-config", "--stdin-filename", root + "/App/x.tb.swift", "-"], stdin: "")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("# \(root)/App/x.tb.swift\n# configuration file: App/.tablint\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--disable tabular-center::row-arity"), result.stdout)
        XCTAssertEqual(run(["--print-config", "-"], stdin: "").status, 2, "without a name, standard input has no configuration to find")
    }

    func testPrintConfigOfAMissingPathIsAnError() {
        let result = run(["--print-config", root + "/nothing-here.tb.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "tablint: error: no such file or directory: \(root)/nothing-here.tb.swift\n")
    }

    func testNoConfigWithConfigIsAUsageError() throws {
        try write("strict.cfg", "--severity dead-row=error\n")
        let result = run([root, "--no-config", "--config", root + "/strict.cfg"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("tablint: error: --no-config and --config cannot be used together"), result.stderr)
    }

    func testAnUnknownRuleOptionSuggestsTheNearestCode() throws {
        for arguments in [["--disable", "row-arty"], ["--enable", "row-arty"], ["--severity", "row-arty=error"]] {
            let result = run([root] + arguments)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.hasPrefix("tablint: error: \(arguments[0]): unknown rule 'row-arty'; did you mean 'row-arity'?\n"), result.stderr)
        }
        let namespaced = run([root, "--disable", "tabular-center::ded-row"])
        XCTAssertTrue(namespaced.stderr.contains("did you mean 'tabular-center::dead-row'?"), namespaced.stderr)
        let far = run([root, "--disable", "nothing-like-it"])
        XCTAssertTrue(far.stderr.hasPrefix("tablint: error: --disable: unknown rule 'nothing-like-it'; 'tablint rules' lists them\n"), far.stderr)
    }

    func testAConfigurationFileWithAByteOrderMarkReadsAsWithout() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let parsed = ConfigurationFile.parse(bom + Array("--disable row-arity\n".utf8), path: "Sources/.tablint", directory: "/p/Sources")
        XCTAssertEqual(try parsed.get().options.count, 1)
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: root + "/App/.tablint", contents: Data(bom + Array("--disable row-arity\n".utf8)))
        let result = run([root])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(codes(result.stdout), [], "row-arity is disabled under App/")
    }

    func testAlignSwiftChecksAndFixesOrdinarySwiftFiles() throws {
        let misaligned = """
            let DOOR_TABLE = Table(
                machine: "Door",
                states: ["Shut", "Open"],
                actions: ["Push", "Pull"],
                cells: [
                    [.go(target: "Open", effects: []), .ignore],
                    [.ignore, .go(target: "Shut", effects: [])],
                ],
                initial: "Shut"
            )

            """
        try write("Door.swift", misaligned)
        let path = root + "/Door.swift"
        XCTAssertEqual(codes(run([path]).stdout), [])
        // Aligned by tablint, the matrix then needs its declaration kept from swift-format.
        XCTAssertEqual(codes(run([path, "--align-swift"]).stdout), ["tablint::format-ignore-directive", "tablint::alignment"])
        try write(".tablint", "--align-swift\n")
        XCTAssertEqual(codes(run([path]).stdout), ["tablint::format-ignore-directive", "tablint::alignment"])
        let fixed = run(["--fix", "-", "--stdin-filename", path], stdin: misaligned)
        XCTAssertEqual(fixed.status, 0)
        XCTAssertTrue(fixed.stdout.contains("""
                    [.go(target: "Open", effects: []), .ignore                         ],
                    [.ignore,                          .go(target: "Shut", effects: [])],
            """), fixed.stdout)
        XCTAssertFalse(fixed.stdout.contains("swift-format-ignore-file"), "only *.tb.swift files get the whole-file directive")
        XCTAssertTrue(fixed.stdout.contains("// swift-format-ignore\n"), "the matrix's declaration gets its own: \(fixed.stdout)")
    }

    func testStandardInputGetsTheConfigurationOfItsName() throws {
        try write("App/.tablint", "--exclude Generated\n--severity row-arity=warning\n")
        let linted = run(["-", "--stdin-filename", "App/Broken.tb.swift"], stdin: Self.broken)
        XCTAssertEqual(codes(linted.stdout), ["tabular-center::row-arity"])
        XCTAssertTrue(linted.stdout.contains(": warning: "), linted.stdout)
        let excluded = run(["-", "--stdin-filename", "App/Generated/New.tb.swift"], stdin: Self.broken)
        XCTAssertEqual(excluded.stdout, "")
        XCTAssertEqual(excluded.status, 0)
        let fixedExcluded = run(["--fix", "-", "--stdin-filename", "App/Generated/New.tb.swift"], stdin: "  odd  text\n")
        XCTAssertEqual(fixedExcluded.stdout, "  odd  text\n", "an excluded buffer is handed back unchanged")
    }

    // MARK: Run-wide flags

    func testQuietPrintsErrorsOnlyAndNoSummary() throws {
        try write(".tablint", "--severity row-arity=warning\n")
        // The copy's table is `HARD_TABLE` too: a broken row no longer hides `machine-name`.
        try write("App/Hard.tb.swift", Self.broken.replacingOccurrences(of: "Timer", with: "Hard").replacingOccurrences(of: "TIMER", with: "HARD"))
        try write("App/.tablint", "--exclude Generated\n")  // nearest wins: row-arity stays an error here
        let result = run([root, "--quiet"])
        XCTAssertEqual(codes(result.stdout), ["tabular-center::row-arity", "tabular-center::row-arity"])
        XCTAssertEqual(result.stderr, "")
        try write("App/.tablint", "--severity row-arity=warning\n")
        let warningsOnly = run([root, "--quiet"])
        XCTAssertEqual(warningsOnly.stdout, "")
        XCTAssertEqual(warningsOnly.status, 0)
    }

    func testExitZeroKeepsTheReportButNotTheFailure() {
        let result = run([root, "--exit-zero"])
        XCTAssertEqual(codes(result.stdout).count, 2)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(run([root + "/missing", "--exit-zero"]).status, 2, "tablint could not run: still 2")
    }

    func testStatisticsCountEachCode() {
        let result = run([root, "--statistics"])
        XCTAssertTrue(result.stdout.hasSuffix("""
                2  tabular-center::row-arity
                2  in all

            """), result.stdout)
        XCTAssertEqual(TextReporter.statistics(of: []), "    0  in all\n")
    }

    func testQuietStatisticsCountWhatWasFoundThoughOnlyErrorsArePrinted() throws {
        try write(".tablint", "--severity row-arity=warning\n")
        let result = run([root, "--quiet", "--statistics"])
        XCTAssertEqual(codes(result.stdout), [], "--quiet prints no warning")
        XCTAssertTrue(result.stdout.hasSuffix("""
                2  tabular-center::row-arity
                2  in all

            """), result.stdout)
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() {
        XCTAssertTrue(Tablint.usesColor(noColor: false, isTerminal: true, environment: [:]))
        XCTAssertFalse(Tablint.usesColor(noColor: true, isTerminal: true, environment: [:]))
        XCTAssertFalse(Tablint.usesColor(noColor: false, isTerminal: false, environment: [:]))
        XCTAssertFalse(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["NO_COLOR": ""]))
        // Emacs' `M-x compile` runs tablint on a pseudo-terminal; its compilation mode reads
        // the bare text. A shell buffer inside Emacs (`,comint`) and vterm show colours.
        XCTAssertFalse(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["INSIDE_EMACS": "29.3,compile"]))
        XCTAssertFalse(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["INSIDE_EMACS": "30.1,compile", "TERM": "xterm-256color"]))
        XCTAssertTrue(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["INSIDE_EMACS": "29.3,comint"]))
        XCTAssertTrue(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["INSIDE_EMACS": "vterm", "TERM": "xterm-256color"]))
        XCTAssertFalse(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertTrue(Tablint.usesColor(noColor: false, isTerminal: true, environment: ["TERM": "xterm"]))
        XCTAssertEqual(run([root], terminal: false).stdout.contains("\u{1B}["), false)
        XCTAssertEqual(run([root, "--no-color"], terminal: true).stdout.contains("\u{1B}["), false)
    }
}
