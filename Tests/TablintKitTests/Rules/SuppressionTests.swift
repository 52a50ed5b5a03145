import XCTest
@testable import TablintKit

/// Inline suppression: `tablint:disable …`/`enable`, `disable:next`, `disable:this`,
/// `disable-file`, and the `tablint::unused-suppression` warnings about them.
final class SuppressionTests: XCTestCase {
    // MARK: Helpers

    /// A matrix with a `row-arity` error on the `Idle` row and an `unknown-state` error on the
    /// `Run` row; `idle` and `run` are appended to those rows, `above` and `below` go around it.
    static func matrix(above: String = "", idle: String = "", between: String = "", run: String = "", below: String = "") -> String {
        """
        \(above)let T = Table(
            machine: "M",
            states: ["Idle", "Run"],
            actions: ["A", "B"],
            cells: [
                \(between.isEmpty ? "" : between + "\n        ")[.handle, .go(target: "Run", effects: []), .ignore],\(idle)
                [.go(target: "Nowhere", effects: []), .handle],\(run)
            ],
            initial: "Idle"
        )
        \(below)
        """
    }

    /// `code@line:column` for each diagnostic, the code without its namespace.
    static func found(_ text: String, path: String = "Example.swift", settings: LintSettings = .default) -> [String] {
        TestRun.lint(SourceFile(path: path, text: text), settings: settings).map {
            "\(UnusedSuppression.bareName($0.code))@\($0.start.line):\($0.start.column)"
        }
    }

    static func messages(_ text: String, path: String = "Example.swift") -> [String] {
        TestRun.lint(SourceFile(path: path, text: text)).filter { $0.code == UnusedSuppression().code }.map(\.message)
    }

    func testTheMatrixHasTwoErrorsWithoutDirectives() {
        XCTAssertEqual(Self.found(Self.matrix()), ["row-arity@6:9", "unknown-state@7:22"])
    }

    // MARK: Each form

    func testDisableThisSuppressesOnItsLineOnly() {
        let text = Self.matrix(idle: " // tablint:disable:this row-arity")
        XCTAssertEqual(Self.found(text), ["unknown-state@7:22"])
        let wrongLine = Self.matrix(run: " // tablint:disable:this row-arity")
        XCTAssertEqual(Self.found(wrongLine), ["row-arity@6:9", "unknown-state@7:22", "unused-suppression@7:81"])
        XCTAssertEqual(
            Self.messages(wrongLine),
            ["`tablint:disable:this` suppresses nothing: no `tabular-center::row-arity` diagnostic starts on line 7; remove it"])
    }

    func testDisableNextSuppressesTheNextLine() {
        let text = Self.matrix(between: "// tablint:disable:next row-arity - generated, fixed upstream")
        XCTAssertEqual(Self.found(text), ["unknown-state@8:22"])
    }

    func testDisableNextIsTheVeryNextLineNotTheNextCodeLine() {
        // A blank line or an ordinary comment in between takes the directive's line.
        let blank = Self.matrix(between: "// tablint:disable:next row-arity\n")
        XCTAssertEqual(Self.found(blank), ["unused-suppression@6:33", "row-arity@8:9", "unknown-state@9:22"])
        let comment = Self.matrix(between: "// tablint:disable:next row-arity\n        // (see #12)")
        XCTAssertEqual(Self.found(comment), ["unused-suppression@6:33", "row-arity@8:9", "unknown-state@9:22"])
    }

    func testDisableNextDirectivesStack() {
        let text = Self.matrix(between: "// tablint:disable:next row-arity\n        /* tablint:disable:next dead-row */")
        // Both skip each other's lines and aim at the Idle row; dead-row has nothing there.
        XCTAssertEqual(Self.found(text), ["unused-suppression@7:33", "unknown-state@9:22"])
    }

