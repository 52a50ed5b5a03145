import Foundation
import XCTest
@testable import TablintKit

/// Test-only rules with fixes of their own, run by `Engine` exactly as the registry's are.
private struct Rename: Rule {
    /// `foo` → `bar`, unsafe (a name changes).
    let code = "test::a-rename"
    let defaultSeverity = Severity.warning
    let summary = "renames foo"
    var replacement = "bar"
    var applicability = Diagnostic.Applicability.unsafe

    func check(_ context: LintContext) -> [Diagnostic] {
        occurrences(of: "foo", in: context.file.bytes).map { at in
            var found = diagnostic(context, at: at..<(at + 3), "foo should be renamed")
            found.fix = Diagnostic.Fix(edits: [TextEdit(range: at..<(at + 3), replacement: Array(replacement.utf8))], applicability: applicability)
            return found
        }
    }
}

/// `NAME = 1` → `NAME = 2`: an edit that overlaps `Rename`'s when NAME is `foo`.
private struct Bump: Rule {
    let code = "test::b-bump"
    let defaultSeverity = Severity.warning
    let summary = "bumps a value"

    func check(_ context: LintContext) -> [Diagnostic] {
        let bytes = context.file.bytes
        return occurrences(of: "let ", in: bytes).compactMap { at -> Diagnostic? in
            let name = at + 4
            guard let space = bytes[name...].firstIndex(of: UInt8(ascii: " ")),
                bytes[space...].starts(with: Array(" = 1".utf8)) else { return nil }
            var found = diagnostic(context, at: name..<(space + 4), "the value should be 2")
            found.fix = Diagnostic.Fix(
                edits: [TextEdit(range: name..<(space + 4), replacement: Array(bytes[name..<space]) + Array(" = 2".utf8))],
                applicability: .unsafe)
            return found
        }
    }
}

/// Always has something to add: a file with it never settles.
private struct Restless: Rule {
    let code = "test::restless"
    let defaultSeverity = Severity.warning
    let summary = "never satisfied"

    func check(_ context: LintContext) -> [Diagnostic] {
        let end = context.file.bytes.count
        var found = diagnostic(context, at: end..<end, "one more line")
        found.fix = Diagnostic.Fix(edits: [TextEdit(range: end..<end, replacement: Array("_ = 0\n".utf8))], applicability: .unsafe)
        return [found]
    }
}

private func occurrences(of word: String, in bytes: [UInt8]) -> [Int] {
    let needle = Array(word.utf8)
    guard bytes.count >= needle.count else { return [] }
    return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
}

final class EngineTests: XCTestCase {
    private func document(_ text: String, path: String = "A.swift", settings: LintSettings = .default) -> Engine.Document {
        Engine.Document(path: path, bytes: Array(text.utf8), settings: settings)
    }

    private func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    func testAnUnsafeFixIsAppliedOnlyWithUnsafeFixes() {
        let input = document("let foo = 3\n")
        let safeOnly = Engine.run([input], mode: .fix, rules: [Rename()])
        XCTAssertNil(safeOnly.files[0].fixed, "plain --fix leaves an unsafe fix alone")
        XCTAssertEqual(safeOnly.files[0].diagnostics.map(\.code), ["test::a-rename"], "and it is still reported")
        let unsafe = Engine.run([input], mode: .fix, unsafeFixes: true, rules: [Rename()])
        XCTAssertEqual(text(unsafe.files[0].fixed), "let bar = 3\n")
        XCTAssertEqual(unsafe.files[0].diagnostics, [], "the fixed text is linted again")
        XCTAssertEqual(unsafe.files[0].appliedFixes, 1)
        var settings = LintSettings.default
        settings.unsafeFixes = true
        XCTAssertEqual(text(Engine.run([document("let foo = 3\n", settings: settings)], mode: .fix, rules: [Rename()]).files[0].fixed),
                       "let bar = 3\n", "--unsafe-fixes in a .tablint")
    }

    func testTheEngineWritesNothingAndReportsOnlyInReportMode() {
        let report = Engine.run([document("let foo = 3\n")], mode: .report, unsafeFixes: true, rules: [Rename()])
        XCTAssertNil(report.files[0].fixed)
        XCTAssertEqual(report.files[0].diagnostics.first?.fix?.applicability, .unsafe)
    }

    func testAnUnsafeFixThatBreaksTheSyntaxIsRefusedNamingItsRule() {
        let broken = Rename(replacement: "\"bar")
        let outcome = Engine.run([document("let foo = 3\n")], mode: .fix, unsafeFixes: true, rules: [broken])
        XCTAssertNil(outcome.files[0].fixed, "nothing is written")
        let refusal = outcome.files[0].diagnostics.first { $0.code == Unformattable().code }
        XCTAssertEqual(refusal?.severity, .error)
        XCTAssertTrue(refusal?.message.contains("`test::a-rename`") ?? false, "\(String(describing: refusal))")
        XCTAssertTrue(refusal?.message.contains("unterminated string literal") ?? false, "\(String(describing: refusal))")
    }

