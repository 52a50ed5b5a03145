/// The removals a matrix asks of its code once a state or action is taken out of it: the
/// `enum S`/`enum A` case the matrix no longer lists, the dispatcher arms and patterns that
/// name only it, and the `Cells` requirements of its cells. Worked out the same way by
/// `enum-drift`, `dispatcher-drift` and `cells-drift`, each of which carries the edits of its
/// own site as an unsafe fix, so the three agree on what goes: a name goes wholly or not at all.
///
/// A name stays (each finding says why) when something the fixes would not delete refers to
/// it: a `.paused`, `S.paused` or `Alarm.S.paused` anywhere in the files of the run tablint
/// read (`MemberReferences`), an arm with the author's code, a payload, a raw-valued or coded
/// enum (its raw values or names may be stored), a span that cannot be cut exactly. A file
/// tablint did not read is not searched: a reference there becomes a compile error, never a
/// silent change of behaviour.
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

    let run: [FileSummary]
    private(set) var removed: [Removed] = []
    private(set) var cuts: [Cut] = []

    /// The plan for a `Table` literal's machine; empty for other surfaces.
    init(_ ref: MachinePairing.MatrixRef, machine: String, _ pairing: MachinePairing) {
        run = pairing.run
        let matrix = ref.matrix
        guard matrix.surface == .tableLiteral, ref.bound.matrix.rows.count == matrix.states.count else { return }
        let enums = pairing.enums(of: machine, near: run[ref.file].path)
        let folded = NameComparison.firstLetterFolded
        for (role, names, enumRef) in [(Role.state, matrix.states, enums.states), (.action, matrix.actions, enums.actions)] {
            guard let enumRef else { continue }
            let cases = enumRef.declaration.cases.map(\.name)
            let caseKeys = Set(cases.map(folded.key))
            let keys = Set(names.map { folded.key($0.text) })
            for enumCase in enumRef.declaration.cases where !keys.contains(folded.key(enumCase.name)) {
                // A misspelt string (`enum-drift` names the case as its spelling) is no removal.
                if names.contains(where: { EditDistance.isSlip(enumCase.name.lowercased(), of: $0.text.lowercased()) && !caseKeys.contains(folded.key($0.text)) }) {
                    continue
                }
                removed.append(Removed(role: role, name: enumCase.name, enumRef: enumRef, refusal: Self.caseRefusal(enumCase, enumRef.declaration)))
            }
        }
        guard !removed.isEmpty else { return }
        let dispatchers = run.indices.flatMap { index in
            run[index].dispatchers.filter { dispatcher in
                guard dispatcher.kind == .step, let paired = pairing.matrix(for: dispatcher, near: run[index].path).paired else { return false }
                return paired.file == ref.file && paired.matrix.range == matrix.range
            }.map { (file: index, dispatcher: $0) }
        }
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
                } else if arm.labelText.utf8.count != arm.labelRange.count || naming.contains(where: \.item.isGuarded) {
                    for index in Set(naming.flatMap(\.names)) where removed[index].refusal == nil {
                        removed[index].refusal = "`\(arm.labelText)` cannot be cut to its other patterns exactly (a `where` clause, or a label over several lines)"
                    }
                }
                pending.append((file, dispatcher, arm, naming))
            }
        }
        // References: any `.name` outside the case's declaration and the patterns and arms
        // that go with it.
        for index in removed.indices where removed[index].refusal == nil {
            var excluded: [(file: Int, range: Range<Int>)] = []
            for entry in pending {
                let mine = entry.items.filter { $0.names.contains(index) }
                excluded += mine.map { (entry.file, $0.item.range) }
                if case .items(let all, _) = entry.arm.label, mine.count == all.count { excluded.append((entry.file, entry.arm.layout.removal)) }
            }
            if let (file, offset) = firstReference(to: removed[index].name, excluding: excluded) {
                removed[index].refusal = "`\(removed[index].name)` is referred to at \(place(file, offset))"
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
            let label = Array(entry.arm.labelText.utf8), base = entry.arm.labelRange.lowerBound
            func isPlain(_ range: Range<Int>) -> Bool {
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
    }

    private mutating func refuseAll(_ why: String) {
        for index in removed.indices where removed[index].refusal == nil { removed[index].refusal = why }
    }

    /// Why the case itself cannot be deleted, if it cannot.
    static func caseRefusal(_ enumCase: EnumDeclaration.Case, _ declaration: EnumDeclaration) -> String? {
        let label = "`enum \(declaration.qualifiedName)`"
        if !declaration.hasKnownCases { return "the cases of \(label) are not all known" }
        if enumCase.hasPayload { return "it carries a payload, which the code that makes it gives" }
        let harmless: Set<String> = ["Equatable", "Hashable", "Sendable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible"]
        let kept = declaration.inherits.filter { !harmless.contains($0) }
        if kept.contains(where: { ["Codable", "Encodable", "Decodable"].contains($0) }) {
            return "\(label) is `\(kept.joined(separator: ", "))`, so the names of its cases may be stored"
        }
        if !kept.isEmpty { return "\(label) has raw values (`: \(kept.joined(separator: ", "))`), which may be stored" }
        if enumCase.removal == nil { return "its declaration shares its span with a comment or another declaration" }
        return nil
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
    func firstReference(to name: String, excluding excluded: [(file: Int, range: Range<Int>)]) -> (Int, Int)? {
        for (file, summary) in run.enumerated() {
            for offset in summary.memberReferences.offsets[name] ?? [] where !excluded.contains(where: { $0.file == file && $0.range.contains(offset) }) {
                return (file, offset)
            }
        }
        return nil
    }

    /// `path:line:column`.
    func place(_ file: Int, _ offset: Int) -> String {
        let location = run[file].location(of: offset)
        return "\(run[file].path):\(location.line):\(location.column)"
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
        let states = matrix.states.map(\.text) + removed.filter { $0.role == .state }.map(\.name)
        let actions = matrix.actions.map(\.text) + removed.filter { $0.role == .action }.map(\.name)
        let name = requirement.name.text
        var owners: [Removed] = []
        for state in states {
            for action in actions where GeneratedShape.handleMember(state: state, action: action) == name {
                owners += removed.filter { ($0.role == .state && $0.name == state) || ($0.role == .action && $0.name == action) }
            }
        }
        guard !owners.isEmpty else { return nil }
        let removedArms = cuts.filter(\.isWholeArm).map { (file: $0.file, range: $0.armRange) }
        if let (file, offset) = firstReference(to: name, excluding: removedArms) {
            let arm = run[file].dispatchers.lazy.flatMap(\.arms).first { $0.layout.removal.contains(offset) }
            return .failure(DispatcherSync.Why(arm.map { "`\($0.labelText)` calls it at \(place(file, offset))" } ?? "it is referred to at \(place(file, offset))"))
        }
        if !owners.contains(where: { $0.refusal == nil }) {
            return .failure(DispatcherSync.Why("`\(owners[0].name)` stays: \(owners[0].refusal!)"))
        }
        for (file, summary) in run.enumerated() {
            for implementation in summary.cellsImplementations {
                if let member = implementation.members.first(where: { $0.name.text == name }) {
                    return .failure(DispatcherSync.Why("`\(implementation.typeName.text).\(name)` at \(place(file, member.name.range.lowerBound)) implements it, and its body is the author's code"))
                }
            }
        }
        guard let range = requirement.removal else { return .failure(DispatcherSync.Why("its declaration does not have its line to itself")) }
        return .success(TextEdit(range: range, replacement: []))
    }
}
