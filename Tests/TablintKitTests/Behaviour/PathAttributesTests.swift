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

    /// With no state that cannot be left, a path says where it ends.
    func testAPathThatCannotEndSaysSo() throws {
        let cycling = Self.turnstile.replacingOccurrences(of: "[ .ignore,                   .ignore,          .ignore      ]",
                                                          with: "[ .ignore,                   .go(.locked),     .ignore      ]")
        XCTAssertNotEqual(cycling, Self.turnstile)
        XCTAssertTrue(try attributes(cycling).contains("@Path(\"reach-broken\", [.locked, .kick, .broken])  // ends at broken, which can still be left\n"))
    }
}
