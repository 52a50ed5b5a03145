import Foundation
import XCTest
@testable import TablintKit

/// `--fix` on before/after pairs in `Tests/Fixtures/Fix`: `x.before.<ext>` must become
/// `x.after.<ext>` exactly, the after file must be a fixed point, and a `refuse-…` file must be
/// refused. `TABLINT_RECORD=1` writes the after files; review them before committing.
final class FormatterTests: XCTestCase {
    static let folder = "Fix"

    func fixtures(_ marker: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Fixtures.url(Self.folder), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.contains(marker) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func source(_ url: URL, name: String? = nil) throws -> SourceFile {
        SourceFile(path: name ?? url.lastPathComponent.replacingOccurrences(of: ".before", with: "").replacingOccurrences(of: ".after", with: ""),
                   bytes: Array(try Data(contentsOf: url)))
    }

    func afterURL(_ before: URL) -> URL {
        before.deletingLastPathComponent().appendingPathComponent(before.lastPathComponent.replacingOccurrences(of: ".before.", with: ".after."))
    }

    func testEveryBeforeBecomesItsAfter() throws {
        let befores = try fixtures(".before.")
        XCTAssertGreaterThanOrEqual(befores.count, 10)
        for before in befores {
            let file = try source(before)
            guard case .fixed(let fixed) = TestRun.fix(file) else {
                XCTFail("\(before.lastPathComponent): expected a fix, got \(TestRun.fix(file))")
                continue
            }
            XCTAssertNotEqual(fixed, file.bytes)
            let after = afterURL(before)
            if ProcessInfo.processInfo.environment["TABLINT_RECORD"] == "1" {
                try Data(fixed).write(to: after)
                continue
            }
            let expected = try Data(contentsOf: after)
            XCTAssertEqual(String(decoding: fixed, as: UTF8.self), String(decoding: expected, as: UTF8.self), before.lastPathComponent)
        }
    }

    func testEveryAfterIsAFixedPoint() throws {
        let afters = try fixtures(".after.")
        XCTAssertEqual(afters.count, try fixtures(".before.").count)
        for after in afters {
            XCTAssertEqual(TestRun.fix(try source(after)), .unchanged, after.lastPathComponent)
            XCTAssertEqual(Formatter.plan(try source(after)).edits, [], after.lastPathComponent)
        }
    }

    /// fix(fix(x)) == fix(x) on every fixture in the test suite, not only this folder's.
    func testFixIsIdempotentOnEveryFixture() throws {
        let enumerator = FileManager.default.enumerator(at: Fixtures.root, includingPropertiesForKeys: nil)!
        var count = 0
        for case let url as URL in enumerator where [".swift", ".tbl"].contains(where: url.lastPathComponent.hasSuffix) {
            let file = try source(url, name: url.lastPathComponent)
            switch TestRun.fix(file) {
            case .fixed(let once):
                XCTAssertEqual(TestRun.fix(SourceFile(path: file.path, bytes: once)), .unchanged, url.path)
                // Apart from a `// swift-format-ignore-file` line it inserts, only spaces move.
                guard let aligned = withoutInsertedDirective(original: file, fixed: once) else {
                    XCTFail("\(url.path): the directive is not line 1")
                    continue
                }
                XCTAssertNil(SafetyCheck.differences(file, aligned), url.path)
            case .internalError(let message):
                XCTFail("\(url.path): \(message)")
            case .unchanged, .refused:
                break
            }
            count += 1
        }
        XCTAssertGreaterThan(count, 50)
    }

    func testRefusedFilesAreLeftUntouched() throws {
        let refused = try fixtures("refuse-")
        XCTAssertEqual(refused.count, 3)
        for url in refused {
            let file = try source(url)
            guard case .refused(let reasons) = TestRun.fix(file) else {
                XCTFail("\(url.lastPathComponent) must be refused, got \(TestRun.fix(file))")
                continue
            }
            XCTAssertFalse(reasons.isEmpty)
            XCTAssertEqual(Formatter.plan(file).edits, [])
        }
    }

    func testRefusalReasonsNameTheProblem() throws {
        func reasons(_ name: String) throws -> [String] {
            guard case .refused(let reasons) = TestRun.fix(try source(Fixtures.url("\(Self.folder)/\(name)"))) else { return [] }
            return reasons.map(\.message)
        }
        XCTAssertEqual(try reasons("refuse-unterminated.tb.swift"), ["it has an unterminated string literal"])
        XCTAssertEqual(try reasons("refuse-conflict.tb.swift"), ["it has merge-conflict markers"])
        XCTAssertEqual(try reasons("refuse-conflict.tbl"), ["it has merge-conflict markers"])
        // A `Table` with a row built by code is left alone as one matrix, not refused as a file.
        let unsplittable = try source(Fixtures.url("\(Self.folder)/skip-unsplittable.tb.swift"))
        XCTAssertEqual(TestRun.fix(unsplittable), .unchanged)
        XCTAssertEqual(Formatter.plan(unsplittable).skipped.map(\.message), ["a `Table` literal it cannot split into rows and cells with certainty"])
    }

    func testOrdinarySwiftMatricesAreNotAligned() {
        let text = "// swift-format-ignore-file\nlet T = Table(\n    machine: \"T\",\n    states: [\"A\", \"B\"],\n    actions: [\"P\", \"Q\"],\n    cells: [\n        [.handle, .ignore],\n        [.go(target: \"A\", effects: []), .ignore],\n    ],\n    initial: \"A\"\n)\n"
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.swift", text: text)), .unchanged)
        guard case .fixed = TestRun.fix(SourceFile(path: "T.tb.swift", text: text)) else {
            return XCTFail("a .tb.swift file is aligned")
        }
    }

    func testSafetyCheckCatchesAChangedToken() {
        let file = SourceFile(path: "T.tb.swift", text: "let a = [.x, .y]\n")
        XCTAssertNil(SafetyCheck.differences(file, Array("let a = [.x,    .y]\n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(file, Array("let a = [.x, .z]\n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(file, Array("let a = [.x,\n .y]\n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(file, Array("leta = [.x, .y]\n".utf8)))
        let tbl = SourceFile(path: "T.tbl", text: "A | B\n")
        XCTAssertNil(SafetyCheck.differences(tbl, Array("A    | B\n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(tbl, Array("A | C\n".utf8)))
        XCTAssertNil(SafetyCheck.differences(tbl, Array("A|B\n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(tbl, Array("AB | \n".utf8)))
        XCTAssertNotNil(SafetyCheck.differences(SourceFile(path: "T.tbl", text: "A | B # x  y\n"), Array("A | B # x y\n".utf8)))
    }

    func testDisplayWidth() {
        XCTAssertEqual(DisplayWidth.of("Idle"), 4)
        XCTAssertEqual(DisplayWidth.of("待機"), 4)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("ｈ"), 2)
        // Per grapheme cluster, as a terminal draws it.
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2, "a regional-indicator pair")
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2, "a ZWJ sequence")
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 2, "an emoji presentation sequence")
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "an emoji with a skin-tone modifier")
        XCTAssertEqual(DisplayWidth.of("\u{301}"), 0, "a lone combining mark")
        XCTAssertEqual(DisplayWidth.of("❤"), 1, "text presentation")
        XCTAssertEqual(DisplayWidth.advance(Array("🇫🇷x".utf8), 0..<9, from: 0), 3)
        XCTAssertEqual(DisplayWidth.advance(Array("\tx".utf8), 0..<2, from: 0), 9)
        XCTAssertEqual(DisplayWidth.advance(Array("ab\t".utf8), 0..<3, from: 0), 8)
    }

    /// A block comment on a one-line row is named (the row is left as written); one inside a
    /// row over several lines, which is left as written anyway, is not.
    func testABlockCommentIsNamedOnlyOnARowTheFixWouldHaveAligned() {
        func rowsLeft(_ rows: String) -> [String] {
            let text = "// swift-format-ignore-file\nlet DOOR_TABLE = Table(\n    machine: \"Door\",\n    states: [\"Shut\", \"Open\"],\n    actions: [\"Push\", \"Pull\"],\n    cells: [\n\(rows)    ],\n    initial: \"Shut\"\n)\n"
            return TestRun.lint(SourceFile(path: "Door.tb.swift", text: text))
                .filter { $0.code == "tablint::unformattable" }.map(\.message)
        }
        XCTAssertEqual(rowsLeft("        [.go(target: \"Open\", effects: []), /* soon */ .ignore],\n        [.ignore, .go(target: \"Shut\", effects: [])],\n").count, 1)
        XCTAssertEqual(rowsLeft("        [.go(target: \"Open\", effects: []), /* soon */\n         .ignore],\n        [.ignore, .go(target: \"Shut\", effects: [])],\n"), [])
    }
}

/// Every fixed Swift fixture still parses: `swiftc -parse` on each `*.after.*swift` file.
final class FixedFixturesParseTests: XCTestCase {
    /// `swiftc` beside the running toolchain's `swift`, or on PATH.
    static func swiftc() -> String? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let toolchain = environment["TOOLCHAIN_DIR"] { candidates.append(toolchain + "/usr/bin/swiftc") }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(directory) + "/swiftc")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func testEveryFixedSwiftFixtureParses() throws {
        guard let swiftc = Self.swiftc() else {
            throw XCTSkip("swiftc was not found beside the toolchain or on PATH; the fixed fixtures were not parsed")
        }
        let afters = try FileManager.default.contentsOfDirectory(at: Fixtures.url("Fix"), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.contains(".after.") && $0.lastPathComponent.hasSuffix(".swift") }
        XCTAssertGreaterThanOrEqual(afters.count, 8)
        for url in afters {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-parse", url.path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let output = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(url.lastPathComponent): \(String(decoding: output, as: UTF8.self))")
        }
    }
}

/// The rule-document harness's before/after pairs can fail.
final class BeforeAfterHarnessTests: XCTestCase {
    static var alignmentDocument: String {
        let url = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules/alignment.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    func testTheAlignmentDocumentPasses() {
        XCTAssertEqual(RuleDocumentChecker.check(name: "alignment", markdown: Self.alignmentDocument), [])
    }

    func testAWrongAfterBlockIsReported() {
        let wrong = Self.alignmentDocument.replacingOccurrences(
            of: "    @Row(.unlocked) static let u = [ .ignore,                  .handle ]",
            with: "    @Row(.unlocked) static let u = [ .ignore,                 .handle ]")
        XCTAssertNotEqual(wrong, Self.alignmentDocument)
        let problems = RuleDocumentChecker.check(name: "alignment", markdown: wrong)
        XCTAssertTrue(problems.contains { $0.contains("`--fix` does not turn the example into the after block") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("`--fix` changes the after block again") }, "\(problems)")
    }

    func testABeforeWithoutAnAfterIsReported() {
        let lonely = Self.alignmentDocument.replacingOccurrences(of: "```swift after path=Turnstile.swift", with: "```swift passes path=Turnstile.swift")
        let problems = RuleDocumentChecker.check(name: "alignment", markdown: lonely)
        XCTAssertTrue(problems.contains { $0.contains("a `before` example is not followed directly by its `after` block") }, "\(problems)")
    }
}

/// What the formatter leaves as written, and the shapes it aligns, one at a time.
final class FormatterShapeTests: XCTestCase {
    func table(_ rows: String) -> String {
        "// swift-format-ignore-file\nlet T = Table(\n    machine: \"T\",\n    states: [\"A\", \"B\", \"C\"],\n    actions: [\"P\", \"Q\"],\n    cells: [\n\(rows)    ],\n    initial: \"A\"\n)\n"
    }

    func fix(_ text: String, path: String = "T.tb.swift") -> String? {
        switch TestRun.fix(SourceFile(path: path, text: text)) {
        case .fixed(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .unchanged: return nil
        case let other: return "\(other)"
        }
    }

    func testRowsItCannotCutWithCertaintyAreLeftAndBreakTheRun() {
        // A tab inside a row's fixed text, a block comment, two rows on one line: left as written.
        XCTAssertNil(fix(table("        [.handle,\t.go(target: \"A\",\teffects: [])],\n        [.ignore, .ignore],\n        [.go(target: \"B\", effects: []), .ignore],\n").replacingOccurrences(of: "        [.ignore, .ignore],\n", with: "")))
        XCTAssertNil(fix(table("        [.handle, /* x */ .ignore],\n        [.go(target: \"B\", effects: []), .ignore],\n        [.ignore, .ignore],\n").replacingOccurrences(of: "        [.ignore, .ignore],\n", with: "")))
        XCTAssertNil(fix(table("        [.handle, .ignore], [.go(target: \"B\", effects: []), .ignore],\n        [.ignore, .ignore],\n")))
    }

    /// A `#if` among a `Table`'s rows: that matrix alone is left as it is (a warning, never an
    /// error in a plain lint); the file's other matrices are still checked and aligned.
    func testAnIfDebugRowLeavesOnlyItsOwnMatrix() throws {
        let text = try String(contentsOfFile: "\(Fixtures.root.path)/Fix/row-by-code.before.tb.swift", encoding: .utf8)
            .replacingOccurrences(of: "        tracing,\n", with: "#if DEBUG\n        [.ignore, .go(target: \"Idle\", effects: [])],\n#else\n        [.ignore, .ignore],\n#endif\n")
        let file = SourceFile(path: "Probe.tb.swift", text: text)
        let diagnostics = TestRun.lint(file)
        XCTAssertFalse(diagnostics.contains { $0.severity == .error && $0.code != Alignment().code }, "\(diagnostics.map(\.message))")
        XCTAssertEqual(diagnostics.filter { $0.code == Unformattable().code }.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.filter { $0.code == Alignment().code }.map(\.start.line), [23], "the Door matrix is still checked")
        guard case .fixed(let fixed) = TestRun.fix(file) else { return XCTFail("the Door matrix is not aligned") }
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).contains("        [.ignore,                          .go(target: \"Shut\", effects: [])],\n"))
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).contains("#if DEBUG\n        [.ignore, .go(target: \"Idle\", effects: [])],\n"))
    }

    /// A row's key is its surface, indentation and number of cells, spelt per row though rows
    /// share one array (`SwiftRows.Keys`): rows differing in any of them never make one run, a
    /// row on two lines or with its opener elsewhere is not laid out.
    func testEachRowsKeyIsItsIndentationAndCellCount() {
        func cells(_ count: Int) -> String { "[" + Array(repeating: ".ignore", count: count).joined(separator: ", ") + "]" }
        let rows = ["        \(cells(10)),", "        \(cells(10)),", "      \(cells(10)),", "        \(cells(1)),",
                    "        \(cells(100)),", "        \(cells(9)),", "        \(cells(9)),", "        [.ignore,\n         .ignore],"]
        let file = SourceFile(path: "T.tb.swift", text: table(rows.joined(separator: "\n") + "\n"))
        let context = LintContext(file: file)
        guard let matrix = context.reading.matrices.first else { return XCTFail("no matrix read") }
        let laidOut = SwiftRows(file: file, pieces: context.tokens).rows(of: matrix)
        XCTAssertEqual(laidOut.map { String(decoding: $0.key, as: UTF8.self) },
                       ["table         #10", "table         #10", "table       #10", "table         #1", "table         #100",
                        "table         #9", "table         #9"])
        XCTAssertEqual(laidOut.map(\.line), [6, 7, 8, 9, 10, 11, 12])
        XCTAssertEqual(Aligner.runs(laidOut).map { $0.map(\.line) }, [[6, 7], [11, 12]])
        XCTAssertEqual(laidOut.first.map { file.text($0.range) }, cells(10))
    }

    func testASingleRowIsNeverTouched() {
        XCTAssertNil(fix(table("        [.handle,      .ignore],\n")))
    }

    func testATabInThePaddingBecomesSpaces() {
        XCTAssertEqual(
            fix(table("        [.handle,\t.ignore],\n        [.go(target: \"B\", effects: []), .ignore],\n")),
            table("        [.handle,                       .ignore],\n        [.go(target: \"B\", effects: []), .ignore],\n"))
    }

    /// tabular-center-fmt-cases §5: the `[` lines up, padded just before it, as the library's
    /// formatter pads a prefix; the cells are not padded inside the bracket.
    func testRowsOfDifferentStaticLetNamesLineUpTheirOpeners() {
        let before = "// swift-format-ignore-file\n@Machine\nenum M {\n    enum S { case a, bb }\n    enum A { case x, y }\n    static let initial = S.a\n    @Row(.a) static let a = [ .handle, .ignore ]\n    @Row(.bb) static let longer = [ .go(.a), .ignore ]\n}\n"
        let after = "// swift-format-ignore-file\n@Machine\nenum M {\n    enum S { case a, bb }\n    enum A { case x, y }\n    static let initial = S.a\n    @Row(.a) static let a =       [ .handle, .ignore ]\n    @Row(.bb) static let longer = [ .go(.a), .ignore ]\n}\n"
        XCTAssertEqual(fix(before), after)
    }

    func testWideCharactersInAFixtureCountTwoColumns() {
        let before = "machine M\ninitial 待機\nstates  待機 B\nactions X Y\n\n待機 | GO(B) | IGNORE\nB | IGNORE | GO(待機)\n"
        let after = "machine M\ninitial 待機\nstates  待機 B\nactions X Y\n\n待機 | GO(B)  | IGNORE\nB    | IGNORE | GO(待機)\n"
        XCTAssertEqual(fix(before, path: "M.tbl"), after)
    }

    func testAFixtureRowWithAnEmptyCellIsLeftAndTheOthersAligned() {
        let before = "machine M\ninitial A\nstates  A B C\nactions X Y\n\nA | GO(B) | IGNORE\nBBB | | IGNORE\nC | IGNORE | IGNORE\n"
        XCTAssertNil(fix(before, path: "M.tbl"))
    }

    func testAnInterpolatedOrEscapedLiteralIsNotTouched() {
        let escaped = "let F = \"\"\"\n    machine M\n    initial A\n    states  A B\n    actions X Y\n\n    A | GO(B) | \\u{49}GNORE\n    B | IGNORE | IGNORE\n    \"\"\"\n"
        XCTAssertNil(fix(escaped, path: "F.swift"))
    }
}

/// The library's own fixtures are laid out as the library wants: `--fix` must agree with every
/// one of them, including the two with columns wider than their widest cell.
final class LibraryLayoutAgreementTests: XCTestCase {
    func testTheLibrarysConformanceFixturesAreFixedPoints() throws {
        let folder = ConformanceLintTests.folder
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw XCTSkip("the library's conformance fixtures are not at \(folder.path); put a copy of shared/ beside the checkout to run this test")
        }
        let urls = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tbl" }
        XCTAssertGreaterThanOrEqual(urls.count, 11)
        for url in urls {
            let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
            XCTAssertEqual(TestRun.fix(file), .unchanged, url.lastPathComponent)
            XCTAssertFalse(TestRun.lint(file).contains { $0.code == Alignment().code }, url.lastPathComponent)
        }
    }

    /// Over-padding a library fixture's columns is kept (columns never shrink); squeezing them
    /// is undone exactly.
    func testSqueezedLibraryFixturesComeBackExactly() throws {
        let folder = ConformanceLintTests.folder
        guard FileManager.default.fileExists(atPath: folder.path) else { throw XCTSkip("no conformance fixtures") }
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where url.pathExtension == "tbl" {
            let original = try String(contentsOf: url, encoding: .utf8)
            // Only files whose columns are minimal come back byte for byte.
            guard !["effects-never.tbl", "nested-delegate.tbl"].contains(url.lastPathComponent) else { continue }
            let squeezed = original.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard line.contains("|"), !line.hasPrefix("#") else { return String(line) }
                return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | ")
            }.joined(separator: "\n")
            guard case .fixed(let fixed) = TestRun.fix(SourceFile(path: url.lastPathComponent, text: squeezed)) else {
                XCTFail("\(url.lastPathComponent): the squeezed fixture was not fixed")
                continue
            }
            XCTAssertEqual(String(decoding: fixed, as: UTF8.self), original, url.lastPathComponent)
        }
    }
}
