import XCTest
@testable import TablintKit

/// `tablint lsp` against clients that bend the protocol, and editors' edit sequences.
final class LanguageServerProtocolEdgeTests: XCTestCase {
    typealias Harness = LanguageServerTests.Harness

    func bodies(_ events: [FrameReader.Event]) -> [[UInt8]] {
        events.compactMap { if case .body(let body) = $0 { return body } else { return nil } }
    }

    // MARK: Framing

    /// A client that ends its header lines with `\n` alone is read, not held until the header
    /// cap (it was: every request went unanswered, and the frames after it were lost).
    func testHeaderLinesEndingInLineFeedAloneAreRead() {
        let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"x"}"#.utf8)
        var reader = FrameReader()
        XCTAssertEqual(reader.feed(Array("Content-Length: \(body.count)\n\n".utf8) + body), [.body(body)])
        XCTAssertEqual(reader.feed(Array("Content-Type: application/vscode-jsonrpc\ncontent-length: \(body.count)\r\n\n".utf8) + body), [.body(body)])
        XCTAssertEqual(reader.feed(FrameReader.frame(body)), [.body(body)])
        let typed = "content-length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
        XCTAssertEqual(reader.feed(Array(typed.utf8) + body), [.body(body)])
        XCTAssertNil(reader.finish())
    }

    /// A frame whose `Content-Length` is too short leaves the rest of its body in front of the
    /// next header: that text is dropped (a ParseError), and the next frame is read, as is every
    /// frame after it (they were all lost: each body was read as the next frame's header).
    func testTheFramesAfterAMisframedBodyAreRead() {
        let first = Array(#"{"jsonrpc":"2.0","id":1,"method":"x"}"#.utf8)
        let next = Array(#"{"jsonrpc":"2.0","id":2,"method":"y"}"#.utf8)
        var reader = FrameReader()
        var stream = Array("Content-Length: 10\r\n\r\n".utf8) + first
        stream += FrameReader.frame(next) + FrameReader.frame(next) + FrameReader.frame(next)
        let events = reader.feed(stream)
        XCTAssertEqual(bodies(events), [Array(first.prefix(10)), next, next, next])
        XCTAssertEqual(events.filter { if case .malformedHeader = $0 { return true } else { return false } }.count, 1)
        // A body sent with no header at all costs only itself.
        var headerless = FrameReader()
        XCTAssertEqual(bodies(headerless.feed(first + FrameReader.frame(next) + FrameReader.frame(next))), [next, next])
    }

    func testTheServerAnswersEveryRequestAfterALineFeedFramedOne() throws {
        let harness = try Harness()
        harness.initialize()
        let shutdown = Array(#"{"jsonrpc":"2.0","id":"lf","method":"textDocument/unknown"}"#.utf8)
        harness.server.receive(Array("Content-Length: \(shutdown.count)\n\n".utf8) + shutdown)
        XCTAssertEqual(harness.messages().last?["id"], .string("lf"))
        XCTAssertEqual(harness.request("shutdown")["result"], .null)
        XCTAssertNotNil(harness.messages().last { $0["id"]?.intValue == 2 }?["result"])
    }
}

extension LanguageServerProtocolEdgeTests {
    /// Letters that change length when lower-cased, and a Content-Length in other cases, in
    /// the text in front of a header.
    func testJunkBeforeAHeaderIsReadWithoutUnicodeSurprises() {
        let next = Array(#"{"id":2}"#.utf8)
        for junk in ["İİİİ: x CONTENT-LENGTH: \(next.count)", "\u{301}é😀:Content-length: \(next.count)"] {
            var reader = FrameReader()
            XCTAssertEqual(bodies(reader.feed(Array("\(junk)\r\n\r\n".utf8) + next)), [next], junk)
        }
        // `\r` is not `-`, even folded to lower case.
        var reader = FrameReader()
        let events = reader.feed(Array("a\rb:content\rlength: 3\r\n\r\n".utf8) + FrameReader.frame(next))
        XCTAssertEqual(bodies(events), [next])
    }
}

extension LanguageServerProtocolEdgeTests {
    static let misaligned = """
        // swift-format-ignore-file
        extension Lamp {
            static let TABLE = Table(
                machine: "Lamp",
                states: ["Off", "On"],
                actions: ["Press", "Unplug"],
                cells: [
                    [.go(target: "On", effects: ["Light"]), .ignore],
                    [.go(target: "Off", effects: []), .go(target: "Off", effects: [])],
                ],
                initial: "Off"
            )
        }

        """

    /// The alignment diagnostic is at the matrix's first row; the row it moves is the one the
    /// cursor is on when the user asks for a fix there (it got none).
    func testTheAlignmentFixIsOfferedOnTheRowItMoves() throws {
        let harness = try Harness()
        harness.initialize()
        let uri = "file:///tmp/adv15-lamp/Lamp.tb.swift"
        harness.open(uri, Self.misaligned)
        XCTAssertEqual(harness.diagnostics(uri)?.compactMap { $0["range"]?["start"]?["line"]?.intValue }, [7])
        func titles(line: Int) -> [String] {
            let position = JSONValue.object(["line": .int(line), "character": .int(0)])
            return harness.request("textDocument/codeAction", .object([
                "textDocument": .object(["uri": .string(uri)]),
                "range": .object(["start": position, "end": position]),
                "context": .object(["diagnostics": .array([])]),
            ]))["result"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        }
        XCTAssertTrue(titles(line: 8).contains { $0.hasPrefix("Fix tablint::alignment") }, "\(titles(line: 8))")
        // Suppressing stays on the diagnostic's own line.
        XCTAssertFalse(titles(line: 8).contains { $0.hasPrefix("Suppress") })
        XCTAssertTrue(titles(line: 7).contains { $0.hasPrefix("Suppress tablint::alignment") })
        XCTAssertFalse(titles(line: 11).contains { $0.hasPrefix("Fix tablint::alignment") })
    }
}

extension LanguageServerProtocolEdgeTests {
    /// A `Content-Length` too large for 64 bits is a malformed header like any other: answered
    /// (ParseError) and read past; the frames after it are read (all later input was discarded).
    func testALengthTooLargeFor64BitsIsDroppedAndReadingGoesOn() throws {
        let next = Array(#"{"id":2}"#.utf8)
        var reader = FrameReader()
        let events = reader.feed(Array("Content-Length: 99999999999999999999\r\n\r\n{\"id\":1}".utf8) + FrameReader.frame(next) + FrameReader.frame(next))
        XCTAssertEqual(bodies(events), [next, next])
        XCTAssertTrue(events.contains(.malformedHeader("Content-Length 99999999999999999999 is too large for 64 bits")), "\(events)")
        XCTAssertNil(reader.finish())

        let harness = try Harness()
        harness.initialize()
        harness.server.receive(Array("Content-Length: 18446744073709551616\r\n\r\n".utf8))
        XCTAssertEqual(harness.messages().last?["error"]?["code"]?.intValue, -32700)
        harness.server.receive(FrameReader.frame(Array(#"{"jsonrpc":"2.0","id":"after","method":"shutdown"}"#.utf8)))
        XCTAssertEqual(harness.messages().last?["id"], .string("after"))
    }

    /// A refused length that no client will ever send (it fits in 64 bits) does not swallow the
    /// input for good either: a JSON body holds no line that starts `Content-Length:`, so one
    /// seen while skipping starts the next frame, even when it arrives cut in pieces.
    func testASkippedBodyEndsAtTheNextHeader() {
        let next = Array(#"{"id":2}"#.utf8)
        for length in [Int.max, FrameReader.maximumBodyBytes + 1] {
            var whole = FrameReader()
            let stream = Array("Content-Length: \(length)\r\n\r\n{\"id\":1}\r\n".utf8) + FrameReader.frame(next) + FrameReader.frame(next)
            XCTAssertEqual(bodies(whole.feed(stream)), [next, next])
            XCTAssertNil(whole.finish())
            var bytewise = FrameReader()
            var events: [FrameReader.Event] = []
            for byte in stream { events += bytewise.feed([byte]) }
            XCTAssertEqual(events.first, .refused(declaredLength: length))
            XCTAssertEqual(bodies(events), [next, next])
        }
    }
}
