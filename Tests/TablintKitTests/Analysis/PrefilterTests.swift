import Foundation
import XCTest
@testable import TablintKit

/// The prefilter may skip the readers only where they find nothing: `Engine.analyze` gives the
/// same analysis (diagnostics, summary, suppressions) with it and without it, on every input.
final class PrefilterTests: XCTestCase {
    private func skips(_ text: String, _ path: String = "Code.swift") -> Bool {
        Prefilter.canSkipReaders(Array(text.utf8), kind: FileKind(path: path))
    }

    // MARK: What it skips

    func testOrdinaryCodeIsSkipped() {
        XCTAssertTrue(skips(""))
        XCTAssertTrue(skips("struct Point { var x = 0, y = 0 }\nfunc f(a: Int) -> Int { if a > 0 { return a }; return -a }\n"))
        // Near misses: other names that contain the words, the words in another case.
        XCTAssertTrue(skips("let hashTable = HashTable(); let tables = Tables(); var switches = 0; switched(); table(x)"))
        XCTAssertTrue(skips("@MachineLearning struct M {}; let s = \"SWITCH\"; @machine struct E {}; enumerate(x)"))
        XCTAssertTrue(skips("let s = \"\"\"\n    no fixture here\n    \"\"\"\n"))
    }

    func testEveryWordAReaderStartsFromIsKept() {
        for text in [
            "let t = Table(machine: \"M\", states: [], actions: [], cells: [], initial: nil)",
            "let t = TabularCenter.Table (machine: x)",
            "x = Table",
            // A `Table` built under another type's name: the library's labels say what it is.
            "static let TABLE: TimerTable = .init(machine: \"Timer\", states: [\"Idle\"], actions: [\"Go\"], cells: [[.ignore]])",
            "let t: T = .init(machine : \"M\", states: [], actions: [], cells: [])",
            "@Machine enum Door {}",
            "@Machine\nenum Door {}",
            "func step(_ s: S, _ a: A) { switch (s, a) { default: break } }",
            "switch",
            "enum Light { case red }",
            "// tablint:disable row-arity",
            "let s = \"\"\"\n    machine Door\n    states A\n    \"\"\"\n",
            "let s = \"\"\"\n    \\u{6D}achine Door\n    \"\"\"\n",
            "let s = \"\"\"\n    mach\\\n    ine Door\n    \"\"\"\n",
            "let s = #\"\"\"\n    \\#u{6D}achine Door\n    \"\"\"#\n",
            "é Table",  // a non-ASCII byte next to a word: not sure it is another name, so kept
            "Tableé",
        ] {
            XCTAssertFalse(skips(text), text)
        }
    }

    func testOnlyOrdinarySwiftFilesAreSkipped() {
        let plain = "let x = 1\n"
        XCTAssertTrue(skips(plain, "A.swift"))
        XCTAssertFalse(skips(plain, "A.tb.swift"))
        XCTAssertFalse(skips(plain, "A.tbl"))
        XCTAssertFalse(skips(plain, "A.txt"))
    }

    /// A word found at every position of the 8-byte scan, and at the very start and end.
    func testWordsAreFoundWhereverTheyFallInTheScan() {
        for word in ["Table", "switch", "@Machine", "tablint", "machine:", "Cells", "TimerCells", "Step"] {
            for padding in 0..<20 {
                let text = String(repeating: " ", count: padding) + word + String(repeating: " ", count: 19 - padding)
                XCTAssertFalse(skips(text), "\(word) after \(padding) spaces")
                XCTAssertFalse(skips(String(repeating: " ", count: padding) + word), "\(word) at the end after \(padding) spaces")
            }
        }
    }

    func testTheSkippedPathStillReportsWhatAnySwiftFileCanHave() {
        let file = SourceFile(path: "Code.swift", text: "let s = \"never closed\nlet t = /* nor this\n")
        XCTAssertTrue(Prefilter.canSkipReaders(file.bytes, kind: file.kind))
        let codes = TestRun.lint(file).map(\.code)
        XCTAssertEqual(codes, ["tablint::syntax", "tablint::syntax"])
    }

