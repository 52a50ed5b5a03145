import Foundation
import XCTest
@testable import TablintKit

/// Runs the rule documents in the top-level `Rules/` folder as tests: every example a document
/// shows is linted, and the document fails if tablint does not behave as it says.
/// `Rules/README.md` describes the format this harness reads.
final class RuleDocumentTests: XCTestCase {
    func testEveryDocumentDescribesWhatTablintDoes() throws {
        let documents = try RuleDocuments.load()
        XCTAssertFalse(documents.isEmpty, "no documents found in \(RuleDocuments.folder.path)")
        for document in documents {
            let problems = RuleDocumentChecker.check(name: document.name, markdown: document.markdown)
            XCTAssertEqual(problems, [], "Rules/\(document.name).md:\n" + problems.joined(separator: "\n"))
        }
    }

    func testEveryRegisteredRuleHasADocument() throws {
        let names = try RuleDocuments.load().map(\.name)
        let problems = RuleDocumentChecker.undocumentedRules(documentNames: names)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testEveryDocumentNamesARegisteredRule() throws {
        let names = try RuleDocuments.load().map(\.name)
        let problems = RuleDocumentChecker.unregisteredDocuments(documentNames: names)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    func testReadmeListsEveryRuleWithItsSeverityAndSummary() throws {
        let readme = try String(contentsOf: RuleDocuments.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let problems = RuleDocumentChecker.checkIndex(readme)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
    }

    // MARK: The checker can fail

    /// The real `row-arity` document with one expected diagnostic line deleted must be reported.
    func testDeletingAnExpectedDiagnosticLineIsReported() throws {
        let markdown = try RuleDocuments.markdown(named: "row-arity")
        let lines = markdown.components(separatedBy: "\n")
        guard let fence = lines.firstIndex(where: { $0.hasPrefix("```text diagnostics") }),
            lines.count > fence + 1, lines[fence + 1].contains("[tabular-center::row-arity]")
        else { return XCTFail("row-arity.md has no `text diagnostics` block starting with a row-arity line") }
        XCTAssertEqual(RuleDocumentChecker.check(name: "row-arity", markdown: markdown), [], "the unmodified document must pass")
        var broken = lines
        let deleted = broken.remove(at: fence + 1)
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: broken.joined(separator: "\n"))
        XCTAssertFalse(problems.isEmpty)
        XCTAssertTrue(
            problems.contains { $0.contains("do not match") && $0.contains("+ \(deleted)") },
            "expected a mismatch naming the deleted line as printed but not expected; got \(problems)")
    }

    /// The real `dispatcher-default` document with a pattern dropped from a `fix=unsafe` after
    /// block, or with the marker removed (so the formatter's `--fix` is expected), is reported.
    func testAWrongUnsafeFixAfterBlockIsReported() throws {
        let markdown = try RuleDocuments.markdown(named: "dispatcher-default")
        XCTAssertEqual(RuleDocumentChecker.check(name: "dispatcher-default", markdown: markdown), [])
        let dropped = "        case (.paused, .tick): return .go(.idle, effects: [])\n"
        XCTAssertEqual(markdown.components(separatedBy: dropped).count, 2, "one after block lists (.paused, .tick)")
        let wrong = RuleDocumentChecker.check(name: "dispatcher-default", markdown: markdown.replacingOccurrences(of: dropped, with: ""))
        XCTAssertTrue(wrong.contains { $0.contains("the fixes do not turn the example into the after block") }, "\(wrong)")
        XCTAssertTrue(wrong.contains { $0.contains("with CRLF line endings: the fixes do not turn") }, "\(wrong)")
        let unmarked = RuleDocumentChecker.check(
            name: "dispatcher-default", markdown: markdown.replacingOccurrences(of: "before fix=unsafe", with: "before"))
        XCTAssertTrue(unmarked.contains { $0.contains("`--fix` does not change the before example") }, "\(unmarked)")
    }

    /// The document the tests below break one part of must pass as it is.
    func testTheUnbrokenTestDocumentPasses() {
        XCTAssertEqual(RuleDocumentChecker.check(name: "row-arity", markdown: Self.document()), [])
    }

    func testAWrongExpectedLineIsReported() {
        let markdown = Self.document(diagnostics: """
            Example.swift:7:9: error: row `Idle` has 1 cells, expected 3. Expected columns: A B [tabular-center::row-arity]
            Example.swift:5:14: note: the actions are declared here
            """)
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: markdown)
        XCTAssertTrue(problems.contains { $0.contains("do not match") && $0.contains("- Example.swift:7:9: error: row `Idle` has 1 cells, expected 3") }, "\(problems)")
    }

    func testAPassingExampleThatTriggersTheRuleIsReported() {
        let markdown = Self.document(passes: Self.ragged)
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: markdown)
        XCTAssertTrue(problems.contains { $0.contains("passing example") && $0.contains("tabular-center::row-arity") }, "\(problems)")
    }

