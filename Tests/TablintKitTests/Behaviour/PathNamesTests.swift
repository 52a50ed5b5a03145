import Foundation
import XCTest
@testable import TablintKit

/// bb6/a #10: `paths --format swift` writes no `@Path` name the enum already has (the
/// library's path-duplicate), and no walk it already has.
final class PathNamesTests: XCTestCase {
    static func kiosk(_ written: String) -> String {
        """
        \(written)
        @Machine
        enum Kiosk {
            enum S { case `init`, ready, paying, done }
            enum A { case boot, pay, confirm, cancel }
            enum F { case chime }
            final class Ctx { var amount = 0 }
            static let initial = S.`init`
            @Row(.`init`) static let i = [ .go(.ready), .ignore,         .ignore,              .ignore ]
            @Row(.ready)  static let r = [ .ignore,     .go(.paying),    .ignore,              .ignore ]
            @Row(.paying) static let p = [ .ignore,     .emit([.chime]), .go(.done, [.chime]), .go(.ready) ]
            @Row(.done)   static let d = [ .ignore,     .ignore,         .ignore,              .ignore ]
        }
        """
    }

    func attributes(_ source: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-path-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("Kiosk.swift"), atomically: true, encoding: .utf8)
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["paths", "--format", "swift", folder.path], stdout: &output, stderr: &errors), 0, errors)
        return output
    }

    func testANameTheEnumHasIsNotWrittenAgain() throws {
        // The enum's `reach-ready` takes another walk than the generated one.
        let existing = "@Path(\"reach-ready\", [.`init`, .boot, .ready, .pay, .paying, .cancel, .ready, .pay, .paying, .confirm, .done])"
        let output = try attributes(Self.kiosk(existing))
        XCTAssertFalse(output.contains("\n@Path(\"reach-ready\","), output)
        XCTAssertTrue(output.contains("\n@Path(\"reach-ready-2\", [.`init`, .boot, .ready, .pay, .paying, .confirm, .done])"), output)
        XCTAssertTrue(output.contains("the same walk as the enum's `@Path(\"reach-ready\")`"), output)
        // Pasted beside `@Machine`, as the first line says, the enum still lints clean of path rules.
        let pasted = output.split(separator: "\n").filter { $0.hasPrefix("@Path(") }.joined(separator: "\n")
        let found = MutationTests.lint(["Kiosk.swift": Self.kiosk(existing + "\n" + pasted)]).filter { $0.code.contains("path-") }
        XCTAssertEqual(found.map(\.message), [], pasted)
    }

    func testAWalkTheEnumHasIsNotWrittenAgain() throws {
        let existing = "@Path(\"happy\", [.`init`, .boot, .ready, .pay, .paying, .confirm, .done])"
        let output = try attributes(Self.kiosk(existing))
        XCTAssertTrue(output.contains("// reach-ready: the same walk as the enum's `@Path(\"happy\")`"), output)
        XCTAssertFalse(output.contains("\n@Path(\"reach-ready\","), output)
    }
}
