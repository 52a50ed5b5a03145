import Foundation
import XCTest
@testable import TablintKit

/// `dispatcher-default`'s fix where it once wrote code the compiler rejects (issue 21): enums
/// reached through type aliases that hide top-level enums of the same names, case names that
/// must be written in backticks, and switches too large for swiftc to check.
final class DispatcherDefaultFixTrustTests: XCTestCase {
    /// The fix's replacement texts and the messages, over files linted together.
    private func check(_ files: [String: String], extra: Set<String> = []) -> [(message: String, replacement: String?)] {
        let summaries = files.keys.sorted().map {
            TestRun.analyze(SourceFile(path: $0, text: files[$0]!), extraDispatcherFunctions: extra).summary
        }
        return DispatcherDefault().check(run: summaries).map {
            ($0.message, $0.fix.map { String(decoding: $0.edits[0].replacement, as: UTF8.self) })
        }
    }

    /// Another machine's top-level `enum S` and `enum F`, in the module beside `Lamp`.
    private static let otherMachine = """
        enum S { case idle, busy }
        enum F { case beep, flash }

        """

    private static let lamp = """
        enum LampState { case off, on }
        enum LampAction { case press, reset }
        enum LampEffect { case glow, dim }
        enum Lamp {
            typealias S = LampState
            typealias A = LampAction
            typealias F = LampEffect
        }

        """

    func testATypeAliasInAnEnclosingTypeHidesATopLevelEnumOfItsName() {
        let dispatcher = """
            extension Lamp {
                static func perform(_ f: F) -> A? {
                    switch f {
                    default: return nil
                    }
                }
                static func step(_ s: S, _ a: A) -> Int {
                    switch (s, a) {
                    case (.off, .press): return 1
                    default: return 0
                    }
                }
            }

            """
        let found = check(["Lamp.swift": Self.lamp, "Other.swift": Self.otherMachine, "Dispatch.swift": dispatcher])
        XCTAssertEqual(found.map(\.replacement), [
            "case .glow,\n             .dim:",
            // A step dispatcher's arms are one cell per label, each with the body.
            "case (.off, .reset): return 0\n        case (.on, .press): return 0\n        case (.on, .reset): return 0",
        ], "\(found)")
    }

    /// A file that only declares aliases is read: the prefilter must not skip it.
    func testAnAliasInAFileOfNothingElseIsFollowed() {
        let aliases = "extension Lamp {\n    typealias F = LampEffect\n}\n"
        XCTAssertFalse(Prefilter.canSkipReaders(Array(aliases.utf8), kind: .swift))
        let dispatcher = """
            enum LampEffect { case glow, dim }
            enum Lamp {
                static func perform(_ f: F) -> Int? {
                    switch f {
                    default: return nil
                    }
                }
            }

            """
        let found = check(["Aliases.swift": aliases, "Lamp.swift": dispatcher, "Other.swift": Self.otherMachine])
        XCTAssertEqual(found.map(\.replacement), ["case .glow,\n             .dim:"], "\(found)")
    }

    func testAnAliasWhoseTargetIsNotAKnownEnumIsRefusedNamingTheAlias() {
        let dispatcher = """
            enum Lamp {
                typealias F = Glow
                typealias S = Pair<Int>
                static func perform(_ f: F) -> A? {
                    switch f {
                    default: return nil
                    }
                }
                static func render(_ s: S) -> String {
                    switch s {
                    default: return ""
                    }
                }
            }

            """
        let found = check(["Lamp.swift": dispatcher, "Other.swift": Self.otherMachine])
        XCTAssertEqual(found.map(\.replacement), [nil, nil])
        XCTAssertTrue(found[0].message.hasSuffix("no fix: `F` is the type alias `Lamp.F` (Lamp.swift:2) for `Glow`, and no `enum Glow` is declared in the linted files, so its cases are not known"), found[0].message)
        XCTAssertTrue(found[1].message.hasSuffix("no fix: `S` is the type alias `Lamp.S` (Lamp.swift:3), whose target is not the plain name of an enum"), found[1].message)
    }

    func testAliasesOfAliasesAreFollowedAndACycleEnds() {
        let text = """
            enum Light { case red, green }
            typealias Colour = Light
            enum Lamp {
                typealias S = Colour
                typealias F = Loop
                typealias Loop = F
                static func render(_ s: S) -> String {
                    switch s {
                    case .red: return "r"
                    default: return ""
                    }
                }
                static func perform(_ f: F) -> Int? {
                    switch f {
                    default: return nil
                    }
                }
            }

            """
        let found = check(["Lamp.swift": text], extra: ["perform"])
        XCTAssertEqual(found.map(\.replacement), ["case .green:", nil], "\(found)")
        XCTAssertTrue(found[1].message.contains("its aliases refer to each other"), found[1].message)
    }

