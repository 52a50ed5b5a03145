import Foundation
import XCTest

/// The suites that start other programs (formatters, editors, git, `swiftc`) or walk whole
/// corpora take minutes; they run only when `TABLINT_ALL_TESTS=1`, which `.ci/run` sets, so a
/// plain `swift test` stays quick. Each skips with a message naming the switch.
enum FullSuite {
    static let switchName = "TABLINT_ALL_TESTS"

    static var isOn: Bool { ProcessInfo.processInfo.environment[switchName] == "1" }

    /// Skips the calling test unless the full suite was asked for; `what` says what it runs.
    static func require(_ what: String) throws {
        guard isOn else {
            throw XCTSkip("\(what): runs only in the full suite (\(switchName)=1 swift test, as .ci/run does)")
        }
    }
}