    /// A passing example whose directive suppresses nothing shows a suppression that does not
    /// work: it is reported, so every suppression a document shows is one that is used.
    func testAPassingExampleWithAnUnusedDirectiveIsReported() {
        let stale = "// tablint:disable:next row-arity\nlet T = Table(machine: \"M\", states: [\"Idle\"], actions: [\"A\"], cells: [[.ignore]])\n"
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: Self.document(passes: stale))
        XCTAssertTrue(problems.contains { $0.contains("passing example triggers tablint::unused-suppression") }, "\(problems)")
        let used = "// tablint:disable:next row-arity\nlet T = Table(machine: \"M\", states: [\"Idle\"], actions: [\"A\"], cells: [[.ignore, .ignore]])\n"
        XCTAssertEqual(RuleDocumentChecker.check(name: "row-arity", markdown: Self.document(passes: used)), [])
    }

    func testATriggeringExampleWithoutTheDocumentsCodeIsReported() {
        let markdown = Self.document(triggers: "let greeting = \"hello\n", diagnostics: """
            Example.swift:1:16: error: string literal opened by `"` is never closed; expected a closing `"` before the end of the line [tablint::syntax]
            """)
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: markdown)
        XCTAssertTrue(problems.contains { $0.contains("none of the expected lines carries [tabular-center::row-arity]") }, "\(problems)")
    }

    /// A linter that loses its diagnostics on CRLF files, standing in for a real bug.
    func testAnExampleThatChangesWithCRLFIsReported() {
        let blindToCRLF: (SourceFile) -> [Diagnostic] = { $0.bytes.contains(0x0D) ? [] : TestRun.lint($0) }
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: Self.document(), lint: blindToCRLF)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("with CRLF line endings the example gives other diagnostics") == true, "\(problems)")
        XCTAssertTrue(problems.first?.contains("- tabular-center::row-arity at 6:9") == true, "\(problems)")
    }

    /// A linter that counts lines from the end of a leading comment block, standing in for a real bug.
    func testAnExampleWhoseLinesDoNotMoveWithALeadingCommentIsReported() {
        let skipsHeader: (SourceFile) -> [Diagnostic] = { file in
            guard file.bytes.starts(with: Example.leadingComment) else { return TestRun.lint(file) }
            return TestRun.lint(SourceFile(path: file.path, bytes: Array(file.bytes.dropFirst(Example.leadingComment.count))))
        }
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: Self.document(), lint: skipsHeader)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("- tabular-center::row-arity at 9:9") == true, "\(problems)")
        XCTAssertTrue(problems.first?.contains("+ tabular-center::row-arity at 6:9") == true, "\(problems)")
    }

    /// The comment block goes after a leading `// swift-format-ignore-file`, which must stay
    /// line 1, and before the first line of any other example.
    func testTheLeadingCommentGoesAfterADirectiveLine() {
        let comment = Example.leadingComment
        XCTAssertEqual(Example.shifted(Array("let x = 1\n".utf8), path: "A.swift"), comment + Array("let x = 1\n".utf8))
        XCTAssertEqual(
            Example.shifted(Array("// swift-format-ignore-file\nlet x = 1\n".utf8), path: "A.tb.swift"),
            Array("// swift-format-ignore-file\n".utf8) + comment + Array("let x = 1\n".utf8))
        XCTAssertEqual(
            Example.shifted([0xEF, 0xBB, 0xBF] + Array("// swift-format-ignore-file\r\nlet x = 1\r\n".utf8), path: "A.tb.swift"),
            [0xEF, 0xBB, 0xBF] + Array("// swift-format-ignore-file\r\n".utf8) + comment + Array("let x = 1\r\n".utf8))
        XCTAssertEqual(
            Example.shifted(Array("let x = 1\n// swift-format-ignore-file\n".utf8), path: "A.tb.swift"),
            comment + Array("let x = 1\n// swift-format-ignore-file\n".utf8))
    }

    /// The harness keeps the directive on line 1 when it shifts an example; with the comment
    /// block moved before the directive the examples still pass, as swift-format reads the
    /// directive anywhere in the leading comments (a rule that looked at line 1 only would
    /// report `tablint::format-ignore-directive` at 1:1 here).
    func testADocumentWithTheDirectiveKeepsItOnLineOneWhenShifted() throws {
        let markdown = try RuleDocuments.markdown(named: "alignment")
        XCTAssertEqual(RuleDocumentChecker.check(name: "alignment", markdown: markdown), [])
        let directiveLine = Array("// swift-format-ignore-file\n".utf8)
        let commentFirst: (SourceFile) -> [Diagnostic] = { file in
            let bytes = file.bytes
            guard bytes.starts(with: directiveLine), bytes.dropFirst(directiveLine.count).starts(with: Example.leadingComment) else { return TestRun.lint(file) }
            let moved = Example.leadingComment + directiveLine + bytes.dropFirst(directiveLine.count + Example.leadingComment.count)
            return TestRun.lint(SourceFile(path: file.path, bytes: moved))
        }
        let problems = RuleDocumentChecker.check(name: "alignment", markdown: markdown, lint: commentFirst)
        XCTAssertFalse(problems.contains { $0.contains("tablint::format-ignore-directive") }, "\(problems)")
    }

    func testMissingExamplesAndSectionsAreReported() {
        let markdown = """
            # row-arity

            | Property | Value |
            |---|---|
            | Code | `tabular-center::row-arity` |
            | Default severity | warning |
            | Fixable by `--fix` | yes |
            | Surfaces | `Table(...)` literal |

            ```swift
            let x = 1
            ```

            ```text diagnostics
            Example.tb.swift:1:1: error: nothing [tabular-center::row-arity]
            ```
            """
        let problems = RuleDocumentChecker.check(name: "row-arity", markdown: markdown)
        for expected in [
            "default severity is `warning`, but the rule's is `error`",
            "fixable by `--fix` says `yes`",
            "the rule's summary is not on a line of its own",
            "no `## Why it matters` section",
            "no `## Suppressing and configuring` section",
            "no ```swift triggers example",
            "no ```swift passes example",
            "a swift block without a role",
            "a `text diagnostics` block that does not follow a triggering example",
        ] {
            XCTAssertTrue(problems.contains { $0.contains(expected) }, "missing problem `\(expected)` in \(problems)")
        }
    }

    func testADocumentForAnUnknownCodeIsReported() {
        let markdown = Self.document().replacingOccurrences(of: "# row-arity", with: "# row-parity")
            .replacingOccurrences(of: "tabular-center::row-arity", with: "tabular-center::row-parity")
        let problems = RuleDocumentChecker.check(name: "row-parity", markdown: markdown)
        XCTAssertTrue(problems.contains { $0.contains("`row-parity` is not the name of a rule in RuleRegistry.all") }, "\(problems)")
    }

    func testUnknownInfoStringWordsAndUnclosedFencesAreReported() {
        let typo = Self.document().replacingOccurrences(of: "```swift passes", with: "```swift pass")
        XCTAssertTrue(RuleDocumentChecker.check(name: "row-arity", markdown: typo).contains { $0.contains("unknown word `pass`") })
        let attribute = Self.document().replacingOccurrences(of: "```swift passes", with: "```swift passes file=A.swift")
        XCTAssertTrue(RuleDocumentChecker.check(name: "row-arity", markdown: attribute).contains { $0.contains("unknown attribute `file`") })
        let unclosed = Self.document() + "\n```swift passes\nlet x = 1\n"
        XCTAssertTrue(RuleDocumentChecker.check(name: "row-arity", markdown: unclosed).contains { $0.contains("never closed") })
    }

    func testBothDirectionsOfCoverageNameWhatIsMissing() {
        let names = RuleRegistry.all.map(\.name).filter { $0 != "empty-emit" } + ["row-parity"]
        XCTAssertEqual(
            RuleDocumentChecker.undocumentedRules(documentNames: names),
            ["tabular-center::empty-emit has no document: expected Rules/empty-emit.md"])
        XCTAssertEqual(
            RuleDocumentChecker.unregisteredDocuments(documentNames: names),
            ["Rules/row-parity.md names no registered rule: no rule in RuleRegistry.all is called `row-parity`"])
    }

    func testTheIndexMustListEveryRule() {
        let problems = RuleDocumentChecker.checkIndex("| [`tablint::encoding`](encoding.md) | error | no | wrong summary |\n")
        XCTAssertTrue(problems.contains { $0.contains("tabular-center::row-arity is not listed") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("tablint::encoding") && $0.contains("summary") }, "\(problems)")
    }

    // MARK: The format

    func testInfoStringsAreReadIntoLanguageRoleAndAttributes() {
        let info = InfoString("swift triggers path=Other.swift bytes=escaped")
        XCTAssertEqual(info.language, "swift")
        XCTAssertEqual(info.role, .triggers)
        XCTAssertEqual(info.attributes, ["path": "Other.swift", "bytes": "escaped"])
        XCTAssertEqual(info.problems, [])
        XCTAssertEqual(InfoString("text diagnostics").role, .diagnostics)
        XCTAssertNil(InfoString("sh").role)
        XCTAssertEqual(InfoString("swift triggers passes").problems, ["more than one role (`triggers`, `passes`)"])
    }

    func testEscapedBytesBecomeTheBytesTheyName() {
        XCTAssertEqual(Example.bytes(of: "a\\xE9\\x00b\\x+F\\xZZ\n", escaped: true), [0x61, 0xE9, 0x00, 0x62] + Array("\\x+F\\xZZ\n".utf8))
        XCTAssertEqual(Example.bytes(of: "a\\xE9", escaped: false), Array("a\\xE9".utf8))
    }

    func testFencedBlocksAreExtractedWithTheirBodiesAndLines() {
        let blocks = FencedBlock.extract(from: "# t\n\n````swift passes\n```\n````\ntext\n```text diagnostics\n```\n").blocks
        XCTAssertEqual(blocks.map(\.info.role), [.passes, .diagnostics])
        XCTAssertEqual(blocks.map(\.body), ["```\n", ""])
        XCTAssertEqual(blocks.map(\.line), [3, 7])
        XCTAssertEqual(blocks.map(\.followsPrevious), [false, false])
    }

    // MARK: Helpers

    static let ragged = """
        let T = Table(
            machine: "M",
            states: ["Idle"],
            actions: ["A", "B"],
            cells: [
                [.ignore, .ignore, .ignore],
            ]
        )

        """

    /// A complete `row-arity` document whose parts a test can replace.
    static func document(
        triggers: String = ragged,
        diagnostics: String = """
            Example.swift:6:9: error: row `Idle` has 3 cells, expected 2. Expected columns: A B [tabular-center::row-arity]
            Example.swift:4:14: note: the actions are declared here
            """,
        passes: String = "let T = Table(machine: \"M\", states: [\"Idle\"], actions: [\"A\"], cells: [[.ignore]])\n"
    ) -> String {
        """
        # row-arity

        | Property | Value |
        |---|---|
        | Code | `tabular-center::row-arity` |
        | Default severity | error |
        | Fixable by `--fix` | no |
        | Surfaces | `Table(...)` literal |

        A row has more or fewer cells than there are actions.

        ## Why it matters

        Cells are positional.

        ```swift triggers
        \(triggers)```

        ```text diagnostics
        \(diagnostics)
        ```

        ## Passing

        ```swift passes
        \(passes)```

        ## Suppressing and configuring

        Fix the source.

        """
    }
}

