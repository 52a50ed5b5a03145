import Foundation
import XCTest
@testable import TablintKit

/// A removal or rename fix refuses, naming the place, while any Swift file of the run still
/// names what it would take away, also a file with no machine surface (a view model, a test);
/// such a file is looked at again only when the index kept from its first reading says it may,
/// and the language server, through the same workspace, says the same.
final class ReferenceSearchTests: XCTestCase {
    /// `if state == .paused` in a file that holds nothing for the machine.
    static let viewModel = """
        final class ViewModel {
            var state = Alarm.S.armed
            var isResting: Bool {
                if state == .paused { return true }
                return false
            }
        }

        """

    /// Names `paused` only in a comment and a string, and other members after a `.`.
    static let unrelated = """
        // Once `.paused` was a state here.
        let label = "paused"
        let count = [1, 2].count

        """

    /// The run over `files` as the command line reads them, and how often each was read.
    func lint(_ files: [String: String]) -> (diagnostics: [Diagnostic], reads: [String: Int]) {
        var reads: [String: Int] = [:]
        let lock = NSLock()
        let outcome = TestRun.lintFiles(files.keys.sorted(), jobs: 2, read: { path in
            lock.lock()
            reads[path, default: 0] += 1
            lock.unlock()
            return .success(Array(files[path]!.utf8))
        })
        return (outcome.diagnostics, reads)
    }

