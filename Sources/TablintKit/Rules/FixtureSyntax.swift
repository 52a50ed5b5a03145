/// `tablint::fixture-syntax`: a `.tbl` fixture (a file, or the text of a Swift string literal)
/// that the library's fixture parser rejects or crashes on, reported exactly when it does (what
/// it accepts but misreads is `fixture-misread`). The reader files these; the messages use the
/// parser's own words where it has them.
struct FixtureSyntax: Rule {
    let code = FixtureReader.syntaxCode
    let defaultSeverity = Severity.error
    let summary = "A `.tbl` fixture (a file or a Swift string literal) breaks the fixture grammar the library parses."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
