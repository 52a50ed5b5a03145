/// `tabular-center::unknown-effect`: a GO or EMIT names an effect that `enum F` does not declare,
/// so there is nothing to perform. Names compare without their arguments.
struct UnknownEffect: RunRule {
    let code = "tabular-center::unknown-effect"
    let defaultSeverity = Severity.error
    let summary = "A GO or EMIT names an effect that is not declared."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            guard let declared = matrix.effects.map({ Set($0.map { matrix.key($0.text) }) }) else { return [] }
            return matrix.rows.enumerated().flatMap { rowIndex, row in
                row.cells.enumerated().flatMap { column, cell -> [Diagnostic] in
                    let effects: [Name]
                    switch cell.kind {
                    case .go(_, let list, _), .emit(let list): effects = list
                    default: return []
                    }
                    return effects.filter { !declared.contains(matrix.key($0.text)) }.map { effect in
                        diagnostic(
                            context, at: effect.range,
                            "cell \(matrix.cellLabel(row: rowIndex, column: column)) emits `\(effect.text)`, which is not a declared effect. Effects: \(matrix.effectList)")
                    }
                }
            }
        }
    }

    /// A `Table` literal declares no effects: its cells' effects are checked against the
    /// `enum F` of its machine, found in the run as a dispatcher's enums are.
    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for file in run {
            for bound in file.matrices where bound.matrix.surface == .tableLiteral {
                guard let ref = pairing.enums(of: bound.machine, near: file.path).effects else { continue }
                let declaration = ref.declaration
                let cases = declaration.cases.map(\.name)
                let matrix = bound.matrix
                let list = cases.map(NameCasing.upperFirst).joined(separator: " ")
                for (rowIndex, row) in matrix.rows.enumerated() {
                    for (column, cell) in row.cells.enumerated() {
                        let effects: [Name]
                        switch cell.kind {
                        case .go(_, let names, _), .emit(let names): effects = names
                        default: continue
                        }
                        for effect in effects where !cases.contains(NameCasing.lowerFirst(effect.text)) {
                            let slip = cases.filter { EditDistance.isSlip($0.lowercased(), of: effect.text.lowercased()) }
                            let hint = slip.count == 1 ? "; expected `\"\(NameCasing.upperFirst(slip[0]))\"`" : ""
                            found.append(diagnostic(
                                file, at: effect.range,
                                "cell \(matrix.cellLabel(row: rowIndex, column: column)) emits `\(effect.text)`, which is not a declared effect. Effects: \(list) (`enum \(declaration.qualifiedName)`)\(hint)",
                                notes: [run[ref.file].note(at: declaration.nameRange.lowerBound, "`enum \(declaration.qualifiedName)` declares the effects here")]))
                        }
                    }
                }
            }
        }
        return found
    }
}
