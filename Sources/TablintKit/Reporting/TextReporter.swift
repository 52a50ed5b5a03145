/// Compiler-style text: what Xcode, vim's quickfix, Emacs' compilation mode and CI log
/// scrapers already understand.
///
///     path:line:column: error: message [code]
///     path:line:column: error: [*] message [code]
///     path:line:column: note: message
///
/// `[*]` before the message (as ruff marks it) says `--fix` applies this diagnostic's fix; the
/// code stays last, where editors' problem matchers read it.
/// A diagnostic is one line, followed by one line per note. Notes carry no code: like swiftc's
/// and clang's notes they belong to the line above, and a search for `[code]` finds each problem
/// once. Columns are 1-based byte columns, as swiftc counts them. Pure: diagnostics in, text out.
enum TextReporter {
    /// Every diagnostic in the order given, each line ending in a newline; empty for none.
    /// With `color`, the lines are coloured as clang colours its own (see `Style`); the text
    /// is otherwise the same.
    static func render(
        _ diagnostics: [Diagnostic], color: Bool = false,
        isApplicable: (Diagnostic) -> Bool = { $0.fix?.applicability == .safe }
    ) -> String {
        var text = ""
        for diagnostic in diagnostics {
            var shown = diagnostic
            if diagnostic.fix != nil, isApplicable(diagnostic) { shown.message = fixMark + diagnostic.message }
            text += color ? coloredLine(for: shown) : line(for: shown)
            text += "\n"
            for note in diagnostic.notes {
                text += color ? coloredLine(for: note) : line(for: note)
                text += "\n"
            }
        }
        return text
    }

    /// ANSI SGR sequences, as clang uses them: the location in bold, `error:` in bold red,
    /// `warning:` in bold magenta, `note:` in bold cyan, the message in bold, the code plain.
    enum Style {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let red = "\u{1B}[1;31m"
        static let magenta = "\u{1B}[1;35m"
        static let cyan = "\u{1B}[1;36m"

        static func severity(_ severity: Severity) -> String {
            switch severity {
            case .error: return red
            case .warning: return magenta
            case .note: return cyan
            }
        }
    }

    /// `line(for:)` with colour. The escape character is never taken from a path or message:
    /// one there is shown as `\u{1B}`, so a file name cannot restyle the terminal.
    static func coloredLine(for diagnostic: Diagnostic) -> String {
        colored(diagnostic.path, diagnostic.start, diagnostic.severity, diagnostic.message)
            + " [\(visible(diagnostic.code))]"
    }

    static func coloredLine(for note: Diagnostic.Note) -> String {
        colored(note.path, note.location, .note, note.message)
    }

    private static func colored(_ path: String, _ location: SourceLocation, _ severity: Severity, _ message: String) -> String {
        "\(Style.bold)\(visible(path)):\(location.line):\(location.column): \(Style.reset)"
            + "\(Style.severity(severity))\(severity.rawValue):\(Style.reset) "
            + "\(Style.bold)\(visible(message))\(Style.reset)"
    }

    private static func visible(_ text: String) -> String {
        let text = oneLine(text)
        return text.contains("\u{1B}") ? text.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}") : text
    }

    /// The text with every line break spelled as an escape (`\n`, `\r`, `\u{2028}`…), so that
    /// a diagnostic stays one line whatever a path or a quoted piece of source holds: an editor's
    /// or CI's line-by-line parser would otherwise read the rest as another diagnostic.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreak) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown.append(contentsOf: "\\n".unicodeScalars)
            case "\r": shown.append(contentsOf: "\\r".unicodeScalars)
            case _ where isLineBreak(scalar):
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// What Swift's `Character.isNewline` counts as a line break, scalar by scalar.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `path:line:column: severity: message [code]`, without a newline.
    static func line(for diagnostic: Diagnostic) -> String {
        "\(oneLine(diagnostic.path)):\(diagnostic.start.line):\(diagnostic.start.column): \(diagnostic.severity.rawValue): \(oneLine(diagnostic.message)) [\(diagnostic.code)]"
    }

    /// `path:line:column: note: message`, without a newline.
    static func line(for note: Diagnostic.Note) -> String {
        "\(oneLine(note.path)):\(note.location.line):\(note.location.column): note: \(oneLine(note.message))"
    }

    /// `--statistics`: one line per code, most frequent first (ties by code), then a total:
    ///
    ///         3  tabular-center::row-arity
    ///         1  tablint::alignment
    ///         4  in all
    ///
    /// and, when a machine's cells could not be read from code, how many (`tablint::unread-cells`).
    static func statistics(of diagnostics: [Diagnostic]) -> String {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.code, default: 0] += 1 }
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let width = max(5, String(diagnostics.count).count)
        func line(_ count: Int, _ label: String) -> String {
            String(repeating: " ", count: width - String(count).count) + "\(count)  \(label)\n"
        }
        let unread = diagnostics.compactMap(\.unreadCells)
        return ordered.map { line($0.value, $0.key) }.joined() + line(diagnostics.count, "in all")
            + (unread.isEmpty ? "" : line(unread.reduce(0, +), "cells whose outcome could not be read (tablint::unread-cells)"))
    }

    /// What marks a diagnostic whose fix `--fix` applies.
    static let fixMark = "[*] "

    /// `; N fixable with `tablint --fix`` and how many more `--unsafe-fixes` adds, or "" when
    /// no diagnostic has a fix. `unsafeApplicable`: the run applies (or counts) unsafe fixes.
    static func fixSummary(
        of diagnostics: [Diagnostic], unsafeApplicable: (Diagnostic) -> Bool, fixCommand: String = defaultFixCommand
    ) -> String {
        let fixes = diagnostics.compactMap { diagnostic in diagnostic.fix.map { (diagnostic, $0.applicability) } }
        let safe = fixes.filter { $0.1 == .safe }.count
        let unsafe = fixes.filter { $0.1 == .unsafe }
        let unsafeCounted = unsafe.filter { unsafeApplicable($0.0) }.count
        let hidden = unsafe.count - unsafeCounted
        guard safe + unsafe.count > 0 else { return "" }
        // Only unsafe fixes: the one command that applies them, never "0 fixable".
        if safe + unsafeCounted == 0 { return "; \(hidden) fixable with `\(fixCommand) --unsafe-fixes`" }
        var text = "; \(safe + unsafeCounted) fixable with `\(fixCommand)\(unsafeCounted > 0 ? " --unsafe-fixes" : "")`"
        if hidden > 0 { text += " (\(hidden) more with `--unsafe-fixes`)" }
        return text
    }

    /// The command the fix summary names: `tablint --fix`, or what the integration that runs
    /// tablint applies fixes with, given in `TABLINT_FIX_COMMAND` (the SwiftPM plugins set it
    /// to their `tablint-fix` verb).
    static let defaultFixCommand = "tablint --fix"

    static func fixCommand(environment: [String: String]) -> String {
        let given = environment["TABLINT_FIX_COMMAND"] ?? ""
        return given.allSatisfy(\.isWhitespace) ? defaultFixCommand : given
    }

    /// `N errors, M warnings in K files`, singular where the count is 1, without a newline.
    /// Diagnostics of severity `note` are not counted.
    static func summary(of diagnostics: [Diagnostic], fileCount: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return summary(errors: errors, warnings: warnings, files: fileCount)
    }

    static func summary(errors: Int, warnings: Int, files: Int) -> String {
        "\(counted(errors, "error")), \(counted(warnings, "warning")) in \(counted(files, "file"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
