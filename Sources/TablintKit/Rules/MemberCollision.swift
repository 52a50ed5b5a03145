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
        var origin: String
        var range: Range<Int>
    }

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.filter { $0.surface == .machineEnum && $0.rowsMatchStates }.flatMap { matrix -> [Diagnostic] in
            var first: [String: Member] = [:]
            var seenOrigins = Set<String>()
            var found: [Diagnostic] = []
            for member in members(of: matrix) where seenOrigins.insert(member.origin + "\u{0}" + member.name).inserted {
                if let earlier = first[member.name] {
                    found.append(diagnostic(
                        context, at: member.range,
                        "\(earlier.origin) and \(member.origin) would both generate the member `\(member.name)`. Rename a state, an action or an effect so the two differ.",
                        notes: [context.note(at: earlier.range.lowerBound, "\(earlier.origin) is here")]))
                } else {
                    first[member.name] = member
                }
            }
            return found
        }
    }

    /// Every generated member in the generator's order: cells row by row, child lenses,
    /// effects, path hops.
    func members(of matrix: Matrix) -> [Member] {
        var members: [Member] = []
        var children: [(Name, Range<Int>)] = []
        for (rowIndex, row) in matrix.rows.enumerated() {
            for (column, cell) in row.cells.enumerated() where column < matrix.actions.count {
                // Named only for the cells that generate a member: most cells generate none.
                var name: String { Self.lower(matrix.states[rowIndex].text) + Self.cap(matrix.actions[column].text) }
                var origin: String { "cell \(matrix.cellLabel(row: rowIndex, column: column))" }
                switch cell.kind {
                case .handle:
                    members.append(Member(name: name, origin: origin, range: cell.range))
                case .delegate(let child):
                    members.append(Member(name: name + "ToChild", origin: origin, range: cell.range))
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
        for effect in matrix.effects ?? [] {
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

    static func lower(_ name: String) -> String { NameCasing.lowerFirst(name) }
    static func cap(_ name: String) -> String { NameCasing.upperFirst(name) }
}
