/// `tablint::fixture-syntax`: a `.tbl` fixture (a file, or the text of a Swift string literal)
/// that the library's fixture parser rejects or crashes on, reported exactly when it does (what
/// it accepts but misreads is `fixture-misread`). The reader files these; the messages use the
/// parser's own words where it has them.
public struct FixtureSyntax: Rule {
    public let code = FixtureReader.syntaxCode
    public let defaultSeverity = Severity.error
    public let summary = "A `.tbl` fixture (a file or a Swift string literal) breaks the fixture grammar the library parses."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
