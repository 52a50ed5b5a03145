/// `tablint::machine-syntax`: an `@Machine` enum the library's syntax reader would reject
/// (no `enum S`, no `static let initial`, a `@Row` without its state or without an array of
/// cells). The macro stops at the first; tablint reports each, in the reader's words.
struct MachineSyntax: Rule {
    let code = MachineEnumReader.syntaxCode
    let defaultSeverity = Severity.error
    let summary = "An `@Machine` enum the library's syntax reader rejects (missing `enum S`/`enum A`/`initial`, a malformed `@Row`)."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
