import XCTest
@testable import TablintKit

/// `tablint lsp` in process: bytes in, frames out.
final class LanguageServerTests: XCTestCase {
    /// A server whose output is collected, and helpers to speak to it.
    final class Harness {
        var output: [UInt8] = []
        private(set) var server: LanguageServer!
        private var nextID = 1

        init(arguments: [String] = [], directory: String = NSTemporaryDirectory(), rules: [Rule] = RuleRegistry.all) throws {
            server = try LanguageServer(arguments: arguments, currentDirectory: directory, rules: rules) { [unowned self] in self.output += $0 }
        }

        static func frame(_ message: JSONValue) -> [UInt8] { FrameReader.frame(message.serialized) }

        func send(_ message: JSONValue) { server.receive(Self.frame(message)) }

        @discardableResult
        func request(_ method: String, _ params: JSONValue = .object([:])) -> JSONValue {
            let id = nextID
            nextID += 1
            send(.object(["jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params]))
            return messages().last { $0["id"]?.intValue == id } ?? .null
        }

        func notify(_ method: String, _ params: JSONValue = .object([:])) {
            send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
        }

        /// Every frame written so far, parsed.
        func messages() -> [JSONValue] {
            var reader = FrameReader()
            return reader.feed(output).compactMap { event in
                if case .body(let body) = event { return try? JSONValue.parse(body) }
                return nil
            }
        }

        func initialize(encodings: [String] = ["utf-8", "utf-16"], options: JSONValue = .null) {
            request("initialize", .object([
                "capabilities": .object(["general": .object(["positionEncodings": .array(encodings.map(JSONValue.string))])]),
                "initializationOptions": options,
            ]))
            notify("initialized")
        }

        func open(_ uri: String, _ text: String, language: String = "swift") {
            notify("textDocument/didOpen", .object(["textDocument": .object([
                "uri": .string(uri), "languageId": .string(language), "version": .int(1), "text": .string(text),
            ])]))
        }

        func diagnostics(_ uri: String) -> [JSONValue]? {
            messages().last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri }?["params"]?["diagnostics"]?.arrayValue
        }
    }

    static let broken = """
        extension Clock {
            static let TABLE = Table(
                machine: "Clock",
                states: ["Idle", "Running"],
                actions: ["Start", "Tick"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.ignore],
                ],
                initial: "Idle"
            )
        }

        """

    func position(_ json: JSONValue?) -> [Int] {
        [json?["line"]?.intValue ?? -1, json?["character"]?.intValue ?? -1]
    }

    // MARK: Framing

    func testAFrameSplitAtEveryByteIsStillOneMessage() {
        let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"text":"é😀"}}"#.utf8)
        var reader = FrameReader()
        var events: [FrameReader.Event] = []
        for byte in FrameReader.frame(body) + FrameReader.frame(body) { events += reader.feed([byte]) }
        XCTAssertEqual(events, [.body(body), .body(body)])
        XCTAssertNil(reader.finish())
    }

    func testAnOversizedFrameIsSkippedWithoutBeingHeld() {
        var reader = FrameReader()
        let length = FrameReader.maximumBodyBytes + 1
        XCTAssertEqual(reader.feed(Array("Content-Length: \(length)\r\n\r\n".utf8)), [.refused(declaredLength: length)])
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var fed = 0
        while fed + chunk.count <= length {
            XCTAssertEqual(reader.feed(chunk), [])
            XCTAssertEqual(reader.bufferedByteCount, 0)
            fed += chunk.count
        }
        let rest = [UInt8](repeating: UInt8(ascii: "x"), count: length - fed)
        let next = Array(#"{"a":1}"#.utf8)
        XCTAssertEqual(reader.feed(rest + FrameReader.frame(next)), [.body(next)])
    }

    func testMalformedHeadersAreDroppedAndReadingGoesOn() {
        var reader = FrameReader()
        let body = Array("{}".utf8)
        let events = reader.feed(Array("Content-Type: x\r\n\r\nno colon here\r\n\r\nContent-Length: -5\r\n\r\n".utf8) + FrameReader.frame(body))
        XCTAssertEqual(events.count, 4)
        XCTAssertEqual(events.last, .body(body))
        XCTAssertEqual(events.filter { if case .malformedHeader = $0 { return true } else { return false } }.count, 3)
        var truncated = FrameReader()
        _ = truncated.feed(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8))
        XCTAssertEqual(truncated.finish(), "the input ended after 4 of the 10 bytes of a frame's body")
    }

