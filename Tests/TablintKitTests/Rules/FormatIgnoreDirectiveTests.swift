import Foundation
import XCTest
@testable import TablintKit

/// `tablint::format-ignore-directive`, and `--fix` inserting the directive.
final class FormatIgnoreDirectiveTests: XCTestCase {
    static let directive = "// swift-format-ignore-file"
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// A `Table` whose two rows are aligned: `.ignore` starts 23 spaces after `.handle,`.
    static let aligned = table(padding: 23)
    static let misaligned = table(padding: 1)

    static func table(padding: Int) -> String {
        "let T = Table(\n    machine: \"T\",\n    states: [\"A\", \"B\"],\n    actions: [\"P\", \"Q\"],\n    cells: [\n"
            + "        [.handle,\(String(repeating: " ", count: padding)).ignore],\n        [.go(target: \"A\", effects: []), .ignore],\n"
            + "    ],\n    initial: \"A\"\n)\n"
    }

    func codes(_ bytes: [UInt8], path: String = "T.tb.swift") -> [String] {
        FormatIgnoreDirective().check(LintContext(file: SourceFile(path: path, bytes: bytes))).map(\.message)
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: The rule

    func testAFileWithoutTheDirectiveWarnsNamingItsFirstLine() {
        let found = codes(bytes(Self.aligned))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("line 1 is `let T = Table(`, expected `// swift-format-ignore-file`"), found[0])
        XCTAssertTrue(found[0].contains("swift-format collapses the padding"), found[0])
        XCTAssertTrue(found[0].contains("`tablint --fix` inserts it"), found[0])
        let diagnostic = TestRun.lint(SourceFile(path: "T.tb.swift", text: Self.aligned)).first { $0.code == "tablint::format-ignore-directive" }
        XCTAssertEqual(diagnostic?.severity, .warning)
        XCTAssertEqual(diagnostic?.start.line, 1)
        XCTAssertEqual(diagnostic?.start.column, 1)
    }

    func testTheDirectiveOnLineOnePasses() {
        XCTAssertEqual(codes(bytes(Self.directive + "\n" + Self.aligned)), [])
        XCTAssertEqual(codes(Self.bom + bytes(Self.directive + "\n" + Self.aligned)), [], "after a BOM")
        XCTAssertEqual(codes(bytes((Self.directive + "\n" + Self.aligned).replacingOccurrences(of: "\n", with: "\r\n"))), [], "with CRLF")
        XCTAssertEqual(codes(Self.bom + bytes(Self.directive + "\r\n")), [], "BOM and CRLF")
        XCTAssertEqual(codes(bytes(Self.directive)), [], "a file of only the directive, without a line ending")
    }

    /// swift-format 6.3.1 reads the directive anywhere in the comments before the first token
    /// (`FormatterCoexistenceTests` checks each of these against the real program).
    static let honoured = [
        "// Copyright 2024 Acme\n// Licensed MIT\n\n" + directive + "\n",
        "/* Copyright\n */\n" + directive + "\n",
        "/// doc\n" + directive + "\n",
        directive + "\n// Copyright\n",
        "// Copyright\n\n\n\n" + directive + "\n\n",
        "//swift-format-ignore-file\n",
        "//   swift-format-ignore-file\n",
        "    " + directive + "\n",
        "\n" + directive + "\n",
    ]
    /// And not these: after the first token, with anything after the word, in a block
    /// comment, below a shebang line.
    static let notHonoured = [
        "import Foundation\n" + directive + "\n",
        "// Copyright\n// swift-format-ignore-file: reason\n",
        directive + "   \n",
        directive + "\t\n",
        "/* swift-format-ignore-file */\n",
        "// a // swift-format-ignore-file\n",
        "#!/usr/bin/env swift\n" + directive + "\n",
        "// swift-format-ignore\n",
    ]

    func testTheDirectiveCountsAnywhereInTheLeadingComments() {
        for prefix in Self.honoured {
            XCTAssertEqual(codes(bytes(prefix + Self.aligned)), [], prefix)
        }
        for prefix in Self.notHonoured {
            XCTAssertEqual(codes(bytes(prefix + Self.aligned)).count, 1, prefix)
        }
    }

