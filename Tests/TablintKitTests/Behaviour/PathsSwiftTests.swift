import Foundation
import XCTest
@testable import TablintKit

/// `tablint paths --format swift` for a `Table` machine: the generated XCTest, compiled with
/// the real `swiftc` against a stand-in of the library's `Table`, `Cell` and `Step`, drives the
/// machine's dispatcher and passes; against a dispatcher with one arm retargeted it fails.
final class PathsSwiftTests: XCTestCase {
    static let standIn = """
        enum Step<S, F> {
            case go(S, effects: [F])
            case stay(effects: [F])
            case ignored
        }
        enum Cell {
            case ignore, handle, unreachable
            case go(target: String, effects: [String])
            case emit(effects: [String])
            case delegate(child: String)
        }
        struct Table {
            init(machine: String, states: [String], actions: [String], cells: [[Cell]], initial: String?) {}
        }

        """

    static let machine = """
        enum Door {
            enum S { case closed, open, locked(code: Int) }
            enum A { case push, pull, lock, unlock }
            enum F { case creak }
        }

        protocol DoorCells {
            func lockedUnlock(_ code: Int) -> Step<Door.S, Door.F>
        }

        extension Door {
            static let TABLE = Table(
                machine: "Door",
                states: ["Closed", "Open", "Locked"],
                actions: ["Push", "Pull", "Lock", "Unlock"],
                cells: [
                    [.go(target: "Open", effects: ["Creak"]), .ignore, .go(target: "Locked", effects: []), .ignore],
                    [.ignore, .go(target: "Closed", effects: []), .ignore, .emit(effects: ["Creak"])],
                    [.ignore, .ignore, .ignore, .handle],
                ],
                initial: "Closed"
            )

            static func step(_ c: DoorCells, _ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.closed, .push): return .go(.open, effects: [.creak])
                case (.closed, .pull): return .ignored
                case (.closed, .lock): return .go(.locked(code: 7), effects: [])
                case (.closed, .unlock): return .ignored
                case (.open, .push): return .ignored
                case (.open, .pull): return .go(.closed, effects: [])
                case (.open, .lock): return .ignored
                case (.open, .unlock): return .stay(effects: [.creak])
                case (.locked, .push): return .ignored
                case (.locked, .pull): return .ignored
                case (.locked, .lock): return .ignored
                case let (.locked(code), .unlock): return c.lockedUnlock(code)
                }
            }
        }

        struct KeyCells: DoorCells {
            var key: Int
            func lockedUnlock(_ code: Int) -> Step<Door.S, Door.F> {
                if code == key { return .go(.closed, effects: []) }
                return .stay(effects: [])
            }
        }

        """

    /// What the project writes once beside the generated test: the dispatcher with its cells,
    /// a key that opens the lock when the step is expected to reach `closed` (the lock's code
    /// is 7), and one that does not otherwise: a test double that takes the branch asked for.
    static let harness = """
        extension DoorPathTests {
            func step(_ s: Door.S, _ a: Door.A, expecting expected: Expected) -> Step<Door.S, Door.F> {
                Door.step(KeyCells(key: expected.state == "closed" ? 7 : 0), s, a)
            }
        }

        """

