/// `tablint::ambiguous-pairing`: the cross-surface checks (dispatcher, pins, enums, `Cells`)
/// compare a machine's surfaces pair by pair. When two matrices (or two enums) could be the
/// partner, and neither is declared in the partner's own type or extension, tablint compares
/// with neither: one test-only copy of a table would otherwise turn the checks off in silence.
struct AmbiguousPairing: RunRule {
    let code = "tablint::ambiguous-pairing"
    let defaultSeverity = Severity.warning
    let summary = "Two matrices or enums could be paired with one dispatcher, pin, matrix or `Cells` protocol, so tablint compares it with neither."

    init() {}

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        func matrices(_ candidates: [MachinePairing.MatrixRef]) -> (String, [Diagnostic.Note]) {
            let names = candidates.map { pairing.describe($0) }
            let listed = names.count == 2 ? names.joined(separator: " and ") : names.joined(separator: ", ")
            return (listed, candidates.map { run[$0.file].note(at: $0.matrix.range.lowerBound, "\($0.bound.label) is declared here") })
        }
        for file in run {
            for dispatcher in file.dispatchers {
                guard case .ambiguous(let candidates) = pairing.matrix(for: dispatcher, near: file.path) else { continue }
                let (listed, notes) = matrices(candidates)
                found.append(diagnostic(
                    file, at: dispatcher.function.range,
                    "dispatcher `\(dispatcher.function.text)` of `\(dispatcher.machine!)` could follow \(candidates.count) matrices: \(listed); tablint compares it with neither. Declare the machine's matrix in its own type or extension, or rename the other",
                    notes: notes))
            }
        }
        for (index, file) in run.enumerated() {
            for pin in file.pins {
                guard case .ambiguous(let candidates) = pairing.matrix(for: pin, inFile: index) else { continue }
                let (listed, notes) = matrices(candidates)
                found.append(diagnostic(
                    file, at: pin.binding?.range ?? pin.matrix.machine.range,
                    "\(pin.label) could pin \(candidates.count) matrices: \(listed); tablint compares it with neither. Name the matrix's machine in the pin, or move the pin beside its matrix",
                    notes: notes))
            }
            for bound in file.matrices where bound.matrix.surface == .tableLiteral {
                for (role, candidates) in pairing.enums(of: bound, near: file.path).ambiguous {
                    let listed = candidates.map { "`\($0.declaration.qualifiedName)` (\(run[$0.file].path):\(run[$0.file].location(of: $0.declaration.nameRange.lowerBound).line))" }
                    found.append(diagnostic(
                        file, at: bound.matrix.machine.range,
                        "the matrix \(bound.label) could take its \(Self.roleName(role)) from \(candidates.count) enums: \(listed.joined(separator: " and ")); tablint compares it with neither",
                        notes: candidates.map { run[$0.file].note(at: $0.declaration.nameRange.lowerBound, "`\($0.declaration.qualifiedName)` is declared here") }))
                }
            }
        }
        for (ref, outcome) in pairing.cellsProtocols() {
            guard case .ambiguous(let candidates) = outcome else { continue }
            let (listed, notes) = matrices(candidates)
            found.append(diagnostic(
                run[ref.file], at: ref.declaration.name.range,
                "`\(ref.declaration.name.text)` could be the cells of \(candidates.count) matrices: \(listed); tablint compares it with neither",
                notes: notes))
        }
        return found
    }

    static func roleName(_ letter: String) -> String {
        switch letter {
        case "S": return "states"
        case "A": return "actions"
        default: return "effects"
        }
    }
}