    func testDisableAndEnableCoverTheLinesBetweenBothIncluded() {
        let text = Self.matrix(above: "// tablint:disable unknown-state, row-arity\n", below: "// tablint:enable unknown-state, row-arity\n")
        XCTAssertEqual(Self.found(text), [])
        let enabledBefore = Self.matrix(
            above: "// tablint:disable unknown-state\n", idle: " // tablint:enable unknown-state")
        XCTAssertEqual(Self.found(enabledBefore), ["unused-suppression@1:20", "row-arity@7:9", "unknown-state@8:22"])
        XCTAssertEqual(
            Self.messages(enabledBefore),
            ["`tablint:disable` suppresses nothing: no `tabular-center::unknown-state` diagnostic starts on lines 1 to 7; remove it"])
    }

    func testDisableWithoutEnableRunsToTheEndOfTheFile() {
        let text = Self.matrix(between: "// tablint:disable unknown-state")
        XCTAssertEqual(Self.found(text), ["row-arity@7:9"])
        let afterEverything = Self.matrix(below: "// tablint:disable unknown-state\n")
        XCTAssertEqual(Self.found(afterEverything), ["row-arity@6:9", "unknown-state@7:22", "unused-suppression@11:20"])
        XCTAssertEqual(
            Self.messages(afterEverything),
            ["`tablint:disable` suppresses nothing: no `tabular-center::unknown-state` diagnostic starts from line 11 to the end of the file; remove it"])
    }

    func testDisableFileWithCodesAndWithout() {
        XCTAssertEqual(Self.found(Self.matrix(below: "// tablint:disable-file row-arity\n")), ["unknown-state@7:22"])
        XCTAssertEqual(Self.found(Self.matrix(below: "// tablint:disable-file - generated\n")), [])
        XCTAssertEqual(Self.found("let x = 1 // tablint:disable-file\n"), ["unused-suppression@1:14"])
        XCTAssertEqual(
            Self.messages("let x = 1 // tablint:disable-file\n"),
            ["`tablint:disable-file` suppresses nothing: tablint reports nothing in this file; remove it"])
    }

    func testBlockCommentsAreDirectivesAndDocCommentsAreNot() {
        XCTAssertEqual(Self.found(Self.matrix(idle: " /* tablint:disable:this row-arity */")), ["unknown-state@7:22"])
        XCTAssertEqual(Self.found(Self.matrix(idle: " /*tablint:disable:this row-arity*/")), ["unknown-state@7:22"])
        XCTAssertEqual(Self.found(Self.matrix(below: "/// tablint:disable-file\n")), ["row-arity@6:9", "unknown-state@7:22"])
        XCTAssertEqual(Self.found(Self.matrix(below: "/** tablint:disable-file */\n")), ["row-arity@6:9", "unknown-state@7:22"])
        // A comment that mentions tablint later in its text is not a directive.
        XCTAssertEqual(Self.found(Self.matrix(below: "// see tablint:disable-file in the README\n")), ["row-arity@6:9", "unknown-state@7:22"])
    }

    func testAMultiLineBlockCommentCoversItsLinesAndNextIsAfterIt() {
        let text = Self.matrix(between: "/* tablint:disable:next row-arity\n           - because the generator adds a column */")
        XCTAssertEqual(Self.found(text), ["unknown-state@9:22"])
    }

    // MARK: Codes

    func testCodesWorkWithOrWithoutTheirNamespace() {
        for written in ["row-arity", "tabular-center::row-arity"] {
            XCTAssertEqual(Self.found(Self.matrix(idle: " // tablint:disable:this \(written)")), ["unknown-state@7:22"], written)
        }
        let mixed = Self.matrix(above: "// tablint:disable tabular-center::row-arity\n", below: "// tablint:enable row-arity\n")
        XCTAssertEqual(Self.found(mixed), ["unknown-state@8:22"])
    }