    /// Measured with swiftc: after the `.` of a pattern only `init` must be in backticks
    /// (`.init` names an initialiser); `.self`, `.Type`, `.default`… name the case.
    func testACaseNamedInitIsWrittenInBackticks() {
        let text = """
            enum K { case `init`, `self`, `default`, other }
            enum B { case x }
            func shouldGo(_ k: K, _ b: B) -> Int {
                switch (k, b) {
                case (.other, .x): return 1
                default: return 2
                }
            }
            func render(_ s: K) -> String {
                switch s {
                case .`self`: return "s"
                case _: return ""
                }
            }

            """
        let found = check(["K.swift": text], extra: ["shouldGo", "render"])
        XCTAssertEqual(found.map(\.replacement), [
            "case (.`init`, .x),\n         (.self, .x),\n         (.default, .x):",
            ".`init`,\n         .default,\n         .other",
        ], "\(found)")
        XCTAssertTrue(found[0].message.contains("It decides `(.`init`, .x)`"), found[0].message)
    }

    private static func machine(states: Int, actions: Int) -> String {
        """
        enum S { case \((0..<states).map { "s\($0)" }.joined(separator: ", ")) }
        enum A { case \((0..<actions).map { "a\($0)" }.joined(separator: ", ")) }
        func step(_ s: S, _ a: A) -> Int {
            switch (s, a) {
            case (.s0, .a0): return 1
            default: return 0
            }
        }

        """
    }

    private static func machine(states: Int, actions: Int, arms: String) -> String {
        """
        enum S { case \((0..<states).map { "s\($0)" + ($0 == 1 ? "(Int)" : "") }.joined(separator: ", ")) }
        enum A { case \((0..<actions).map { "a\($0)" }.joined(separator: ", ")) }
        func step(_ s: S, _ a: A) -> Int {
            switch (s, a) {
        \(arms)
            }
        }

        """
    }

    /// swiftc 6.3.1 gives up on a flat switch of 26 × 26 pairs, 48 × 5 or 64 × 3: past half of
    /// what it checks, the fix writes a `switch` over the state whose arms switch over the action,
    /// and the message says so and why.
    func testASwitchTooLargeForSwiftcIsWrittenNested() {
        let large = check(["M.swift": Self.machine(states: 26, actions: 26)])
        let written = large.first?.replacement ?? ""
        XCTAssertTrue(written.hasPrefix("switch s {\n    case .s0:\n        switch a {\n        case .a0: return 1\n        case .a1,\n             .a2,"), written)
        XCTAssertTrue(written.hasSuffix("             .a25: return 0\n        }\n    }"), written)
        XCTAssertFalse(written.contains("_"), written)
        XCTAssertTrue(large.first?.message.hasSuffix("list each pair instead; its subjects have 26 × 26 cases, more than swiftc can check for exhaustiveness in one switch that lists each (26 × 26 fails), so the fix writes a `switch` over `s` whose arms each `switch` over `a`, with no wildcard at either level") ?? false, "\(large)")
        XCTAssertEqual(check(["M.swift": Self.machine(states: 16, actions: 16)]).first?.replacement?.hasPrefix("case "), true)
        XCTAssertEqual(check(["M.swift": Self.machine(states: 64, actions: 3)]).first?.replacement?.hasPrefix("switch s {"), true, "192 pairs, but 64 states")
        XCTAssertEqual(check(["M.swift": Self.machine(states: 2, actions: 150)]).first?.replacement?.hasPrefix("case "), true, "300 pairs, but 2 states")
    }

    /// A state whose patterns match its payload is bound at the outer level and switched on with
    /// the action, so the patterns keep their bindings and conditions.
    func testANestedSwitchKeepsPayloadBindingsConditionsAndComments() {
        let arms = """
                // first
                case (.s1(let n), .a0) where n > 2: return n
                case (.s1(3), _): return 9  // three
                default: return 0
                // closing
            """
        let written = check(["M.swift": Self.machine(states: 26, actions: 26, arms: arms)]).first?.replacement ?? ""
        XCTAssertTrue(written.contains("""
                case .s1(let payload0):
                    switch (payload0, a) {
                    // first
                    case (let n, .a0) where n > 2: return n
                    case (3, .a0),
                         (3, .a1),
            """), written)
        XCTAssertTrue(written.contains("(3, .a25): return 9  // three\n        case (_, .a0),\n"), written)
        XCTAssertTrue(written.hasSuffix("\n    // closing\n    }"), written)
    }

    /// A pattern longer than a message quotes is written as it stands, not shortened with `...`.
    func testALongPatternIsWrittenWhole() {
        let name = "startedAtTimestampValueInSecondsSinceEpochOfTheClock"
        let text = """
            enum S { case idle, running(since: Int) }
            enum A { case start, tick }
            func step(_ s: S, _ a: A) -> Int {
                switch (s, a) {
                case (.running(since: let \(name)), _): return \(name)
                default: return 0
                }
            }

            """
        XCTAssertEqual(check(["M.swift": text]).first?.replacement,
                       "case (.running(since: let \(name)), .start): return \(name)\n    case (.running(since: let \(name)), .tick): return \(name)")
    }

