import Foundation
import XCTest
@testable import TablintKit

/// The editor's edits are the command line's: formatting, range formatting and quick fixes come
/// from the engine over the workspace and pass the same proof; configuration files are watched;
/// a change is applied whole or not at all.
final class ServerEditsTests: XCTestCase {
    typealias Harness = LanguageServerTests.Harness

    private var root = ""

    override func setUpWithError() throws {
        root = DocumentIdentity.of(NSTemporaryDirectory()) + "/tablint-edits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func start(_ arguments: [String] = [], rules: [Rule] = RuleRegistry.all, watching: Bool = false) throws -> Harness {
        let harness = try Harness(arguments: arguments, directory: root, rules: rules)
        var capabilities: [String: JSONValue] = ["general": .object(["positionEncodings": .array([.string("utf-8")])])]
        if watching {
            capabilities["workspace"] = .object(["didChangeWatchedFiles": .object(["dynamicRegistration": .bool(true)])])
        }
        harness.request("initialize", .object(["capabilities": .object(capabilities), "rootUri": .string(DocumentURI.uri(of: root))]))
        harness.notify("initialized")
        return harness
    }

    private func uri(_ name: String) -> String { DocumentURI.uri(of: root + "/" + name) }

    private func range(_ startLine: Int, _ endLine: Int) -> JSONValue {
        .object([
            "start": .object(["line": .int(startLine), "character": .int(0)]),
            "end": .object(["line": .int(endLine), "character": .int(0)]),
        ])
    }

    private func apply(_ edits: [JSONValue], to text: String) throws -> String {
        let buffer = TextBuffer(Array(text.utf8))
        let byteEdits = try edits.map { edit -> TextEdit in
            let range = try XCTUnwrap(edit["range"])
            let start = try XCTUnwrap(LSPPosition(range["start"]))
            let end = try XCTUnwrap(LSPPosition(range["end"]))
            return TextEdit(
                range: buffer.offset(of: start, .utf8)..<buffer.offset(of: end, .utf8),
                replacement: Array((edit["newText"]?.stringValue ?? "").utf8))
        }
        return String(decoding: TextEdit.apply(byteEdits, to: Array(text.utf8)), as: UTF8.self)
    }

    // MARK: Range formatting

    /// Names the reader cannot read (computed) over cells it can align.
    static let computed = """
        // swift-format-ignore-file
        enum Lamp {
            enum S: String, CaseIterable { case Off, On }
            enum A: String, CaseIterable { case Toggle, Break }
            static let TABLE = Table(
                machine: "Lamp",
                states: S.allCases.map(\\.rawValue),
                actions: A.allCases.map(\\.rawValue),
                cells: [
                    [.go(target: "On", effects: []), .ignore],
                    [.go(target: "Off", effects: []),  .unreachable],
                ],
                initial: "Off"
            )
        }

        let after = 1

        """

    func testRangeFormattingAlignsAComputedNamesTableTheRangeTouches() throws {
        let harness = try start()
        harness.open(uri("Lamp.tb.swift"), Self.computed)
        let document = ["uri": JSONValue.string(uri("Lamp.tb.swift"))]
        let whole = harness.request("textDocument/formatting", .object(["textDocument": .object(document), "options": .object([:])]))
        let wholeEdits = try XCTUnwrap(whole["result"]?.arrayValue)
        XCTAssertFalse(wholeEdits.isEmpty, "full formatting aligns the cells")
        let onCells = harness.request("textDocument/rangeFormatting", .object([
            "textDocument": .object(document), "range": range(9, 10), "options": .object([:]),
        ]))
        XCTAssertEqual(try apply(onCells["result"]?.arrayValue ?? [], to: Self.computed), try apply(wholeEdits, to: Self.computed))
        let onLiteralHead = harness.request("textDocument/rangeFormatting", .object([
            "textDocument": .object(document), "range": range(6, 7), "options": .object([:]),
        ]))
        XCTAssertFalse(onLiteralHead["result"]?.arrayValue?.isEmpty ?? true, "a range on the literal's first lines touches the matrix")
        let elsewhere = harness.request("textDocument/rangeFormatting", .object([
            "textDocument": .object(document), "range": range(17, 18), "options": .object([:]),
        ]))
        XCTAssertEqual(elsewhere["result"], .array([]), "a range below the matrix touches nothing")
    }