    func generated(in folder: URL) throws -> String {
        try Self.machine.write(to: folder.appendingPathComponent("Door.swift"), atomically: true, encoding: .utf8)
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: ["paths", "--format", "swift", folder.path], stdout: &output, stderr: &errors)
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.hasPrefix("import XCTest\n"), output)
        XCTAssertTrue(output.contains("final class DoorPathTests: XCTestCase"), output)
        XCTAssertTrue(output.contains("var state: Door.S = .closed"), "the dispatcher's types and the initial state:\n\(output)")
        return output
    }

    /// Builds the generated test with the machine (as given) and the project's harness, and
    /// runs it with XCTest's runner.
    func compileAndRun(
        _ test: String, machine: String, harness: String = PathsSwiftTests.harness, testing name: String = "Door",
        in folder: URL, named run: String
    ) throws -> (Int32, String) {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let directory = folder.appendingPathComponent(run)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            ("Machine.swift", Self.standIn + machine),
            ("\(name)PathTests.swift", test),
            ("Harness.swift", harness),
            ("main.swift", "import XCTest\nXCTMain([testCase([(\"test\(name)Paths\", \(name)PathTests.test\(name)Paths)])])\n"),
        ]
        for (file, text) in files { try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        let executable = directory.appendingPathComponent(run)
        let (built, compiler) = try DispatcherDefaultFixTests.run(
            swiftc, ["-Onone", "-module-name", "\(name)Tests"] + files.map { directory.appendingPathComponent($0.0).path } + ["-o", executable.path])
        XCTAssertEqual(built, 0, "swiftc failed:\n\(compiler)\n\(test)")
        guard built == 0 else { return (built, compiler) }
        return try DispatcherDefaultFixTests.run(executable, [])
    }

    func testTheGeneratedTestPassesAndFailsOnARetargetedArm() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = try generated(in: folder.appendingPathComponent("source", isDirectory: true).creatingFolder())

        let (passed, output) = try compileAndRun(test, machine: Self.machine, in: folder, named: "as-written")
        XCTAssertEqual(passed, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)

        // (Open, Pull) now goes back to Open: the sequences through it fail at that step.
        let mutated = Self.machine.replacingOccurrences(
            of: "case (.open, .pull): return .go(.closed, effects: [])", with: "case (.open, .pull): return .go(.open, effects: [])")
        XCTAssertNotEqual(mutated, Self.machine)
        let (failed, failure) = try compileAndRun(test, machine: mutated, in: folder, named: "mutated")
        XCTAssertNotEqual(failed, 0, failure)
        XCTAssertTrue(failure.contains("XCTAssertEqual failed: (\"open\") is not equal to (\"closed\")"), failure)
        XCTAssertTrue(failure.contains(", .pull\n"), "the failure names the step through the retargeted arm:\n\(failure)")

        // The lock never opens: the step expected to take the `return .go(.closed…)` branch fails.
        let stuck = Self.machine.replacingOccurrences(of: "if code == key {", with: "if code == key + 1 {")
        XCTAssertNotEqual(stuck, Self.machine)
        let (unopened, stuckOutput) = try compileAndRun(test, machine: stuck, in: folder, named: "stuck")
        XCTAssertNotEqual(unopened, 0, stuckOutput)
        XCTAssertTrue(stuckOutput.contains("XCTAssertEqual failed: (\"locked\") is not equal to (\"closed\")"), stuckOutput)
    }

    /// Where `text` occurs in the machine's source, as `Door.swift:line:column`.
    static func location(of text: String, in source: String, file: String) -> String {
        let before = source[..<source.range(of: text)!.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return "\(file):\(line):\(column)"
    }

    /// A HANDLE with two outcomes is fired along each; the test says, at each step through it,
    /// which `return` it expects, and tells `step` so that a test double can take that branch.
    func testEachStepThroughAHandleNamesTheOutcomeItExpects() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-handle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source", isDirectory: true)
        let test = try generated(in: source.creatingFolder())
        let opens = Self.location(of: ".go(.closed, effects: []) }\n        return", in: Self.machine, file: source.appendingPathComponent("Door.swift").path)
        let stays = Self.location(of: ".stay(effects: [])\n", in: Self.machine, file: source.appendingPathComponent("Door.swift").path)
        XCTAssertTrue(test.contains("(.unlock, \"locked\", \"\(stays)\"),  // HANDLE (Locked, Unlock) stays at Locked: returned at \(stays)\n"), test)
        XCTAssertTrue(test.contains("(.unlock, \"closed\", \"\(opens)\"),  // HANDLE (Locked, Unlock) goes to Closed: returned at \(opens)\n"), test)
        XCTAssertTrue(test.contains("(.lock, \"locked\", nil),\n"), "a step through a static cell expects no `return`:\n\(test)")
        XCTAssertTrue(test.contains("func step(_ s: Door.S, _ a: Door.A, expecting expected: Expected) -> Step<"), test)
    }

    static let keywords = """
        enum App {
            enum S { case `init`, `default`, running }
            enum A { case `self`, `init`, `protocol` }
            enum F { case beep }
        }

        extension App {
            static let TABLE = Table(
                machine: "App",
                states: ["Init", "Default", "Running"],
                actions: ["Self", "Init", "Protocol"],
                cells: [
                    [.go(target: "Default", effects: []), .ignore, .ignore],
                    [.ignore, .go(target: "Running", effects: []), .ignore],
                    [.go(target: "Default", effects: []), .emit(effects: ["Beep"]), .go(target: "Init", effects: [])],
                ],
                initial: "Init"
            )

            static func step(_ s: S, _ a: A) -> Step<S, F> {
                switch (s, a) {
                case (.`init`, .`self`): return .go(.default, effects: [])
                case (.`init`, _): return .ignored
                case (.default, .`init`): return .go(.running, effects: [])
                case (.default, _): return .ignored
                case (.running, .`self`): return .go(.default, effects: [])
                case (.running, .`init`): return .stay(effects: [.beep])
                case (.running, .protocol): return .go(.`init`, effects: [])
                }
            }
        }

        """

    /// States and actions named by Swift keywords are written with backticks where a member
    /// reference needs them (`.`init``, `.`self``), and the test compiles and passes.
    func testKeywordNamedCasesAreEscaped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-keywords-\(UUID().uuidString)")
        let source = try folder.appendingPathComponent("source", isDirectory: true).creatingFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.keywords.write(to: source.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        var test = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", source.path], stdout: &test, stderr: &errors), 0, errors)
        XCTAssertTrue(test.contains("var state: App.S = .`init`"), test)
        XCTAssertTrue(test.contains("(.`self`, \"default\", nil)"), test)
        let harness = """
            extension AppPathTests {
                func step(_ s: App.S, _ a: App.A, expecting expected: Expected) -> Step<App.S, App.F> { App.step(s, a) }
            }

            """
        let (passed, output) = try compileAndRun(test, machine: Self.keywords, harness: harness, testing: "App", in: folder, named: "keywords")
        XCTAssertEqual(passed, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }

    static let retry = """
        enum RetryS { case waiting(since: Int), trying, done }
        enum RetryA { case tick, succeed }
        enum RetryF { case log }

        enum Retry {
            static let TABLE = Table(
                machine: "Retry",
                states: ["Waiting", "Trying", "Done"],
                actions: ["Tick", "Succeed"],
                cells: [
                    [.go(target: "Trying", effects: []), .ignore],
                    [.ignore, .go(target: "Done", effects: [])],
                    [.ignore, .ignore],
                ],
                initial: "Waiting"
            )

            static func step(_ s: RetryS, _ a: RetryA) -> Step<RetryS, RetryF> {
                switch (s, a) {
                case (.waiting, .tick): return .go(.trying, effects: [])
                case (.waiting, .succeed): return .ignored
                case (.trying, .tick): return .ignored
                case (.trying, .succeed): return .go(.done, effects: [])
                case (.done, _): return .ignored
                }
            }
        }

        """

    /// An initial state with a payload cannot be written from the matrix: the test asks the
    /// project for it (`initialState()`, beside `step`), says so, and compiles once given.
    func testAnInitialStateWithAPayloadIsAskedOfTheProject() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-payload-\(UUID().uuidString)")
        let source = try folder.appendingPathComponent("source", isDirectory: true).creatingFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.retry.write(to: source.appendingPathComponent("Retry.swift"), atomically: true, encoding: .utf8)
        var test = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", source.path], stdout: &test, stderr: &errors), 0, errors)
        XCTAssertFalse(test.contains("= .waiting"), test)
        XCTAssertTrue(test.contains("var state: RetryS = initialState()"), test)
        XCTAssertTrue(test.contains("`func initialState() -> RetryS { .waiting(since: …) }`"), "the header says what to write:\n\(test)")
        let harness = """
            extension RetryPathTests {
                func initialState() -> RetryS { .waiting(since: 0) }
                func step(_ s: RetryS, _ a: RetryA, expecting expected: Expected) -> Step<RetryS, RetryF> { Retry.step(s, a) }
            }

            """
        let (passed, output) = try compileAndRun(test, machine: Self.retry, harness: harness, testing: "Retry", in: folder, named: "payload")
        XCTAssertEqual(passed, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }

    /// A target whose files use Swift Testing gets a Swift Testing test.
    func testATargetThatImportsTestingGetsASwiftTestingTest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.machine.write(to: folder.appendingPathComponent("Door.swift"), atomically: true, encoding: .utf8)
        try "import Testing\n\n@Test func other() {}\n".write(to: folder.appendingPathComponent("OtherTests.swift"), atomically: true, encoding: .utf8)
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", folder.path], stdout: &output, stderr: &errors), 0, errors)
        XCTAssertTrue(output.hasPrefix("import Testing\n"), output)
        XCTAssertTrue(output.contains("struct DoorPathTests {\n"), output)
        XCTAssertTrue(output.contains("\n    @Test func doorPaths() {\n"), output)
        XCTAssertTrue(output.contains("#expect(reached == planned.state, "), output)
    }
}

private extension URL {
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