    /// A body's later lines move right with the arm, whatever the line breaks (`\r\n` is one
    /// `Character`), so a multi-line string keeps its value; comment lines stay lines.
    func testANestedSwitchShiftsBodiesAcrossCRLF() {
        let arms = "    // one\n    // two\n    case (.s0, .a0):\n        return \"\"\"\n          x\n        \"\"\".count\n    default: return 0"
        let text = Self.machine(states: 26, actions: 26, arms: arms).replacingOccurrences(of: "\n", with: "\r\n")
        let written = check(["M.swift": text]).first?.replacement ?? ""
        XCTAssertTrue(written.contains("\r\n        // one\r\n        // two\r\n        case .a0:\r\n            return \"\"\"\r\n              x\r\n            \"\"\".count\r\n"), written)
        XCTAssertFalse(written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), written)
    }

    /// What a nested switch cannot keep, the fix refuses, saying why.
    func testANestedSwitchIsRefusedWhenItCannotKeepTheArms() {
        let cases: [(arms: String, reason: String)] = [
            ("case (.s0, .a0): fallthrough\ndefault: return 0", "the body of `case (.s0, .a0):` has a `fallthrough`, which a nested switch cannot keep"),
            ("case (let x, .a0): return x == .s0 ? 1 : 2\ndefault: return 0", "`case (let x, .a0):` binds `x`, which its code uses, to a value a nested switch cannot bind there"),
            ("case (.s0, /* why */ .a0): return 1\ndefault: return 0", "a comment is written inside the label `case (.s0, /* why */ .a0):`"),
            ("case (_, _): return 1\n// never\ncase _: return 2", "`case _:` decides nothing, so its comments would be lost"),
        ]
        for (arms, reason) in cases {
            let found = check(["M.swift": Self.machine(states: 26, actions: 26, arms: arms)])
            XCTAssertNil(found.last?.replacement, arms)
            XCTAssertTrue(found.last?.message.contains("no fix: " + reason + "; write it as a `switch` over `s`") ?? false, "\(found)")
        }
    }
}

/// `--diff` counts what a lint of the same files reports, and fails while an error no fix can
/// remove remains (it once said "0 errors" and exited 0).
final class DiffSummaryTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func put(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    private func run(_ arguments: [String], input: [UInt8] = []) -> (Int32, String, String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments, stdout: &output, stderr: &errors, write: .disk,
                                 standardInput: { input })
        return (status, output, errors)
    }

    /// One dispatcher the unsafe fix spells out, and one whose enums are not in the run.
    private static let fixable = """
        enum Light { case red, green }
        func render(_ s: Light) -> String {
            switch s {
            case .red: return "r"
            default: return ""
            }
        }

        """
    private static let unfixable = """
        func timerStep(_ s: TimerS, _ a: TimerA) -> Int {
            switch (s, a) {
            default: return 0
            }
        }

        """

    func testDiffCountsWhatALintReportsAndFailsWhileAnErrorRemains() throws {
        let lone = try put("Timer.swift", Array(Self.unfixable.utf8))
        let (status, output, errors) = run(["--diff", "--unsafe-fixes", lone])
        XCTAssertEqual(output, "", "nothing to fix")
        XCTAssertEqual(status, 1, errors)
        XCTAssertTrue(errors.hasSuffix("0 files would be fixed; 1 error, 0 warnings in 1 file\n"), errors)
        XCTAssertEqual(run([lone]).0, 1, "a lint fails too")

        let light = try put("Light.swift", Array(Self.fixable.utf8))
        let both = run(["--diff", "--unsafe-fixes", "--dispatcher", "render", light, lone])
        XCTAssertEqual(both.0, 1)
        XCTAssertTrue(both.1.contains("+    case .green: return \"\""), both.1)
        let lint = run(["--dispatcher", "render", light, lone])
        let lintSummary = lint.2.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(lintSummary.hasPrefix("2 errors, 0 warnings in 2 files"), lint.2)
        XCTAssertTrue(both.2.hasSuffix("1 file would be fixed; 2 errors, 0 warnings in 2 files\n"), both.2)
    }

    func testDiffOfStandardInputCountsWhatALintReports() {
        let (status, output, errors) = run(["--diff", "--unsafe-fixes", "--stdin-filename", "Timer.swift", "-"], input: Array(Self.unfixable.utf8))
        XCTAssertEqual(output, "")
        XCTAssertEqual(status, 1, errors)
        XCTAssertTrue(errors.hasSuffix("1 error, 0 warnings in 1 file\n"), errors)
        let fixable = run(["--diff", "--unsafe-fixes", "--dispatcher", "render", "--stdin-filename", "Light.swift", "-"], input: Array(Self.fixable.utf8))
        XCTAssertEqual(fixable.0, 1)
        XCTAssertTrue(fixable.2.hasSuffix("1 error, 0 warnings in 1 file\n"), fixable.2)
    }
}
