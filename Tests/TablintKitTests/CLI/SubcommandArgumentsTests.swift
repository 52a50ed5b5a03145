import XCTest
@testable import TablintKit

/// The one scanner of the file-reading subcommands' arguments: every subcommand reads `--`,
/// `-`, `--help` and `--name=value` the same way.
final class SubcommandArgumentsTests: XCTestCase {
    func items(_ arguments: [String]) throws -> [SubcommandArguments.Item] {
        var scanner = SubcommandArguments("export", arguments)
        var items: [SubcommandArguments.Item] = []
        while let item = try scanner.next() { items.append(item) }
        return items
    }

    func testPathsOptionsAndTheDoubleDash() throws {
        XCTAssertEqual(try items(["a.swift", "--format=dot", "--machine", "--", "-b.swift", "-"]), [
            .path("a.swift"), .option(name: "--format", inline: "dot"), .option(name: "--machine", inline: nil),
            .path("-b.swift"), .path("-"),
        ])
        XCTAssertEqual(try items(["-h"]), [.help])
        XCTAssertEqual(try items(["x", "--help"]), [.path("x"), .help])
    }

    func testStandardInputIsRefusedBeforeTheDoubleDash() {
        XCTAssertThrowsError(try items(["-"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError("tablint export reads files, not standard input ('-'); name the file (or write `--` before a path named '-')"))
        }
    }

    func testAValueIsTheInlineTextOrTheNextArgument() throws {
        var scanner = SubcommandArguments("paths", ["--machine", "Door", "--machine"])
        guard case .option(let name, let inline)? = try scanner.next() else { return XCTFail("no option") }
        XCTAssertEqual(try scanner.value(of: name, inline: inline), "Door")
        guard case .option(let last, let none)? = try scanner.next() else { return XCTFail("no option") }
        XCTAssertThrowsError(try scanner.value(of: last, inline: none)) { error in
            XCTAssertEqual(error as? UsageError, UsageError("--machine needs a value"))
        }
        XCTAssertEqual(try scanner.value(of: "--machine", inline: "Lamp"), "Lamp")
    }

    /// Each subcommand refuses the same mistakes with the same words.
    func testEverySubcommandRefusesTheSameWay() {
        for command in ["export", "paths", "scaffold", "migrate"] {
            var output = ""
            var errors = ""
            XCTAssertEqual(Tablint.run(arguments: [command, "--frobnicate=1", "x"], stdout: &output, stderr: &errors), 2)
            XCTAssertTrue(errors.contains("unknown option '--frobnicate=1' for 'tablint \(command)'"), errors)
            errors = ""
            XCTAssertEqual(Tablint.run(arguments: [command, "-"], stdout: &output, stderr: &errors), 2)
            XCTAssertTrue(errors.contains("tablint \(command) reads files, not standard input ('-')"), errors)
            errors = ""
            let valued = command == "migrate" ? "--function" : "--machine"
            XCTAssertEqual(Tablint.run(arguments: [command, "x", valued], stdout: &output, stderr: &errors), 2)
            XCTAssertTrue(errors.contains(command == "migrate" ? "--function needs a function name" : "--machine needs a value"), errors)
            output = ""
            XCTAssertEqual(Tablint.run(arguments: [command, "x", "--help"], stdout: &output, stderr: &errors), 0)
            XCTAssertTrue(output.contains("tablint \(command)"), output)
        }
        for flag in ["--diff=1", "--write=yes"] {
            var errors = ""
            var output = ""
            XCTAssertEqual(Tablint.run(arguments: ["migrate", flag, "x"], stdout: &output, stderr: &errors), 2)
            XCTAssertTrue(errors.contains("takes no value"), errors)
        }
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["export", "--dynamic=yes", "--format", "dot", "x"], stdout: &output, stderr: &errors), 2)
        XCTAssertTrue(errors.contains("--dynamic takes no value"), errors)
    }
}
