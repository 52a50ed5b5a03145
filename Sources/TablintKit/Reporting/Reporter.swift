/// The output formats of `--reporter`. Each renders a run's diagnostics as one text; pure.
public enum ReporterKind: String, CaseIterable {
    case text, json, github, sarif, checkstyle

    /// Whether the output is for people (the text report may be coloured and followed by a
    /// summary) rather than for a program reading standard output.
    public var isForPeople: Bool { self == .text }

    /// The whole report. `color` applies to the text report only.
    public func render(_ diagnostics: [Diagnostic], color: Bool = false) -> String {
        switch self {
        case .text, .json, .github, .sarif, .checkstyle:
            // Placeholder until each reporter has its own file.
            return TextReporter.render(diagnostics)
        }
    }
}
