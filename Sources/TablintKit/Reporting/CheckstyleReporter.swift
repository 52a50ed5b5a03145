/// `--reporter checkstyle`: Checkstyle's XML, which Jenkins, GitLab and many review tools read.
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <checkstyle version="4.3">
///       <file name="Timer.tb.swift">
///         <error line="3" column="5" severity="error" message="…" source="tabular-center::row-arity"/>
///       </file>
///     </checkstyle>
///
/// One `<file>` per path, in the order the paths first appear; a diagnostic of severity note
/// has severity `info`. Notes have no place of their own in the format, so each is appended
/// to the message on a line of its own (`note: path:line:column: message`). Columns are
/// tablint's 1-based byte columns. Text is XML-escaped; a character XML 1.0 cannot hold at all
/// (a control character other than tab, LF and CR) is written as U+FFFD. Pure.
enum CheckstyleReporter {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        var paths: [String] = []
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            if byPath[diagnostic.path] == nil { paths.append(diagnostic.path) }
            byPath[diagnostic.path, default: []].append(diagnostic)
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for path in paths {
            xml += "  <file name=\"\(escape(path))\">\n"
            for diagnostic in byPath[path] ?? [] {
                var message = diagnostic.message
                for note in diagnostic.notes {
                    message += "\nnote: \(note.path):\(note.location.line):\(note.location.column): \(note.message)"
                }
                xml += "    <error line=\"\(diagnostic.start.line)\" column=\"\(diagnostic.start.column)\""
                xml += " severity=\"\(severity(diagnostic.severity))\" message=\"\(escape(message))\""
                xml += " source=\"\(escape(diagnostic.code))\"/>\n"
            }
            xml += "  </file>\n"
        }
        return xml + "</checkstyle>\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }

    /// Text for an attribute value: markup characters as entities, tab, LF and CR as character
    /// references (so attribute normalization keeps them), characters XML 1.0 forbids as U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default:
                let value = scalar.value
                if let escaped = PathBytes.escapedText(scalar) {
                    result += escaped  // a byte of a file name that is not UTF-8
                } else if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
