import XCTest
@testable import TablintKit

/// A file's enums and `Cells` protocols are read only when the run has something that asks for
/// them (a matrix, a pin, a dispatcher), whatever order the files come in and on any number of
/// threads; the cross-file checks see the same declarations as if every file had read them.
final class DeclarationGatingTests: XCTestCase {
    static let enums = """
        enum Vend {
            enum S { case idle, collecting, paying }
            enum A { case coin, select }
        }

        """

    static let files: [String: String] = ["Vend.swift": CrossSurfaceTests.vendTable, "VendEnums.swift": enums]

    /// The run over `paths`, and how many times each file was read.
    private func run(_ paths: [String], jobs: Int) -> (Workspace, [Diagnostic], [String: Int]) {
        var reads: [String: Int] = [:]
        let lock = NSLock()
        var workspace = Workspace()
        _ = workspace.update(paths: paths, settings: { _ in .default }, jobs: jobs) { path in
            lock.lock()
            reads[path, default: 0] += 1
            lock.unlock()
            return .success(Array(Self.files[path]!.utf8))
        }
        let diagnostics = workspace.diagnostics().values.flatMap { $0 }.filter { $0.code == "tablint::enum-drift" }
        return (workspace, diagnostics, reads)
    }

    func testARunOfAnEnumFileAloneReadsNoEnums() {
        for jobs in [1, 2] {
            let (workspace, drift, reads) = run(["VendEnums.swift"], jobs: jobs)
            XCTAssertEqual(drift, [])
            XCTAssertEqual(workspace.summaries.flatMap(\.enums).map(\.name), [], "no enum read")
            XCTAssertEqual(workspace.entry("VendEnums.swift")?.analysis.declarationsDeferred, true)
            XCTAssertEqual(reads["VendEnums.swift"], 1, "read once, tokenized once")
        }
    }

    func testTheEnumFileBesideAMatrixIsComparedInEitherOrderOnAnyThreads() {
        for paths in [["Vend.swift", "VendEnums.swift"], ["VendEnums.swift", "Vend.swift"]] {
            for jobs in [1, 2] {
                let (workspace, drift, _) = run(paths, jobs: jobs)
                // `paying`, which the matrix does not list, is reported at the enum, whose file its removal fix edits.
                XCTAssertEqual(drift.map(\.path), ["VendEnums.swift"], "\(paths) -j \(jobs)")
                XCTAssertEqual(Set(workspace.summaries.flatMap(\.enums).map(\.name)), ["Vend", "S", "A"], "\(paths) -j \(jobs)")
                XCTAssertEqual(workspace.entry("VendEnums.swift")?.analysis.declarationsDeferred, false)
            }
        }
    }

    /// The gated run finds exactly what a run that reads every file's declarations at once finds.
    func testTheGatedRunEqualsTheEagerOne() {
        let documents = Self.files.keys.sorted().map { Engine.Document(path: $0, bytes: Array(Self.files[$0]!.utf8)) }
        let eager = CrossFileCheck.check(documents.map { Engine.analyze(SourceFile(path: $0.path, bytes: $0.bytes)).summary })
        XCTAssertFalse(eager.isEmpty)
        for order in [documents, documents.reversed()] {
            var workspace = Workspace()
            workspace.update(order)
            XCTAssertEqual(workspace.crossFile().values.flatMap { $0 }.sortedForOutput(), eager.sortedForOutput())
        }
        // Added one at a time, the enum file first (an editor opening it before the matrix): its
        // bytes are not kept, and it is read again (`rereading`) once the matrix asks.
        var workspace = Workspace()
        var reads: [String] = []
        workspace.rereading = { path in
            reads.append(path)
            return .success(documents.first { $0.path == path }!.bytes)
        }
        workspace.update([documents[1]])
        XCTAssertNil(workspace.bytes(of: documents[1].path))
        XCTAssertEqual(reads, [])
        XCTAssertEqual(workspace.summaries.flatMap(\.enums), [])
        workspace.update([documents[0]])
        XCTAssertEqual(workspace.crossFile().values.flatMap { $0 }.sortedForOutput(), eager.sortedForOutput())
        XCTAssertEqual(reads, ["VendEnums.swift"], "read again once, for its names and its tokens")
    }

