import Dispatch
import Foundation

/// The run's documents and what the analysis knows of each: every front end (the command line,
/// standard input, the language server, export, diff) builds one, updates it a document at a
/// time, and asks it for diagnostics (`diagnostics()`) and proven edits (`Engine.fix`).
///
/// A document is known by one identity, its path: the command line's paths as given, the
/// language server's the real path on disk (`DocumentIdentity`). What is kept per document is
/// what the cross-file step and `finish` need (its own diagnostics, summary, suppressions and
/// settings), not its bytes: those stay only when asked (`keepingBytes`: the fix path, SARIF),
/// and its `LintContext` only for a document an editor has open (`keepingContext`).
struct Workspace {
    /// One document as the workspace holds it.
    struct Entry {
        var path: String
        var settings: LintSettings
        var analysis: FileAnalysis
        /// The bytes analysed, when kept.
        var bytes: [UInt8]?
        /// The readers' findings, for hover and definition in an editor.
        var context: LintContext?
        /// For a document whose declarations wait: the names its bytes declare, once the run
        /// first asked (`DeferredDeclarations.swift`), so a later update need not read it again
        /// to know whether it matters.
        var declaredNames: DeclaredNames?
    }

    let rules: [Rule]
    /// `rules`' run rules, picked out once.
    let runRules: [RunRule]
    let readers: ReaderPolicy
    /// Whether the documents' `Cells` implementations are read: only the rules that ask what a
    /// machine does (`GraphRule`) look at them, and the commands that draw a graph (`paths`,
    /// `export`), whose workspaces hold every rule.
    let readsCellsImplementations: Bool
    /// Internal, not private: the deferred declarations are read in `DeferredDeclarations.swift`.
    var entries: [String: Entry] = [:]
    /// How a document is read again for its deferred declarations: set by `update(paths:)` to
    /// its reader; a front end that updates with bytes and keeps the workspace (the language
    /// server) sets it to where it finds them. Without it, a document given with its bytes
    /// whose declarations were not needed in its own update is not read again.
    var rereading: ((String) -> Result<[UInt8], SystemError>)?
    /// The cross-file diagnostics of the documents as recorded, worked out on first use; a new
    /// one on every change, which keeps the per-rule results of the last one worked out and
    /// what changed since (`SummaryParts`).
    private var crossFileCache = CrossFileCache(base: nil, changed: .all)
    /// Each group of files the run rules read together (`CrossFileComponents`) with its
    /// results, as last worked out. Kept by the groups' contents, so copies of a workspace may
    /// share it.
    private let componentCache = CrossFileComponentCache()
    /// The paths in the order they were first added (results come back in this order).
    private(set) var paths: [String] = []
    /// What the run's removal and rename plans search for (`searchReferencesToGoingNames`), once
    /// worked out; forgotten when a summary part other than the references changes, so an edit
    /// of a file with no machine surface does not pair the machines again. Internal, not
    /// private: read in `ReferenceSearch.swift`.
    var goingNames: Set<String>?

    /// Whether the run rules are checked group by group and each group's results kept
    /// (`perComponent`): for a workspace updated again and again (the language server's). A run
    /// that checks once gains nothing from the groups and checks the run as one.
    let checksByGroup: Bool

    init(rules: [Rule] = RuleRegistry.all, readers: ReaderPolicy = .shortcuts, checksByGroup: Bool = false) {
        self.checksByGroup = checksByGroup
        self.rules = rules
        self.runRules = CrossFileCheck.runRules(of: rules)
        self.readers = readers
        readsCellsImplementations = runRules.contains(where: \.asksWhatMachinesDo)
    }

