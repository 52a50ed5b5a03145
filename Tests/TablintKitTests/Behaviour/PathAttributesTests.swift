import Foundation
import XCTest
@testable import TablintKit

/// `tablint paths --format swift` for an `@Machine` enum: `@Path` attributes that the library
/// (and tablint's own `path-*` rules) accept once written beside `@Machine`.
final class PathAttributesTests: XCTestCase {
    static let turnstile = """
        @Machine
        enum Turnstile {
            enum S { case locked, unlocked, broken }
            enum A { case coin, push, kick }
            enum F { case click }
            final class Ctx { var admitted = 0 }
            static let initial = S.locked
            //                                coin                       push              kick
            @Row(.locked)   static let l = [ .go(.unlocked, [.click]),  .emit([.click]),  .go(.broken) ]
            @Row(.unlocked) static let u = [ .ignore,                   .go(.locked),     .ignore      ]
            @Row(.broken)   static let b = [ .ignore,                   .ignore,          .ignore      ]
        }

        """

    func attributes(_ source: String) throws -> String {
        let graph = try XCTUnwrap(PathsTests.graphs(source, path: "Turnstile.swift").first)
        return PathsFormat.pathAttributes(PathsFormat.Machine(graph: graph))
    }

    func testEachPathEndsWhereTheMachineIsDoneAndLeavesEmitStepsOut() throws {
        XCTAssertEqual(try attributes(Self.turnstile), """
            // @Path attributes for `Turnstile` (Turnstile.swift), from `tablint paths`: write them beside `@Machine`.
            @Path("reach-unlocked", [.locked, .coin, .unlocked, .push, .locked, .kick, .broken])
            @Path("reach-broken", [.locked, .kick, .broken])
            // cover-1: the same walk as reach-unlocked

            """)
    }

