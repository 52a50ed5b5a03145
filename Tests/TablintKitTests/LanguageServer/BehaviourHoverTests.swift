import Foundation
import XCTest
@testable import TablintKit

/// `tablint lsp` in process: hover on a state says how it is reached from `initial` (or why
/// it is not), hover on a `HANDLE` cell lists what its implementations return, and
/// go-to-definition on it offers each `return`; all from the workspace's machine graphs.
final class BehaviourHoverTests: XCTestCase {
    typealias Harness = LanguageServerTests.Harness

    static let door = try! String(contentsOf: Fixtures.url("Export/Dynamic/Door.tb.swift"), encoding: .utf8)
    static let doorCells = try! String(contentsOf: Fixtures.url("Export/Dynamic/DoorCells.swift"), encoding: .utf8)

    /// A machine whose `Done` only a HANDLE reaches, and whose `Lost` nothing reaches.
    static let relay = """
        // swift-format-ignore-file
        extension Relay {
            static let TABLE = Table(
                machine: "Relay",
                states: ["Idle", "Busy", "Done", "Lost"],
                actions: ["Start", "Finish"],
                cells: [
                    [.go(target: "Busy", effects: []), .ignore],
                    [.ignore,                          .handle],
                    [.ignore,                          .ignore],
                    [.ignore,                          .ignore],
                ],
                initial: "Idle"
            )
        }

        """

    /// What `busyFinish` returns is a call tablint does not follow: unknown until a test
    /// fills the graph in as a reader that follows it would.
    static let relayCells = """
        struct FastRelay: RelayCells {
            func busyFinish(_ ctx: Relay.Ctx) -> Step<Relay.S, Relay.F> {
                return next(ctx)
            }
        }

        """

    /// A server with the documents open, in a folder of their own (the current directory).
    struct Session {
        var harness: Harness
        var folder: TemporaryDirectory
        var paths: [String: String]

        func uri(_ name: String) -> String { DocumentURI.uri(of: paths[name]!) }
    }

    func session(_ documents: [(name: String, text: String)]) throws -> Session {
        let folder = try TemporaryDirectory(self)
        let harness = try Harness(directory: folder.path)
        harness.initialize()
        var paths: [String: String] = [:]
        for (name, text) in documents {
            let path = try folder.write(name, Array(text.utf8))
            paths[name] = path
            harness.open(DocumentURI.uri(of: path), text)
        }
        return Session(harness: harness, folder: folder, paths: paths)
    }

