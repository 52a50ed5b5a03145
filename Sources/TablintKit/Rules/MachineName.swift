/// `tablint::machine-name`: a `Table` literal's `machine:` string is what every export, lint
/// message and `checkTable` prints. When the code names the machine otherwise (the literal is
/// `Retry`'s `static let TABLE`, or `TIMER_TABLE` beside `enum TimerS`), the string was left
/// from a copy or misspelt, and every report about the machine names another one.
struct MachineName: RunRule {
    let code = "tablint::machine-name"
    let defaultSeverity = Severity.error
    let summary = "A `Table` literal's `machine:` string is not the name its declaration gives the machine (its type, or the enums of a `*_TABLE`)."
    /// With `--unsafe-fixes`.
    var isFixable: Bool { true }

    init() {}

    /// The name the code gives the machine of `bound`, spelt as the code spells it: the
    /// `@Machine` enum, the type or extension a `TABLE` is declared in, or the type whose
    /// enums a `TIMER_TABLE` finds; nil when the code does not spell it.
    static func expected(_ bound: BoundMatrix, _ pairing: MachinePairing) -> String? {
        if bound.matrix.surface == .machineEnum { return bound.matrix.machine.text }
        guard bound.isNamedByCode else { return nil }
        if let owner = bound.owner, MachineKey.normalized(owner) == bound.key { return owner }
        return pairing.spelling(of: bound.machine)
    }

    func check(run facts: CrossFileRun) -> [Diagnostic] {
        let run = facts.summaries, pairing = facts.pairing
        var found: [Diagnostic] = []
        for file in run {
            for bound in file.matrices + file.shortTables where bound.matrix.surface == .tableLiteral && bound.isNamedByCode {
                let written = bound.matrix.machine
                if let expected = Self.expected(bound, pairing) {
                    guard written.text != expected else { continue }
                    found.append(diagnostic(
                        file, at: written.range,
                        "the matrix \(bound.label) says `machine: \"\(written.text)\"`, but its declaration makes it the machine `\(expected)`; exports, lints and `checkTable` would name another machine. Expected `machine: \"\(expected)\"`",
                        fix: Diagnostic.Fix(
                            edits: [TextEdit(range: written.range, replacement: Array("\"\(expected)\"".utf8))], applicability: .unsafe)))
                } else if MachineKey.normalized(written.text) != bound.key {
                    found.append(diagnostic(
                        file, at: written.range,
                        "the matrix \(bound.label) says `machine: \"\(written.text)\"`, but its name makes it the machine `\(bound.machine)`; expected the two to name one machine"))
                }
            }
        }
        return found
    }
}