    /// `rules` without those every one of `settings` disables (`--disable`, `.tablint`): the
    /// rules a run of files with these settings needs. A rule left out never runs, and what only
    /// it reads is not read (no machine graph, no `Cells` implementation without the rules that
    /// ask what a machine does).
    static func rules(_ rules: [Rule], enabledInAnyOf settings: some Sequence<LintSettings>) -> [Rule] {
        var disabledEverywhere: Set<String>?
        for one in settings {
            // Most runs have a file that disables nothing: every rule is needed.
            guard !one.disabledCodes.isEmpty else { return rules }
            disabledEverywhere = disabledEverywhere?.intersection(one.disabledCodes) ?? one.disabledCodes
            if disabledEverywhere?.isEmpty == true { return rules }
        }
        guard let disabledEverywhere else { return rules }
        return rules.filter { !disabledEverywhere.contains($0.code) }
    }

    /// What to keep of a document besides its analysis.
    struct Keeping: OptionSet {
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }
        static let bytes = Keeping(rawValue: 1)
        static let context = Keeping(rawValue: 2)
        /// The tokens, for the proof of a fix.
        static let tokens = Keeping(rawValue: 4)
        /// The bytes and tokens of a document whose own diagnostics carry a fix (what `--fix`
        /// will rewrite); another's are dropped (a cross-file fix's file is read again).
        static let whenFixable = Keeping(rawValue: 8)
    }

    // MARK: Updating

    /// Analyses `documents` on up to `jobs` threads and records them, replacing any document of
    /// the same path.
    mutating func update(_ documents: [Engine.Document], keeping: Keeping = [], jobs: Int = 1) {
        let analysed = parallelMap(documents.count, jobs: jobs) { index in
            analyse(documents[index].path, documents[index].bytes, documents[index].settings, keeping)
        }
        var given: [String: [UInt8]] = [:]
        for (entry, document) in zip(analysed, documents) {
            record(entry)
            if entry.analysis.declarationsDeferred { given[document.path] = document.bytes }
        }
        readDeferredDeclarations(jobs: jobs, given: given)
        searchReferencesToGoingNames(jobs: jobs, given: Dictionary(documents.map { ($0.path, $0.bytes) }, uniquingKeysWith: { $1 }))
    }

    /// Reads and analyses `paths` on up to `jobs` threads (each file's bytes are dropped once it
    /// is analysed, unless kept) and records them; returns the paths that could not be read, in
    /// the order given, with why.
    mutating func update(
        paths: [String], settings: (String) -> LintSettings, keeping: Keeping = [], jobs: Int = 1,
        read: @escaping (String) -> Result<[UInt8], SystemError>
    ) -> [PathFailure] {
        let results = parallelMap(paths.count, jobs: jobs) { index -> Result<Entry, SystemError> in
            read(paths[index]).map { analyse(paths[index], $0, settings(paths[index]), keeping) }
        }
        var failures: [PathFailure] = []
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let entry): record(entry)
            case .failure(let error): failures.append(PathFailure(path: paths[index], error: error))
            }
        }
        if rereading == nil { rereading = read }
        readDeferredDeclarations(jobs: jobs)
        searchReferencesToGoingNames(jobs: jobs)
        return failures
    }

    /// Forgets a document (closed and gone from disk, or no longer selected).
    mutating func remove(_ path: String) {
        guard let removed = entries.removeValue(forKey: path) else { return }
        paths.removeAll { $0 == path }
        // The others' places in the run moved: every rule that saw this document runs again.
        if !removed.analysis.summary.holdsNothing { invalidateCrossFile(.all) }
        // The run's machines may pair otherwise without it, and plan other removals.
        searchReferencesToGoingNames(jobs: 1)
    }

    private func analyse(
        _ path: String, _ bytes: [UInt8], _ settings: LintSettings, _ keeping: Keeping,
        declarations: LintContext.DeclarationReading = .whenAsked
    ) -> Entry {
        var context: LintContext?
        let analysis = Engine.analyze(
            SourceFile(path: path, bytes: bytes), rules: rules, settings: settings, readers: readers,
            keepingTokens: !keeping.isDisjoint(with: [.tokens, .whenFixable]), declarations: declarations,
            implementations: readsCellsImplementations, context: keeping.contains(.context) ? { context = $0 } : nil)
        var entry = Entry(
            path: path, settings: settings, analysis: analysis, bytes: keeping.contains(.bytes) ? bytes : nil,
            context: context)
        // A file with nothing for the cross-file step is recorded as such, without its line table.
        if entry.analysis.summary.holdsNothing { entry.analysis.summary = .empty(path) }
        if keeping.contains(.whenFixable), analysis.diagnostics.contains(where: { $0.fix != nil }) {
            entry.bytes = bytes
        } else if keeping.contains(.whenFixable) {
            entry.analysis.tokens = []
        }
        return entry
    }

    private mutating func record(_ entry: Entry) {
        if let old = entries.updateValue(entry, forKey: entry.path) {
            summaryChanged(from: old.analysis.summary, to: entry.analysis.summary)
            // Which run rules some document enables may have changed: they are asked again.
            if old.settings.disabledCodes != entry.settings.disabledCodes { crossFileCache = crossFileCache.next(changed: []) }
        } else {
            paths.append(entry.path)
            if !entry.analysis.summary.holdsNothing { invalidateCrossFile(SummaryParts.held(by: entry.analysis.summary)) }
        }
    }

    /// A recorded document's summary changed (in place, as its deferred declarations are read).
    mutating func summaryChanged(from old: FileSummary, to new: FileSummary) {
        invalidateCrossFile(SummaryParts.changed(from: old, to: new))
    }

    private mutating func invalidateCrossFile(_ parts: SummaryParts) {
        guard !parts.isEmpty else { return }
        if !parts.subtracting(.memberReferences).isEmpty { goingNames = nil }
        crossFileCache = crossFileCache.next(changed: parts)
    }

    // MARK: Asking

    var count: Int { entries.count }

    func contains(_ path: String) -> Bool { entries[path] != nil }

    func entry(_ path: String) -> Entry? { entries[path] }

    /// The bytes analysed for `path`, when they were kept.
    func bytes(of path: String) -> [UInt8]? { entries[path]?.bytes }

    /// The readers' findings for `path`, when they were kept.
    func context(of path: String) -> LintContext? { entries[path]?.context }

    func settings(of path: String) -> LintSettings? { entries[path]?.settings }

    /// Every document's summary, in the order they were added.
    var summaries: [FileSummary] { paths.compactMap { entries[$0]?.analysis.summary } }

    /// The cross-file diagnostics of the run, by the path they are reported at. `replacing`
    /// stands one document's summary in for the recorded one (a fix or a suppression being
    /// tried before it is applied).
    func crossFile(replacing replacements: [String: FileSummary] = [:]) -> [String: [Diagnostic]] {
        let recorded = crossFileCache.results { base, changed in
            let summaries = self.summaries, wanted = runRulesWanted
            return (checksByGroup ? perComponent(summaries, wanted: wanted) : nil)
                ?? perRule(base: base, changed: changed, summaries: summaries, wanted: wanted)
        }
        guard !replacements.isEmpty else { return recorded.byPath }
        // Only the rules that read a part the replacements change run again.
        var changed: SummaryParts = []
        for (path, replacement) in replacements {
            if let old = entries[path]?.analysis.summary {
                changed.formUnion(SummaryParts.changed(from: old, to: replacement))
            } else {
                changed.formUnion(SummaryParts.held(by: replacement))
            }
        }
        let replaced = paths.compactMap { replacements[$0] ?? entries[$0]?.analysis.summary }
        return CrossFileCache.byPath(perRule(base: recorded.perRule, changed: changed, summaries: replaced, wanted: runRulesWanted))
    }

    /// Each run rule's diagnostics over `summaries`, worked out group by group
    /// (`CrossFileComponents`): a group whose files read as when it was last checked keeps its
    /// results; another runs again the rules that read a part that changed in it (all of them
    /// when its files are others). Each rule's results are its groups' in order: every
    /// diagnostic is reported in the group that found it, so each file's come in the order a
    /// run over all of them gives. Nil when the groups are not enough: some removal or rename
    /// plan searches every file for a name, or `cells-drift` asks every implementation of the
    /// run for a member of the name it reports; then the run is checked as one.
    private func perComponent(_ summaries: [FileSummary], wanted: [Bool]) -> [[Diagnostic]?]? {
        typealias Entry = CrossFileComponentCache.Entry
        let groups = componentCache.groups(of: summaries)
        let keys = groups.map { group in CrossFileComponentCache.Key(paths: group.map { summaries[$0].path }) }
        let known = componentCache.take()
        var entries = Array(repeating: Entry?.none, count: groups.count)
        var due: [(position: Int, base: [[Diagnostic]?]?, changed: SummaryParts)] = []
        for (position, group) in groups.enumerated() {
            let members = group.map { summaries[$0] }
            guard let old = known[keys[position]] else {
                due.append((position, nil, .all))
                entries[position] = Entry(summaries: members, searches: Self.searches(members))
                continue
            }
            var changed: SummaryParts = []
            for (index, summary) in zip(group, old.summaries) { changed.formUnion(SummaryParts.changed(from: summary, to: summaries[index])) }
            if changed.isEmpty, old.wanted == wanted, old.perRule != nil {
                entries[position] = old
                continue
            }
            // What the group's plans search for changes with the group's files only.
            entries[position] = Entry(summaries: members, searches: changed.isEmpty ? old.searches : Self.searches(members))
            due.append((position, old.perRule, old.perRule == nil ? .all : changed))
        }
        // A group whose plans search every file for a name: the run is checked as one, and no
        // group's rules run. What each group searches for is kept for the next change.
        if entries.contains(where: { $0!.searches || $0!.asksImplementations }) {
            componentCache.keep(Dictionary(uniqueKeysWithValues: zip(keys, entries.map { $0! })))
            return nil
        }
        let cellsDrift = runRules.firstIndex { $0.code == CellsDrift().code }
        let prepared = entries
        let work = { (one: (position: Int, base: [[Diagnostic]?]?, changed: SummaryParts)) -> Entry in
            var entry = prepared[one.position]!
            let perRule = self.perRule(base: one.base, changed: one.changed, summaries: entry.summaries, wanted: wanted, concurrently: false)
            entry.perRule = perRule
            entry.wanted = wanted
            // `cells-drift` names the implementation of the run that writes a requirement no cell
            // of a table literal asks for, whichever machine it implements.
            entry.asksImplementations = Self.holdsTableLiteral(entry.summaries)
                && cellsDrift.map { perRule[$0]?.contains { $0.message.contains(CellsDrift.staleRequirement) } == true } == true
            return entry
        }
        let dueFiles = due.reduce(0) { $0 + groups[$1.position].count }
        if due.count > 1, dueFiles >= Self.concurrentRunRuleFiles {
            // The groups are independent: on two cores when one is free, each writing its own slot.
            entries.withUnsafeMutableBufferPointer { slots in
                DispatchQueue.concurrentPerform(iterations: due.count) { slots[due[$0].position] = work(due[$0]) }
            }
        } else {
            for one in due { entries[one.position] = work(one) }
        }
        componentCache.keep(Dictionary(uniqueKeysWithValues: zip(keys, entries.map { $0! })))
        guard !entries.contains(where: { $0!.asksImplementations }) else { return nil }
        var results = Array(repeating: [Diagnostic]?.none, count: runRules.count)
        for entry in entries {
            for index in runRules.indices {
                guard let found = entry!.perRule?[index] else { continue }
                results[index] = (results[index] ?? []) + found
            }
        }
        // A wanted rule has results, empty when no group found anything.
        for index in runRules.indices where wanted[index] && results[index] == nil { results[index] = [] }
        return results
    }

    private static func holdsTableLiteral(_ group: [FileSummary]) -> Bool {
        group.contains { $0.matrices.contains { $0.matrix.surface == .tableLiteral } }
    }

    /// Whether a group's removal or rename plans search the run for a name (only a table
    /// literal plans).
    private static func searches(_ group: [FileSummary]) -> Bool {
        holdsTableLiteral(group) && !RemovalSync.searchedNames(CrossFileRun(group)).isEmpty
    }

    /// Each run rule's diagnostics over `summaries`: `base`'s for a rule that reads none of the
    /// parts `changed` since `base` was worked out, the rule's own run for another; nil for a
    /// rule every document disables (it does not run: whatever it found would be dropped).
    private func perRule(
        base: [[Diagnostic]?]?, changed: SummaryParts, summaries: [FileSummary], wanted: [Bool], concurrently: Bool = true
    ) -> [[Diagnostic]?] {
        var results = base ?? Array(repeating: nil, count: runRules.count)
        for index in runRules.indices where !wanted[index] { results[index] = nil }
        // A rule not run last time (disabled then) runs now that a document enables it.
        let due = runRules.indices.filter {
            wanted[$0] && (base?[$0] == nil || !runRules[$0].reads.isDisjoint(with: changed))
        }
        guard !due.isEmpty else { return results }
        let facts = CrossFileRun(summaries)
        let rules = runRules
        if concurrently, due.count > 1, summaries.count >= Self.concurrentRunRuleFiles {
            // The rules are independent: on two cores when one is free (`concurrentPerform` runs
            // them all on the calling thread when none is), each writing only its own slot.
            results.withUnsafeMutableBufferPointer { slots in
                DispatchQueue.concurrentPerform(iterations: due.count) { index in
                    slots[due[index]] = rules[due[index]].check(run: facts)
                }
            }
        } else {
            for index in due { results[index] = rules[index].check(run: facts) }
        }
        return results
    }

    /// For each run rule, whether some document's settings enable it.
    private var runRulesWanted: [Bool] {
        var disabledEverywhere: Set<String>?
        for entry in entries.values {
            guard !entry.settings.disabledCodes.isEmpty else { return Array(repeating: true, count: runRules.count) }
            disabledEverywhere = disabledEverywhere?.intersection(entry.settings.disabledCodes) ?? entry.settings.disabledCodes
            if disabledEverywhere?.isEmpty == true { return Array(repeating: true, count: runRules.count) }
        }
        return runRules.map { !(disabledEverywhere?.contains($0.code) ?? false) }
    }

    /// Below this many documents the run rules take less than a thread costs to start.
    static let concurrentRunRuleFiles = 16

    /// Every document's final diagnostics (its own and the cross-file ones at it, configured and
    /// suppressed), by path. `replacing`: documents that now read otherwise (fixed), by the
    /// summaries of what they now read; they are left out of the result.
    func diagnostics(replacing replacements: [String: FileSummary] = [:]) -> [String: [Diagnostic]] {
        let crossFile = crossFile(replacing: replacements)
        var byPath: [String: [Diagnostic]] = [:]
        for (path, entry) in entries where replacements[path] == nil {
            byPath[path] = Engine.finish(entry.analysis, crossFile: crossFile[path] ?? [])
        }
        return byPath
    }

    /// One document's final diagnostics as they are in a run over the whole workspace.
    func diagnostics(for path: String) -> [Diagnostic] {
        guard let entry = entries[path] else { return [] }
        return Engine.finish(entry.analysis, crossFile: crossFile()[path] ?? [])
    }

    /// One document's diagnostics before configuration and suppressions (every rule of the
    /// workspace some document enables, its own and the cross-file ones at it), sorted: what the library itself would
    /// say of the file, for export and diff.
    func unconfiguredDiagnostics(for path: String) -> [Diagnostic] {
        guard let entry = entries[path] else { return [] }
        return (entry.analysis.diagnostics + (crossFile()[path] ?? [])).sortedForOutput()
    }

    /// What one document's diagnostics would be with `bytes` in place of its recorded text, the
    /// rest of the workspace as it is (a suppression or a quick fix tried before it is offered).
    func diagnostics(for path: String, ifItRead bytes: [UInt8]) -> [Diagnostic] {
        guard let entry = entries[path] else { return [] }
        let trial = analyse(path, bytes, entry.settings, [], declarations: .read)
        let crossFile = crossFile(replacing: [path: trial.analysis.summary])
        return Engine.finish(trial.analysis, crossFile: crossFile[path] ?? [])
    }
}

