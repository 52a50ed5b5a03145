import Foundation
import XCTest
@testable import TablintKit

/// A file whose name is not UTF-8 (Linux allows any bytes): it is linted, and its path is
/// printed as its bytes in the text report and escaped in JSON, SARIF and Checkstyle.
final class NonUTF8PathTests: XCTestCase {
    private var root = ""
    /// `bad<0xFF>.tb.swift`, held as tablint holds it.
    private let fileName = PathBytes.string(Array("bad".utf8) + [0xFF] + Array(".tb.swift".utf8))

    override func setUpWithError() throws {
        root = PathText.normalised(FileManager.default.temporaryDirectory.path) + "/tablint-bytes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let text = Array("// swift-format-ignore-file\nlet T = Table(machine: \"M\", states: [\"A\"], actions: [\"X\"], cells: [[.ignore], [.ignore]])\n".utf8)
        let descriptor = PathBytes.withCString(root + "/" + fileName) { open($0, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0, "cannot create the file")
        XCTAssertEqual(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, text.count)
        close(descriptor)
    }

    override func tearDownWithError() throws {
        _ = PathBytes.withCString(root + "/" + fileName) { unlink($0) }
        try? FileManager.default.removeItem(atPath: root)
    }

    private func run(_ arguments: [String]) -> (status: Int32, stdout: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: arguments + ["--no-config"], stdout: &output, stderr: &errors, currentDirectory: root)
        XCTAssertFalse(errors.contains("cannot read"), errors)
        return (status, output)
    }

    func testTheHeldBytesRoundTrip() {
        let bytes: [UInt8] = Array("a".utf8) + [0xFF, 0xC3] + Array("é/".utf8) + [0x80]
        XCTAssertEqual(PathBytes.bytes(PathBytes.string(bytes)), bytes)
        XCTAssertEqual(PathBytes.string(Array("plain é".utf8)), "plain é")
    }

    func testAFileWhoseNameIsNotUTF8IsLintedAndPrintedAsItsBytes() throws {
        let text = run([root])
        XCTAssertEqual(text.status, 1, "the file was read, and its extra row found")
        XCTAssertTrue(text.stdout.contains("[tabular-center::extra-row]"), text.stdout)
        // What reaches the terminal (`StandardStream` writes `PathBytes.bytes`): the name's bytes.
        let printed = PathBytes.bytes(text.stdout)
        let expected = Array((root + "/bad").utf8) + [0xFF] + Array(".tb.swift:2:79: error: ".utf8)
        XCTAssertTrue(printed.starts(with: expected), text.stdout)
        // Named on the command line, as the bytes of an argument.
        XCTAssertEqual(run([root + "/" + fileName]).status, 1)
    }

    func testMachineReadableReportsEscapeTheByte() throws {
        let json = run([root, "--reporter", "json"]).stdout
        XCTAssertTrue(json.contains(#""path": "\#(root)/bad\\xFF.tb.swift""#), json)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(PathBytes.bytes(json))), "still valid JSON")
        let sarif = run([root, "--reporter", "sarif"]).stdout
        XCTAssertTrue(sarif.contains("/bad%FF.tb.swift\""), sarif)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(PathBytes.bytes(sarif))))
        let checkstyle = run([root, "--reporter", "checkstyle"]).stdout
        XCTAssertTrue(checkstyle.contains(#"<file name="\#(root)/bad\xFF.tb.swift">"#), checkstyle)
        XCTAssertFalse(PathBytes.bytes(checkstyle).contains(0xFF), "XML holds text, not the raw byte")
    }

    /// `--fix` writes such a file in place (the temporary file and the rename use the name's
    /// bytes), keeping its mode, and what it wrote is what `--diff` showed.
    func testFixWritesAFileWhoseNameIsNotUTF8() throws {
        let misaligned = Array("// swift-format-ignore-file\nlet T = Table(\n    machine: \"M\",\n    states: [\"A\", \"B\"],\n    actions: [\"X\", \"Y\"],\n    cells: [\n        [.ignore, .go(target: \"B\", effects: [])],\n        [.go(target: \"A\", effects: []),    .ignore],\n    ],\n    initial: \"A\"\n)\n".utf8)
        let path = root + "/" + fileName
        let descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_TRUNC) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(misaligned.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, misaligned.count)
        close(descriptor)
        _ = PathBytes.withCString(path) { chmod($0, 0o640) }
        var output = ""
        var errors = ""
        XCTAssertEqual(Tablint.run(arguments: ["--fix", "--no-config", root], stdout: &output, stderr: &errors, currentDirectory: root), 0, errors)
        XCTAssertFalse(errors.contains("cannot write"), errors)
        let written = try XCTUnwrap(try? FileIO.readFile(path).get())
        XCTAssertNotEqual(written, misaligned, "the file was rewritten")
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("[.ignore,                          .go(target: \"B\", effects: [])],"), String(decoding: written, as: UTF8.self))
        var info = stat()
        XCTAssertEqual(PathBytes.withCString(path) { stat($0, &info) }, 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains("tablint-") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
        XCTAssertEqual(Tablint.run(arguments: ["--no-config", root], stdout: &output, stderr: &errors, currentDirectory: root), 0)
    }
}
