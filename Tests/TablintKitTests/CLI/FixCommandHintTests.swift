import XCTest
@testable import TablintKit

/// The summary names the command that applies the fixes in the integration that ran tablint,
/// read from the environment `Tablint.run` is given (the SwiftPM plugins set it).
final class FixCommandHintTests: XCTestCase {
    private func summary(_ environment: [String: String]) -> String {
        var output = ""
        var errors = ""
        _ = Tablint.run(
            arguments: ["--no-config", "Tests/Fixtures/Fix/arity.before.tb.swift"], stdout: &output, stderr: &errors,
            currentDirectory: Fixtures.repositoryRoot.path, environment: environment)
        return errors
    }

    func testTheSummaryNamesTheIntegrationsCommand() {
        XCTAssertTrue(summary([:]).contains("fixable with `tablint --fix`"), summary([:]))
        let plugin = summary(["TABLINT_FIX_COMMAND": "swift package tablint-fix"])
        XCTAssertTrue(plugin.contains("fixable with `swift package tablint-fix`"), plugin)
    }
}