/// The groups of files the run rules read together (`CrossFileComponents`), by their paths, with
/// what the rules found in each when last checked: what `Workspace.perComponent` reuses for a
/// group whose files read the same. Only the last check's groups are kept.
private final class CrossFileComponentCache {
    struct Key: Hashable {
        var paths: [String]
    }

    struct Entry {
        /// The group's summaries as checked.
        var summaries: [FileSummary]
        /// Whether its removal or rename plans search every file for a name.
        var searches: Bool
        /// What each rule found in the group, with the rules some document enabled then; nil
        /// when the run was checked as one.
        var perRule: [[Diagnostic]?]?
        var wanted: [Bool] = []
        /// Whether `cells-drift` asked every implementation of the run for a member.
        var asksImplementations = false

        init(summaries: [FileSummary], searches: Bool) {
            self.summaries = summaries
            self.searches = searches
        }
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    /// Each file's names as last split (`CrossFileComponents.Links`), with the summary they are of.
    private var links: [String: (summary: FileSummary, links: CrossFileComponents.Links)] = [:]

    /// The last split: the paths split and the groups.
    private var split: (paths: [String], groups: [[Int]])?

    /// `summaries` split into groups (`CrossFileComponents`). Each file's names are read again
    /// only when its summary changed, and the split is worked out again only when the paths or
    /// some file's names did.
    func groups(of summaries: [FileSummary]) -> [[Int]] {
        lock.lock()
        let known = links, last = split
        lock.unlock()
        var kept: [String: (summary: FileSummary, links: CrossFileComponents.Links)] = [:]
        var same = last?.paths.count == summaries.count
        let found = summaries.enumerated().map { index, summary -> CrossFileComponents.Links in
            if same, last?.paths[index] != summary.path { same = false }
            if let old = known[summary.path], old.summary == summary {
                kept[summary.path] = old
                return old.links
            }
            let new = CrossFileComponents.Links(summary)
            // A file with nothing for the step is in no group.
            if known[summary.path]?.links != new || known[summary.path]?.summary.holdsNothing != summary.holdsNothing { same = false }
            kept[summary.path] = (summary, new)
            return new
        }
        let groups = same && last != nil ? last!.groups : CrossFileComponents(summaries, links: found).groups
        lock.lock()
        links = kept
        split = (summaries.map(\.path), groups)
        lock.unlock()
        return groups
    }

