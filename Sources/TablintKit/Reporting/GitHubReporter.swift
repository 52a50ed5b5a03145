/// `--reporter github`: GitHub Actions workflow commands, which the Actions runner turns into
/// annotations on the pull request's changed lines:
///
///     ::error file=Timer.tb.swift,line=3,col=5,endLine=3,endColumn=9,title=tabular-center::row-arity::message
///
/// GitHub's ends are inclusive (the last line and column annotated), tablint's exclusive, so a
/// range that ends at the start of a line (after the newline of the line before) ends on the
/// line before. GitHub accepts columns only within one line, so `col` and `endColumn` are
/// given only when the range starts and ends on the same line.
///
/// A warning is `::warning`, a diagnostic of severity note `::notice`. Notes cannot be
/// annotations of their own without using up GitHub's annotation limits, so each is appended
/// to its diagnostic's message as a line `note: path:line:column: message`. Values are
/// escaped as the runner expects: `%`, CR and LF everywhere, and `:` and `,` in properties.
/// Columns are tablint's 1-based byte columns (the same as characters on ASCII lines). Pure.
enum GitHubReporter {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(line).joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let last = lastPosition(from: diagnostic.start, to: diagnostic.end)
        var properties: [(key: String, value: String)] = [
            ("file", diagnostic.path),
            ("line", String(diagnostic.start.line)),
        ]
        if last.line == diagnostic.start.line {
            properties.append(("col", String(diagnostic.start.column)))
        }
        properties.append(("endLine", String(last.line)))
        if last.line == diagnostic.start.line {
            properties.append(("endColumn", String(last.column)))
        }
        properties.append(("title", diagnostic.code))
        var message = diagnostic.message
        for note in diagnostic.notes {
            message += "\nnote: \(note.path):\(note.location.line):\(note.location.column): \(note.message)"
        }
        let list = properties.map { "\($0.key)=\(escapeProperty($0.value))" }.joined(separator: ",")
        return "::\(command) \(list)::\(escapeData(message))\n"
    }

    /// The line and column of the last byte of `start..<end` (an empty range: `start`). A range
    /// that ends at column 1 of a later line ends on the newline of the line before it, whose
    /// column is computed from the offsets when that line is `start`'s (tablint's columns
    /// count bytes, so columns and offsets advance together within a line).
    static func lastPosition(from start: SourceLocation, to end: SourceLocation) -> (line: Int, column: Int) {
        guard end.offset > start.offset else { return (start.line, start.column) }
        guard end.column == 1, end.line > start.line else { return (end.line, end.column - 1) }
        let line = end.line - 1
        return (line, line == start.line ? start.column + (end.offset - 1 - start.offset) : 1)
    }

    /// A command's message: `%`, CR and LF as `%25`, `%0D`, `%0A`.
    static func escapeData(_ text: String) -> String {
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
    static func escapeProperty(_ text: String) -> String {
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
