import Foundation
import XCTest
@testable import TablintKit

/// A state, action or effect the matrix adds gets its case, its dispatcher arms and its
/// requirement from the fixes, but an exhaustive `switch` over the enum elsewhere (`switch self`
/// in `extension Door.S`, `switch state` in a view model) then stops compiling. No fix can know
/// what its arm should do, so the finding that adds the case names each such switch by
/// `path:line` (bb5 #13: nothing said so, and the messages read as if only the implementation's
/// member were left to write).
final class AddedCaseSwitchesTests: XCTestCase {
    static func matrix(states: [String] = ["Open", "Closed", "Ajar"], actions: [String] = ["Push", "Pull"], rows: [String]? = nil) -> String {
        CombinedMatrixEditTests.table("Door", in: "Door", states: states, actions: actions, rows: rows ?? [
            #"[.go(target: "Closed", effects: ["Thud"]), .ignore]"#,
            #"[.ignore,                                  .go(target: "Open", effects: ["Creak"])]"#,
            #"[.handle,                                  .ignore]"#,
        ], initial: "Closed")
    }

    static let door = """
        enum Door {
            enum S { case open, closed }
            enum A { case push, pull }
            enum F { case thud, creak }
            final class Ctx {}
        }

        protocol DoorCells {
            func thud(_ ctx: Door.Ctx) -> Door.A?
            func creak(_ ctx: Door.Ctx) -> Door.A?
        }

        extension Door {
            static func step(_ cells: DoorCells, _ ctx: Door.Ctx, _ s: Door.S, _ a: Door.A) -> Step<Door.S, Door.F> {
                switch (s, a) {
                case (.open, .push): return .go(.closed, effects: [.thud])
                case (.open, .pull): return .ignored
                case (.closed, .push): return .ignored
                case (.closed, .pull): return .go(.open, effects: [.creak])
                }
            }
            static func perform(_ cells: DoorCells, _ ctx: Door.Ctx, _ f: Door.F) -> Door.A? {
                switch f {
                case .thud: return cells.thud(ctx)
                case .creak: return cells.creak(ctx)
                }
            }
        }

        """

    static let implementation = """
        struct DoorImpl: DoorCells {
            func thud(_ ctx: Door.Ctx) -> Door.A? { nil }
            func creak(_ ctx: Door.Ctx) -> Door.A? { nil }
        }

        """

    static let labels = """
        extension Door.S {
            var label: String {
                switch self {
                case .open: "Open"
                case .closed: "Closed"
                }
            }
        }

        """

    /// A file with no machine surface: found by the run's search for the enum's cases.
    static let viewModel = """
        final class DoorViewModel {
            var state: Door.S = .closed
            var title: String {
                switch state {
                case .open: return "It is open"
                case .closed: return "It is shut"
                }
            }
            var isOpen: Bool {
                switch state {
                case .open: return true
                default: return false
                }
            }
            var last: Door.S?
            var lastTitle: String {
                switch last {
                case .open: return "was open"
                case .closed: return "was shut"
                case nil: return "new"
                }
            }
        }

        """

    static let ajar: [String: String] = [
        "Door.tb.swift": matrix(), "Door.swift": door, "DoorImpl.swift": implementation,
        "Door+Labels.swift": labels, "DoorViewModel.swift": viewModel,
    ]