// MARK: - The harness

/// The rule documents on disk.
enum RuleDocuments {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Rules")

    /// Every `Rules/*.md` except `README.md`, by name (the file name without `.md`).
    static func load() throws -> [(name: String, markdown: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }
            .sorted()
            .map { file in
                let name = String(file.dropLast(3))
                return (name, try markdown(named: name))
            }
    }

    static func markdown(named name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".md"), encoding: .utf8)
    }
}

/// A fence's info string: a language, at most one role word, and `key=value` attributes.
struct InfoString: Equatable {
    enum Role: String, CaseIterable {
        /// An example that must produce exactly the diagnostics of the block after it.
        case triggers
        /// An example that must produce no diagnostic of the document's rule.
        case passes
        /// The lines tablint prints for the triggering example just before.
        case diagnostics
        /// A file `tablint --fix` changes; the `after` block right after it is what it becomes.
        case before
        /// What `--fix` makes of the `before` block just above it; fixing it again changes nothing.
        case after
    }

    /// Attributes the harness understands. `path`: the name the example is linted under.
    /// `bytes=escaped`: `\xHH` in the example stands for the byte 0xHH. `fix=unsafe` (on a
    /// `before` block): the after block is what the diagnostics' fixes give, unsafe ones
    /// included, as `--fix --unsafe-fixes` applies them. `dispatcher=NAME`: the example is
    /// linted with `--dispatcher NAME`.
    static let knownAttributes: [String: Set<String>?] = ["path": nil, "bytes": ["escaped"], "fix": ["unsafe"], "dispatcher": nil]

