/// What configuration decides for one file: which rules report and how severely, whether
/// ordinary `.swift` matrices are aligned, and which functions are dispatchers. Comes from
/// the nearest `.tablint` file and the command line (`Configuration`); pure value.
struct LintSettings: Equatable {
    /// `--dispatcher NAME`: more functions whose switches are dispatchers.
    var extraDispatcherFunctions: Set<String> = []
    /// `--align-swift`: check and fix the alignment of `Table`/`@Row` matrices in ordinary
    /// `.swift` files too, not only in `*.tb.swift`.
    var alignsSwiftMatrices = false
    /// `--disable CODE`: full codes of rules that report nothing for this file.
    var disabledCodes: Set<String> = []
    /// `--severity CODE=LEVEL`: full codes whose diagnostics get another severity.
    var severities: [String: Severity] = [:]
    /// `--unsafe-fixes`: `--fix` and `--diff` apply unsafe fixes too, and the report counts
    /// them as applicable.
    var unsafeFixes = false
    /// `--formatter NAME` (repeatable): the formatters that run over this file, in place of
    /// the detected ones; nil when none was named.
    var declaredFormatters: Set<SourceFormatter>?
    /// The `.swiftformat` file that applies to this file (in its folder or above, and not
    /// excluding it), as `Running` found it; nil when there is none.
    var swiftFormatConfiguration: String?

    /// The formatters that would reformat this file: those `--formatter` names, or else the
    /// toolchain's swift-format, and SwiftFormat where a `.swiftformat` applies.
    var formatters: Set<SourceFormatter> {
        declaredFormatters ?? Set([.appleSwiftFormat] + (swiftFormatConfiguration == nil ? [] : [.swiftFormat]))
    }
    /// `--pin NAME`: the string-literal bindings that pin a matrix, besides `FIXTURE`.
    var pinNames: Set<String> = ["FIXTURE"]

    init(extraDispatcherFunctions: Set<String> = []) {
        self.extraDispatcherFunctions = extraDispatcherFunctions
    }

    static let `default` = LintSettings()

    func isEnabled(_ code: String) -> Bool { !disabledCodes.contains(code) }

    /// The diagnostics as configured: disabled rules' dropped, severities overridden.
    func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        if disabledCodes.isEmpty && severities.isEmpty { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard isEnabled(diagnostic.code) else { return nil }
            var configured = diagnostic
            if let severity = severities[diagnostic.code] { configured.severity = severity }
            return configured
        }
    }
}

extension LintSettings {
    /// These settings with `options` applied in order (a later option wins).
    func applying(_ options: [FileOption]) -> LintSettings {
        var settings = self
        for option in options {
            switch option {
            case .include, .exclude:
                break  // which files are linted, not how: see `FileFilter`
            case .enable(let code):
                settings.disabledCodes.remove(code)
            case .disable(let code):
                settings.disabledCodes.insert(code)
            case .severity(let code, let severity):
                settings.severities[code] = severity
            case .alignSwift:
                settings.alignsSwiftMatrices = true
            case .dispatcher(let name):
                settings.extraDispatcherFunctions.insert(name)
            case .unsafeFixes:
                settings.unsafeFixes = true
            case .formatter(let formatter):
                settings.declaredFormatters = (settings.declaredFormatters ?? []).union([formatter])
            case .pin(let name):
                settings.pinNames.insert(name)
            }
        }
        return settings
    }
}

/// A general Swift formatter that collapses the padding of a matrix's columns unless a
/// directive comment tells it to leave them.
enum SourceFormatter: String, CaseIterable, Equatable, Comparable {
    /// The toolchain's `swift-format` (honours `// swift-format-ignore-file`).
    case appleSwiftFormat = "swift-format"
    /// Nick Lockwood's SwiftFormat (honours `// swiftformat:disable all`).
    case swiftFormat = "swiftformat"

    /// How the documentation names it.
    var displayName: String { self == .appleSwiftFormat ? "swift-format" : "SwiftFormat" }

    static func < (lhs: SourceFormatter, rhs: SourceFormatter) -> Bool { lhs.rawValue < rhs.rawValue }
}
