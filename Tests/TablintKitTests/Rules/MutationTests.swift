import Foundation
import XCTest
@testable import TablintKit

/// A clean project of five machines written as the library's examples write them
/// (`Tests/Fixtures/MutationProject`: `Table` + enums + `Cells` + `step` + `perform` + an
/// implementation; one `@Machine`; `.tbl` pins and a `FIXTURE` string), and realistic editing
/// mistakes applied to it one at a time. Each mistake must be reported at the mistake (the
/// diagnostic, or one of its notes, on the line edited) under a code that names it; each
/// equivalent edit must leave the project clean. Everything runs in process over in-memory
/// files, through the same workspace a real run uses.
final class MutationTests: XCTestCase {
    struct Edit {
        var file: String
        var find: String
        var replace: String
    }

    struct Mutant {
        var category: String
        var edits: [Edit]
        /// The codes (without namespace) that name the mistake.
        var codes: Set<String>
        /// Text of the mutated file whose line is the mistake's; nil for the first edit's line.
        var at: String?
        /// The file `at` is in, when not the first edit's.
        var atFile: String?
        /// Text the message must hold (the misspelt or missing name).
        var mentions: String?
    }

    static let folder = "MutationProject"

    static func project() throws -> [String: String] {
        let root = Fixtures.url(folder)
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where url.pathExtension == "swift" || url.pathExtension == "tbl" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    static func lint(_ files: [String: String]) -> [Diagnostic] {
        TestRun.lintFiles(files.keys.sorted(), jobs: 1, read: { .success(Array(files[$0]!.utf8)) }).diagnostics
    }

    static func line(of offset: String.Index, in text: String) -> Int {
        text[..<offset].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// Applies the edits; nil (and a failure) when one does not find its text exactly once.
    static func apply(_ edits: [Edit], to project: [String: String]) -> [String: String]? {
        var files = project
        for edit in edits {
            guard let text = files[edit.file], text.components(separatedBy: edit.find).count == 2 else {
                XCTFail("`\(edit.find)` is not in \(edit.file) exactly once")
                return nil
            }
            files[edit.file] = text.replacingOccurrences(of: edit.find, with: edit.replace)
        }
        return files
    }

    enum Verdict: Equatable { case atMistake, elsewhere, missed }

    static func verdict(_ mutant: Mutant, _ project: [String: String]) -> (Verdict, [Diagnostic])? {
        guard let files = apply(mutant.edits, to: project) else { return nil }
        let first = mutant.edits[0]
        let file = mutant.atFile ?? first.file
        let text = files[file]!
        let anchor = mutant.at ?? first.replace
        let line: Int
        if mutant.at == nil {
            let offset = project[first.file]!.range(of: first.find)!.lowerBound
            line = Self.line(of: text.index(text.startIndex, offsetBy: project[first.file]!.distance(from: project[first.file]!.startIndex, to: offset)), in: text)
                + first.replace.prefix { $0 == "\n" }.count
        } else {
            guard let range = text.range(of: anchor) else {
                XCTFail("anchor `\(anchor)` is not in \(file)")
                return nil
            }
            line = Self.line(of: range.lowerBound, in: text)
        }
        let found = lint(files)
        func names(_ diagnostic: Diagnostic) -> Bool {
            mutant.codes.contains { diagnostic.code.hasSuffix("::" + $0) }
                && (mutant.mentions.map { diagnostic.message.contains($0) } ?? true)
        }
        let named = found.filter(names)
        if named.contains(where: { ($0.path == file && $0.start.line == line) || $0.notes.contains { $0.path == file && $0.location.line == line } }) {
            return (.atMistake, found)
        }
        return (found.isEmpty ? .missed : .elsewhere, found)
    }

    func testTheProjectIsClean() throws {
        let found = Self.lint(try Self.project())
        XCTAssertEqual(found.map { "\($0.path):\($0.start.line): \($0.message) [\($0.code)]" }, [])
    }

    func testMistakesAreReportedAtTheMistakeAndEquivalentEditsStaySilent() throws {
        try FullSuite.require("applies 187 edits to the mutation project")
        let project = try Self.project()
        let mutants = Self.mutants
        var byCategory: [String: (caught: Int, elsewhere: Int, missed: Int)] = [:]
        var failures: [String] = []
        for mutant in mutants {
            guard let (verdict, found) = Self.verdict(mutant, project) else { continue }
            var counts = byCategory[mutant.category] ?? (0, 0, 0)
            switch verdict {
            case .atMistake: counts.caught += 1
            case .elsewhere: counts.elsewhere += 1
            case .missed: counts.missed += 1
            }
            byCategory[mutant.category] = counts
            if verdict != .atMistake {
                let edit = mutant.edits[0]
                failures.append("[\(mutant.category)] \(edit.file): `\(edit.find)` → `\(edit.replace)`: "
                    + (found.isEmpty ? "nothing reported" : found.map { "\($0.path):\($0.start.line) [\($0.code)] \($0.message.prefix(90))" }.joined(separator: " | ")))
            }
        }
        var falsePositives: [String] = []
        for (name, edits) in Self.equivalents {
            guard let files = Self.apply(edits, to: project) else { continue }
            // A note that a cell could not be read reports nothing wrong (it says the analysis
            // gave up); `testAHelperTablintCannotFollowIsOnlyNoted` checks it is there.
            let found = Self.lint(files).filter { !($0.code == "tablint::unread-cells" && $0.severity == .note) }
            if !found.isEmpty {
                falsePositives.append("\(name): " + found.map { "\($0.path):\($0.start.line) [\($0.code)] \($0.message.prefix(90))" }.joined(separator: " | "))
            }
        }
        let caught = byCategory.values.map(\.caught).reduce(0, +)
        var report = ["mutation report: \(caught) of \(mutants.count) mistakes caught at the mistake (\(Self.percent(caught, mutants.count))), "
            + "\(byCategory.values.map(\.elsewhere).reduce(0, +)) reported elsewhere, \(byCategory.values.map(\.missed).reduce(0, +)) not at all; "
            + "\(falsePositives.count) of \(Self.equivalents.count) equivalent edits reported"]
        for category in byCategory.keys.sorted() {
            let counts = byCategory[category]!
            let total = counts.caught + counts.elsewhere + counts.missed
            report.append("  \(category.padding(toLength: 22, withPad: " ", startingAt: 0)) \(counts.caught)/\(total) at the mistake, \(counts.elsewhere) elsewhere, \(counts.missed) missed")
        }
        report += failures.map { "  not at the mistake: " + $0 }
        report += falsePositives.map { "  false positive: " + $0 }
        print(report.joined(separator: "\n"))

        XCTAssertGreaterThanOrEqual(mutants.count, 150)
        XCTAssertGreaterThanOrEqual(byCategory.count, 15)
        XCTAssertTrue(byCategory.values.allSatisfy { $0.caught + $0.elsewhere + $0.missed >= 5 }, "at least 5 mutants per category")
        XCTAssertGreaterThanOrEqual(Self.equivalents.count, 25)
        XCTAssertGreaterThanOrEqual(Double(caught), 0.95 * Double(mutants.count), "caught at the mistake: \(Self.percent(caught, mutants.count))")
        XCTAssertEqual(falsePositives, [], "equivalent edits must stay silent")
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "n/a" : "\(Int((Double(part) * 1000 / Double(whole)).rounded()) / 10).\(Int((Double(part) * 1000 / Double(whole)).rounded()) % 10) %"
    }

    // MARK: The mistakes

    static let turnstile = "Turnstile/Turnstile.swift", turnstileTable = "Turnstile/Turnstile.tb.swift"
    static let turnstilePin = "Turnstile/TurnstileSpec.swift", turnstileImpl = "Turnstile/TurnstileImpl.swift"
    static let timer = "Timer/Timer.swift", timerTable = "Timer/Timer.tb.swift", timerPin = "Timer/Timer.tbl"
    static let timerImpl = "Timer/TimerImpl.swift"
    static let vend = "Vend/Vend.swift", vendTable = "Vend/Vend.tb.swift", vendPin = "Vend/Vend.tbl", vendImpl = "Vend/VendImpl.swift"
    static let retry = "Retry/Retry.swift", retryTable = "Retry/Retry.tb.swift", retryImpl = "Retry/RetryImpl.swift"
    static let door = "Door/Door.tb.swift", doorPin = "Door/Door.tbl"

    static func m(
        _ category: String, _ file: String, _ find: String, _ replace: String, _ codes: Set<String>, at: String? = nil,
        atFile: String? = nil, mentions: String? = nil, also: [Edit] = []
    ) -> Mutant {
        Mutant(category: category, edits: [Edit(file: file, find: find, replace: replace)] + also, codes: codes, at: at, atFile: atFile, mentions: mentions)
    }

    static func e(_ file: String, _ find: String, _ replace: String) -> Edit { Edit(file: file, find: find, replace: replace) }

    static let tables: [(file: String, owner: String)] = [(turnstileTable, "Turnstile"), (vendTable, "Vend"), (retryTable, "Retry")]

    static var mutants: [Mutant] {
        var all: [Mutant] = []
        // A pin left behind when its matrix changed (or edited by itself).
        let pinCell: Set<String> = ["pin-drift"]
        all += [
            m("pin-cell", timerPin, "Running | IGNORE                  | HANDLE", "Running | IGNORE                  | IGNORE", pinCell),
            m("pin-cell", timerPin, "GO(Idle, StopClock)", "GO(Idle)      ", pinCell),
            m("pin-cell", vendPin, "Collecting | HANDLE      ", "Collecting | IGNORE      ", pinCell),
            m("pin-cell", vendPin, "EMIT(ShowPrice)", "EMIT(AcceptCoin)", pinCell),
            m("pin-cell", turnstilePin, "| EMIT(Buzz)       |", "| IGNORE           |", pinCell),
            m("pin-cell", turnstilePin, "Broken   | IGNORE    ", "Broken   | HANDLE    ", pinCell),
            m("pin-cell", doorPin, "GO(Locked, Click)", "GO(Open, Click)", pinCell),
            m("pin-cell", doorPin, "Open   | IGNORE | GO(Shut, Creak)", "Open   | IGNORE | GO(Shut)       ", pinCell),
            m("pin-cell", timerPin, "Idle    | GO(Running, StartClock) | IGNORE | IGNORE", "Idle    | GO(Running, StartClock) | IGNORE | GO(Done)", pinCell),
            m("pin-cell", vendPin, "| GO(Idle)", "| GO(Collecting)", pinCell),
        ]
        all += [
            m("pin-header", timerPin, "initial Idle", "initial Running", pinCell, mentions: "Running"),
            m("pin-header", turnstilePin, "initial Locked", "initial Unlocked", pinCell, mentions: "Unlocked"),
            m("pin-header", vendPin, "machine Vend", "machine Vendor", pinCell, mentions: "Vendor"),
            m("pin-header", doorPin, "machine Door", "machine Doors", pinCell, mentions: "Doors"),
            m("pin-header", timerPin, "actions Start Tick Cancel", "actions Start Tick Stop", pinCell, mentions: "Stop"),
            m("pin-header", doorPin, "initial Shut", "initial Open", pinCell, mentions: "Open"),
            m("pin-header", turnstilePin, "machine Turnstile", "machine Gate", pinCell, mentions: "Gate"),
            m("pin-header", vendPin, "states  Idle Collecting Dispensing", "states  Idle Collecting", pinCell, mentions: "Dispensing"),
        ]
        // An effect `enum F` does not declare, in a `Table` literal.
        let effect: Set<String> = ["unknown-effect"]
        all += [
            m("effect-typo", turnstileTable, "[\"Unlock\"]", "[\"Unlok\"]", effect, mentions: "Unlok"),
            m("effect-typo", turnstileTable, "[\"Lock\"]", "[\"Lcok\"]", effect, mentions: "Lcok"),
            m("effect-typo", timerTable, "[\"StopClock\"]", "[\"StopClok\"]", effect, mentions: "StopClok"),
            m("effect-typo", vendTable, "[\"AcceptCoin\"]", "[\"AcceptCoins\"]", effect, mentions: "AcceptCoins"),
            m("effect-typo", vendTable, ".emit(effects: [\"ShowPrice\"])", ".emit(effects: [\"ShowPrize\"])", effect, mentions: "ShowPrize"),
            m("effect-typo", retryTable, "[\"Schedule\"]", "[\"Shedule\"]", effect, mentions: "Shedule"),
            m("effect-typo", turnstileTable, ".emit(effects: [\"Buzz\"])", ".emit(effects: [\"Buz\"]) ", effect, mentions: "Buz"),
            m("effect-typo", vendTable, ".emit(effects: [\"ReturnCoins\"]),", ".emit(effects: [\"ReturnCoin\"]), ", effect, mentions: "ReturnCoin"),
            m("effect-typo", timerTable, "[.go(target: \"Running\", effects: [\"StartClock\"]), .ignore,  .unreachable]", "[.go(target: \"Running\", effects: [\"StartClck\"]),  .ignore,  .unreachable]", effect, mentions: "StartClck"),
        ]
        // A HANDLE arm that calls another cell's member.
        let drift: Set<String> = ["dispatcher-drift"]
        all += [
            m("wrong-member", turnstile, "case (.unlocked, .coin): return c.unlockedCoin(ctx)", "case (.unlocked, .coin): return c.brokenKick(ctx)", drift, mentions: "unlockedCoin"),
            m("wrong-member", turnstile, "case (.broken, .kick): return c.brokenKick(ctx)", "case (.broken, .kick): return c.unlockedCoin(ctx)", drift, mentions: "brokenKick"),
            m("wrong-member", vend, "case (.collecting, .select): return c.collectingSelect(ctx)", "case (.collecting, .select): return c.collectingCoin(ctx)", drift, mentions: "collectingSelect"),
            m("wrong-member", vend, "case (.collecting, .coin): return c.collectingCoin(ctx)", "case (.collecting, .coin): return c.collectingSelect(ctx)", drift, mentions: "collectingCoin"),
            m("wrong-member", retry, "case (.trying, .fail): return c.tryingFail(ctx)", "case (.trying, .fail): return c.failedFail(ctx)", drift, mentions: "tryingFail"),
            m("wrong-member", retry, "case (.failed, .fail): return c.failedFail(ctx)", "case (.failed, .fail): return c.tryingFail(ctx)", drift, mentions: "failedFail"),
        ]
        // A `perform` arm that calls another effect's member.
        all += [
            m("perform-member", turnstile, "case .lock: return c.lock(ctx)", "case .lock: return c.alarm(ctx)", drift, mentions: "lock"),
            m("perform-member", turnstile, "case .buzz: return c.buzz(ctx)", "case .buzz: return c.unlock(ctx)", drift, mentions: "buzz"),
            m("perform-member", timer, "case .stopClock: return c.stopClock(ctx)", "case .stopClock: return c.startClock(ctx)", drift, mentions: "stopClock"),
            m("perform-member", vend, "case .dispense: return c.dispense(ctx)", "case .dispense: return c.returnCoins(ctx)", drift, mentions: "dispense"),
            m("perform-member", vend, "case .showPrice: return c.showPrice(ctx)", "case .showPrice: return c.acceptCoin(ctx)", drift, mentions: "showPrice"),
            m("perform-member", retry, "case .giveUp: return c.giveUp(ctx)", "case .giveUp: return c.schedule(ctx)", drift, mentions: "giveUp"),
        ]
        // A `machine:` string left from a copy, or misspelt.
        let name: Set<String> = ["machine-name"]
        all += [
            m("machine-name", retryTable, "machine: \"Retry\"", "machine: \"Timer\"", name, mentions: "Retry"),
            m("machine-name", vendTable, "machine: \"Vend\"", "machine: \"Vnd\"", name, mentions: "Vend"),
            m("machine-name", turnstileTable, "machine: \"Turnstile\"", "machine: \"Turnstyle\"", name, mentions: "Turnstile"),
            m("machine-name", timerTable, "machine: \"Timer\"", "machine: \"Retry\"", name, mentions: "Timer"),
            m("machine-name", retryTable, "machine: \"Retry\"", "machine: \"Retyr\"", name, mentions: "Retry"),
            m("machine-name", vendTable, "machine: \"Vend\"", "machine: \"Turnstile\"", name, mentions: "Vend"),
            m("machine-name", turnstileTable, "machine: \"Turnstile\"", "machine: \"turnstile\"", name, mentions: "Turnstile"),
            m("machine-name", timerTable, "machine: \"Timer\"", "machine: \"TimerMachine\"", name, mentions: "Timer"),
        ]
        // A state inserted in the middle of `states:` without a row, its enum case forgotten
        // too, or added.
        let rowless: Set<String> = ["missing-row", "enum-drift"]
        all += [
            m("state-inserted", turnstileTable, "[\"Locked\", \"Unlocked\", \"Broken\"]", "[\"Locked\", \"Jammed\", \"Unlocked\", \"Broken\"]", rowless, mentions: "`Jammed`"),
            m("state-inserted", timerTable, "[\"Idle\", \"Running\", \"Done\"]", "[\"Idle\", \"Paused\", \"Running\", \"Done\"]", rowless, mentions: "`Paused`"),
            m("state-inserted", vendTable, "[\"Idle\", \"Collecting\", \"Dispensing\"]", "[\"Idle\", \"Collecting\", \"Refunding\", \"Dispensing\"]", rowless, mentions: "`Refunding`"),
            m("state-inserted", retryTable, "[\"Waiting\", \"Trying\", \"Failed\"]", "[\"Waiting\", \"Backoff\", \"Trying\", \"Failed\"]", rowless, mentions: "`Backoff`"),
            m("state-inserted", turnstileTable, "[\"Locked\", \"Unlocked\", \"Broken\"]", "[\"Jammed\", \"Locked\", \"Unlocked\", \"Broken\"]", rowless, mentions: "`Jammed`"),
            m("state-inserted", vendTable, "[\"Idle\", \"Collecting\", \"Dispensing\"]", "[\"Idle\", \"Paying\", \"Collecting\", \"Dispensing\"]", rowless, mentions: "`Paying`"),
        ]
        let missing: Set<String> = ["missing-row"]
        all += [
            m("state-inserted-enum", turnstileTable, "[\"Locked\", \"Unlocked\", \"Broken\"]", "[\"Locked\", \"Jammed\", \"Unlocked\", \"Broken\"]", missing,
              mentions: "state `Jammed` has no row", also: [e(turnstile, "case locked, unlocked, broken", "case locked, jammed, unlocked, broken")]),
            m("state-inserted-enum", timerTable, "[\"Idle\", \"Running\", \"Done\"]", "[\"Idle\", \"Paused\", \"Running\", \"Done\"]", missing,
              mentions: "state `Paused` has no row", also: [e(timer, "case idle, running, done", "case idle, paused, running, done")]),
            m("state-inserted-enum", vendTable, "[\"Idle\", \"Collecting\", \"Dispensing\"]", "[\"Idle\", \"Collecting\", \"Refunding\", \"Dispensing\"]", missing,
              mentions: "state `Refunding` has no row", also: [e(vend, "case idle, collecting, dispensing", "case idle, collecting, refunding, dispensing")]),
            m("state-inserted-enum", retryTable, "[\"Waiting\", \"Trying\", \"Failed\"]", "[\"Waiting\", \"Backoff\", \"Trying\", \"Failed\"]", missing,
              mentions: "state `Backoff` has no row", also: [e(retry, "case waiting, trying, failed", "case waiting, backoff, trying, failed")]),
            m("state-inserted-enum", timerTable, "[\"Idle\", \"Running\", \"Done\"]", "[\"Paused\", \"Idle\", \"Running\", \"Done\"]", missing,
              mentions: "state `Paused` has no row", also: [e(timer, "case idle, running, done", "case paused, idle, running, done")]),
            m("state-inserted-enum", vendTable, "[\"Idle\", \"Collecting\", \"Dispensing\"]", "[\"Idle\", \"Paying\", \"Collecting\", \"Dispensing\"]", missing,
              mentions: "state `Paying` has no row", also: [e(vend, "case idle, collecting, dispensing", "case idle, paying, collecting, dispensing")]),
        ]
        // An action renamed in the matrix and nowhere else.
        let enumDrift: Set<String> = ["enum-drift"]
        all += [
            m("action-renamed", turnstileTable, "[\"Coin\", \"Push\", \"Kick\"]", "[\"Coin\", \"Push\", \"Kik\"]", enumDrift, mentions: "Kik"),
            m("action-renamed", timerTable, "[\"Start\", \"Tick\", \"Cancel\"]", "[\"Start\", \"Tock\", \"Cancel\"]", enumDrift, mentions: "Tock"),
            m("action-renamed", vendTable, "[\"Coin\", \"Select\", \"Refund\", \"Done\"]", "[\"Coin\", \"Select\", \"Return\", \"Done\"]", enumDrift, mentions: "Return"),
            m("action-renamed", retryTable, "[\"Run\", \"Fail\", \"Reset\"]", "[\"Run\", \"Fail\", \"Restart\"]", enumDrift, mentions: "Restart"),
            m("action-renamed", turnstileTable, "[\"Coin\", \"Push\", \"Kick\"]", "[\"Token\", \"Push\", \"Kick\"]", enumDrift, mentions: "Token"),
        ]
        // A table bound under another name, and a drift the comparison must still see.
        all += [
            m("renamed-binding", turnstileTable, "static let TABLE = Table(", "static let transitions = Table(", drift,
              at: "case (.broken, .coin): return .go(.locked, effects: [])", atFile: turnstile,
              also: [e(turnstile, "case (.broken, .coin): return .ignored", "case (.broken, .coin): return .go(.locked, effects: [])")]),
            m("renamed-binding", vendTable, "static let TABLE = Table(", "static let transitions = Table(", drift,
              at: "case (.dispensing, .select): return .stay(effects: [.showPrice])", atFile: vend,
              also: [e(vend, "case (.dispensing, .select): return .ignored", "case (.dispensing, .select): return .stay(effects: [.showPrice])")]),
            m("renamed-binding", retryTable, "static let TABLE = Table(", "static let spec = Table(", drift,
              at: "case (.waiting, .fail): return .go(.failed, effects: [])", atFile: retry,
              also: [e(retry, "case (.waiting, .fail): return .ignored", "case (.waiting, .fail): return .go(.failed, effects: [])")]),
            m("renamed-binding", turnstileTable, "static let TABLE = Table(", "static let matrix = Table(", drift,
              at: "case (.locked, .kick): return .go(.locked, effects: [.alarm])", atFile: turnstile,
              also: [e(turnstile, "case (.locked, .kick): return .go(.broken, effects: [.alarm])", "case (.locked, .kick): return .go(.locked, effects: [.alarm])")]),
            m("renamed-binding", retryTable, "static let TABLE = Table(", "static let RETRY = Table(", drift,
              at: "case (.failed, .run): return .go(.trying, effects: [])", atFile: retry,
              also: [e(retry, "case (.failed, .run): return .ignored", "case (.failed, .run): return .go(.trying, effects: [])")]),
        ]
        // A `Cells` requirement the generator would not emit.
        let cells: Set<String> = ["cells-drift"]
        all += [
            m("stale-requirement", turnstile, "        func brokenKick(_ ctx: Ctx) -> Step<S, F>\n", "        func brokenKick(_ ctx: Ctx) -> Step<S, F>\n        func lockedCoin(_ ctx: Ctx) -> Step<S, F>\n", cells, at: "func lockedCoin", mentions: "lockedCoin"),
            m("stale-requirement", timer, "    func ring(_ ctx: TimerCtx) -> TimerA?\n", "    func ring(_ ctx: TimerCtx) -> TimerA?\n    func idleStart(_ ctx: TimerCtx) -> Step<TimerS, TimerF>\n", cells, at: "func idleStart", mentions: "idleStart"),
            m("stale-requirement", vend, "        func showPrice(_ ctx: Ctx) -> A?\n", "        func showPrice(_ ctx: Ctx) -> A?\n        func idleSelect(_ ctx: Ctx) -> Step<S, F>\n", cells, at: "func idleSelect", mentions: "idleSelect"),
            m("stale-requirement", retry, "        func giveUp(_ ctx: Ctx) -> A?\n", "        func giveUp(_ ctx: Ctx) -> A?\n        func waitingRun(_ ctx: Ctx) -> Step<S, F>\n", cells, at: "func waitingRun", mentions: "waitingRun"),
            m("stale-requirement", turnstile, "        func alarm(_ ctx: Ctx) -> A?\n", "        func alarm(_ ctx: Ctx) -> A?\n        func beep(_ ctx: Ctx) -> A?\n", cells, at: "func beep", mentions: "beep"),
            m("stale-requirement", timer, "    func startClock(_ ctx: TimerCtx) -> TimerA?\n", "    func startClock(_ ctx: TimerCtx) -> TimerA?\n    func doneStart(_ ctx: TimerCtx) -> Step<TimerS, TimerF>\n", cells, at: "func doneStart", mentions: "doneStart"),
            m("stale-requirement", retry, "        func schedule(_ ctx: Ctx) -> A?\n", "        func schedule(_ ctx: Ctx) -> A?\n        func failedRun(_ ctx: Ctx) -> Step<S, F>\n", cells, at: "func failedRun", mentions: "failedRun"),
            m("stale-requirement", vend, "        func acceptCoin(_ ctx: Ctx) -> A?\n", "        func acceptCoin(_ ctx: Ctx) -> A?\n        func dispensingCoin(_ ctx: Ctx) -> Step<S, F>\n", cells, at: "func dispensingCoin", mentions: "dispensingCoin"),
        ]
        // A row deleted.
        all += [
            m("missing-row", turnstileTable, "            [.handle,                                      .go(target: \"Locked\", effects: [\"Lock\"]), .go(target: \"Broken\", effects: [\"Alarm\"])],\n", "", missing, mentions: "state `Unlocked` has no row"),
            m("missing-row", turnstileTable, "            [.ignore,                                      .ignore,                                  .handle],\n", "", missing, mentions: "state `Broken` has no row"),
            m("missing-row", timerTable, "        [.ignore,                                         .handle,  .go(target: \"Idle\", effects: [\"StopClock\"])],\n", "", missing, mentions: "state `Running` has no row"),
            m("missing-row", timerTable, "        [.go(target: \"Running\", effects: [\"StartClock\"]), .ignore,  .ignore],\n", "", missing, mentions: "state `Idle` has no row"),
            m("missing-row", vendTable, "            [.handle,                                            .handle,                       .go(target: \"Idle\", effects: [\"ReturnCoins\"]), .unreachable],\n", "", missing, mentions: "state `Collecting` has no row"),
            m("missing-row", retryTable, "            [.ignore,                            .handle,  .go(target: \"Waiting\", effects: [\"Schedule\"])],\n", "", missing, mentions: "state `Trying` has no row"),
            m("missing-row", vendTable, "            [.emit(effects: [\"ReturnCoins\"]),                    .ignore,                       .ignore,                                       .go(target: \"Idle\", effects: [])],\n", "", missing, mentions: "state `Dispensing` has no row"),
            m("missing-row", door, "    @Row(.open)   static let o = [ .ignore, .go(.shut, [.creak]),  .ignore ]\n", "", missing, mentions: "open"),
        ]
        // A row with a cell too few or too many.
        let arity: Set<String> = ["row-arity"]
        all += [
            m("row-arity", turnstileTable, "                                  .handle],", "                                  ],", arity),
            m("row-arity", timerTable, ".ignore,  .unreachable],", ".ignore],", arity),
            m("row-arity", vendTable, ".go(target: \"Idle\", effects: [\"ReturnCoins\"]), .unreachable],", ".go(target: \"Idle\", effects: [\"ReturnCoins\"])],", arity),
            m("row-arity", retryTable, "[.go(target: \"Trying\", effects: []), .ignore,  .ignore],", "[.go(target: \"Trying\", effects: []), .ignore,  .ignore, .ignore],", arity),
            m("row-arity", door, "[ .ignore, .ignore,               .handle ]", "[ .ignore, .handle ]", arity),
            m("row-arity", timerPin, "Done    | GO(Running, StartClock) | IGNORE | UNREACHABLE", "Done    | GO(Running, StartClock) | IGNORE", arity),
        ]
        // Two cells swapped within a row: the dispatcher and the pins still say the old order.
        let swapped: Set<String> = ["dispatcher-drift", "pin-drift"]
        all += [
            m("swapped-cells", turnstileTable, "[.go(target: \"Unlocked\", effects: [\"Unlock\"]), .emit(effects: [\"Buzz\"]),                 .go(target: \"Broken\", effects: [\"Alarm\"])]",
              "[.go(target: \"Unlocked\", effects: [\"Unlock\"]), .go(target: \"Broken\", effects: [\"Alarm\"]),     .emit(effects: [\"Buzz\"])]", swapped),
            m("swapped-cells", timerTable, "[.go(target: \"Running\", effects: [\"StartClock\"]), .ignore,  .unreachable]", "[.go(target: \"Running\", effects: [\"StartClock\"]), .unreachable,  .ignore]", swapped),
            m("swapped-cells", vendTable, ".ignore,                                       .unreachable],", ".unreachable,                                  .ignore],", swapped),
            m("swapped-cells", retryTable, "[.go(target: \"Trying\", effects: []), .ignore,  .ignore],", "[.ignore,                            .go(target: \"Trying\", effects: []),  .ignore],", swapped),
            m("swapped-cells", door, "[ .ignore, .go(.shut, [.creak]),  .ignore ]", "[ .go(.shut, [.creak]), .ignore,  .ignore ]", swapped),
            m("swapped-cells", vendTable, "[.handle,                                            .handle,                       .go(target: \"Idle\", effects: [\"ReturnCoins\"]), .unreachable]",
              "[.handle,                                            .handle,                       .unreachable,                                  .go(target: \"Idle\", effects: [\"ReturnCoins\"])]", swapped),
        ]
        // A GO to a state that does not exist, and a misspelt `initial`.
        let unknownState: Set<String> = ["unknown-state"]
        all += [
            m("target-typo", turnstileTable, "[.handle,                                      .go(target: \"Locked\"", "[.handle,                                      .go(target: \"Lockd\" ", unknownState, mentions: "Lockd"),
            m("target-typo", timerTable, ".go(target: \"Idle\", effects: [\"StopClock\"])", ".go(target: \"Idel\", effects: [\"StopClock\"])", unknownState, mentions: "Idel"),
            m("target-typo", vendTable, ".go(target: \"Collecting\"", ".go(target: \"Colecting\" ", unknownState, mentions: "Colecting"),
            m("target-typo", retryTable, ".go(target: \"Trying\"", ".go(target: \"Tyring\"", unknownState, mentions: "Tyring"),
            m("target-typo", door, ".go(.locked, [.click])", ".go(.lockd, [.click]) ", unknownState, mentions: "lockd"),
            m("target-typo", timerPin, "GO(Idle, StopClock)", "GO(Iddle, StopClock)", unknownState, mentions: "Iddle"),
            m("target-typo", vendPin, "GO(Collecting, AcceptCoin)", "GO(Colecting, AcceptCoin) ", unknownState, mentions: "Colecting"),
        ]
        all += [
            m("initial-typo", turnstileTable, "initial: \"Locked\"", "initial: \"Lockd\"", unknownState, mentions: "Lockd"),
            m("initial-typo", timerTable, "initial: \"Idle\"", "initial: \"idle\"", unknownState, mentions: "idle"),
            m("initial-typo", vendTable, "initial: \"Idle\"", "initial: \"Iddle\"", unknownState, mentions: "Iddle"),
            m("initial-typo", retryTable, "initial: \"Waiting\"", "initial: \"Wating\"", unknownState, mentions: "Wating"),
            m("initial-typo", door, "static let initial = S.shut", "static let initial = S.shutt", unknownState, mentions: "shutt"),
            m("initial-typo", vendPin, "initial Idle", "initial Idel", unknownState, mentions: "Idel"),
        ]
        // A `default:` in a dispatcher.
        let defaulted: Set<String> = ["dispatcher-default"]
        all += [
            m("default-arm", turnstile, "case (.broken, .kick): return c.brokenKick(ctx)", "default: return c.brokenKick(ctx)", defaulted),
            m("default-arm", timer, "case (.done, .cancel): fatalError", "default: fatalError", defaulted),
            m("default-arm", vend, "case (.dispensing, .done): return .go(.idle, effects: [])", "default: return .go(.idle, effects: [])", defaulted),
            m("default-arm", retry, "case (.failed, .reset): return .go(.waiting, effects: [])", "default: return .go(.waiting, effects: [])", defaulted),
            m("default-arm", turnstile, "case .alarm: return c.alarm(ctx)", "default: return c.alarm(ctx)", defaulted),
            m("default-arm", retry, "case .giveUp: return c.giveUp(ctx)", "default: return c.giveUp(ctx)", defaulted),
            m("default-arm", vend, "        case (.dispensing, .select): return .ignored\n        case (.dispensing, .refund): return .ignored\n        case (.dispensing, .done): return .go(.idle, effects: [])\n", "        default: return .ignored\n", defaulted),
        ]
        // An arm removed (the enums lost the case too, or a `default:` hides it) or listed twice.
        all += [
            m("removed-arm", turnstile, "        case (.locked, .push): return .stay(effects: [.buzz])\n", "", drift, at: "switch (s, a)", mentions: "(Locked, Push)"),
            m("removed-arm", timer, "    case (.running, .cancel): return .go(.idle, effects: [.stopClock])\n", "", drift, at: "switch (s, a)", mentions: "(Running, Cancel)"),
            m("removed-arm", vend, "        case (.idle, .select): return .stay(effects: [.showPrice])\n", "", drift, at: "switch (s, a)", mentions: "(Idle, Select)"),
            m("removed-arm", retry, "        case (.trying, .reset): return .go(.waiting, effects: [.schedule])\n", "", drift, at: "switch (s, a)", mentions: "(Trying, Reset)"),
            m("removed-arm", timer, "    case (.done, .start): return .go(.running, effects: [.startClock])\n", "", drift, at: "switch (s, a)", mentions: "(Done, Start)"),
            m("removed-arm", vend, "        case (.dispensing, .coin): return .stay(effects: [.returnCoins])\n", "", drift, at: "switch (s, a)", mentions: "(Dispensing, Coin)"),
            m("removed-arm", turnstile, "        case (.unlocked, .push): return .go(.locked, effects: [.lock])\n", "", drift, at: "switch (s, a)", mentions: "(Unlocked, Push)"),
        ]
        all += [
            m("duplicated-arm", turnstile, "        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n", "        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n        case (.locked, .coin): return .ignored\n", drift, at: "case (.locked, .coin): return .ignored"),
            m("duplicated-arm", timer, "    case (.idle, .tick): return .ignored\n", "    case (.idle, .tick): return .ignored\n    case (.idle, .tick): return c.runningTick(ctx)\n", drift, at: "case (.idle, .tick): return c.runningTick(ctx)"),
            m("duplicated-arm", vend, "        case (.idle, .refund): return .ignored\n", "        case (.idle, .refund): return .ignored\n        case (.idle, .refund): return .go(.idle, effects: [.returnCoins])\n", drift, at: "case (.idle, .refund): return .go("),
            m("duplicated-arm", retry, "        case (.waiting, .run): return .go(.trying, effects: [])\n", "        case (.waiting, .run): return .go(.trying, effects: [])\n        case (.waiting, .run): return .ignored\n", drift, at: "case (.waiting, .run): return .ignored"),
            m("duplicated-arm", timer, "    case .ring: return c.ring(ctx)\n", "    case .ring: return c.ring(ctx)\n    case .ring: return nil\n", drift, at: "case .ring: return nil"),
            m("duplicated-arm", vend, "        case (.dispensing, .done): return .go(.idle, effects: [])\n", "        case (.dispensing, .done): return .go(.idle, effects: [])\n        case (.dispensing, .done): return .ignored\n", drift, at: "case (.dispensing, .done): return .ignored"),
            m("duplicated-arm", turnstile, "        case .lock: return c.lock(ctx)\n", "        case .lock: return c.lock(ctx)\n        case .lock: return nil\n", drift, at: "case .lock: return nil"),
        ]
        // An EMIT with no effects.
        let emit: Set<String> = ["empty-emit"]
        all += [
            m("empty-emit", turnstileTable, ".emit(effects: [\"Buzz\"])", ".emit(effects: [])      ", emit),
            m("empty-emit", vendTable, ".emit(effects: [\"ShowPrice\"])", ".emit(effects: [])           ", emit),
            m("empty-emit", vendTable, ".emit(effects: [\"ReturnCoins\"])", ".emit(effects: [])             ", emit),
            m("empty-emit", vendPin, "EMIT(ShowPrice)", "EMIT()         ", emit),
            m("empty-emit", turnstilePin, "EMIT(Buzz)", "EMIT()    ", emit),
            m("empty-emit", door, ".go(.shut, [.creak])", ".emit([])           ", emit),
        ]
        // A happy path the matrix cannot walk.
        let path: Set<String> = ["path-broken", "path-unknown-state", "path-unterminated"]
        all += [
            m("path-unwalkable", door, "[.shut, .push, .open]", "[.shut, .pull, .open]", path),
            m("path-unwalkable", door, "[.shut, .push, .open]", "[.shut, .push]", path),
            m("path-unwalkable", door, "[.shut, .push, .open]", "[.shut, .push, .opened]", path),
            m("path-unwalkable", door, "back: .pull)", "back: .pul)", path),
            m("path-unwalkable", door, "[.shut, .push, .open]", "[.shut, .lock, .open]", path),
            m("path-unwalkable", door, "[.shut, .push, .open]", "[.shut, .push, .open, .pull, .shut]", path),
        ]
        // A row edited and not realigned.
        let aligned: Set<String> = ["alignment"]
        all += [
            m("misaligned-row", timerTable, "[.ignore,                                         .handle,  .go(", "[.ignore,                                      .handle,  .go(", aligned),
            m("misaligned-row", turnstileTable, "[.ignore,                                      .ignore,  ", "[.ignore,                                    .ignore,  ", aligned),
            m("misaligned-row", vendTable, "[.emit(effects: [\"ReturnCoins\"]),                    .ignore,", "[.emit(effects: [\"ReturnCoins\"]),                  .ignore,", aligned),
            m("misaligned-row", retryTable, "[.go(target: \"Trying\", effects: []), .ignore,  .ignore]", "[.go(target: \"Trying\", effects: []),  .ignore, .ignore]", aligned),
            m("misaligned-row", timerPin, "Running | IGNORE                  | HANDLE", "Running | IGNORE                | HANDLE", aligned),
            m("misaligned-row", door, "@Row(.locked) static let l = [ .ignore, .ignore,               .handle ]", "@Row(.locked) static let l = [ .ignore, .ignore,  .handle ]", aligned),
        ]
        // An arm that does something else than its cell.
        all += [
            m("arm-outcome", turnstile, "case (.unlocked, .push): return .go(.locked, effects: [.lock])", "case (.unlocked, .push): return .go(.locked, effects: [])", drift),
            m("arm-outcome", timer, "case (.idle, .start): return .go(.running, effects: [.startClock])", "case (.idle, .start): return .go(.done, effects: [.startClock])", drift),
            m("arm-outcome", vend, "case (.collecting, .refund): return .go(.idle, effects: [.returnCoins])", "case (.collecting, .refund): return .go(.dispensing, effects: [.returnCoins])", drift),
            m("arm-outcome", retry, "case (.trying, .reset): return .go(.waiting, effects: [.schedule])", "case (.trying, .reset): return .ignored", drift),
            m("arm-outcome", turnstile, "case (.locked, .push): return .stay(effects: [.buzz])", "case (.locked, .push): return .stay(effects: [.alarm])", drift),
            m("arm-outcome", timer, "case (.done, .tick): return .ignored", "case (.done, .tick): return c.runningTick(ctx)", drift),
            m("arm-outcome", turnstile, "case (.unlocked, .kick): return .go(.broken, effects: [.alarm])", "case (.unlocked, .kick): return .go(.broken, effects: [.buzz])", drift),
            m("arm-outcome", vend, "case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin])", "case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin, .showPrice])", drift),
        ]
        // What the machine does: a HANDLE implementation's only way into a state now names
        // another, a GO retargeted (matrix, dispatcher and pin alike, so the surfaces agree)
        // so a state is no longer entered, a cycle that traps the machine.
        let unreachable: Set<String> = ["unreachable-state"]
        all += [
            m("handle-target", timerImpl, "return .go(.done, effects: [.stopClock, .ring])", "return .go(.idle, effects: [.stopClock, .ring])", unreachable),
            m("handle-target", timerImpl, "return .go(.done, effects: [.stopClock, .ring])", "return .go(.running, effects: [.stopClock, .ring])", unreachable),
            m("handle-target", vendImpl, "enough ? .go(.dispensing, effects: [.dispense])", "enough ? .go(.idle, effects: [.dispense])", unreachable),
            m("handle-target", vendImpl, "enough ? .go(.dispensing, effects: [.dispense])", "enough ? .go(.collecting, effects: [.dispense])", unreachable),
            m("handle-target", retryImpl, "else { return .go(.failed, effects: [.giveUp]) }", "else { return .go(.waiting, effects: [.giveUp]) }", unreachable),
            m("handle-target", retryImpl, "else { return .go(.failed, effects: [.giveUp]) }", "else { return .go(.trying, effects: [.giveUp]) }", unreachable),
        ]
        all += [
            m("go-retarget", retryTable, "[.go(target: \"Trying\", effects: []), .ignore,  .ignore],", "[.go(target: \"Failed\", effects: []), .ignore,  .ignore],", unreachable,
              also: [e(retry, "case (.waiting, .run): return .go(.trying, effects: [])", "case (.waiting, .run): return .go(.failed, effects: [])")]),
            m("go-retarget", retryTable, "[.go(target: \"Trying\", effects: []), .ignore,  .ignore],", "[.go(target: \"Waiting\", effects: []), .ignore,  .ignore],", unreachable,
              also: [e(retry, "case (.waiting, .run): return .go(.trying, effects: [])", "case (.waiting, .run): return .go(.waiting, effects: [])")]),
            m("go-retarget", vendTable, ".go(target: \"Collecting\", effects: [\"AcceptCoin\"])", ".go(target: \"Dispensing\", effects: [\"AcceptCoin\"])", unreachable,
              also: [e(vend, "case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin])", "case (.idle, .coin): return .go(.dispensing, effects: [.acceptCoin])"),
                     e(vendPin, "GO(Collecting, AcceptCoin)", "GO(Dispensing, AcceptCoin)")]),
            m("go-retarget", vendTable, ".go(target: \"Collecting\", effects: [\"AcceptCoin\"])", ".go(target: \"Idle\", effects: [\"AcceptCoin\"])      ", unreachable,
              also: [e(vend, "case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin])", "case (.idle, .coin): return .go(.idle, effects: [.acceptCoin])"),
                     e(vendPin, "GO(Collecting, AcceptCoin)", "GO(Idle, AcceptCoin)      ")]),
            m("go-retarget", turnstileTable, ".go(target: \"Unlocked\", effects: [\"Unlock\"]), ", ".go(target: \"Broken\", effects: [\"Unlock\"]),   ", unreachable,
              also: [e(turnstile, "case (.locked, .coin): return .go(.unlocked, effects: [.unlock])", "case (.locked, .coin): return .go(.broken, effects: [.unlock])"),
                     e(turnstilePin, "GO(Unlocked, Unlock) |", "GO(Broken, Unlock)   |")]),
            m("go-retarget", turnstileTable, ".emit(effects: [\"Buzz\"]),                 .go(target: \"Broken\", effects: [\"Alarm\"])", ".emit(effects: [\"Buzz\"]),                 .go(target: \"Unlocked\", effects: [\"Alarm\"])", unreachable,
              also: [e(turnstileTable, ".go(target: \"Locked\", effects: [\"Lock\"]), .go(target: \"Broken\", effects: [\"Alarm\"])", ".go(target: \"Locked\", effects: [\"Lock\"]), .go(target: \"Locked\", effects: [\"Alarm\"])"),
                     e(turnstile, "case (.locked, .kick): return .go(.broken, effects: [.alarm])", "case (.locked, .kick): return .go(.unlocked, effects: [.alarm])"),
                     e(turnstile, "case (.unlocked, .kick): return .go(.broken, effects: [.alarm])", "case (.unlocked, .kick): return .go(.locked, effects: [.alarm])"),
                     e(turnstilePin, "| EMIT(Buzz)       | GO(Broken, Alarm)", "| EMIT(Buzz)       | GO(Unlocked, Alarm)"),
                     e(turnstilePin, "| GO(Locked, Lock) | GO(Broken, Alarm)", "| GO(Locked, Lock) | GO(Locked, Alarm)")]),
        ]
        let stuck: Set<String> = ["stuck-states"]
        all += [
            m("trap", timerTable, "[.go(target: \"Running\", effects: [\"StartClock\"]), .ignore,  .unreachable],", "[.go(target: \"Done\",    effects: [\"StartClock\"]), .ignore,  .unreachable],", stuck,
              also: [e(timer, "case (.done, .start): return .go(.running, effects: [.startClock])", "case (.done, .start): return .go(.done, effects: [.startClock])"),
                     e(timerPin, "Done    | GO(Running, StartClock) |", "Done    | GO(Done, StartClock)    |")]),
            m("trap", vendTable, ".go(target: \"Idle\", effects: [])],", ".go(target: \"Dispensing\", effects: [])],", stuck,
              also: [e(vend, "case (.dispensing, .done): return .go(.idle, effects: [])", "case (.dispensing, .done): return .go(.dispensing, effects: [])"),
                     e(vendPin, "| GO(Idle)", "| GO(Dispensing)")]),
            m("trap", turnstileImpl, "return ctx.kicks > 2 ? .go(.locked, effects: []) : .ignored", "return ctx.kicks > 2 ? .go(.broken, effects: []) : .ignored", stuck),
            m("trap", retryImpl, "        return .go(.waiting, effects: [.giveUp])", "        return .go(.failed, effects: [.giveUp])", stuck,
              also: [e(retryTable, "[.ignore,                            .handle,  .go(target: \"Waiting\", effects: [])],", "[.ignore,                            .handle,  .go(target: \"Failed\", effects: [])], "),
                     e(retry, "case (.failed, .reset): return .go(.waiting, effects: [])", "case (.failed, .reset): return .go(.failed, effects: [])")]),
            m("trap", vendTable, ".go(target: \"Idle\", effects: [])],", ".go(target: \"Collecting\", effects: [])],", stuck,
              also: [e(vendTable, ".go(target: \"Idle\", effects: [\"ReturnCoins\"])", ".go(target: \"Dispensing\", effects: [\"ReturnCoins\"])"),
                     e(vend, "case (.dispensing, .done): return .go(.idle, effects: [])", "case (.dispensing, .done): return .go(.collecting, effects: [])"),
                     e(vend, "case (.collecting, .refund): return .go(.idle, effects: [.returnCoins])", "case (.collecting, .refund): return .go(.dispensing, effects: [.returnCoins])"),
                     e(vendPin, "| GO(Idle)", "| GO(Collecting)"),
                     e(vendPin, "GO(Idle, ReturnCoins)", "GO(Dispensing, ReturnCoins)")]),
        ]
        return all
    }

    // MARK: Edits that change nothing

    static var equivalents: [(String, [Edit])] {
        [
            ("swap two step arms (Turnstile)", [e(turnstile, "        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n        case (.locked, .push): return .stay(effects: [.buzz])\n", "        case (.locked, .push): return .stay(effects: [.buzz])\n        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n")]),
            ("swap two step arms (Timer)", [e(timer, "    case (.idle, .tick): return .ignored\n    case (.idle, .cancel): return .ignored\n", "    case (.idle, .cancel): return .ignored\n    case (.idle, .tick): return .ignored\n")]),
            ("swap two step arms (Vend)", [e(vend, "        case (.collecting, .coin): return c.collectingCoin(ctx)\n        case (.collecting, .select): return c.collectingSelect(ctx)\n", "        case (.collecting, .select): return c.collectingSelect(ctx)\n        case (.collecting, .coin): return c.collectingCoin(ctx)\n")]),
            ("swap two step arms (Retry)", [e(retry, "        case (.failed, .run): return .ignored\n        case (.failed, .fail): return c.failedFail(ctx)\n", "        case (.failed, .fail): return c.failedFail(ctx)\n        case (.failed, .run): return .ignored\n")]),
            ("move a state's arms last (Turnstile)", [e(turnstile, "        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n        case (.locked, .push): return .stay(effects: [.buzz])\n        case (.locked, .kick): return .go(.broken, effects: [.alarm])\n", ""), e(turnstile, "        case (.broken, .kick): return c.brokenKick(ctx)\n", "        case (.broken, .kick): return c.brokenKick(ctx)\n        case (.locked, .coin): return .go(.unlocked, effects: [.unlock])\n        case (.locked, .push): return .stay(effects: [.buzz])\n        case (.locked, .kick): return .go(.broken, effects: [.alarm])\n")]),
            ("merge two IGNORE arms (Vend)", [e(vend, "        case (.dispensing, .select): return .ignored\n        case (.dispensing, .refund): return .ignored\n", "        case (.dispensing, .select), (.dispensing, .refund): return .ignored\n")]),
            ("swap perform arms (Turnstile)", [e(turnstile, "        case .unlock: return c.unlock(ctx)\n        case .lock: return c.lock(ctx)\n", "        case .lock: return c.lock(ctx)\n        case .unlock: return c.unlock(ctx)\n")]),
            ("swap perform arms (Timer)", [e(timer, "    case .startClock: return c.startClock(ctx)\n    case .stopClock: return c.stopClock(ctx)\n", "    case .stopClock: return c.stopClock(ctx)\n    case .startClock: return c.startClock(ctx)\n")]),
            ("swap perform arms (Vend)", [e(vend, "        case .dispense: return c.dispense(ctx)\n        case .showPrice: return c.showPrice(ctx)\n", "        case .showPrice: return c.showPrice(ctx)\n        case .dispense: return c.dispense(ctx)\n")]),
            ("swap perform arms (Retry)", [e(retry, "        case .schedule: return c.schedule(ctx)\n        case .giveUp: return c.giveUp(ctx)\n", "        case .giveUp: return c.giveUp(ctx)\n        case .schedule: return c.schedule(ctx)\n")]),
            ("comment above an arm", [e(turnstile, "        case (.broken, .coin): return .ignored\n", "        // A broken turnstile keeps the coin.\n        case (.broken, .coin): return .ignored\n")]),
            ("trailing comment on an arm", [e(timer, "    case (.done, .tick): return .ignored\n", "    case (.done, .tick): return .ignored  // the clock is stopped\n")]),
            ("comment in perform", [e(vend, "        case .dispense: return c.dispense(ctx)\n", "        // Dispensing finishes the sale.\n        case .dispense: return c.dispense(ctx)\n")]),
            ("doc comment on the table", [e(retryTable, "    static let TABLE = Table(", "    /// The retry policy as a matrix.\n    static let TABLE = Table(")]),
            ("comment in a pin", [e(timerPin, "machine Timer\n", "machine Timer\n# reviewed in #42\n")]),
            ("blank line between arms", [e(retry, "        case (.trying, .run): return .ignored\n", "\n        case (.trying, .run): return .ignored\n")]),
            ("rename a local (Turnstile)", [e(turnstileImpl, "        let full = ctx.coins >= limit\n        return full ?", "        let isFull = ctx.coins >= limit\n        return isFull ?")]),
            ("rename a local (Vend)", [e(vendImpl, "        let enough = ctx.credit >= ctx.price\n        return enough ?", "        let hasEnough = ctx.credit >= ctx.price\n        return hasEnough ?")]),
            ("rename a parameter in an implementation", [e(timerImpl, "    func startClock(_ ctx: TimerCtx) -> TimerA? {\n        ctx.elapsed = 0", "    func startClock(_ context: TimerCtx) -> TimerA? {\n        context.elapsed = 0")]),
            ("rename the cells parameter of a dispatcher", [e(retry, "    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {\n        switch f {\n        case .schedule: return c.schedule(ctx)\n        case .giveUp: return c.giveUp(ctx)", "    static func perform(_ cells: Cells, _ ctx: Ctx, _ f: F) -> A? {\n        switch f {\n        case .schedule: return cells.schedule(ctx)\n        case .giveUp: return cells.giveUp(ctx)")]),
            ("reformat a ternary as if/else", [e(turnstileImpl, "        return full ? .go(.locked, effects: [.lock]) : .ignored", "        if full {\n            return .go(.locked, effects: [.lock])\n        } else {\n            return .ignored\n        }")]),
            ("reformat a one-line member", [e(vendImpl, "    func acceptCoin(_ ctx: Vend.Ctx) -> Vend.A? { nil }", "    func acceptCoin(_ ctx: Vend.Ctx) -> Vend.A? {\n        return nil\n    }")]),
            ("reformat a guard", [e(retryImpl, "        guard ctx.attempts < ctx.maximum else { return .go(.failed, effects: [.giveUp]) }", "        guard ctx.attempts < ctx.maximum else {\n            return .go(.failed, effects: [.giveUp])\n        }")]),
            ("reorder implementation members", [e(timerImpl, "    func stopClock(_ ctx: TimerCtx) -> TimerA? { nil }\n    func ring(_ ctx: TimerCtx) -> TimerA? { nil }\n", "    func ring(_ ctx: TimerCtx) -> TimerA? { nil }\n    func stopClock(_ ctx: TimerCtx) -> TimerA? { nil }\n")]),
            ("reorder Cells requirements", [e(vend, "        func dispense(_ ctx: Ctx) -> A?\n        func showPrice(_ ctx: Ctx) -> A?\n", "        func showPrice(_ ctx: Ctx) -> A?\n        func dispense(_ ctx: Ctx) -> A?\n")]),
            ("qualified enum cases in an arm", [e(timer, "    case (.idle, .start): return .go(.running, effects: [.startClock])", "    case (TimerS.idle, TimerA.start): return .go(TimerS.running, effects: [TimerF.startClock])")]),
            ("Step.go spelt out", [e(retry, "        case (.waiting, .run): return .go(.trying, effects: [])", "        case (.waiting, .run): return Step.go(.trying, effects: [])")]),
            ("a let before a return", [e(vend, "        case (.collecting, .coin): return c.collectingCoin(ctx)", "        case (.collecting, .coin):\n            let step = c.collectingCoin(ctx)\n            return step")]),
            ("state and action on separate lines in a pin header", [e(vendPin, "machine Vend\ninitial Idle\n", "machine Vend\n\ninitial Idle\n")]),
            ("a HANDLE body returns its target through a helper (Timer)", Self.timerThroughAHelper),
            ("a HANDLE body returns its target through a helper (Retry)", [e(retryImpl, "        return .go(.waiting, effects: [.schedule])\n    }\n", "        return retryLater()\n    }\n\n    func retryLater() -> Step<Retry.S, Retry.F> { .go(.waiting, effects: [.schedule]) }\n")]),
            ("a HANDLE ternary rewritten as returns in if/else (Vend)", [e(vendImpl, "        return enough ? .go(.dispensing, effects: [.dispense]) : .stay(effects: [.showPrice])", "        if enough {\n            return .go(.dispensing, effects: [.dispense])\n        }\n        return .stay(effects: [.showPrice])")]),
            ("a HANDLE body as a switch statement (Turnstile)", [e(turnstileImpl, "        return ctx.kicks > 2 ? .go(.locked, effects: []) : .ignored", "        switch ctx.kicks {\n        case 0...2: return .ignored\n        default: return .go(.locked, effects: [])\n        }")]),
            ("extra blank line in a Table", [e(timerTable, "    initial: \"Idle\"\n", "\n    initial: \"Idle\"\n")]),
        ]
    }

    /// `runningTick`'s only way to `Done` moved into a helper tablint does not follow.
    static let timerThroughAHelper = [
        e(timerImpl, "            return .go(.done, effects: [.stopClock, .ring])", "            return finished()"),
        e(timerImpl, "    func startClock(_ ctx: TimerCtx) -> TimerA? {", "    func finished() -> Step<TimerS, TimerF> { .go(.done, effects: [.stopClock, .ring]) }\n\n    func startClock(_ ctx: TimerCtx) -> TimerA? {"),
    ]

    /// The helper edit above is silent but for the note that says what was not read.
    func testAHelperTablintCannotFollowIsOnlyNoted() throws {
        guard let files = Self.apply(Self.timerThroughAHelper, to: try Self.project()) else { return }
        let found = Self.lint(files)
        XCTAssertEqual(found.map(\.code), ["tablint::unread-cells"], "\(found.map(\.message))")
        XCTAssertEqual(found.first?.severity, .note)
        XCTAssertTrue(found.first?.message.contains("(Running, Tick)") == true, "\(found.map(\.message))")
        XCTAssertTrue(found.first?.notes.contains { $0.message.contains("it returns `finished()`") } == true, "\(found.map(\.notes))")
    }
}
