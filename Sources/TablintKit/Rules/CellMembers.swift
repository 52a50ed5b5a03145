/// Which `Cells` member serves which HANDLE or DELEGATE cell, read from the step dispatchers'
/// arms (the member an arm calls implements that arm's cells). The generator's names
/// (`lockedUnlock`, `loggedOutCredentialsToChild`) are a convention of generated code; a
/// hand-written protocol may name its members as its authors like (`onUnlock`), and then only
/// this pairing says what is consistent (reference §1.6).
struct CellMembers {
    struct Served {
        var state: Int
        var action: Int
        var arm: Dispatcher.Arm
        var dispatcher: Dispatcher
        var file: Int
    }

    /// Member name → the cells whose deciding arm calls it, in arm order.
    private(set) var cellsByMember: [String: [Served]] = [:]
    /// The members in the order first met, for reporting in a stable order.
    private(set) var memberOrder: [String] = []
    /// Every member any arm of the machine's dispatchers (step or effect) calls on its cells.
    private(set) var called: Set<String> = []
    /// The step dispatchers read, by function name, for messages.
    private(set) var dispatcherNames: [String] = []
    /// Some HANDLE or DELEGATE cell is served by a member that is no cell's generated name:
    /// the members are named by their authors.
    private(set) var isHandNamed = false

