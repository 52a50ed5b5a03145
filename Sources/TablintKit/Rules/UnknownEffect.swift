/// `tabular-center::unknown-effect`: a GO or EMIT names an effect that `enum F` does not declare,
/// so there is nothing to perform. Names compare without their arguments.
public struct UnknownEffect: Rule {
    public let code = "tabular-center::unknown-effect"
    public let defaultSeverity = Severity.error
    public let summary = "A GO or EMIT names an effect that is not declared."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
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
}
