/// `tablint::duplicate-name`: rows and cells are matched to states and actions by position, so
/// two states (or actions) with one name make every lookup by name ambiguous.
struct DuplicateName: Rule {
    let code = "tablint::duplicate-name"
    let defaultSeverity = Severity.error
    let summary = "A state, an action or an effect is declared twice."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix in
            duplicates(matrix.states, "state", "rows are matched to states by position", matrix, context)
                + duplicates(matrix.actions, "action", "cells are matched to actions by position", matrix, context)
                + duplicates(matrix.effects ?? [], "effect", "cells name effects", matrix, context)
        }
    }

    /// Names compare as the surface compares them: `Open` and `open` are one name in an
    /// `@Machine` enum, where the library folds the first letter.
    private func duplicates(
        _ names: [Name], _ what: String, _ why: String, _ matrix: Matrix, _ context: LintContext
    ) -> [Diagnostic] {
        var first: [String: Name] = [:]
        first.reserveCapacity(names.count)
        var found: [Diagnostic] = []
        for name in names {
            let key = matrix.key(name.text)
            if let earlier = first[key] {
                let same = earlier.text == name.text ? "" : " (as `\(earlier.text)`)"
                found.append(diagnostic(
                    context, at: name.range,
                    "\(what) `\(name.text)` is declared twice\(same); \(why), so every \(what) needs its own name",
                    notes: [context.note(at: earlier.range.lowerBound, "`\(earlier.text)` is first declared here")]))
            } else {
                first[key] = name
            }
        }
        return found
    }
}