    func testALineWithOnlyAnEnumIsNotAMatrixWord() {
        XCTAssertEqual(Prefilter.need(Array(Self.enums.utf8), kind: .swift), .declarations)
        // A `…Cells` name or `Step` is read at once: its tokens are at hand, and the
        // implementation it may hold matters to any run with its machine.
        XCTAssertEqual(Prefilter.need(Array("protocol VendCells { }".utf8), kind: .swift), .matrices)
        XCTAssertEqual(Prefilter.need(Array("extension Live { func f() -> Step<S, F> { .ignored } }".utf8), kind: .swift), .matrices)
        XCTAssertEqual(Prefilter.need(Array("let visibleCellsCount = 1; let Stepper = 2".utf8), kind: .swift), .nothing)
        XCTAssertEqual(Prefilter.need(Array("let x = 1".utf8), kind: .swift), .nothing)
        XCTAssertEqual(Prefilter.need(Array((Self.enums + "func f() { switch x {} }").utf8), kind: .swift), .matrices)
        XCTAssertEqual(Prefilter.need(Array(("func f() { switch x {} }" + Self.enums).utf8), kind: .swift), .matrices)
    }

    func testTheLanguageServerSeesTheSameInEitherOrder() throws {
        let directory = NSTemporaryDirectory() + "gating-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let table = "file://" + directory + "/Vend.swift", enums = "file://" + directory + "/VendEnums.swift"
        for order in [[enums, table], [table, enums]] {
            let harness = try LanguageServerTests.Harness(directory: directory)
            harness.initialize()
            for uri in order { harness.open(uri, uri == table ? CrossSurfaceTests.vendTable : Self.enums) }
            let codes = harness.diagnostics(enums)?.compactMap { $0["code"]?.stringValue } ?? []
            XCTAssertTrue(codes.contains("tablint::enum-drift"), "\(order.map { ($0 as NSString).lastPathComponent }): \(codes)")
        }
    }
}

/// Which waiting files a run with machines reads again: those whose bytes declare a name the
/// run can use, or name a `Cells` type; the rest stay unread, and the run finds the same.
final class DeclarationDemandTests: XCTestCase {
    func testTheBytesLookFindsDeclaredNames() {
        let names = DeclaredNames(Array("""
            enum Lamp { enum S { case on } }
            indirect enum `Tree` { case leaf }
            typealias\tTimerA = Int
            let enumValue = 1 // an enum here
            """.utf8))
        XCTAssertEqual(names.names, ["Lamp", "S", "Tree", "TimerA", "here"])
        XCTAssertFalse(names.mentionsCells)
        XCTAssertFalse(names.unsure)
        XCTAssertTrue(DeclaredNames(Array("struct Impl: VendCells {}".utf8)).mentionsCells)
        XCTAssertTrue(DeclaredNames(Array("enum /* a */ S {}".utf8)).unsure)
        XCTAssertTrue(DeclaredNames(Array("enum Größe {}".utf8)).unsure)
        XCTAssertFalse(DeclaredNames(Array("enum Cellsy {}".utf8)).mentionsCells)
    }

    func testTheDemandNamesWhatTheChecksLookUp() {
        let vend = Engine.analyze(SourceFile(path: "Vend.swift", text: CrossSurfaceTests.vendTable)).summary
        let demand = DeclarationDemand([vend])
        for wanted in ["S", "A", "F", "VendS", "VENDA"] { XCTAssertTrue(demand.wants(wanted), wanted) }
        for unwanted in ["Vend", "Status", "LampS", "Vends"] { XCTAssertFalse(demand.wants(unwanted), unwanted) }
        // An alias's target is asked for only when the alias is.
        let aliases = Engine.analyze(SourceFile(path: "Aliases.swift", text: "typealias VendS = VendPower\ntypealias Other = Weather\n")).summary
        XCTAssertEqual(aliases.typeNames.map(\.name), ["VendS", "Other"])
        let both = DeclarationDemand([vend, aliases])
        XCTAssertTrue(both.wants("VendPower"))
        XCTAssertFalse(both.wants("Weather"))
    }