    func testAReferenceInAFileWithNoMachineSurfaceRefusesTheRemoval() throws {
        let files = ["Alarm.swift": RemovalSyncFixTests.alarm(), "ViewModel.swift": Self.viewModel, "Unrelated.swift": Self.unrelated]
        let (found, reads) = lint(files)
        let removal = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("declares `paused`") })
        XCTAssertTrue(removal.message.contains("no fix removes `paused`: `paused` is referred to at ViewModel.swift:4:22"), removal.message)
        XCTAssertNil(removal.fix)
        XCTAssertFalse(found.contains { $0.fix?.applicability == .unsafe && $0.message.contains("removes") }, "\(found.map(\.message))")
        // The file that names it is looked at again. So is the one that writes `.paused` in a
        // comment (the index is made from bytes, to cost a tree with no machine nothing), and its
        // tokens clear it: it refers to nothing.
        XCTAssertEqual(reads["ViewModel.swift"], 2)
        XCTAssertEqual(reads["Unrelated.swift"], 2)
        XCTAssertEqual(reads["Alarm.swift"], 1)
        let outcome = RemovalSyncFixTests.run(files)
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "Alarm.swift").contains("enum S { case armed, ringing, paused }"))
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "Alarm.swift").contains("case (.paused, .snooze)"))
        // Without the reference, the same run removes it (the comment and the string are none).
        let free = RemovalSyncFixTests.run(["Alarm.swift": RemovalSyncFixTests.alarm(), "Unrelated.swift": Self.unrelated])
        XCTAssertEqual(RemovalSyncFixTests.text(free, "Alarm.swift"), RemovalSyncFixTests.removed)
    }

    func testAQualifiedReferenceOrACallOfAGeneratedMemberElsewhereRefusesIt() throws {
        for (elsewhere, name) in [
            ("func resting() -> Alarm.S { Alarm.S.paused }\n", "paused"),
            // A member of the removed state's cell, called on an implementation.
            ("func snooze(_ live: Live, _ ctx: Alarm.Ctx) { _ = live.pausedSnooze(ctx) }\n", "pausedSnooze"),
        ] {
            let files = ["Alarm.swift": RemovalSyncFixTests.alarm(), "Elsewhere.swift": elsewhere]
            let (found, _) = lint(files)
            let messages = found.map(\.message)
            XCTAssertTrue(messages.contains { $0.contains("`\(name)` is referred to at Elsewhere.swift:1:") || $0.contains("it is referred to at Elsewhere.swift:1:") }, "\(messages)")
            let after = RemovalSyncFixTests.text(RemovalSyncFixTests.run(files), "Alarm.swift")
            XCTAssertTrue(after.contains(name == "paused" ? "case armed, ringing, paused }" : "func pausedSnooze("), after)
        }
    }

    func testAReferenceElsewhereRefusesARename() throws {
        let before = RenameSyncFixTests.alarm(), live = RenameSyncFixTests.live("paused")
        let files = ["Alarm.swift": before, "Live.swift": live, "ViewModel.swift": Self.viewModel]
        let (found, _) = lint(files)
        let rename = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("state `Holding`") })
        XCTAssertTrue(rename.message.contains("no fix renames `paused` to `holding`: `paused` is referred to at ViewModel.swift:4:22"), rename.message)
        let outcome = RemovalSyncFixTests.run(files)
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "Alarm.swift").contains("func pausedSnooze("))
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Live.swift"), live)
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "ViewModel.swift"), Self.viewModel)
    }

    /// A workspace kept across edits (as the language server keeps it): a reference written
    /// later, in a file with no machine surface, refuses the removal from then on, and taking it
    /// out offers the removal again.
    func testAReferenceWrittenLaterInAKeptWorkspaceIsFound() throws {
        var workspace = Workspace()
        let model = { (text: String) in Engine.Document(path: "ViewModel.swift", bytes: Array(text.utf8)) }
        let calm = Self.viewModel.replacingOccurrences(of: "state == .paused", with: "state == .ringing")
        workspace.update([Engine.Document(path: "Alarm.swift", bytes: Array(RemovalSyncFixTests.alarm().utf8)), model(calm)])
        func removal() -> String? {
            workspace.diagnostics(for: "Alarm.swift").first { $0.code == EnumDrift().code && $0.message.contains("declares `paused`") }?.message
        }
        XCTAssertTrue(try XCTUnwrap(removal()).contains("the fix removes `case paused`"))
        workspace.update([model(Self.viewModel)])
        XCTAssertTrue(try XCTUnwrap(removal()).contains("`paused` is referred to at ViewModel.swift:4:22"))
        workspace.update([model(calm)])
        XCTAssertTrue(try XCTUnwrap(removal()).contains("the fix removes `case paused`"))
    }

    /// Black-box pass 3, play/4 and play/51: a case named bare in an extension of its enum
    /// (`[push, lock]`) is a reference a rename would leave dangling, and a member declared there
    /// (`static var shove`) one the renamed case would redeclare; a case's own declaration, in a
    /// list after a payload, is neither a reference nor another type's member.
    func testNamesInAnEnumsBodyAndExtensionsAreRecordedWithTheirType() {
        let text = """
            enum A { case lock, boil(since: Int), push }
            extension App.Door.A: Codable {
                static var all: [App.Door.A] { [push, lock] }
                static var shove: Int { 1 }
            }
            extension Other { static let push = 2 }

            """
        let bytes = Array(text.utf8)
        let references = MemberReferences(pieces: Tokenizer.tokenize(bytes), bytes: bytes)
        let file = SourceFile(path: "Extra.swift", bytes: bytes)
        XCTAssertEqual(references.offsets(of: "push", inBodiesOf: "A").map { file.location(of: $0).line }, [3])
        XCTAssertEqual(references.offsets(of: "push"), [], "without the type, only `.name` and calls")
        XCTAssertEqual(references.membersNamed("shove", inBodiesOf: "A").map { file.location(of: $0).line }, [4])
        XCTAssertEqual(references.membersNamed("shove", inBodiesOf: "Other"), [])
        XCTAssertEqual(references.offsets(of: "boil", inBodiesOf: "A"), [])
        // A condition after `if case … =` is no case list: its call is a reference.
        let condition = Array("func f(_ s: A) { if case .lock = s, isReady(s) {} }\n".utf8)
        XCTAssertEqual(MemberReferences(pieces: Tokenizer.tokenize(condition), bytes: condition).offsets(of: "isReady").count, 1)
        // A stray `)` leaves no case list open at its depth: the call after a comma is a call.
        let stray = Array("let x = f(a)), isReady(s)\n".utf8)
        XCTAssertEqual(MemberReferences(pieces: Tokenizer.tokenize(stray), bytes: stray).offsets(of: "isReady").count, 1)
        // In a case list, a payload case after a comma is declared, not called.
        let list = Array("enum A { case push, boil(since: Int) }\nlet y = boil(1)\n".utf8)
        XCTAssertEqual(MemberReferences(pieces: Tokenizer.tokenize(list), bytes: list).offsets(of: "boil").count, 1)
        // Another extended type at the same offsets is another index: the workspace checks again.
        let other = Array(text.replacingOccurrences(of: "App.Door.A: Codable", with: "App.Door.B: Codable").utf8)
        XCTAssertNotEqual(MemberReferences(pieces: Tokenizer.tokenize(other), bytes: other), references)
        XCTAssertEqual(MemberReferences(pieces: Tokenizer.tokenize(bytes), bytes: bytes), references)
    }

    /// Every word, also one written bare (a case is named bare in its enum's extensions).
    func testTheIndexHoldsEveryWordOfTheBytes() {
        let index = MemberNameIndex(bytes: Array(Self.unrelated.utf8))
        XCTAssertTrue(index.contains(MemberNameIndex.hash("count")))
        XCTAssertTrue(index.contains(MemberNameIndex.hash("paused")), "a comment's `.paused` too: the index is of bytes")
        XCTAssertTrue(index.contains(MemberNameIndex.hash("label")), "a bare name")
        XCTAssertFalse(index.contains(MemberNameIndex.hash("ringing")))
        XCTAssertFalse(index.contains(MemberNameIndex.hash("pause")), "a word's prefix is no word")
        XCTAssertFalse(index.contains(MemberNameIndex.hash("1")), "a number is no name")
        let ticked = MemberNameIndex(bytes: Array("let s = Alarm.S.`default`\nlet t = Alarm.S\n    .\n  armed".utf8))
        XCTAssertTrue(ticked.contains(MemberNameIndex.hash("default")))
        XCTAssertTrue(ticked.contains(MemberNameIndex.hash("armed")), "a line break after the period")
        XCTAssertTrue(MemberNameIndex(bytes: []).isEmpty)
        XCTAssertTrue(MemberNameIndex(bytes: Array("1.5 + 2 // 3".utf8)).isEmpty, "numbers are no names")
        XCTAssertTrue(Array("abcabd".utf8).containsSubsequence(Array("abd".utf8)))
        XCTAssertFalse(Array("abcab".utf8).containsSubsequence(Array("abd".utf8)))
    }

    /// The language server, indexing the same files and then editing the view model, says what
    /// the command line says at each step.
    func testTheLanguageServerRefusesTheSameAndFollowsAnEdit() throws {
        let root = NSTemporaryDirectory() + "reference-search-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try RemovalSyncFixTests.alarm().write(toFile: root + "/Alarm.swift", atomically: true, encoding: .utf8)
        try Self.viewModel.write(toFile: root + "/ViewModel.swift", atomically: true, encoding: .utf8)
        let harness = try LanguageServerTests.Harness(directory: root)
        harness.request("initialize", .object([
            "capabilities": .object(["general": .object(["positionEncodings": .array([.string("utf-8")])])]),
            "rootUri": .string(DocumentURI.uri(of: root)),
        ]))
        harness.notify("initialized")
        let alarm = DocumentURI.uri(of: root + "/Alarm.swift"), model = DocumentURI.uri(of: root + "/ViewModel.swift")
        harness.open(alarm, RemovalSyncFixTests.alarm())
        func removalMessage() -> String? {
            harness.diagnostics(alarm)?.compactMap { $0["message"]?.stringValue }.first { $0.contains("declares `paused`") }
        }
        let refused = try XCTUnwrap(removalMessage())
        XCTAssertTrue(refused.contains("no fix removes `paused`: `paused` is referred to at ") && refused.contains("ViewModel.swift:4:22"), refused)
        // The view model no longer names it: the removal is offered again.
        harness.open(model, Self.viewModel.replacingOccurrences(of: "state == .paused", with: "state == .ringing"))
        let offered = try XCTUnwrap(removalMessage())
        XCTAssertTrue(offered.contains("the fix removes `case paused`"), offered)
    }
}

/// A file with no machine surface that `--fix` rewrites itself (a `*.tb.swift` file given its
/// formatter directive) keeps its references through the passes.
final class ReferenceSearchThroughFixTests: XCTestCase {
    func testAFileBeingFixedKeepsRefusingTheRemoval() throws {
        let files = ["Alarm.swift": RemovalSyncFixTests.alarm(), "Resting.tb.swift": ReferenceSearchTests.viewModel]
        let outcome = RemovalSyncFixTests.run(files)
        let resting = try XCTUnwrap(outcome.files.first { $0.path == "Resting.tb.swift" })
        XCTAssertNotNil(resting.fixed, "the directive is inserted")
        XCTAssertTrue(RemovalSyncFixTests.text(outcome, "Alarm.swift").contains("enum S { case armed, ringing, paused }"))
        let removal = try XCTUnwrap(outcome.files.flatMap(\.diagnostics).first { $0.code == EnumDrift().code && $0.message.contains("declares `paused`") })
        XCTAssertTrue(removal.message.contains("`paused` is referred to at Resting.tb.swift:"), removal.message)
    }
}
