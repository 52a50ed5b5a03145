/// `tablint::enum-drift`: a `Table` literal's states and actions are strings, and the
/// hand-written dispatcher switches over `enum S` and `enum A`. When the strings and the enum
/// cases drift apart, Swift is satisfied (it checks the dispatcher against the enums) and the
/// matrix describes states or actions the program does not have, or lacks ones it has.
struct EnumDrift: RunRule {
    let code = "tablint::enum-drift"
    let defaultSeverity = Severity.error
    let summary = "A `Table` literal's states or actions are not the cases of its machine's `enum S` or `enum A`."

    init() {}

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for file in run {
            for bound in file.matrices + file.shortTables where bound.matrix.surface == .tableLiteral {
                let enums = pairing.enums(of: bound.machine, near: file.path)
                if let states = enums.states {
                    found += compare(bound, bound.matrix.states, bound.matrix.statesRange, states, role: "state", file, run)
                }
                if let actions = enums.actions {
                    found += compare(bound, bound.matrix.actions, bound.matrix.actionsRange, actions, role: "action", file, run)
                }
            }
        }
        return found
    }

    private func compare(
        _ bound: BoundMatrix, _ names: [Name], _ listRange: Range<Int>, _ ref: MachinePairing.EnumRef, role: String,
        _ file: FileSummary, _ run: [FileSummary]
    ) -> [Diagnostic] {
        let declaration = ref.declaration
        let enumFile = run[ref.file]
        let cases = declaration.cases.map(\.name)
        let keys = Set(names.map { NameCasing.lowerFirst($0.text) })
        let label = "`enum \(declaration.qualifiedName)`"
        var found: [Diagnostic] = []
        for name in names where !cases.contains(NameCasing.lowerFirst(name.text)) {
            let slip = cases.filter { EditDistance.isSlip($0.lowercased(), of: name.text.lowercased()) && !keys.contains($0) }
            let hint = slip.count == 1
                ? "; expected `\"\(NameCasing.upperFirst(slip[0]))\"`, as \(label) spells it"
                : "; expected `case \(NameCasing.lowerFirst(name.text))` in \(label), or no such \(role) in the matrix"
            found.append(diagnostic(
                file, at: name.range,
                "\(role) `\(name.text)` of the matrix \(bound.label) is not a case of \(label), which declares \(cases.joined(separator: " "))\(hint)",
                notes: [enumFile.note(at: declaration.nameRange.lowerBound, "\(label) is declared here")]))
        }
        for enumCase in declaration.cases where !keys.contains(enumCase.name) {
            let upper = NameCasing.upperFirst(enumCase.name)
            // A misspelt string is reported above, with this case as the expected spelling.
            if names.contains(where: { EditDistance.isSlip(enumCase.name.lowercased(), of: $0.text.lowercased()) && !cases.contains(NameCasing.lowerFirst($0.text)) }) {
                continue
            }
            found.append(diagnostic(
                file, at: listRange,
                "\(label) declares `\(enumCase.name)`, which the matrix \(bound.label) does not list in `\(role)s:`; expected `\"\(upper)\"` there and a \(role == "state" ? "row" : "column") for it",
                notes: [enumFile.note(at: enumCase.range.lowerBound, "`\(enumCase.name)` is declared here")]))
        }
        return found
    }
}