    func testAnUnknownCodeIsReportedAndTheOthersStillApply() {
        let text = Self.matrix(idle: " // tablint:disable:this row-arty, row-arity")
        XCTAssertEqual(Self.found(text), ["unused-suppression@6:86", "unknown-state@7:22"])
        XCTAssertEqual(
            Self.messages(text),
            ["`row-arty` in `tablint:disable:this` is not a rule tablint knows; `tablint rules` lists the codes"])
        let wrongNamespace = Self.matrix(idle: " // tablint:disable:this tablint::row-arity")
        XCTAssertEqual(
            Self.messages(wrongNamespace),
            ["`tablint::row-arity` in `tablint:disable:this` is not a rule tablint knows (did you mean `tabular-center::row-arity`?); `tablint rules` lists the codes"])
        XCTAssertEqual(Self.found(wrongNamespace), ["row-arity@6:9", "unused-suppression@6:86", "unknown-state@7:22"])
    }

    func testMalformedDirectivesSayWhatWasExpected() {
        XCTAssertEqual(
            Self.messages("// tablint:disabel row-arity\n"),
            ["`tablint:disabel` is not a tablint directive; expected `tablint:disable`, `tablint:enable`, `tablint:disable:next`, `tablint:disable:this` or `tablint:disable-file`"])
        XCTAssertEqual(Self.found("// tablint:disabel row-arity\n"), ["unused-suppression@1:4"])
        XCTAssertEqual(
            Self.messages("// tablint: disable row-arity\n"),
            ["`tablint:` starts a directive but names none; expected `tablint:disable`, `tablint:enable`, `tablint:disable:next`, `tablint:disable:this` or `tablint:disable-file`"])
        XCTAssertEqual(
            Self.messages("// tablint:disable:next\nlet x = 1\n"),
            ["`tablint:disable:next` names no rule; write the codes it applies to, as in `tablint:disable:next row-arity` (only `tablint:disable-file` may name none)"])
    }

    func testSuppressingOneOfTwoCodesOnALine() {
        // Both errors on one line: a one-line table whose row is short and goes nowhere.
        let oneLine = "let T = Table(machine: \"M\", states: [\"Idle\"], actions: [\"A\", \"B\"], cells: [[.go(target: \"Nowhere\", effects: [])]], initial: \"Idle\")"
        XCTAssertEqual(Self.found(oneLine + "\n"), ["row-arity@1:76", "unknown-state@1:89"])
        XCTAssertEqual(Self.found(oneLine + " // tablint:disable:this unknown-state\n"), ["row-arity@1:76"])
        XCTAssertEqual(Self.found(oneLine + " // tablint:disable:this row-arity, unknown-state\n"), [])
        let withUnused = Self.found(oneLine + " // tablint:disable:this row-arity, dead-row\n")
        XCTAssertEqual(withUnused, ["unknown-state@1:89", "unused-suppression@1:168"])
        XCTAssertEqual(
            Self.messages(oneLine + " // tablint:disable:this row-arity, dead-row\n"),
            ["`tablint:disable:this` suppresses nothing: no `tabular-center::dead-row` diagnostic starts on line 1; remove `dead-row` from it"])
    }

    // MARK: Unused and overlapping

    func testEnableWithoutDisableIsReported() {
        let text = Self.matrix(below: "// tablint:enable row-arity\n")
        XCTAssertEqual(Self.found(text), ["row-arity@6:9", "unknown-state@7:22", "unused-suppression@11:19"])
        XCTAssertEqual(
            Self.messages(text),
            ["`tablint:enable row-arity` ends nothing: no `tablint:disable` of `tabular-center::row-arity` is in effect before it; remove it"])
    }