    // MARK: Configuration

    func testAnExplicitConfigurationFileIsWatchedAndReloaded() throws {
        let config = root + "/lint.conf"
        try "--disable dead-column\n".write(toFile: config, atomically: true, encoding: .utf8)
        let harness = try start(["--config", config], watching: true)
        let registration = harness.messages().first { $0["method"]?.stringValue == "client/registerCapability" }
        let patterns = registration?["params"]?["registrations"]?.arrayValue?.first?["registerOptions"]?["watchers"]?.arrayValue?
            .compactMap { $0["globPattern"]?.stringValue } ?? []
        XCTAssertTrue(patterns.contains(DocumentIdentity.of(config)), "the --config file is watched: \(patterns)")
        let text = """
            // swift-format-ignore-file
            let T = Table(
                machine: "T",
                states: ["A", "B"],
                actions: ["x", "y"],
                cells: [
                    [.go(target: "B", effects: []), .ignore],
                    [.go(target: "A", effects: []), .ignore],
                ],
                initial: "A"
            )

            """
        harness.open(uri("T.tb.swift"), text)
        XCTAssertFalse(harness.diagnostics(uri("T.tb.swift"))?.contains { $0["code"]?.stringValue == "tabular-center::dead-column" } ?? true)
        try "--severity dead-column=error\n".write(toFile: config, atomically: true, encoding: .utf8)
        harness.notify("workspace/didChangeWatchedFiles", .object(["changes": .array([
            .object(["uri": .string(DocumentURI.uri(of: config)), "type": .int(2)]),
        ])]))
        let deadColumn = harness.diagnostics(uri("T.tb.swift"))?.first { $0["code"]?.stringValue == "tabular-center::dead-column" }
        XCTAssertEqual(deadColumn?["severity"], .int(1), "the reloaded configuration applies")
    }

    // MARK: Line endings