    init(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing, generatedOther: Set<String>) {
        let matrix = ref.matrix
        let run = pairing.run
        var stateIndex: [String: Int] = [:]
        var actionIndex: [String: Int] = [:]
        for (index, name) in matrix.states.enumerated() where stateIndex[name.text.lowercased()] == nil { stateIndex[name.text.lowercased()] = index }
        for (index, name) in matrix.actions.enumerated() where actionIndex[name.text.lowercased()] == nil { actionIndex[name.text.lowercased()] = index }
        // Asked only of a member that is not its own cell's name: most machines never ask.
        var generatedCellNames: GeneratedCellNames?
        for (fileIndex, file) in run.enumerated() {
            for dispatcher in file.dispatchers where !dispatcher.hasConditionalArms && dispatcher.machine != nil {
                guard let paired = pairing.matrix(for: dispatcher, near: file.path).paired, paired.file == ref.file,
                    paired.matrix.range == matrix.range
                else { continue }
                for arm in dispatcher.arms {
                    called.formUnion(arm.cellsCalls.map(\.text))
                    if case .handle(let member) = arm.outcome.kind { called.insert(member) }
                    if case .delegate(let callee) = arm.outcome.kind, callee.hasSuffix("ToChild") { called.insert(callee) }
                }
                guard dispatcher.kind == .step, let stateAt = dispatcher.position(of: .state),
                    let actionAt = dispatcher.position(of: .action)
                else { continue }
                dispatcherNames.append(dispatcher.function.text)
                var decided = Array(repeating: Array(repeating: false, count: matrix.actions.count), count: matrix.states.count)
                for arm in dispatcher.arms {
                    guard case .items(let items, _) = arm.label else {
                        if case .unreadable = arm.label { break }
                        continue
                    }
                    let members = Self.members(of: arm, excluding: generatedOther)
                    for item in items where item.isTuple && !item.isGuarded {
                        func covered(_ element: Dispatcher.PatternElement, _ names: [String: Int], _ count: Int) -> [Int] {
                            if element.matchesEverything { return Array(0..<count) }
                            if let name = element.wholeMember, let index = names[name.lowercased()] { return [index] }
                            return []
                        }
                        for state in covered(item.elements[stateAt], stateIndex, matrix.states.count) where state < matrix.rows.count {
                            for action in covered(item.elements[actionAt], actionIndex, matrix.actions.count)
                            where action < matrix.rows[state].cells.count && !decided[state][action] {
                                decided[state][action] = true
                                let kind = matrix.rows[state].cells[action].kind
                                guard Self.isMemberCell(kind) else { continue }
                                for member in members {
                                    if cellsByMember[member] == nil { memberOrder.append(member) }
                                    cellsByMember[member, default: []].append(
                                        Served(state: state, action: action, arm: arm, dispatcher: dispatcher, file: fileIndex))
                                    // A slip of the cell's own generated name is a typo in
                                    // generated-style code, not a name of the authors' own.
                                    guard !isHandNamed else { continue }
                                    let own = NameCasing.lowerFirst(matrix.states[state].text) + NameCasing.upperFirst(matrix.actions[action].text)
                                    // A DELEGATE cell's generated member is `…ToChild`: one named as
                                    // the cell's HANDLE member would be (`loggedOutCredentials`) is the
                                    // library's own hand-written spelling (reference §1.6), not a slip.
                                    if case .delegate = kind {
                                        guard member != own + "ToChild" else { continue }
                                        if member == own {
                                            isHandNamed = true
                                            continue
                                        }
                                    } else {
                                        guard member != own, member != own + "ToChild" else { continue }
                                    }
                                    // `onLockedLock` is two letters from `lockedLock`, but it is
                                    // a pattern authors name members by, not a slip.
                                    if DispatcherSync.MemberNaming.allCases.contains(where: {
                                        $0 != .generated && $0.name(state: matrix.states[state].text, action: matrix.actions[action].text) == member
                                    }) {
                                        isHandNamed = true
                                        continue
                                    }
                                    if generatedCellNames == nil { generatedCellNames = GeneratedCellNames(matrix) }
                                    if !generatedCellNames!.contains(member), !EditDistance.isSlip(member.lowercased(), of: own.lowercased()),
                                        !EditDistance.isSlip(member.lowercased(), of: (own + "ToChild").lowercased())
                                    {
                                        isHandNamed = true
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cells members an arm calls for its cell: the member a HANDLE arm returns, a
    /// `…ToChild` member, or the members a delegation passes on (`c.loggedOutCredentials(…)`),
    /// leaving out the child's and the effects' members the generator names.
    static func members(of arm: Dispatcher.Arm, excluding generatedOther: Set<String>) -> [String] {
        switch arm.outcome.kind {
        case .handle(let member): return [member]
        case .delegate(let callee) where callee.hasSuffix("ToChild"): return [callee]
        case .delegate:
            var seen: [String] = []
            for call in arm.cellsCalls where !generatedOther.contains(call.text) && !seen.contains(call.text) { seen.append(call.text) }
            return seen
        default:
            return []
        }
    }

    static func isMemberCell(_ kind: Cell.Kind) -> Bool {
        switch kind {
        case .handle, .delegate: return true
        default: return false
        }
    }

    /// Whether a name is what the generator names some cell's member (`idleStart`,
    /// `retryingRunToChild`: `lower(State) + Cap(Action)`, `…ToChild`), answered from the
    /// states' and actions' names: a matrix of 50,000 cells does not build 100,000 names to be
    /// asked about a few.
    struct GeneratedCellNames {
        /// `lower(State)` → the indices of the rows so named; `Cap(Action)` → the columns.
        private var rows: [String: [Int]] = [:]
        private var columns: [String: [Int]] = [:]
        /// Each row's cell count as `generatedCellNames` pairs them (a short row names fewer).
        private var width: [Int]

        init(_ matrix: Matrix) {
            let rowCount = min(matrix.rows.count, matrix.states.count)
            width = (0..<rowCount).map { min(matrix.rows[$0].cells.count, matrix.actions.count) }
            for state in 0..<rowCount { rows[NameCasing.lowerFirst(matrix.states[state].text), default: []].append(state) }
            for (index, action) in matrix.actions.enumerated() { columns[NameCasing.upperFirst(action.text), default: []].append(index) }
        }

        func contains(_ name: String) -> Bool {
            if isCellName(name.unicodeScalars[...]) { return true }
            let suffix = "ToChild".unicodeScalars
            guard name.unicodeScalars.count >= suffix.count, name.unicodeScalars.suffix(suffix.count).elementsEqual(suffix) else { return false }
            return isCellName(name.unicodeScalars.dropLast(suffix.count))
        }

        /// Some split of the name is a row's name then a column's, of a cell the row has.
        private func isCellName(_ name: Substring.UnicodeScalarView) -> Bool {
            var split = name.startIndex
            while true {
                if let states = rows[String(name[..<split])], let actions = columns[String(name[split...])],
                    states.contains(where: { state in actions.contains { $0 < width[state] } })
                {
                    return true
                }
                guard split < name.endIndex else { return false }
                split = name.index(after: split)
            }
        }
    }

    /// A machine's cells members are named by their authors (see `isHandNamed`).
    static func isHandNamed(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing, machine: String) -> Bool {
        let expected = CellsDrift.members(ref.matrix, effects: DispatcherDrift.declaredEffects(of: ref, machine: machine, pairing))
        let other = Set(expected.members.filter { $0.value.cell == nil }.keys)
        return CellMembers(ref, pairing, generatedOther: other).isHandNamed
    }
}