    func take() -> [Key: Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func keep(_ worked: [Key: Entry]) {
        lock.lock()
        defer { lock.unlock() }
        entries = worked
    }
}

/// The cross-file diagnostics of one state of a workspace, worked out on first use. A workspace
/// that changes takes a new one (`next`), so copies of a workspace never share an answer that is
/// not theirs; the new one keeps the last per-rule results worked out and the parts changed since.
private final class CrossFileCache {
    private let lock = NSLock()
    private let base: [[Diagnostic]?]?
    private let changed: SummaryParts
    private var worked: (perRule: [[Diagnostic]?], byPath: [String: [Diagnostic]])?

    init(base: [[Diagnostic]?]?, changed: SummaryParts) {
        self.base = base
        self.changed = changed
    }

    func next(changed more: SummaryParts) -> CrossFileCache {
        lock.lock()
        defer { lock.unlock() }
        if let worked { return CrossFileCache(base: worked.perRule, changed: more) }
        return CrossFileCache(base: base, changed: changed.union(more))
    }

    func results(_ work: ([[Diagnostic]?]?, SummaryParts) -> [[Diagnostic]?]) -> (perRule: [[Diagnostic]?], byPath: [String: [Diagnostic]]) {
        lock.lock()
        defer { lock.unlock() }
        if let worked { return worked }
        let perRule = work(base, changed)
        let done = (perRule, Self.byPath(perRule))
        worked = done
        return done
    }

    /// The diagnostics by the path they are reported at, each path's in rule order.
    static func byPath(_ perRule: [[Diagnostic]?]) -> [String: [Diagnostic]] {
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in perRule.lazy.compactMap({ $0 }).joined() { byPath[diagnostic.path, default: []].append(diagnostic) }
        return byPath
    }
}
