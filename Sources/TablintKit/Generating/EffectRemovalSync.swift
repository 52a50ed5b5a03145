/// The removal a `Table` literal asks of its code once no cell emits an effect any more (and a
/// return of its dispatcher still does, which dispatcher-drift's fix rewrites): the
/// `enum F` case, `perform`'s arm for it and its `Cells` requirement, as `RemovalSync` plans a
/// state's or action's. Worked out alike by `enum-drift` (the case), `dispatcher-drift` (the
/// arm) and `cells-drift` (the requirement), so an effect goes wholly or not at all.
///
/// An effect stays, with why, when anything the fixes would not delete names it: a `.beep` in
/// a `HANDLE` implementation's return, a test, another file of the run (`MemberReferences`,
/// searched as for states and actions: `RemovalSync.searchedNames`); an arm of `perform` that
/// performs other effects too, or has the author's code; a raw-valued or coded `enum F`.
struct EffectRemovalSync {
    struct Removed {
        /// As `enum F` declares it.
        var name: String
        var enumCase: EnumDeclaration.Case
        /// Why no fix removes it; nil when the fixes do.
        var refusal: String?
        /// `perform`'s arms for it, by file.
        var arms: [(file: Int, arm: Dispatcher.Arm)] = []
    }

    let run: [FileSummary]
    private(set) var effects: MachinePairing.EnumRef?
    private(set) var removed: [Removed] = []
    /// Whose names the references are, when another machine of the run declares them too.
    private(set) var ownership: ReferenceOwnership.Context?

    init(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) {
        run = pairing.run
        let matrix = ref.matrix
        guard matrix.surface == .tableLiteral, ref.bound.matrix.rows.count == matrix.states.count,
            let effects = pairing.enums(of: ref.bound, near: run[ref.file].path).effects,
            effects.declaration.hasKnownCases, !effects.declaration.hasConditionalCases
        else { return }
        self.effects = effects
        var emitted: [String] = []
        for row in matrix.rows {
            for cell in row.cells {
                switch cell.kind {
                case .go(_, let names, _), .emit(let names): emitted += names.map { CellsDrift.effectName($0.text) }
                // What a cell tablint cannot read emits is not known.
                case .unknown: return
                default: continue
                }
            }
        }
        let emittedKeys = Set(emitted)
        let declaredKeys = Set(effects.declaration.cases.map { NameCasing.lowerFirst($0.name) })
        // A misspelt effect in a cell (unknown-effect's slip) still means this one.
        let unemitted = effects.declaration.cases.filter { enumCase in
            !emittedKeys.contains(NameCasing.lowerFirst(enumCase.name))
                && !emittedKeys.contains(where: { !declaredKeys.contains($0) && EditDistance.isSlip(enumCase.name.lowercased(), of: $0.lowercased()) })
        }
        // Most machines emit every effect they declare: then the shape, dear on a big matrix,
        // is not worked out.
        guard !unemitted.isEmpty else { return }
        let steps = RemovalSync.dispatchers(of: ref, .step, pairing)
        // Only an effect a step arm's return still names can have been taken out of the matrix.
        let named = unemitted.filter { enumCase in
            steps.contains { step in
                let offsets = run[step.file].memberReferences.offsets(of: enumCase.name)
                return offsets.contains { offset in step.dispatcher.arms.contains { $0.outcome.range.contains(offset) } }
            }
        }
        guard !named.isEmpty else { return }
        // The returns dispatcher-drift's fix rewrites to what their cell now says: a `.beep`
        // in one is what the matrix emitted before, and no reference that keeps it.
        let rewritten = RemovalSync.rewrittenReturns(steps, matrix, AliasedEnumSync.shape(ref, pairing))
        for enumCase in named {
            // Only an effect the dispatcher still emits where its cell no longer does was taken
            // out of the matrix: one no cell ever emitted may be a `HANDLE` member's, whose
            // code need not be in the run.
            let wasEmitted = rewritten.contains { entry in
                run[entry.file].memberReferences.offsets(of: enumCase.name).contains(where: entry.range.contains)
            }
            guard wasEmitted else { continue }
            removed.append(Removed(
                name: enumCase.name, enumCase: enumCase,
                refusal: RemovalSync.caseRefusal(enumCase, effects.declaration, carriesPayloadAway: true) ?? RemovalSync.codingRefusal(effects.declaration, run)))
        }
        guard !removed.isEmpty else { return }
        let machine = ref.bound.machine
        ownership = ReferenceOwnership.Context(machine: machine, spelled: pairing.spelling(of: machine) ?? ref.bound.owner ?? machine, pairing: pairing)
        // The effects the cells emit instead are added beside a case that stays.
        if removed.count == effects.declaration.cases.count, !emittedKeys.isEmpty {
            for index in removed.indices where removed[index].refusal == nil { removed[index].refusal = Self.everyCaseRefusal(effects.declaration) }
        }
        for (file, dispatcher) in RemovalSync.dispatchers(of: ref, .effect, pairing) {
            for index in removed.indices {
                if dispatcher.hasConditionalArms, removed[index].refusal == nil {
                    removed[index].refusal = "effect dispatcher `\(dispatcher.function.text)` has a `#if` among its arms"
                }
                for (armIndex, arm) in dispatcher.arms.enumerated() {
                    guard case .items(let items, _) = arm.label else { continue }
                    let named = items.map { !$0.isTuple && Self.effect(of: $0) == removed[index].name }
                    guard named.contains(true) else { continue }
                    var why = RemovalSync.authorsCode(arm, after: armIndex > 0 ? dispatcher.arms[armIndex - 1] : nil)
                    if named.contains(false) { why = "`\(arm.labelText)` in `\(dispatcher.function.text)` performs other effects too" }
                    if items.contains(where: \.isGuarded) { why = "`\(arm.labelText)` in `\(dispatcher.function.text)` has a `where` clause" }
                    if let why, removed[index].refusal == nil { removed[index].refusal = why }
                    removed[index].arms.append((file, arm))
                }
            }
        }
        // References: any `.beep` outside the arms that go with it, the rewritten returns and
        // the step dispatchers' tuple patterns (a `.refund` there is an action or a state).
        let patterns = RemovalSync.otherEnumsPatterns(.state, steps) + RemovalSync.otherEnumsPatterns(.action, steps)
        for index in removed.indices where removed[index].refusal == nil {
            let excluded = rewritten + patterns + removed[index].arms.map { (file: $0.file, range: $0.arm.layout.removal) }
            if let (file, offset, doubt) = RemovalSync.firstReference(
                to: removed[index].name, excluding: excluded, in: run, inBodiesOf: effects.declaration.name, ownership: ownership)
            {
                removed[index].refusal = "`\(removed[index].name)` is referred to at \(RemovalSync.place(file, offset, in: run))\(doubt ?? "")"
            }
        }
    }

