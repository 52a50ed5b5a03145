/// `tabular-center::member-collision`: the generator names members by concatenation
/// (`lower(state) + Cap(action)`, `<child>Embed`, `lower(effect)`, hops), so different
/// places can produce one name — `logIn`×`start` and `log`×`inStart` both give `logInStart` —
/// and the generated protocol cannot hold both.
struct MemberCollision: Rule {
    let code = "tabular-center::member-collision"
    let defaultSeverity = Severity.error
    let summary = "Two generated `Cells` members would have the same name."

    init() {}

    struct Member {
        var name: String
        var range: Range<Int>
        private var place: Place

        /// Where the generator takes the name from; a cell's is spelled only when a message
        /// asks (a machine of 10,000 `HANDLE` cells spelled them all for no collision).
        private enum Place {
            case written(String)
            case cell(MatrixReference, row: Int, column: Int)
        }

        /// One reference to the matrix for all its cells' members: a `Matrix` held by value in
        /// each was a dozen retains and releases a member (a third of a big matrix's check).
        final class MatrixReference {
            let matrix: Matrix
            init(_ matrix: Matrix) { self.matrix = matrix }
        }

        init(name: String, origin: String, range: Range<Int>) {
            self.name = name
            self.range = range
            place = .written(origin)
        }

        init(name: String, cellOf matrix: MatrixReference, row: Int, column: Int, range: Range<Int>) {
            self.name = name
            self.range = range
            place = .cell(matrix, row: row, column: column)
        }

        var origin: String {
            switch place {
            case .written(let origin): return origin
            case let .cell(matrix, row, column): return "cell \(matrix.matrix.cellLabel(row: row, column: column))"
            }
        }
    }

    func check(_ context: LintContext) -> [Diagnostic] {
        // A pin fixture is not generated from: only the machines the library generates for.
        context.matrices.filter { $0.surface != .fixture && $0.rowsMatchStates }.flatMap { matrix -> [Diagnostic] in
            collisions(in: matrix).map { earlier, later in
                diagnostic(
                    context, at: later.range, Self.message(earlier, later),
                    notes: [context.note(at: earlier.range.lowerBound, "\(earlier.origin) is here")])
            }
        }
    }

    static func message(_ earlier: Member, _ later: Member) -> String {
        "\(earlier.origin) and \(later.origin) would both generate the member `\(later.name)`. Rename a state, an action or an effect so the two differ."
    }

    /// Each member whose name an earlier member already has, with that earlier one.
    func collisions(in matrix: Matrix) -> [(earlier: Member, later: Member)] {
        let members = members(of: matrix)
        var first: [String: Member] = [:]
        // Sized once: a big matrix's thousands of members otherwise rehash it a dozen times.
        first.reserveCapacity(members.count)
        // A member listed twice (a hop on two paths) is one member: origins are compared only
        // among members of one name.
        var originsOfName: [String: Set<String>] = [:]
        var found: [(Member, Member)] = []
        for member in members {
            guard let earlier = first[member.name] else {
                first[member.name] = member
                continue
            }
            var origins = originsOfName[member.name] ?? [earlier.origin]
            guard origins.insert(member.origin).inserted else { continue }
            originsOfName[member.name] = origins
            found.append((earlier, member))
        }
        return found
    }

    /// The names of the HANDLE cells' members that another member already has (or takes from
    /// a later cell): no arm or requirement is written for them, as the generated protocol
    /// could not hold both.
    func collidingCellMembers(of matrix: Matrix) -> [String: String] {
        guard matrix.rowsMatchStates else { return [:] }
        var reasons: [String: String] = [:]
        for (earlier, later) in collisions(in: matrix) { reasons[later.name] = Self.message(earlier, later) }
        return reasons
    }

    /// Every generated member in the generator's order: cells row by row, child lenses,
    /// effects, path hops.
    func members(of matrix: Matrix) -> [Member] {
        var members: [Member] = []
        var children: [(Name, Range<Int>)] = []
        let reference = Member.MatrixReference(matrix)
        // Each action capitalised once, not once a cell (`uppercased` is the costly part of a name).
        let capped = matrix.actions.map { Self.cap($0.text) }
        for (rowIndex, row) in matrix.rows.enumerated() {
            // The state lowered once a row, and only for a row with a cell that generates a member.
            var lowered: String?
            for (column, cell) in row.cells.enumerated() where column < matrix.actions.count {
                // Named only for the cells that generate a member: most cells generate none.
                var name: String {
                    let state = lowered ?? Self.lower(matrix.states[rowIndex].text)
                    lowered = state
                    return state + capped[column]
                }
                switch cell.kind {
                case .handle:
                    members.append(Member(name: name, cellOf: reference, row: rowIndex, column: column, range: cell.range))
                case .delegate(let child):
                    members.append(Member(name: name + "ToChild", cellOf: reference, row: rowIndex, column: column, range: cell.range))
                    if !children.contains(where: { $0.0.text == child.text }) { children.append((child, cell.range)) }
                default:
                    break
                }
            }
        }
        for (child, range) in children {
            for suffix in ["ChildState", "Embed", "Lift", "ChildCtx"] {
                members.append(Member(name: Self.lower(child.text) + suffix, origin: "child `\(child.text)`", range: range))
            }
        }
        // A `Table` declares no effects: its effects are the ones its cells name.
        for effect in matrix.effects ?? Self.namedEffects(matrix) {
            members.append(Member(name: Self.lower(effect.text), origin: "effect \(effect.text)", range: effect.range))
        }
        for path in matrix.paths {
            for hop in matrix.hops(of: path) ?? [] {
                let name = Self.lower(matrix.states[hop.from].text) + Self.cap(matrix.actions[hop.action].text)
                members.append(Member(
                    name: name, origin: "hop (\(matrix.states[hop.from].text), \(matrix.actions[hop.action].text))",
                    range: hop.range))
            }
        }
        return members
    }

    /// The effects the cells name, each once, in row-major order.
    static func namedEffects(_ matrix: Matrix) -> [Name] {
        // One pass, no array a row or a cell: a big matrix's thousands of cells name few effects.
        var seen = Set<String>()
        var named: [Name] = []
        for row in matrix.rows {
            for cell in row.cells {
                switch cell.kind {
                case let .go(_, effects, _), let .emit(effects):
                    for effect in effects where seen.insert(effect.text).inserted { named.append(effect) }
                default: break
                }
            }
        }
        return named
    }

    static func lower(_ name: String) -> String { NameCasing.lowerFirst(name) }
    static func cap(_ name: String) -> String { NameCasing.upperFirst(name) }
}
