import XCTest
@testable import TablintKit

/// The pin-drift fix pads a pin's rows to display columns, as the aligner measures them, so a
/// pin with wide or accented names is fixed instead of failing its proof (found by the
/// black-box pass).
final class PinWideNamesTests: XCTestCase {
    static let table = """
        // swift-format-ignore-file
        let DOOR_TABLE = Table(
            machine: "Door",
            states: ["Shut", "Öffen", "待機"],
            actions: ["Push", "Lock"],
            cells: [
                [.go(target: "Öffen", effects: []), .go(target: "待機", effects: [])],
                [.go(target: "Shut", effects: []),  .ignore],
                [.ignore,                           .go(target: "Shut", effects: [])],
            ],
            initial: "Shut"
        )

        """

    /// (Öffen, Lock) drifted to HANDLE.
    static let pin = """
        machine Door
        initial Shut
        states  Shut Öffen 待機
        actions Push Lock

        Shut  | GO(Öffen) | GO(待機)
        Öffen | GO(Shut)  | HANDLE
        待機  | IGNORE    | GO(Shut)

        """

    func testAPinWithWideNamesIsFixedAndComesOutAligned() throws {
        let documents = [
            Engine.Document(path: "Door.tb.swift", bytes: Array(Self.table.utf8)),
            Engine.Document(path: "Door.tbl", bytes: Array(Self.pin.utf8)),
        ]
        let before = Engine.run(documents, mode: .report).diagnostics.map(\.code)
        XCTAssertTrue(before.contains("tablint::pin-drift"), "\(before)")
        let fixed = Engine.run(documents, mode: .fix, unsafeFixes: true)
        let pin = try XCTUnwrap(fixed.files.first { $0.path == "Door.tbl" })
        XCTAssertNil(pin.failure)
        let text = String(decoding: try XCTUnwrap(pin.fixed, "the pin is rewritten"), as: UTF8.self)
        XCTAssertTrue(text.contains("| IGNORE"), text)
        XCTAssertEqual(pin.diagnostics.map(\.code), [], "no drift and no alignment error left: \(pin.diagnostics.map(\.message))")
    }
}