    static let dispatcher = """
        func lampStep(_ s: LampS, _ a: LampA) -> Step<LampS, LampF> {
            switch (s, a) {
            case (.on, .press): return .ignored
            default: return .ignored
            }
        }

        """

    static let files: [String: String] = [
        "Vend.swift": CrossSurfaceTests.vendTable, "VendEnums.swift": DeclarationGatingTests.enums,
        "Lamp.swift": dispatcher,
        // The catch-all's types, one through an alias whose target is in a third file.
        "LampTypes.swift": "typealias LampS = LampPower\nenum LampA { case press, hold }\n",
        "LampPower.swift": "enum LampPower { case on, off }\n",
        "Unrelated.swift": "enum Weather { case sun, rain }\nenum Status { case ok }\n",
    ]

    func testOnlyTheFilesThatCanMatterAreReadAgainAndTheRunEqualsTheEagerOne() {
        let paths = Self.files.keys.sorted()
        let eager = CrossFileCheck.check(paths.map { Engine.analyze(SourceFile(path: $0, text: Self.files[$0]!)).summary })
        XCTAssertTrue(eager.contains { $0.code == "tablint::dispatcher-default" && $0.fix != nil }, "\(eager)")
        for jobs in [1, 2] {
            var reads: [String: Int] = [:]
            let lock = NSLock()
            var workspace = Workspace()
            _ = workspace.update(paths: paths, settings: { _ in .default }, jobs: jobs) { path in
                lock.lock()
                reads[path, default: 0] += 1
                lock.unlock()
                return .success(Array(Self.files[path]!.utf8))
            }
            XCTAssertEqual(workspace.crossFile().values.flatMap { $0 }.sortedForOutput(), eager.sortedForOutput())
            XCTAssertEqual(workspace.entry("Unrelated.swift")?.analysis.declarationsDeferred, true, "not tokenized again")
            XCTAssertEqual(workspace.entry("Unrelated.swift")?.declaredNames?.names, ["Weather", "Status"])
            XCTAssertEqual(workspace.entry("LampPower.swift")?.analysis.declarationsDeferred, false, "read for the alias")
            XCTAssertEqual(reads["Unrelated.swift"], 2, "read once for its tokens, once for its names")
            // Its name is asked for only once the alias is read: its names, then its tokens.
            XCTAssertEqual(reads["LampPower.swift"], 3)
            XCTAssertEqual(reads["LampTypes.swift"], 2, "names and tokens from one reading")
            XCTAssertEqual(reads["Lamp.swift"], 1)
        }
    }
}

/// Over the repository's fixtures and examples (many machines, their enums, aliases and `Cells`
/// protocols in files of their own, beside files that matter to none of them), the run that
/// reads only the waiting files that can matter finds what a run reading every declaration finds.
final class DeclarationDemandCorpusTests: XCTestCase {
    func testTheFilteredRunEqualsTheEagerOneOverTheFixtures() throws {
        let root = Fixtures.repositoryRoot.path
        let paths = FileWalker().collect([root + "/Tests/Fixtures", root + "/Examples"]).files.sorted()
        XCTAssertGreaterThan(paths.count, 50)
        let bytes = Dictionary(uniqueKeysWithValues: paths.map { ($0, (try? FileIO.readFile($0).get()) ?? []) })
        let eager = CrossFileCheck.check(paths.map { Engine.analyze(SourceFile(path: $0, bytes: bytes[$0]!)).summary })
        XCTAssertFalse(eager.isEmpty)
        var workspace = Workspace()
        _ = workspace.update(paths: paths, settings: { _ in .default }, jobs: 2) { .success(bytes[$0]!) }
        XCTAssertEqual(workspace.crossFile().values.flatMap { $0 }.sortedForOutput(), eager.sortedForOutput())
    }
}
