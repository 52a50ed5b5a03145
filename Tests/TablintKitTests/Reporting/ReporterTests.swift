import Foundation
import XCTest
@testable import TablintKit
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every `--reporter`: its output is parsed back with a real parser and compared field by
/// field with the diagnostics it was given, including notes, fixes and awkward text.
final class ReporterTests: XCTestCase {
    /// Quotes, markup, a percent sign, a colon and a comma, a newline, a tab, non-ASCII and an
    /// XML-forbidden control character.
    static let awkwardMessage = "say \"hi\" <&> 100% done, ok: yes\nsecond line\twith 待機 and é and \u{01}"
    static let awkwardPath = "dir with space/naïve \"q\" <&>%,:.tb.swift"

    static func location(_ offset: Int, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(offset: offset, line: line, column: column)
    }

    /// An error with two notes, a warning with a fix (an insertion and a replacement), and a
    /// note-severity diagnostic with awkward text, in two files.
    static let diagnostics: [Diagnostic] = [
        Diagnostic(
            path: "Timer.tb.swift", start: location(40, 3, 5), end: location(46, 3, 11), severity: .error,
            message: "row `Running` has 2 cells, expected 3", code: "tabular-center::row-arity",
            notes: [
                Diagnostic.Note(path: "Timer.tb.swift", location: location(20, 2, 13), message: "the actions are declared here"),
                Diagnostic.Note(path: "Other.swift", location: location(0, 1, 1), message: "and \"here\" <too>"),
            ]),
        Diagnostic(
            path: "Timer.tb.swift", start: location(50, 4, 1), end: location(52, 4, 3), severity: .warning,
            message: "the columns are not aligned", code: "tablint::alignment",
            fix: Diagnostic.Fix(edits: [
                TextEdit(range: 51..<52, replacement: Array("   ".utf8)),
                TextEdit(range: 0..<0, replacement: Array("// swift-format-ignore-file\n".utf8)),
            ])),
        Diagnostic(
            path: awkwardPath, start: location(7, 2, 3), end: location(7, 2, 3), severity: .note,
            message: awkwardMessage, code: "tablint::header-labels"),
    ]

    // MARK: json

    struct JSONDiagnostic: Decodable, Equatable {
        struct Location: Decodable, Equatable { var line, column, offset: Int }
        struct Note: Decodable, Equatable { var path: String; var line, column: Int; var message: String }
        struct Fix: Decodable, Equatable { var applicability: String; var edits: [Edit] }
        struct Edit: Decodable, Equatable { var start, end: Int; var replacement: String }
        var path: String
        var start, end: Location
        var severity, code, message: String
        var notes: [Note]
        var fix: Fix?
    }

    func testJSONDecodesToEveryField() throws {
        let text = JsonReporter.render(Self.diagnostics)
        let decoded = try JSONDecoder().decode([JSONDiagnostic].self, from: Data(text.utf8))
        XCTAssertEqual(decoded.count, 3)
        XCTAssertEqual(decoded[0].path, "Timer.tb.swift")
        XCTAssertEqual(decoded[0].start, .init(line: 3, column: 5, offset: 40))
        XCTAssertEqual(decoded[0].end, .init(line: 3, column: 11, offset: 46))
        XCTAssertEqual(decoded[0].severity, "error")
        XCTAssertEqual(decoded[0].code, "tabular-center::row-arity")
        XCTAssertEqual(decoded[0].notes, [
            .init(path: "Timer.tb.swift", line: 2, column: 13, message: "the actions are declared here"),
            .init(path: "Other.swift", line: 1, column: 1, message: "and \"here\" <too>"),
        ])
        XCTAssertNil(decoded[0].fix)
        XCTAssertEqual(decoded[1].severity, "warning")
        XCTAssertEqual(decoded[1].fix?.edits, [
            .init(start: 0, end: 0, replacement: "// swift-format-ignore-file\n"),
            .init(start: 51, end: 52, replacement: "   "),
        ], "edits in byte order")
        XCTAssertEqual(decoded[2].path, Self.awkwardPath)
        XCTAssertEqual(decoded[2].message, Self.awkwardMessage)
        XCTAssertEqual(decoded[2].severity, "note")
        XCTAssertEqual(decoded[2].notes, [])
    }

