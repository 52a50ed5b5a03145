/// `tablint::duplicate-name`: rows and cells are matched to states and actions by position, so
/// two states (or actions) with one name make every lookup by name ambiguous.
public struct DuplicateName: Rule {
    public let code = "tablint::duplicate-name"
    public let defaultSeverity = Severity.error
    public let summary = "A state or an action is declared twice."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix in
            duplicates(matrix.states, "state", "rows", context) + duplicates(matrix.actions, "action", "cells", context)
        }
    }

    private func duplicates(_ names: [Name], _ what: String, _ positional: String, _ context: LintContext) -> [Diagnostic] {
        var first: [String: Name] = [:]
        var found: [Diagnostic] = []
        for name in names {
            if let earlier = first[name.text] {
                found.append(diagnostic(
                    context, at: name.range,
                    "\(what) `\(name.text)` is declared twice; \(positional) are matched to \(what)s by position, so every \(what) needs its own name",
                    notes: [context.note(at: earlier.range.lowerBound, "`\(name.text)` is first declared here")]))
            } else {
                first[name.text] = name
            }
        }
        return found
    }
}
