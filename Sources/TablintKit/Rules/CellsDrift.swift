/// `tablint::cells-drift`: the `Cells` protocol is the generator's output written by hand: one
/// member per HANDLE cell, per DELEGATE cell (`…ToChild`), per child (`…ChildState`, `…Embed`,
/// `…Lift`, `…ChildCtx`), per effect and per `@Path` hop, refining each child's `Cells`
/// (reference §1.6). A requirement for a cell that is no longer HANDLE is dead code every
/// implementation must still write; a HANDLE cell without its member has nowhere to go.
public struct CellsDrift: RunRule {
    public let code = "tablint::cells-drift"
    public let defaultSeverity = Severity.error
    public let summary = "A `Cells` protocol's requirements are not the members the generator would emit for its matrix."

    public init() {}

    public func check(run: [FileSummary]) -> [Diagnostic] {
        let pairing = MachinePairing(run)
        var found: [Diagnostic] = []
        for (ref, outcome) in pairing.cellsProtocols() {
            guard let matrixRef = outcome.paired, !ref.declaration.isIncomplete, let machine = ref.declaration.machine else { continue }
            let expected = Self.members(
                matrixRef.matrix, effects: DispatcherDrift.declaredEffects(of: matrixRef, machine: machine, pairing))
            found += compare(ref.declaration, run[ref.file], expected, matrixRef, run[matrixRef.file])
        }
        return found
    }

    /// What the generator emits, by member name: where it comes from, and the cell if one.
    struct Member {
        var origin: String
        var cell: Cell?
    }

    struct Expected {
        var members: [String: Member] = [:]
        /// In matrix order, for reporting what is missing.
        var order: [String] = []
        /// `AuthCells` for a child `auth`.
        var refinements: Set<String> = []

        mutating func add(_ name: String, _ member: Member) {
            if members[name] == nil {
                members[name] = member
                order.append(name)
            }
        }
    }

    static func members(_ matrix: Matrix, effects declared: [String]?) -> Expected {
        var expected = Expected()
        var effects: [String] = declared ?? []
        for (row, state) in zip(matrix.rows, matrix.states) {
            for (cell, action) in zip(row.cells, matrix.actions) {
                let base = NameCasing.lowerFirst(state.text) + NameCasing.upperFirst(action.text)
                let pair = "cell (\(state.text), \(action.text))"
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
            expected.add(NameCasing.lowerFirst(effect), Member(origin: "effect `\(effect)`", cell: nil))
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

    /// `F.stopClock(reason: x)` → `stopClock`.
    static func effectName(_ text: String) -> String {
        var name = Substring(text)
        if let cut = name.firstIndex(of: "(") { name = name[..<cut] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return NameCasing.lowerFirst(name)
    }

    private func compare(
        _ declaration: CellsProtocol, _ file: FileSummary, _ expected: Expected, _ matrixRef: MachinePairing.MatrixRef,
        _ matrixFile: FileSummary
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let matrix = matrixRef.matrix
        let what = matrixRef.bound.label
        let protocolName = "`\(declaration.name.text)`"
        var required = Set<String>()
        for requirement in declaration.requirements where requirement.kind != .other {
            required.insert(requirement.name.text)
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
            var why = "nothing in the matrix \(what) makes the generator emit it"
            var notes: [Diagnostic.Note] = []
            if let (state, action) = Self.cell(named: requirement.name.text, in: matrix) {
                let cell = matrix.rows[state].cells[action]
                why = "cell (\(matrix.states[state].text), \(matrix.actions[action].text)) of the matrix \(what) is \(Self.describe(cell.kind)), not HANDLE, so the generator emits no such member"
                notes = [matrixFile.note(at: cell.range.lowerBound, "cell (\(matrix.states[state].text), \(matrix.actions[action].text)) is \(Self.describe(cell.kind)) here")]
            }
            found.append(diagnostic(
                file, at: requirement.name.range,
                "\(protocolName) requires `\(requirement.name.text)`, but \(why); every implementation must still write it. Remove the requirement, or change the matrix",
                notes: notes))
        }
        // `Auth.Cells` is the child `Auth`'s cells as much as `AuthCells` is.
        for refined in declaration.refines
        where refined.text.hasSuffix("Cells") && !expected.refinements.contains(refined.text.replacingOccurrences(of: ".", with: "")) {
            found.append(diagnostic(
                file, at: refined.range,
                "\(protocolName) refines `\(refined.text)`, but the matrix \(what) delegates to no child whose cells that are. Children's cells: \(expected.refinements.isEmpty ? "(none)" : expected.refinements.sorted().joined(separator: " "))"))
        }
        for name in expected.order where !required.contains(name) {
            guard let member = expected.members[name], let cell = member.cell else { continue }
            found.append(diagnostic(
                file, at: declaration.name.range,
                "\(protocolName) has no requirement `\(name)` for \(member.origin), which the matrix \(what) declares as \(Self.describe(cell.kind)); expected `func \(name)(…)` in \(protocolName)",
                notes: [matrixFile.note(at: cell.range.lowerBound, "\(member.origin) is \(Self.describe(cell.kind)) here")]))
        }
        return found
    }

    /// The cell whose generated name (`idleStart`) is `name`, if one.
    static func cell(named name: String, in matrix: Matrix) -> (Int, Int)? {
        for (state, stateName) in matrix.states.enumerated() where state < matrix.rows.count {
            for (action, actionName) in matrix.actions.enumerated() where action < matrix.rows[state].cells.count {
                let base = NameCasing.lowerFirst(stateName.text) + NameCasing.upperFirst(actionName.text)
                if name == base || name == base + "ToChild" { return (state, action) }
            }
        }
        return nil
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