    var language: String
    var role: Role?
    var attributes: [String: String] = [:]
    var problems: [String] = []

    init(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        language = words.first ?? ""
        var roles: [Role] = []
        for word in words.dropFirst() {
            if let equals = word.firstIndex(of: "=") {
                let key = String(word[..<equals])
                let value = String(word[word.index(after: equals)...])
                guard let allowed = Self.knownAttributes[key] else {
                    problems.append("unknown attribute `\(key)` (known: \(Self.knownAttributes.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                if let allowed, !allowed.contains(value) {
                    problems.append("`\(key)=\(value)`: expected one of \(allowed.sorted().map { "`\(key)=\($0)`" }.joined(separator: ", "))")
                }
                attributes[key] = value
            } else if let role = Role(rawValue: word) {
                roles.append(role)
            } else {
                problems.append("unknown word `\(word)` (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        if roles.count > 1 {
            problems.append("more than one role (\(roles.map { "`\($0.rawValue)`" }.joined(separator: ", ")))")
        }
        role = roles.first
    }
}

/// A fenced code block of a Markdown document.
struct FencedBlock {
    var info: InfoString
    /// The lines between the fences, each ending in `\n`.
    var body: String
    /// 1-based line of the opening fence.
    var line: Int
    /// Whether only blank lines separate this block from the previous block's closing fence.
    var followsPrevious: Bool

    /// Backtick fences starting at column 1: three or more backticks and an info string; the
    /// closing fence is at least as many backticks and nothing else.
    static func extract(from markdown: String) -> (blocks: [FencedBlock], problems: [String]) {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [FencedBlock] = []
        var problems: [String] = []
        var index = 0
        var onlyBlankSinceLastBlock = false
        while index < lines.count {
            let line = lines[index]
            let ticks = line.prefix { $0 == "`" }.count
            guard ticks >= 3 else {
                if !line.allSatisfy({ $0 == " " || $0 == "\t" }) { onlyBlankSinceLastBlock = false }
                index += 1
                continue
            }
            let info = line.dropFirst(ticks).trimmingCharacters(in: .whitespaces)
            let opening = index
            var body = ""
            index += 1
            var closed = false
            while index < lines.count {
                let candidate = lines[index]
                let closing = candidate.prefix { $0 == "`" }.count
                index += 1
                if closing >= ticks, candidate.dropFirst(closing).allSatisfy({ $0 == " " }) {
                    closed = true
                    break
                }
                body += candidate + "\n"
            }
            if !closed {
                problems.append("line \(opening + 1): the fence ```\(info) is never closed")
                break
            }
            blocks.append(FencedBlock(info: InfoString(info), body: body, line: opening + 1, followsPrevious: onlyBlankSinceLastBlock))
            onlyBlankSinceLastBlock = true
        }
        return (blocks, problems)
    }
}

/// A triggering or passing example, made into the file the linter reads.
enum Example {
    static let defaultPath = "Example.swift"

    /// The example's bytes; with `escaped`, each `\xHH` (two hex digits) becomes the byte 0xHH.
    static func bytes(of body: String, escaped: Bool) -> [UInt8] {
        let utf8 = Array(body.utf8)
        guard escaped else { return utf8 }
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count, utf8[index + 1] == UInt8(ascii: "x"),
                let high = hexDigit(utf8[index + 2]), let low = hexDigit(utf8[index + 3])
            {
                bytes.append(high << 4 | low)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
    }

    /// A `//` comment block of `shiftedLines` lines, put before the example to move every line down.
    static let leadingComment = Array("// A comment block before the example.\n// It moves every line down by three\n// and must change nothing else.\n".utf8)
    /// The same for a `.tbl` example, whose comments start with `#`.
    static let leadingFixtureComment = Array("# A comment block before the example.\n# It moves every line down by three\n# and must change nothing else.\n".utf8)

    static func leadingComment(for path: String) -> [UInt8] {
        path.hasSuffix(".tbl") ? leadingFixtureComment : leadingComment
    }

    /// The example with the leading comment block put before its first line, or after it when
    /// that line is `// swift-format-ignore-file` (after a BOM), which must stay line 1.
    static func shifted(_ bytes: [UInt8], path: String) -> [UInt8] {
        let comment = leadingComment(for: path)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = bytes.starts(with: bom) ? bom.count : 0
        guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return comment + bytes }
        var line = bytes[start..<newline]
        while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard line.elementsEqual(FormatIgnoreDirective.directive.utf8) else { return comment + bytes }
        return Array(bytes[..<(newline + 1)]) + comment + bytes[(newline + 1)...]
    }

    /// The library's `.tbl` parser splits lines on `\n` only, so a CRLF fixture is a different
    /// (broken) fixture, not the same one; only Swift examples get the CRLF variant.
    static func hasCRLFVariant(_ path: String) -> Bool { !path.hasSuffix(".tbl") }
    static let shiftedLines = 3
    /// Rules whose diagnostics are about the file's first line, which a comment block put
    /// before the example does not move.
    static let lineOneCodes: Set<String> = ["tablint::format-ignore-directive"]
}

enum RuleDocumentChecker {
    /// The same format as the text reporter prints: `path:line:column: severity: message [code]`,
    /// then one `path:line:column: note: message` line per note. Defined here until the harness
    /// uses the reporter itself.
    static func render(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.flatMap { diagnostic in
            [TextReporter.line(for: diagnostic)] + diagnostic.notes.map(TextReporter.line(for:))
        }
    }

    /// Where each diagnostic and note is, and which rule it belongs to: what a variant of an
    /// example must keep (messages may mention byte offsets, which a variant moves).
    /// A diagnostic of a code in `Example.lineOneCodes` stays on its line: it is about line 1.
    static func shape(_ diagnostics: [Diagnostic], lineShift: Int = 0) -> [String] {
        diagnostics.flatMap { diagnostic in
            let shift = Example.lineOneCodes.contains(diagnostic.code) ? 0 : lineShift
            return ["\(diagnostic.code) at \(diagnostic.start.line + shift):\(diagnostic.start.column)"]
                + diagnostic.notes.map { "  note at \($0.location.line + shift):\($0.location.column)" }
        }
    }

    static let requiredSections = ["## Why it matters", "## Passing", "## Suppressing and configuring"]

    /// Everything wrong with the document `Rules/<name>.md`; empty when it describes what
    /// tablint does.
    /// `lint` is the linter under test; tests of the harness replace it to show a check can fail.
    static func check(
        name: String, markdown rawMarkdown: String, rules: [Rule] = RuleRegistry.all,
        lint: ((SourceFile) -> [Diagnostic])? = nil
    ) -> [String] {
        let defaultLint = lint
        let markdown = rawMarkdown.replacingOccurrences(of: "\r\n", with: "\n")
        var problems: [String] = []
        guard let rule = rules.first(where: { $0.name == name }) else {
            return ["`\(name)` is not the name of a rule in RuleRegistry.all, so Rules/\(name).md documents nothing"]
        }
        let lines = markdown.components(separatedBy: "\n")
        if lines.first != "# \(name)" {
            problems.append("the first line must be the title `# \(name)`, found `\(lines.first ?? "")`")
        }
        problems += checkProperties(of: rule, lines)
        if !lines.contains(rule.summary) {
            problems.append("the rule's summary is not on a line of its own: `\(rule.summary)`")
        }
        for section in requiredSections where !lines.contains(section) {
            problems.append("no `\(section)` section")
        }

        let (blocks, fenceProblems) = FencedBlock.extract(from: markdown)
        problems += fenceProblems
        var triggering = 0
        var passing = 0
        for (position, block) in blocks.enumerated() {
            let at = "line \(block.line)"
            let lint = defaultLint ?? { TestRun.lint($0, rules: rules, settings: settings(for: block)) }
            problems += block.info.problems.map { "\(at): ```\(block.info.language): \($0)" }
            switch block.info.role {
            case .triggers?:
                triggering += 1
                let next = position + 1 < blocks.count ? blocks[position + 1] : nil
                guard let expected = next, expected.info.role == .diagnostics, expected.followsPrevious else {
                    problems.append("\(at): the triggering example is not followed directly by a ```text diagnostics block")
                    continue
                }
                problems += checkTriggering(block, expected: expected, rule: rule, lint: lint)
            case .passes?:
                passing += 1
                problems += checkPassing(block, rule: rule, lint: lint)
            case .diagnostics?:
                let previous = position > 0 ? blocks[position - 1] : nil
                if previous?.info.role != .triggers || !block.followsPrevious {
                    problems.append("\(at): a `text diagnostics` block that does not follow a triggering example")
                }
            case .before?:
                let next = position + 1 < blocks.count ? blocks[position + 1] : nil
                guard let after = next, after.info.role == .after, after.followsPrevious else {
                    problems.append("\(at): a `before` example is not followed directly by its `after` block")
                    continue
                }
                problems += block.info.attributes["fix"] == "unsafe"
                    ? checkDiagnosticFixes(block, after: after, rules: rules) : checkFix(block, after: after)
            case .after?:
                let previous = position > 0 ? blocks[position - 1] : nil
                if previous?.info.role != .before || !block.followsPrevious {
                    problems.append("\(at): an `after` block that does not follow a `before` example")
                }
            case nil:
                if block.info.language == "swift" {
                    problems.append("\(at): a swift block without a role; every Swift example is run, so mark it `triggers` or `passes`")
                }
            }
        }
        if triggering == 0 { problems.append("no ```swift triggers example") }
        if passing == 0 { problems.append("no ```swift passes example") }
        return problems
    }

    /// The property table: `| Code | ... |`, `| Default severity | ... |`, `| Fixable by `--fix` | ... |`, `| Surfaces | ... |`.
    static func checkProperties(of rule: Rule, _ lines: [String]) -> [String] {
        var properties: [String: String] = [:]
        for line in lines where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count >= 2 { properties[cells[0].lowercased()] = cells[1] }
        }
        var problems: [String] = []
        func value(_ key: String) -> String? {
            guard let value = properties[key.lowercased()], !value.isEmpty else {
                problems.append("the property table has no `\(key)` row")
                return nil
            }
            return value
        }
        if let code = value("Code"), code != "`\(rule.code)`" {
            problems.append("code is \(code), but the rule's is `\(rule.code)`")
        }
        if let severity = value("Default severity"), severity != rule.defaultSeverity.rawValue {
            problems.append("default severity is `\(severity)`, but the rule's is `\(rule.defaultSeverity.rawValue)`")
        }
        if let fixable = value("Fixable by `--fix`"), fixable != (rule.isFixable ? "yes" : "no") {
            problems.append("fixable by `--fix` says `\(fixable)`, but the rule \(rule.isFixable ? "is" : "is not") fixable")
        }
        _ = value("Surfaces")
        return problems
    }

    /// `--fix` turns the before example into the after block exactly, and leaves the after
    /// block as it is.
    static func checkFix(_ before: FencedBlock, after: FencedBlock) -> [String] {
        let at = "line \(before.line)"
        let (path, bytes) = file(for: before)
        let (afterPath, afterBytes) = file(for: after)
        guard path == afterPath else { return ["\(at): the before and after examples have different paths (\(path), \(afterPath))"] }
        var problems: [String] = []
        switch TestRun.fix(SourceFile(path: path, bytes: bytes)) {
        case .fixed(let fixed) where fixed == afterBytes:
            break
        case .fixed(let fixed):
            problems.append("\(at): `--fix` does not turn the example into the after block; it gives:\n\(String(decoding: fixed, as: UTF8.self))")
        case let other:
            problems.append("\(at): `--fix` does not change the before example: \(other)")
        }
        let again = TestRun.fix(SourceFile(path: path, bytes: afterBytes))
        if again != .unchanged {
            problems.append("line \(after.line): `--fix` changes the after block again: \(again)")
        }
        return problems
    }

    /// `dispatcher=NAME` is `--dispatcher NAME`.
    static func settings(for block: FencedBlock) -> LintSettings {
        LintSettings(extraDispatcherFunctions: Set(block.info.attributes["dispatcher"].map { [$0] } ?? []))
    }

    /// The edits of every fix the before example's diagnostics carry, safe and unsafe, applied
    /// at once, give the after block exactly; the after block's diagnostics carry none.
    static func checkDiagnosticFixes(_ before: FencedBlock, after: FencedBlock, rules: [Rule]) -> [String] {
        let at = "line \(before.line)"
        let (path, bytes) = file(for: before)
        let (afterPath, afterBytes) = file(for: after)
        guard path == afterPath else { return ["\(at): the before and after examples have different paths (\(path), \(afterPath))"] }
        guard settings(for: before) == settings(for: after) else { return ["\(at): the before and after examples are linted with different settings"] }
        var problems: [String] = []
        // With CRLF line endings, the fixes give the after block with CRLF line endings.
        let variants = [("", bytes, afterBytes)]
            + (Example.hasCRLFVariant(path) ? [(" with CRLF line endings", Example.crlf(bytes), Example.crlf(afterBytes))] : [])
        for (variant, variantBytes, wanted) in variants {
            let diagnostics = TestRun.lint(SourceFile(path: path, bytes: variantBytes), rules: rules, settings: settings(for: before))
            let edits = diagnostics.flatMap { $0.fix?.edits ?? [] }.sorted { $0.range.lowerBound < $1.range.lowerBound }
            if edits.isEmpty { problems.append("\(at)\(variant): no diagnostic of the before example carries a fix") }
            if zip(edits, edits.dropFirst()).contains(where: { $0.range.upperBound > $1.range.lowerBound }) {
                problems.append("\(at)\(variant): the fixes' edits overlap")
            } else {
                let fixed = TextEdit.apply(edits, to: variantBytes)
                if fixed != wanted {
                    problems.append("\(at)\(variant): the fixes do not turn the example into the after block; they give:\n\(String(decoding: fixed, as: UTF8.self))")
                }
            }
        }
        let again = TestRun.lint(SourceFile(path: path, bytes: afterBytes), rules: rules, settings: settings(for: after))
        let left = again.filter { $0.fix != nil }
        if !left.isEmpty {
            problems.append("line \(after.line): the after block still has fixes:\n" + render(left).joined(separator: "\n"))
        }
        return problems
    }

    static func file(for block: FencedBlock) -> (path: String, bytes: [UInt8]) {
        let path = block.info.attributes["path"] ?? Example.defaultPath
        return (path, Example.bytes(of: block.body, escaped: block.info.attributes["bytes"] == "escaped"))
    }

    static func checkTriggering(
        _ block: FencedBlock, expected: FencedBlock, rule: Rule, lint: (SourceFile) -> [Diagnostic]
    ) -> [String] {
        let at = "line \(block.line)"
        var problems: [String] = []
        let (path, bytes) = file(for: block)
        let diagnostics = lint(SourceFile(path: path, bytes: bytes))
        let actual = render(diagnostics)
        var wanted = expected.body.components(separatedBy: "\n")
        while wanted.last == "" { wanted.removeLast() }
        if actual != wanted {
            problems.append(
                "\(at): the diagnostics do not match the block at line \(expected.line) (- expected, + printed):\n"
                    + difference(expected: wanted, actual: actual))
        }
        if !wanted.contains(where: { $0.hasSuffix("[\(rule.code)]") }) {
            problems.append("line \(expected.line): none of the expected lines carries [\(rule.code)]")
        }

        let original = shape(diagnostics)
        let crlf = lint(SourceFile(path: path, bytes: Example.hasCRLFVariant(path) ? Example.crlf(bytes) : bytes))
        if shape(crlf) != original {
            problems.append(
                "\(at): with CRLF line endings the example gives other diagnostics (- LF, + CRLF):\n"
                    + difference(expected: original, actual: shape(crlf)))
        }
        let shifted = lint(SourceFile(path: path, bytes: Example.shifted(bytes, path: path)))
        let expectedShifted = shape(diagnostics, lineShift: Example.shiftedLines)
        if shape(shifted) != expectedShifted {
            problems.append(
                "\(at): after a \(Example.shiftedLines)-line comment block the diagnostics are not the same ones \(Example.shiftedLines) lines down (- expected, + found):\n"
                    + difference(expected: expectedShifted, actual: shape(shifted)))
        }
        return problems
    }

    static func checkPassing(_ block: FencedBlock, rule: Rule, lint: (SourceFile) -> [Diagnostic]) -> [String] {
        let (path, bytes) = file(for: block)
        // The CRLF variant is reported only when the example itself passes, to say one thing once.
        let variants = [("", bytes)] + (Example.hasCRLFVariant(path) ? [(" with CRLF line endings", Example.crlf(bytes))] : [])
        for (variant, variantBytes) in variants {
            // A stale `tablint:` directive in a passing example would show a suppression that
            // suppresses nothing, so `unused-suppression` fails every passing example too.
            let unused = UnusedSuppression().code
            let own = lint(SourceFile(path: path, bytes: variantBytes)).filter { $0.code == rule.code || $0.code == unused }
            if !own.isEmpty {
                let codes = Set(own.map(\.code)).sorted().joined(separator: ", ")
                return [
                    "line \(block.line): the passing example\(variant) triggers \(codes):\n"
                        + render(own).map { "  \($0)" }.joined(separator: "\n")
                ]
            }
        }
        return []
    }

    /// Lines only in `expected` marked `- `, lines only in `actual` marked `+ `, common lines
    /// marked with two spaces, in order (a longest-common-subsequence diff).
    static func difference(expected: [String], actual: [String]) -> String {
        let n = expected.count
        let m = actual.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                lines.append("    \(expected[i])"); i += 1; j += 1
            } else if j < m, i == n || common[i][j + 1] >= common[i + 1][j] {
                lines.append("  + \(actual[j])"); j += 1
            } else {
                lines.append("  - \(expected[i])"); i += 1
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Coverage in both directions

    static func undocumentedRules(documentNames: [String], rules: [Rule] = RuleRegistry.all) -> [String] {
        rules.filter { !documentNames.contains($0.name) }
            .map { "\($0.code) has no document: expected Rules/\($0.name).md" }
    }

    static func unregisteredDocuments(documentNames: [String], rules: [Rule] = RuleRegistry.all) -> [String] {
        documentNames.filter { name in !rules.contains { $0.name == name } }
            .map { "Rules/\($0).md names no registered rule: no rule in RuleRegistry.all is called `\($0)`" }
    }

    /// `Rules/README.md`'s table: one row per rule, `| [`code`](name.md) | severity | fixable | summary |`.
    static func checkIndex(_ readme: String, rules: [Rule] = RuleRegistry.all) -> [String] {
        let rows = readme.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").filter { $0.hasPrefix("|") }
        return rules.flatMap { rule -> [String] in
            guard let row = rows.first(where: { $0.contains("[`\(rule.code)`](\(rule.name).md)") }) else {
                return ["\(rule.code) is not listed in Rules/README.md as [`\(rule.code)`](\(rule.name).md)"]
            }
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let wanted = ["[`\(rule.code)`](\(rule.name).md)", rule.defaultSeverity.rawValue, rule.isFixable ? "yes" : "no", rule.summary]
            guard Array(cells.prefix(4)) != wanted else { return [] }
            return ["Rules/README.md lists \(rule.code) as \(Array(cells.prefix(4))); expected code, severity, fixable and summary \(wanted)"]
        }
    }
}