    func testOverlappingRangesCreditTheNarrowestAndReportTheRedundantOne() {
        // The outer range covers the inner one; the inner one takes the diagnostic, so the
        // outer one suppresses nothing and is reported.
        let nested = Self.matrix(
            above: "// tablint:disable row-arity\n", between: "// tablint:disable row-arity", below: "// tablint:enable row-arity\n")
        XCTAssertEqual(Self.found(nested), ["unused-suppression@1:20", "unknown-state@9:22"])
        XCTAssertEqual(
            Self.messages(nested),
            ["`tablint:disable` suppresses nothing: every `tabular-center::row-arity` diagnostic it covers is already suppressed by a narrower directive; remove it"])
        // One enable ends both; the later diagnostic is reported again.
        let ended = Self.matrix(above: "// tablint:disable unknown-state\n// tablint:disable unknown-state\n// tablint:enable unknown-state\n")
        XCTAssertEqual(Self.found(ended).filter { $0.hasPrefix("unknown-state") }, ["unknown-state@10:22"])
        // A range and a line directive: the line directive takes it; the range adds nothing.
        let both = Self.matrix(above: "// tablint:disable-file row-arity\n", idle: " // tablint:disable:this row-arity")
        XCTAssertEqual(Self.found(both), ["unused-suppression@1:25", "unknown-state@8:22"])
        // Two ranges that each cover a different diagnostic are both used.
        let disjoint = Self.matrix(idle: " // tablint:disable row-arity", run: " // tablint:disable unknown-state")
        XCTAssertEqual(Self.found(disjoint), [])
    }

    func testUnusedSuppressionAndEncodingCannotBeSuppressedInline() {
        let text = "// tablint:disable-file unused-suppression, encoding\n"
        XCTAssertEqual(Self.found(text), ["unused-suppression@1:25", "unused-suppression@1:45"])
        XCTAssertEqual(
            Self.messages(text),
            [
                "`tablint::unused-suppression` cannot be suppressed inline (a directive cannot silence the warnings about directives); disable it in the configuration instead (`--disable unused-suppression`)",
                "`tablint::encoding` cannot be suppressed inline (a file that is not UTF-8 text is not read for comments); disable it in the configuration instead (`--disable encoding`)",
            ])
        // A disable-file without codes leaves the unused-suppression warnings alone.
        XCTAssertEqual(Self.found("// tablint:disable-file\n// tablint:disabel x\nlet T = 1\n"), ["unused-suppression@1:4", "unused-suppression@2:4"])
        // A file that is not UTF-8 text is not read for directives: its encoding error stays.
        let binary = Array("// tablint:disable-file\n".utf8) + [0xFF, 0x0A]
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Example.swift", bytes: binary)).map(\.code), ["tablint::encoding"])
    }

    func testTheConfigurationCanDisableOrRegradeTheWarningAndSilencesUnusedReportsForItsRules() {
        let text = Self.matrix(idle: " // tablint:disable:this dead-row")
        var quiet = LintSettings.default
        quiet.disabledCodes = ["tablint::unused-suppression"]
        XCTAssertEqual(Self.found(text, settings: quiet), ["row-arity@6:9", "unknown-state@7:22"])
        var strict = LintSettings.default
        strict.severities = ["tablint::unused-suppression": .error]
        XCTAssertEqual(TestRun.lint(SourceFile(path: "Example.swift", text: text), settings: strict).last?.severity, .error)
        // A directive for a rule the configuration disables could not be used: not reported.
        var noRowArity = LintSettings.default
        noRowArity.disabledCodes = ["tabular-center::row-arity"]
        XCTAssertEqual(Self.found(Self.matrix(idle: " // tablint:disable:this row-arity"), settings: noRowArity), ["unknown-state@7:22"])
    }

    // MARK: Where directives are read

    func testADirectiveInsideAStringLiteralIsIgnored() {
        let text = Self.matrix(below: "let s = \"// tablint:disable-file\"\nlet m = \"\"\"\n    // tablint:disable-file\n    \"\"\"\n")
        XCTAssertEqual(Self.found(text), ["row-arity@6:9", "unknown-state@7:22"])
    }

