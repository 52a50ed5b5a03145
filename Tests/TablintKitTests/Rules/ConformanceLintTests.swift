import Foundation
import XCTest
@testable import TablintKit

/// The library's conformance fixtures (`shared/reference/conformance/*.tbl`, beside the
/// checkout) each come with the `.lint` output the library renders for them, or none when the
/// library finds nothing. tablint must find exactly those lints, and no error, in every one.
final class ConformanceLintTests: XCTestCase {
    /// `../shared/reference/conformance` from the checkout root; CI puts a copy of `shared/`
    /// beside its fresh clone, so the path holds there too.
    static let folder = ReadmeTests.repository.deletingLastPathComponent()
        .appendingPathComponent("shared/reference/conformance")

    /// What the library's adapters supply and a `.tbl` cannot declare: payloads. The
    /// `payload-hoist` fixture's adapters give `attempt: Int` to Connecting, Backoff and
    /// Reconnecting (`spec/conformance/README.md`); the other fixtures have none.
    static let adapterPayloads: [String: [(state: String, field: String, type: String)]] = [
        "Conn": [("Connecting", "attempt", "Int"), ("Backoff", "attempt", "Int"), ("Reconnecting", "attempt", "Int")],
    ]

    private func fixtures() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: Self.folder.path) else {
            throw XCTSkip("the library's conformance fixtures are not at \(Self.folder.path); put a copy of shared/ beside the checkout to run this test")
        }
        let urls = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tbl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(urls.count, 11, "expected the library's eleven fixtures")
        return urls
    }

    /// Lints a fixture the way the library's conformance run sees it: read from the file,
    /// with the adapter's payloads added to the matrix.
    static func lint(_ url: URL) throws -> [Diagnostic] {
        let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        var reading = LintContext(file: file).reading
        for index in reading.matrices.indices {
            let matrix = reading.matrices[index]
            reading.matrices[index].payloads = (adapterPayloads[matrix.machine.text] ?? []).map { payload in
                let state = matrix.states.first { $0.text == payload.state }
                return Payload(state: payload.state, field: payload.field, type: payload.type, range: state?.range ?? matrix.range)
            }
        }
        let context = LintContext(file: file, readers: .given(tokens: [], reading: reading))
        return RuleRegistry.all.flatMap { $0.check(context) }.sortedForOutput()
    }

    /// The `.lint` lines, with the codes renamed from `tabula::` to `tabular-center::` (the
    /// files predate the rename); none when there is no `.lint` file.
    static func expectedLints(_ url: URL) throws -> [String] {
        let golden = url.deletingPathExtension().appendingPathExtension("lint")
        guard FileManager.default.fileExists(atPath: golden.path) else { return [] }
        return try String(contentsOf: golden, encoding: .utf8)
            .split(separator: "\n").map { $0.replacingOccurrences(of: "warning[tabula::", with: "warning[tabular-center::") }
    }

    func testEveryFixtureHasExactlyTheLibrarysLints() throws {
        for url in try fixtures() {
            let diagnostics = try Self.lint(url)
            let found = diagnostics.filter { $0.severity == .warning }.map { "warning[\($0.code)]: \($0.message)" }
            XCTAssertEqual(found.sorted(), try Self.expectedLints(url).sorted(), url.lastPathComponent)
        }
    }

    func testNoFixtureHasAnError() throws {
        for url in try fixtures() {
            let errors = try Self.lint(url).filter { $0.severity == .error }
            XCTAssertEqual(errors.map { "\($0.start): \($0.message) [\($0.code)]" }, [], url.lastPathComponent)
        }
    }

    /// Every lint the library has is exercised by some fixture, so the comparison above is
    /// not passing for want of findings.
    func testTheFixturesTripEveryLint() throws {
        let codes = Set(try fixtures().flatMap { try Self.lint($0) }.map(\.code))
        for code in ["no-static-entry", "dead-row", "no-static-exit", "dead-column", "ignore-heavy", "unreachable-heavy", "payload-hoist"] {
            XCTAssertTrue(codes.contains("tabular-center::" + code), code)
        }
    }

    /// Without the adapter's payloads, the `payload-hoist` fixture is quiet: the lint comes from
    /// the payloads, not from anything in the `.tbl`.
    func testPayloadHoistNeedsTheAdaptersPayloads() throws {
        guard let url = try fixtures().first(where: { $0.lastPathComponent == "payload-hoist.tbl" }) else {
            return XCTFail("payload-hoist.tbl is missing")
        }
        let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        XCTAssertEqual(TestRun.lint(file).map(\.code), [])
        XCTAssertEqual(try Self.lint(url).map(\.code), ["tabular-center::payload-hoist"])
    }
}
