import Foundation
import XCTest
@testable import TablintKit

/// The payload types and case names the code-writing paths (scaffold, migrate, the sync fixes)
/// must write so the code compiles (bb6 #1, #6, #9, #5, #13): a generic type whose arguments
/// hold a comma is one field; a type the enum declares itself is qualified outside it; a case
/// added after an `indirect case` clause is not made `indirect`; a narrowed struct that would
/// be named `Step` or `Table` is refused; scaffold cites only rule codes that exist. What is
/// written is type-checked with `swiftc` against the stand-in runtime.
final class GeneratedPayloadTypeTests: XCTestCase {
    static let feed = """
        struct FeedError: Error { let code: Int }
        enum Feed {
            enum S { case idle, loading(page: Int) }
            enum A { case refresh, received(Result<[String], FeedError>) }
            enum F {}
            final class Ctx {}

            static let TABLE = Table(
                machine: "Feed",
                states: ["Idle", "Loading"],
                actions: ["Refresh", "Received"],
                cells: [
                    [.handle, .ignore],
                    [.ignore, .handle],
                ],
                initial: "Idle"
            )
        }

        protocol FeedCells {
            func idleRefresh(_ ctx: Feed.Ctx) -> Step<Feed.S, Feed.F>
        }

        extension Feed {
            static func step(_ cells: FeedCells, _ ctx: Feed.Ctx, _ s: Feed.S, _ a: Feed.A) -> Step<Feed.S, Feed.F> {
                switch (s, a) {
                case (.idle, .refresh): return cells.idleRefresh(ctx)
                case (.idle, .received): return .ignored
                case (.loading, .refresh): return .ignored
                case (.loading, .received): return .ignored
                }
            }
        }
        """

    static let pump = """
        enum Pump {
            enum S {
                case off
                case running(Mode)
                enum Mode { case eco, boost }
            }
            enum A {
                case start
                case tune(Setting)
                struct Setting { var rpm: Int }
            }
            enum F {}
            final class Ctx {}

            static let TABLE = Table(
                machine: "Pump",
                states: ["Off", "Running"],
                actions: ["Start", "Tune"],
                cells: [
                    [.handle, .handle],
                    [.ignore, .handle],
                ],
                initial: "Off"
            )
        }

        protocol PumpCells {
            func offStart(_ ctx: Pump.Ctx) -> Step<Pump.S, Pump.F>
        }

        extension Pump {
            static func step(_ cells: PumpCells, _ ctx: Pump.Ctx, _ s: Pump.S, _ a: Pump.A) -> Step<Pump.S, Pump.F> {
                switch (s, a) {
                case (.off, .start): return cells.offStart(ctx)
                case (.off, .tune): return .ignored
                case (.running, .start): return .ignored
                case (.running, .tune): return .ignored
                }
            }
        }
        """

    static let nav = """
        /// Navigation between screens; an alert remembers the screen beneath it.
        enum Nav {
            enum S {
                case home
                case detail(id: Int)
                indirect case alert(message: String, below: S)
            }
            enum A { case open, close, warn }
            enum F { case track }
            final class Ctx {}

            static let TABLE = Table(
                machine: "Nav",
                states: ["Home", "Detail", "Alert", "Settings"],
                actions: ["Open", "Close", "Warn"],
                cells: [
                    [.handle, .ignore,                             .handle],
                    [.ignore, .go(target: "Home", effects: []),    .handle],
                    [.ignore, .handle,                             .ignore],
                    [.ignore, .go(target: "Home", effects: []),    .ignore],
                ],
                initial: "Home"
            )
        }

        protocol NavCells {
            func homeOpen(_ ctx: Nav.Ctx) -> Step<Nav.S, Nav.F>
            func homeWarn(_ ctx: Nav.Ctx) -> Step<Nav.S, Nav.F>
            func detailWarn(_ ctx: Nav.Ctx, _ state: Nav.Detail) -> Step<Nav.S, Nav.F>
            func alertClose(_ ctx: Nav.Ctx, _ state: Nav.Alert) -> Step<Nav.S, Nav.F>
            func track(_ ctx: Nav.Ctx) -> Nav.A?
        }

        extension Nav {
            struct Detail { var id: Int }
            struct Alert { var message: String; var below: Nav.S }

            static func step(_ cells: NavCells, _ ctx: Nav.Ctx, _ s: Nav.S, _ a: Nav.A) -> Step<Nav.S, Nav.F> {
                switch (s, a) {
                case (.home, .open): return cells.homeOpen(ctx)
                case (.home, .close): return .ignored
                case (.home, .warn): return cells.homeWarn(ctx)
                case (.detail, .open): return .ignored
                case (.detail, .close): return .go(.home, effects: [])
                case let (.detail(id), .warn): return cells.detailWarn(ctx, Nav.Detail(id: id))
                case (.alert, .open): return .ignored
                case let (.alert(message, below), .close): return cells.alertClose(ctx, Nav.Alert(message: message, below: below))
                case (.alert, .warn): return .ignored
                }
            }

            static func perform(_ cells: NavCells, _ ctx: Nav.Ctx, _ f: Nav.F) -> Nav.A? {
                switch f {
                case .track: return cells.track(ctx)
                }
            }
        }
        """

