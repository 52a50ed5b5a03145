import Foundation
import XCTest
@testable import TablintKit

/// SwiftFormat is detected by its `.swiftformat` file (in the file's folder or above, unless
/// it excludes the file), or named with `--formatter`; a `*.tb.swift` then needs
/// `// swiftformat:disable all` too. Real folders, the command run in process.
final class SwiftFormatDetectionTests: XCTestCase {
    private var root = ""

    static let matrix = """
        // swift-format-ignore-file
        let GATE_TABLE = Table(machine: "Gate", states: ["Shut"], actions: ["Push"], cells: [[.handle]], initial: "Shut")

        """

    override func setUpWithError() throws {
        root = PathText.normalised(FileManager.default.temporaryDirectory.path) + "/tablint-swiftformat-\(UUID().uuidString)"
        try write("App/Gate.tb.swift", Self.matrix)
        try write("App/Generated/Copy.tb.swift", Self.matrix)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func run(_ arguments: [String], stdin: String = "") -> ProcessResult {
        var output = ""
        var errors = ""
        let status = Tablint.run(
            arguments: ["--no-color"] + arguments, stdout: &output, stderr: &errors,
            write: FileIO.FileWriter(refusal: { _ in nil }, write: { _, _, _ in .written }), standardInput: { Array(stdin.utf8) },
            currentDirectory: root, stdoutIsTerminal: false, environment: [:])
        return ProcessResult(status: status, stdout: output, stderr: errors)
    }

    private func directiveWarnings(_ arguments: [String]) -> [String] {
        run(arguments).stdout.split(separator: "\n").filter { $0.hasSuffix("[tablint::format-ignore-directive]") }.map(String.init)
    }

    func testWithoutSwiftFormatTheSwiftFormatDirectiveIsEnough() {
        XCTAssertEqual(directiveWarnings([root + "/App"]), [])
    }

    func testASwiftFormatFileAboveTheFileAsksForItsDirective() throws {
        try write(".swiftformat", "--indent 4\n")
        let found = directiveWarnings([root + "/App"])
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.first?.contains("/App/Gate.tb.swift:1:1: warning: [*] the file's leading comments lack `// swiftformat:disable all`") ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains("SwiftFormat (`.swiftformat` applies here)") ?? false, "\(found)")
        let fixed = run(["--fix", "-", "--stdin-filename", root + "/App/Gate.tb.swift"], stdin: Self.matrix)
        XCTAssertEqual(fixed.stdout, "// swift-format-ignore-file\n// swiftformat:disable all\n" + Self.matrix.split(separator: "\n", maxSplits: 1)[1])
    }

    func testASwiftFormatFileThatExcludesTheFileDoesNot() throws {
        try write(".swiftformat", "# generated code is not ours\n--exclude App/Generated,Pods\n")
        let found = directiveWarnings([root + "/App"])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix(root + "/App/Gate.tb.swift:") ?? false, "\(found)")
    }

    func testFormatterReplacesTheDetection() throws {
        try write(".swiftformat", "--indent 4\n")
        XCTAssertEqual(directiveWarnings([root + "/App", "--formatter", "swift-format"]), [])
        try FileManager.default.removeItem(atPath: root + "/.swiftformat")
        try write("App/.tablint", "--formatter swift-format\n--formatter swiftformat\n")
        XCTAssertEqual(directiveWarnings([root + "/App"]).count, 2)
        XCTAssertTrue(directiveWarnings([root + "/App"]).first?.contains("SwiftFormat (`--formatter swiftformat`)") ?? false)
        XCTAssertTrue(run(["--print-config", root + "/App/Gate.tb.swift"]).stdout.contains("--formatter swift-format\n--formatter swiftformat\n"))
    }

    func testAnUnknownFormatterIsAUsageError() {
        let result = run(["--formatter", "prettier", root + "/App"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--formatter expects swift-format or swiftformat, got 'prettier'"), result.stderr)
    }
}
