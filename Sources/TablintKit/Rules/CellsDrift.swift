/// `tablint::cells-drift`: the `Cells` protocol is the generator's output written by hand: one
/// member per HANDLE cell, per DELEGATE cell (`…ToChild`), per child (`…ChildState`, `…Embed`,
/// `…Lift`, `…ChildCtx`), per effect and per `@Path` hop, refining each child's `Cells`
/// (reference §1.6). A requirement for a cell that is no longer HANDLE is dead code every
/// implementation must still write; a HANDLE cell without its member has nowhere to go.
struct CellsDrift: RunRule {
    let code = "tablint::cells-drift"
    let defaultSeverity = Severity.error
    let summary = "A `Cells` protocol's requirements are not the members the generator would emit for its matrix."
    /// Unsafe: a HANDLE cell's missing requirement is added, as the generator declares it; the
    /// requirement of a cell of a state or action the matrix removed is removed, and renamed
    /// (with the implementations' members) for one it renamed in place (`RemovalSync`).
    var isFixable: Bool { true }

    init() {}

    /// What the message of a requirement no cell asks for says: the workspace knows by it that
    /// the message may name an implementation of another machine (`RemovalSync.implemented`).
    static let staleRequirement = "every implementation must still write it"

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for (ref, outcome) in pairing.cellsProtocols() {
            guard let matrixRef = outcome.paired, !ref.declaration.isIncomplete, let machine = ref.declaration.machine else { continue }
            let effects = UnknownEffect.effectsAfterAdditions(matrixRef, pairing, declared: DispatcherDrift.declaredEffects(of: matrixRef, machine: machine, pairing))
            let expected = Self.members(matrixRef.matrix, effects: effects)
            let served = CellMembers(matrixRef, pairing, generatedOther: Set(expected.members.filter { $0.value.cell == nil }.keys))
            if served.isHandNamed {
                // A rename in place renames the members its pattern names after the old name
                // (`onPausedSnooze`), and adds none for the cells it keeps (black-box play/28).
                let removals = matrixRef.matrix.surface == .tableLiteral ? RemovalSync(matrixRef, machine: matrixRef.bound.machine, pairing) : nil
                found += compareHandNamed(ref, expected, served, matrixRef, pairing)
                found += handNamedAdditions(ref, served, matrixRef, pairing, renamed: removals?.renamed ?? [])
                found += handNamedRenames(ref, removals)
                found += renamedImplementations(removals, protocolName: ref.declaration.name.text)
            } else {
                let removals = matrixRef.matrix.surface == .tableLiteral ? RemovalSync(matrixRef, machine: matrixRef.bound.machine, pairing) : nil
                found += compare(
                    ref.declaration, run[ref.file], expected, matrixRef, run[matrixRef.file],
                    // With the effects unknown-effect's fix adds, whose requirements are added with them.
                    shape: matrixRef.matrix.surface == .tableLiteral
                        ? RequirementSpelling.applied(
                            Self.requalified(UnknownEffect.shape(AliasedEnumSync.shape(matrixRef, pairing), adding: effects), as: ref.declaration),
                            as: ref.declaration, kind: { name in
                                guard let member = expected.members[name] else { return nil }
                                if case .handle? = member.cell?.kind { return .handle }
                                return member.effect != nil ? .effect : nil
                            }) : nil,
                    removals: removals, effectRemovals: matrixRef.matrix.surface == .tableLiteral ? EffectRemovalSync(matrixRef, pairing) : nil,
                    protocolFile: ref.file, run: run, pairing: matrixRef.matrix.surface == .tableLiteral ? pairing : nil)
                found += renamedImplementations(removals, protocolName: ref.declaration.name.text)
            }
        }
        return found
    }

    /// What the generator emits, by member name: where it comes from, and the cell if one.
    struct Member {
        var origin: String
        var cell: Cell?
        /// The effect whose `perform` arm calls this member (`log` for `cells.log(ctx)`).
        var effect: String?
    }

    struct Expected {
        var members: [String: Member] = [:]
        /// In matrix order, for reporting what is missing.
        var order: [String] = []
        /// `AuthCells` for a child `auth`.
        var refinements: Set<String> = []
        /// Whether the machine's `enum F` is in the run. Without it the effects are only those
        /// the cells name, and a requirement may serve one that only `HANDLE` code emits.
        var effectsKnown = true

        /// The members of HANDLE cells, and of effects: the requirements a new one is spelt after.
        var handleMembers: Set<String> {
            Set(members.filter { if case .handle? = $0.value.cell?.kind { return true } else { return false } }.keys)
        }
        var effectMembers: Set<String> { Set(members.filter { $0.value.effect != nil }.keys) }

        mutating func add(_ name: String, _ member: Member) {
            if members[name] == nil {
                members[name] = member
                order.append(name)
            }
        }
    }

    static func members(_ matrix: Matrix, effects declared: [String]?) -> Expected {
        var expected = Expected()
        expected.effectsKnown = declared != nil
        var effects: [String] = declared ?? []
        for (row, state) in zip(matrix.rows, matrix.states) {
            for (cell, action) in zip(row.cells, matrix.actions) {
                // Named only for the cells that have a member (most are not).
                var base: String { NameCasing.lowerFirst(state.text) + NameCasing.upperFirst(action.text) }
                var pair: String { "cell (\(state.text), \(action.text))" }
                switch cell.kind {
                case .handle:
                    expected.add(base, Member(origin: pair, cell: cell))
                case .delegate(let child):
                    expected.add(base + "ToChild", Member(origin: pair, cell: cell))
                    let alias = NameCasing.lowerFirst(child.text)
                    for suffix in ["ChildState", "Embed", "Lift", "ChildCtx"] {
                        expected.add(alias + suffix, Member(origin: "child `\(alias)`", cell: nil))
                    }
                    expected.refinements.insert(NameCasing.upperFirst(child.text) + "Cells")
                case .go(_, let names, _), .emit(let names):
                    if declared == nil {
                        for name in names where !effects.contains(Self.effectName(name.text)) { effects.append(Self.effectName(name.text)) }
                    }
                default:
                    break
                }
            }
        }
        for effect in effects {
            expected.add(NameCasing.lowerFirst(effect), Member(origin: "effect `\(effect)`", cell: nil, effect: effect))
        }
        for path in matrix.paths {
            var index = 0
            while index + 2 < path.spine.count {
                let name = NameCasing.lowerFirst(path.spine[index].text) + NameCasing.upperFirst(path.spine[index + 1].text)
                expected.add(name, Member(origin: "hop (\(path.spine[index].text), \(path.spine[index + 1].text)) of path `\(path.name.text)`", cell: nil))
                index += 2
            }
        }
        return expected
    }

    /// Whether a requirement may be the member of an effect: a function that returns no `Step`
    /// (an effect's member returns the action it feeds back, `M.A?`, or nothing), named as no
    /// cell's, child's or path hop's member would be.
    static func mayServeAnUnseenEffect(_ requirement: CellsProtocol.Requirement, in matrix: Matrix) -> Bool {
        let name = requirement.name.text
        return requirement.kind == .function && requirement.resultSpelling?.contains("Step") != true && cell(named: name, in: matrix) == nil && !["ChildState", "Embed", "Lift", "ChildCtx", "ToChild"].contains(where: { name.hasSuffix($0) })
            && !matrix.paths.contains { path in
                stride(from: 0, to: max(0, path.spine.count - 2), by: 2).contains {
                    NameCasing.lowerFirst(path.spine[$0].text) + NameCasing.upperFirst(path.spine[$0 + 1].text) == name
                }
            }
    }

    /// `F.stopClock(reason: x)` → `stopClock`.
    static func effectName(_ text: String) -> String {
        var name = Substring(text)
        if let cut = name.firstIndex(of: "(") { name = name[..<cut] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return NameCasing.lowerFirst(name)
    }

    private func compare(
        _ declaration: CellsProtocol, _ file: FileSummary, _ expected: Expected, _ matrixRef: MachinePairing.MatrixRef,
        _ matrixFile: FileSummary, shape: GeneratedShape? = nil, removals: RemovalSync? = nil, effectRemovals: EffectRemovalSync? = nil, protocolFile: Int = 0,
        run: [FileSummary] = [], pairing: MachinePairing? = nil
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // The effects the neighbours are declared with, read only when a requirement is added.
        var effectsRead: [Bool: String] = [:]
        func withEffects(_ shape: GeneratedShape, step: Bool) -> GeneratedShape {
            if effectsRead[step] == nil { effectsRead[step] = Self.requirementEffects(declaration, file, step: step) }
            var copy = shape
            copy.memberEffects = effectsRead[step]!
            return copy
        }
        let matrix = matrixRef.matrix
        let what = matrixRef.bound.label
        let protocolName = "`\(declaration.name.text)`"
        var required = Set<String>()
        for requirement in declaration.requirements where requirement.kind != .other {
            required.insert(requirement.name.text)
            // An effect no cell emits goes with its requirement (enum-drift says why one stays).
            if let effect = effectRemovals?.removed.first(where: { $0.refusal == nil && GeneratedShape.effectMember($0.name) == requirement.name.text }),
                let removal = effectRemovals?.requirementRemoval(requirement)
            {
                var message = "\(protocolName) requires `\(requirement.name.text)` for effect `\(effect.name)`, which no cell of the matrix \(matrixRef.bound.label) emits"
                var fix: Diagnostic.Fix?
                switch removal {
                case .success(let edit):
                    fix = Diagnostic.Fix(edits: [edit], applicability: .unsafe)
                    message += "; the fix removes the requirement, as enum-drift's removes `case \(effect.name)`"
                case .failure(let why):
                    message += "; the fix leaves it: \(why.text)"
                }
                found.append(diagnostic(file, at: requirement.name.range, message, fix: fix))
                continue
            }
            // A static requirement is no cell's member: the generator's hop members are
            // static, and what a hand-written narrowed surface declares is not read here.
            guard expected.members[requirement.name.text] == nil, !requirement.isStatic else { continue }
            // The generator emits functions; a property (`var name: String { get }`) is the
            // team's own surface, unless it is named as a cell's or a child's member would be.
            if requirement.kind == .property, Self.cell(named: requirement.name.text, in: matrix) == nil,
                !["ChildState", "Embed", "Lift", "ChildCtx"].contains(where: { requirement.name.text.hasSuffix($0) })
            {
                continue
            }
            // A run without `enum F` (a pre-commit hook given the staged files only) cannot tell
            // this from the member of an effect only `HANDLE` code emits: nothing is claimed.
            if !expected.effectsKnown, Self.mayServeAnUnseenEffect(requirement, in: matrix),
                removals?.renamed.contains(where: { $0.members[requirement.name.text] != nil }) != true
            {
                continue
            }
            var why = "nothing in the matrix \(what) makes the generator emit it"
            var notes: [Diagnostic.Note] = []
            if let (state, action) = Self.cell(named: requirement.name.text, in: matrix) {
                let cell = matrix.rows[state].cells[action]
                why = "cell (\(matrix.states[state].text), \(matrix.actions[action].text)) of the matrix \(what) is \(Self.describe(cell.kind)), not HANDLE, so the generator emits no such member"
                notes = [matrixFile.note(at: cell.range.lowerBound, "cell (\(matrix.states[state].text), \(matrix.actions[action].text)) is \(Self.describe(cell.kind)) here")]
            }
            var message = "\(protocolName) requires `\(requirement.name.text)`, but \(why); \(Self.staleRequirement). Remove the requirement, or change the matrix"
            var fix: Diagnostic.Fix?
            if let rename = removals?.renamed.first(where: { $0.members[requirement.name.text] != nil }) {
                let newName = rename.members[requirement.name.text]!
                if let refusal = rename.refusal {
                    message += "; the matrix lists `\(rename.matrixName)` in the place of `\(rename.old)`, but no fix renames it `\(newName)`: \(refusal)"
                } else if case let edits = removals!.renameEdits(file: protocolFile, where: { $0 == .requirement(requirement.name.text) })
                    .filter({ $0.range == requirement.name.range }), edits.isEmpty
                {
                    // An overload the dispatcher's call does not reach is another function.
                    message += "; the matrix renamed `\(rename.old)` `\(rename.matrixName)` in place, but this overload is not the one `step` calls, so no fix renames it (nor the implementations' members of its signature)"
                } else {
                    let edits = removals!.renameEdits(file: protocolFile) { $0 == .requirement(requirement.name.text) }.filter { $0.range == requirement.name.range }
                    fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
                    message += "; the matrix renamed `\(rename.old)` `\(rename.matrixName)` in place, so the fix renames it `\(newName)`, as the fixes of enum-drift and dispatcher-drift rename the case and its calls, and each implementation's member is renamed with it"
                }
                found.append(diagnostic(file, at: requirement.name.range, message, notes: notes, fix: fix))
                continue
            }
            switch removals?.requirementRemoval(requirement, matrix: matrix) {
            case .success(let edit)?:
                fix = Diagnostic.Fix(edits: [edit], applicability: .unsafe)
                message += "; the fix removes the requirement: its cell's state or action is removed from the matrix, and nothing left calls or implements it"
            case .failure(let why)?:
                message += "; the fix leaves it: \(why.text)"
            case nil where matrix.surface == .machineEnum:
                message += "; \(DispatcherSync.machineEnumReason)"
            case nil:
                // No removal of this run owns it (its state or action went on an earlier run):
                // why no fix deletes it is still said.
                if removals != nil, let why = RemovalSync.implemented(requirement.name.text, in: run, ownership: removals?.ownership) {
                    message += "; the fix leaves it: \(why.text)"
                } else if removals != nil, requirement.wholeRemoval == nil {
                    message += "; no fix removes it: \(RemovalSync.sharedLine.text)"
                }
            }
            found.append(diagnostic(file, at: requirement.name.range, message, notes: notes, fix: fix))
        }
        if let shape { found += misspeltNarrowedTypes(declaration, file, matrix, shape, what, run) }
        found += refinements(declaration, file, expected, what)
        // One fix adds every missing HANDLE requirement, in matrix order, before the `}`: it
        // rides on the first of these diagnostics.
        let firstMissing = found.count
        var added: [(name: String, text: String)] = []
        // Said after the fix's carrier, which must be a requirement the fix adds.
        var withheld: [Diagnostic] = []
        // A protocol that declares some effect's member follows the generator there: one that
        // lacks another effect's member leaves `perform`'s arm for it (which dispatcher-drift's
        // fix writes) calling nothing.
        let followsEffects = declaration.requirements.contains { expected.members[$0.name.text]?.effect != nil }
        // `enum F`'s cases as read, before unknown-effect's fix adds to them.
        let declaredNow = pairing.flatMap { pairing in
            matrixRef.bound.machine.isEmpty ? nil : DispatcherDrift.declaredEffects(of: matrixRef, machine: declaration.machine ?? matrixRef.matrix.machine.text, pairing)
        }
        let renamedMembers = Set((removals?.renamed ?? []).filter { $0.refusal == nil }.flatMap(\.members.values))
        // The narrowed structs the added requirements name and no file declares, and where
        // they are declared (after the protocol, in `extension <Machine>`).
        var structs: [GeneratedShape.Variant] = []
        let structsAt = NarrowedStructSync.insertionOffset(after: declaration, lines: file.lines)
        // Worked out on the first missing HANDLE requirement that asks.
        var leftArms: [Int: String]?
        for name in expected.order where !required.contains(name) {
            guard let member = expected.members[name] else { continue }
            // The member a rename gives its new name is not added.
            if renamedMembers.contains(name), required.contains(where: { old in removals!.renamed.contains { $0.refusal == nil && $0.members[old] == name } }) { continue }
            if let effect = member.effect {
                guard followsEffects else { continue }
                if let pairing, let why = UnknownEffect.unseenEnumRefusal(effect, of: matrixRef, pairing) {
                    withheld.append(diagnostic(
                        file, at: declaration.name.range,
                        "\(protocolName) has no requirement `\(name)` for effect `\(effect)`, which the matrix \(what) names; the fix does not add it: \(why)"))
                    continue
                }
                let requirement = shape?.effects.firstIndex { GeneratedShape.effectMember($0.name) == name }.map {
                    withEffects(shape!, step: false).effectRequirement($0)
                }
                found.append(diagnostic(
                    file, at: declaration.name.range,
                    "\(protocolName) has no requirement `\(name)` for effect `\(effect)` of the machine the matrix \(what) describes; expected `func \(name)(…)` in \(protocolName), "
                        + (declaredNow?.contains(where: { NameCasing.lowerFirst($0) == NameCasing.lowerFirst(effect) }) ?? true
                            ? "which `perform` calls for it" : "for the `perform` case of the effect unknown-effect's fix adds to `enum F`")))
                if let requirement { added.append((name, requirement)) }
                continue
            }
            guard let cell = member.cell else { continue }
            // The member a refused rename would give its new name: the rename is refused whole.
            if let rename = removals?.renamed.first(where: { $0.refusal != nil && $0.members.values.contains(name) }) {
                withheld.append(diagnostic(
                    file, at: declaration.name.range,
                    "\(protocolName) has no requirement `\(name)` for \(member.origin), which the matrix \(what) declares as \(Self.describe(cell.kind)); expected `func \(name)(…)` in \(protocolName); the matrix lists `\(rename.matrixName)` in the place of `\(rename.old)`, but no fix renames it: \(rename.refusal!); so the fix does not add it either",
                    notes: [matrixFile.note(at: cell.range.lowerBound, "\(member.origin) is \(Self.describe(cell.kind)) here")]))
                continue
            }
            // A cell of a name dispatcher-drift leaves out with all its cases (and enum-drift
            // does not add): no arm will call the member, so no implementation is asked for it.
            if let pairing, let (state, action) = Self.cell(named: name, in: matrix),
                let why = DispatcherDrift.additionRefusal(.state, matrix.states[state].text, of: matrixRef, pairing)
                    ?? DispatcherDrift.additionRefusal(.action, matrix.actions[action].text, of: matrixRef, pairing)
            {
                withheld.append(diagnostic(
                    file, at: declaration.name.range,
                    "\(protocolName) has no requirement `\(name)` for \(member.origin), which the matrix \(what) declares as \(Self.describe(cell.kind)); expected `func \(name)(…)` in \(protocolName); the fix does not add it: \(why)",
                    notes: [matrixFile.note(at: cell.range.lowerBound, "\(member.origin) is \(Self.describe(cell.kind)) here")]))
                continue
            }
            // A cell whose arm the fix leaves: nothing would call the member.
            if let pairing, case .handle = cell.kind, let (state, action) = Self.cell(named: name, in: matrix) {
                if leftArms == nil { leftArms = DispatcherDrift.handleArmRefusals(of: matrixRef, pairing) }
                if let why = leftArms?[state * matrix.actions.count + action] {
                    withheld.append(diagnostic(
                        file, at: declaration.name.range,
                        "\(protocolName) has no requirement `\(name)` for \(member.origin), which the matrix \(what) declares as \(Self.describe(cell.kind)); expected `func \(name)(…)` in \(protocolName); the fix does not add it, as no arm would call it: \(why)",
                        notes: [matrixFile.note(at: cell.range.lowerBound, "\(member.origin) is \(Self.describe(cell.kind)) here")]))
                    continue
                }
            }
            found.append(diagnostic(
                file, at: declaration.name.range,
                "\(protocolName) has no requirement `\(name)` for \(member.origin), which the matrix \(what) declares as \(Self.describe(cell.kind)); expected `func \(name)(…)` in \(protocolName)",
                notes: [matrixFile.note(at: cell.range.lowerBound, "\(member.origin) is \(Self.describe(cell.kind)) here")]))
            if case .handle = cell.kind, let shape, let (state, action) = Self.cell(named: name, in: matrix),
                shape.states.count == matrix.states.count, let requirement = withEffects(shape, step: true).requirement(state: state, action: action)
            {
                // The narrowed structs its parameters name that the run does not declare.
                let undeclared = NarrowedStructSync.variants(state: state, action: action, in: shape).filter {
                    !NarrowedStructSync.isDeclared(GeneratedShape.narrowedName($0.name), in: shape.types.namespace, run)
                }
                if let why = NarrowedStructSync.variants(state: state, action: action, in: shape).lazy
                    .compactMap({ LibraryTypeShadowing.narrowedCollision($0.name, namespace: shape.types.namespace) }).first
                {
                    found[found.count - 1].message += "; the fix does not add it: \(why)"
                } else if let first = undeclared.first, structsAt == nil {
                    found[found.count - 1].message += "; the fix does not add it: its narrowed struct `\(shape.types.namespace).\(GeneratedShape.narrowedName(first.name))` is declared nowhere in the run, and the fix declares one only after a protocol at the top level of its file"
                } else {
                    added.append((name, requirement))
                    for variant in undeclared where !structs.contains(where: { $0.name == variant.name }) { structs.append(variant) }
                }
            }
        }
        if found.count > firstMissing, matrix.surface == .machineEnum {
            found[firstMissing].message += "; \(DispatcherSync.machineEnumReason)"
        }
        if !added.isEmpty, let insertion = declaration.insertion {
            // Each before the first requirement that follows it in the generator's order (the
            // cells' members in row-major order, then the effects'), else before the `}`.
            // The effects' members in the order `enum F` has once unknown-effect's fix adds
            // its cases (a new one after the effect before it, bb4 play/27).
            var generatorOrder = expected.order
            // (With an effect going in the same run, as before: its requirement's removal and
            // the insertion before it would meet at one place.)
            if let declaredNow, effectRemovals?.removed.isEmpty ?? true {
                let effectNames = generatorOrder.filter { expected.members[$0]?.effect != nil }
                let placed = UnknownEffect.enumOrder(effectNames, declared: declaredNow, matrix)
                if let first = generatorOrder.firstIndex(where: { expected.members[$0]?.effect != nil }) {
                    generatorOrder.removeAll { expected.members[$0]?.effect != nil }
                    generatorOrder.insert(contentsOf: placed, at: min(first, generatorOrder.count))
                }
            }
            let order = Dictionary(generatorOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var byOffset: [Int: String] = [:]
            var offsets: [Int] = []
            for (name, requirement) in added {
                let position = order[name] ?? Int.max
                let next = declaration.requirements.filter { (order[$0.name.text] ?? -1) > position && $0.lineStart != nil }
                    .min { order[$0.name.text]! < order[$1.name.text]! }
                let offset = next?.leadingStart ?? insertion.offset
                if byOffset[offset] == nil { offsets.append(offset) }
                byOffset[offset, default: ""] += insertion.indent + requirement + insertion.newline
            }
            var edits = offsets.flatMap { offset in
                offset == insertion.offset
                    ? insertion.edits(adding: byOffset[offset]!) : [TextEdit(range: offset..<offset, replacement: Array(byOffset[offset]!.utf8))]
            }
            var declares = ""
            if let shape, let structsAt, !structs.isEmpty {
                let declaringNamespace = NarrowedStructSync.needsNamespace(shape.types.namespace, run)
                let text = NarrowedStructSync.declaration(
                    structs, namespace: shape.types.namespace, indent: insertion.indent, newline: insertion.newline, access: declaration.access,
                    declaringNamespace: declaringNamespace)
                edits.append(TextEdit(range: structsAt..<structsAt, replacement: Array(text.utf8)))
                let names = structs.map { "`\(GeneratedShape.narrowedName($0.name))`" }.joined(separator: ", ")
                declares = ", and declares the narrowed struct\(structs.count == 1 ? "" : "s") \(names) its parameters name in `extension \(shape.types.namespace)`, as the generator does"
                if declaringNamespace { declares += " (with `enum \(shape.types.namespace) {}`, as `tablint scaffold` declares it for a top-level machine: no type of the run is named so)" }
            }
            found[firstMissing].fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
            found[firstMissing].message += "; the fix adds \(added.count == 1 ? "it" : "the \(added.count) missing requirements") as the generator declares \(added.count == 1 ? "it" : "them")\(declares), so every implementation stops compiling until it is written"
            if let shape, shape.requirementContext == nil, let pairing,
                let doubt = RequirementSpelling.contextDoubt(shape, protocolName: protocolName, of: matrixRef, pairing)
            {
                found[firstMissing].message += doubt
            }
        }
        return found + withheld
    }

    /// An implementation's member of a cell whose state or action the matrix renamed in place
    /// (`Live.pausedSnooze` once `Paused` is `Holding`): renamed with the requirement, in the
    /// implementation's own file, so the run keeps compiling.
    /// The shape with its types qualified as the protocol's requirements spell them: a run that
    /// does not hold `enum App { enum Door … }` names the machine `Door`, but requirements
    /// written `_ ctx: App.Door.Ctx` have a new one written so too (black-box play/25).
    /// The effects (`async throws`) every requirement of the protocol that returns a `Step`
    /// (`step`) or not (an effect's) is declared with, read from its text; "" when they differ
    /// or none is read. A new requirement is declared with them (black-box play/57).
    static func requirementEffects(_ declaration: CellsProtocol, _ file: FileSummary, step: Bool) -> String {
        var found: Set<String> = []
        for requirement in declaration.requirements where requirement.kind == .function && !requirement.isStatic {
            guard let text = file.memberReferences.text(in: requirement.name.range.upperBound..<(requirement.name.range.upperBound + 1_000)),
                let open = text.firstIndex(of: "(")
            else { return "" }
            var depth = 0
            var close: String.Index?
            for index in text[open...].indices {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" { depth -= 1 }
                if depth == 0 { close = index; break }
            }
            guard let close, let arrow = text[close...].range(of: "->") else { return "" }
            let returns = text[arrow.upperBound...].drop { $0 == " " }
            guard returns.hasPrefix("Step<") == step else { continue }
            let effects = text[text.index(after: close)..<arrow.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            guard effects.split(separator: " ").allSatisfy({ $0 == "async" || $0.hasPrefix("throws") }) else { return "" }
            found.insert(effects)
        }
        return found.count == 1 ? found.first! : ""
    }

    static func requalified(_ shape: GeneratedShape, as declaration: CellsProtocol) -> GeneratedShape {
        let types = shape.types, namespace = types.namespace
        let written = declaration.requirements.flatMap(\.parameterTypes).map { $0.text.filter { $0 != " " } }
        guard !written.contains(types.context), types.context.hasPrefix(namespace + "."),
            let longer = written.first(where: { $0.hasSuffix("." + types.context) })
        else { return shape }
        let prefix = String(longer.dropLast(types.context.count))
        func qualified(_ name: String) -> String { name == namespace || name.hasPrefix(namespace + ".") ? prefix + name : name }
        var copy = shape
        copy.types = GeneratedShape.TypeNames(
            state: qualified(types.state), action: qualified(types.action), effect: qualified(types.effect), context: qualified(types.context),
            namespace: prefix + namespace)
        return copy
    }

    /// The requirements of a hand-named protocol that a rename in place renames after its
    /// members' pattern (`onPausedSnooze` to `onHoldingSnooze`), each with its unsafe fix; a
    /// refused rename says why at each.
    private func handNamedRenames(_ ref: MachinePairing.ProtocolRef, _ removals: RemovalSync?) -> [Diagnostic] {
        guard let removals else { return [] }
        var found: [Diagnostic] = []
        let protocolName = "`\(ref.declaration.name.text)`"
        for requirement in ref.declaration.requirements {
            guard let rename = removals.renamed.first(where: { $0.members[requirement.name.text] != nil }) else { continue }
            let newName = rename.members[requirement.name.text]!
            var message = "\(protocolName) requires `\(requirement.name.text)`, named as its neighbours are after `\(rename.old)`, which the matrix renamed `\(rename.matrixName)` in place"
            var fix: Diagnostic.Fix?
            if let refusal = rename.refusal {
                message += ", but no fix renames it `\(newName)`: \(refusal)"
            } else {
                let edits = removals.renameEdits(file: ref.file) { $0 == .requirement(requirement.name.text) }.filter { $0.range == requirement.name.range }
                guard !edits.isEmpty else { continue }
                fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
                message += "; the fix renames it `\(newName)` after the same pattern, as the fixes of enum-drift and dispatcher-drift rename the case and its calls, and each implementation's member is renamed with it"
            }
            found.append(diagnostic(removals.run[ref.file], at: requirement.name.range, message, fix: fix))
        }
        return found
    }

    private func renamedImplementations(_ removals: RemovalSync?, protocolName: String) -> [Diagnostic] {
        guard let removals else { return [] }
        var found: [Diagnostic] = []
        for rename in removals.renamed where rename.refusal == nil {
            for (file, edit, site) in rename.edits {
                guard case .member(let old) = site, let newName = rename.members[old] else { continue }
                found.append(diagnostic(
                    removals.run[file], at: edit.range,
                    "`\(old)` implements the requirement of `\(protocolName)` that the matrix's rename of `\(rename.old)` to `\(rename.matrixName)` renames `\(newName)`; the fix renames it, its body kept",
                    fix: Diagnostic.Fix(edits: [edit], applicability: .unsafe)))
            }
        }
        return found
    }

    /// Refinements of children's cells the matrix has no child for. `Auth.Cells` is the child
    /// `Auth`'s cells as much as `AuthCells` is.
    /// With `pairing`, a refined protocol is reported only when it is the cells of a machine
    /// the run has a matrix for: a hand-named protocol may gather its own members from
    /// several (`protocol GateCells: GateBaseCells`).
    private func refinements(
        _ declaration: CellsProtocol, _ file: FileSummary, _ expected: Expected, _ what: String, pairing: MachinePairing? = nil
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let protocolName = "`\(declaration.name.text)`"
        for refined in declaration.refines
        where refined.text.hasSuffix("Cells") && !expected.refinements.contains(refined.text.replacingOccurrences(of: ".", with: "")) {
            if let pairing {
                let parts = refined.text.split(separator: ".")
                let machine = parts.count > 1 ? String(parts[parts.count - 2]) : String(refined.text.dropLast(5))
                if machine.isEmpty { continue }
                if case .none = pairing.matrix(machine: machine, owner: nil) { continue }
            }
            found.append(diagnostic(
                file, at: refined.range,
                "\(protocolName) refines `\(refined.text)`, but the matrix \(what) delegates to no child whose cells that are. Children's cells: \(expected.refinements.isEmpty ? "(none)" : expected.refinements.sorted().joined(separator: " "))"))
        }
        return found
    }

    /// A hand-named protocol lacks the member of a HANDLE cell no arm of its dispatcher decides
    /// yet (a cell the matrix added: `dispatcher-drift`'s fix writes its arm): reported once,
    /// with the unsafe fix that declares the member named as the neighbours' are
    /// (`DispatcherSync.MemberNaming`), before the protocol's `}`.
    /// `renamed`: a cell of a name renamed in place (refused or not) is no new cell: its arm and
    /// member are renamed, or the rename is refused whole.
    private func handNamedAdditions(
        _ ref: MachinePairing.ProtocolRef, _ served: CellMembers, _ matrixRef: MachinePairing.MatrixRef, _ pairing: MachinePairing,
        renamed: [RemovalSync.Renamed] = []
    ) -> [Diagnostic] {
        let matrix = matrixRef.matrix
        let declaration = ref.declaration
        guard matrix.surface == .tableLiteral, let insertion = declaration.insertion,
            let dispatcher = served.cellsByMember.values.first?.first?.dispatcher, !dispatcher.hasCatchAll
        else { return [] }
        var shape = Self.requalified(AliasedEnumSync.shape(matrixRef, pairing), as: declaration)
        guard shape.states.count == matrix.states.count, shape.actions.count == matrix.actions.count else { return [] }
        var calls: [(state: String, action: String, member: String)] = []
        for (member, entries) in served.cellsByMember {
            for entry in entries where shape.cells[entry.state][entry.action] == .handle {
                calls.append((shape.states[entry.state].name, shape.actions[entry.action].name, member))
            }
        }
        shape = RequirementSpelling.applied(shape, as: declaration, handles: Set(calls.map(\.member)), effects: [])
        let naming = DispatcherSync.MemberNaming.choose(calls)
        let called = Set(served.cellsByMember.keys)
        var added: [String] = []
        var names: [String] = []
        // New cells the pattern would name as another cell's member, named the generator's way.
        var fallbacks: [String] = []
        // The effects the neighbours are declared with, read once a member is to be added.
        var effects: String?
        for state in shape.states.indices {
            for action in shape.actions.indices where shape.cells[state][action] == .handle {
                let isRenamed = renamed.contains { entry in
                    NameComparison.firstLetterFolded.equal(entry.matrixName, entry.role == .state ? matrix.states[state].text : matrix.actions[action].text)
                }
                guard !isRenamed, !shape.states[state].hasPayload, !shape.actions[action].hasPayload,
                    DispatcherDrift.explicitOutcome(dispatcher, state: matrix.states[state].text, action: matrix.actions[action].text) == nil,
                    let requirement = shape.requirement(state: state, action: action)
                else { continue }
                if effects == nil { effects = Self.requirementEffects(declaration, pairing.run[ref.file], step: true) }
                let generated = GeneratedShape.handleMember(state: shape.states[state].name, action: shape.actions[action].name)
                let member = naming.member(state: shape.states[state].name, action: shape.actions[action].name, called: called, handles: shape.handleCells)
                if member == generated, naming != .generated {
                    fallbacks.append("`\(member)` for (\(matrix.states[state].text), \(matrix.actions[action].text))")
                }
                guard !declaration.requirements.contains(where: { $0.name.text == member }) else { continue }
                names.append("`\(member)` for (\(matrix.states[state].text), \(matrix.actions[action].text))")
                var text = requirement.replacingOccurrences(of: "func \(generated)(", with: "func \(GeneratedShape.declared(member))(")
                if let effects, !effects.isEmpty, let arrow = text.range(of: " -> ", options: .backwards) { text.insert(contentsOf: " " + effects, at: arrow.lowerBound) }
                added.append(text)
            }
        }
        guard !added.isEmpty else { return [] }
        let how = naming == .generated ? "by the generator's rule (`lower(State)+Action`), as no one pattern names its members" : "as its members are: \(naming.description)"
        let fellBack: String
        if fallbacks.isEmpty {
            fellBack = ""
        } else if fallbacks.count == added.count {
            fellBack = ", but \(naming.description) would give two cells one member, so \(added.count == 1 ? "it is" : "they are") named by the generator's rule (`lower(State)+Action`)"
        } else {
            fellBack = ", except \(fallbacks.joined(separator: ", ")), which \(naming.description) would name as another cell's member, so the generator's rule (`lower(State)+Action`) names \(fallbacks.count == 1 ? "it" : "them")"
        }
        let text = added.map { insertion.indent + $0 + insertion.newline }.joined()
        return [diagnostic(
            pairing.run[ref.file], at: declaration.name.range,
            "`\(declaration.name.text)` has no member for the HANDLE \(added.count == 1 ? "cell" : "cells") no arm of `\(dispatcher.function.text)` decides yet: \(names.joined(separator: ", ")); the fix declares \(added.count == 1 ? "it" : "them") named \(how)\(fellBack)",
            fix: Diagnostic.Fix(edits: insertion.edits(adding: text), applicability: .unsafe))]
    }

    /// A protocol whose members its authors named (`onUnlock` for a HANDLE cell): members are
    /// paired with cells through the dispatcher's arms (`CellMembers`), and only what that
    /// pairing makes inconsistent is reported: a member an arm calls that the protocol (and
    /// what it refines) lacks, a cell member no arm calls, one member serving a HANDLE and a
    /// DELEGATE cell.
    private func compareHandNamed(
        _ ref: MachinePairing.ProtocolRef, _ expected: Expected, _ served: CellMembers, _ matrixRef: MachinePairing.MatrixRef,
        _ pairing: MachinePairing
    ) -> [Diagnostic] {
        let run = pairing.run
        let declaration = ref.declaration
        let file = run[ref.file]
        let matrixFile = run[matrixRef.file]
        let matrix = matrixRef.matrix
        let what = matrixRef.bound.label
        let protocolName = "`\(declaration.name.text)`"
        let dispatcherName = served.dispatcherNames.first.map { "dispatcher `\($0)`" } ?? "the dispatcher"
        var found = refinements(declaration, file, expected, what, pairing: pairing)
        let (available, isOpen) = Self.availableMembers(of: declaration, in: run)
        func cellText(_ entry: CellMembers.Served) -> String {
            "(\(matrix.states[entry.state].text), \(matrix.actions[entry.action].text))"
        }
        func cellNote(_ entry: CellMembers.Served) -> Diagnostic.Note {
            let cell = matrix.rows[entry.state].cells[entry.action]
            return matrixFile.note(at: cell.range.lowerBound, "cell \(cellText(entry)) is \(Self.describe(cell.kind)) here")
        }
        let own = Dictionary(declaration.requirements.map { ($0.name.text, $0) }, uniquingKeysWith: { first, _ in first })
        for member in served.memberOrder {
            let entries = served.cellsByMember[member] ?? []
            guard let first = entries.first else { continue }
            let call = first.arm.cellsCalls.first { $0.text == member }
            let callNote = run[first.file].note(
                at: (call?.range ?? first.arm.outcome.range).lowerBound,
                "`\(first.arm.labelText)` in dispatcher `\(first.dispatcher.function.text)` calls `\(member)` here")
            if !available.contains(member), !isOpen {
                let kind = Self.describe(matrix.rows[first.state].cells[first.action].kind)
                found.append(diagnostic(
                    file, at: declaration.name.range,
                    "\(protocolName) has no requirement `\(member)`, which dispatcher `\(first.dispatcher.function.text)` calls for cell \(cellText(first)) (\(kind)) of the matrix \(what); expected `func \(member)(…)` in \(protocolName)",
                    notes: [callNote, cellNote(first)]))
            }
            let handled = entries.filter { if case .handle = matrix.rows[$0.state].cells[$0.action].kind { return true } else { return false } }
            let delegated = entries.filter { if case .delegate = matrix.rows[$0.state].cells[$0.action].kind { return true } else { return false } }
            if let handle = handled.first, let delegate = delegated.first {
                let at = own[member]?.name.range ?? declaration.name.range
                found.append(diagnostic(
                    file, at: at,
                    "`\(member)` serves cell \(cellText(handle)), which the matrix \(what) declares as HANDLE, and cell \(cellText(delegate)), which it declares as \(Self.describe(matrix.rows[delegate.state].cells[delegate.action].kind)); one member cannot both handle a cell and hand one to a child. Give each kind of cell its own member",
                    notes: [cellNote(handle), cellNote(delegate)]))
            }
        }
        for requirement in declaration.requirements where requirement.kind != .other && !requirement.isStatic {
            let name = requirement.name.text
            if served.called.contains(name) { continue }
            // Effects', children's and hops' members keep the generator's names.
            if let member = expected.members[name], member.cell == nil { continue }
            if !expected.effectsKnown, Self.mayServeAnUnseenEffect(requirement, in: matrix) { continue }
            if requirement.kind == .property, Self.cell(named: name, in: matrix) == nil,
                !["ChildState", "Embed", "Lift", "ChildCtx"].contains(where: { name.hasSuffix($0) })
            {
                continue
            }
            var notes: [Diagnostic.Note] = []
            if let (state, action) = Self.cell(named: name, in: matrix) {
                let cell = matrix.rows[state].cells[action]
                notes = [matrixFile.note(at: cell.range.lowerBound, "cell (\(matrix.states[state].text), \(matrix.actions[action].text)) is \(Self.describe(cell.kind)) here")]
            }
            found.append(diagnostic(
                file, at: requirement.name.range,
                "\(protocolName) requires `\(name)`, but no arm of \(dispatcherName) calls it and no effect, child or path of the matrix \(what) makes the generator emit it; every implementation must still write it. Remove the requirement, or call it for the cell it serves",
                notes: notes))
        }
        return found
    }

    /// A HANDLE cell's requirement whose parameter names, in the machine's namespace, a type no
    /// file of the run declares and that is a slip of the narrowed struct the generator names
    /// there (`Timer.Tikc` for `Timer.Tick`): Swift reports it only once the protocol is
    /// compiled, as "cannot find type", and the arm's call no longer matches. Other types
    /// (`Ctx`, `Step`, Swift's, generics, other modules') are not the shape's to name.
    private func misspeltNarrowedTypes(
        _ declaration: CellsProtocol, _ file: FileSummary, _ matrix: Matrix, _ shape: GeneratedShape, _ what: String, _ run: [FileSummary]
    ) -> [Diagnostic] {
        guard shape.states.count == matrix.states.count, shape.actions.count == matrix.actions.count else { return [] }
        // A machine with no payload has no narrowed struct to misspell.
        guard shape.states.contains(where: \.hasPayload) || shape.actions.contains(where: \.hasPayload) else { return [] }
        let namespace = shape.types.namespace
        let namespaceLast = namespace.split(separator: ".").last.map(String.init) ?? namespace
        var found: [Diagnostic] = []
        // Made once, on the first requirement that asks: a lookup per requirement over every
        // cell made 10,000 requirements of a 1,000 × 50 machine cost 40 s.
        var cells: CellNames?
        for requirement in declaration.requirements where requirement.kind == .function && !requirement.parameterTypes.isEmpty {
            if cells == nil { cells = CellNames(matrix) }
            guard let (state, action) = cells?.cell(named: requirement.name.text), case .handle = matrix.rows[state].cells[action].kind else { continue }
            let expected = NarrowedStructSync.variants(state: state, action: action, in: shape).map { GeneratedShape.narrowedName($0.name) }
            for type in requirement.parameterTypes {
                let parts = type.text.split(separator: ".").map(String.init)
                guard let last = parts.last, !expected.contains(last) else { continue }
                // Qualified by the machine (`Timer.Tikc`, `Lab.Timer.Tikc`), or bare inside it.
                let prefix = parts.dropLast().joined(separator: ".")
                guard prefix.isEmpty ? declaration.parent != nil : (prefix == namespace || prefix == namespaceLast || namespace.hasSuffix("." + prefix)) else { continue }
                let slips = expected.filter { EditDistance.isSlip($0.lowercased(), of: last.lowercased()) }
                guard slips.count == 1, !NarrowedStructSync.isDeclared(last, in: namespace, run) else { continue }
                let expectedType = (prefix.isEmpty ? "" : prefix + ".") + slips[0]
                found.append(diagnostic(
                    file, at: type.range,
                    "`\(declaration.name.text)` requires `\(requirement.name.text)` with a parameter of type `\(type.text)`, which no file of the run declares; expected `\(expectedType)`, the narrowed struct the generator names for the payload of cell (\(matrix.states[state].text), \(matrix.actions[action].text)) of the matrix \(what)"))
            }
        }
        return found
    }

    /// Why no `Cells` protocol of the matrix's machine will require `member` once the run's
    /// fixes are applied, when one is in the run and lacks it: its members are not all read
    /// (a `#if` among them), so this rule adds nothing to it; or, for an effect's member
    /// (`effect`), it declares no effect's member itself (they are in a protocol it refines),
    /// so none is added beside them. The step and `perform` arms that would call the member
    /// ask it, and so does the effect's case: the three are written together or not at all.
    static func requirementRefusal(_ member: String, effect: Bool, of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> String? {
        let run = pairing.run
        for (protocolRef, outcome) in pairing.cellsProtocols() {
            guard let paired = outcome.paired, paired.file == ref.file, paired.matrix.range == ref.matrix.range else { continue }
            let declaration = protocolRef.declaration
            let (available, _) = availableMembers(of: declaration, in: run)
            if available.contains(member) { return nil }
            let name = "`\(declaration.name.text)`"
            if declaration.isIncomplete {
                return "\(name) has a `#if` among its members (or cannot be read to its end), so cells-drift does not compare it and no fix adds the requirement `\(member)` that the arm would call"
            }
            if effect {
                let machine = declaration.machine ?? ref.matrix.machine.text
                let expected = members(ref.matrix, effects: DispatcherDrift.declaredEffects(of: ref, machine: machine, pairing))
                let declaresEffects = declaration.requirements.contains { expected.members[$0.name.text]?.effect != nil }
                // Without a `perform` in the run, no arm calls the member.
                let performs = run.indices.contains { index in
                    run[index].dispatchers.contains { dispatcher in
                        dispatcher.kind == .effect && pairing.matrix(for: dispatcher, near: run[index].path).paired.map {
                            $0.file == ref.file && $0.matrix.range == ref.matrix.range
                        } == true
                    }
                }
                if performs, !declaresEffects, !declaration.refines.isEmpty {
                    let refined = declaration.refines.map { "`\($0.text)`" }.joined(separator: ", ")
                    return "\(name) declares no effect's member itself (they are in \(refined), which it refines), so no fix adds the requirement `\(member)` that `perform` would call; add it there"
                }
            }
        }
        // A `perform` whose new arm no fix can write (`cells: some DoorHandling`, a protocol
        // not read; arms that call no member): the case alone would make its `switch`
        // non-exhaustive, so nothing is added (bb5 #15).
        if effect {
            for (file, dispatcher) in RemovalSync.dispatchers(of: ref, .effect, pairing) where !dispatcher.hasCatchAll {
                let sync = DispatcherSync(dispatcher: dispatcher, shape: GeneratedShape(machine: "M", states: [], actions: [], effects: [], cells: []), deciders: [])
                guard sync.cellsCall() == nil else { continue }
                let place = RemovalSync.place(file, dispatcher.function.range.lowerBound, in: run)
                if let why = sync.unreadCellsProtocol(at: place) {
                    return "\(why.text); add the case, its arm and the requirement `\(member)` by hand, or name the protocol `…Cells`"
                }
                return "no fix writes the arm of `\(dispatcher.function.text)` at \(place) that would perform it (\(sync.unknownCellsCall.text)), and the case alone would make its `switch` non-exhaustive; add the case and the arm by hand"
            }
        }
        return nil
    }

    /// The members a protocol and what it refines declare, and whether it refines a protocol
    /// not read in the run (which may declare any member).
    static func availableMembers(of declaration: CellsProtocol, in run: [FileSummary]) -> (Set<String>, Bool) {
        let all = run.flatMap(\.cellsProtocols)
        var members = Set<String>()
        var isOpen = declaration.isIncomplete
        var visited = Set<String>()
        var pending = [declaration]
        let markers: Set<String> = ["AnyObject", "Sendable", "Actor", "Hashable", "Equatable"]
        while let next = pending.popLast() {
            members.formUnion(next.requirements.map(\.name.text))
            for refined in next.refines where !markers.contains(refined.text) && visited.insert(refined.text).inserted {
                let parts = refined.text.split(separator: ".").map(String.init)
                let matches = all.filter { candidate in
                    guard candidate.name.text == parts.last else { return false }
                    return parts.count == 1 || candidate.parent == parts[parts.count - 2]
                }
                if matches.isEmpty { isOpen = true }
                for match in matches {
                    if match.isIncomplete { isOpen = true }
                    pending.append(match)
                }
            }
        }
        return (members, isOpen)
    }

    /// The cell whose generated name (`idleStart`) is `name`, if one. Asking many names of one
    /// matrix, keep a `CellNames`.
    static func cell(named name: String, in matrix: Matrix) -> (Int, Int)? {
        CellNames(matrix).cell(named: name)
    }

    static func describe(_ cell: Cell.Kind) -> String {
        switch cell {
        case .ignore: return "IGNORE"
        case .handle: return "HANDLE"
        case .unreachable: return "UNREACHABLE"
        case let .go(target, effects, _): return "GO(" + ([target.text] + effects.map(\.text)).joined(separator: ", ") + ")"
        case let .emit(effects): return "EMIT(" + effects.map(\.text).joined(separator: ", ") + ")"
        case let .delegate(child): return "DELEGATE(\(child.text))"
        case let .unknown(written, _): return "`\(written)`"
        }
    }
}

/// A matrix's states and actions by the halves of a cell's generated name (`idle` + `Start`),
/// so a member name finds its cell as `CellsDrift.cell(named:in:)` does (the first in row-major
/// order), without a name made for every cell.
struct CellNames {
    private let matrix: Matrix
    private var states: [String: Int] = [:]
    private var actions: [String: Int] = [:]

    init(_ matrix: Matrix) {
        self.matrix = matrix
        for (index, name) in matrix.states.enumerated() where index < matrix.rows.count {
            let key = NameCasing.lowerFirst(name.text)
            if states[key] == nil { states[key] = index }
        }
        for (index, name) in matrix.actions.enumerated() {
            let key = NameCasing.upperFirst(name.text)
            if actions[key] == nil { actions[key] = index }
        }
    }

    func cell(named name: String) -> (Int, Int)? {
        var best: (Int, Int)?
        for base in name.hasSuffix("ToChild") ? [name, String(name.dropLast(7))] : [name] {
            // The action's half starts where a letter is not lower case (`upperFirst`'s mark).
            var index = base.startIndex
            while index < base.endIndex {
                defer { index = base.index(after: index) }
                guard index > base.startIndex, !base[index].isLowercase,
                    let state = states[String(base[..<index])], let action = actions[String(base[index...])],
                    action < matrix.rows[state].cells.count
                else { continue }
                if best.map({ ($0.0, $0.1) > (state, action) }) ?? true { best = (state, action) }
            }
        }
        return best
    }
}
