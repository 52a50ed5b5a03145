/// `--reporter github`: GitHub Actions workflow commands, which the Actions runner turns into
/// annotations on the pull request's changed lines:
///
///     ::error file=Timer.tb.swift,line=3,col=5,endLine=3,endColumn=9,title=tabular-center::row-arity::message
///
/// A warning is `::warning`, a diagnostic of severity note `::notice`. Notes cannot be
/// annotations of their own without using up GitHub's annotation limits, so each is appended
/// to its diagnostic's message as a line `note: path:line:column: message`. Values are
/// escaped as the runner expects: `%`, CR and LF everywhere, and `:` and `,` in properties.
/// Columns are tablint's 1-based byte columns (the same as characters on ASCII lines). Pure.
public enum GitHubReporter {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line).joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let properties: KeyValuePairs<String, String> = [
            "file": diagnostic.path,
            "line": String(diagnostic.start.line),
            "col": String(diagnostic.start.column),
            "endLine": String(diagnostic.end.line),
            "endColumn": String(diagnostic.end.column),
            "title": diagnostic.code,
        ]
        var message = diagnostic.message
        for note in diagnostic.notes {
            message += "\nnote: \(note.path):\(note.location.line):\(note.location.column): \(note.message)"
        }
        let list = properties.map { "\($0.key)=\(escapeProperty($0.value))" }.joined(separator: ",")
        return "::\(command) \(list)::\(escapeData(message))\n"
    }

    /// A command's message: `%`, CR and LF as `%25`, `%0D`, `%0A`.
    public static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A property's value: as a message, and `:` and `,` as `%3A` and `%2C`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingColonsAndCommas()
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