    static let wizard = """
        enum Wizard {
            enum S: Equatable { case welcome, page(Int), step(Int), finished }
            enum A { case next, skip }
            enum F {}
            final class Ctx {}

            static let TABLE = Table(
                machine: "Wizard",
                states: ["Welcome", "Page", "Step", "Finished"],
                actions: ["Next", "Skip"],
                cells: [
                    [.handle, .go(target: "Finished", effects: [])],
                    [.handle, .go(target: "Finished", effects: [])],
                    [.handle, .go(target: "Finished", effects: [])],
                    [.ignore, .ignore],
                ],
                initial: "Welcome"
            )
        }

        protocol WizardCells {
            func welcomeNext(_ ctx: Wizard.Ctx) -> Step<Wizard.S, Wizard.F>
            func pageNext(_ ctx: Wizard.Ctx, _ state: Wizard.Page) -> Step<Wizard.S, Wizard.F>
        }

        extension Wizard {
            struct Page {
                var value: Int
            }

            static func step(_ cells: WizardCells, _ ctx: Wizard.Ctx, _ s: Wizard.S, _ a: Wizard.A) -> Step<Wizard.S, Wizard.F> {
                switch (s, a) {
                case (.welcome, .next): return cells.welcomeNext(ctx)
                case (.welcome, .skip): return .go(.finished, effects: [])
                case let (.page(value), .next): return cells.pageNext(ctx, Wizard.Page(value: value))
                case (.page, .skip): return .go(.finished, effects: [])
                case (.step, .next): return .ignored
                case (.step, .skip): return .go(.finished, effects: [])
                case (.finished, .next): return .ignored
                case (.finished, .skip): return .ignored
                }
            }
        }
        """

    static let onboarding = """
        enum Onboarding {
            enum S: Equatable {
                case welcome
                case step(Int)
                case finished
            }
            enum A { case next, back, skip }

            static let lastStep = 3

            static func reduce(_ s: S, _ a: A) -> S {
                switch (s, a) {
                case (.welcome, .next): return .step(1)
                case let (.step(n), .next): return n >= 3 ? .finished : .step(n + 1)
                case let (.step(n), .back): return n <= 1 ? .welcome : .step(n - 1)
                case (_, .skip): return .finished
                default: return s
                }
            }
        }
        """

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("payload-type-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `tablint scaffold` of `files`, without its `import` lines (the stand-in is in the program).
    private func scaffold(_ files: [String: String]) throws -> (status: Int32, output: String, errors: String) {
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        var output = "", errors = ""
        let status = Tablint.run(arguments: ["scaffold", folder.path], stdout: &output, stderr: &errors)
        let code = output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") && !$0.hasPrefix("@testable import ") }
        return (status, code.joined(separator: "\n"), errors)
    }

    // MARK: bb6 #1

    func testTheSyncFixKeepsAGenericPayloadWithACommaWhole() throws {
        let (texts, _) = CombinedMatrixEditTests.fix(["Feed.swift": Self.feed])
        let after = try XCTUnwrap(texts["Feed.swift"])
        XCTAssertTrue(after.contains("    struct Received {\n        var value: Result<[String], FeedError>\n    }"), after)
        XCTAssertTrue(after.contains("func loadingReceived(_ ctx: Feed.Ctx, _ state: Feed.Loading, _ action: Feed.Received)"), after)
        _ = try CombinedMatrixEditTests.compileAndRun(after + "\n", named: "generic-comma")
    }

    func testScaffoldSplitsAPayloadOnlyAtItsTopLevelCommas() throws {
        let machine = """
            enum Mix {
                enum S { case idle, busy(Result<[String], Never>, [String: Int], (Int, Int) -> Bool, Dictionary<String, [Int]>) }
                enum A { case go }
                enum F {}
                final class Ctx {}
                static let TABLE = Table(
                    machine: "Mix",
                    states: ["Idle", "Busy"],
                    actions: ["Go"],
                    cells: [[.ignore], [.handle]],
                    initial: "Idle"
                )
            }

            """
        let (status, output, errors) = try scaffold(["Mix.swift": machine])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("""
                struct Busy {
                    var value0: Result<[String], Never>
                    var value1: [String: Int]
                    var value2: (Int, Int) -> Bool
                    var value3: Dictionary<String, [Int]>
                }
            """), output)
        _ = try CombinedMatrixEditTests.compileAndRun(machine + output + "\n", named: "scaffold-commas")
    }

