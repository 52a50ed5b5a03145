import XCTest
@testable import TablintKit

/// A HANDLE cell's requirement naming, in the machine's namespace, a narrowed struct no file of
/// the run declares that is a slip of the one the generator names: cells-drift reports it,
/// naming what it expected; the library's, Swift's and other modules' types are not judged.
final class NarrowedTypeSlipTests: XCTestCase {
    static let files = ["Gate.tb.swift": PayloadSyncFixTests.gateMatrix, "Gate.swift": PayloadSyncFixTests.gateCode]

    func testAMisspeltNarrowedStructInARequirementIsReported() throws {
        let code = PayloadSyncFixTests.gateCode.replacingOccurrences(of: "_ action: Gate.Coin)", with: "_ action: Gate.Coni)")
        let found = MutationTests.lint(["Gate.tb.swift": PayloadSyncFixTests.gateMatrix, "Gate.swift": code]).filter { $0.code == CellsDrift().code && $0.message.contains("Gate.Coni") }
        let finding = try XCTUnwrap(found.first, "\(found.map(\.message))")
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(finding.message.contains("`GateCells` requires `shutCoin` with a parameter of type `Gate.Coni`, which no file of the run declares; expected `Gate.Coin`, the narrowed struct the generator names for the payload of cell (Shut, Coin)"), finding.message)
        XCTAssertEqual(finding.start.line, 6)
    }

    /// `GateCtx`, `Step`, `String`, and a namespaced type that is no slip of a narrowed struct.
    func testOtherTypesAreNotJudged() {
        let code = PayloadSyncFixTests.gateCode
            .replacingOccurrences(of: "func alarm(_ ctx: GateCtx, _ effect: String)", with: "func alarm(_ ctx: GateCtx, _ effect: Swift.String)")
            .replacingOccurrences(of: "_ action: Gate.Coin)", with: "_ action: Gate.Coin, _ clock: Foundation.Date)")
        let found = MutationTests.lint(["Gate.tb.swift": PayloadSyncFixTests.gateMatrix, "Gate.swift": code]).filter { $0.code == CellsDrift().code && $0.message.contains("no file of the run declares") }
        XCTAssertEqual(found.map(\.message), [])
        let plain = MutationTests.lint(Self.files).filter { $0.code == CellsDrift().code && $0.message.contains("no file of the run declares") }
        XCTAssertEqual(plain.map(\.message), [])
    }
}
