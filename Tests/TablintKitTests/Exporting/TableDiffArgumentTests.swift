import Foundation
import XCTest
@testable import TablintKit

/// `tablint diff` over what an `@Machine` row writes beside names: an effect's arguments and a
/// GO target's payload are performed by the generated code, so changing them changes a cell;
/// spacing, line breaks and comments inside them do not.
final class TableDiffArgumentTests: XCTestCase {
    static func door(_ closed: String, _ open: String = ".go(.closed, [.slam(force: 1)])") -> String {
        """
        @Machine
        enum Door {
            enum S { case closed, open(since: Int) }
            enum A { case push, pull }
            enum F { case slam(force: Int), log(String), beep }
            static let initial = S.closed
            @Row(.closed) static let c = [ \(closed), .ignore ]
            @Row(.open)   static let o = [ .ignore, \(open) ]
        }

        """
    }

    func diff(_ old: String, _ new: String) throws -> TableDiff {
        func side(_ text: String) throws -> TableDiff.Side {
            let file = SourceFile(path: "Door.tb.swift", text: text)
            let matrix = try XCTUnwrap(ExportReading.read(file).machines.first?.matrix, "no matrix in \(text)")
            return TableDiff.Side(label: "Door.tb.swift", file: file, matrix: matrix)
        }
        return TableDiff.compare(old: [try side(old)], new: [try side(new)])
    }

    func sentences(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try diff(old, new).machines.flatMap(\.changes).map(\.sentence)
    }

    func testAChangedEffectArgumentIsAChangedCell() throws {
        let old = Self.door(".go(.open(since: 0), [.log(\"a\")])")
        XCTAssertEqual(try sentences(Self.door(".ignore"), Self.door(".ignore", ".go(.closed, [.slam(force: 9)])")),
                       ["(open, pull): GO(closed, slam(force: 1)) → GO(closed, slam(force: 9))"])
        XCTAssertEqual(try sentences(old, Self.door(".go(.open(since: 0), [.log(\"b\")])")),
                       ["(closed, push): GO(open(since: 0), log(\"a\")) → GO(open(since: 0), log(\"b\"))"])
        // EMIT's effects, a qualified effect, and an argument added to a bare effect.
        XCTAssertEqual(try sentences(Self.door(".emit(.log(\"a\"))"), Self.door(".emit(F.log(\"b\"))")),
                       ["(closed, push): EMIT(log(\"a\")) → EMIT(log(\"b\"))"])
        XCTAssertEqual(try sentences(Self.door(".emit([.beep, .slam(force: 1)])"), Self.door(".emit([.beep, .slam(force: 2)])")).count, 1)
    }

    /// Blanks inside a string are behaviour; blanks, line breaks and comments between tokens are not.
    func testOnlyTokensCount() throws {
        XCTAssertEqual(try sentences(Self.door(".go(.open(since: 0), [.log(\"a b\")])"), Self.door(".go(.open(since: 0), [.log(\"ab\")])")),
                       ["(closed, push): GO(open(since: 0), log(\"a b\")) → GO(open(since: 0), log(\"ab\"))"])
        XCTAssertEqual(try sentences(Self.door(".go(.open(since: 0), [.log(\"a b\")])"), Self.door(".go(.open(since:0), [.log( \"a b\" /* why */ )])")), [])
        XCTAssertEqual(try sentences(Self.door(".go(.open(since: 0))"), Self.door(".go(.open(since: 0 /* start */))")), [])
        XCTAssertEqual(try sentences(Self.door(".go(.open(since: 0), [.slam(force: 1)])"), Self.door(".go(.open(since: 0), [.slam(\n    force: 1\n)])")), [])
        // A payload string's blanks are behaviour too.
        XCTAssertEqual(try sentences(Self.door(".go(.open(since: \"a b\".count))"), Self.door(".go(.open(since: \"ab\".count))")).count, 1)
    }

    /// A pin holds names only: against its `@Machine` (`tablint diff Door.tbl Door.tb.swift`),
    /// arguments and payloads are not compared, or every cell that has one would look changed.
    func testAPinAgainstItsMachineComparesNamesOnly() throws {
        let folder = try TemporaryDirectory(self)
        let pin = try folder.write("Door.tbl", """
            machine Door
            initial Closed
            states  Closed Open
            actions Push Pull

            Closed | GO(Open, Log) | IGNORE
            Open   | IGNORE        | GO(Closed, Slam)

            """)
        let source = try folder.write("Door.tb.swift", Self.door(".go(.open(since: 0), [.log(\"a\")])"))
        var output = "", errors = ""
        let status = Tablint.run(arguments: ["diff", pin, source], stdout: &output, stderr: &errors)
        XCTAssertEqual(output, "", errors)
        XCTAssertEqual(status, 0, errors)
        let changed = try folder.write("Changed.tb.swift", Self.door(".go(.open(since: 0), [.beep])"))
        output = ""
        XCTAssertEqual(Tablint.run(arguments: ["diff", pin, changed], stdout: &output, stderr: &errors), 1, output + errors)
        XCTAssertTrue(output.hasSuffix("note: Door: (closed, push): GO(Open, Log) → GO(open(since: 0), beep)\n"), output)
    }

    /// The same through the command line, in every format, and as git's diff driver.
    func testEveryFormatShowsTheArgument() throws {
        let folder = try TemporaryDirectory(self)
        let old = try folder.write("old/Door.tb.swift", Self.door(".ignore"))
        let new = try folder.write("new/Door.tb.swift", Self.door(".ignore", ".go(.closed, [.slam(force: 9)])"))
        for format in ["text", "markdown", "json"] {
            var output = "", errors = ""
            let status = Tablint.run(arguments: ["diff", "--format", format, old, new], stdout: &output, stderr: &errors)
            XCTAssertEqual(status, 1, format + output + errors)
            XCTAssertTrue(output.contains("slam(force: 9)"), format + ": " + output)
        }
        var output = "", errors = ""
        _ = Tablint.run(arguments: ["diff", "--git-driver", "Door.tb.swift", old, "abc", "100644", new, "def", "100644"], stdout: &output, stderr: &errors)
        XCTAssertTrue(output.hasSuffix("note: Door: (open, pull): GO(closed, slam(force: 1)) → GO(closed, slam(force: 9))\n"), output)
    }
}
