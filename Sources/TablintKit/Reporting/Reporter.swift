/// The output formats of `--reporter`. Each renders a run's diagnostics as one text; pure.
/// One file per format: `TextReporter`, `JsonReporter`, `GitHubReporter`, `SarifReporter`,
/// `CheckstyleReporter`.
enum ReporterKind: String, CaseIterable {
    case text, json, github, sarif, checkstyle

    /// Whether the output is for people (the text report may be coloured and followed by a
    /// summary) rather than for a program reading standard output.
    var isForPeople: Bool { self == .text }

    /// Whether rendering needs the reported files' bytes (`sources`): SARIF's UTF-16 columns.
    var needsSources: Bool { self == .sarif }

    /// The whole report. `color` applies to the text report only. `sources` gives the bytes
    /// of a reported file, for the formats that count columns in other units than bytes
    /// (SARIF); without it they give lines only.
    /// `isApplicable` tells which fixes `--fix` applies (the text report marks them).
    func render(
        _ diagnostics: [Diagnostic], color: Bool = false, sources: SourceLookup? = nil,
        isApplicable: @escaping (Diagnostic) -> Bool = { $0.fix?.applicability == .safe }
    ) -> String {
        switch self {
        case .text: return TextReporter.render(diagnostics, color: color, isApplicable: isApplicable)
        case .json: return JsonReporter.render(diagnostics)
        case .github: return GitHubReporter.render(diagnostics)
        case .sarif: return SarifReporter.render(diagnostics, sources: sources)
        case .checkstyle: return CheckstyleReporter.render(diagnostics)
        }
    }
}