    // MARK: Same analysis with and without it

    private var skipped = 0
    private var compared = 0
    /// Skipped inputs whose full analysis has diagnostics (what any Swift file can have).
    private var withFindings = 0

    /// Analyses `bytes` as `path` with and without the prefilter and fails if they differ.
    private func assertSameAnalysis(
        _ bytes: [UInt8], path: String, settings: LintSettings = .default, _ label: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let source = SourceFile(path: path, bytes: bytes)
        compared += 1
        // Where the prefilter does not skip, `analyze` runs the same code either way.
        guard Prefilter.canSkipReaders(bytes, kind: source.kind), Encoding.check(source) == nil else { return }
        skipped += 1
        let filtered = Engine.analyze(source, settings: settings)
        let full = Engine.analyze(source, settings: settings, readers: .everything)
        if !full.diagnostics.isEmpty { withFindings += 1 }
        if filtered != full {
            XCTFail("\(label()) as \(path): with the prefilter \(filtered.diagnostics.map(TextReporter.line(for:))), "
                + "summary \(filtered.summary.matrices.count) matrices \(filtered.summary.dispatchers.count) dispatchers; "
                + "without \(full.diagnostics.map(TextReporter.line(for:))), "
                + "summary \(full.summary.matrices.count) matrices \(full.summary.dispatchers.count) dispatchers",
                file: file, line: line)
        }
    }

    /// As its own name, as an ordinary `.swift` file, and with settings that widen the readers.
    private func assertSameAnalysisEverywhere(_ bytes: [UInt8], name: String, _ label: String) {
        var wide = LintSettings(extraDispatcherFunctions: ["handle", "route", "step"])
        wide.alignsSwiftMatrices = true
        assertSameAnalysis(bytes, path: name, label)
        assertSameAnalysis(bytes, path: "Ordinary.swift", label)
        assertSameAnalysis(bytes, path: "Ordinary.swift", settings: wide, label + " (wide settings)")
    }

    private static func repositoryFiles() -> [URL] {
        TokenizerRoundTripTests.files(under: ["Tests/Fixtures", "Examples", "Sources", "Rules"])
    }

