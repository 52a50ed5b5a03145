import XCTest
@testable import TablintKit

/// The pairing and the fixes of the checks across a machine's surfaces, on small runs of
/// in-memory files.
final class CrossSurfaceTests: XCTestCase {
    /// The codes of the checks across surfaces; the others (alignment, lints) are not these
    /// tests' business.
    static let codes: Set<String> = [
        "tablint::pin-drift", "tablint::machine-name", "tablint::dispatcher-drift", "tablint::ambiguous-pairing",
        "tablint::enum-drift", "tablint::cells-drift",
    ]

    static func lint(_ files: [String: String], settings: LintSettings = .default) -> [Diagnostic] {
        TestRun.lintFiles(files.keys.sorted(), jobs: 1, read: { .success(Array(files[$0]!.utf8)) }, settings: { _ in settings })
            .diagnostics.filter { codes.contains($0.code) }
    }

    static func apply(_ fix: Diagnostic.Fix, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in fix.edits.reversed() { bytes.replaceSubrange(edit.range, with: edit.replacement) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let vendTable = """
        extension Vend {
            static let TABLE = Table(
                machine: "Vend",
                states: ["Idle", "Collecting"],
                actions: ["Coin", "Select"],
                cells: [
                    [.go(target: "Collecting", effects: ["AcceptCoin"]), .ignore],
                    [.handle, .go(target: "Idle", effects: ["Dispense"])],
                ],
                initial: "Idle"
            )
        }

        """

    static let vendPin = """
        machine Vend
        initial Idle
        states  Idle Collecting
        actions Coin Select

        Idle       | GO(Collecting, AcceptCoin) | IGNORE
        Collecting | HANDLE                     | GO(Idle, Dispense)

        """

    func testATblPinPairsByItsMachineThenItsFileNameThenItsFolder() {
        let stale = Self.vendPin.replacingOccurrences(of: "| IGNORE", with: "| HANDLE")
        XCTAssertEqual(Self.lint(["Vend.swift": Self.vendTable, "Pins/Any.tbl": stale]).map(\.code), ["tablint::pin-drift"], "by its machine line")
        let renamed = stale.replacingOccurrences(of: "machine Vend", with: "machine Vendor")
        let byName = Self.lint(["Vend.swift": Self.vendTable, "Pins/Vend.tbl": renamed])
        XCTAssertEqual(byName.map(\.code), ["tablint::pin-drift", "tablint::pin-drift"], "by its file name, the machine line reported")
        XCTAssertTrue(byName[0].message.contains("`Vendor`"), byName[0].message)
        XCTAssertEqual(Self.lint(["App/Vend.swift": Self.vendTable, "App/Spec.tbl": renamed]).map(\.code).count, 2, "the only matrix of its folder")
        XCTAssertEqual(Self.lint(["App/Vend.swift": Self.vendTable, "Other/Spec.tbl": renamed]), [], "nothing pairs: nothing said")
        XCTAssertEqual(Self.lint(["Vend.swift": Self.vendTable, "Vend.tbl": Self.vendPin]), [], "a pin in step")
    }

    func testThePinFixRewritesTheRowsFromTheMatrixAligned() throws {
        let file = """
            extension Vend {
                static let FIXTURE = \"\"\"
                    machine Vend
                    initial Collecting
                    states  Idle Collecting
                    actions Coin Select

                    Idle | IGNORE | IGNORE
                    Collecting | HANDLE | HANDLE
                    \"\"\"
            }

            """
        let found = Self.lint(["Vend.swift": Self.vendTable, "VendSpec.swift": file])
        XCTAssertEqual(found.map(\.code), Array(repeating: "tablint::pin-drift", count: 3))
        let fix = try XCTUnwrap(found[0].fix)
        XCTAssertEqual(fix.applicability, .unsafe)
        XCTAssertEqual(found.dropFirst().compactMap(\.fix), [], "one fix per pin")
        let fixed = Self.apply(fix, to: file)
        XCTAssertEqual(fixed, """
            extension Vend {
                static let FIXTURE = \"\"\"
                    machine Vend
                    initial Idle
                    states  Idle Collecting
                    actions Coin Select

                    Idle       | GO(Collecting, AcceptCoin) | IGNORE
                    Collecting | HANDLE                     | GO(Idle, Dispense)
                    \"\"\"
            }

            """)
        XCTAssertEqual(Self.lint(["Vend.swift": Self.vendTable, "VendSpec.swift": fixed]), [], "the fixed pin is in step and aligned")
    }

    func testOnlyPinNamesArePins() {
        let drifted = """
            extension Vend {
                static let DRIFTED = \"\"\"
                    machine Vend
                    initial Idle
                    states  Idle Collecting
                    actions Coin Select

                    Idle       | GO(Collecting, AcceptCoin) | HANDLE
                    Collecting | HANDLE                     | GO(Idle, Dispense)
                    \"\"\"
            }

            """
        XCTAssertEqual(Self.lint(["Vend.swift": Self.vendTable, "Spec.swift": drifted]), [])
        var settings = LintSettings.default
        settings = settings.applying([.pin("DRIFTED")])
        XCTAssertEqual(Self.lint(["Vend.swift": Self.vendTable, "Spec.swift": drifted], settings: settings).map(\.code), ["tablint::pin-drift"])
        XCTAssertEqual(try OptionParser.parse(["--pin", "DRIFTED"]).fileOptions, [.pin("DRIFTED")])
        XCTAssertThrowsError(try OptionParser.parse(["--pin", "not a name"]))
        guard case .success(let file) = ConfigurationFile.parse(Array("--pin DRIFTED\n".utf8), path: ".tablint", directory: "/p") else {
            return XCTFail("a .tablint line")
        }
        XCTAssertEqual(file.options, [.pin("DRIFTED")])
    }

    func testTheMachineNameFixSetsTheString() throws {
        let text = Self.vendTable.replacingOccurrences(of: "machine: \"Vend\"", with: "machine: \"Timer\"")
        let found = Self.lint(["Vend.swift": text])
        XCTAssertEqual(found.map(\.code), ["tablint::machine-name"])
        let fix = try XCTUnwrap(found[0].fix)
        XCTAssertEqual(fix.applicability, .unsafe)
        XCTAssertEqual(Self.apply(fix, to: text), Self.vendTable)
    }

    func testATestCopyOfATableDoesNotHideTheDispatcherDrift() {
        let dispatcher = """
            enum Vend {
                static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                    switch (s, a) {
                    case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin])
                    case (.idle, .select): return .ignored
                    case (.collecting, .coin): return c.collectingCoin(ctx)
                    case (.collecting, .select): return .ignored
                    }
                }
            }

            """
        let copy = """
            let VEND_TABLE = Table(
                machine: "Vend",
                states: ["Idle", "Collecting"],
                actions: ["Coin", "Select"],
                cells: [
                    [.go(target: "Collecting", effects: ["AcceptCoin"]), .ignore],
                    [.handle, .ignore],
                ],
                initial: "Idle"
            )

            """
        let found = Self.lint(["Vend.swift": dispatcher, "VendTable.swift": Self.vendTable, "Tests/VendTests.swift": copy])
        XCTAssertEqual(found.map(\.code), ["tablint::dispatcher-drift"], found.map(\.message).joined(separator: "\n"))
        // Two copies outside the type, as near the dispatcher as each other (the nearer one
        // would be the dispatcher's: `SurfaceMistakesTests`).
        let two = Self.lint(["Vend.swift": dispatcher, "Sources/Copy.swift": copy, "Tests/VendTests.swift": copy])
        XCTAssertEqual(Set(two.map(\.code)), ["tablint::ambiguous-pairing"], "two copies outside the type: say so, compare nothing")
    }

    /// A misspelt effect in the table is the table's mistake: `unknown-effect` says so there, and
    /// the dispatcher, which spells it right, is not told to copy the typo.
    func testADispatcherIsNotToldToCopyATypoedEffect() {
        let files = [
            "Timer.swift": """
                enum Timer {
                    enum S { case idle, running }
                    enum A { case start, stop }
                    enum F { case startClock, stopClock }
                    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
                        switch (s, a) {
                        case (.idle, .start): return .go(.running, effects: [.startClock])
                        case (.idle, .stop): return .ignored
                        case (.running, .start): return .ignored
                        case (.running, .stop): return .go(.idle, effects: [.stopClock])
                        }
                    }
                    static let TABLE = Table(
                        machine: "Timer",
                        states: ["Idle", "Running"],
                        actions: ["Start", "Stop"],
                        cells: [
                            [.go(target: "Running", effects: ["StartClock"]), .ignore],
                            [.ignore, .go(target: "Idle", effects: ["StopClok"])],
                        ],
                        initial: "Idle"
                    )
                }

                """,
        ]
        let found = TestRun.lintFiles(["Timer.swift"], jobs: 1, read: { .success(Array(files[$0]!.utf8)) }).diagnostics
        XCTAssertEqual(found.map(\.code), ["tabular-center::unknown-effect"], found.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(found[0].message.contains("expected `\"StopClock\"`"), found[0].message)
        let arm = files["Timer.swift"]!.replacingOccurrences(of: "return .go(.idle, effects: [.stopClock])", with: "return .go(.idle, effects: [.startClock])")
        let drift = TestRun.lintFiles(["Timer.swift"], jobs: 1, read: { _ in .success(Array(arm.utf8)) }).diagnostics.filter { $0.code == "tablint::dispatcher-drift" }
        XCTAssertEqual(drift.count, 1)
        XCTAssertTrue(drift.first?.message.contains("expected `.go(.idle, effects: [.stopClock])`") ?? false, drift.first?.message ?? "")
    }

    /// Black-box pass 4, play/19: two machines named `Pump` in `Lab` and in `Plant`, each with
    /// its own matrix, enums and dispatcher. Each surface pairs with the one in the same outer
    /// types, nested in one file or spread over extensions in several, so `Lab.Pump`'s drift is
    /// reported and nothing is called ambiguous.
    func testTwoMachinesOfOneNameInOtherTypesPairWithTheirOwn() {
        func machine(_ namespace: String, _ pumpingStart: String, split: Bool) -> [String: String] {
            let enums = """
                    enum S { case idle, pumping }
                    enum A { case start, stop }
                    enum F { case click }

                """
            let table = """
                    static let TABLE = Table(
                        machine: "Pump",
                        states: ["Idle", "Pumping"],
                        actions: ["Start", "Stop"],
                        cells: [
                            [.go(target: "Pumping", effects: ["Click"]), .ignore],
                            [.ignore, .ignore],
                        ],
                        initial: "Idle"
                    )

                """
            let step = """
                    static func step(_ s: S, _ a: A) -> Step<S, F> {
                        switch (s, a) {
                        case (.idle, .start): return .go(.pumping, effects: [.click])
                        case (.idle, .stop): return .ignored
                        case (.pumping, .start): return \(pumpingStart)
                        case (.pumping, .stop): return .ignored
                        }
                    }

                """
            guard split else { return ["\(namespace)+Pump.swift": "enum \(namespace) {\n    enum Pump {\n" + enums + table + step + "    }\n}\n"] }
            return [
                "\(namespace)/Pump.swift": "enum \(namespace) { enum Pump {} }\nextension \(namespace).Pump {\n" + enums + "}\n",
                "\(namespace)/Pump.tb.swift": "extension \(namespace).Pump {\n" + table + "}\n",
                "\(namespace)/Pump+Step.swift": "extension \(namespace).Pump {\n" + step + "}\n",
            ]
        }
        for split in [false, true] {
            let files = machine("Lab", ".go(.idle, effects: [])", split: split).merging(machine("Plant", ".ignored", split: split)) { $1 }
            let found = Self.lint(files)
            XCTAssertEqual(found.map(\.code), ["tablint::dispatcher-drift"], "split: \(split)\n" + found.map(\.message).joined(separator: "\n"))
            XCTAssertEqual(found.first?.path.hasPrefix(split ? "Lab/" : "Lab+"), true, found.first?.path ?? "")
        }
    }

}
