import Foundation
import XCTest
@testable import TablintKit

/// `dispatcher-default`'s unsafe fix, tested as data: the edits its diagnostics carry, applied
/// with `TextEdit.apply`. The before/after pairs of `Rules/dispatcher-default.md` are compiled
/// with the real `swiftc` and run: every pair gives the same result before and after.
final class DispatcherDefaultFixTests: XCTestCase {
    private func diagnostics(_ text: String, path: String = "Example.swift", extra: Set<String> = []) -> [Diagnostic] {
        TestRun.lint(SourceFile(path: path, text: text), extraDispatcherFunctions: extra)
            .filter { $0.code == DispatcherDefault().code }
    }

    /// The file with every fix applied, and the diagnostics.
    private func fixed(_ text: String, extra: Set<String> = []) -> (String, [Diagnostic]) {
        let found = diagnostics(text, extra: extra)
        let edits = found.flatMap { $0.fix?.edits ?? [] }
        return (String(decoding: TextEdit.apply(edits, to: Array(text.utf8)), as: UTF8.self), found)
    }

    private static let machine = """
        enum Timer {
            enum S { case idle, running(since: Int), paused }
            enum A { case start, tick }
        }

        """

    // MARK: The fix

    func testTheFixIsUnsafeAndSpellsOutExactlyTheUndecidedPairs() {
        let text = Self.machine + """
            extension Timer {
                static func step(_ s: S, _ a: A) -> Step<S, Never> {
                    switch (s, a) {
                    case (.idle, .start): return .ignored
                    case (.running(0), .tick): return .ignored
                    default: return .ignored
                    }
                }
            }

            """
        let (after, found) = fixed(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].fix?.applicability, .unsafe)
        XCTAssertTrue(found[0].message.contains("It decides `(.idle, .tick)`, `(.running, .start)`, `(.running, .tick)`, `(.paused, .start)` and `(.paused, .tick)`: list each pair instead"), found[0].message)
        XCTAssertTrue(after.contains("""
                    case (.idle, .tick): return .ignored
                    case (.running, .start): return .ignored
                    case (.running, .tick): return .ignored
                    case (.paused, .start): return .ignored
                    case (.paused, .tick): return .ignored
            """), after)
        XCTAssertEqual(diagnostics(after), [], "nothing left to report")
    }

    /// A step dispatcher's catch-all that is its label's only pattern becomes one `case` per
    /// pattern, each with the body: `dispatcher-drift` rewrites an arm of one cell, and one of a
    /// label listing other cells too it cannot (t3). A body of several lines is repeated whole.
    func testAStepCatchAllBecomesOneCasePerPattern() {
        let text = """
            enum Vault {
                enum S { case closed, open, alarm }
                enum A { case dial, pull, reset }
            }
            extension Vault {
                static func step(_ s: S, _ a: A) -> Step<S, Never> {
                    switch (s, a) {
                    case (.closed, .dial): return .go(.open, effects: [])
                    case (.closed, _):
                        let ignored = true  // kept
                        return ignored ? .ignored : .ignored
                    case (.open, .dial), (.open, .pull), (.open, .reset): return .ignored
                    case (.alarm, _): return .ignored
                    }
                }
            }

            """
        let (after, found) = fixed(text)
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(after.contains("""
                    case (.closed, .pull):
                        let ignored = true  // kept
                        return ignored ? .ignored : .ignored
                    case (.closed, .reset):
                        let ignored = true  // kept
                        return ignored ? .ignored : .ignored
                    case (.open, .dial), (.open, .pull), (.open, .reset): return .ignored
                    case (.alarm, .dial): return .ignored
                    case (.alarm, .pull): return .ignored
                    case (.alarm, .reset): return .ignored
                    }
            """), after)
        XCTAssertEqual(diagnostics(after), [], "nothing left to report")
    }

    func testAMessageListsFivePatternsThenHowManyMore() {
        let text = """
            enum S { case a, b, c, d }
            enum A { case x, y }
            func step(_ s: S, _ a: A) -> Bool {
                switch (s, a) {
                default: return false
                }
            }

            """
        let message = diagnostics(text).first?.message ?? ""
        XCTAssertTrue(message.contains("It decides `(.a, .x)`, `(.a, .y)`, `(.b, .x)`, `(.b, .y)`, `(.c, .x)` and 3 more: list each pair instead"), message)
    }

    /// A partial wildcard keeps its written element; bindings inside it stay bound.
    func testAPartialWildcardKeepsTheRestOfItsPattern() {
        let text = Self.machine + """
            func step(_ c: Cells, _ s: Timer.S, _ a: Timer.A) -> Step<Timer.S, Never> {
                switch (s, a) {
                case let (.running(since), _): return c.run(since)
                case (_, .start): return .ignored
                case (.idle, .tick), (.paused, .tick): return .ignored
                }
            }

            """
        let (after, found) = fixed(text)
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(after.contains("""
                case let (.running(since), .start): return c.run(since)
                case let (.running(since), .tick): return c.run(since)
                case (.idle, .start): return .ignored
                case (.paused, .start): return .ignored
            """), after)
    }

    /// A catch-all every value of which an arm above decides is removed, line and all.
    func testACatchAllThatDecidesNothingIsRemoved() {
        let text = """
            enum F { case beep, log }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep: return nil
                case .log: return nil
                default: return nil
                }
            }

            """
        let (after, found) = fixed(text)
        XCTAssertTrue(found.first?.message.contains("It decides nothing: every effect it matches is decided above it, so remove it") ?? false, "\(found)")
        XCTAssertEqual(after, text.replacingOccurrences(of: "    default: return nil\n", with: ""))
    }

    /// `@unknown` takes only `_`, so its whole label is replaced; line endings are the file's.
    func testUnknownDefaultIsReplacedAndCRLFIsKept() {
        let text = "enum S { case a, b }\r\nfunc render(_ s: S) -> String {\r\n    switch s {\r\n    case .a: return \"a\"\r\n    @unknown default: return \"?\"\r\n    }\r\n}\r\n"
        let (after, _) = fixed(text)
        XCTAssertEqual(after, text.replacingOccurrences(of: "@unknown default:", with: "case .b:"))
        let two = "enum S { case a, b, c }\r\nfunc render(_ s: S) -> String {\r\n    switch s {\r\n    case .a: return \"a\"\r\n    @unknown case _: return \"?\"\r\n    }\r\n}\r\n"
        XCTAssertEqual(fixed(two).0, two.replacingOccurrences(of: "@unknown case _:", with: "case .b,\r\n         .c:"))
    }

    /// `S` inside `extension Timer` is `Timer.S`, not a top-level `S` of another file; `TimerS`
    /// is found in another file of the run.
    func testNamesAreResolvedAcrossTheRunAsSwiftResolvesThem() {
        let dispatcher = """
            extension Timer {
                static func render(_ s: S) -> String {
                    switch s {
                    default: return ""
                    }
                }
            }
            func timerStep(_ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
                switch (s, a) {
                case _: return .ignored
                }
            }

            """
        let enums = """
            enum S { case other }
            enum Timer { enum S { case idle, running } }
            enum TimerS { case on }
            enum TimerA { case flip }

            """
        let summaries = [
            Engine.analyze(SourceFile(path: "Dispatch.swift", text: dispatcher)).summary,
            Engine.analyze(SourceFile(path: "Enums.swift", text: enums)).summary,
        ]
        let found = DispatcherDefault().check(run: summaries)
        XCTAssertEqual(found.map(\.path), ["Dispatch.swift", "Dispatch.swift"])
        XCTAssertEqual(found.map { $0.fix?.edits.map { String(decoding: $0.replacement, as: UTF8.self) } },
                       [["case .idle,\n             .running:"], ["(.on, .flip)"]])
        XCTAssertTrue(DispatcherDefault().check(run: [summaries[0]]).allSatisfy { $0.fix == nil }, "without the enums' file")
    }

    // MARK: No fix, and why

    private func noFix(_ text: String, extra: Set<String> = [], file: StaticString = #filePath, line: UInt = #line) -> String {
        let found = diagnostics(text, extra: extra)
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: line)
        XCTAssertNil(found.first?.fix, file: file, line: line)
        return found.first?.message ?? ""
    }

    func testNoFixWhenTheBodyUsesAValueTheWildcardBinds() {
        let text = """
            enum F { case beep, log(String) }
            func perform(_ c: Cells, _ f: F) -> A? {
                switch f {
                case .beep: return nil
                case let other: return c.handle("\\(other)")
                }
            }

            """
        XCTAssertTrue(noFix(text).hasSuffix("It decides `.log`: list each effect instead; no fix: its body uses `other`, which the pattern binds"))
        // The same binding, unused: the fix drops it.
        let unused = text.replacingOccurrences(of: "c.handle(\"\\(other)\")", with: "nil")
        XCTAssertEqual(fixed(unused).0, unused.replacingOccurrences(of: "case let other:", with: "case .log:"))
    }

    func testNoFixWhenACaseListIsUnknown() {
        let text = """
            func perform(_ f: F) -> A? {
                switch f {
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(text).hasSuffix("List each effect instead; no fix: no `enum F` is declared in the linted files, so its cases are not known"))
        let unread = "enum F { case a, b\n" + text
        XCTAssertTrue(noFix(unread).hasSuffix("no fix: `enum F` could not be read to its end"), noFix(unread))
    }

    func testNoFixWhenTwoCasesShareAName() {
        let text = """
            enum F { case beep, move(x: Int), move(y: Int) }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep: return nil
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(text).hasSuffix("List each effect instead; no fix: `enum F` has two cases named `move`"), noFix(text))
    }

    func testNoFixWhenTwoEnumsHaveTheName() {
        let text = """
            func perform(_ f: TimerF) -> TimerA? {
                switch f {
                default: return nil
                }
            }

            """
        let summaries = ["A.swift", "B.swift"].map { Engine.analyze(SourceFile(path: $0, text: "enum TimerF { case beep }\n")).summary }
            + [Engine.analyze(SourceFile(path: "Perform.swift", text: text)).summary]
        let found = DispatcherDefault().check(run: summaries)
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
        XCTAssertTrue(found.first?.message.hasSuffix("no fix: 2 enums named `TimerF` are declared in the linted files (A.swift:1, B.swift:1), so which one `TimerF` is cannot be told") ?? false, "\(found)")
        XCTAssertNotNil(DispatcherDefault().check(run: Array(summaries.dropFirst())).first?.fix, "with one of them")
    }

    func testNoFixWhenIfConfigIsInTheSwitchOrTheEnum() {
        let inSwitch = """
            enum F { case beep, log }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep:
                    #if DEBUG
                    print("beep")
                    #endif
                    return nil
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(inSwitch).hasSuffix("no fix: the switch has `#if` in it, so which arms exist depends on the build"))
        let inEnum = """
            enum F {
                case beep
                #if DEBUG
                case log
                #endif
            }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep: return nil
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(inEnum).hasSuffix("no fix: the cases of `F` depend on `#if`"))
    }

    func testNoFixWhenAPatternAboveCannotBeRead() {
        let text = """
            enum F { case beep, log }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep, .honk: return nil
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(text).hasSuffix("no fix: `.honk` in `case .beep, .honk:` is not a case of `F`"), noFix(text))
        let other = text.replacingOccurrences(of: ".beep, .honk", with: "someValue")
        XCTAssertTrue(noFix(other).hasSuffix("no fix: tablint cannot tell which cases `someValue` in `case someValue:` matches"), noFix(other))
    }

    func testNoFixWhenTheCaseAboveFallsThrough() {
        let text = """
            enum F { case beep, log, chime }
            func perform(_ f: F) -> A? {
                switch f {
                case .beep:
                    print("beep")
                    fallthrough
                default: return nil
                }
            }

            """
        XCTAssertTrue(noFix(text).hasSuffix("It decides `.log` and `.chime`: list each effect instead; no fix: the case above it falls through into it"), noFix(text))
    }

    /// Two wildcards in one pattern: one diagnostic each, one edit for the pattern, on the first.
    func testTwoWildcardsOfOnePatternShareOneEdit() {
        let text = """
            enum Light { case red, green }
            func shouldTransition(_ a: Light, _ b: Light, _ c: Light) -> Bool {
                switch (a, b, c) {
                case (.red, _, _): return true
                case (.green, .red, .red): return false
                case (.green, .red, .green), (.green, .green, _): return true
                }
            }

            """
        let (after, found) = fixed(text, extra: ["shouldTransition"])
        XCTAssertEqual(found.count, 3)
        XCTAssertEqual(found.map { $0.fix != nil }, [true, false, true])
        XCTAssertTrue(found[1].message.hasSuffix("It decides `(.red, .red, .red)`, `(.red, .red, .green)`, `(.red, .green, .red)` and `(.red, .green, .green)`: list each case instead"), found[1].message)
        XCTAssertTrue(after.contains("""
                case (.red, .red, .red),
                     (.red, .red, .green),
                     (.red, .green, .red),
                     (.red, .green, .green): return true
            """), after)
        XCTAssertTrue(after.contains("case (.green, .red, .green), (.green, .green, .red),\n         (.green, .green, .green): return true"), after)
        XCTAssertEqual(diagnostics(after, extra: ["shouldTransition"]), [])
    }

    // MARK: Not a machine's dispatcher (issue 13)

    func testGenericSAAndFAreNotAMachinesEnums() {
        let forms = [
            // An extension of a generic type declared in the file.
            """
            struct Runner<S, A> {}
            extension Runner {
                func step(_ s: S, _ a: A) -> Step<S, Never> {
                    switch (s, a) {
                    default: return .ignored
                    }
                }
            }
            """,
            // A protocol extension over associated types, spelt `S` and `Self.F`.
            """
            protocol Machine { associatedtype S; associatedtype A; associatedtype F }
            extension Machine {
                func step(_ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (_, _): return .ignored
                    }
                }
                func perform(_ f: Self.F) -> A? {
                    switch f {
                    default: return nil
                    }
                }
            }
            """,
            // A constrained extension of a type declared elsewhere.
            """
            extension Runner where S == Int, A: Equatable {
                func step(_ s: S, _ a: A) -> Step<S, Never> {
                    switch (s, a) {
                    case (0, _): return .ignored
                    default: return .ignored
                    }
                }
            }
            """,
        ]
        for form in forms {
            XCTAssertEqual(diagnostics(form + "\n"), [], form)
            // The same functions in a plain type are dispatchers: the exclusion is what silences them.
            let plain = form.replacingOccurrences(of: "extension Runner where S == Int, A: Equatable", with: "enum Runner")
                .replacingOccurrences(of: "extension Runner", with: "enum Plain")
                .replacingOccurrences(of: "extension Machine", with: "enum Plain")
            XCTAssertFalse(diagnostics(plain + "\n").isEmpty, plain)
        }
    }

    // MARK: Compiled and run

    /// The Swift around the document's examples: a stand-in for the library's `Step` and the
    /// cells, and a driver that prints the result of every pair.
    static let standIn = """
        enum Step<S, F> {
            case go(S, effects: [F])
            case stay(effects: [F])
            case ignored
        }

        struct TimerCells {
            func timeout(_ since: Int) -> Step<Timer.S, Timer.F> { .go(.paused, effects: [.stopClock]) }
        }

        let timerStates: [Timer.S] = [.idle, .running(since: 0), .running(since: 10), .paused]
        for s in timerStates {
            for a in [Timer.A.start, .tick, .stop] {
                print("step", s, a, Timer.step(TimerCells(), s, a))
            }
        }
        for f in [Door.F.creak, .slam(force: 3), .log("x")] {
            print("perform", f, Door.perform(f).map { "\\($0)" } ?? "nil")
        }
        let lights: [Light] = [.red, .green, .yellow]
        for from in lights {
            for to in lights {
                print("shouldTransition", from, to, shouldTransition(from: from, to: to))
            }
        }

        """

    func testEveryFixedExampleCompilesAndEveryPairGivesTheSameResult() throws {
        guard let swiftc = Self.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let markdown = try RuleDocuments.markdown(named: "dispatcher-default")
        let blocks = FencedBlock.extract(from: markdown).blocks
        let befores = blocks.indices.filter { blocks[$0].info.role == .before && blocks[$0].info.attributes["fix"] == "unsafe" }
        XCTAssertEqual(befores.count, 3, "a (state, action) dispatcher, an effect dispatcher and a configured one")
        let before = befores.map { blocks[$0].body }.joined(separator: "\n")
        let after = befores.map { blocks[$0 + 1].body }.joined(separator: "\n")
        XCTAssertNotEqual(before, after)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dispatcher-default-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (beforeOutput, _) = try Self.compileAndRun(before + "\n" + Self.standIn, named: "before", in: folder, swiftc: swiftc)
        let (afterOutput, afterWarnings) = try Self.compileAndRun(after + "\n" + Self.standIn, named: "after", in: folder, swiftc: swiftc)
        XCTAssertEqual(beforeOutput.split(separator: "\n").count, 12 + 3 + 9, beforeOutput)
        XCTAssertEqual(afterOutput, beforeOutput)
        XCTAssertFalse(afterWarnings.contains("warning:"), "the fixed examples compile without a warning:\n\(afterWarnings)")
    }

    static func swiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Compiles `source` as `main.swift` (one compile) and runs it: its output, and the
    /// compiler's.
    static func compileAndRun(_ source: String, named name: String, in folder: URL, swiftc: URL) throws -> (String, String) {
        let directory = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let main = directory.appendingPathComponent("main.swift")
        try source.write(to: main, atomically: true, encoding: .utf8)
        let executable = directory.appendingPathComponent(name)
        let (status, compilerOutput) = try run(swiftc, ["-Onone", "-module-name", "Example", main.path, "-o", executable.path])
        guard status == 0 else {
            XCTFail("swiftc failed on the \(name) version:\n\(compilerOutput)\n\(source)")
            return ("", compilerOutput)
        }
        let (ran, output) = try run(executable, [])
        XCTAssertEqual(ran, 0, output)
        return (output, compilerOutput)
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