    func testAnythingElseWarns() {
        XCTAssertEqual(codes(bytes("\nlet a = 1\n")).first?.hasPrefix("line 1 is empty"), true)
        XCTAssertEqual(codes([]).first?.hasPrefix("the file is empty"), true)
        XCTAssertEqual(codes(Self.bom).first?.hasPrefix("the file is empty"), true)
        // A BOM that is not at the start is not skipped.
        XCTAssertEqual(codes(bytes("\n") + Self.bom + bytes(Self.directive + "\n")).count, 1)
    }

    /// A copyright header on line 1 and the directive below: nothing to insert.
    func testACopyrightHeaderAboveTheDirectiveIsLeftAsItIs() {
        let file = bytes("// Copyright 2024 Acme. Licensed MIT.\n" + Self.directive + "\n" + Self.aligned)
        XCTAssertEqual(codes(file), [])
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.tb.swift", bytes: file)), .unchanged)
    }

    /// Below a shebang swift-format ignores the directive: reported, never "fixed".
    func testAShebangScriptIsReportedWithoutAFix() {
        let script = bytes("#!/usr/bin/env swift\n" + Self.directive + "\n" + Self.aligned)
        let found = FormatIgnoreDirective().check(LintContext(file: SourceFile(path: "T.tb.swift", bytes: script)))
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
        XCTAssertTrue(found.first?.message.contains("a shebang line") ?? false, found.first?.message ?? "")
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.tb.swift", bytes: script)), .unchanged)
    }

    // MARK: SwiftFormat

    static let swiftFormatInUse: LintSettings = {
        var settings = LintSettings.default
        settings.swiftFormatConfiguration = "App/.swiftformat"
        return settings
    }()

