/// `tabular-center::unknown-effect`: a GO or EMIT names an effect that `enum F` does not declare,
/// so there is nothing to perform. Names compare without their arguments.
struct UnknownEffect: RunRule {
    let code = "tabular-center::unknown-effect"
    let defaultSeverity = Severity.error
    let summary = "A GO or EMIT names an effect that is not declared."

    /// Unsafe, for a `Table` literal: an effect `enum F` lacks (and that is no slip of one of
    /// its cases) is added to it, in the order the matrix first names its effects, as
    /// enum-drift adds states and actions; the fix is on the effect's first mention.
    var isFixable: Bool { true }

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            guard let declared = matrix.effects.map({ Set($0.map { matrix.key($0.text) }) }) else { return [] }
            return matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().flatMap { column, cell -> [Diagnostic] in
                    let effects: [Name]
                    switch cell.kind {
                    case .go(_, let list, _), .emit(let list): effects = list
                    default: return []
                    }
                    return effects.filter { !declared.contains(matrix.key($0.text)) }.map { effect in
                        diagnostic(
                            context, at: effect.range,
                            "cell \(matrix.cellLabel(row: rowIndex, column: column)) emits `\(effect.text)`, which is not a declared effect. Effects: \(matrix.effectList)")
                    }
                }
            }
        }
    }

    /// A `Table` literal declares no effects: its cells' effects are checked against the
    /// `enum F` of its machine, found in the run as a dispatcher's enums are.
    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for file in run {
            for bound in file.matrices where bound.matrix.surface == .tableLiteral {
                guard let ref = pairing.enums(of: bound, near: file.path).effects else { continue }
                let declaration = ref.declaration
                let cases = declaration.cases.map(\.name)
                let matrix = bound.matrix
                let list = cases.map(NameCasing.upperFirst).joined(separator: " ")
                let label = "`enum \(declaration.qualifiedName)`"
                // The matrix's effects in the order it first names them, each at its first mention.
                var mentioned: [Name] = [], seen = Set<String>()
                for row in bound.matrix.rows {
                    for cell in row.cells {
                        switch cell.kind {
                        case .go(_, let names, _), .emit(let names):
                            for name in names where seen.insert(NameCasing.lowerFirst(name.text)).inserted { mentioned.append(name) }
                        default: continue
                        }
                    }
                }
                let fileIndex = run.firstIndex { $0.path == file.path }!
                let going = Self.going(MachinePairing.MatrixRef(file: fileIndex, bound: bound), pairing)
                for (rowIndex, row) in matrix.rows.enumerated() {
                    for (column, cell) in row.cells.enumerated() {
                        let effects: [Name]
                        switch cell.kind {
                        case .go(_, let names, _), .emit(let names): effects = names
                        default: continue
                        }
                        for effect in effects where !cases.contains(NameCasing.lowerFirst(effect.text)) {
                            let slip = cases.filter { EditDistance.isSlip($0.lowercased(), of: effect.text.lowercased()) }
                            let hint = slip.count == 1 ? "; expected `\"\(NameCasing.upperFirst(slip[0]))\"`" : ""
                            var message = "cell \(matrix.cellLabel(row: rowIndex, column: column)) emits `\(effect.text)`, which is not a declared effect. Effects: \(list) (\(label))\(hint)"
                            var fix: Diagnostic.Fix?
                            if slip.count != 1, mentioned.contains(effect) {
                                let blocked = CellsDrift.requirementRefusal(
                                    GeneratedShape.effectMember(effect.text), effect: true, of: MachinePairing.MatrixRef(file: fileIndex, bound: bound), pairing)
                                switch blocked.map({ .failure(DispatcherSync.Why($0)) }) ?? Self.addition(of: effect, among: mentioned, to: declaration, going: going) {
                                case .success(let edit):
                                    fix = Diagnostic.Fix(edits: [edit], applicability: .unsafe)
                                    let newCase = GeneratedShape.declared(NameCasing.lowerFirst(effect.text))
                                    message += "; the fix adds `case \(newCase)` to \(label), in the order the matrix first names its effects"
                                    let machine = pairing.spelling(of: bound.machine) ?? bound.owner ?? matrix.machine.text
                                    message += ExhaustiveSwitches.sentence(
                                        ExhaustiveSwitches.needingArm(for: NameCasing.lowerFirst(effect.text), over: ref, machine: bound.machine, spelled: machine, pairing), newCase: NameCasing.lowerFirst(effect.text), in: run)
                                case .failure(let why):
                                    message += "; no fix: \(why.text)"
                                }
                            }
                            // A fix edits the file its diagnostic is in: with the enum in another
                            // file, the finding that adds the case is reported at the enum.
                            if fix != nil, run[ref.file].path != file.path {
                                found.append(diagnostic(
                                    run[ref.file], at: declaration.nameRange, message,
                                    notes: [file.note(at: effect.range.lowerBound, "`\(effect.text)` is named here")], fix: fix))
                                continue
                            }
                            found.append(diagnostic(
                                file, at: effect.range, message,
                                notes: [run[ref.file].note(at: declaration.nameRange.lowerBound, "\(label) declares the effects here")], fix: fix))
                        }
                    }
                }
            }
        }
        return found
    }

    /// The effects of a `Table` literal's machine once this rule's fix has added the ones
    /// `enum F` lacks, in the order the fix adds them: what cells-drift expects the `Cells`
    /// protocol to require, so the requirement it reports missing is the same before and
    /// after the case is added; its fix, `perform`'s arm and the step arms are written from it
    /// in the same pass as the case. Unchanged when the fix cannot add a case to the enum (raw
    /// values, cases not all known, an old case that cannot go with it).
    static func effectsAfterAdditions(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing, declared: [String]?) -> [String]? {
        guard ref.matrix.surface == .tableLiteral, var effects = declared,
            let declaration = pairing.enums(of: ref.bound, near: pairing.run[ref.file].path).effects?.declaration,
            case .success = addition(of: Name("Added", 0..<0), among: [Name("Added", 0..<0)], to: declaration, going: going(ref, pairing))
        else { return declared }
        for row in ref.matrix.rows {
            for cell in row.cells {
                switch cell.kind {
                case .go(_, let names, _), .emit(let names): add(names)
                default: continue
                }
            }
        }
        func add(_ names: [Name]) {
            for name in names {
                let effect = NameCasing.lowerFirst(name.text)
                guard !effects.contains(effect), declared!.filter({ EditDistance.isSlip($0.lowercased(), of: name.text.lowercased()) }).count != 1,
                    CellsDrift.requirementRefusal(GeneratedShape.effectMember(name.text), effect: true, of: ref, pairing) == nil
                else { continue }
                effects.append(effect)
            }
        }
        return effects
    }

    /// Why no fix writes anything that names the matrix's `effect` when no `enum F` of its
    /// machine is read (its file is outside the run, or `F` is a `typealias`, which is not
    /// followed for effects): the case cannot be added, so no arm or requirement may name it
    /// (bb4 play/83, play/89). Nil when the enum is read, or when a step return or a
    /// `perform` label already names the effect, since that compiles.
    static func unseenEnumRefusal(_ effect: String, of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> String? {
        guard ref.matrix.surface == .tableLiteral else { return nil }
        let run = pairing.run
        let machine = pairing.spelling(of: ref.bound.machine) ?? ref.bound.owner ?? ref.matrix.machine.text
        guard DispatcherDrift.declaredEffects(of: ref, machine: machine, pairing) == nil else { return nil }
        let key = NameCasing.lowerFirst(CellsDrift.effectName(effect))
        func names(_ list: [Name]) -> Bool { list.contains { NameCasing.lowerFirst(CellsDrift.effectName($0.text)) == key } }
        for (_, dispatcher) in RemovalSync.dispatchers(of: ref, .step, pairing) {
            for arm in dispatcher.arms {
                switch arm.outcome.kind {
                case .go(_, let effects), .stay(let effects): if names(effects) { return nil }
                default: continue
                }
            }
        }
        for (_, dispatcher) in RemovalSync.dispatchers(of: ref, .effect, pairing) {
            for arm in dispatcher.arms {
                guard case .items(let items, _) = arm.label else { continue }
                if items.contains(where: { !$0.isTuple && EffectRemovalSync.effect(of: $0).map(NameCasing.lowerFirst) == key }) { return nil }
            }
        }
        let last = machine.split(separator: ".").last.map(String.init) ?? machine
        let alias = run.lazy.flatMap(\.typeNames).first { $0.keyword == "typealias" && $0.name == "F" && ($0.parent == last || $0.parent == machine) }
        if let alias {
            return "`\(machine).F` is a `typealias`\(alias.aliasTarget.map { " of `\($0)`" } ?? ""), which no fix follows to add `case \(key)`, so no arm or requirement is written to name it; add the case to the enum yourself"
        }
        return "no `enum F` of `\(machine)` is among the run's files, so no fix can add `case \(key)` to it, and no arm or requirement is written to name it; run tablint on the whole target (every file of the machine)"
    }

    /// `effects` (declared ones first, then those the fix adds) in the order `enum F` has once
    /// the fix has added them: each added one after the effect the matrix mentions before it
    /// that the enum has, as `EnumDrift.addition` places its case. Where `perform`'s new arm
    /// and the new requirement go (bb4 play/27).
    static func enumOrder(_ effects: [String], declared: [String], _ matrix: Matrix) -> [String] {
        var mentioned: [String] = []
        for row in matrix.rows {
            for cell in row.cells {
                switch cell.kind {
                case .go(_, let names, _), .emit(let names):
                    for name in names where !mentioned.contains(NameCasing.lowerFirst(name.text)) { mentioned.append(NameCasing.lowerFirst(name.text)) }
                default: continue
                }
            }
        }
        let lowered = Set(declared.map(NameCasing.lowerFirst))
        var ordered = effects.filter { lowered.contains(NameCasing.lowerFirst($0)) }
        for effect in effects where !lowered.contains(NameCasing.lowerFirst(effect)) {
            let key = NameCasing.lowerFirst(effect)
            let earlier = mentioned.prefix { $0 != key }.reversed().first { name in ordered.contains { NameCasing.lowerFirst($0) == name } }
            let at = earlier.flatMap { name in ordered.firstIndex { NameCasing.lowerFirst($0) == name } }.map { $0 + 1 } ?? 0
            ordered.insert(effect, at: at)
        }
        return ordered
    }

    /// `shape` with the effects of `effects` it lacks (those this rule's fix adds) as the
    /// payload-less cases the fix declares: what `perform`'s arm and the `Cells` requirement
    /// of an added effect are written from, in the same run as the case.
    static func shape(_ shape: GeneratedShape, adding effects: [String]?) -> GeneratedShape {
        var shape = shape
        for effect in effects ?? [] where !shape.effects.contains(where: { NameComparison.firstLetterFolded.equal($0.name, effect) }) {
            shape.effects.append(GeneratedShape.Variant(effect))
        }
        return shape
    }

    /// The cases of the effects no cell emits any more that the fixes remove in the same run
    /// (the old name of a renamed effect).
    /// `blocked`: why a new case is not added, when a going case is kept only for want of a
    /// span that deletes it (`enum F { case beep }`): adding `chime` would leave the rename
    /// half done, `beep` kept with its arm and requirement.
    static func going(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> (cases: [EnumDeclaration.Case], blocked: String?) {
        let plan = EffectRemovalSync(ref, pairing)
        guard let effects = plan.effects else { return ([], nil) }
        let spanless = plan.removed.first(where: plan.isStructurallyKept)
        let blocked = spanless.map {
            "`case \($0.name)` at \(RemovalSync.place(effects.file, $0.enumCase.range.lowerBound, in: pairing.run)), which no cell emits any more, cannot go in the same run (\($0.refusal!)), and the new case alone would leave the change half done; rename it in `enum \(effects.declaration.qualifiedName)` by hand"
        }
        return (plan.removed.filter { $0.refusal == nil && $0.enumCase.removal != nil }.map(\.enumCase), blocked)
    }

    /// `EnumDrift.addition`, clear of the cases that go in the same pass: the new case is
    /// written beside a case that stays, and after (not at the start of) the span that removes
    /// a going case, so the two edits apply together (a rename, `beep` to `chime`, in one run).
    static func addition(
        of name: Name, among names: [Name], to declaration: EnumDeclaration, going plan: (cases: [EnumDeclaration.Case], blocked: String?)
    ) -> Result<TextEdit, DispatcherSync.Why> {
        if let blocked = plan.blocked { return .failure(DispatcherSync.Why(blocked)) }
        let going = plan.cases
        guard !going.isEmpty else { return EnumDrift.addition(of: name, among: names, to: declaration) }
        var staying = declaration
        staying.cases.removeAll { going.contains($0) }
        let addition = EnumDrift.addition(of: name, among: names, to: staying)
        guard case .success(var edit) = addition else { return addition }
        // `case ring, silence` with `, silence` going: `, chime` after `silence`, not after `ring`.
        while let removal = going.compactMap(\.removal).first(where: { $0.lowerBound == edit.range.lowerBound && !$0.isEmpty }) {
            edit.range = removal.upperBound..<removal.upperBound
        }
        return .success(edit)
    }
}
