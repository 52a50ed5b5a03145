import Foundation
import XCTest
@testable import TablintKit

/// `tablint paths` on the command line: usage, errors, machine selection and the JSON's shape.
final class PathsCommandTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var output = ""
        var errors = ""
        let status = Tablint.run(arguments: ["paths"] + arguments, stdout: &output, stderr: &errors)
        return (status, output, errors)
    }

    func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablint-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    func testHelpAndUsageErrors() {
        let help = run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("USAGE: tablint paths [--format text|json|swift] [--machine NAME] [PATH ...]\n"), help.stdout)
        let format = run(["--format", "dot"])
        XCTAssertEqual(format.status, 2)
        XCTAssertEqual(format.stderr, "tablint: error: --format: unknown format 'dot'; expected one of text, json, swift\nRun 'tablint paths --help' for usage.\n")
        let option = run(["--frobnicate"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.hasPrefix("tablint: error: unknown option '--frobnicate' for 'tablint paths'\n"), option.stderr)
        XCTAssertEqual(run(["--machine"]).stderr, "tablint: error: --machine needs a value\nRun 'tablint paths --help' for usage.\n")
        XCTAssertEqual(run(["/no/such/place"]).status, 2)
    }

    func testAnUnknownMachineIsAnErrorListingTheMachines() throws {
        let root = try folder(["Door.swift": PathsTests.door, "Lamp.tbl": "machine Lamp\ninitial Off\nstates  Off On\nactions Flip\n\nOff | GO(On)\nOn  | GO(Off)\n"])
        let result = run(["--machine", "Dor", root.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("tablint: error: no machine named 'Dor' in \(root.path); found:\n  Door ("), result.stderr)
        // A pin in a folder is not shown unless asked for.
        XCTAssertFalse(run([root.path]).stdout.contains("Lamp"))
        XCTAssertTrue(run(["--machine", "Lamp", root.path]).stdout.hasPrefix("Lamp ("))
    }

    func testNoMachineIsAnError() throws {
        let root = try folder(["Plain.swift": "let x = 1\n"])
        let result = run([root.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "tablint: error: no machine in \(root.path)\n")
    }

    /// Every path has one more visit than actions, starting at `initial`, and its purpose.
    func testTheJSONHasTheShapeTheIssueGives() throws {
        let root = try folder(["Door.swift": PathsTests.door])
        let result = run(["--format", "json", root.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let machines = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(machines.count, 1)
        let door = machines[0]
        XCTAssertEqual(door["machine"] as? String, "Door")
        XCTAssertEqual(door["initial"] as? String, "Closed")
        let paths = try XCTUnwrap(door["paths"] as? [[String: Any]])
        XCTAssertFalse(paths.isEmpty)
        for path in paths {
            let actions = try XCTUnwrap(path["actions"] as? [String])
            let visits = try XCTUnwrap(path["visits"] as? [String])
            XCTAssertEqual(visits.count, actions.count + 1)
            XCTAssertEqual(visits.first, "Closed")
            switch path["purpose"] as? String {
            case "reach": XCTAssertEqual(path["state"] as? String, visits.last)
            case "cover": XCTAssertNil(path["state"])
            default: XCTFail("purpose: \(path)")
            }
        }
        let uncovered = try XCTUnwrap(door["uncovered"] as? [[String: Any]])
        XCTAssertEqual(uncovered.map { $0["cell"] as? String }, ["(Closed, Kick)", "(Broken, Kick)", "(Gone, Push)"])
        XCTAssertEqual(Set(uncovered.compactMap { $0["reason"] as? String }), ["unknown outcome"])
        let unknown = try XCTUnwrap(door["unknown"] as? [[String: Any]])
        XCTAssertEqual(unknown.map { $0["cell"] as? String }, ["(Closed, Kick)"])
    }
}