    func testWhereSwiftFormatIsUsedItsDirectiveIsNeededToo() {
        let context = LintContext(file: SourceFile(path: "T.tb.swift", text: Self.directive + "\n" + Self.aligned), settings: Self.swiftFormatInUse)
        let found = FormatIgnoreDirective().check(context)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("`// swiftformat:disable all`") ?? false, found.first?.message ?? "")
        XCTAssertTrue(found.first?.message.contains("SwiftFormat (`App/.swiftformat` applies here)") ?? false, found.first?.message ?? "")
        XCTAssertEqual(found.first?.fix?.applicability, .safe)
        guard case .fixed(let fixed) = TestRun.fix(context.file, settings: Self.swiftFormatInUse) else { return XCTFail("not fixed") }
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), Self.directive + "\n// swiftformat:disable all\n" + Self.aligned)
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: SourceFile(path: "T.tb.swift", bytes: fixed), settings: Self.swiftFormatInUse)), [])
    }

    func testBothDirectivesAreInsertedTogetherOrBelowACopyrightHeader() {
        guard case .fixed(let both) = TestRun.fix(SourceFile(path: "T.tb.swift", text: Self.aligned), settings: Self.swiftFormatInUse) else { return XCTFail() }
        XCTAssertEqual(String(decoding: both, as: UTF8.self), Self.directive + "\n// swiftformat:disable all\n" + Self.aligned)
        let header = "// Copyright 2024 Acme\n" + Self.directive + "\n"
        guard case .fixed(let below) = TestRun.fix(SourceFile(path: "T.tb.swift", text: header + Self.aligned), settings: Self.swiftFormatInUse) else { return XCTFail() }
        XCTAssertEqual(String(decoding: below, as: UTF8.self), header + "// swiftformat:disable all\n" + Self.aligned)
    }

    func testFormatterOptionReplacesDetection() {
        var onlySwiftFormat = Self.swiftFormatInUse
        onlySwiftFormat.declaredFormatters = [.swiftFormat]
        let file = SourceFile(path: "T.tb.swift", text: "// swiftformat:disable all - matrix\n" + Self.aligned)
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: file, settings: onlySwiftFormat)), [])
        var swiftFormatOnly = LintSettings.default
        swiftFormatOnly.declaredFormatters = [.appleSwiftFormat]
        swiftFormatOnly.swiftFormatConfiguration = "App/.swiftformat"
        let directiveOnly = SourceFile(path: "T.tb.swift", text: Self.directive + "\n" + Self.aligned)
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: directiveOnly, settings: swiftFormatOnly)), [])
    }

    func testOnlyMatrixSwiftFilesAreChecked() {
        for path in ["T.swift", "T.tbl", "README.md", "T.tb.swift.orig"] {
            XCTAssertEqual(codes(bytes(Self.aligned), path: path), [], path)
        }
    }

    func testAFileThatIsNotUTF8IsLeftToTheEncodingRule() {
        XCTAssertEqual(codes(bytes("let x = \"") + [0xFF] + bytes("\"\n")), [])
    }

    // MARK: --fix

    func fixed(_ input: [UInt8], path: String = "T.tb.swift") -> [UInt8]? {
        guard case .fixed(let bytes) = TestRun.fix(SourceFile(path: path, bytes: input)) else { return nil }
        return bytes
    }

    func testFixInsertsTheDirectiveAsLineOne() {
        XCTAssertEqual(fixed(bytes(Self.misaligned)), bytes(Self.directive + "\n" + Self.aligned))
    }

    func testAnAlignedFileWithoutTheDirectiveIsFixedNotUnchanged() {
        XCTAssertEqual(Formatter.plan(SourceFile(path: "T.tb.swift", text: Self.aligned)).edits, [])
        XCTAssertEqual(fixed(bytes(Self.aligned)), bytes(Self.directive + "\n" + Self.aligned))
    }

    func testFixKeepsCRLFAndTheBOM() {
        let crlf = { (text: String) in Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        XCTAssertEqual(fixed(crlf(Self.misaligned)), crlf(Self.directive + "\n" + Self.aligned))
        XCTAssertEqual(fixed(Self.bom + bytes(Self.misaligned)), Self.bom + bytes(Self.directive + "\n" + Self.aligned))
        XCTAssertEqual(fixed(Self.bom + crlf(Self.aligned)), Self.bom + crlf(Self.directive + "\n" + Self.aligned))
        // The first line's ending decides, as the line is inserted before it.
        XCTAssertEqual(fixed(bytes("let a = 1\nlet b = 2\r\n")), bytes(Self.directive + "\nlet a = 1\nlet b = 2\r\n"))
        XCTAssertEqual(fixed(bytes("let a = 1\r\nlet b = 2\n")), bytes(Self.directive + "\r\nlet a = 1\r\nlet b = 2\n"))
    }

    func testFixOfAnEmptyOrOneLineFile() {
        XCTAssertEqual(fixed([]), bytes(Self.directive + "\n"))
        XCTAssertEqual(fixed(bytes("let a = 1")), bytes(Self.directive + "\nlet a = 1"))
        XCTAssertEqual(fixed(bytes("// header\n")), bytes(Self.directive + "\n// header\n"))
        XCTAssertNil(fixed(bytes("// header\n" + Self.directive + "\n")), "the directive below a header counts")
    }

    func testFixIsIdempotent() {
        let inputs: [[UInt8]] = [bytes(Self.misaligned), bytes(Self.aligned), Self.bom + bytes(Self.misaligned), [], bytes("// header\n"),
                                 bytes(Self.misaligned.replacingOccurrences(of: "\n", with: "\r\n"))]
        for input in inputs {
            guard let once = fixed(input) else { return XCTFail("\(input) was not fixed") }
            XCTAssertEqual(TestRun.fix(SourceFile(path: "T.tb.swift", bytes: once)), .unchanged)
            XCTAssertEqual(codes(once), [])
        }
    }

    func testFixLeavesOtherFilesWithoutTheDirective() {
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.swift", text: Self.misaligned)), .unchanged)
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.tbl", text: "machine M\ninitial A\nstates  A\nactions X\n\nA | IGNORE\n")), .unchanged)
    }

    /// A refused file gets no directive: it is left byte for byte as it is, also by the runner.
    func testARefusedFileIsNotTouched() {
        let unterminated = Self.misaligned + "let s = \"open\n"
        guard case .refused = TestRun.fix(SourceFile(path: "T.tb.swift", text: unterminated)) else {
            return XCTFail("an unterminated string must be refused")
        }
        let conflict = "<<<<<<< ours\n" + Self.aligned + "=======\n>>>>>>> theirs\n"
        guard case .refused = TestRun.fix(SourceFile(path: "T.tb.swift", text: conflict)) else {
            return XCTFail("conflict markers must be refused")
        }
        XCTAssertEqual(TestRun.fix(SourceFile(path: "T.tb.swift", bytes: bytes("let x = \"") + [0xFF] + bytes("\"\n"))).isRefused, true)
        let outcome = Engine.run([Engine.Document(path: "T.tb.swift", bytes: Array(unterminated.utf8))], mode: .fix)
        XCTAssertEqual(outcome.files.map(\.fixed), [nil], "nothing to write")
        XCTAssertTrue(outcome.diagnostics.contains { $0.code == "tablint::unformattable" })
        XCTAssertTrue(outcome.diagnostics.contains { $0.code == "tablint::format-ignore-directive" }, "the file still lacks it")
    }

    func testTheRunnerWritesTheDirective() {
        let outcome = Engine.run([Engine.Document(path: "T.tb.swift", bytes: Array(Self.aligned.utf8))], mode: .fix)
        XCTAssertEqual(outcome.files.map(\.fixed), [bytes(Self.directive + "\n" + Self.aligned)])
        XCTAssertFalse(outcome.diagnostics.contains { $0.code == "tablint::format-ignore-directive" })
    }
}

