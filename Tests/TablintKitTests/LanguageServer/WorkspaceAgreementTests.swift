import Foundation
import XCTest
@testable import TablintKit

/// The editor sees what the command line sees: over a machine whose surfaces live in six files
/// (matrix, enums, `Cells` protocol, implementation, dispatcher, a `.tbl` pin under `Tests/`),
/// with only one of them open, the diagnostics the server publishes for every file equal
/// `tablint --reporter json` on the same folder: after opening, editing, closing and deleting
/// files, with a URI spelt percent-encoded, and through a symlinked workspace folder.
final class WorkspaceAgreementTests: XCTestCase {
    typealias Harness = LanguageServerTests.Harness

    /// One reported diagnostic, as both sides can spell it.
    struct Finding: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var column: Int
        var code: String
        var message: String
        var description: String { "\(path):\(line):\(column): \(message) [\(code)]" }
    }

    static let files: [String: String] = [
        "Sources/Timer/Timer.tb.swift": """
            // swift-format-ignore-file
            let TIMER_TABLE = Table(
                machine: "Timer",
                states: ["Idle", "Running", "Done"],
                actions: ["Start", "Tick", "Cancel"],
                cells: [
                    [.go(target: "Running", effects: ["StartClock"]), .ignore,  .ignore],
                    [.ignore,                                         .handle,  .go(target: "Idle", effects: ["StopClock"])],
                    [.go(target: "Running", effects: ["StartClock"]), .ignore,  .unreachable],
                ],
                initial: "Idle"
            )

            """,
        // An action the matrix does not have: `enum-drift`, whose other side is the matrix file.
        "Sources/Timer/Timer+Enums.swift": """
            enum TimerS { case idle, running, done }
            enum TimerA { case start, tick, cancel, pause }
            enum TimerF { case startClock, stopClock, ring }

            final class TimerCtx {
                var elapsed = 0
            }

            """,
        // The HANDLE cell's member is missing: `cells-drift`.
        "Sources/Timer/TimerCells.swift": """
            protocol TimerCells {
                func startClock(_ ctx: TimerCtx) -> TimerA?
                func stopClock(_ ctx: TimerCtx) -> TimerA?
            }

            """,
        "Sources/Timer/TimerImpl.swift": """
            struct TimerImpl: TimerCells {
                func runningTick(_ ctx: TimerCtx) -> Step<TimerS, TimerF> {
                    ctx.elapsed += 1
                    return ctx.elapsed >= 3 ? .go(.done, effects: [.stopClock, .ring]) : .ignored
                }
                func startClock(_ ctx: TimerCtx) -> TimerA? { nil }
                func stopClock(_ ctx: TimerCtx) -> TimerA? { nil }
            }

            """,
        // (Idle, Start) goes elsewhere: `dispatcher-drift`; `perform` has a `default:`.
        "Sources/Timer/Timer+Step.swift": """
            func timerStep(_ c: TimerCells, _ ctx: TimerCtx, _ s: TimerS, _ a: TimerA) -> Step<TimerS, TimerF> {
                switch (s, a) {
                case (.idle, .start): return .go(.done, effects: [.startClock])
                case (.idle, .tick): return .ignored
                case (.idle, .cancel): return .ignored
                case (.running, .start): return .ignored
                case (.running, .tick): return c.runningTick(ctx)
                case (.running, .cancel): return .go(.idle, effects: [.stopClock])
                case (.done, .start): return .go(.running, effects: [.startClock])
                case (.done, .tick): return .ignored
                case (.done, .cancel): fatalError("tabular-center: Done x Cancel was declared UNREACHABLE but occurred")
                default: return .ignored
                }
            }

            func timerPerform(_ c: TimerCells, _ ctx: TimerCtx, _ f: TimerF) -> TimerA? {
                switch f {
                case .startClock: return c.startClock(ctx)
                default: return nil
                }
            }

            """,
        // (Done, Tick) differs: `pin-drift`.
        "Tests/Pins/Timer.tbl": """
            machine Timer
            initial Idle
            states  Idle Running Done
            actions Start Tick Cancel

            Idle    | GO(Running, StartClock) | IGNORE | IGNORE
            Running | IGNORE                  | HANDLE | GO(Idle, StopClock)
            Done    | GO(Running, StartClock) | HANDLE | UNREACHABLE

            """,
    ]

    var root = ""

    override func setUpWithError() throws {
        root = DocumentIdentity.of(NSTemporaryDirectory()) + "/tablint-agreement-\(UUID().uuidString)"
        for (path, text) in Self.files { try write(path, text) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: root + "-link")
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    // MARK: The two sides

    /// `tablint --reporter json ROOT`, run as the binary runs.
    func commandLine() throws -> Set<Finding> {
        var output = ""
        var errors = ""
        _ = Tablint.run(arguments: ["--reporter", "json", root], stdout: &output, stderr: &errors, currentDirectory: root)
        guard case .array(let items) = try JSONValue.parse(Array(output.utf8)) else {
            XCTFail("not a JSON array: \(output)")
            return []
        }
        return Set(items.compactMap { item -> Finding? in
            guard let path = item["path"]?.stringValue, let line = item["start"]?["line"]?.intValue,
                let column = item["start"]?["column"]?.intValue,
                let code = item["code"]?.stringValue, let message = item["message"]?.stringValue
            else { return nil }
            return Finding(path: DocumentIdentity.of(path.hasPrefix("/") ? path : root + "/" + path), line: line, column: column, code: code, message: message)
        })
    }

    /// What the server last published for each file (by identity, whichever URI spelling it
    /// used last), under UTF-8 positions so columns are the CLI's.
    func published(_ harness: Harness) -> Set<Finding> {
        var latest: [String: [JSONValue]] = [:]
        for message in harness.messages() where message["method"]?.stringValue == "textDocument/publishDiagnostics" {
            guard let uri = message["params"]?["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else { continue }
            latest[DocumentIdentity.of(path)] = message["params"]?["diagnostics"]?.arrayValue ?? []
        }
        var findings = Set<Finding>()
        for (path, diagnostics) in latest {
            for diagnostic in diagnostics {
                guard let start = diagnostic["range"]?["start"], let line = start["line"]?.intValue,
                    let character = start["character"]?.intValue, let code = diagnostic["code"]?.stringValue,
                    let message = diagnostic["message"]?.stringValue
                else { continue }
                findings.insert(Finding(path: path, line: line + 1, column: character + 1, code: code, message: message))
            }
        }
        return findings
    }

    func assertAgree(_ harness: Harness, _ step: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try commandLine()
        let got = published(harness)
        let missing = expected.subtracting(got).map(\.description).sorted()
        let extra = got.subtracting(expected).map(\.description).sorted()
        XCTAssertTrue(missing.isEmpty && extra.isEmpty, "\(step): the server misses \(missing) and adds \(extra)", file: file, line: line)
    }

    func start(rootURI: String) throws -> Harness {
        let harness = try Harness(directory: root)
        harness.request("initialize", .object([
            "capabilities": .object(["general": .object(["positionEncodings": .array([.string("utf-8")])])]),
            "rootUri": .string(rootURI),
        ]))
        harness.notify("initialized")
        return harness
    }

    func uri(_ path: String, under base: String? = nil) -> String { DocumentURI.uri(of: (base ?? root) + "/" + path) }

    // MARK: Tests

    func testTheCommandLineSeesEveryCrossFileFinding() throws {
        let codes = Set(try commandLine().map(\.code))
        for code in ["tablint::enum-drift", "tablint::cells-drift", "tablint::dispatcher-drift", "tablint::dispatcher-default", "tablint::pin-drift"] {
            XCTAssertTrue(codes.contains(code), "the fixture must exercise \(code); found \(codes.sorted())")
        }
    }

    func testOpenEditCloseAndDeleteAgreeWithTheCommandLine() throws {
        let harness = try start(rootURI: DocumentURI.uri(of: root))
        try assertAgree(harness, "indexed, nothing open")

        let matrix = "Sources/Timer/Timer.tb.swift"
        harness.open(uri(matrix), Self.files[matrix]!)
        try assertAgree(harness, "the matrix open")

        // The matrix gains (Done, Tick) HANDLE: the pin agrees, the dispatcher and protocol drift more.
        let edited = Self.files[matrix]!.replacingOccurrences(
            of: "[.go(target: \"Running\", effects: [\"StartClock\"]), .ignore,  .unreachable]",
            with: "[.go(target: \"Running\", effects: [\"StartClock\"]), .handle,  .unreachable]")
        XCTAssertNotEqual(edited, Self.files[matrix]!)
        harness.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri(matrix)), "version": .int(2)]),
            "contentChanges": .array([.object(["text": .string(edited)])]),
        ]))
        try write(matrix, edited)  // what the command line reads; the server reads the buffer
        try assertAgree(harness, "the matrix edited")

        try write(matrix, Self.files[matrix]!)
        harness.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri(matrix))])]))
        try assertAgree(harness, "the matrix closed (the file on disk counts again)")

        try FileManager.default.removeItem(atPath: root + "/Tests/Pins/Timer.tbl")
        harness.notify("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(uri("Tests/Pins/Timer.tbl")), "type": .int(3)]),
        ])]))
        try assertAgree(harness, "the pin deleted")

        try FileManager.default.removeItem(atPath: root + "/Sources/Timer/Timer+Enums.swift")
        try write("Sources/Timer/Enums.swift", Self.files["Sources/Timer/Timer+Enums.swift"]!)
        harness.notify("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(uri("Sources/Timer/Timer+Enums.swift")), "type": .int(3)]),
            .object(["uri": .string(uri("Sources/Timer/Enums.swift")), "type": .int(1)]),
        ])]))
        try assertAgree(harness, "the enums renamed")
    }

    func testAFolderRenamedIsOneEventForTheFolder() throws {
        let harness = try start(rootURI: DocumentURI.uri(of: root))
        try FileManager.default.moveItem(atPath: root + "/Tests", toPath: root + "/Checks")
        harness.notify("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(uri("Tests")), "type": .int(3)]),
            .object(["uri": .string(uri("Checks")), "type": .int(1)]),
        ])]))
        try assertAgree(harness, "Tests/ renamed Checks/")
        XCTAssertTrue(published(harness).contains { $0.path.hasSuffix("/Checks/Pins/Timer.tbl") && $0.code == "tablint::pin-drift" })
        XCTAssertFalse(published(harness).contains { $0.path.contains("/Tests/Pins/") }, "no diagnostics left for a file that is gone")
    }

    func testAPercentEncodedURIIsOneDocument() throws {
        let harness = try start(rootURI: DocumentURI.uri(of: root))
        let step = "Sources/Timer/Timer+Step.swift"
        let encoded = uri(step).replacingOccurrences(of: "+", with: "%2B")
        XCTAssertNotEqual(encoded, uri(step))
        harness.open(encoded, Self.files[step]!)
        try assertAgree(harness, "opened as %2B")
        // The last publish for the file, under either spelling, is the full one.
        let last = harness.messages().last {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                && [encoded, uri(step)].contains($0["params"]?["uri"]?.stringValue ?? "")
        }
        XCTAssertEqual(last?["params"]?["uri"]?.stringValue, encoded)
        XCTAssertFalse(last?["params"]?["diagnostics"]?.arrayValue?.isEmpty ?? true)
        harness.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(encoded)])]))
        try assertAgree(harness, "closed again")
        XCTAssertFalse(harness.messages().last {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == encoded
        }?["params"]?["diagnostics"]?.arrayValue?.isEmpty ?? true, "closing keeps the file's cross-file errors")
    }

    func testASymlinkedWorkspaceFolderCountsEachFileOnce() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "-link", withDestinationPath: root)
        let harness = try start(rootURI: DocumentURI.uri(of: root + "-link"))
        try assertAgree(harness, "indexed through the link")
        let step = "Sources/Timer/Timer+Step.swift"
        harness.open(uri(step), Self.files[step]!)  // the real path, not the link's
        try assertAgree(harness, "a file open by its real path")
        XCTAssertTrue(published(harness).contains { $0.code == "tablint::dispatcher-drift" }, "the dispatcher is paired once")
    }
}
