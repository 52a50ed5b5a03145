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
            func lockedUnlock(_ code: Int) -> Step<Door.S, Door.F> { .go(.closed, effects: []) }
        }

        """

    /// What the project writes once beside the generated test: the dispatcher with its cells.
    static let harness = """
        extension DoorPathTests {
            func step(_ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> { Door.step(KeyCells(), s, a) }
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

    /// Builds the generated test with the machine (as given) and runs it with XCTest's runner.
    func compileAndRun(_ test: String, machine: String, in folder: URL, named name: String) throws -> (Int32, String) {
        guard let swiftc = DispatcherDefaultFixTests.swiftc() else { throw XCTSkip("swiftc is not installed") }
        let directory = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            ("Machine.swift", Self.standIn + machine),
            ("DoorPathTests.swift", test),
            ("Harness.swift", Self.harness),
            ("main.swift", "import XCTest\nXCTMain([testCase([(\"testDoorPaths\", DoorPathTests.testDoorPaths)])])\n"),
        ]
        for (file, text) in files { try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        let executable = directory.appendingPathComponent(name)
        let (built, compiler) = try DispatcherDefaultFixTests.run(
            swiftc, ["-Onone", "-module-name", "DoorTests"] + files.map { directory.appendingPathComponent($0.0).path } + ["-o", executable.path])
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
        XCTAssertTrue(output.contains("struct DoorPathTests {\n    @Test func doorPaths() {"), output)
        XCTAssertTrue(output.contains("#expect(reached == sequence.visits[index + 1]"), output)
    }
}

private extension URL {
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
