/// `tablint::fixture-misread`: a `.tbl` fixture that the library's parser accepts but reads
/// differently from how it looks: a header key written twice (the last line wins), extra
/// words after a name, a `DELEGATE` with two children, the row of a state named like a header
/// key, and the quirks of a parser that splits on Swift `Character`s (`\r\n` is one, and a
/// combining mark after a delimiter hides it). What the parser rejects is `fixture-syntax`.
public struct FixtureMisread: Rule {
    public let code = FixtureReader.misreadCode
    public let defaultSeverity = Severity.warning
    public let summary = "A `.tbl` fixture the library's parser accepts but reads differently from how it looks."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] { reportReadProblems(context) }
}