    /// Written beside `@Machine`, the attributes draw no `path-*` diagnostic.
    func testTheLibrarysPathRulesAcceptThem() throws {
        let written = try attributes(Self.turnstile).split(separator: "\n").filter { $0.hasPrefix("@Path") }
            .map { String($0.prefix { $0 != "/" }).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(written.count, 2)
        let source = Self.turnstile.replacingOccurrences(of: "@Machine\n", with: "@Machine\n" + written.joined(separator: "\n") + "\n")
        let found = TestRun.lint(SourceFile(path: "Turnstile.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.filter { $0.code.contains("path") }.map(\.message), [], source)
        // The attributes were read: a broken one is reported.
        let broken = source.replacingOccurrences(of: "[.locked, .kick, .broken]", with: "[.locked, .kick, .unlocked]")
        let reported = TestRun.lint(SourceFile(path: "Turnstile.swift", bytes: Array(broken.utf8)))
        XCTAssertFalse(reported.filter { $0.code.contains("path") }.isEmpty, broken)
    }

    /// With no state that cannot be left, no path can end: each is written commented out,
    /// saying where it ends (written, it would be the library's `path-unterminated`).
    func testAPathThatCannotEndIsNotWritten() throws {
        let cycling = Self.turnstile.replacingOccurrences(of: "[ .ignore,                   .ignore,          .ignore      ]",
                                                          with: "[ .ignore,                   .go(.locked),     .ignore      ]")
        XCTAssertNotEqual(cycling, Self.turnstile)
        let text = try attributes(cycling)
        XCTAssertTrue(text.contains("// @Path(\"reach-broken\", [.locked, .kick, .broken])  // not written: it ends at `broken`, which can still be left, and no state that cannot be left is reached from there (the library's path-unterminated)\n"), text)
        XCTAssertFalse(text.contains("\n@Path"), text)
    }

    /// A vault whose HANDLE cells the library would change through a path: `(open, push)` has
    /// one outcome (a path makes it a GO to it: written, and said), `(locked, unlock)` two
    /// (a GO to one drops the other), `(init, start)` goes to a state with a payload (a GO to
    /// it is the library's `go-target`). Cases named by keywords are written in backticks.
    static let vault = """
        @Machine
        enum Vault {
            enum S { case `init`, open, locked, running(since: Int), done }
            enum A { case `self`, push, lock, unlock, start, finish, `Type` }
            enum F { case creak }
            final class Ctx { var ok = true }
            static let initial = S.`init`
            //                                self         push      lock          unlock   start    finish      Type
            @Row(.`init`)   static let i = [ .go(.open),  .ignore,  .go(.locked), .ignore, .handle, .ignore,    .ignore ]
            @Row(.open)     static let o = [ .ignore,     .handle,  .ignore,      .ignore, .ignore, .ignore,    .emit([.creak]) ]
            @Row(.locked)   static let l = [ .ignore,     .ignore,  .ignore,      .handle, .ignore, .go(.done), .ignore ]
            @Row(.running)  static let r = [ .ignore,     .ignore,  .ignore,      .ignore, .ignore, .go(.done), .ignore ]
            @Row(.done)     static let d = [ .ignore,     .ignore,  .ignore,      .ignore, .ignore, .ignore,    .ignore ]
            func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
        }

        struct LiveVault: Vault.Cells {
            func openPush(_ ctx: Vault.Ctx) -> Step<Vault.S, Vault.F> { .go(.`init`) }
            func lockedUnlock(_ ctx: Vault.Ctx) -> Step<Vault.S, Vault.F> { ctx.ok ? .go(.`init`) : .stay(effects: []) }
            func initStart(_ ctx: Vault.Ctx) -> Step<Vault.S, Vault.F> { .go(.running(since: 0)) }
        }

        """

    /// `tablint paths --format swift` on `source`, as `Vault.swift` in a folder of its own.
    func generatedAttributes(_ source: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-path-attributes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("Vault.swift"), atomically: true, encoding: .utf8)
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", folder.path], stdout: &output, stderr: &errors), 0, errors)
        return output.replacingOccurrences(of: folder.path + "/", with: "")
    }

    /// Every attribute written, pasted beside `@Machine`, lints without an error or a `path-*`
    /// warning; the paths that would not are written commented out, saying why, and pasted
    /// one by one they would.
    func testOnlyPathsTheLibraryAcceptsAreWritten() throws {
        let text = try generatedAttributes(Self.vault)
        let lines = text.split(separator: "\n").map(String.init)
        let written = lines.filter { $0.hasPrefix("@Path(") }.map { String($0[..<($0.range(of: "  //")?.lowerBound ?? $0.endIndex)]) }
        XCTAssertFalse(written.isEmpty, text)
        let pasted = Self.vault.replacingOccurrences(of: "@Machine\n", with: "@Machine\n" + written.joined(separator: "\n") + "\n")
        let found = TestRun.lint(SourceFile(path: "Vault.swift", bytes: Array(pasted.utf8)))
        XCTAssertEqual(found.filter { $0.severity == .error || $0.code.contains("path") }.map(\.message), [], pasted)

        XCTAssertTrue(lines.contains("@Path(\"reach-open\", [.`init`, .`self`, .open, .push, .`init`, .lock, .locked, .finish, .done])  // makes HANDLE (open, push) a GO to `init`, so `openPush` is no longer called"), text)
        XCTAssertTrue(lines.contains("// @Path(\"reach-running\", [.`init`, .start, .running, .finish, .done])  // not written: the hop would make HANDLE (init, start) a GO to `running`, which carries a payload (the library's go-target)"), text)
        let unlock = "HANDLE (locked, unlock) returns `init` at Vault.swift:19:78 and `locked` at Vault.swift:19:93, and a hop would make it a GO to one of them"
        XCTAssertTrue(lines.contains { $0.hasPrefix("// @Path(\"cover-1\", [.`init`, .`self`, .open, .push, .`init`, .lock, .locked, .unlock, .locked, .unlock, .`init`,") && $0.contains(unlock) }, text)

        // A path refused for its payload hop is the library's go-target once written.
        let refused = lines.filter { $0.hasPrefix("// @Path(") }.map { line -> String in
            let attribute = line.dropFirst(3)
            return String(attribute[..<(attribute.range(of: "  //")?.lowerBound ?? attribute.endIndex)])
        }
        XCTAssertEqual(refused.count, 2, text)
        let codes = refused.map { attribute -> Set<String> in
            let one = Self.vault.replacingOccurrences(of: "@Machine\n", with: "@Machine\n" + attribute + "\n")
            return Set(TestRun.lint(SourceFile(path: "Vault.swift", bytes: Array(one.utf8))).filter { $0.severity == .error }.map(\.code))
        }
        // (A hop through the two-outcome HANDLE alone draws nothing: the library checks a hop
        // against the cell as written, and the GO it derives quietly drops the other outcome.)
        XCTAssertEqual(codes, [["tabular-center::go-target"], ["tabular-center::go-target"]], refused.joined(separator: "\n"))
    }

    /// A HANDLE whose one outcome emits effects would lose them as a GO: refused.
    func testAHopThatWouldDropEffectsIsNotWritten() throws {
        let emitting = Self.vault.replacingOccurrences(of: "{ .go(.`init`) }", with: "{ .go(.`init`, effects: [.creak]) }")
        XCTAssertNotEqual(emitting, Self.vault)
        let text = try generatedAttributes(emitting)
        XCTAssertTrue(text.contains("// @Path(\"reach-open\", [.`init`, .`self`, .open, .push, .`init`, .lock, .locked, .finish, .done])  // not written: HANDLE (open, push) returns `init` with effect `creak` at Vault.swift:18:65, and the hop would make it a GO to `init` without the effects\n"), text)
    }
}
