/// `tablint::unemitted-effect`: a declared effect that no cell of a reachable state emits,
/// statically (GO, EMIT) or through what a `HANDLE` implementation returns. Nothing is said of
/// a machine with a reached cell whose outcome is unknown, or one that delegates (a child's
/// moves may emit through the parent).
struct UnemittedEffect: GraphRule {
    let code = "tablint::unemitted-effect"
    let defaultSeverity = Severity.warning
    let summary = "A declared effect that no reachable cell emits, in the matrix or in a `HANDLE` implementation."

    init() {}

    func check(facts ofRun: [GraphFacts], run: [FileSummary]) -> [Diagnostic] {
        let locations = RunLocations(run)
        var pairing: MachinePairing?
        var found: [Diagnostic] = []
        for facts in GraphFacts.asked(ofRun) {
            let graph = facts.graph
            guard !facts.sawUnknown,
                !facts.reached.inOrder.contains(where: { state in graph.cells[state].contains { $0.kind == .delegate || $0.kind == .unknown } })
            else { continue }
            // The declared effects, with where each is declared.
            var declared: [(name: String, path: String, range: Range<Int>)] = []
            guard let (file, bound) = GraphFacts.bound(of: graph, in: run) else { continue }
            if let effects = bound.matrix.effects {
                declared = effects.map { ($0.text, run[file].path, $0.range) }
            } else {
                if pairing == nil { pairing = MachinePairing(run) }
                guard let ref = pairing!.enums(of: bound, near: run[file].path).effects,
                    !ref.declaration.hasConditionalCases, !ref.declaration.isIncomplete
                else { continue }
                declared = ref.declaration.cases.map { ($0.name, run[ref.file].path, $0.range) }
            }
            guard !declared.isEmpty else { continue }
            // A cell naming an undeclared effect is `unknown-effect`'s: the names disagree, and
            // which was meant is not known.
            let declaredKeys = Set(declared.map { NameCasing.lowerFirst($0.name) })
            // Each spelling is folded once: a machine names a few effects in thousands of cells.
            var spellings = Spellings(declared: declared.map(\.name))
            var namesOnlyDeclared = true
            // The spelling last found declared, not looked up again in the next cell.
            var lastDeclared: String?
            for row in graph.cells.indices where namesOnlyDeclared {
                // The row, not each cell, taken out: a copy of a cell retains and releases all it holds.
                let cells = graph.cells[row]
                for action in cells.indices where namesOnlyDeclared {
                    for outcome in 0..<cells[action].outcomeCount {
                        let effects = cells[action].effects(outcome)
                        guard !effects.isEmpty else { continue }
                        for effect in effects where effect != lastDeclared {
                            guard declaredKeys.contains(spellings.key(effect)) else {
                                namesOnlyDeclared = false
                                break
                            }
                            lastDeclared = effect
                        }
                    }
                }
            }
            guard namesOnlyDeclared else { continue }
            var emitted = Set<String>()
            // What a step dispatcher of the machine returns emits too, whatever its cell says
            // (`dispatcher-drift` reports the disagreement).
            for summary in run {
                for dispatcher in summary.dispatchers where dispatcher.kind == .step && dispatcher.machine.map(MachineKey.normalized) == bound.key {
                    for arm in dispatcher.arms {
                        switch arm.outcome.kind {
                        case .go(_, let effects), .stay(let effects): emitted.formUnion(effects.map { NameCasing.lowerFirst($0.text) })
                        default: break
                        }
                    }
                }
            }
            // The spelling last inserted, not inserted again in the next cell.
            var lastEmitted: String?
            for state in facts.reached.inOrder {
                let cells = graph.cells[state]
                for action in cells.indices {
                    for outcome in 0..<cells[action].outcomeCount {
                        let effects = cells[action].effects(outcome)
                        guard !effects.isEmpty else { continue }
                        for effect in effects where effect != lastEmitted {
                            emitted.insert(spellings.key(effect))
                            lastEmitted = effect
                        }
                    }
                }
            }
            let emittedInOrder = declared.map(\.name).filter { emitted.contains(NameCasing.lowerFirst($0)) }
            for effect in declared where !emitted.contains(NameCasing.lowerFirst(effect.name)) {
                var notes: [Diagnostic.Note] = []
                for state in graph.states.indices where !facts.reached.contains(state) {
                    for (action, cell) in graph.cells[state].enumerated() {
                        for outcome in cell.outcomes where outcome.effects.contains(where: { NameCasing.lowerFirst($0) == NameCasing.lowerFirst(effect.name) }) {
                            guard let origin = outcome.origin, notes.count < 4 else { continue }
                            notes.append(locations.note(origin, "\(graph.cellLabel(state: state, action: action)) emits it, but `\(graph.states[state])` is never reached"))
                        }
                    }
                }
                let message = "\(graph.machine): no reachable cell emits `\(effect.name)`; "
                    + (emittedInOrder.isEmpty ? "the reachable cells emit no effect" : "the reachable cells emit only \(GraphFacts.quoted(emittedInOrder))")
                let summary = run.first { $0.path == effect.path }
                let start = summary?.location(of: effect.range.lowerBound) ?? SourceLocation(offset: effect.range.lowerBound, line: 1, column: 1)
                let end = summary?.location(of: effect.range.upperBound) ?? start
                found.append(Diagnostic(path: effect.path, start: start, end: end, severity: defaultSeverity, message: message, code: code, notes: notes))
            }
        }
        return found
    }

    /// Effect names folded as `NameCasing.lowerFirst` does, each spelling once.
    private struct Spellings {
        private var folded: [String: String] = [:]

        init(declared: [String]) {
            for name in declared where folded[name] == nil { folded[name] = NameCasing.lowerFirst(name) }
        }

        /// The spelling asked last and its key: a machine's cells name the same effect again and
        /// again, and comparing two short strings costs less than hashing one.
        private var last: (name: String, key: String)?

        mutating func key(_ name: String) -> String {
            if let last, last.name == name { return last.key }
            let key = fold(name)
            last = (name, key)
            return key
        }

        private mutating func fold(_ name: String) -> String {
            if let known = folded[name] { return known }
            let key = NameCasing.lowerFirst(name)
            folded[name] = key
            return key
        }
    }
}