    func testJSONValueRefusesDeepNestingAndReadsSurrogatePairs() throws {
        XCTAssertThrowsError(try JSONValue.parse(Array(String(repeating: "[", count: 10_000).utf8)))
        XCTAssertEqual(try JSONValue.parse(Array(#"["\ud83d\ude00\u00e9", 1.5, true, null]"#.utf8)),
                       .array([.string("😀é"), .number(1.5), .bool(true), .null]))
        // A high surrogate without its low half costs only itself, not the escape after it.
        XCTAssertEqual(try JSONValue.parse(Array(#""\ud800\u0041""#.utf8)), .string("\u{FFFD}A"))
        let value = JSONValue.object(["b": .array([.int(1), .string("a\"\n")]), "a": .bool(false)])
        XCTAssertEqual(try JSONValue.parse(value.serialized), value)
        XCTAssertEqual(String(decoding: value.serialized, as: UTF8.self), #"{"a":false,"b":[1,"a\"\n"]}"#)
    }

    // MARK: Positions

    func testPositionsInUTF8AndUTF16() {
        let buffer = TextBuffer(Array("aé😀b\r\nx".utf8))  // a(1) é(2) 😀(4) b(1)
        XCTAssertEqual(buffer.position(of: 7, .utf8), LSPPosition(line: 0, character: 7))
        XCTAssertEqual(buffer.position(of: 7, .utf16), LSPPosition(line: 0, character: 4))
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 0, character: 4), .utf16), 7)
        // Inside the surrogate pair: before the emoji, never inside it.
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 0, character: 3), .utf16), 3)
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 0, character: 5), .utf8), 3)
        // Past the line's end: its end, before the line break; past the last line: the end.
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 0, character: 99), .utf16), 8)
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 1, character: 0), .utf8), 10)
        XCTAssertEqual(buffer.offset(of: LSPPosition(line: 9, character: 0), .utf8), 11)
        XCTAssertEqual(DocumentURI.path(of: "file:///tmp/a%20b/%C3%A9.swift"), "/tmp/a b/é.swift")
        XCTAssertEqual(DocumentURI.uri(of: "/tmp/a b/é.swift"), "file:///tmp/a%20b/%C3%A9.swift")
    }

    func testDiagnosticColumnsAfterAnIncrementalEditWithNonASCIIText() throws {
        for (encoding, expected) in [("utf-8", 12 + 13), ("utf-16", 12 + 10)] {
            let harness = try Harness()
            harness.initialize(encodings: [encoding])
            harness.open("untitled:Clock", Self.broken)
            XCTAssertEqual(position(harness.diagnostics("untitled:Clock")?.first?["range"]?["start"]), [7, 12])
            // "/* é😀 */ " is 13 bytes and 10 UTF-16 units.
            let at = JSONValue.object(["line": .int(7), "character": .int(12)])
            harness.notify("textDocument/didChange", .object([
                "textDocument": .object(["uri": .string("untitled:Clock"), "version": .int(2)]),
                "contentChanges": .array([.object(["range": .object(["start": at, "end": at]), "text": .string("/* é😀 */ ")])]),
            ]))
            let diagnostic = harness.diagnostics("untitled:Clock")?.first
            XCTAssertEqual(diagnostic?["code"]?.stringValue, "tabular-center::row-arity", encoding)
            XCTAssertEqual(position(diagnostic?["range"]?["start"]), [7, expected], encoding)
        }
    }

    // MARK: Lifecycle

    func testLifecycleAndExitStatus() throws {
        let early = try Harness()
        XCTAssertEqual(early.request("textDocument/hover")["error"]?["code"]?.intValue, -32002)
        early.notify("exit")
        XCTAssertEqual(early.server.exitStatus, 1)

        let harness = try Harness()
        harness.initialize()
        XCTAssertEqual(harness.request("initialize")["error"]?["code"]?.intValue, -32600)
        XCTAssertEqual(harness.request("tablint/nothing")["error"]?["code"]?.intValue, -32601)
        XCTAssertEqual(harness.request("shutdown")["result"], .null)
        XCTAssertEqual(harness.request("textDocument/hover")["error"]?["code"]?.intValue, -32600)
        XCTAssertNil(harness.server.exitStatus)
        harness.notify("exit")
        XCTAssertEqual(harness.server.exitStatus, 0)

        let ended = try Harness()
        ended.initialize()
        ended.server.endOfInput()
        XCTAssertEqual(ended.server.exitStatus, 1)
    }

    func testNegotiatesUTF8OnlyWhenOffered() throws {
        let utf8 = try Harness()
        XCTAssertEqual(utf8.request("initialize", .object(["capabilities": .object(["general": .object([
            "positionEncodings": .array([.string("utf-16"), .string("utf-8")])])])]))["result"]?["capabilities"]?["positionEncoding"], .string("utf-8"))
        let utf16 = try Harness()
        XCTAssertEqual(utf16.request("initialize", .object(["capabilities": .object([:])]))["result"]?["capabilities"]?["positionEncoding"], .string("utf-16"))
    }

    func testACancelledRequestIsAnsweredAsCancelled() throws {
        let harness = try Harness()
        harness.initialize()
        harness.open("untitled:Clock", Self.broken)
        let hover = Harness.frame(.object(["jsonrpc": .string("2.0"), "id": .int(70), "method": .string("textDocument/hover"), "params": .object([
            "textDocument": .object(["uri": .string("untitled:Clock")]), "position": .object(["line": .int(6), "character": .int(14)]),
        ])]))
        let cancel = Harness.frame(.object(["jsonrpc": .string("2.0"), "method": .string("$/cancelRequest"), "params": .object(["id": .int(70)])]))
        harness.server.receive(hover + cancel)
        XCTAssertEqual(harness.messages().last { $0["id"]?.intValue == 70 }?["error"]?["code"]?.intValue, -32800)
        // Not cancelled, the same request is answered.
        harness.server.receive(hover)
        XCTAssertEqual(harness.messages().last { $0["id"]?.intValue == 70 }?["result"]?["contents"]?["value"]?.stringValue,
                       "(Idle, Start): GO(Running) — moves to Running")
    }

    func testMalformedBodiesAndWrongTypesGetErrorsAndTheServerGoesOn() throws {
        let harness = try Harness()
        harness.initialize()
        harness.server.receive(FrameReader.frame(Array("{\"id\":".utf8)))
        harness.server.receive(FrameReader.frame(Array("[]".utf8)))  // an empty JSON-RPC batch
        harness.send(.object(["jsonrpc": .string("2.0"), "id": .bool(true), "method": .string("shutdown")]))
        harness.send(.object(["jsonrpc": .string("2.0"), "id": .int(9), "method": .int(3)]))
        let hover = harness.request("textDocument/hover", .object(["textDocument": .string("nope"), "position": .int(1)]))
        harness.notify("textDocument/didOpen", .object(["textDocument": .int(4)]))
        let errors = harness.messages().compactMap { $0["error"]?["code"]?.intValue }
        XCTAssertEqual(errors, [-32700, -32600, -32600, -32600, -32602])
        XCTAssertEqual(hover["error"]?["code"]?.intValue, -32602)
        XCTAssertEqual(harness.request("shutdown")["result"], .null)
    }

    func testCommandLineOptionsOfTheServer() throws {
        XCTAssertTrue(try LanguageServer.parse(["--unsafe-fixes", "--no-config", "--dispatcher", "route"]).unsafeFixes)
        XCTAssertEqual(try LanguageServer.parse(["--dispatcher=route"]).options.extraDispatcherFunctions, ["route"])
        XCTAssertThrowsError(try LanguageServer.parse(["--fix"]))
        XCTAssertThrowsError(try LanguageServer.parse(["Sources"]))
    }

    func testInitializationOptionsConfigureAsTheCommandLineDoes() throws {
        let harness = try Harness(arguments: ["--dispatcher", "route"])
        harness.initialize(options: .object(["dispatcher": .array([.string("shouldTransition")]), "noConfig": .bool(true),
                                             "unsafeFixes": .bool(true), "inlayHints": .bool(false)]))
        harness.open("untitled:Clock", Self.broken)
        let document = try XCTUnwrap(harness.server.openDocument(uri: "untitled:Clock"))
        XCTAssertEqual(harness.server.settings(of: document)?.extraDispatcherFunctions, ["route", "shouldTransition"])
        XCTAssertTrue(harness.server.serverOptions.options.noConfig)
        XCTAssertTrue(harness.server.serverOptions.unsafeFixes)
        let hints = harness.request("textDocument/inlayHint", .object([
            "textDocument": .object(["uri": .string("untitled:Clock")]),
            "range": .object(["start": .object(["line": .int(0), "character": .int(0)]), "end": .object(["line": .int(20), "character": .int(0)])]),
        ]))
        XCTAssertEqual(hints["result"], .array([]))
    }

    /// A matrix file whose rows are not aligned (the safe `alignment` fix).
    static let misaligned = """
        // swift-format-ignore-file
        extension Clock {
            static let TABLE = Table(
                machine: "Clock",
                states: ["Idle", "Running"],
                actions: ["Start", "Tick"],
                cells: [
                    [.go(target: "Running", effects: []), .ignore],
                    [.ignore, .ignore],
                ],
                initial: "Idle"
            )
        }

        """

    /// A dispatcher whose `default:` the unsafe `dispatcher-default` fix spells out.
    static let defaulted = """
        enum Door {
            enum S { case open, shut }
            enum A { case push, pull }
            static func step(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.open, .push): return .shut
                default: return s
                }
            }
        }

        """

    func testUnsafeFixesAreOfferedOnlyWhenAskedForAndSaySo() throws {
        for unsafe in [false, true] {
            let harness = try Harness(arguments: unsafe ? ["--unsafe-fixes"] : [])
            harness.initialize()
            harness.open("untitled:Door.swift", Self.defaulted)
            let document = try XCTUnwrap(harness.server.openDocument(uri: "untitled:Door.swift"))
            let diagnostic = try XCTUnwrap(harness.server.diagnostics(of: document).first { $0.code == "tablint::dispatcher-default" })
            XCTAssertEqual(diagnostic.fix?.applicability, .unsafe)
            let offered = harness.server.fixAction(diagnostic, in: document, all: [diagnostic])
            XCTAssertEqual(offered?["title"]?.stringValue.map { $0.hasPrefix("Fix (unsafe) tablint::dispatcher-default: ") }, unsafe ? true : nil)
            XCTAssertNil(offered?["isPreferred"])
            XCTAssertEqual(offered?["disabled"], nil, "the spelt-out cases pass the proof")
        }
        let harness = try Harness()
        harness.initialize()
        harness.open("untitled:Clock.tb.swift", Self.misaligned)
        let document = try XCTUnwrap(harness.server.openDocument(uri: "untitled:Clock.tb.swift"))
        let alignment = try XCTUnwrap(harness.server.diagnostics(of: document).first { $0.fix?.applicability == .safe })
        let safe = harness.server.fixAction(alignment, in: document, all: [alignment])
        XCTAssertEqual(safe?["title"]?.stringValue.map { $0.hasPrefix("Fix \(alignment.code): ") }, true)
        XCTAssertEqual(safe?["isPreferred"], .bool(true))
    }

    func testFormattingEditsRebuildTheFormattersBytes() {
        let old = Array("a  b\nc d\nx\n".utf8)
        let new = Array("// top\na b\nc d\nx\n".utf8)
        let edits = LanguageServer.lineEdits(from: old, to: new)
        XCTAssertEqual(TextEdit.apply(edits, to: old), new)
        XCTAssertEqual(edits.count, 2)
        XCTAssertEqual(edits[1].range, 2..<3)  // one of the two spaces
        let odd = Array("é é\n".utf8)
        let oddNew = Array("é  é\n".utf8)
        XCTAssertEqual(TextEdit.apply(LanguageServer.lineEdits(from: odd, to: oddNew), to: odd), oddNew)
    }

    // MARK: JSON-RPC ids, batches and untitled names

    func testIntegersAreReadAndWrittenExactlyAndNumbersFollowTheJSONGrammar() throws {
        for text in ["9007199254740993", "9223372036854775807", "-9223372036854775808", "0", "-1", "123456789012345678"] {
            let value = try JSONValue.parse(Array(text.utf8))
            XCTAssertEqual(value, .integer(Int64(text)!), text)
            XCTAssertEqual(String(decoding: value.serialized, as: UTF8.self), text)
        }
        // Not integers as written: Doubles (which an id may not be).
        for text in ["1.0", "1e2", "-0", "9223372036854775808", "0.5E-3"] {
            guard case .number = try JSONValue.parse(Array(text.utf8)) else { return XCTFail(text) }
        }
        for text in ["+1", "01", "1.", ".5", "1e", "-", "1e400", "0x10", "1.5.5"] {
            XCTAssertThrowsError(try JSONValue.parse(Array(text.utf8)), text)
        }
        XCTAssertEqual(JSONValue.integer(9_007_199_254_740_993).intValue, 9_007_199_254_740_993)
        XCTAssertEqual(JSONValue.number(3.0).intValue, 3)
        XCTAssertNil(JSONValue.number(3.5).intValue)
    }

    func testAResponseCarriesTheRequestsIdByteForByte() throws {
        let harness = try Harness()
        harness.initialize()
        for id in ["9007199254740993", "-9223372036854775808", #""é\"x""#] {
            harness.output = []
            harness.server.receive(FrameReader.frame(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"tablint/nothing"}"#.utf8)))
            XCTAssertTrue(String(decoding: harness.output, as: UTF8.self).contains(#""id":\#(id),"#), id)
        }
        harness.output = []
        harness.server.receive(FrameReader.frame(Array(#"{"jsonrpc":"2.0","id":2.5,"method":"tablint/nothing"}"#.utf8)))
        let refused = try XCTUnwrap(harness.messages().last)
        XCTAssertEqual(refused["id"], .null)
        XCTAssertEqual(refused["error"]?["code"]?.intValue, -32600)
    }

    func testABatchIsAnsweredWithOneArrayAndCancellationsInItCount() throws {
        let harness = try Harness()
        harness.initialize()
        harness.output = []
        let request = { (id: Int, method: String) -> JSONValue in
            .object(["jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method)])
        }
        harness.send(.array([
            request(1, "tablint/nothing"),
            .object(["jsonrpc": .string("2.0"), "method": .string("$/cancelRequest"), "params": .object(["id": .int(2)])]),
            request(2, "textDocument/hover"),
            .string("not a message"),
        ]))
        let answers = try XCTUnwrap(harness.messages().last?.arrayValue)
        XCTAssertEqual(answers.map { $0["id"] }, [.int(1), .int(2), .null])
        XCTAssertEqual(answers.map { $0["error"]?["code"]?.intValue }, [-32601, -32800, -32600])
        harness.output = []
        harness.send(.array([.object(["jsonrpc": .string("2.0"), "method": .string("initialized")])]))
        XCTAssertEqual(harness.messages(), [])
        harness.send(.array([request(3, "shutdown"), .object(["jsonrpc": .string("2.0"), "method": .string("exit")]), request(4, "shutdown")]))
        XCTAssertEqual(harness.messages(), [.array([.object(["jsonrpc": .string("2.0"), "id": .int(3), "result": .null])])])
        XCTAssertEqual(harness.server.exitStatus, 0)
    }

    func testAnUntitledNameKeepsALintedExtensionAndOtherwiseTakesItsLanguages() {
        let cases: [(String, String, String)] = [
            ("Untitled-1.tb.swift", "swift", "Untitled-1.tb.swift"),
            ("/x/Foo.tb.swift", "swift", "Foo.tb.swift"),
            ("Foo.tbl", "plaintext", "Foo.tbl"),
            ("Door.tbl", "swift", "Door.tbl"),
            ("My%20Lamp.swift", "swift", "My Lamp.swift"),
            ("a%2Fb.tb.swift", "swift", "b.tb.swift"),
            ("bad%00name%0A.tb.swift", "swift", "bad_name_.tb.swift"),
            ("Untitled-2", "swift", "Untitled-2.swift"),
            ("Untitled-2", "tbl", "Untitled-2.tbl"),
            ("Foo.tb", "swift", "Foo_tb.swift"),
            (".swift", "swift", "_swift.swift"),
            ("..", "swift", "untitled.swift"),
            ("/x/", "tbl", "untitled.tbl"),
            ("notes", "markdown", "notes"),
        ]
        for (name, language, expected) in cases {
            XCTAssertEqual(LanguageServer.untitledName(Substring(name), languageId: language), expected, name)
        }
    }
}