extension TestRun.FixOutcome {
    fileprivate var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}

/// `--diff` shows the inserted directive as one added line, not the whole file.
final class DirectiveDiffTests: XCTestCase {
    func testTheInsertedLineIsOneAddedLineAndLaterHunksShiftByOne() {
        let old = (1...12).map { "line \($0)\n" }.joined()
        var newLines = (1...12).map { "line \($0)\n" }
        newLines[9] = "line  10\n"
        let new = "// swift-format-ignore-file\n" + newLines.joined()
        XCTAssertEqual(UnifiedDiff.render(path: "T.tb.swift", before: Array(old.utf8), after: Array(new.utf8)), """
            --- T.tb.swift
            +++ T.tb.swift
            @@ -1,3 +1,4 @@
            +// swift-format-ignore-file
             line 1
             line 2
             line 3
            @@ -7,6 +8,6 @@
             line 7
             line 8
             line 9
            -line 10
            +line  10
             line 11
             line 12

            """)
    }

    func testAChangeNearTheTopJoinsTheInsertionsHunk() {
        let old = "a\nb  c\nd\n"
        let new = "// swift-format-ignore-file\na\nb c\nd\n"
        XCTAssertEqual(UnifiedDiff.render(path: "T", before: Array(old.utf8), after: Array(new.utf8)), """
            --- T
            +++ T
            @@ -1,3 +1,4 @@
            +// swift-format-ignore-file
             a
            -b  c
            +b c
             d

            """)
    }
}

/// `--align-swift`: a matrix in an ordinary `.swift` file gets directives scoped to its
/// declaration, never a whole-file one.
final class DeclarationDirectiveTests: XCTestCase {
    static func settings(_ formatters: Set<SourceFormatter>) -> LintSettings {
        var settings = LintSettings.default
        settings.alignsSwiftMatrices = true
        settings.declaredFormatters = formatters
        return settings
    }

    func testEachMatrixDeclarationGetsItsOwnDirectives() throws {
        let before = try Fixtures.source(Fixtures.url("AlignSwift/Door.before.swift"), as: "Door.swift")
        let expected = try Fixtures.source(Fixtures.url("AlignSwift/Door.after.swift"), as: "Door.swift")
        let settings = Self.settings([.appleSwiftFormat, .swiftFormat])
        let found = FormatIgnoreDirective().check(LintContext(file: before, settings: settings))
        XCTAssertEqual(found.map(\.start.line), [4, 16])
        XCTAssertTrue(found.first?.message.contains("`// swiftformat:disable all` above it and `// swiftformat:enable all` below it, and `// swift-format-ignore` directly above it") ?? false, found.first?.message ?? "")
        guard case .fixed(let fixed) = TestRun.fix(before, settings: settings) else { return XCTFail("not fixed") }
        XCTAssertEqual(String(decoding: fixed, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self))
        XCTAssertEqual(TestRun.fix(expected, settings: settings), .unchanged)
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: expected, settings: settings)), [])
    }

    func testWithoutAlignSwiftOrWithAFileDirectiveNothingIsAsked() throws {
        let before = try Fixtures.source(Fixtures.url("AlignSwift/Door.before.swift"), as: "Door.swift")
        var plain = LintSettings.default
        plain.declaredFormatters = [.appleSwiftFormat, .swiftFormat]
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: before, settings: plain)), [])
        let wholeFile = SourceFile(path: "Door.swift", text: "// swift-format-ignore-file\n" + String(decoding: before.bytes, as: UTF8.self))
        XCTAssertEqual(FormatIgnoreDirective().check(LintContext(file: wholeFile, settings: Self.settings([.appleSwiftFormat]))), [])
    }
}
