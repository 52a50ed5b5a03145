/// The pure entry point: a file in, its diagnostics out, sorted.
public enum Linter {
    public static func lint(_ file: SourceFile, rules: [Rule] = RuleRegistry.all) -> [Diagnostic] {
        if let encodingProblem = Encoding.check(file) { return [encodingProblem] }
        let context = LintContext(file: file)
        return rules.flatMap { $0.check(context) }.sortedForOutput()
    }
}
