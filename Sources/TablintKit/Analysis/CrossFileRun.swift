import Foundation

/// What the run rules look at: every file's summary in the run's order, and the indexes every
/// rule would otherwise build for itself (`MachinePairing`, `EnumIndex`), built once per
/// cross-file step on first use and shared by the rules of that step. The pairing also
/// remembers its answers (`matrix(machine:owner:near:)`, `enums(of:near:)`), which the rules ask
/// again and again for the same machines.
struct CrossFileRun {
    let summaries: [FileSummary]
    private let shared: Shared

    init(_ summaries: [FileSummary]) {
        self.summaries = summaries
        shared = Shared(summaries)
    }

    /// The one pairing of the run.
    var pairing: MachinePairing { shared.pairing }

    /// The run's enums and type aliases by the names code writes them with.
    var enumIndex: EnumIndex { shared.enumIndex }

    /// The machines' graphs (`MachineGraphs`), for every rule that asks what they do; empty in
    /// a run without a Swift matrix. Only those the rules read: a machine with no code in the run
    /// (a big matrix being edited without its implementation) costs no graph.
    var machineGraphs: [MachineGraph] { shared.machineGraphs }

    /// What is reached in each graph the behaviour rules ask (`GraphFacts.ofRun`), worked out
    /// once for all of them.
    var graphFacts: [GraphFacts] { shared.graphFacts }

    /// Built on first use, then kept; locked, as the rules of one step may run on two threads.
    private final class Shared {
        private let summaries: [FileSummary]
        private let lock = NSLock()
        private var builtPairing: MachinePairing?
        private var builtEnumIndex: EnumIndex?
        private var builtGraphs: [MachineGraph]?
        private var builtFacts: [GraphFacts]?

        init(_ summaries: [FileSummary]) { self.summaries = summaries }

        var pairing: MachinePairing {
            lock.lock()
            defer { lock.unlock() }
            if let builtPairing { return builtPairing }
            let pairing = MachinePairing(summaries)
            builtPairing = pairing
            return pairing
        }

        var enumIndex: EnumIndex {
            lock.lock()
            defer { lock.unlock() }
            if let builtEnumIndex { return builtEnumIndex }
            let index = EnumIndex(summaries)
            builtEnumIndex = index
            return index
        }

        var machineGraphs: [MachineGraph] {
            // The pairing is taken before the lock, which it takes too.
            let pairing = summaries.contains { !$0.matrices.isEmpty } ? self.pairing : nil
            lock.lock()
            defer { lock.unlock() }
            if let builtGraphs { return builtGraphs }
            let graphs = pairing.map { MachineGraphs.build(summaries, pairing: $0, onlyMachinesWithCode: true) } ?? []
            builtGraphs = graphs
            return graphs
        }

        var graphFacts: [GraphFacts] {
            // The graphs first, under their own lock: the lock is not recursive.
            let graphs = machineGraphs
            lock.lock()
            defer { lock.unlock() }
            if let builtFacts { return builtFacts }
            let facts = GraphFacts.ofRun(graphs)
            builtFacts = facts
            return facts
        }
    }
}

/// Which parts of a `FileSummary` a run rule reads (`RunRule.reads`): the workspace runs a rule
/// again only when a part it reads changed in some document (`Workspace`'s cross-file cache).
/// Every file's `path` and `lines` are read by every rule (to place what it reports), so a
/// document whose lines changed counts as changed in each part it holds.
struct SummaryParts: OptionSet, Hashable {
    let rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }

    static let matrices = SummaryParts(rawValue: 1 << 0)
    static let dispatchers = SummaryParts(rawValue: 1 << 1)
    static let enums = SummaryParts(rawValue: 1 << 2)
    static let typeNames = SummaryParts(rawValue: 1 << 3)
    static let catchAllDispatchers = SummaryParts(rawValue: 1 << 4)
    static let pins = SummaryParts(rawValue: 1 << 5)
    static let cellsProtocols = SummaryParts(rawValue: 1 << 6)
    static let shortTables = SummaryParts(rawValue: 1 << 7)
    static let cellsImplementations = SummaryParts(rawValue: 1 << 8)
    static let memberReferences = SummaryParts(rawValue: 1 << 9)
    /// Any part this type does not name (a field added to `FileSummary` later): a rule that
    /// declares no `reads` reads it, and a change to it counts for it.
    static let unnamed = SummaryParts(rawValue: 1 << 30)
    static let all = SummaryParts(rawValue: ~0)

    /// Each named part with how to tell whether two summaries hold it alike.
    static let named: [(part: SummaryParts, label: String, same: (FileSummary, FileSummary) -> Bool, empty: (FileSummary) -> Bool)] = [
        (.matrices, "matrices", { $0.matrices == $1.matrices }, { $0.matrices.isEmpty }),
        (.dispatchers, "dispatchers", { $0.dispatchers == $1.dispatchers }, { $0.dispatchers.isEmpty }),
        (.enums, "enums", { $0.enums == $1.enums }, { $0.enums.isEmpty }),
        (.typeNames, "typeNames", { $0.typeNames == $1.typeNames }, { $0.typeNames.isEmpty }),
        (.catchAllDispatchers, "catchAllDispatchers", { $0.catchAllDispatchers == $1.catchAllDispatchers }, { $0.catchAllDispatchers.isEmpty }),
        (.pins, "pins", { $0.pins == $1.pins }, { $0.pins.isEmpty }),
        (.cellsProtocols, "cellsProtocols", { $0.cellsProtocols == $1.cellsProtocols }, { $0.cellsProtocols.isEmpty }),
        (.shortTables, "shortTables", { $0.shortTables == $1.shortTables }, { $0.shortTables.isEmpty }),
        (.cellsImplementations, "cellsImplementations", { $0.cellsImplementations == $1.cellsImplementations }, { $0.cellsImplementations.isEmpty }),
        (.memberReferences, "memberReferences", { $0.memberReferences == $1.memberReferences }, { $0.memberReferences.isEmpty }),
    ]

    /// The labels of `FileSummary`'s stored properties that are no part (every rule reads them).
    static let everyRuleReads: Set<String> = ["path", "lines"]

    /// The parts a summary holds something in (`unnamed` when it holds anything else).
    static func held(by summary: FileSummary) -> SummaryParts {
        var held: SummaryParts = []
        for entry in named where !entry.empty(summary) { held.insert(entry.part) }
        if held.isEmpty, !summary.holdsNothing { held.insert(.unnamed) }
        return held
    }

    /// What differs between two summaries of one document: the parts whose values differ, and
    /// when the line table differs, every part either holds (their places may have moved).
    static func changed(from old: FileSummary, to new: FileSummary) -> SummaryParts {
        if old == new { return [] }
        if old.lines != new.lines || old.path != new.path { return held(by: old).union(held(by: new)) }
        var changed: SummaryParts = []
        for entry in named where !entry.same(old, new) { changed.insert(entry.part) }
        // Equal in every named part, yet not equal: a part this type does not know of.
        if changed.isEmpty { changed.insert(.unnamed) }
        return changed
    }
}
