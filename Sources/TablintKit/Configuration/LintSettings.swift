/// What configuration decides for one file: which rules report and how severely, whether
/// ordinary `.swift` matrices are aligned, and which functions are dispatchers. Comes from
/// the nearest `.tablint` file and the command line (`Configuration`); pure value.
public struct LintSettings: Equatable {
    /// `--dispatcher NAME`: more functions whose switches are dispatchers.
    public var extraDispatcherFunctions: Set<String> = []
    /// `--align-swift`: check and fix the alignment of `Table`/`@Row` matrices in ordinary
    /// `.swift` files too, not only in `*.tb.swift`.
    public var alignsSwiftMatrices = false
    /// `--disable CODE`: full codes of rules that report nothing for this file.
    public var disabledCodes: Set<String> = []
    /// `--severity CODE=LEVEL`: full codes whose diagnostics get another severity.
    public var severities: [String: Severity] = [:]
    /// `--pin NAME`: the string-literal bindings that pin a matrix, besides `FIXTURE`.
    public var pinNames: Set<String> = ["FIXTURE"]

    public init(extraDispatcherFunctions: Set<String> = []) {
        self.extraDispatcherFunctions = extraDispatcherFunctions
    }

    public static let `default` = LintSettings()

    public func isEnabled(_ code: String) -> Bool { !disabledCodes.contains(code) }

    /// The diagnostics as configured: disabled rules' dropped, severities overridden.
    public func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
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
    public func applying(_ options: [FileOption]) -> LintSettings {
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
            case .pin(let name):
                settings.pinNames.insert(name)
            }
        }
        return settings
    }
}