    func testASafeFixThatChangesATokenFailsItsProofNamingItsRule() {
        let liar = Rename(applicability: .safe)
        let outcome = Engine.run([document("let foo = 3\n")], mode: .fix, rules: [liar])
        XCTAssertNil(outcome.files[0].fixed)
        let refusal = outcome.files[0].diagnostics.first { $0.code == Unformattable().code }
        XCTAssertTrue(refusal?.message.contains("the fix of `test::a-rename` fails its proof (a token changed at byte 4)") ?? false,
                      "\(String(describing: refusal))")
        XCTAssertEqual(outcome.files[0].failure, refusal.map { String($0.message.dropFirst("`tablint --fix` leaves this file untouched: ".count)) })
    }

    func testOverlappingFixesAreAppliedInALaterPass() {
        let outcome = Engine.run([document("let foo = 1\n")], mode: .fix, unsafeFixes: true, rules: [Rename(), Bump()])
        XCTAssertEqual(text(outcome.files[0].fixed), "let bar = 2\n")
        XCTAssertEqual(outcome.files[0].appliedFixes, 2)
        XCTAssertEqual(outcome.files[0].diagnostics, [])
    }

    func testAFileThatDoesNotSettleIsLeftUntouchedAndReported() {
        let outcome = Engine.run([document("let x = 1\n")], mode: .fix, unsafeFixes: true, rules: [Restless()])
        XCTAssertNil(outcome.files[0].fixed)
        XCTAssertTrue(outcome.files[0].failure?.contains("do not settle") ?? false, "\(String(describing: outcome.files[0].failure))")
        XCTAssertTrue(outcome.files[0].diagnostics.contains { $0.code == Unformattable().code && $0.severity == .error })
    }

    func testADisabledRulesFixIsNotApplied() {
        var settings = LintSettings.default
        settings.disabledCodes = ["test::a-rename"]
        let outcome = Engine.run([document("let foo = 1\n", settings: settings)], mode: .fix, unsafeFixes: true, rules: [Rename()])
        XCTAssertNil(outcome.files[0].fixed)
        XCTAssertEqual(outcome.files[0].diagnostics, [])
    }

    func testFilesAreFixedInParallelWithTheSameResult() {
        let documents = (0..<12).map { document("let foo\($0) = 1\n", path: "F\($0).swift") }
        let one = Engine.run(documents, mode: .fix, unsafeFixes: true, rules: [Rename()], jobs: 1)
        let four = Engine.run(documents, mode: .fix, unsafeFixes: true, rules: [Rename()], jobs: 4)
        XCTAssertEqual(one, four)
        XCTAssertEqual(one.files.map { text($0.fixed) }, (0..<12).map { "let bar\($0) = 1\n" })
    }

    // MARK: alignment: one diagnostic per matrix, at its first line

    static let held = """
        // swift-format-ignore-file
        let TIMER_TABLE = Table(
            machine: "Timer",
            states: ["Idle", "Running"],
            actions: ["Start", "Tick"],
            cells: [
                // tablint:disable:next alignment, header-labels - laid out by hand
                //  start   tick
                [.go(target: "Running", effects: []), .ignore],
                [.ignore,  .handle],
            ],
            initial: "Idle"
        )

        """

    func testADirectiveAboveAMatrixsHeaderHoldsTheWholeMatrixStably() {
        for text in [Self.held, Self.held.replacingOccurrences(of: "[.ignore,  .handle]", with: "[.ignore, .handle]"),
                     Self.held.replacingOccurrences(of: "[.go(target: \"Running\", effects: []), .ignore]", with: "[.go(target: \"Running\", effects: []),   .ignore]")] {
            let outcome = Engine.run([document(text, path: "T.tb.swift")], mode: .fix)
            XCTAssertNil(outcome.files[0].fixed, text)
            XCTAssertEqual(outcome.files[0].diagnostics, [], text)
        }
        let unheld = Self.held.replacingOccurrences(of: "        // tablint:disable:next alignment, header-labels - laid out by hand\n", with: "")
        let diagnostics = TestRun.lint(SourceFile(path: "T.tb.swift", text: unheld)).filter { $0.code == Alignment().code }
        XCTAssertEqual(diagnostics.map(\.start.line), [7], "at the header comment, the matrix's first line")
    }

    func testADirectiveAboveTheFirstRowHoldsAMatrixWithoutHeader() {
        let text = Self.held.replacingOccurrences(of: "        //  start   tick\n", with: "")
            .replacingOccurrences(of: "alignment, header-labels", with: "alignment")
        let outcome = Engine.run([document(text, path: "T.tb.swift")], mode: .fix)
        XCTAssertNil(outcome.files[0].fixed)
        XCTAssertEqual(outcome.files[0].diagnostics, [])
    }