    func testAnAddedStateNamesTheSwitchesThatWillNeedItsArm() throws {
        let found = MutationTests.lint(Self.ajar)
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("`Ajar`") }, "\(found.map(\.message))")
        XCTAssertNotNil(finding.fix)
        XCTAssertTrue(finding.message.contains(
            "the fix adds `case ajar` to `enum Door.S`, in the matrix's order; `switch self` at Door+Labels.swift:3, `switch state` at DoorViewModel.swift:4 and `switch last` at DoorViewModel.swift:17 will each need a `.ajar` arm, which no fix writes"), finding.message)
        // Neither the switch with a `default:` nor the dispatchers the fixes write are named.
        XCTAssertFalse(finding.message.contains("DoorViewModel.swift:10"), finding.message)
        XCTAssertFalse(finding.message.contains("Door.swift:"), finding.message)

        // The fix writes no arm there; with the two arms and the member written by hand, it all
        // compiles: nothing else was left.
        let (texts, errors) = CombinedMatrixEditTests.fix(Self.ajar)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(texts["Door+Labels.swift"], Self.labels)
        XCTAssertEqual(texts["DoorViewModel.swift"], Self.viewModel)
        XCTAssertTrue(texts["Door.swift"]!.contains("enum S { case open, closed, ajar }"), texts["Door.swift"]!)
        let byHand = texts["Door+Labels.swift"]!.replacingOccurrences(of: "case .closed: \"Closed\"\n", with: "case .closed: \"Closed\"\n        case .ajar: \"Ajar\"\n")
            + texts["DoorViewModel.swift"]!.replacingOccurrences(of: "case .closed: return \"It is shut\"\n", with: "case .closed: return \"It is shut\"\n        case .ajar: return \"It is ajar\"\n")
                .replacingOccurrences(of: "case .closed: return \"was shut\"\n", with: "case .closed: return \"was shut\"\n        case .ajar: return \"was ajar\"\n")
        let implementation = texts["DoorImpl.swift"]!.replacingOccurrences(
            of: "struct DoorImpl: DoorCells {\n", with: "struct DoorImpl: DoorCells {\n    func ajarPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> { .ignored }\n")
        let program = texts["Door.tb.swift"]! + texts["Door.swift"]! + implementation + byHand
            + "print(Door.S.ajar.label, DoorViewModel().title, Door.step(DoorImpl(), Door.Ctx(), .ajar, .pull))\n"
        XCTAssertTrue(try CombinedMatrixEditTests.compileAndRun(program, named: "added-state").contains("Ajar It is shut"))
    }

    /// An added action names a `switch action` over `enum A`, an added effect a `switch effect`
    /// over `enum F` (not `perform`, whose arm the fix writes).
    func testAnAddedActionAndEffectNameTheirSwitches() throws {
        let sounds = """
            func volume(of effect: Door.F) -> Int {
                switch effect {
                case .thud: return 3
                case .creak: return 1
                }
            }
            func verb(_ action: Door.A) -> String {
                switch action {
                case .push: return "push"
                case .pull: return "pull"
                }
            }

            """
        let files = [
            "Door.tb.swift": Self.matrix(states: ["Open", "Closed"], actions: ["Push", "Pull", "Slam"], rows: [
                #"[.go(target: "Closed", effects: ["Thud", "Click"]), .ignore, .ignore]"#,
                #"[.ignore, .go(target: "Open", effects: ["Creak"]), .ignore]"#,
            ]),
            "Door.swift": Self.door, "DoorImpl.swift": Self.implementation, "DoorSounds.swift": sounds,
        ]
        let found = MutationTests.lint(files)
        let action = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("`Slam`") }, "\(found.map(\.message))")
        XCTAssertTrue(action.message.contains("; `switch action` at DoorSounds.swift:8 will need a `.slam` arm, which no fix writes"), action.message)
        let effect = try XCTUnwrap(found.first { $0.code == UnknownEffect().code }, "\(found.map(\.message))")
        XCTAssertNotNil(effect.fix)
        XCTAssertTrue(effect.message.contains("; `switch effect` at DoorSounds.swift:2 will need a `.click` arm, which no fix writes"), effect.message)
        XCTAssertFalse(effect.message.contains("Door.swift:"), effect.message)
    }

    /// Another machine whose enum has the same cases: its own switches are not named (in its
    /// extension, or over a value declared as its type), and one that cannot be told says so.
    func testASwitchOverAnotherMachinesEnumOfTheSameCasesIsNotNamed() throws {
        let gate = """
            enum Gate {
                enum S { case open, closed }
                enum A { case lift }
                enum F { case beep }
            }
            extension Gate.S {
                var sign: String {
                    switch self {
                    case .open: "up"
                    case .closed: "down"
                    }
                }
            }
            func gateText(_ g: Gate.S) -> String {
                switch g {
                case .open: return "o"
                case .closed: return "c"
                }
            }
            func doorText(_ d: Door.S) -> String {
                switch d {
                case .open: return "o"
                case .closed: return "c"
                }
            }
            func anyText() -> String {
                switch current() {
                case .open: return "o"
                case .closed: return "c"
                }
            }

            """
        var files = Self.ajar
        files["Gate.swift"] = gate
        let found = MutationTests.lint(files)
        let finding = try XCTUnwrap(found.first { $0.code == EnumDrift().code && $0.message.contains("`Ajar`") }, "\(found.map(\.message))")
        XCTAssertTrue(finding.message.contains(
            "`switch self` at Door+Labels.swift:3, `switch state` at DoorViewModel.swift:4, `switch last` at DoorViewModel.swift:17, `switch d` at Gate.swift:21 and `switch current()` at Gate.swift:27 (`Gate` declares these cases too, so it may switch over its enum) will each need a `.ajar` arm"), finding.message)
    }

    /// Only an enum gaining a case makes the run search its files for one of its cases: a
    /// matrix in step with its enums adds no name to the search.
    func testOnlyAnAdditionAddsToTheSearch() {
        let inStep = Self.ajar.merging(["Door.tb.swift": Self.matrix(states: ["Open", "Closed"], rows: [
            #"[.go(target: "Closed", effects: ["Thud"]), .ignore]"#,
            #"[.ignore,                                  .go(target: "Open", effects: ["Creak"])]"#,
        ])]) { $1 }
        func names(_ files: [String: String]) -> Set<String> {
            let summaries = files.keys.sorted().map { path in
                Engine.analyze(SourceFile(path: path, text: files[path]!)).summary
            }
            return RemovalSync.searchedNames(CrossFileRun(summaries))
        }
        XCTAssertEqual(names(inStep), [])
        XCTAssertEqual(names(Self.ajar), ["closed"])
    }

    /// A state the matrix removes or renames while a `switch self` elsewhere still has its arm
    /// is refused, naming that arm: the arm would be left dead, or naming no case.
    func testARemovedOrRenamedStateNamedBySwitchElsewhereIsRefused() throws {
        let withAjar = Self.door
            .replacingOccurrences(of: "enum S { case open, closed }", with: "enum S { case open, closed, ajar }")
            .replacingOccurrences(of: "case (.closed, .pull): return .go(.open, effects: [.creak])\n", with: "case (.closed, .pull): return .go(.open, effects: [.creak])\n        case (.ajar, .push): return .ignored\n        case (.ajar, .pull): return .ignored\n")
        let labels = Self.labels.replacingOccurrences(of: "case .closed: \"Closed\"\n", with: "case .closed: \"Closed\"\n        case .ajar: \"Ajar\"\n")
        let removed = Self.matrix(states: ["Open", "Closed"], rows: [
            #"[.go(target: "Closed", effects: ["Thud"]), .ignore]"#,
            #"[.ignore,                                  .go(target: "Open", effects: ["Creak"])]"#,
        ])
        let renamed = Self.matrix(states: ["Open", "Closed", "Cracked"], rows: [
            #"[.go(target: "Closed", effects: ["Thud"]), .ignore]"#,
            #"[.ignore,                                  .go(target: "Open", effects: ["Creak"])]"#,
            #"[.ignore,                                  .ignore]"#,
        ])
        for (edit, matrix) in [("removed", removed), ("renamed", renamed)] {
            let files = ["Door.tb.swift": matrix, "Door.swift": withAjar, "DoorImpl.swift": Self.implementation, "Door+Labels.swift": labels]
            let found = MutationTests.lint(files).filter { $0.code == EnumDrift().code && $0.message.contains("ajar") }
            XCTAssertFalse(found.isEmpty, edit)
            for finding in found {
                XCTAssertNil(finding.fix, "\(edit): \(finding.message)")
                XCTAssertTrue(finding.message.contains("`ajar` is referred to at Door+Labels.swift:6:15"), "\(edit): \(finding.message)")
            }
            let (texts, _) = CombinedMatrixEditTests.fix(files)
            XCTAssertEqual(texts["Door+Labels.swift"], labels, edit)
            XCTAssertTrue(texts["Door.swift"]!.contains("enum S { case open, closed, ajar }"), edit)
        }
    }

    /// The same for an effect no cell emits any more while a `switch effect` elsewhere has its arm.
    func testAnEffectNoCellEmitsNamedBySwitchElsewhereStays() throws {
        let sounds = """
            func volume(of effect: Door.F) -> Int {
                switch effect {
                case .thud: return 3
                case .creak: return 1
                }
            }

            """
        let files = [
            "Door.tb.swift": Self.matrix(states: ["Open", "Closed"], rows: [
                #"[.go(target: "Closed", effects: ["Thud"]), .ignore]"#,
                #"[.ignore,                                  .go(target: "Open", effects: [])]"#,
            ]),
            "Door.swift": Self.door, "DoorImpl.swift": Self.implementation, "DoorSounds.swift": sounds,
        ]
        let found = MutationTests.lint(files).filter { $0.code == EnumDrift().code && $0.message.contains("`creak`") }
        let finding = try XCTUnwrap(found.first, "\(found.map(\.message))")
        XCTAssertNil(finding.fix)
        XCTAssertTrue(finding.message.contains("no fix removes `creak`: `creak` is referred to at DoorSounds.swift:4:11"), finding.message)
        let (texts, _) = CombinedMatrixEditTests.fix(files)
        XCTAssertEqual(texts["DoorSounds.swift"], sounds)
        XCTAssertTrue(texts["Door.swift"]!.contains("enum F { case thud, creak }"))
    }
}