    func testJSONKeysComeInTheDocumentedOrderAndFixIsAnExplicitNull() throws {
        let text = JsonReporter.render(Array(Self.diagnostics.prefix(1)))
        let keys = ["\"path\"", "\"start\"", "\"end\"", "\"severity\"", "\"code\"", "\"message\"", "\"notes\"", "\"fix\": null"]
        let positions = try keys.map { key in try XCTUnwrap(text.range(of: key), "\(key) missing").lowerBound }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertEqual(JsonReporter.render([]), "[]\n")
    }

    func testJSONEscapesControlCharacters() throws {
        XCTAssertEqual(JSONText.quoted("a\"b\\c\nd\u{01}\u{7F}é"), "\"a\\\"b\\\\c\\nd\\u0001\\u007fé\"")
        let object = try JSONSerialization.jsonObject(with: Data(JSONText.array([.string("\u{1B}[1m\u{2028}")]).rendered.utf8))
        XCTAssertEqual(object as? [String], ["\u{1B}[1m\u{2028}"])
    }

    // MARK: github

    /// `::command key=value,…::message` → command, properties and message, unescaped.
    func parseWorkflowCommand(_ line: Substring) throws -> (command: String, properties: [String: String], message: String) {
        XCTAssertTrue(line.hasPrefix("::"))
        let body = line.dropFirst(2)
        let space = try XCTUnwrap(body.firstIndex(of: " "))
        let command = String(body[..<space])
        let rest = body[body.index(after: space)...]
        let separator = try XCTUnwrap(rest.range(of: "::"))
        var properties: [String: String] = [:]
        for pair in rest[..<separator.lowerBound].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            properties[String(parts[0])] = unescape(String(parts[1]))
        }
        return (command, properties, unescape(String(rest[separator.upperBound...])))
    }

    func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    func testGitHubWorkflowCommandsCarryEveryField() throws {
        let text = GitHubReporter.render(Self.diagnostics)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, "one line per diagnostic, then the final newline")
        XCTAssertEqual(lines.last, "")

        let error = try parseWorkflowCommand(lines[0])
        XCTAssertEqual(error.command, "error")
        XCTAssertEqual(error.properties, [
            "file": "Timer.tb.swift", "line": "3", "col": "5", "endLine": "3", "endColumn": "10",
            "title": "tabular-center::row-arity",
        ])
        XCTAssertEqual(error.message, """
            row `Running` has 2 cells, expected 3
            note: Timer.tb.swift:2:13: the actions are declared here
            note: Other.swift:1:1: and "here" <too>
            """)
        XCTAssertTrue(lines[0].contains("title=tabular-center%3A%3Arow-arity::"), "colons in properties are escaped")

        XCTAssertEqual(try parseWorkflowCommand(lines[1]).command, "warning")

        let notice = try parseWorkflowCommand(lines[2])
        XCTAssertEqual(notice.command, "notice")
        XCTAssertEqual(notice.properties["file"], Self.awkwardPath)
        XCTAssertEqual(notice.message, Self.awkwardMessage)
        XCTAssertTrue(lines[2].contains("100%25 done, ok: yes%0Asecond"), String(lines[2]))
        XCTAssertTrue(lines[2].contains("file=dir with space/naïve \"q\" <&>%25%2C%3A.tb.swift,"), String(lines[2]))
    }

    /// GitHub's `endLine`/`endColumn` are the last line and column annotated (tablint's `end` is
    /// one past the range), and GitHub takes columns only within one line.
    func testGitHubEndsAreInclusiveAndColumnsAreGivenOnlyWithinOneLine() throws {
        func properties(_ start: SourceLocation, _ end: SourceLocation) throws -> [String: String] {
            let diagnostic = Diagnostic(path: "F.tbl", start: start, end: end, severity: .error, message: "m", code: "tablint::syntax")
            var properties = try parseWorkflowCommand(GitHubReporter.line(diagnostic).dropLast()).properties
            properties["file"] = nil
            properties["title"] = nil
            return properties
        }
        XCTAssertEqual(try properties(Self.location(40, 3, 5), Self.location(46, 3, 11)),
                       ["line": "3", "col": "5", "endLine": "3", "endColumn": "10"], "within a line: the last byte's column")
        XCTAssertEqual(try properties(Self.location(100, 8, 5), Self.location(120, 9, 1)),
                       ["line": "8", "col": "5", "endLine": "8", "endColumn": "24"], "up to the newline of line 8: ends on line 8, at the newline")
        XCTAssertEqual(try properties(Self.location(40, 3, 5), Self.location(90, 5, 10)),
                       ["line": "3", "endLine": "5"], "over three lines: no columns")
        XCTAssertEqual(try properties(Self.location(40, 3, 5), Self.location(90, 6, 1)),
                       ["line": "3", "endLine": "5"], "up to the newline of line 5: ends on line 5, no columns")
        XCTAssertEqual(try properties(Self.location(7, 2, 3), Self.location(7, 2, 3)),
                       ["line": "2", "col": "3", "endLine": "2", "endColumn": "3"], "an empty range: its position")
    }

    /// Examples/Broken/Door.tbl's missing-row error covers the last row's newline (8:25 to 9:1,
    /// exclusive): the annotation is line 8's, not line 9's.
    func testGitHubAnnotatesTheLineARangeEndsOnInARealFile() throws {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(ReadmeTests.repository.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var json = ""
        var github = ""
        var errors = ""
        _ = Tablint.run(arguments: ["--reporter", "json", "Examples/Broken/Door.tbl"], stdout: &json, stderr: &errors)
        _ = Tablint.run(arguments: ["--reporter", "github", "Examples/Broken/Door.tbl"], stdout: &github, stderr: &errors)
        let decoded = try JSONDecoder().decode([JSONDiagnostic].self, from: Data(json.utf8))
        let missingRow = try XCTUnwrap(decoded.firstIndex { $0.code == "tabular-center::missing-row" })
        XCTAssertEqual(decoded[missingRow].start, .init(line: 8, column: 25, offset: 212))
        XCTAssertEqual(decoded[missingRow].end, .init(line: 9, column: 1, offset: 213))
        let lines = github.split(separator: "\n")
        XCTAssertEqual(lines.count, decoded.count)
        let command = try parseWorkflowCommand(lines[missingRow])
        XCTAssertEqual(command.properties["title"], "tabular-center::missing-row")
        XCTAssertEqual(command.properties["line"], "8")
        XCTAssertEqual(command.properties["endLine"], "8")
        XCTAssertEqual(command.properties["col"], "25")
        XCTAssertEqual(command.properties["endColumn"], "25")
    }

    // MARK: sarif

    func sarif(_ diagnostics: [Diagnostic], sources: SourceLookup? = nil) throws -> [String: Any] {
        let text = SarifReporter.render(diagnostics, sources: sources)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testSARIFHasTheStructureGitHubCodeScanningRequires() throws {
        let log = try sarif(Self.diagnostics)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "tablint")
        XCTAssertEqual(driver["version"] as? String, Tablint.version)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(Array(ids.prefix(RuleRegistry.all.count)), RuleRegistry.all.map(\.code), "every registered rule, in order")
        XCTAssertEqual(Set(ids).count, ids.count, "rule ids are unique")

        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        for (result, diagnostic) in zip(results, Self.diagnostics) {
            let ruleId = try XCTUnwrap(result["ruleId"] as? String)
            XCTAssertEqual(ruleId, diagnostic.code)
            let ruleIndex = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[ruleIndex]["id"] as? String, ruleId, "ruleIndex points at the result's rule")
            XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, diagnostic.message)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let region = try XCTUnwrap(location["region"] as? [String: Any])
            XCTAssertEqual(region["startLine"] as? Int, diagnostic.start.line)
            XCTAssertEqual(region["endLine"] as? Int, diagnostic.end.line)
            XCTAssertGreaterThanOrEqual(region["startLine"] as? Int ?? 0, 1, "regions are 1-based")
            XCTAssertNil(region["startColumn"], "without the files' bytes, no column in the wrong unit")
        }
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning", "note"])
        XCTAssertNil(runs[0]["columnKind"])
    }

    func testSARIFRulesCarryTheirDocuments() throws {
        let log = try sarif([])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rowArity = try XCTUnwrap(rules.first { $0["id"] as? String == "tabular-center::row-arity" })
        XCTAssertEqual(rowArity["name"] as? String, "row-arity")
        XCTAssertEqual((rowArity["shortDescription"] as? [String: Any])?["text"] as? String, RowArity().summary)
        let full = try XCTUnwrap((rowArity["fullDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(full.hasPrefix("Cells are positional: the j-th cell of a row"), full)
        let help = try XCTUnwrap(rowArity["help"] as? [String: Any])
        XCTAssertEqual(help["markdown"] as? String, RuleDocument.named("row-arity")?.markdown)
        XCTAssertTrue((help["text"] as? String)?.contains(full) == true)
        XCTAssertEqual((rowArity["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        let properties = try XCTUnwrap(rowArity["properties"] as? [String: Any])
        XCTAssertEqual(properties["fixable"] as? Bool, false)
        XCTAssertEqual(properties["tags"] as? [String], ["tabular-center"])
        let alignment = try XCTUnwrap(rules.first { $0["id"] as? String == "tablint::alignment" })
        XCTAssertEqual((alignment["properties"] as? [String: Any])?["fixable"] as? Bool, true)
        for rule in rules {
            XCTAssertNotNil(rule["help"], "\(rule["id"] ?? "?") has no help")
            XCTAssertNotNil(rule["shortDescription"], "\(rule["id"] ?? "?") has no short description")
        }
    }

    func testSARIFNotesAreRelatedLocationsAndFixesAreByteReplacements() throws {
        let log = try sarif(Self.diagnostics)
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let related = try XCTUnwrap(results[0]["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.count, 2)
        XCTAssertEqual(related.compactMap { $0["id"] as? Int }, [1, 2])
        XCTAssertEqual(related.compactMap { ($0["message"] as? [String: Any])?["text"] as? String },
                       ["the actions are declared here", "and \"here\" <too>"])
        let second = try XCTUnwrap(related[1]["physicalLocation"] as? [String: Any])
        XCTAssertEqual((second["artifactLocation"] as? [String: Any])?["uri"] as? String, "Other.swift")
        XCTAssertEqual((second["region"] as? [String: Any])?["startLine"] as? Int, 1)
        XCTAssertNil(results[1]["relatedLocations"])

        let fixes = try XCTUnwrap(results[1]["fixes"] as? [[String: Any]])
        let change = try XCTUnwrap((fixes.first?["artifactChanges"] as? [[String: Any]])?.first)
        XCTAssertEqual((change["artifactLocation"] as? [String: Any])?["uri"] as? String, "Timer.tb.swift")
        let replacements = try XCTUnwrap(change["replacements"] as? [[String: Any]])
        XCTAssertEqual(replacements.compactMap { ($0["deletedRegion"] as? [String: Any])?["byteOffset"] as? Int }, [0, 51])
        XCTAssertEqual(replacements.compactMap { ($0["deletedRegion"] as? [String: Any])?["byteLength"] as? Int }, [0, 1])
        XCTAssertEqual(replacements.compactMap { ($0["insertedContent"] as? [String: Any])?["text"] as? String },
                       ["// swift-format-ignore-file\n", "   "])
        XCTAssertNil(results[0]["fixes"])
        XCTAssertEqual((fixes.first?["properties"] as? [String: Any])?["applicability"] as? String, "safe")

        let awkward = try XCTUnwrap((results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((awkward["artifactLocation"] as? [String: Any])?["uri"] as? String,
                       "dir%20with%20space/na%C3%AFve%20%22q%22%20%3C%26%3E%25%2C%3A.tb.swift")
        XCTAssertEqual((results[2]["message"] as? [String: Any])?["text"] as? String, Self.awkwardMessage)
        XCTAssertEqual(SarifReporter.uri("/abs/a b.swift"), "file:///abs/a%20b.swift")
    }

    /// With the files' bytes, byte columns become UTF-16 columns: `待機` is 6 bytes, 2 UTF-16
    /// units; `😀` is 4 bytes, 2 units.
    func testSARIFColumnsAreUTF16WhenTheFilesAreAvailable() throws {
        let text = "let x = 1\nlet 待機 = 😀 + bad\n"
        let bytes = Array(text.utf8)
        let lineStart = 10
        let bad = bytes.count - 4  // the `b` of `bad`
        let diagnostic = Diagnostic(
            path: "W.swift", start: Self.location(bad, 2, bad - lineStart + 1), end: Self.location(bad + 3, 2, bad + 3 - lineStart + 1),
            severity: .error, message: "m", code: "tablint::syntax",
            notes: [Diagnostic.Note(path: "Gone.swift", location: Self.location(3, 1, 4), message: "n")])
        var asked: [String] = []
        let log = try sarif([diagnostic, diagnostic]) { path in
            asked.append(path)
            return path == "W.swift" ? bytes : nil
        }
        XCTAssertEqual(asked, ["W.swift", "Gone.swift"], "each file is asked for once")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let region = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        let expected = "let 待機 = 😀 + ".utf16.count + 1
        XCTAssertEqual(diagnostic.start.column, "let 待機 = 😀 + ".utf8.count + 1)
        XCTAssertEqual(region["startColumn"] as? Int, expected)
        XCTAssertEqual(region["endColumn"] as? Int, expected + 3)
        let note = try XCTUnwrap(((result["relatedLocations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        XCTAssertNil(note["startColumn"], "a file that is not available gives lines only")
        XCTAssertEqual(note["startLine"] as? Int, 1)

        // A file that changed since (no line starts where the location says): lines only.
        let changed = try sarif([diagnostic]) { _ in Array("x\n\(text)".utf8) }
        let changedRegion = try XCTUnwrap((((changed["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertNil((changedRegion["region"] as? [String: Any])?["startColumn"])
    }

    func testSARIFListsACodeNoRuleIsRegisteredForAfterTheRules() throws {
        let unknown = Diagnostic(path: "a.swift", start: Self.location(0, 1, 1), end: Self.location(0, 1, 1),
                                 severity: .warning, message: "m", code: "tablint::from-the-future")
        let log = try sarif([unknown])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.count, RuleRegistry.all.count + 1)
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleIndex"] as? Int, RuleRegistry.all.count)
        XCTAssertEqual(rules.last?["id"] as? String, "tablint::from-the-future")
    }

    // MARK: checkstyle

    final class CheckstyleCollector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((elementName, attributes))
        }
    }

    func parseXML(_ text: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = CheckstyleCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")\n\(text)")
        return collector.elements
    }

    func testCheckstyleIsWellFormedXMLWithOneFilePerPath() throws {
        let text = CheckstyleReporter.render(Self.diagnostics)
        XCTAssertTrue(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">"))
        let elements = try parseXML(text)
        XCTAssertEqual(elements.map(\.name), ["checkstyle", "file", "error", "error", "file", "error"])
        XCTAssertEqual(elements[0].attributes["version"], "4.3")
        XCTAssertEqual(elements[1].attributes["name"], "Timer.tb.swift")
        XCTAssertEqual(elements[2].attributes, [
            "line": "3", "column": "5", "severity": "error", "source": "tabular-center::row-arity",
            "message": "row `Running` has 2 cells, expected 3\nnote: Timer.tb.swift:2:13: the actions are declared here\nnote: Other.swift:1:1: and \"here\" <too>",
        ])
        XCTAssertEqual(elements[3].attributes["severity"], "warning")
        XCTAssertEqual(elements[4].attributes["name"], Self.awkwardPath)
        XCTAssertEqual(elements[5].attributes["severity"], "info")
        XCTAssertEqual(elements[5].attributes["message"], Self.awkwardMessage.replacingOccurrences(of: "\u{01}", with: "\u{FFFD}"),
                       "tabs and newlines survive; a forbidden control character becomes U+FFFD")
        XCTAssertEqual(try parseXML(CheckstyleReporter.render([])).map(\.name), ["checkstyle"])
    }

    func testCheckstyleGroupsAPathThatComesBackUnderItsFirstFileElement() throws {
        let a = Self.diagnostics[0]
        var b = a
        b.path = "B.swift"
        let elements = try parseXML(CheckstyleReporter.render([a, b, a]))
        XCTAssertEqual(elements.map(\.name), ["checkstyle", "file", "error", "error", "file", "error"])
        XCTAssertEqual(elements.filter { $0.name == "file" }.map { $0.attributes["name"] }, ["Timer.tb.swift", "B.swift"])
    }

    // MARK: text

    func testTextWithoutColourHasNoEscapeCharacter() {
        let text = ReporterKind.text.render(Self.diagnostics, color: false)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertEqual(text, TextReporter.render(Self.diagnostics))
        XCTAssertTrue(text.hasPrefix("Timer.tb.swift:3:5: error: row `Running` has 2 cells, expected 3 [tabular-center::row-arity]\n"))
    }

    func testTextWithColourIsColouredLikeClangAndOtherwiseTheSame() {
        let colored = ReporterKind.text.render(Self.diagnostics, color: true)
        let lines = colored.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "\u{1B}[1mTimer.tb.swift:3:5: \u{1B}[0m\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mrow `Running` has 2 cells, expected 3\u{1B}[0m [tabular-center::row-arity]")
        XCTAssertEqual(lines[1], "\u{1B}[1mTimer.tb.swift:2:13: \u{1B}[0m\u{1B}[1;36mnote:\u{1B}[0m \u{1B}[1mthe actions are declared here\u{1B}[0m")
        XCTAssertTrue(lines[3].contains("\u{1B}[1;35mwarning:"), lines[3])
        let plain = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(plain, TextReporter.render(Self.diagnostics))
    }

    func testColourNeverTakesAnEscapeCharacterFromThePath() {
        var hostile = Self.diagnostics[0]
        hostile.path = "evil\u{1B}[2J.swift"
        let line = TextReporter.coloredLine(for: hostile)
        XCTAssertFalse(line.contains("\u{1B}[2J"))
        XCTAssertTrue(line.contains("evil\\u{1B}[2J.swift"))
    }

    // MARK: Every kind

    func testEveryKindRendersNothingToReportAsAValidEmptyReport() throws {
        XCTAssertEqual(ReporterKind.text.render([]), "")
        XCTAssertEqual(ReporterKind.github.render([]), "")
        let empty = try JSONSerialization.jsonObject(with: Data(ReporterKind.json.render([]).utf8)) as? [Any]
        XCTAssertEqual(empty?.count, 0)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(ReporterKind.sarif.render([]).utf8)))
        XCTAssertEqual(try parseXML(ReporterKind.checkstyle.render([])).count, 1)
        for kind in ReporterKind.allCases where kind != .text {
            XCTAssertFalse(kind.render(Self.diagnostics, color: true).contains("\u{1B}"), "\(kind) is never coloured")
        }
    }

    // MARK: Fixes on diagnostics

    /// Every `before` example of every rule document: the fixes its diagnostics carry, applied
    /// together, give exactly what `--fix` writes; and a diagnostic carries a fix only if its
    /// rule is fixable.
    func testTheDiagnosticsFixesTogetherAreWhatFixWrites() throws {
        var checked = 0
        for document in RuleDocument.embedded {
            for block in FencedBlock.extract(from: document.markdown).blocks where block.info.role == .before {
                let (path, bytes) = RuleDocumentChecker.file(for: block)
                let file = SourceFile(path: path, bytes: bytes)
                let diagnostics = TestRun.lint(file)
                for diagnostic in diagnostics where diagnostic.fix != nil {
                    XCTAssertTrue(RuleRegistry.rule(named: diagnostic.code)?.isFixable == true, "\(diagnostic.code) is not fixable")
                }
                // `--fix` applies the safe fixes; unsafe ones wait for `--unsafe-fixes`.
                let edits = diagnostics.compactMap(\.fix).filter { $0.applicability == .safe }.flatMap(\.edits)
                    .sorted { $0.range.lowerBound < $1.range.lowerBound }
                if edits.isEmpty {
                    // Only unsafe fixes (or, without its `dispatcher=` setting, none): `--fix` leaves it.
                    XCTAssertEqual(TestRun.fix(file), .unchanged, "\(document.name) line \(block.line): --fix applied an unsafe fix")
                    continue
                }
                for (previous, next) in zip(edits, edits.dropFirst()) {
                    XCTAssertLessThanOrEqual(previous.range.upperBound, next.range.lowerBound, "\(document.name) line \(block.line): overlapping edits")
                }
                guard case .fixed(let fixed) = TestRun.fix(file) else {
                    XCTFail("\(document.name) line \(block.line): --fix does not change the before example")
                    continue
                }
                XCTAssertEqual(String(decoding: TextEdit.apply(edits, to: bytes), as: UTF8.self), String(decoding: fixed, as: UTF8.self),
                               "\(document.name) line \(block.line)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5, "the documents have before/after examples")
    }

    func testAlignmentAndDirectiveDiagnosticsCarryTheirEdits() throws {
        let source = "let T = Table(\n    machine: \"T\",\n    states: [\"A\", \"B\"],\n    actions: [\"P\", \"Q\"],\n    cells: [\n"
            + "        [.handle, .ignore],\n        [.go(target: \"A\", effects: []), .ignore],\n    ],\n    initial: \"A\"\n)\n"
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(source.utf8)
        let diagnostics = TestRun.lint(SourceFile(path: "T.tb.swift", bytes: bytes))
        let directive = try XCTUnwrap(diagnostics.first { $0.code == "tablint::format-ignore-directive" })
        XCTAssertEqual(directive.fix, Diagnostic.Fix(edits: [TextEdit(range: 3..<3, replacement: Array("// swift-format-ignore-file\n".utf8))]),
                       "inserted after the byte order mark")
        let alignment = try XCTUnwrap(diagnostics.first { $0.code == "tablint::alignment" })
        let edit = try XCTUnwrap(alignment.fix?.edits.first)
        XCTAssertEqual(alignment.fix?.edits.count, 1)
        XCTAssertEqual(String(decoding: bytes[edit.range], as: UTF8.self), " ", "the one space after `.handle,`")
        XCTAssertEqual(edit.replacement, Array(repeating: UInt8(ascii: " "), count: 23))
        XCTAssertTrue(diagnostics.filter { $0.code != "tablint::alignment" && $0.code != "tablint::format-ignore-directive" }.allSatisfy { $0.fix == nil })

        // A file --fix refuses carries no fix at all.
        let refused = TestRun.lint(SourceFile(path: "T.tb.swift", bytes: bytes + Array("let s = \"open\n".utf8)))
        XCTAssertTrue(refused.contains { $0.code == "tablint::unformattable" })
        XCTAssertTrue(refused.allSatisfy { $0.fix == nil }, "\(refused)")
    }

    // MARK: Through the command

    func lint(_ arguments: [String], files: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-reporters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    static let broken = """
        // swift-format-ignore-file
        let T = Table(
            machine: "T",
            states: ["A", "B"],
            actions: ["P", "Q"],
            cells: [
                [.handle, .ignore],
                [.go(target: "C", effects: []), .handle],
            ],
            initial: "A"
        )

        """

    func testTheCommandPrintsJSON() throws {
        let run = try lint(["--reporter", "json", "T.tb.swift"], files: ["T.tb.swift": Self.broken])
        XCTAssertEqual(run.status, 1)
        let decoded = try JSONDecoder().decode([JSONDiagnostic].self, from: Data(run.stdout.utf8))
        XCTAssertEqual(decoded.map(\.code), ["tablint::alignment", "tabular-center::unknown-state"])
        XCTAssertEqual(decoded.map(\.path), ["T.tb.swift", "T.tb.swift"])
        XCTAssertEqual(decoded[0].fix?.edits.map(\.replacement), [String(repeating: " ", count: 23)])
        XCTAssertEqual(decoded[0].fix?.applicability, "safe")
        XCTAssertNil(decoded[1].fix)
        XCTAssertEqual(decoded[1].notes.count, 1)
        XCTAssertEqual(run.stderr, "2 errors, 0 warnings in 1 file; 1 fixable with `tablint --fix`\n", "the summary stays on standard error")
    }

    func testTheTextReportMarksApplicableFixesAndCountsThem() throws {
        let run = try lint(["T.tb.swift"], files: ["T.tb.swift": Self.broken])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("T.tb.swift:7:9: error: [*] the columns of these `Table` rows are not aligned"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(" [tablint::alignment]"), "the code stays last")
        XCTAssertFalse(lines.dropFirst().contains { $0.contains("[*]") }, "a diagnostic without a fix is not marked")
        XCTAssertEqual(run.stderr, "2 errors, 0 warnings in 1 file; 1 fixable with `tablint --fix`\n")
        var unsafeFix = Diagnostic(
            path: "U.swift", start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1),
            severity: .warning, message: "m", code: "c", fix: Diagnostic.Fix(edits: [], applicability: .unsafe))
        XCTAssertEqual(TextReporter.render([unsafeFix]), "U.swift:1:1: warning: m [c]\n", "unsafe: not applied by plain --fix")
        XCTAssertEqual(TextReporter.render([unsafeFix], isApplicable: { _ in true }), "U.swift:1:1: warning: [*] m [c]\n")
        XCTAssertEqual(TextReporter.fixSummary(of: [unsafeFix], unsafeApplicable: { _ in false }),
                       "; 1 fixable with `tablint --fix --unsafe-fixes`", "only unsafe fixes: one command, not `0 fixable`")
        XCTAssertEqual(TextReporter.fixSummary(of: [unsafeFix], unsafeApplicable: { _ in true }),
                       "; 1 fixable with `tablint --fix --unsafe-fixes`")
        var safeFix = unsafeFix
        safeFix.fix = Diagnostic.Fix(edits: [], applicability: .safe)
        XCTAssertEqual(TextReporter.fixSummary(of: [safeFix, unsafeFix], unsafeApplicable: { _ in false }),
                       "; 1 fixable with `tablint --fix` (1 more with `--unsafe-fixes`)")
        // The SwiftPM plugins name their own verb, so the hint is a command that works there.
        let plugin = "swift package --allow-writing-to-package-directory tablint-fix"
        XCTAssertEqual(TextReporter.fixSummary(of: [safeFix, unsafeFix], unsafeApplicable: { _ in false }, fixCommand: plugin),
                       "; 1 fixable with `\(plugin)` (1 more with `--unsafe-fixes`)")
        XCTAssertEqual(TextReporter.fixSummary(of: [unsafeFix], unsafeApplicable: { _ in false }, fixCommand: plugin),
                       "; 1 fixable with `\(plugin) --unsafe-fixes`")
        unsafeFix.fix = nil
        XCTAssertEqual(TextReporter.fixSummary(of: [unsafeFix], unsafeApplicable: { _ in true }), "")
    }

    func testTheCommandPrintsSARIFGitHubAndCheckstyle() throws {
        let sarif = try lint(["--reporter=sarif", "T.tb.swift"], files: ["T.tb.swift": Self.broken])
        XCTAssertEqual(sarif.status, 1)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.compactMap { $0["ruleId"] as? String }, ["tablint::alignment", "tabular-center::unknown-state"])
        // The command hands the reporter the files' bytes, so regions carry UTF-16 columns.
        XCTAssertEqual((log["runs"] as? [[String: Any]])?.first?["columnKind"] as? String, "utf16CodeUnits")
        let region = (((results.last?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        XCTAssertEqual(region?["startColumn"] as? Int, 22, "\(String(describing: region))")

        let github = try lint(["--reporter", "github", "T.tb.swift"], files: ["T.tb.swift": Self.broken])
        XCTAssertEqual(github.stdout.split(separator: "\n").map { $0.prefix(30) }, [
            "::error file=T.tb.swift,line=7", "::error file=T.tb.swift,line=8",
        ])

        let checkstyle = try lint(["--reporter", "checkstyle", "--quiet", "T.tb.swift"], files: ["T.tb.swift": Self.broken])
        XCTAssertEqual(try parseXML(checkstyle.stdout).map(\.name), ["checkstyle", "file", "error", "error"])
        XCTAssertEqual(checkstyle.stderr, "")

        let clean = try lint(["--reporter", "checkstyle", "."], files: ["Clean.swift": "let x = 1\n"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(try parseXML(clean.stdout).map(\.name), ["checkstyle"])
    }
}
