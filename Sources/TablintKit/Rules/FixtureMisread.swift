/// `tablint::fixture-misread`: a `.tbl` fixture that the library's parser accepts but reads
/// differently from how it looks: a header key written twice (the last line wins), extra
/// words after a name, a `DELEGATE` with two children, the row of a state named like a header
/// key, and the quirks of a parser that splits on Swift `Character`s (`\r\n` is one, and a
/// combining mark after a delimiter hides it). What the parser rejects is `fixture-syntax`.
struct FixtureMisread: Rule {
    let code = FixtureReader.misreadCode
    let defaultSeverity = Severity.warning
    let summary = "A `.tbl` fixture the library's parser accepts but reads differently from how it looks."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
