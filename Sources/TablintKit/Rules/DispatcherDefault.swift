import Foundation
/// `tablint::dispatcher-default`: the library's guarantee that a new state or action breaks the
/// build rests on the dispatcher's `switch` listing every pair with no catch-all, so Swift's
/// exhaustiveness check does the rest. A `default:`, a `_` or a bare binding in a dispatcher's
/// own switch silently removes it. Which switches are dispatchers is `DispatcherReader`'s call.
struct DispatcherDefault: RunRule {
    let code = "tablint::dispatcher-default"
    let defaultSeverity = Severity.error
    let summary = "A `default:`, `_` or bare binding in a dispatcher's switch lets a new state, action or effect compile without a case."
    /// With `--unsafe-fixes`: the catch-all becomes the cases it decides, spelt out from the
    /// run's enums (`CatchAllSpelling`).
    var isFixable: Bool { true }

    init() {}

    /// Everything: besides the catch-alls and the enums and aliases their cases are spelt from,
    /// the removal plans of the run's matrices (`RemovalSync`) tell which catch-alls go.
    var reads: SummaryParts { .all }

    /// A run rule, because the cases a catch-all stands for are declared anywhere in the run.
    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, enums = facts.enumIndex
        guard run.contains(where: { !$0.catchAllDispatchers.isEmpty }) else { return [] }
        let (cuts, going) = Self.plans(facts)
        return run.enumerated().flatMap { index, file in
            file.catchAllDispatchers.flatMap { check($0, in: file, enums, cut: cuts[index] ?? [], going: going) }
        }
    }

    /// A case the run's fixes remove or rename, and what does it (`the matrix \`Fan\` removes it`).
    struct Going {
        var machine: String
        var name: String
        var how: String
    }

    /// The states, actions and effects whose cases the fixes of this run remove or rename: a
    /// catch-all spelt out now would name them, so it waits for the pass after (bb6 #2).
    /// Each matrix's removal plan is made once for both. `cuts`, by file: the spans of
    /// dispatcher patterns the removal of a state or action cuts: a catch-all there names a case
    /// that goes (`(_, .pause)` once `Pause` leaves the matrix), so it goes with it rather than
    /// being spelt out into patterns of cases that no longer exist.
    private static func plans(_ facts: CrossFileRun) -> (cuts: [Int: [Range<Int>]], going: [Going]) {
        var cuts: [Int: [Range<Int>]] = [:]
        var going: [Going] = []
        for (index, file) in facts.summaries.enumerated() {
            for bound in file.matrices where bound.matrix.surface == .tableLiteral {
                let ref = MachinePairing.MatrixRef(file: index, bound: bound)
                let plan = RemovalSync(ref, machine: bound.machine, facts.pairing)
                for cut in plan.cuts { cuts[cut.file, default: []].append(cut.edit.range) }
                let matrix = "the matrix `\(bound.matrix.machine.text)`"
                for removed in plan.removed where removed.refusal == nil {
                    going.append(Going(machine: bound.machine, name: removed.name, how: "\(matrix) no longer declares \(removed.role.rawValue) `\(removed.name)`, whose case enum-drift's fix removes"))
                }
                for renamed in plan.renamed where renamed.refusal == nil {
                    going.append(Going(machine: bound.machine, name: renamed.old, how: "\(matrix) renamed \(renamed.role.rawValue) `\(renamed.old)` `\(renamed.matrixName)`, and enum-drift's fix renames its case `\(renamed.new)`"))
                }
                for removed in EffectRemovalSync(ref, facts.pairing).removed where removed.refusal == nil {
                    going.append(Going(machine: bound.machine, name: removed.name, how: "no cell of \(matrix) emits effect `\(removed.name)` any more, and unemitted-effect's fix removes its case"))
                }
            }
        }
        return (cuts, going)
    }

    private func check(_ dispatcher: Dispatcher, in file: FileSummary, _ enums: EnumIndex, cut: [Range<Int>], going: [Going]) -> [Diagnostic] {
        let note = file.note(at: dispatcher.switchRange.lowerBound, Self.switchNote(dispatcher))
        let spelling = CatchAllSpelling(dispatcher, enums: enums)
        let noun = Self.everything(dispatcher).noun
        // `FAN_TABLE` binds machine `FAN`; the dispatcher's is `Fan`.
        let goingHere = going.filter { ($0.machine.lowercased() == (dispatcher.machine ?? $0.machine).lowercased()) }
        var found: [Diagnostic] = []
        func report(_ range: Range<Int>, _ message: String, _ spelled: CatchAllSpelling.Spelled, noun: String) {
            var spelled = spelled
            if spelled.edit != nil, let patterns = spelled.patterns,
                let gone = goingHere.first(where: { entry in patterns.contains { Self.names(entry.name, in: $0) } }) {
                spelled.edit = nil
                spelled.noFix = "the cases it decides name `\(gone.name)`, and \(gone.how) in this run; the pass after it spells them out with the cases left"
            }
            var diagnostic = diagnostic(file, at: range, message + Self.advice(spelled, noun: noun), notes: [note])
            diagnostic.fix = spelled.edit.map { Diagnostic.Fix(edits: [$0], applicability: .unsafe) }
            found.append(diagnostic)
        }
        for (armIndex, arm) in dispatcher.arms.enumerated() {
            switch arm.label {
            case .default:
                report(arm.labelRange, Self.wholeMessage("`\(arm.labelText)`", dispatcher, onlyWarns: false),
                       spelling.spell(arm: armIndex, item: nil), noun: noun)
            case .unknownDefault:
                report(arm.labelRange, Self.wholeMessage("`\(arm.labelText)`", dispatcher, onlyWarns: true),
                       spelling.spell(arm: armIndex, item: nil), noun: noun)
            case .items(let items, let unknown):
                for (itemIndex, item) in items.enumerated() where !item.isGuarded {
                    if cut.contains(where: { $0.lowerBound <= item.range.lowerBound && item.range.upperBound <= $0.upperBound }) { continue }
                    let written = items.count == 1 ? "`\(arm.labelText)`" : "`\(item.elements.count == 1 ? item.elements[0].text : Self.text(of: item))` in `\(arm.labelText)`"
                    let range = items.count == 1 ? arm.labelRange : item.range
                    let loose = item.elements.indices.filter { item.elements[$0].matchesEverything }
                    if !loose.isEmpty, loose.count == item.elements.count {
                        report(range, Self.wholeMessage(written, dispatcher, onlyWarns: unknown),
                               spelling.spell(arm: armIndex, item: itemIndex), noun: noun)
                    } else if item.isTuple, !loose.isEmpty {
                        // One edit spells out the item; it rides on its first wildcard's diagnostic.
                        let spelled = spelling.spell(arm: armIndex, item: itemIndex)
                        for (order, position) in loose.enumerated() {
                            var shown = spelled
                            if order > 0 { shown.edit = nil }
                            report(item.elements[position].range, Self.positionMessage(position, of: item, arm, dispatcher),
                                   shown, noun: Self.positionNoun(dispatcher.subjects[position]))
                        }
                    }
                }
            case .unreadable:
                break
            }
        }
        return found
    }

    /// Whether a spelt-out pattern (`(.off, .hold)`, `.alarm`) names the case `name`.
    static func names(_ name: String, in pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars), target = Array(("." + name).unicodeScalars)
        guard scalars.count >= target.count else { return false }
        let isPart = { (scalar: Unicode.Scalar) in CharacterSet.alphanumerics.contains(scalar) || scalar == "_" }
        for start in 0...(scalars.count - target.count) where Array(scalars[start..<start + target.count]) == target {
            let end = start + target.count
            if end == scalars.count || !isPart(scalars[end]) { return true }
        }
        return false
    }

    /// How many patterns a message lists before `and N more`.
    static let listedPatterns = 5

    /// What the catch-all decides, what to do instead, and why there is no fix if there is none.
    static func advice(_ spelled: CatchAllSpelling.Spelled, noun: String) -> String {
        let noFix = (spelled.nesting.map { "; \($0)" } ?? "") + (spelled.noFix.map { "; no fix: \($0)" } ?? "")
        guard let patterns = spelled.patterns else { return ". List each \(noun) instead" + noFix }
        if patterns.isEmpty {
            return ". It decides nothing: every \(noun) it matches is decided above it, so remove it" + noFix
        }
        let shown = patterns.prefix(listedPatterns).map { "`\($0)`" }
        let listed: String
        if patterns.count > shown.count {
            listed = shown.joined(separator: ", ") + " and \(patterns.count - shown.count) more"
        } else if shown.count == 1 {
            listed = shown[0]
        } else {
            listed = shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        }
        return ". It decides \(listed): list each \(noun) instead" + noFix
    }

    private static func text(of item: Dispatcher.CaseItem) -> String {
        "(" + item.elements.map(\.text).joined(separator: ", ") + ")"
    }

    /// What the subject's values are called, for "matches every … not listed".
    private static func everything(_ dispatcher: Dispatcher) -> (all: String, new: String, noun: String) {
        switch dispatcher.kind {
        case .step: return ("every (state, action) pair", "a new state or action", "pair")
        case .effect: return ("every effect", "a new effect", "effect")
        case .render: return ("every state", "a new state", "state")
        case .configured:
            if dispatcher.subjects.count == 1 {
                return ("every value of `\(dispatcher.subjects[0].name)`", "a new case", "case")
            }
            return ("every (\(dispatcher.subjects.map(\.name).joined(separator: ", "))) combination", "a new case", "combination")
        }
    }

    private static func describe(_ dispatcher: Dispatcher) -> String {
        switch dispatcher.kind {
        case .step, .configured: return "dispatcher `\(dispatcher.function.text)`"
        case .effect: return "effect dispatcher `\(dispatcher.function.text)`"
        case .render: return "render dispatcher `\(dispatcher.function.text)`"
        }
    }

    /// The first sentence, without its full stop: the advice follows.
    static func wholeMessage(_ written: String, _ dispatcher: Dispatcher, onlyWarns: Bool) -> String {
        let (all, new, _) = everything(dispatcher)
        let consequence = onlyWarns ? "will compile with only a warning"
            : dispatcher.kind == .configured ? "will compile without being listed" : "will compile without a case"
        return "\(written) in \(describe(dispatcher)) matches \(all) not listed, so \(new) \(consequence)"
    }

    /// What one position stands for: `action`, `state`, `case`.
    static func positionNoun(_ subject: Dispatcher.Subject) -> String {
        switch subject.role {
        case .state: return "state"
        case .action: return "action"
        case .effect, .value: return "case"
        }
    }

    /// `_` or a binding in one position of a tuple pattern whose other positions constrain it;
    /// the first sentence, without its full stop.
    static func positionMessage(_ position: Int, of item: Dispatcher.CaseItem, _ arm: Dispatcher.Arm, _ dispatcher: Dispatcher) -> String {
        let element = item.elements[position]
        let subject = dispatcher.subjects[position]
        let written = "`\(element.text)` in the \(positionName(subject)) position of `\(arm.labelText)` in \(describe(dispatcher))"
        // The other element of a (state, action) pair, when it names one case.
        let other = item.elements.indices.filter { $0 != position }.compactMap { index -> (Dispatcher.Subject, String)? in
            if case .member(let name, _) = item.elements[index].kind { return (dispatcher.subjects[index], name) }
            return nil
        }
        switch subject.role {
        case .state, .action:
            let noun = subject.role == .state ? "state" : "action"
            if other.count == 1, item.elements.count == 2 {
                let (otherSubject, name) = other[0]
                let scope = otherSubject.role == .state ? "in state `\(name)`" : "for action `\(name)`"
                return "\(written) matches every \(noun) \(scope), so a new \(noun) will compile without a case for `\(name)`"
            }
            return "\(written) matches every \(noun), so a new \(noun) will compile without a case"
        case .effect, .value:
            return "\(written) matches every value of `\(subject.name)`, so a new case will compile without being listed"
        }
    }

    private static func positionName(_ subject: Dispatcher.Subject) -> String {
        switch subject.role {
        case .state: return "state"
        case .action: return "action"
        case .effect: return "effect"
        case .value: return "`\(subject.name)`"
        }
    }

    /// Why this switch is a dispatcher.
    static func switchNote(_ dispatcher: Dispatcher) -> String {
        let subjects = dispatcher.subjects
        switch dispatcher.kind {
        case .step:
            let state = subjects.first { $0.role == .state }!, action = subjects.first { $0.role == .action }!
            return "`\(dispatcher.switchText)` is the dispatcher of `\(dispatcher.function.text)`: `\(state.name)` is its state (`\(state.type)`) and `\(action.name)` its action (`\(action.type)`)"
        case .effect:
            return "`\(dispatcher.switchText)` is the effect dispatcher of `\(dispatcher.function.text)`: `\(subjects[0].name)` is its effect (`\(subjects[0].type)`)"
        case .render:
            return "`\(dispatcher.switchText)` is the render dispatcher of `\(dispatcher.function.text)`: `\(subjects[0].name)` is its state (`\(subjects[0].type)`)"
        case .configured:
            return "`\(dispatcher.switchText)` is a dispatcher because `\(dispatcher.function.text)` is named with `--dispatcher`"
        }
    }
}