    /// The fixtures here have a GO to an undeclared state, which the library's parser accepts,
    /// so the directive is all that stands between them and a clean run.
    func testFixtureHashCommentsAreDirectives() {
        let fixture = """
            # tablint:disable:next unknown-state - the Stopped state is pending
            Running | IGNORE | GO(Stopped)

            """
        let header = """
            machine Timer
            initial Idle
            states  Idle Running
            actions Start Tick

            Idle    | HANDLE | GO(Running, StartClock)

            """
        XCTAssertEqual(Self.found(header + "Running | IGNORE | GO(Stopped)\n", path: "Timer.tbl"), ["unknown-state@7:23"])
        XCTAssertEqual(Self.found(header + fixture, path: "Timer.tbl"), [])
        XCTAssertEqual(Self.found(header + "Running | IGNORE | GO(Stopped) # tablint:disable:this unknown-state\n", path: "Timer.tbl"), [])
        XCTAssertEqual(Self.found("# tablint:disable-file unknown-state\n" + header + "Running | IGNORE | GO(Stopped)\n", path: "Timer.tbl"), [])
        XCTAssertEqual(Self.found("# tablint:disable-file dead-row\n" + header + "Running | IGNORE | GO(Stopped)\n", path: "Timer.tbl"), ["unused-suppression@1:24", "unknown-state@8:23"])
        // Directive-only `#` lines stack; an ordinary `#` comment takes the directive's line.
        let stacked = header + "# tablint:disable:next unknown-state\n# tablint:disable:next dead-row\nRunning | IGNORE | GO(Stopped)\n"
        XCTAssertEqual(Self.found(stacked, path: "Timer.tbl"), ["unused-suppression@8:24"])
        let interrupted = header + "# tablint:disable:next unknown-state\n# the Tick column is pending\nRunning | IGNORE | GO(Stopped)\n"
        XCTAssertEqual(Self.found(interrupted, path: "Timer.tbl"), ["unused-suppression@7:24", "unknown-state@9:23"])
        // `//` is not a comment in a fixture.
        XCTAssertEqual(Self.found("// tablint:disable-file\n" + header + "Running | IGNORE | GO(Stopped)\n", path: "Timer.tbl").contains("unknown-state@8:23"), true)
    }

    func testAFixtureInASwiftStringTakesTheSwiftCommentsAroundIt() {
        let text = """
            enum Pins {
                // tablint:disable unknown-state - pinned as the library shipped it
                static let FIXTURE = \"\"\"
                    # tablint:disable-file
                    machine Timer
                    initial Idle
                    states  Idle Running
                    actions Start Tick

                    Idle    | HANDLE | GO(Running, StartClock)
                    Running | IGNORE | GO(Stopped)
                    \"\"\"
                // tablint:enable unknown-state
            }

            """
        XCTAssertEqual(Self.found(text), [])
        // The `#` line inside the literal is the fixture's comment, not a directive.
        let withoutSwiftComments = text.replacingOccurrences(of: "    // tablint:disable unknown-state - pinned as the library shipped it\n", with: "")
            .replacingOccurrences(of: "    // tablint:enable unknown-state\n", with: "")
        XCTAssertEqual(Self.found(withoutSwiftComments), ["unknown-state@10:31"])
    }

    func testCRLFLineEndingsChangeNothing() {
        for text in [
            Self.matrix(between: "// tablint:disable:next row-arity"),
            Self.matrix(idle: " // tablint:disable:this row-arity", below: "// tablint:enable row-arity\n"),
            Self.matrix(between: "/* tablint:disable:next row-arity\n   reason */"),
        ] {
            let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
            XCTAssertEqual(Self.found(crlf), Self.found(text), text)
        }
        XCTAssertEqual(Self.found(Self.matrix(between: "// tablint:disable:next row-arity").replacingOccurrences(of: "\n", with: "\r\n")), ["unknown-state@8:22"])
        let fixture = "machine T\ninitial A\nstates A\nactions X Y\n\nA | IGNORE # tablint:disable:this row-arity\n"
        XCTAssertEqual(Self.found(fixture, path: "T.tbl"), Self.found(fixture.replacingOccurrences(of: "# tablint", with: "#tablint"), path: "T.tbl"))
    }

    // MARK: Across files