    // MARK: CR-only line endings

    func testTheDirectiveOnLineOneOfACROnlyFileIsRecognised() {
        let file = SourceFile(path: "T.tb.swift", text: "// swift-format-ignore-file\rlet x = 1\r")
        XCTAssertFalse(FormatIgnoreDirective.isMissing(in: file))
        XCTAssertEqual(TestRun.lint(file), [])
        XCTAssertEqual(TestRun.fix(file), .unchanged)
    }

    func testADirectiveInsertedIntoACROnlyFileEndsInCR() {
        let file = SourceFile(path: "T.tb.swift", text: "// a comment\rlet x = 1\r")
        XCTAssertEqual(TestRun.fix(file), .fixed(Array("// swift-format-ignore-file\r// a comment\rlet x = 1\r".utf8)))
        // swift-format 6.3.1 does not honour the directive below a shebang: nothing is inserted.
        let shebang = SourceFile(path: "T.tb.swift", text: "#!/usr/bin/env swift\rprint(1)\r")
        XCTAssertEqual(TestRun.fix(shebang), .unchanged)
    }

    func testADirectiveInsertedAboveABlankFirstLineIsProven() {
        let file = SourceFile(path: "T.tb.swift", text: "\n\nlet x = 1\n")
        XCTAssertEqual(TestRun.fix(file), .fixed(Array("// swift-format-ignore-file\n\n\nlet x = 1\n".utf8)))
    }

    // MARK: the diff is what --fix writes

    func testTheDiffOfLinesAddedAndRemovedAppliesToTheFixedText() {
        let before = Array("a\nb\nc\nd\ne\nf\ng\nh\n".utf8)
        let after = Array("a\nb\nC\nd\nd2\ne\nf\nh\n".utf8)
        XCTAssertEqual(
            UnifiedDiff.render(path: "x", before: before, after: after),
            "--- x\n+++ x\n@@ -1,8 +1,8 @@\n a\n b\n-c\n+C\n d\n+d2\n e\n f\n-g\n h\n")
        XCTAssertEqual(
            UnifiedDiff.render(path: "x", before: Array("1\n2\n3\n4\n5\n6\n7\n8\n9\n".utf8), after: Array("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n".utf8)),
            "--- x\n+++ x\n@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n")
    }

    /// The pass's choice of fixes asks whether an edit overlaps any taken so far by a binary
    /// search (`TextEdit.TakenRanges`): it must answer exactly as comparing with each taken
    /// edit by `TextEdit.overlap` does, insertions and touching ranges included.
    func testTakenRangesAnswerAsComparingWithEveryTakenEdit() {
        var random = SplitMix64(seed: 0x2026_1201)
        for _ in 0..<300 {
            var taken = TextEdit.TakenRanges()
            var list: [TextEdit] = []
            for _ in 0..<40 {
                let start = Int.random(in: 0...60, using: &random)
                let edit = TextEdit(range: start..<(start + Int.random(in: 0...4, using: &random)), replacement: [])
                let overlaps = list.contains { TextEdit.overlap(edit, $0) }
                XCTAssertEqual(taken.overlaps(edit.range), overlaps, "\(edit.range) against \(list.map(\.range))")
                if !overlaps {
                    taken.insert(edit.range)
                    list.append(edit)
                }
            }
        }
    }
}

/// `--diff` prints exactly what `--fix` would write: its output, applied by `patch`, gives the
/// fixed text, for in-place changes and for lines added and removed (as unsafe fixes do).
final class UnifiedDiffPatchTests: XCTestCase {
    func testPatchTurnsTheOldTextIntoTheNewOne() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { throw XCTSkip("needs patch") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-patch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = (1...30).map { "line \($0)\n" }
        var cases: [(String, String)] = [
            (lines.joined(), (["// swift-format-ignore-file\n"] + lines).joined()),
            (lines.joined(), lines.enumerated().filter { $0.offset % 7 != 3 }.map(\.element).joined()),
            (lines.joined(), lines.map { $0 == "line 12\n" ? "line 12\n    case a,\n    case b:\n" : $0 }.joined()),
            (lines.joined(), lines.dropLast().joined() + "last, no newline"),
            ("a\r\nb\r\n", "a\r\nB\r\nc\r\n"),
        ]
        cases.append((cases[2].1, cases[1].1))
        for (index, (before, after)) in cases.enumerated() {
            let file = directory.appendingPathComponent("F\(index).swift")
            try Data(before.utf8).write(to: file)
            let diff = UnifiedDiff.render(path: file.path, before: Array(before.utf8), after: Array(after.utf8))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
            process.arguments = ["--quiet", "--force", file.path]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data(diff.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, diff)
            XCTAssertEqual(String(decoding: try Data(contentsOf: file), as: UTF8.self), after, diff)
        }
    }

}