    func testASuppressionInACarriageReturnFileEndsItsLineWithACarriageReturn() throws {
        let harness = try start()
        let text = "// swift-format-ignore-file\rlet T = Table(\r    machine: \"T\",\r    states: [\"A\"],\r    actions: [\"x\"],\r    cells: [\r        [.go(target: \"Nowhere\", effects: [])],\r    ],\r    initial: \"A\"\r)\r"
        harness.open(uri("T.tb.swift"), text)
        let unknown = try XCTUnwrap(harness.diagnostics(uri("T.tb.swift"))?.first { $0["code"]?.stringValue == "tabular-center::unknown-state" })
        let actions = harness.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri("T.tb.swift"))]),
            "range": try XCTUnwrap(unknown["range"]), "context": .object(["diagnostics": .array([unknown])]),
        ]))
        let suppress = try XCTUnwrap(actions["result"]?.arrayValue?.first { $0["title"]?.stringValue?.hasPrefix("Suppress") ?? false })
        let edits = try XCTUnwrap(suppress["edit"]?["changes"]?[uri("T.tb.swift")]?.arrayValue)
        let inserted = edits.compactMap { $0["newText"]?.stringValue }.joined()
        XCTAssertFalse(inserted.contains("\n"), "no LF in a CR file: \(inserted.debugDescription)")
        XCTAssertTrue(inserted.hasSuffix("\r") || !inserted.contains("disable:next"), inserted.debugDescription)
    }

    // MARK: Changes

    func testAMalformedChangeAppliesNoneOfItsDidChange() throws {
        let harness = try start()
        harness.open(uri("A.tbl"), "machine A\n")
        harness.notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri("A.tbl")), "version": .int(2)]),
            "contentChanges": .array([
                .object(["text": .string("machine B\n")]),
                .object(["range": .string("not a range"), "text": .string("x")]),
            ]),
        ]))
        let document = try XCTUnwrap(harness.server.openDocument(uri: uri("A.tbl")))
        XCTAssertEqual(String(decoding: document.text.bytes, as: UTF8.self), "machine A\n")
        XCTAssertEqual(document.version, 1)
    }

    // MARK: Quick fixes and the proof

    /// An unsafe fix that opens a string it never closes: the engine's proof refuses it.
    private struct Unterminating: Rule {
        let code = "test::unterminating"
        let defaultSeverity = Severity.error
        let summary = "test"
        func check(_ context: LintContext) -> [Diagnostic] {
            let bytes = context.file.bytes
            guard let offset = bytes.indices.first(where: { Array(bytes[$0...].prefix(5)) == Array("let a".utf8) }) else { return [] }
            var found = diagnostic(context, at: offset..<(offset + 5), "a test finding")
            found.fix = Diagnostic.Fix(edits: [TextEdit(range: offset..<offset, replacement: Array("\"".utf8))], applicability: .unsafe)
            return [found]
        }
    }

    func testAnUnsafeQuickFixIsRefusedExactlyWhenTheCommandLineRefusesIt() throws {
        let text = "let a = 1\n"
        let cli = Engine.run([Engine.Document(path: root + "/A.swift", bytes: Array(text.utf8))], mode: .fix, unsafeFixes: true, rules: [Unterminating()])
        let refusal = try XCTUnwrap(cli.files.first?.failure, "the command line refuses it")
        XCTAssertNil(cli.files.first?.fixed)
        let harness = try start(["--unsafe-fixes"], rules: [Unterminating()])
        harness.open(uri("A.swift"), text)
        let actions = harness.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri("A.swift"))]), "range": range(0, 0),
            "context": .object(["diagnostics": .array([])]),
        ]))
        let fix = try XCTUnwrap(actions["result"]?.arrayValue?.first { $0["title"]?.stringValue?.hasPrefix("Fix (unsafe)") ?? false })
        XCTAssertEqual(fix["disabled"]?["reason"]?.stringValue, refusal)
        XCTAssertNil(fix["edit"])
    }

    func testTheDispatcherDefaultQuickFixSpellsEnumsFromAnUnopenedFile() throws {
        try """
            enum S { case open, shut }
            enum A { case push, pull }

            """.write(toFile: root + "/Enums.swift", atomically: true, encoding: .utf8)
        let step = """
            func step(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.open, .push): return .shut
                default: return s
                }
            }

            """
        let harness = try start(["--unsafe-fixes"])
        harness.open(uri("Step.swift"), step)
        let found = try XCTUnwrap(harness.diagnostics(uri("Step.swift"))?.first { $0["code"]?.stringValue == "tablint::dispatcher-default" })
        let actions = harness.request("textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri("Step.swift"))]), "range": try XCTUnwrap(found["range"]),
            "context": .object(["diagnostics": .array([found])]),
        ]))
        let fix = try XCTUnwrap(actions["result"]?.arrayValue?.first { $0["title"]?.stringValue?.hasPrefix("Fix (unsafe) tablint::dispatcher-default") ?? false })
        let fixed = try apply(try XCTUnwrap(fix["edit"]?["changes"]?[uri("Step.swift")]?.arrayValue), to: step)
        XCTAssertTrue(fixed.contains("(.open, .pull)") && fixed.contains("(.shut, .push)") && !fixed.contains("default:"), fixed)
    }
}

/// Request ids come back as the client sent them, or are refused.
final class ServerRequestIDTests: XCTestCase {
    func testAStringIDWithALoneSurrogateIsRefusedNotChanged() throws {
        let harness = try LanguageServerTests.Harness()
        harness.initialize()
        let body = Array(#"{"jsonrpc":"2.0","id":"a\uD800b","method":"shutdown"}"#.utf8)
        harness.server.receive(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        let answer = try XCTUnwrap(harness.messages().last { $0["error"] != nil || $0["result"] != nil })
        XCTAssertEqual(answer["id"], .null, "never an id the client did not send")
        XCTAssertEqual(answer["error"]?["code"], .int(-32600))
        XCTAssertTrue(answer["error"]?["message"]?.stringValue?.contains("lone surrogate") ?? false)
        // A whole character (a surrogate pair) comes back as sent.
        let paired = Array(#"{"jsonrpc":"2.0","id":"a\uD83D\uDE00b","method":"shutdown"}"#.utf8)
        harness.server.receive(Array("Content-Length: \(paired.count)\r\n\r\n".utf8) + paired)
        XCTAssertEqual(harness.messages().last?["id"], .string("a\u{1F600}b"))
    }
}