    /// Why no case goes when all would: unknown-effect's fix writes a new case only beside
    /// one that stays.
    static func everyCaseRefusal(_ declaration: EnumDeclaration) -> String {
        "no cell emits any case of `enum \(declaration.qualifiedName)` any more, and the cases the cells name instead are added only beside one that stays"
    }

    /// Why an effect is kept for want of a way to write the change, not because something
    /// names it: then a new effect is not added either, or the change would be half done.
    func isStructurallyKept(_ effect: Removed) -> Bool {
        guard let declaration = effects?.declaration, let refusal = effect.refusal else { return false }
        return refusal == RemovalSync.spanRefusal(effect.enumCase, declaration) || refusal == Self.everyCaseRefusal(declaration)
    }

    /// `.beep` or `.log(let message)` of a `perform` label: the effect's case.
    static func effect(of item: Dispatcher.CaseItem) -> String? {
        let element = item.elements[0]
        if let whole = element.wholeMember { return whole }
        if case .member(let name, _) = element.kind { return name }
        return nil
    }

    /// The removed effect `enum F` declares as `name`.
    func removal(_ name: String) -> Removed? {
        removed.first { $0.name == name }
    }

    /// For a `Cells` requirement: its edit when it is the generated member of an effect that
    /// goes and no implementation writes it; why not otherwise; nil when it is no going effect's.
    func requirementRemoval(_ requirement: CellsProtocol.Requirement) -> Result<TextEdit, DispatcherSync.Why>? {
        guard let effect = removed.first(where: { GeneratedShape.effectMember($0.name) == requirement.name.text }) else { return nil }
        if let refusal = effect.refusal { return .failure(DispatcherSync.Why("`\(effect.name)` stays: \(refusal)")) }
        if let why = RemovalSync.implemented(requirement.name.text, in: run, ownership: ownership) { return .failure(why) }
        guard let range = requirement.wholeRemoval else { return .failure(RemovalSync.sharedLine) }
        return .success(TextEdit(range: range, replacement: []))
    }
}
