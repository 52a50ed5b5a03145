import Foundation
import XCTest
@testable import TablintKit

/// The README and the pages of `docs/` make claims that code can check: the output of the
/// commands they show, the tables that describe the code, and the snippets a reader copies.
/// These tests keep them true; the snippets that need other programs are run by the
/// `Scripts/test-*.sh` that `.ci/run` runs, and `testEverySnippetIsRunOrSaysWhyNot` makes sure
/// none is left out.
final class ReadmeTests: XCTestCase {
    static let repository = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()

    /// A page of the documentation, by its path in the repository (`README.md`, `docs/rules.md`).
    static func page(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// `README.md` and every `docs/*.md`, by path.
    static func pages() throws -> [(path: String, text: String)] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + docs).map { ($0, try page($0)) }
    }

    /// The body of the fenced block between `<!-- NAME:begin -->` and `<!-- NAME:end -->`.
    static func markedBlock(_ name: String, in text: String) throws -> String {
        let marked = try XCTUnwrap(text.components(separatedBy: "<!-- \(name):begin -->\n").dropFirst().first?
            .components(separatedBy: "<!-- \(name):end -->").first, "no \(name) block")
        var lines = marked.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("```") ?? false, "the \(name) block does not start with a fence")
        lines.removeFirst()
        while let last = lines.last, last.isEmpty || last.hasPrefix("```") { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    private func run(_ arguments: [String], in directory: URL = repository) -> (status: Int32, stdout: String, stderr: String) {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    // MARK: The front page

    /// The ```text block after "## Try it" is exactly what `tablint Examples/` prints.
    func testTryItOutputIsWhatTablintPrints() throws {
        let readme = try Self.page("README.md")
        let section = try XCTUnwrap(readme.components(separatedBy: "## Try it").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```text\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let result = run(["Examples/"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(block, result.stdout + result.stderr)
    }

    /// The diagnostic across two files on the front page is one `tablint Examples/` prints,
    /// with its note, and the two lines name two files.
    func testTheCrossFileDiagnosticIsWhatTablintPrints() throws {
        let shown = try Self.markedBlock("cross-file", in: Self.page("README.md"))
        let lines = shown.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        let output = run(["Examples/"]).stdout
        XCTAssertTrue(output.contains(shown), "the README's diagnostic is not in the output of `tablint Examples/`:\n\(output)")
        let files = Set(lines.map { $0.prefix { $0 != ":" } })
        XCTAssertEqual(files.count, 2, "the diagnostic and its note should be in two files: \(files)")
    }

    /// The release named on the front page (pre-commit's `rev`, SwiftPM's `from:`) is what
    /// `tablint --version` prints, so the tag the maintainers make is the one both resolve.
    func testTheSnippetsNameTheReleaseAsVersionPrintsIt() throws {
        let readme = try Self.page("README.md")
        let version = run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(version.hasSuffix(Tablint.version), version)
        XCTAssertTrue(try Self.markedBlock("pre-commit-config", in: readme).contains("    rev: \(Tablint.version)\n"))
        XCTAssertTrue(try Self.markedBlock("swiftpm-dependency", in: readme).contains("from: \"\(Tablint.version)\""))
        XCTAssertTrue(readme.contains("git tag \(Tablint.version) "), "the README does not say how to make the tag")
        XCTAssertTrue(readme.contains("(`\(Tablint.version)`)"), "the README does not say what `tablint --version` prints")
    }

    /// The CI line, run from the repository's root on the examples: GitHub workflow commands.
    func testTheCILinePrintsGitHubAnnotations() throws {
        let line = try Self.markedBlock("ci-line", in: Self.page("README.md"))
        let words = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        XCTAssertEqual(words.first, "tablint")
        let result = run(Array(words.dropFirst()) + ["Examples/"])
        XCTAssertEqual(result.status, 1, "an error fails the step")
        let annotations = result.stdout.split(separator: "\n")
        XCTAssertFalse(annotations.isEmpty)
        for annotation in annotations {
            XCTAssertTrue(annotation.hasPrefix("::error file=") || annotation.hasPrefix("::warning file="), String(annotation))
        }
    }

    // MARK: Generated tables

    /// The table between `rules:begin` and `rules:end` in docs/rules.md lists every registered
    /// rule, in order (`python3 Scripts/readme-rules.py` rewrites it).
    func testRuleTableListsEveryRule() throws {
        let text = try Self.page("docs/rules.md")
        let table = try XCTUnwrap(text.components(separatedBy: "<!-- rules:begin -->\n").dropFirst().first?
            .components(separatedBy: "<!-- rules:end -->").first)
        XCTAssertEqual(table, Self.ruleTable())
    }

    static func ruleTable() -> String {
        "| Code | Severity | Fixable | Reports |\n|---|---|---|---|\n"
            + RuleRegistry.all.map {
                "| [`\($0.code)`](../Rules/\($0.name).md) | \($0.defaultSeverity) | \($0.isFixable ? "yes" : "no") | \($0.summary) |\n"
            }.joined()
    }

    // MARK: Snippets

    /// Every fenced block a reader would copy (shell, configuration, editor set-up, Swift) is
    /// named by a marker that a test reads, or says which script runs it, or why nothing can:
    /// a new snippet cannot slip in unexecuted.
    func testEverySnippetIsRunOrSaysWhyNot() throws {
        let copied: Set<String> = ["sh", "yaml", "vim", "elisp", "lua", "toml", "json", "swift"]
        var tested = ""
        for folder in ["Tests", "Scripts"] {
            let root = Self.repository.appendingPathComponent(folder)
            for case let file as String in FileManager.default.enumerator(atPath: root.path) ?? NSEnumerator()
            where [".swift", ".sh", ".py"].contains(where: file.hasSuffix) {
                tested += (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            }
        }
        var problems: [String] = []
        for (path, text) in try Self.pages() {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var fence: String?
            for (index, line) in lines.enumerated() {
                if let open = fence {
                    if line == open { fence = nil }
                    continue
                }
                guard line.hasPrefix("```") else { continue }
                let ticks = String(line.prefix { $0 == "`" })
                fence = ticks
                let language = String(line.dropFirst(ticks.count))
                guard copied.contains(language) else { continue }
                let marker = lines[..<index].last { !$0.isEmpty } ?? ""
                let place = "\(path):\(index + 1) (```\(language))"
                if marker.hasPrefix("<!-- "), marker.hasSuffix(":begin -->") {
                    let name = String(marker.dropFirst(5).dropLast(10))
                    let named = try NSRegularExpression(pattern: "(?<![\\w-])" + NSRegularExpression.escapedPattern(for: name) + "(?![\\w-])")
                    if named.firstMatch(in: tested, range: NSRange(tested.startIndex..., in: tested)) == nil {
                        problems.append("\(place): no test or script reads the block \(name)")
                    }
                } else if marker.hasPrefix("<!-- run by "), marker.hasSuffix(" -->") {
                    let runner = String(marker.dropFirst(12).dropLast(4)).prefix { $0 != " " && $0 != ":" }
                    let file = Self.repository.appendingPathComponent(String(runner))
                    let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                    if source.isEmpty { problems.append("\(place): \(runner) does not exist") }
                    else if !source.contains(path) { problems.append("\(place): \(runner) does not read \(path)") }
                } else if !(marker.hasPrefix("<!-- untested: ") && marker.hasSuffix(" -->")) {
                    problems.append("\(place): no <!-- NAME:begin -->, <!-- run by SCRIPT --> or <!-- untested: why --> above it")
                }
            }
        }
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// The `.tablint` example of docs/configuration.md, read as `App/.tablint`: it parses, and
    /// its two globs exclude what its comments say (a name at any depth; a path from its folder).
    func testTheDotTablintExampleExcludesWhatItSays() throws {
        let example = try Self.markedBlock("dot-tablint", in: Self.page("docs/configuration.md"))
        XCTAssertTrue(example.hasPrefix("# App/.tablint"), "the example says where the file lives")
        let folder = try temporaryFolder()
        let files = ["App/Generated/A.swift", "App/Sources/Generated/B.swift", "App/Sources/Legacy/C.swift",
                     "App/Tests/Sources/Legacy/D.swift", "App/Sources/E.swift"]
        for file in files + ["App/.tablint"] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((file == "App/.tablint" ? example : "let x = 1\n").utf8).write(to: url)
        }
        let shown = run(["--show-files", "App"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, "App/Sources/E.swift\nApp/Tests/Sources/Legacy/D.swift\n")
    }

    /// The front page's `.tablint`, at a repository's root: a name without a slash matches at
    /// any depth, a path with one from the file's folder, as its comments say.
    func testTheFrontPageDotTablintExcludesWhatItSays() throws {
        let example = try Self.markedBlock("readme-dot-tablint", in: Self.page("README.md"))
        let folder = try temporaryFolder()
        for file in ["Generated/A.swift", "App/Generated/B.swift", "Sources/Legacy/C.swift", "App/Sources/Legacy/D.swift", ".tablint"] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((file == ".tablint" ? example : "let x = 1\n").utf8).write(to: url)
        }
        let shown = run(["--show-files"], in: folder)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, "App/Sources/Legacy/D.swift\n")
    }

    /// The suppression example, as `Timer.tb.swift`: nothing at all is reported, and without
    /// its directive the row-arity error is.
    func testTheSuppressionExampleReportsNothing() throws {
        let example = try Self.markedBlock("suppression-example", in: Self.page("docs/configuration.md"))
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Timer.tb.swift")
        try Data(example.utf8).write(to: file)
        let clean = run(["--no-config", "Timer.tb.swift"], in: folder)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "", "the example must trigger nothing, not even a warning")
        let directive = try XCTUnwrap(example.split(separator: "\n").first { $0.contains("tablint:disable:next") })
        try Data(example.replacingOccurrences(of: directive + "\n", with: "").utf8).write(to: file)
        let reported = run(["--no-config", "Timer.tb.swift"], in: folder)
        XCTAssertEqual(reported.status, 1)
        XCTAssertTrue(reported.stdout.contains("[tabular-center::row-arity]"), reported.stdout)
    }

    /// The dispatcher example of docs/rules.md, with its command: the `default:` is reported
    /// with `--dispatcher shouldTransition`, and nothing without it.
    func testTheExtraDispatcherExample() throws {
        let text = try Self.page("docs/rules.md")
        let source = try Self.markedBlock("extra-dispatcher", in: text)
        let command = try Self.markedBlock("extra-dispatcher-command", in: text)
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        XCTAssertEqual(command, ["tablint", "--dispatcher", "shouldTransition", "Sources/"])
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: folder.appendingPathComponent("Sources/Light.swift"))
        let reported = run(Array(command.dropFirst()), in: folder)
        XCTAssertEqual(reported.status, 1)
        XCTAssertTrue(reported.stdout.contains("[tablint::dispatcher-default]"), reported.stdout)
        XCTAssertEqual(run(["Sources/"], in: folder).stdout, "")
    }

    /// The SARIF step of docs/integrations.md: its `run:` line writes a SARIF 2.1.0 log and
    /// exits 0 (the upload is GitHub's own action).
    func testTheSARIFStepWritesSARIF() throws {
        let step = try Self.markedBlock("sarif-upload", in: Self.page("docs/integrations.md"))
        let line = try XCTUnwrap(step.split(separator: "\n").first { $0.hasPrefix("- run: tablint ") })
        let words = line.dropFirst("- run: tablint ".count).split(separator: " ").map(String.init)
        let redirect = try XCTUnwrap(words.firstIndex(of: ">"))
        let result = run(Array(words[..<redirect]), in: Self.repository.appendingPathComponent("Examples"))
        XCTAssertEqual(result.status, 0)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertTrue(step.contains("sarif_file: \(words[redirect + 1])"))
    }

    /// The Xcode Run Script phase of docs/editors.md, run by `sh` as Xcode runs it: quiet on a
    /// correct folder, the diagnostics and a failure on a broken one, one warning line when
    /// tablint is not installed.
    func testTheXcodeRunScript() throws {
        let script = try Self.markedBlock("xcode-run-script", in: Self.page("docs/editors.md"))
        let binaries = try XCTUnwrap(CLITests.executable).deletingLastPathComponent().path
        func phase(_ root: String, path: String) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = ["SRCROOT": Self.repository.appendingPathComponent(root).path, "PATH": path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let correct = try phase("Examples/Correct", path: binaries + ":/usr/bin:/bin")
        XCTAssertEqual(correct.status, 0, correct.output)
        let broken = try phase("Examples/Broken", path: binaries + ":/usr/bin:/bin")
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.output.contains(Self.repository.appendingPathComponent("Examples/Broken").path + "/Broken.tb.swift:11:13: error: "),
                      "absolute paths, so Xcode finds the file: \(broken.output)")
        let missing = try phase("Examples/Broken", path: "/nonexistent")
        XCTAssertEqual(missing.status, 0)
        XCTAssertEqual(missing.output, "warning: tablint is not installed\n")
    }

    /// Every relative link of the README and the docs names a file that exists, and a
    /// `#fragment` names a heading of that page.
    func testTheDocumentationLinksResolve() throws {
        var problems: [String] = []
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for (path, text) in try Self.pages() {
            let base = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? path : (base == "." ? parts[0] : base + "/" + parts[0])
                let url = Self.repository.appendingPathComponent(file).standardizedFileURL
                guard FileManager.default.fileExists(atPath: url.path) else {
                    problems.append("\(path): \(target): no such file")
                    continue
                }
                if parts.count == 2, url.pathExtension == "md" {
                    let headings = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                        .filter { $0.hasPrefix("#") }.map { Self.anchor(String($0.drop { $0 == "#" })) }
                    if !headings.contains(parts[1]) { problems.append("\(path): \(target): no such heading") }
                }
            }
        }
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            .map { $0 == " " ? "-" : $0 })
    }

    // MARK: Editors

    /// The ```json block of the "Editors" section of docs/editors.md: the VS Code task.
    static func vsCodeTask(_ text: String) throws -> [String: Any] {
        let block = try markedBlock("vscode-task", in: text)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
    }

    /// The VS Code problem matcher matches every line tablint prints for files with errors,
    /// warnings and notes, with the right groups: each diagnostic with its code, each note as
    /// severity `note` without one.
    func testTheVSCodeProblemMatcherReadsTablintsOutput() throws {
        let tasks = try XCTUnwrap(try Self.vsCodeTask(Self.page("docs/editors.md"))["tasks"] as? [[String: Any]])
        let task = try XCTUnwrap(tasks.first)
        XCTAssertEqual(task["command"] as? String, "tablint")
        let pattern = try XCTUnwrap((task["problemMatcher"] as? [String: Any])?["pattern"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try XCTUnwrap(pattern["regexp"] as? String))
        func group(_ name: String) throws -> Int { try XCTUnwrap(pattern[name] as? Int, "no \(name) group") }

        // The broken examples (errors with notes) and a file with a warning and an awkward name.
        let folder = try temporaryFolder()
        let warning = folder.appendingPathComponent("Dead: row [1].swift")
        try Data("""
            let T = Table(
                machine: "T",
                states: ["A", "B"],
                actions: ["P", "Q"],
                cells: [
                    [.go(target: "B", effects: []), .handle],
                    [.ignore, .ignore],
                ],
                initial: "A"
            )

            """.utf8).write(to: warning)
        let arguments = [Self.repository.appendingPathComponent("Examples/Broken").path, warning.path]
        var text = ""
        var json = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: arguments, stdout: &text, stderr: &errors), 1)
        XCTAssertEqual(Tablint.run(arguments: ["--reporter", "json"] + arguments, stdout: &json, stderr: &errors), 1)

        // What each line must be read as: file, line, column, severity, message, code.
        typealias Problem = [String?]
        var expected: [Problem] = []
        let diagnostics = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        for diagnostic in diagnostics {
            let start = try XCTUnwrap(diagnostic["start"] as? [String: Any])
            expected.append([diagnostic["path"] as? String, "\(start["line"] ?? "")", "\(start["column"] ?? "")",
                             diagnostic["severity"] as? String, diagnostic["message"] as? String, diagnostic["code"] as? String])
            for note in try XCTUnwrap(diagnostic["notes"] as? [[String: Any]]) {
                expected.append([note["path"] as? String, "\(note["line"] ?? "")", "\(note["column"] ?? "")",
                                 "note", note["message"] as? String, nil])
            }
        }
        XCTAssertTrue(expected.contains { $0[3] == "warning" }, "a warning is among the lines")
        XCTAssertTrue(expected.contains { $0[3] == "note" }, "a note is among the lines")
        XCTAssertTrue(expected.contains { $0[3] == "error" }, "an error is among the lines")

        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, expected.count)
        var read: [Problem] = []
        for line in lines {
            let whole = NSRange(line.startIndex..., in: line)
            guard let match = regex.firstMatch(in: line, range: whole), match.range == whole else {
                XCTFail("the problem matcher does not match: \(line)")
                continue
            }
            read.append(try ["file", "line", "column", "severity", "message", "code"].map { name -> String? in
                let range = match.range(at: try group(name))
                return range.location == NSNotFound ? nil : Range(range, in: line).map { String(line[$0]) }
            })
        }
        XCTAssertEqual(read, expected)
    }
}
