/// The removals (and renames, see `planRenames`) a matrix asks of its code once a state or
/// action is taken out of it (or renamed in place): the
/// `enum S`/`enum A` case the matrix no longer lists, the dispatcher arms and patterns that
/// name only it, and the `Cells` requirements of its cells. Worked out the same way by
/// `enum-drift`, `dispatcher-drift` and `cells-drift`, each of which carries the edits of its
/// own site as an unsafe fix, so the three agree on what goes: a name goes wholly or not at all.
///
/// A name stays (each finding says why) when something the fixes would not delete refers to
/// it: a `.paused`, `S.paused` or `Alarm.S.paused` anywhere in the Swift files of the run
/// (`MemberReferences`: a file without a machine surface holds them once the workspace found it
/// may name a searched name, `searchedNames`), an arm with the author's code, a payload, a
/// raw-valued or coded enum (its raw values or names may be stored), a span that cannot be cut
/// exactly. A file outside the run is not searched: a reference there becomes a compile error,
/// never a silent change of behaviour.
struct RemovalSync {
    enum Role: String { case state, action }

    struct Removed {
        var role: Role
        /// As the enum declares it.
        var name: String
        var enumRef: MachinePairing.EnumRef
        /// Why no fix removes it; nil when the fixes do.
        var refusal: String?
    }

    /// One cut in a dispatcher: a whole arm, or one pattern of a label that keeps others.
    struct Cut {
        var file: Int
        var switchRange: Range<Int>
        var edit: TextEdit
        var isWholeArm: Bool
        /// The index in `removed` of the name whose fix makes the cut.
        var owner: Int
        /// The arm's whole text, for references inside it.
        var armRange: Range<Int>
    }

    /// A name changed in place (see `init`): the case, the patterns and the generated member
    /// names are renamed instead of removed and added.
    struct Renamed {
        var role: Role
        /// As the enum declares it, and as it is to be declared.
        var old: String
        var new: String
        /// The matrix's new name, as written there.
        var matrixName: String
        var enumRef: MachinePairing.EnumRef
        var refusal: String?
        /// Every rename, by file: the case, patterns, calls, requirements and members.
        var edits: [(file: Int, edit: TextEdit, site: Site)] = []
        /// The generated members of the old name's cells, and their new names.
        var members: [String: String] = [:]
    }

    enum Site: Equatable {
        case enumCase
        /// In the dispatcher whose `switch` is at this range.
        case dispatcher(Range<Int>)
        /// A requirement of a `Cells` protocol, by its old name.
        case requirement(String)
        /// An implementation's member, by its old name.
        case member(String)
    }

    let run: [FileSummary]
    private(set) var removed: [Removed] = []
    private(set) var cuts: [Cut] = []
    private(set) var renamed: [Renamed] = []
    /// Whose names the references are, when another machine of the run declares them too.
    private(set) var ownership: ReferenceOwnership.Context?

