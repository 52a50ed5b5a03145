/// `tablint::enum-drift`: a `Table` literal's states and actions are strings, and the
/// hand-written dispatcher switches over `enum S` and `enum A`. When the strings and the enum
/// cases drift apart, Swift is satisfied (it checks the dispatcher against the enums) and the
/// matrix describes states or actions the program does not have, or lacks ones it has.
struct EnumDrift: RunRule {
    let code = "tablint::enum-drift"
    let defaultSeverity = Severity.error
    let summary = "A `Table` literal's states or actions are not the cases of its machine's `enum S` or `enum A`."
    /// Unsafe: a state or action the matrix added is added to its enum, in matrix order; one
    /// it removed is removed from it, and one it renamed in place is renamed (`RemovalSync`),
    /// when nothing else refers to it.
    var isFixable: Bool { true }

    init() {}

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for (index, file) in run.enumerated() {
            for (position, bound) in (file.matrices + file.shortTables).enumerated() where bound.matrix.surface == .tableLiteral {
                let enums = pairing.enums(of: bound, near: file.path)
                // Only a whole matrix says which names it no longer lists.
                let removals = position < file.matrices.count
                    ? RemovalSync(MachinePairing.MatrixRef(file: index, bound: bound), machine: bound.machine, pairing) : nil
                // `typealias DoorS = DoorState` (a migrated top-level machine): the aliased enum
                // is the machine's, for additions, removals and renames alike.
                let machine = pairing.spelling(of: bound.machine) ?? bound.owner ?? bound.matrix.machine.text
                // A case whose dispatcher cases the fixes cannot all write is not added: alone it
                // would make the switch non-exhaustive.
                let ref = MachinePairing.MatrixRef(file: index, bound: bound)
                // A matrix with a row missing or of the wrong length (a `row-arity` error) gives
                // its dispatcher no case: its new names wait until its rows are whole.
                let brokenWithDispatcher = position >= file.matrices.count && run.indices.contains { other in
                    run[other].dispatchers.contains { dispatcher in
                        guard dispatcher.kind == .step, let machine = dispatcher.machine,
                            let table = DispatcherDrift.partialTable(for: dispatcher, machine, near: run[other].path, run)
                        else { return false }
                        return table.file == index && table.matrix.range == bound.matrix.range
                    }
                }
                let leftOut = { (role: RemovalSync.Role, name: String) -> String? in
                    brokenWithDispatcher
                        ? "the matrix `\(bound.matrix.machine.text)` has a row missing or of the wrong length, so its dispatcher's cases for `\(name)` cannot be written from it"
                        : DispatcherDrift.additionRefusal(role, name, of: ref, pairing)
                }
                // The switches elsewhere that a case the fix adds leaves without its arm.
                let needingArms = { (enumRef: MachinePairing.EnumRef, newCase: String) -> String in
                    ExhaustiveSwitches.sentence(
                        ExhaustiveSwitches.needingArm(for: newCase, over: enumRef, machine: bound.machine, spelled: machine, pairing), newCase: newCase, in: run)
                }
                if let states = enums.states {
                    found += compare(bound, bound.matrix.states, bound.matrix.statesRange, states, role: "state", file, run, removals, leftOut: leftOut, needingArms: needingArms)
                } else if let aliased = AliasedEnumSync.aliased("S", machine: machine, run) {
                    found += compare(bound, bound.matrix.states, bound.matrix.statesRange, aliased.enumRef, role: "state", file, run, removals, alias: aliased.alias, leftOut: leftOut, needingArms: needingArms)
                }
                if let actions = enums.actions {
                    found += compare(bound, bound.matrix.actions, bound.matrix.actionsRange, actions, role: "action", file, run, removals, leftOut: leftOut, needingArms: needingArms)
                } else if let aliased = AliasedEnumSync.aliased("A", machine: machine, run) {
                    found += compare(bound, bound.matrix.actions, bound.matrix.actionsRange, aliased.enumRef, role: "action", file, run, removals, alias: aliased.alias, leftOut: leftOut, needingArms: needingArms)
                }
                if position < file.matrices.count { found += unemittedEffects(EffectRemovalSync(ref, pairing), bound, file, run) }
            }
        }
        return found
    }

    private func compare(
        _ bound: BoundMatrix, _ names: [Name], _ listRange: Range<Int>, _ ref: MachinePairing.EnumRef, role: String,
        _ file: FileSummary, _ run: [FileSummary], _ removals: RemovalSync?, alias: String? = nil,
        leftOut: (RemovalSync.Role, String) -> String?, needingArms: (MachinePairing.EnumRef, String) -> String
    ) -> [Diagnostic] {
        let declaration = ref.declaration
        let enumFile = run[ref.file]
        // Swift cases and `Table` strings are two surfaces: their names compare with the first
        // letter folded on both sides (`URLLoaded` is `"URLLoaded"`, and so is `uRLLoaded`).
        let folded = NameComparison.firstLetterFolded
        let cases = declaration.cases.map(\.name)
        let caseKeys = Set(cases.map(folded.key))
        let keys = Set(names.map { folded.key($0.text) })
        let label = "`enum \(declaration.qualifiedName)`" + (alias.map { " (`typealias \($0)`)" } ?? "")
        var found: [Diagnostic] = []
        for name in names where !caseKeys.contains(folded.key(name.text)) {
            let slip = cases.filter { EditDistance.isSlip($0.lowercased(), of: name.text.lowercased()) && !keys.contains(folded.key($0)) }
            let hint = slip.count == 1
                ? "; expected `\"\(NameCasing.upperFirst(slip[0]))\"`, as \(label) spells it"
                : "; expected `case \(NameCasing.lowerFirst(name.text))` in \(label), or no such \(role) in the matrix"
            var message = "\(role) `\(name.text)` of the matrix \(bound.label) is not a case of \(label), which declares \(cases.joined(separator: " "))\(hint)"
            var fix: Diagnostic.Fix?
            // A fix edits the file its diagnostic is in: with the enum in another file, the
            // finding is reported at the enum, where the case is to be added.
            let atEnum = enumFile.path != file.path && slip.count != 1
            let rename = slip.count == 1 ? nil : removals?.rename(role == "state" ? .state : .action, matrixName: name.text)
            if let rename, rename.refusal == nil {
                // A name changed in place: the case is renamed, not added.
                let edits = removals!.renameEdits(file: ref.file) { $0 == .enumCase }
                fix = Diagnostic.Fix(edits: edits, applicability: .unsafe)
                message += "; it takes the place of `\(rename.old)` with the same cells, so the fix renames `case \(rename.old)` of \(label) `\(rename.new)`, as the fixes of dispatcher-drift and cells-drift rename its patterns and its cells' members"
            } else if slip.count != 1 {
                // A refused rename is refused whole: adding the new name beside the old would
                // write half of it (arms and a requirement no implementation has).
                if let rename, let refusal = rename.refusal {
                    message += "; it takes the place of `\(rename.old)`, but no fix renames `\(rename.old)` to `\(rename.new)`: \(refusal); so no fix adds `case \(rename.new)` either"
                } else {
                    let addition = Self.addition(of: name, among: names, to: declaration).flatMap { edit in
                        leftOut(role == "state" ? .state : .action, name.text).map { .failure(DispatcherSync.Why($0)) } ?? .success(edit)
                    }
                    switch addition {
                    case .success(let edit):
                        fix = Diagnostic.Fix(edits: [edit], applicability: .unsafe)
                        message += "; the fix adds `case \(NameCasing.lowerFirst(name.text))` to \(label), in the matrix's order"
                        message += needingArms(ref, NameCasing.lowerFirst(name.text))
                    case .failure(let why):
                        message += "; no fix: \(why.text)"
                    }
                }
            }
            if atEnum {
                found.append(diagnostic(
                    enumFile, at: declaration.nameRange, message,
                    notes: [file.note(at: name.range.lowerBound, "\(role) `\(name.text)` is listed here")], fix: fix))
                continue
            }
            found.append(diagnostic(
                file, at: name.range, message,
                notes: [enumFile.note(at: declaration.nameRange.lowerBound, "\(label) is declared here")], fix: fix))
        }
        for enumCase in declaration.cases where !keys.contains(folded.key(enumCase.name)) {
            let upper = NameCasing.upperFirst(enumCase.name)
            // A misspelt string is reported above, with this case as the expected spelling.
            if names.contains(where: { EditDistance.isSlip(enumCase.name.lowercased(), of: $0.text.lowercased()) && !caseKeys.contains(folded.key($0.text)) }) {
                continue
            }
            var message = "\(label) declares `\(enumCase.name)`, which the matrix \(bound.label) does not list in `\(role)s:`; expected `\"\(upper)\"` there and a \(role == "state" ? "row" : "column") for it"
            if let rename = removals?.rename(role == "state" ? .state : .action, old: enumCase.name) {
                message += rename.refusal == nil
                    ? "; the matrix renamed it `\(rename.matrixName)`, and the fix of that finding renames the case"
                    : "; the matrix lists `\(rename.matrixName)` in its place, but no fix renames it: \(rename.refusal!)"
                found.append(diagnostic(file, at: listRange, message, notes: [enumFile.note(at: enumCase.range.lowerBound, "`\(enumCase.name)` is declared here")]))
                continue
            }
            guard let removal = removals?.removal(role == "state" ? .state : .action, enumCase.name) else {
                found.append(diagnostic(file, at: listRange, message, notes: [enumFile.note(at: enumCase.range.lowerBound, "`\(enumCase.name)` is declared here")]))
                continue
            }
            var fix: Diagnostic.Fix?
            if let refusal = removal.refusal {
                message += "; no fix removes `\(enumCase.name)`: \(refusal)"
            } else if let range = enumCase.removal {
                message += "; the fix removes `case \(enumCase.name)` from \(label), as the fixes of dispatcher-drift and cells-drift remove the cases and requirements that only it named"
                fix = Diagnostic.Fix(edits: [TextEdit(range: range, replacement: [])], applicability: .unsafe)
            }
            // The fix edits the enum's file: with the enum in another, the finding is there.
            if fix != nil, enumFile.path != file.path {
                found.append(diagnostic(
                    enumFile, at: enumCase.range, message, notes: [file.note(at: listRange.lowerBound, "the matrix lists its \(role)s here")], fix: fix))
                continue
            }
            found.append(diagnostic(
                file, at: listRange, message, notes: [enumFile.note(at: enumCase.range.lowerBound, "`\(enumCase.name)` is declared here")], fix: fix))
        }
        return found
    }

    /// `enum F` cases no cell of the matrix emits any more: a warning (a `HANDLE` member may
    /// still emit one, named then as what keeps it), with the unsafe fix that removes the case
    /// when nothing else names it (`EffectRemovalSync`). At the case, where the fix edits.
    private func unemittedEffects(_ plan: EffectRemovalSync, _ bound: BoundMatrix, _ file: FileSummary, _ run: [FileSummary]) -> [Diagnostic] {
        guard let effects = plan.effects else { return [] }
        let label = "`enum \(effects.declaration.qualifiedName)`"
        return plan.removed.map { effect in
            var message = "\(label) declares `\(effect.name)`, which no cell of the matrix \(bound.label) emits"
            var fix: Diagnostic.Fix?
            if let refusal = effect.refusal {
                message += "; no fix removes `\(effect.name)`: \(refusal)"
            } else if let range = effect.enumCase.removal {
                message += "; the fix removes `case \(effect.name)` from \(label), as the fixes of dispatcher-drift and cells-drift remove its `perform` case and its requirement"
                fix = Diagnostic.Fix(edits: [TextEdit(range: range, replacement: [])], applicability: .unsafe)
            } else {
                message += "; no fix removes `\(effect.name)`: no span deletes `case \(effect.name)` alone"
            }
            var found = diagnostic(
                run[effects.file], at: effect.enumCase.range, message,
                notes: [file.note(at: bound.matrix.range.lowerBound, "the matrix \(bound.label) is here")], fix: fix)
            found.severity = .warning
            return found
        }
    }

    /// Why the matrix's `name` is no case of the machine's `enum S` (`.state`) or `enum A` once
    /// this run's fixes are applied, nil when it is one: declared, renamed to, or added by this
    /// rule's fix for certain. Dispatcher-drift's fix asks it before writing an arm that names a
    /// case, so the two fixes read one decision. A name whose enum is in no file of the run is
    /// a case only where the dispatcher already names it (`namedByDispatcher`), since that
    /// compiles.
    static func caseRefusal(
        _ role: RemovalSync.Role, _ name: String, of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing,
        namedByDispatcher: (String) -> Bool
    ) -> String? {
        let bound = ref.bound, run = pairing.run
        let folded = NameComparison.firstLetterFolded
        let enums = pairing.enums(of: bound, near: run[ref.file].path)
        let machine = pairing.spelling(of: bound.machine) ?? bound.owner ?? bound.matrix.machine.text
        let letter = role == .state ? "S" : "A"
        guard let declaration = (role == .state ? enums.states : enums.actions)?.declaration
            ?? AliasedEnumSync.aliased(letter, machine: machine, run)?.enumRef.declaration
        else {
            if namedByDispatcher(name) { return nil }
            // Declared more than once (`#if` branches): which one would take the case is not known.
            let last = machine.split(separator: ".").last.map(String.init) ?? machine
            let twins = run.indices.flatMap { index in
                run[index].enums.filter { $0.name == letter && $0.parent.map { $0 == machine || $0.split(separator: ".").last.map(String.init) == last } == true }
                    .map { "\(run[index].path):\(run[index].location(of: $0.nameRange.lowerBound).line)" }
            }
            if twins.count > 1 {
                return "`enum \(letter)` of `\(machine)` is declared \(twins.count) times (\(twins.joined(separator: ", "))), as in `#if` branches, so no fix adds `\(NameCasing.lowerFirst(name))` to it"
            }
            // The enum is read but not usable, or `S` is an alias: that is the blocker, not the
            // files of the run (bb4 play/54, play/62).
            let inMachine = { (parent: String?) in parent.map { $0 == machine || $0.split(separator: ".").last.map(String.init) == last } == true }
            let lowered = NameCasing.lowerFirst(name)
            for file in run {
                if let alias = file.typeNames.first(where: { $0.keyword == "typealias" && $0.name == letter && inMachine($0.parent) }) {
                    return "`\(machine).\(letter)` is a `typealias`\(alias.aliasTarget.map { " of `\($0)`" } ?? ""), which no fix follows to add `\(lowered)` (only a top-level `typealias \(last)\(letter) = …` is followed); add the case to the enum yourself"
                }
                if let declaration = file.enums.first(where: { $0.name == letter && inMachine($0.parent) }), !declaration.hasKnownCases {
                    let why = declaration.hasConditionalCases ? "has a case under `#if`" : "cannot be read to its end"
                    return "`enum \(declaration.qualifiedName)` \(why), so its cases are not all known and no fix adds `\(lowered)` to it"
                }
            }
            return "no `enum \(letter)` of `\(machine)` declaring `\(lowered)` is among the run's files, so no fix adds the case; run tablint on the whole target (every file of the machine)"
        }
        let cases = declaration.cases.map(\.name)
        if cases.contains(where: { folded.equal($0, name) }) { return nil }
        let names = role == .state ? bound.matrix.states : bound.matrix.actions
        let label = "`enum \(declaration.qualifiedName)`"
        if let rename = RemovalSync(ref, machine: bound.machine, pairing).rename(role, matrixName: name) {
            // A refused rename adds nothing either: the decision is the rename's, for every site.
            guard let refusal = rename.refusal else { return nil }
            return "\(label) has no case `\(NameCasing.lowerFirst(name))`, and no fix renames `\(rename.old)` to it: \(refusal)"
        }
        let keys = Set(names.map { folded.key($0.text) })
        let slip = cases.filter { EditDistance.isSlip($0.lowercased(), of: name.lowercased()) && !keys.contains(folded.key($0)) }
        if slip.count == 1 { return "\(label) has no case `\(NameCasing.lowerFirst(name))`, and enum-drift takes `\(name)` for a slip of `\(slip[0])` rather than add it" }
        guard let matrixName = names.first(where: { folded.equal($0.text, name) }) else { return "\(label) has no case `\(NameCasing.lowerFirst(name))`" }
        if case .failure(let why) = addition(of: matrixName, among: names, to: declaration) {
            return "\(label) has no case `\(NameCasing.lowerFirst(name))`, and enum-drift's fix does not add it: \(why.text)"
        }
        return nil
    }

    /// The edit that declares the matrix's `name` in the enum, after the case of the name
    /// before it in the matrix (before the first case when none is declared before it).
    static func addition(of name: Name, among names: [Name], to declaration: EnumDeclaration) -> Result<TextEdit, DispatcherSync.Why> {
        guard declaration.hasKnownCases else { return .failure(DispatcherSync.Why("the enum's cases are not all known")) }
        // `enum F {}`: its `switch` in `perform` has no arm to write the new case's beside.
        guard let first = declaration.cases.first else { return .failure(DispatcherSync.Why("the enum declares no case yet to add one beside")) }
        // A case whose text is longer than its name and payload has a raw value: a new case
        // would need one too.
        if declaration.cases.contains(where: { !$0.hasPayload && $0.range.count != $0.name.utf8.count && $0.range.count != $0.name.utf8.count + 2 }) {
            return .failure(DispatcherSync.Why("its cases have raw values, which the matrix does not give"))
        }
        let caseName = GeneratedShape.declared(NameCasing.lowerFirst(name.text))
        guard let index = names.firstIndex(of: name) else { return .failure(DispatcherSync.Why("the name is not the matrix's")) }
        // `enum S: Int`: each case's raw value is its position, and a stored one would come back
        // as another case if a case went in before it (a `String` raw value is the name).
        let positional = declaration.inherits.first.map { Self.positionalRawTypes.contains($0) } ?? false
        for earlier in names[..<index].reversed() {
            if let declared = declaration.cases.first(where: { NameComparison.firstLetterFolded.equal($0.name, earlier.text) }) {
                if positional, let next = declaration.cases.first(where: { $0.range.lowerBound > declared.range.lowerBound }) {
                    return .failure(DispatcherSync.Why("its cases have `\(declaration.inherits[0])` raw values by position, and `\(caseName)` would go before `\(next.name)`, changing the raw value of every case after it; add the case at the end of the enum yourself"))
                }
                if let comment = declared.trailingComment {
                    // `case off // dark`: the comment is the case's, so the new case takes a line.
                    return .success(TextEdit(range: comment.lineEnd..<comment.lineEnd, replacement: Array(("\n" + comment.indentation + "case " + caseName).utf8)))
                }
                if let layout = declared.clauseLayout, layout.isLastOfClause, declared.isIndirect || ownsLines(layout, declaration) {
                    // After a documented clause, an `indirect` one, or in an enum of one clause per line: a line of its own.
                    return .success(TextEdit(range: layout.lineEnd..<layout.lineEnd, replacement: Array((layout.newline + layout.indentation + "case " + caseName).utf8)))
                }
                if declared.isIndirect {
                    return .failure(DispatcherSync.Why("`\(declared.name)` is declared by an `indirect case` clause, which `\(caseName)` would join, and a case without a payload cannot be `indirect`; add it on a `case` line of its own yourself"))
                }
                return .success(TextEdit(range: declared.range.upperBound..<declared.range.upperBound, replacement: Array((", " + caseName).utf8)))
            }
        }
        if positional {
            return .failure(DispatcherSync.Why("its cases have `\(declaration.inherits[0])` raw values by position, and `\(caseName)` would go before `\(first.name)`, changing the raw value of every case after it; add the case at the end of the enum yourself"))
        }
        if let layout = first.clauseLayout, first.isIndirect || ownsLines(layout, declaration) {
            // Above the first clause's doc comment, which stays its own.
            return .success(TextEdit(range: layout.leadingStart..<layout.leadingStart, replacement: Array((layout.indentation + "case " + caseName + layout.newline).utf8)))
        }
        if first.isIndirect {
            return .failure(DispatcherSync.Why("`\(first.name)` is declared by an `indirect case` clause, which `\(caseName)` would join, and a case without a payload cannot be `indirect`; add it on a `case` line of its own yourself"))
        }
        return .success(TextEdit(range: first.range.lowerBound..<first.range.lowerBound, replacement: Array((caseName + ", ").utf8)))
    }

    /// Whether a case added beside a case of this clause takes a line of its own: the clause is
    /// documented (its comment would then document the new case too), or the enum declares its
    /// cases one clause per line.
    private static func ownsLines(_ layout: EnumDeclaration.ClauseLayout, _ declaration: EnumDeclaration) -> Bool {
        layout.isDocumented || layout.isAloneInClause && declaration.clauseCount > 1
    }

    /// Raw types whose implicit raw values count the cases: `Int` and the other integers.
    private static let positionalRawTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
}