    /// The bodies of the fenced blocks of `Rules/*.md`.
    private static func ruleExamples() -> [(name: String, body: [UInt8])] {
        let documents = TokenizerRoundTripTests.files(under: ["Rules"]).filter { $0.pathExtension == "md" }
        var examples: [(String, [UInt8])] = []
        for document in documents {
            guard let text = try? String(contentsOf: document, encoding: .utf8) else { continue }
            var body: [Substring]? = nil
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if let lines = body {
                        examples.append((document.lastPathComponent, Array(lines.joined(separator: "\n").utf8) + [10]))
                        body = nil
                    } else {
                        body = []
                    }
                } else if body != nil {
                    body!.append(line)
                }
            }
        }
        return examples
    }

    func testTheRepositorysFilesAndRuleExamples() {
        let files = Self.repositoryFiles()
        XCTAssertGreaterThan(files.count, 50)
        for url in files {
            assertSameAnalysisEverywhere(TokenizerRoundTripTests.contents(url), name: url.lastPathComponent, url.path)
        }
        let examples = Self.ruleExamples()
        XCTAssertGreaterThan(examples.count, 50)
        for (name, body) in examples {
            assertSameAnalysisEverywhere(body, name: "Example.tb.swift", "example in \(name)")
        }
        XCTAssertGreaterThan(skipped, 20, "the prefilter skipped too few inputs for this test to mean anything")
        XCTAssertGreaterThan(compared - skipped, 100, "the prefilter kept too few inputs for this test to mean anything")
    }

    func testTheToolchainsInterfaces() throws {
        let files = CorpusTests.interfaceFiles()
        try XCTSkipIf(files.isEmpty, "this toolchain ships no .swiftinterface files")
        for url in files {
            assertSameAnalysis(Array(try Data(contentsOf: url)), path: url.lastPathComponent + ".swift", url.path)
        }
        XCTAssertGreaterThan(skipped, 10)
    }

    /// Matrix and dispatcher code with its trigger words broken, retyped, moved and restored:
    /// inputs on both sides of the prefilter's line.
    func testSeededMutations() {
        let sources = (TokenizerRoundTripTests.files(under: ["Tests/Fixtures", "Examples"])
            .map(TokenizerRoundTripTests.contents) + Self.ruleExamples().map(\.body)).filter { !$0.isEmpty }
        let words = ["Table", "switch", "@Machine", "machine", "tablint", "\"\"\"", "\\"].map { Array($0.utf8) }
        let nearMisses = ["Tabl", "able", "Tables", "xTable", "swtch", "switchy", "@Machin", "@ Machine", "mach ine",
                          "tablin", "\"\"", "/", "\u{301}", "é", "$", "_", "`", " "].map { Array($0.utf8) }
        var random = SplitMix64(seed: 0x9E3F_11E7)
        for _ in 0..<1200 {
            var bytes = sources[Int.random(in: 0..<sources.count, using: &random)]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    // Replace one occurrence of a trigger word by a near miss.
                    let word = words[Int.random(in: 0..<words.count, using: &random)]
                    if let at = Self.firstIndex(of: word, in: bytes, from: Int.random(in: 0...bytes.count, using: &random)) {
                        bytes.replaceSubrange(at..<(at + word.count), with: nearMisses[Int.random(in: 0..<nearMisses.count, using: &random)])
                    }
                case 1:
                    // Replace every occurrence of a trigger word (the file may become skippable).
                    let word = words[Int.random(in: 0..<words.count, using: &random)]
                    let replacement = nearMisses[Int.random(in: 0..<nearMisses.count, using: &random)]
                    var from = 0
                    while let at = Self.firstIndex(of: word, in: bytes, from: from) {
                        bytes.replaceSubrange(at..<(at + word.count), with: replacement)
                        from = at + replacement.count  // the replacement may hold the word (`Tables`)
                    }
                case 2:
                    let at = Int.random(in: 0...bytes.count, using: &random)
                    let piece = (words + nearMisses)[Int.random(in: 0..<(words.count + nearMisses.count), using: &random)]
                    bytes.insert(contentsOf: piece, at: at)
                default:
                    let at = Int.random(in: 0...bytes.count, using: &random)
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)))
                }
            }
            assertSameAnalysis(bytes, path: "Mutated.swift", "mutation")
            if Int.random(in: 0..<4, using: &random) == 0 {
                assertSameAnalysis(bytes, path: "Mutated.swift", settings: LintSettings(extraDispatcherFunctions: ["handle", "f"]), "mutation")
            }
        }
        XCTAssertGreaterThan(skipped, 100)
        XCTAssertGreaterThan(compared - skipped, 100)
        XCTAssertGreaterThan(withFindings, 10, "too few skipped inputs had diagnostics (unterminated constructs)")
    }

    /// The fixture reader decodes escapes, so the bytes need not spell `machine`; the
    /// prefilter must not skip such a file, and the full analysis does find the fixture.
    func testAnEmbeddedFixtureSpelledWithEscapesIsRead() {
        let text = "let s = \"\"\"\n    \\u{6D}achine Door\n    initial Shut\n    states Shut Open\n    actions push\n    Shut .go(Open)\n    Open .go(Open)\n    \"\"\"\n"
        XCTAssertFalse(skips(text))
        let full = Engine.analyze(SourceFile(path: "Door.swift", text: text), readers: .everything)
        XCTAssertEqual(full, Engine.analyze(SourceFile(path: "Door.swift", text: text)))
        XCTAssertEqual(LintContext(file: SourceFile(path: "Door.swift", text: text)).reading.matrices.count, 1)
    }

    private static func firstIndex(of word: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !word.isEmpty, bytes.count >= word.count, start <= bytes.count - word.count else { return nil }
        for index in start...(bytes.count - word.count) where bytes[index] == word[0] {
            if bytes[index..<(index + word.count)].elementsEqual(word) { return index }
        }
        return nil
    }
}