    /// A dispatcher-drift error is reported at the dispatcher's file, found only when both
    /// files are in the run; a directive there suppresses it, and is used.
    func testACrossFileDiagnosticIsSuppressedAtTheFileItIsReportedAt() {
        let drifting = DispatcherTests.timerTable(".go(target: \"Idle\", effects: [])")
        func run(_ timer: String) -> [Diagnostic] {
            let files = ["Timer.swift": timer, "TimerTable.swift": drifting]
            let read: FileIO.FileReader = { .success(Array(files[$0]!.utf8)) }
            // The `Cells` requirement for the cell is stale too (`cells-drift`); this test is
            // about the dispatcher's diagnostic.
            return TestRun.lintFiles(files.keys.sorted(), jobs: 2, read: read).diagnostics.filter { $0.code != "tablint::cells-drift" }
        }
        let plain = run(DispatcherTests.timerEnum)
        XCTAssertEqual(plain.map(\.code), ["tablint::dispatcher-drift"])
        guard let line = plain.first?.start.line else { return }
        var lines = DispatcherTests.timerEnum.components(separatedBy: "\n")
        lines[line - 1] += " // tablint:disable:this dispatcher-drift"
        XCTAssertEqual(run(lines.joined(separator: "\n")), [])
        // Alone, the dispatcher has no matrix to drift from, so the directive is unused.
        XCTAssertEqual(
            TestRun.lint(SourceFile(path: "Timer.swift", text: lines.joined(separator: "\n"))).map(\.code),
            ["tablint::unused-suppression"])
    }

    // MARK: Reading is cheap and pure

    func testAFileWithoutTheBytesHasNoSuppressions() {
        let file = SourceFile(path: "Example.swift", text: Self.matrix())
        XCTAssertTrue(InlineSuppressions.read(LintContext(file: file)).isEmpty)
        XCTAssertFalse(Directive.mayOccur(in: Array("tablint".utf8)))
        XCTAssertFalse(Directive.mayOccur(in: Array("tablint;".utf8)))
        XCTAssertTrue(Directive.mayOccur(in: Array("xtablint:".utf8)))
        XCTAssertTrue(Directive.mayOccur(in: Array("tablint:".utf8)))
        XCTAssertFalse(Directive.mayOccur(in: Array("ablint:".utf8)))
        XCTAssertTrue(Directive.mayOccur(in: Array("tablinttablint:".utf8)))
        XCTAssertTrue(Directive.mayOccur(in: Array("ttablint:".utf8)))
        XCTAssertTrue(Directive.mayOccur(in: Array("x:::tablint: yy".utf8)))
        XCTAssertFalse(Directive.mayOccur(in: Array("tablin:t tablint tablint;".utf8)))
        // Every position in a longer text is found.
        let filler = Array(repeating: UInt8(ascii: "a"), count: 40)
        for position in 0...32 {
            var bytes = filler
            bytes.replaceSubrange(position..<(position + 8), with: Array("tablint:".utf8))
            XCTAssertTrue(Directive.mayOccur(in: bytes), "at \(position)")
            bytes[position + 3] = UInt8(ascii: "x")
            XCTAssertFalse(Directive.mayOccur(in: bytes), "broken at \(position)")
        }
        let analysis = Engine.analyze(SourceFile(path: "Example.swift", text: Self.matrix(idle: " // tablint:disable:this row-arity")))
        XCTAssertEqual(analysis.suppressions, Engine.analyze(SourceFile(path: "Example.swift", text: Self.matrix(idle: " // tablint:disable:this row-arity"))).suppressions)
        XCTAssertFalse(analysis.suppressions.isEmpty)
    }

    func testDiagnosticsOfOtherPathsAreLeftAlone() {
        let file = SourceFile(path: "A.swift", text: "// tablint:disable-file\n")
        let suppressions = InlineSuppressions.read(LintContext(file: file))
        let elsewhere = Diagnostic(
            path: "B.swift", start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1),
            severity: .error, message: "x", code: "tabular-center::row-arity")
        XCTAssertEqual(suppressions.apply(to: [elsewhere], path: "A.swift").first, elsewhere)
        var here = elsewhere
        here.path = "A.swift"
        XCTAssertEqual(suppressions.apply(to: [here], path: "A.swift"), [])
    }
}