    /// The plan for a `Table` literal's machine; empty for other surfaces.
    init(_ ref: MachinePairing.MatrixRef, machine: String, _ pairing: MachinePairing) {
        run = pairing.run
        let matrix = ref.matrix
        guard matrix.surface == .tableLiteral, ref.bound.matrix.rows.count == matrix.states.count else { return }
        let enums = pairing.enums(of: machine, near: run[ref.file].path, outer: ref.bound.owner == nil ? nil : ref.bound.outerTypes)
        let folded = NameComparison.firstLetterFolded
        // `typealias LampS = LampState` (a migrated top-level machine): the aliased enum is the
        // machine's, for removals and renames as for additions.
        let spelled = pairing.spelling(of: machine) ?? ref.bound.owner ?? matrix.machine.text
        let states = enums.states ?? AliasedEnumSync.aliased("S", machine: spelled, run)?.enumRef
        let actions = enums.actions ?? AliasedEnumSync.aliased("A", machine: spelled, run)?.enumRef
        for (role, names, enumRef) in [(Role.state, matrix.states, states), (.action, matrix.actions, actions)] {
            guard let enumRef else { continue }
            let cases = enumRef.declaration.cases.map(\.name)
            let caseKeys = Set(cases.map(folded.key))
            let keys = Set(names.map { folded.key($0.text) })
            for (position, enumCase) in enumRef.declaration.cases.enumerated() where !keys.contains(folded.key(enumCase.name)) {
                // A misspelt string (`enum-drift` names the case as its spelling) is no removal.
                if names.contains(where: { EditDistance.isSlip(enumCase.name.lowercased(), of: $0.text.lowercased()) && !caseKeys.contains(folded.key($0.text)) }) {
                    continue
                }
                // A rename: as many names as cases, and at the case's place a name the enum lacks.
                if names.count == cases.count, !caseKeys.contains(folded.key(names[position].text)) {
                    renamed.append(Renamed(
                        role: role, old: enumCase.name, new: GeneratedShape.declared(NameCasing.lowerFirst(names[position].text)),
                        matrixName: names[position].text, enumRef: enumRef, refusal: Self.caseRefusal(enumCase, enumRef.declaration, renaming: true)))
                    continue
                }
                removed.append(Removed(role: role, name: enumCase.name, enumRef: enumRef, refusal: Self.caseRefusal(enumCase, enumRef.declaration)))
            }
        }
        guard !removed.isEmpty || !renamed.isEmpty else { return }
        ownership = ReferenceOwnership.Context(machine: machine, spelled: spelled, pairing: pairing)
        let dispatchers = Self.dispatchers(of: ref, .step, pairing)
        // A name changed in place whose arms do not do what the new name's cells say is a
        // removal (and the new name an addition).
        for entry in renamed where !Self.keepsCells(entry, matrix, dispatchers) {
            let refusal = entry.enumRef.declaration.cases.first { $0.name == entry.old }.map { Self.caseRefusal($0, entry.enumRef.declaration) } ?? entry.refusal
            removed.append(Removed(role: entry.role, name: entry.old, enumRef: entry.enumRef, refusal: refusal))
        }
        renamed.removeAll { !Self.keepsCells($0, matrix, dispatchers) }
        for index in removed.indices where removed[index].refusal == nil { removed[index].refusal = Self.codingRefusal(removed[index].enumRef.declaration, run) }
        for index in renamed.indices where renamed[index].refusal == nil { renamed[index].refusal = Self.codingRefusal(renamed[index].enumRef.declaration, run) }
        var pending: [(file: Int, dispatcher: Dispatcher, arm: Dispatcher.Arm, items: [(item: Dispatcher.CaseItem, names: [Int])])] = []
        for (file, dispatcher) in dispatchers {
            guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else {
                refuseAll("dispatcher `\(dispatcher.function.text)` does not switch over a state and an action")
                continue
            }
            if dispatcher.hasConditionalArms { refuseAll("dispatcher `\(dispatcher.function.text)` has a `#if` among its arms") }
            for (armIndex, arm) in dispatcher.arms.enumerated() {
                guard case .items(let items, _) = arm.label else {
                    if case .unreadable = arm.label { refuseAll("`\(arm.labelText)` in dispatcher `\(dispatcher.function.text)` cannot be read") }
                    continue
                }
                var naming: [(item: Dispatcher.CaseItem, names: [Int])] = []
                for item in items {
                    // dispatcher-drift compares nothing where a pattern is not read, so no fix
                    // there would remove the arms the case's removal leaves dangling.
                    if item.isTuple ? item.elements.contains(where: { $0.kind == .other }) : !item.elements[0].matchesEverything {
                        refuseAll("`\(arm.labelText)` in dispatcher `\(dispatcher.function.text)` has a pattern tablint does not read")
                    }
                    guard item.isTuple else { continue }
                    var names: [Int] = []
                    for (position, role) in [(stateAt, Role.state), (actionAt, .action)] {
                        if case .member(let member, _) = item.elements[position].kind,
                            let index = removed.firstIndex(where: { $0.role == role && $0.name == member })
                        {
                            names.append(index)
                        }
                    }
                    if !names.isEmpty { naming.append((item, names)) }
                }
                guard !naming.isEmpty else { continue }
                if naming.count == items.count {
                    if let why = Self.authorsCode(arm, after: armIndex > 0 ? dispatcher.arms[armIndex - 1] : nil) {
                        for index in Set(naming.flatMap(\.names)) where removed[index].refusal == nil { removed[index].refusal = why }
                    }
                } else if Self.writtenLabel(arm, in: run[file]).contains(UInt8(ascii: "\n")) || naming.contains(where: \.item.isGuarded) {
                    for index in Set(naming.flatMap(\.names)) where removed[index].refusal == nil {
                        removed[index].refusal = "`\(arm.labelText)` cannot be cut to its other patterns exactly (a `where` clause, or a label over several lines)"
                    }
                }
                pending.append((file, dispatcher, arm, naming))
            }
        }
        // References: any `.name` outside the case's declaration and the patterns and arms
        // that go with it, and the returns dispatcher-drift's fix rewrites in the same run.
        let rewritten = Self.rewrittenReturns(dispatchers, matrix, AliasedEnumSync.shape(ref, pairing))
        for index in removed.indices where removed[index].refusal == nil {
            var excluded: [(file: Int, range: Range<Int>)] = rewritten + Self.otherEnumsPatterns(removed[index].role, dispatchers)
            for entry in pending {
                let mine = entry.items.filter { $0.names.contains(index) }
                excluded += mine.map { (entry.file, $0.item.range) }
                if case .items(let all, _) = entry.arm.label, mine.count == all.count { excluded.append((entry.file, entry.arm.layout.removal)) }
            }
            if let found = firstReference(to: removed[index].name, excluding: excluded, inBodiesOf: removed[index].enumRef.declaration.name) {
                removed[index].refusal = "`\(removed[index].name)` is referred to at \(place(found.file, found.offset))\(found.doubt ?? "")"
            }
        }
        // The cuts, each made by the fix of the first name the pattern names that goes.
        for entry in pending {
            guard case .items(let all, _) = entry.arm.label else { continue }
            let going = entry.items.compactMap { item in item.names.first { removed[$0].refusal == nil }.map { (item.item, $0) } }
            guard !going.isEmpty else { continue }
            if going.count == all.count {
                cuts.append(Cut(
                    file: entry.file, switchRange: entry.dispatcher.switchRange, edit: TextEdit(range: entry.arm.layout.removal, replacement: []),
                    isWholeArm: true, owner: going[0].1, armRange: entry.arm.layout.removal))
                continue
            }
            let goingRanges = Set(going.map(\.0.range.lowerBound))
            guard let firstKept = all.firstIndex(where: { !goingRanges.contains($0.range.lowerBound) }) else { continue }
            // The label as the file has it: `labelText` is shortened for a long one (bb4 play/13).
            let label = Self.writtenLabel(entry.arm, in: run[entry.file]), base = entry.arm.labelRange.lowerBound
            func isPlain(_ range: Range<Int>) -> Bool {
                guard range.lowerBound >= base, range.upperBound - base <= label.count else { return false }
                let bytes = label[(range.lowerBound - base)..<(range.upperBound - base)]
                return bytes.filter { $0 == UInt8(ascii: ",") }.count == 1 && bytes.allSatisfy { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") }
            }
            for (position, item) in all.enumerated() {
                guard let owner = going.first(where: { $0.0.range == item.range })?.1 else { continue }
                let range = position < firstKept ? item.range.lowerBound..<all[position + 1].range.lowerBound : all[position - 1].range.upperBound..<item.range.upperBound
                let gap = position < firstKept ? item.range.upperBound..<all[position + 1].range.lowerBound : all[position - 1].range.upperBound..<item.range.lowerBound
                guard isPlain(gap) else {
                    removed[owner].refusal = "`\(entry.arm.labelText)` cannot be cut to its other patterns exactly"
                    continue
                }
                cuts.append(Cut(
                    file: entry.file, switchRange: entry.dispatcher.switchRange, edit: TextEdit(range: range, replacement: []),
                    isWholeArm: false, owner: owner, armRange: entry.arm.layout.removal))
            }
        }
        // A refusal found while cutting takes that name's cuts back.
        cuts.removeAll { removed[$0.owner].refusal != nil }
        planRenames(matrix, matrixFile: ref.file, dispatchers, pairing)
    }

    /// An arm's label as its file spells it (its `labelText` is shortened when long), else
    /// that text.
    static func writtenLabel(_ arm: Dispatcher.Arm, in file: FileSummary) -> [UInt8] {
        Array((file.memberReferences.text(in: arm.labelRange) ?? arm.labelText).utf8)
    }

    /// The run's dispatchers of `kind` that pair with `ref`'s matrix.
    static func dispatchers(of ref: MachinePairing.MatrixRef, _ kind: Dispatcher.Kind, _ pairing: MachinePairing) -> [(file: Int, dispatcher: Dispatcher)] {
        let run = pairing.run
        return run.indices.flatMap { index in
            run[index].dispatchers.filter { dispatcher in
                guard dispatcher.kind == kind, let paired = pairing.matrix(for: dispatcher, near: run[index].path).paired else { return false }
                return paired.file == ref.file && paired.matrix.range == ref.matrix.range
            }.map { (file: index, dispatcher: $0) }
        }
    }

    /// A name is renamed, not removed and added, when it changed in place: the matrix lists as
    /// many names as the enum declares cases, the case at its position is the one the matrix no
    /// longer lists and the matrix's name there is no case (and no slip of one), and every arm
    /// that decides a pair of the old name does what the cell of the new name says (the same
    /// row, or column, of cells). Then the case, the patterns that name it, a `GO` to it in a
    /// determined arm, and the generated members of its cells (requirement, dispatcher call,
    /// implementations' members: `pausedSnooze` to `holdingSnooze`) are renamed; any other
    /// reference refuses the rename, named.
    private mutating func planRenames(_ matrix: Matrix, matrixFile: Int, _ dispatchers: [(file: Int, dispatcher: Dispatcher)], _ pairing: MachinePairing) {
        guard !renamed.isEmpty else { return }
        let protocols = pairing.cellsProtocols().filter { _, outcome in
            outcome.paired.map { $0.file == matrixFile && $0.matrix.range == matrix.range } ?? false
        }.map(\.0)
        for index in renamed.indices {
            let entry = renamed[index]
            var edits: [(file: Int, edit: TextEdit, site: Site)] = []
            var refusal = entry.refusal
            func refuse(_ why: String) { if refusal == nil { refusal = why } }
            let declaration = entry.enumRef.declaration
            if let enumCase = declaration.cases.first(where: { $0.name == entry.old }) {
                if enumCase.range.count != entry.old.utf8.count { refuse("its declaration is not its name alone (backticks or a raw value)") }
                edits.append((entry.enumRef.file, TextEdit(range: enumCase.range.lowerBound..<(enumCase.range.lowerBound + entry.old.utf8.count), replacement: Array(entry.new.utf8)), .enumCase))
            }
            let oldNames: Set<String> = [entry.old]
            // The members of the old name's cells, and their new names.
            var members: [String: String] = [:]
            let others = entry.role == .state ? matrix.actions.map(\.text) : matrix.states.map(\.text)
            for other in others {
                let (oldMember, newMember) = entry.role == .state
                    ? (GeneratedShape.handleMember(state: entry.old, action: other), GeneratedShape.handleMember(state: entry.matrixName, action: other))
                    : (GeneratedShape.handleMember(state: other, action: entry.old), GeneratedShape.handleMember(state: other, action: entry.matrixName))
                members[oldMember] = newMember
            }
            // A hand-named protocol's members follow their pattern (`onPausedSnooze` for
            // `on` + the state + the action): a member the pattern names after the old name is
            // renamed after the new one; one the pattern does not name after it stays.
            let naming = Self.memberNaming(dispatchers)
            if naming != .generated {
                for other in others {
                    let (old, new) = entry.role == .state
                        ? (naming.name(state: entry.old, action: other), naming.name(state: entry.matrixName, action: other))
                        : (naming.name(state: other, action: entry.old), naming.name(state: other, action: entry.matrixName))
                    if old != new { members[old] = new }
                }
            }
            var covered: [(file: Int, range: Range<Int>)] = []
            // The argument labels of each call of an old member (nil when not read): only the
            // overloads these calls reach are renamed.
            var calledWith: [String: [[String]?]] = [:]
            for (file, dispatcher) in dispatchers {
                guard let at = dispatcher.position(of: entry.role == .state ? .state : .action) else { continue }
                for arm in dispatcher.arms {
                    guard case .items(let items, _) = arm.label else { continue }
                    var names = false
                    for item in items where item.isTuple {
                        let element = item.elements[at]
                        guard case .member(let member, _) = element.kind, oldNames.contains(member) else { continue }
                        names = true
                        guard element.text.hasSuffix(entry.old), element.text.utf8.count == element.range.count, !element.text.contains("(") else {
                            refuse("`\(arm.labelText)` spells it in a way the fix does not rename")
                            continue
                        }
                        let start = element.range.upperBound - entry.old.utf8.count
                        edits.append((file, TextEdit(range: start..<element.range.upperBound, replacement: Array(entry.new.utf8)), .dispatcher(dispatcher.switchRange)))
                        covered.append((file, start..<element.range.upperBound))
                    }
                    // A `GO` to the old state in a determined arm's return.
                    // (An arm of one pair is rewritten by dispatcher-drift's fix of its changed
                    // cell, which writes the new name: only a label of several pairs is renamed here.)
                    if entry.role == .state, arm.outcome.soleStatementStart != nil, case .go = arm.outcome.kind {
                        for offset in run[file].memberReferences.offsets(of: entry.old) where arm.outcome.range.contains(offset) {
                            if items.count > 1 {
                                edits.append((file, TextEdit(range: offset..<(offset + entry.old.utf8.count), replacement: Array(entry.new.utf8)), .dispatcher(dispatcher.switchRange)))
                            }
                            covered.append((file, offset..<(offset + entry.old.utf8.count)))
                        }
                    }
                    for call in arm.cellsCalls {
                        if let newMember = members[call.text] {
                            if !names { refuse("`\(arm.labelText)` calls `\(call.text)` for a pair of another name") }
                            let isOutcome = { if case .handle(call.text) = arm.outcome.kind { return true } else { return false } }()
                            calledWith[call.text, default: []].append(isOutcome ? arm.outcome.argumentLabels : nil)
                            edits.append((file, TextEdit(range: call.range, replacement: Array(newMember.utf8)), .dispatcher(dispatcher.switchRange)))
                            covered.append((file, call.range))
                        }
                    }
                }
            }
            // A pattern or call in a span the removal of another name cuts goes with that span:
            // renaming it as well would be two edits of one span, and the one left for a later
            // pass would find the old case already renamed.
            edits.removeAll { renaming in
                cuts.contains { $0.file == renaming.file && $0.edit.range.lowerBound <= renaming.edit.range.lowerBound && renaming.edit.range.upperBound <= $0.edit.range.upperBound }
            }
            // Whether an overload of `name` with `parameters` is one the dispatcher's calls
            // reach: another (`openLock(_:force:)` beside `openLock(_:)`) is another
            // function and keeps its name, in the protocol as in each implementation.
            func reached(_ name: String, _ parameters: [CellsImplementation.Parameter]?) -> Bool {
                guard let parameters else { return true }
                let calls = calledWith[name] ?? [nil]
                return calls.contains { CellsImplementation.reachable(by: $0, parameters) }
            }
            // Overloads whose parameters are not read cannot be told apart.
            func unreadOverload(_ declarations: [(name: Name, parameters: [CellsImplementation.Parameter]?)], file: Int) {
                for (name, group) in Dictionary(grouping: declarations.filter { members[$0.name.text] != nil }, by: \.name.text) where group.count > 1 {
                    if let unread = group.first(where: { $0.parameters == nil }) {
                        refuse("the overloads of `\(name)` cannot be told apart: the parameters of the one at \(place(file, unread.name.range.lowerBound)) are not read")
                    }
                }
            }
            for ref in protocols {
                unreadOverload(ref.declaration.requirements.filter { $0.kind == .function }.map { ($0.name, $0.parameters) }, file: ref.file)
                for requirement in ref.declaration.requirements {
                    guard let newMember = members[requirement.name.text] else { continue }
                    if requirement.kind == .function, !reached(requirement.name.text, requirement.parameters) { continue }
                    if requirement.name.range.count != requirement.name.text.utf8.count { refuse("`\(requirement.name.text)` is written with backticks") }
                    edits.append((ref.file, TextEdit(range: requirement.name.range, replacement: Array(newMember.utf8)), .requirement(requirement.name.text)))
                }
            }
            // A type the run never shows conforming (read only because its file names `Step`) is
            // no implementation: its members keep their names.
            // Nor is a type that implements only another machine's cells (`Garden: GateCells`
            // with its own `openPull`): asked per member name, once.
            let conforming = Set(run.flatMap(\.cellsImplementations).filter { !$0.conformances.isEmpty || !$0.inherits.isEmpty }.map(\.typeName.text))
            var owners: [String: ReferenceOwnership?] = [:]
            func isOthers(_ implementation: CellsImplementation, _ member: String) -> Bool {
                if owners[member] == nil { owners[member] = .some(ownership?.ownership(of: member, isCase: false)) }
                return owners[member]!?.isOthers(implementation) ?? false
            }
            for (file, summary) in run.enumerated() {
                for implementation in summary.cellsImplementations
                where implementation.isProtocolExtension || conforming.contains(implementation.typeName.text) {
                    unreadOverload(implementation.members.map { ($0.name, $0.parameters) }, file: file)
                    for member in implementation.members {
                        guard let newMember = members[member.name.text], !isOthers(implementation, member.name.text) else { continue }
                        // An overload the dispatcher's unlabelled call cannot reach
                        // (`playingStop(_:verbose:)`) is another function: it keeps its name.
                        if !reached(member.name.text, member.parameters) { continue }
                        // Two reached overloads differ only in their result (`-> Step<Door.S, …>`
                        // beside `-> Step<Gate.S, …>` in a type implementing both machines' cells,
                        // black-box pass 5, play5/6): which one the protocol requires is not read.
                        if implementation.members.filter({ $0.name.text == member.name.text && reached($0.name.text, $0.parameters) }).count > 1 {
                            refuse("the overloads of `\(member.name.text)` in `\(implementation.typeName.text)` at \(place(file, member.name.range.lowerBound)) differ only in what they return, so tablint cannot tell which one this machine's `Cells` requires")
                        }
                        if implementation.members.contains(where: { $0.name.text == newMember }) {
                            refuse("`\(implementation.typeName.text)` already has a member `\(newMember)`")
                        }
                        edits.append((file, TextEdit(range: member.name.range, replacement: Array(newMember.utf8)), .member(member.name.text)))
                    }
                }
            }
            // Anything else that names the old case or one of its members.
            let excluded = covered + edits.map { ($0.file, $0.edit.range) } + Self.otherEnumsPatterns(entry.role, dispatchers)
            for name in [entry.old] + members.keys.sorted() {
                if let found = firstReference(to: name, excluding: excluded, inBodiesOf: name == entry.old ? declaration.name : nil, isCase: name == entry.old) {
                    refuse("`\(name)` is referred to at \(place(found.file, found.offset))\(found.doubt ?? "")")
                }
            }
            // A member of the new name in the enum's body or an extension of it (`static var
            // shove`) would be redeclared by the renamed case.
            for (file, summary) in run.enumerated() {
                // In another type of the same last name (`Timer.S` beside `Alarm.S`) it is no member of this one.
                let references = summary.memberReferences
                if let offset = references.membersNamed(entry.new, inBodiesOf: declaration.name).first(where: { offset in
                    let written = references.enclosingTypes(of: offset).reversed().joined(separator: ".")
                    let full = declaration.qualifiedName
                    return written == full || written.hasSuffix("." + full) || full.hasSuffix("." + written)
                }) {
                    refuse("`\(declaration.qualifiedName)` already has a member `\(entry.new)` at \(place(file, offset)), which the renamed case would redeclare")
                    break
                }
            }
            renamed[index].refusal = refusal
            renamed[index].edits = refusal == nil ? edits : []
            renamed[index].members = members
        }
    }

    /// The pattern the step dispatchers' `HANDLE` calls follow, read from their arms of one
    /// explicit pair (the case names, before the matrix's renames): the generator's when none
    /// or several do.
    static func memberNaming(_ dispatchers: [(file: Int, dispatcher: Dispatcher)]) -> DispatcherSync.MemberNaming {
        var calls: [(state: String, action: String, member: String)] = []
        for (_, dispatcher) in dispatchers {
            guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { continue }
            for arm in dispatcher.arms {
                guard case .handle(let member) = arm.outcome.kind, case .items(let items, _) = arm.label, items.count == 1, items[0].isTuple,
                    case .member(let state, false) = items[0].elements[stateAt].kind, case .member(let action, false) = items[0].elements[actionAt].kind
                else { continue }
                calls.append((state, action, member))
            }
        }
        return DispatcherSync.MemberNaming.choose(calls)
    }

    /// The returns dispatcher-drift's fix rewrites to what their cell now says (`return
    /// .go(.warm, effects: [])` of a cell changed to IGNORE, as `Warm` is removed): an arm of
    /// one explicit pair of the matrix, the first to name it, whose determined return
    /// disagrees with a cell that calls no member, and which `DispatcherSync` can rewrite. What
    /// they name is no reference that keeps a removed case.
    static func rewrittenReturns(
        _ dispatchers: [(file: Int, dispatcher: Dispatcher)], _ matrix: Matrix, _ shape: GeneratedShape, effectsAfterFixes: [String]? = nil
    ) -> [(file: Int, range: Range<Int>)] {
        guard shape.states.count == matrix.states.count, shape.actions.count == matrix.actions.count,
            matrix.rows.count == matrix.states.count, matrix.rows.allSatisfy({ $0.cells.count == matrix.actions.count })
        else { return [] }
        let states = matrix.states.map { $0.text.lowercased() }, actions = matrix.actions.map { $0.text.lowercased() }
        var found: [(file: Int, range: Range<Int>)] = []
        for (file, dispatcher) in dispatchers {
            guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { continue }
            var sync = DispatcherSync(dispatcher: dispatcher, shape: shape, deciders: [])
            sync.effectsAfterFixes = effectsAfterFixes
            var named = Set<Int>()
            for (armIndex, arm) in dispatcher.arms.enumerated() {
                guard case .items(let items, _) = arm.label else { continue }
                for item in items where item.isTuple && !item.isGuarded {
                    guard case .member(let state, false) = item.elements[stateAt].kind, case .member(let action, false) = item.elements[actionAt].kind,
                        let row = states.firstIndex(of: state.lowercased()), let column = actions.firstIndex(of: action.lowercased()),
                        named.insert(row * actions.count + column).inserted, items.count == 1
                    else { continue }
                    let cell = matrix.rows[row].cells[column].kind
                    switch cell {
                    case .handle, .delegate, .unknown: continue
                    default: break
                    }
                    guard !DispatcherDrift.outcome(arm.outcome.kind, agreesWith: cell),
                        case .success(let edit) = sync.rewrite(arm: armIndex, state: row, action: column)
                    else { continue }
                    found.append((file, edit.range))
                }
            }
        }
        return found
    }

    /// The elements of the dispatchers' tuple patterns at the other enum's position (the
    /// action's `.shut` in `case (.open, .shut)` for a state `shut`): the tuple position says
    /// they are no case of `role`'s enum, so they are no reference that keeps it.
    static func otherEnumsPatterns(_ role: Role, _ dispatchers: [(file: Int, dispatcher: Dispatcher)]) -> [(file: Int, range: Range<Int>)] {
        var found: [(file: Int, range: Range<Int>)] = []
        for (file, dispatcher) in dispatchers {
            guard let otherAt = dispatcher.position(of: role == .state ? .action : .state) else { continue }
            for arm in dispatcher.arms {
                guard case .items(let items, _) = arm.label else { continue }
                for item in items where item.isTuple && otherAt < item.elements.count {
                    found.append((file, item.elements[otherAt].range))
                }
            }
        }
        return found
    }

    /// Whether every arm that decides a pair of the old name, with a pattern naming both, does
    /// what the new name's cell of that pair says: the same row (or column) of cells.
    private static func keepsCells(_ entry: Renamed, _ matrix: Matrix, _ dispatchers: [(file: Int, dispatcher: Dispatcher)]) -> Bool {
        for (_, dispatcher) in dispatchers {
            guard let at = dispatcher.position(of: entry.role == .state ? .state : .action),
                let otherAt = dispatcher.position(of: entry.role == .state ? .action : .state)
            else { continue }
            for arm in dispatcher.arms {
                guard case .items(let items, _) = arm.label else { continue }
                for item in items where item.isTuple && !item.isGuarded {
                    guard case .member(entry.old, false) = item.elements[at].kind, case .member(let other, false) = item.elements[otherAt].kind,
                        let cell = cell(of: entry, other: other, in: matrix)
                    else { continue }
                    if !agrees(arm.outcome.kind, cell, renaming: entry) { return false }
                }
            }
        }
        return true
    }

    /// The cell of the renamed name's pair with `other` (an action for a state, a state for an action).
    private static func cell(of entry: Renamed, other: String, in matrix: Matrix) -> Cell.Kind? {
        let folded = NameComparison.firstLetterFolded
        let states = matrix.states.map(\.text), actions = matrix.actions.map(\.text)
        let (state, action) = entry.role == .state ? (entry.matrixName, other) : (other, entry.matrixName)
        guard let row = states.firstIndex(where: { folded.equal($0, state) }), let column = actions.firstIndex(where: { folded.equal($0, action) }),
            row < matrix.rows.count, column < matrix.rows[row].cells.count
        else { return nil }
        return matrix.rows[row].cells[column].kind
    }

    /// Whether an arm does what a cell says, reading a `GO` to the old state as one to the new.
    private static func agrees(_ outcome: Dispatcher.Outcome.Kind, _ cell: Cell.Kind, renaming entry: Renamed) -> Bool {
        if entry.role == .state, case .go(let target, let effects) = outcome, target.text == entry.old {
            return DispatcherDrift.outcome(.go(target: Name(entry.matrixName, target.range), effects: effects), agreesWith: cell)
        }
        return DispatcherDrift.outcome(outcome, agreesWith: cell)
    }

    /// The rename of `role` whose new name the matrix lists as `matrixName`, or whose old
    /// case is `old`.
    func rename(_ role: Role, matrixName: String? = nil, old: String? = nil) -> Renamed? {
        renamed.first { entry in
            entry.role == role && (matrixName.map { NameComparison.firstLetterFolded.equal(entry.matrixName, $0) } ?? true)
                && (old.map { entry.old == $0 } ?? true)
        }
    }

    /// The renames' edits of one site kind in one file, of the renames that go.
    func renameEdits(file: Int, where include: (Site) -> Bool) -> [TextEdit] {
        renamed.filter { $0.refusal == nil }.flatMap(\.edits).filter { $0.file == file && include($0.site) }.map(\.edit)
    }

    private mutating func refuseAll(_ why: String) {
        for index in removed.indices where removed[index].refusal == nil { removed[index].refusal = why }
    }

    /// Why the case itself cannot be deleted, if it cannot.
    /// `carriesPayloadAway`: an effect's payload is given by the code that emits it, which
    /// the reference search finds, so it keeps no effect.
    static func caseRefusal(_ enumCase: EnumDeclaration.Case, _ declaration: EnumDeclaration, renaming: Bool = false, carriesPayloadAway: Bool = false) -> String? {
        let label = "`enum \(declaration.qualifiedName)`"
        if !declaration.hasKnownCases { return "the cases of \(label) are not all known" }
        if enumCase.hasPayload, !carriesPayloadAway { return "it carries a payload, which the code that makes it gives" }
        let harmless: Set<String> = ["Equatable", "Hashable", "Sendable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible"]
        let kept = declaration.inherits.filter { !harmless.contains($0) }
        if kept.contains(where: { ["Codable", "Encodable", "Decodable"].contains($0) }) {
            return "\(label) is `\(kept.joined(separator: ", "))`, so the names of its cases may be stored"
        }
        if !kept.isEmpty { return "\(label) has raw values (`: \(kept.joined(separator: ", "))`), which may be stored" }
        if !renaming, enumCase.removal == nil { return spanRefusal(enumCase, declaration) }
        return nil
    }

    /// Why no case of `declaration` is removed or renamed when an extension of it in any file of
    /// the run makes it coded (`extension Door.S: Codable {}` in `Door+Codable.swift`): its case
    /// names may be stored, as for `enum S: Codable` (black-box play/36). One in the enum's own
    /// file is already among its `inherits`.
    static func codingRefusal(_ declaration: EnumDeclaration, _ run: [FileSummary]) -> String? {
        for (file, summary) in run.enumerated() where summary.memberReferences.hasCodingConformance {
            for conformance in summary.memberReferences.codingConformances {
                let parts = conformance.type.split(separator: ".").map(String.init)
                guard parts.last == declaration.name else { continue }
                // `extension Door.S`, or `extension S` in `extension Door { … }`.
                let parent = parts.count > 1 ? parts[parts.count - 2] : conformance.enclosing.first.flatMap { $0.split(separator: ".").last.map(String.init) }
                guard parent == declaration.parent else { continue }
                return "`enum \(declaration.qualifiedName)` is made `\(conformance.coding)` by `extension \(conformance.type): \(conformance.coding)` at \(place(file, conformance.offset, in: run)), so the names of its cases may be stored"
            }
        }
        return nil
    }

    /// Why a case with no span of its own is not deleted: `enum F { case beep }` shares its
    /// line with the enum's braces.
    static func spanRefusal(_ enumCase: EnumDeclaration.Case, _ declaration: EnumDeclaration) -> String {
        "no span deletes `case \(enumCase.name)` alone: it shares its line with other code of `enum \(declaration.qualifiedName)` (its braces, another declaration) or a comment"
    }

    /// Why an arm cannot be deleted: code beyond the return the matrix determines.
    static func authorsCode(_ arm: Dispatcher.Arm, after previous: Dispatcher.Arm?) -> String? {
        if previous?.fallsThrough == true { return "`\(arm.labelText)` is entered by the `fallthrough` of the case before it" }
        if arm.fallsThrough { return "`\(arm.labelText)` falls through to the case after it" }
        if arm.outcome.soleStatementStart == nil { return "`\(arm.labelText)` has code of its own besides the return the matrix determines" }
        switch arm.outcome.kind {
        case .go, .ignored, .stay, .unreachable, .handle: return nil
        default: return "`\(arm.labelText)` calls `\(arm.outcome.text)`, whose code is the author's"
        }
    }

    /// The first `.name` of the run outside `excluded`, by file then offset.
    /// `inBodiesOf`: the enum whose case `name` is, whose body and extensions may name it bare.
    /// `isCase`: `name` is a case (else a `Cells` member). A reference that names another
    /// machine's (`ReferenceOwnership`) is none; one that may is, with `doubt` saying so.
    func firstReference(
        to name: String, excluding excluded: [(file: Int, range: Range<Int>)], inBodiesOf type: String? = nil, isCase: Bool = true
    ) -> (file: Int, offset: Int, doubt: String?)? {
        Self.firstReference(to: name, excluding: excluded, in: run, inBodiesOf: type, ownership: ownership, isCase: isCase)
    }

    static func firstReference(
        to name: String, excluding excluded: [(file: Int, range: Range<Int>)], in run: [FileSummary], inBodiesOf type: String? = nil,
        ownership context: ReferenceOwnership.Context? = nil, isCase: Bool = true
    ) -> (file: Int, offset: Int, doubt: String?)? {
        // Worked out at the first reference found, for this name only.
        var ownership: ReferenceOwnership??
        for (file, summary) in run.enumerated() {
            for offset in summary.memberReferences.offsets(of: name, inBodiesOf: type) where !excluded.contains(where: { $0.file == file && $0.range.contains(offset) }) {
                if isCase, summary.memberReferences.isReachedThroughAValue(offset) { continue }
                if ownership == nil { ownership = .some(context?.ownership(of: name, isCase: isCase)) }
                let verdict = ownership!?.verdict(name, isCase: isCase, file: file, offset: offset) ?? .own
                if verdict == .other { continue }
                return (file, offset, ReferenceOwnership.doubt(verdict, name: name))
            }
        }
        return nil
    }

    /// `path:line:column`.
    func place(_ file: Int, _ offset: Int) -> String { Self.place(file, offset, in: run) }

    static func place(_ file: Int, _ offset: Int, in run: [FileSummary]) -> String {
        let location = run[file].location(of: offset)
        return "\(run[file].path):\(location.line):\(location.column)"
    }

    /// Why a requirement that shares its line with another declaration (`func a(…); func b(…)`)
    /// or with the protocol's braces stays: a fix deletes only whole lines, and cutting one
    /// declaration out of a line is the author's.
    static let sharedLine = DispatcherSync.Why(
        "its declaration does not have its line to itself (it shares it with another declaration or the protocol's braces), and the fix deletes only a requirement on lines of its own: put it on its own line, or delete it by hand")

    /// Why a requirement stays when an implementation in the run writes it: no fix deletes a
    /// member's body. Said on every run, also once the removed name's case is gone.
    /// `ownership`: an implementation of another machine's cells only is not this one's.
    static func implemented(_ name: String, in run: [FileSummary], ownership context: ReferenceOwnership.Context? = nil) -> DispatcherSync.Why? {
        var ownership: ReferenceOwnership??
        for (file, summary) in run.enumerated() {
            for implementation in summary.cellsImplementations where implementation.members.contains(where: { $0.name.text == name }) {
                if ownership == nil { ownership = .some(context?.ownership(of: name, isCase: false)) }
                if ownership!?.isOthers(implementation) == true { continue }
                if let member = implementation.members.first(where: { $0.name.text == name }) {
                    return DispatcherSync.Why("`\(implementation.typeName.text).\(name)` at \(place(file, member.name.range.lowerBound, in: run)) implements it, and its body is the author's code")
                }
            }
        }
        return nil
    }

    /// The removed name of `role` the enum declares as `name`.
    func removal(_ role: Role, _ name: String) -> Removed? {
        removed.first { $0.role == role && $0.name == name }
    }

    /// The cuts in one dispatcher made by the fix of `name`.
    func cuts(of role: Role, _ name: String, file: Int, switchRange: Range<Int>) -> [Cut] {
        guard let index = removed.firstIndex(where: { $0.role == role && $0.name == name }) else { return [] }
        return cuts.filter { $0.owner == index && $0.file == file && $0.switchRange == switchRange }
    }

    /// For a requirement the matrix no longer asks for: its edit when it is the generated
    /// member of a cell of a name that goes and nothing left calls or implements it; why not
    /// otherwise; nil when it is no removed cell's.
    func requirementRemoval(_ requirement: CellsProtocol.Requirement, matrix: Matrix) -> Result<TextEdit, DispatcherSync.Why>? {
        // A renamed name's old spelling too: `ringingSnooze` goes with `snooze` while `ringing` becomes `buzzing`.
        let renamedOld = { (role: Role) in self.renamed.filter { $0.role == role && $0.refusal == nil }.map(\.old) }
        let states = matrix.states.map(\.text) + removed.filter { $0.role == .state }.map(\.name) + renamedOld(.state)
        let actions = matrix.actions.map(\.text) + removed.filter { $0.role == .action }.map(\.name) + renamedOld(.action)
        let name = requirement.name.text
        var owners: [Removed] = []
        for state in states {
            for action in actions where GeneratedShape.handleMember(state: state, action: action) == name {
                owners += removed.filter { ($0.role == .state && $0.name == state) || ($0.role == .action && $0.name == action) }
            }
        }
        guard !owners.isEmpty else { return nil }
        let removedArms = cuts.filter(\.isWholeArm).map { (file: $0.file, range: $0.armRange) }
        if let (file, offset, doubt) = firstReference(to: name, excluding: removedArms, isCase: false) {
            let arm = run[file].dispatchers.lazy.flatMap(\.arms).first { $0.layout.removal.contains(offset) }
            return .failure(DispatcherSync.Why((arm.map { "`\($0.labelText)` calls it at \(place(file, offset))" } ?? "it is referred to at \(place(file, offset))") + (doubt ?? "")))
        }
        if !owners.contains(where: { $0.refusal == nil }) {
            return .failure(DispatcherSync.Why("`\(owners[0].name)` stays: \(owners[0].refusal!)"))
        }
        if let why = Self.implemented(name, in: run, ownership: ownership) { return .failure(why) }
        guard let range = requirement.wholeRemoval else { return .failure(Self.sharedLine) }
        return .success(TextEdit(range: range, replacement: []))
    }
}

extension RemovalSync {
    /// Every name the plans of the run's `Table` literals ask `firstReference` about: the cases
    /// that go or are renamed, and the generated members of their cells. A run searches its
    /// files with no machine surface for these before the plans are made
    /// (`Workspace.searchReferencesToGoingNames`); a new search in a plan must name its names here.
    static func searchedNames(_ facts: CrossFileRun) -> Set<String> {
        var names: Set<String> = []
        for (index, file) in facts.summaries.enumerated() {
            for bound in file.matrices where bound.matrix.surface == .tableLiteral {
                let plan = RemovalSync(MachinePairing.MatrixRef(file: index, bound: bound), machine: bound.machine, facts.pairing)
                let states = bound.matrix.states.map(\.text) + plan.removed.filter { $0.role == .state }.map(\.name)
                let actions = bound.matrix.actions.map(\.text) + plan.removed.filter { $0.role == .action }.map(\.name)
                for entry in plan.removed {
                    names.insert(entry.name)
                    for other in entry.role == .state ? actions : states {
                        names.insert(entry.role == .state
                            ? GeneratedShape.handleMember(state: entry.name, action: other)
                            : GeneratedShape.handleMember(state: other, action: entry.name))
                    }
                }
                for entry in plan.renamed {
                    names.insert(entry.old)
                    // A member of the new name would be redeclared by the renamed case.
                    names.insert(entry.new)
                    names.formUnion(entry.members.keys)
                }
                // An effect no cell emits: its case, which is also its member's name.
                names.formUnion(EffectRemovalSync(MachinePairing.MatrixRef(file: index, bound: bound), facts.pairing).removed.map(\.name))
                // An enum gaining a case: a case every exhaustive switch over it names
                // (`ExhaustiveSwitches`, which enum-drift and unknown-effect ask).
                let enums = facts.pairing.enums(of: bound, near: file.path)
                let folded = NameComparison.firstLetterFolded
                let effects = bound.matrix.rows.flatMap(\.cells).flatMap { cell -> [Name] in
                    switch cell.kind {
                    case .go(_, let list, _), .emit(let list): return list
                    default: return []
                    }
                }
                for (listed, enumRef) in [(bound.matrix.states, enums.states), (bound.matrix.actions, enums.actions), (effects, enums.effects)] {
                    guard let declaration = enumRef?.declaration, let probe = ExhaustiveSwitches.probe(declaration) else { continue }
                    let keys = Set(declaration.cases.map { folded.key($0.name) })
                    if listed.contains(where: { !keys.contains(folded.key($0.text)) }) { names.insert(probe) }
                }
            }
        }
        return names
    }
}