    /// The 0-based line and UTF-16 character of `needle`'s `occurrence` in `text`, `shift` into it.
    static func position(of needle: String, in text: String, occurrence: Int = 0, shift: Int = 1) -> (line: Int, character: Int) {
        var seen = 0
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            var searched = line[...]
            while let found = searched.range(of: needle) {
                if seen == occurrence { return (number, line.utf16.distance(from: line.startIndex, to: found.lowerBound) + shift) }
                seen += 1
                searched = line[found.upperBound...]
            }
        }
        XCTFail("\(needle) not found")
        return (-1, -1)
    }

    /// Where `needle` is in `text`, as the implementations' reader records an origin.
    static func origin(of needle: String, in text: String, path: String) -> MachineGraph.Origin {
        let found = text.range(of: needle)!
        let offset = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
        let (line, column) = LineTable(Array(text.utf8)).location(of: offset)
        return MachineGraph.Origin(
            path: path, range: offset..<(offset + needle.utf8.count), start: SourceLocation(offset: offset, line: line, column: column))
    }

    func request(_ session: Session, _ method: String, _ name: String, _ at: (line: Int, character: Int)) -> JSONValue? {
        session.harness.request(method, .object([
            "textDocument": .object(["uri": .string(session.uri(name))]),
            "position": .object(["line": .int(at.line), "character": .int(at.character)]),
        ]))["result"]
    }

    func hover(_ session: Session, _ name: String, _ text: String, _ needle: String, occurrence: Int = 0, shift: Int = 1) -> String? {
        request(session, "textDocument/hover", name, Self.position(of: needle, in: text, occurrence: occurrence, shift: shift))?["contents"]?["value"]?.stringValue
    }

    /// The Door's `(Locked, Unlock)` as the implementations' reader reads `FrontDoor`:
    /// `.go(.closed, effects: [.click])` or `.ignored`. `(Open, Push)` stays unknown.
    func readFrontDoor(_ session: Session) {
        let cellsPath = session.paths["DoorCells.swift"]!
        session.harness.server.machineGraphs = { workspace in
            workspace.machineGraphs().map { graph in
                guard graph.machine == "Door" else { return graph }
                var graph = graph
                graph.cells[2][2].outcomes = [
                    MachineGraph.Outcome(
                        target: 0, effects: ["Click"],
                        origin: Self.origin(of: "return .go(.closed", in: Self.doorCells, path: cellsPath), isDynamic: true),
                    MachineGraph.Outcome(target: 2, origin: Self.origin(of: "return .ignored", in: Self.doorCells, path: cellsPath), isDynamic: true),
                ]
                graph.cells[2][2].unknownReason = nil
                return graph
            }
        }
    }

    // MARK: Hover on a state

    func testHoverOnAStateShowsTheShortestSequenceFromInitial() throws {
        let session = try session([("Door.tb.swift", Self.door), ("DoorCells.swift", Self.doorCells)])
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, "\"Locked\""), """
            `Locked`: reached from `Closed` in 1 action: Lock
              1. Lock: Closed → Locked, emitting Click
            """)
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, "\"Closed\""), "`Closed`: the initial state")
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, "initial: \"Closed\"", shift: 11), "`Closed`: the initial state")
        // A GO's target: the cell, then how its state is reached.
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, "target: \"Open\"", shift: 10), """
            (Closed, Push): GO(Open) — moves to Open
            `Open`: reached from `Closed` in 1 action: Push
              1. Push: Closed → Open
            """)
        // Elsewhere in the GO cell, the cell alone.
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, ".go(target: \"Open\""), "(Closed, Push): GO(Open) — moves to Open")
    }

    /// A state that only a HANDLE reaches: reached through what its implementation returns,
    /// which the step names; unknown until then, and the hover says which cell is unknown.
    func testARouteThroughAHandleAndTheUnknownAndTheUnreachable() throws {
        let session = try session([("Relay.tb.swift", Self.relay), ("RelayCells.swift", Self.relayCells)])
        let unread = try XCTUnwrap(session.harness.server.machineGraphs(session.harness.server.workspace).first { $0.machine == "Relay" })
        let reason = try XCTUnwrap(unread.cells[1][1].unknownReason, "`return next(ctx)` should be a return tablint cannot read")
        XCTAssertEqual(hover(session, "Relay.tb.swift", Self.relay, "\"Done\""), """
            `Done`: no outcome tablint read reaches it from `Idle`, but it may be reached through a cell whose outcome is unknown:
              (Busy, Finish): \(reason)
            """)
        let cellsPath = session.paths["RelayCells.swift"]!
        session.harness.server.machineGraphs = { workspace in
            workspace.machineGraphs().map { graph in
                var graph = graph
                graph.cells[1][1].outcomes = [MachineGraph.Outcome(
                    target: 2, origin: Self.origin(of: "return next(ctx)", in: Self.relayCells, path: cellsPath), isDynamic: true)]
                graph.cells[1][1].unknownReason = nil
                return graph
            }
        }
        XCTAssertEqual(hover(session, "Relay.tb.swift", Self.relay, "\"Done\""), """
            `Done`: reached from `Idle` in 2 actions: Start, Finish
              1. Start: Idle → Busy
              2. Finish: Busy → Done (HANDLE, returned at RelayCells.swift:3:9)
            """)
        XCTAssertEqual(
            hover(session, "Relay.tb.swift", Self.relay, "\"Lost\""),
            "`Lost`: unreachable: no sequence of actions from `Idle` reaches it (every cell of the 3 states reached was read)")
    }

    func testWithoutAnInitialStateNothingIsReached() throws {
        let lamp = try String(contentsOf: Fixtures.url("Export/nil-initial.tb.swift"), encoding: .utf8)
        let session = try session([("Lamp.tb.swift", lamp)])
        XCTAssertEqual(
            hover(session, "Lamp.tb.swift", lamp, "\"On\""),
            "`On`: the matrix names no initial state, so no sequence of actions is known to reach it")
    }

    /// The answer is the workspace's: an edit to the matrix changes it at once.
    func testTheHoverFollowsTheWorkspace() throws {
        let session = try session([("Door.tb.swift", Self.door), ("DoorCells.swift", Self.doorCells)])
        let edited = Self.door.replacingOccurrences(of: ".go(target: \"Locked\", effects: [\"Click\"])", with: ".ignore")
        XCTAssertNotEqual(edited, Self.door)
        session.harness.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(session.uri("Door.tb.swift")), "version": .int(2)]),
            "contentChanges": .array([.object(["text": .string(edited)])]),
        ]))
        let text = hover(session, "Door.tb.swift", edited, "\"Locked\"")
        XCTAssertTrue(text?.hasPrefix("`Locked`: no outcome tablint read reaches it from `Closed`, but it may be reached through a cell whose outcome is unknown:\n  (Open, Push): ") ?? false, text ?? "nil")
        readFrontDoor(session)
        // (Open, Push) is still unknown: no false "unreachable".
        XCTAssertFalse(hover(session, "Door.tb.swift", edited, "\"Locked\"")?.contains("unreachable") ?? true)
    }

    /// An `@Machine` enum and a `.tbl` pin: the state's row label, its declaration and
    /// `initial` are states too; a pin's HANDLE is a cell like any other.
    func testEverySurfaceHoversItsStates() throws {
        let turnstile = try String(contentsOf: Fixtures.url("../../Examples/Correct/Turnstile.swift"), encoding: .utf8)
        let pin = try String(contentsOf: Fixtures.url("../../Examples/Correct/Turnstile.tbl"), encoding: .utf8)
        let session = try session([("Turnstile.swift", turnstile), ("Turnstile.tbl", pin)])
        let unlocked = """
            `unlocked`: reached from `locked` in 1 action: coin
              1. coin: locked → unlocked, emitting click
            """
        XCTAssertEqual(hover(session, "Turnstile.swift", turnstile, "@Row(.unlocked)", shift: 7), unlocked)
        XCTAssertEqual(hover(session, "Turnstile.swift", turnstile, "case locked, unlocked", shift: 14), unlocked)
        XCTAssertEqual(hover(session, "Turnstile.swift", turnstile, ".go(.unlocked", shift: 6)?.components(separatedBy: "\n").dropFirst().joined(separator: "\n"), unlocked)
        XCTAssertEqual(hover(session, "Turnstile.tbl", pin, "Unlocked |", shift: 0), """
            `Unlocked`: reached from `Locked` in 1 action: Coin
              1. Coin: Locked → Unlocked, emitting Click
            """)
        XCTAssertEqual(hover(session, "Turnstile.tbl", pin, "initial Locked", shift: 9), "`Locked`: the initial state")
        XCTAssertTrue(hover(session, "Turnstile.tbl", pin, "HANDLE")?.hasPrefix("(Unlocked, Push): HANDLE — requires unlockedPush(_:)\n") ?? false)
    }

    // MARK: HANDLE cells

    func testHoverOnAHandleCellListsWhatItsImplementationsReturn() throws {
        let session = try session([("Door.tb.swift", Self.door), ("DoorCells.swift", Self.doorCells)])
        let graph = try XCTUnwrap(session.harness.server.machineGraphs(session.harness.server.workspace).first { $0.machine == "Door" })
        let reason = try XCTUnwrap(graph.cells[1][0].unknownReason, "the test expects `openPush`'s helper not to be followed")
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, ".handle", occurrence: 0), """
            (Open, Push): HANDLE — requires openPush(_:)
            What its implementations return is unknown: \(reason)
            """)
        readFrontDoor(session)
        let returned = Self.position(of: "return .go(.closed", in: Self.doorCells, shift: 0)
        let ignored = Self.position(of: "return .ignored", in: Self.doorCells, shift: 0)
        XCTAssertEqual(hover(session, "Door.tb.swift", Self.door, ".handle", occurrence: 1), """
            (Locked, Unlock): HANDLE — requires lockedUnlock(_:)
            Its implementations return:
            - Closed, emitting Click — DoorCells.swift:\(returned.line + 1):\(returned.character + 1)
            - Locked (stays) — DoorCells.swift:\(ignored.line + 1):\(ignored.character + 1)
            """)
    }

    func testDefinitionOnAHandleCellOffersEachReturn() throws {
        let session = try session([("Door.tb.swift", Self.door), ("DoorCells.swift", Self.doorCells)])
        let unlock = Self.position(of: ".handle", in: Self.door, occurrence: 1)
        readFrontDoor(session)
        let found = try XCTUnwrap(request(session, "textDocument/definition", "Door.tb.swift", unlock)?.arrayValue)
        func start(_ location: JSONValue) -> [Int] {
            [location["range"]?["start"]?["line"]?.intValue ?? -1, location["range"]?["start"]?["character"]?.intValue ?? -1]
        }
        let returned = Self.position(of: "return .go(.closed", in: Self.doorCells, shift: 0)
        let ignored = Self.position(of: "return .ignored", in: Self.doorCells, shift: 0)
        XCTAssertEqual(found.map { $0["uri"]?.stringValue }, [session.uri("DoorCells.swift"), session.uri("DoorCells.swift")])
        XCTAssertEqual(found.map(start), [[returned.line, returned.character], [ignored.line, ignored.character]])
        let end = found[0]["range"]?["end"]
        XCTAssertEqual([end?["line"]?.intValue, end?["character"]?.intValue], [returned.line, returned.character + "return .go(.closed".count])
        // The HANDLE whose code was not read offers nothing.
        XCTAssertEqual(request(session, "textDocument/definition", "Door.tb.swift", Self.position(of: ".handle", in: Self.door)), .null)
    }
}