    func testMigrateKeepsAGenericPayloadWithACommaWhole() {
        let reducer = """
            struct FeedError: Error { let code: Int }
            enum Feed {
                enum S { case idle, loading }
                enum A { case refresh, received(Result<[String], FeedError>) }
                static func reduce(_ s: S, _ a: A) -> S {
                    switch (s, a) {
                    case (.idle, .refresh): return .loading
                    case (.loading, .received(.success)): return .idle
                    case (.loading, .received(.failure)): return .loading
                    default: return s
                    }
                }
            }

            """
        let made = MigrationPlan.make([("Feed.swift", Array(reducer.utf8))], function: nil) { _ in false }
        XCTAssertEqual(made.refusals, [])
        let text = made.groups.flatMap { $0.matrices + [$0.source] }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
        XCTAssertTrue(text.contains("var value: Result<[String], FeedError>"), text)
        XCTAssertFalse(text.contains("value0"), text)
    }

    // MARK: bb6 #6

    func testScaffoldAndTheSyncFixQualifyTypesTheEnumsDeclare() throws {
        let (texts, _) = CombinedMatrixEditTests.fix(["Pump.swift": Self.pump])
        let after = try XCTUnwrap(texts["Pump.swift"])
        XCTAssertTrue(after.contains("var value: Pump.A.Setting"), after)
        XCTAssertTrue(after.contains("var value: Pump.S.Mode"), after)
        _ = try CombinedMatrixEditTests.compileAndRun(after + "\n", named: "nested-sync")

        let machine = Self.pump.components(separatedBy: "\nprotocol PumpCells")[0] + "\n"
        let (status, output, errors) = try scaffold(["Pump.swift": machine])
        XCTAssertEqual(status, 0, errors)
        XCTAssertTrue(output.contains("var value: Pump.A.Setting"), output)
        XCTAssertTrue(output.contains("var value: Pump.S.Mode"), output)
        _ = try CombinedMatrixEditTests.compileAndRun(machine + output + "\n", named: "nested-scaffold")
    }

    // MARK: bb6 #9

    func testACaseAfterAnIndirectCaseGoesOnALineOfItsOwn() throws {
        let (texts, errors) = CombinedMatrixEditTests.fix(["Nav.swift": Self.nav])
        XCTAssertEqual(errors, [])
        let after = try XCTUnwrap(texts["Nav.swift"])
        XCTAssertTrue(after.contains("        indirect case alert(message: String, below: S)\n        case settings\n    }"), after)
        _ = try CombinedMatrixEditTests.compileAndRun(after + "\n", named: "indirect")
    }

    func testACaseThatWouldJoinAnIndirectClauseOnItsLineIsRefused() throws {
        let oneLine = Self.nav.replacingOccurrences(
            of: "    enum S {\n        case home\n        case detail(id: Int)\n        indirect case alert(message: String, below: S)\n    }",
            with: "    enum S { case home; case detail(id: Int); indirect case alert(message: String, below: S) }")
        XCTAssertNotEqual(oneLine, Self.nav)
        let outcome = RemovalSyncFixTests.run(["Nav.swift": oneLine])
        let after = RemovalSyncFixTests.text(outcome, "Nav.swift")
        XCTAssertFalse(after.contains("settings"), after)
        XCTAssertTrue(outcome.files.flatMap(\.diagnostics).contains { $0.message.contains("is declared by an `indirect case` clause") },
                      outcome.files.flatMap(\.diagnostics).map(\.message).joined(separator: "\n"))
    }

    // MARK: bb6 #5

    func testANarrowedStructNamedAsALibraryTypeIsRefused() throws {
        let outcome = RemovalSyncFixTests.run(["Wizard.swift": Self.wizard])
        XCTAssertEqual(RemovalSyncFixTests.text(outcome, "Wizard.swift"), Self.wizard)
        let messages = outcome.files.flatMap(\.diagnostics).map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("would hide the library's `Step` (`Step<S, F>`)") }, messages.joined(separator: "\n"))

        let machine = Self.wizard.components(separatedBy: "\nprotocol WizardCells")[0] + "\n"
        let (status, output, errors) = try scaffold(["Wizard.swift": machine])
        XCTAssertEqual(status, 1, output)
        XCTAssertTrue(errors.contains("the generator's narrowed struct `Wizard.Step` of `step` would hide the library's `Step`"), errors)

        let made = MigrationPlan.make([("Onboarding.swift", Array(Self.onboarding.utf8))], function: nil) { _ in false }
        XCTAssertTrue(made.refusals.contains { $0.message.contains("the generator's narrowed struct `Onboarding.Step` of `step` would hide the library's `Step`") },
                      made.refusals.map(\.message).joined(separator: "\n"))
    }

    // MARK: bb6 #13

    func testScaffoldCitesOnlyARuleThatExists() throws {
        let knob = """
            enum Knob {
                static let TABLE = Table(
                    machine: "Knob",
                    states: ["Idle", "idle"],
                    actions: ["Turn"],
                    cells: [[.ignore], [.ignore]],
                    initial: "Idle"
                )
            }

            """
        let (status, _, errors) = try scaffold(["Knob.swift": knob])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(errors.contains("the states `Idle` and `idle` would both be the case `idle`"), errors)
        XCTAssertFalse(errors.contains("tabular-center::duplicate-name"), errors)
    }
}
