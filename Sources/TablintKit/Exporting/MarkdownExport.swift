/// `tablint export --format markdown`: per machine, a heading, the matrix as a Markdown table
/// and the library's Mermaid diagram in a ```` ```mermaid ```` block, which GitHub and GitLab
/// render in place (a state Mermaid cannot read bare is declared under an id it reads). For design notes and pull requests; not one of the library's formats.
enum MarkdownExport {
    struct Source {
        var table: ExportTable
        /// `path:line`, printed under the heading.
        var origin: String
        var isPin: Bool

        init(table: ExportTable, origin: String, isPin: Bool) {
            self.table = table
            self.origin = origin
            self.isPin = isPin
        }
    }

    /// Every machine, one section each, separated by a blank line.
    static func render(_ sources: [Source]) -> String {
        sources.map(section).joined(separator: "\n")
    }

    static func section(_ source: Source) -> String {
        let table = source.table
        var text = "## \(source.isPin ? "Pin " : "")\(table.machine)\n\n"
        text += "\(code(source.origin)); initial state: \(table.initial.map(code) ?? "none").\n\n"
        text += "| " + ([table.machine] + table.actions).map(escaped).joined(separator: " | ") + " |\n"
        text += "|" + String(repeating: "---|", count: table.actions.count + 1) + "\n"
        for (state, cells) in zip(table.states, table.cells) {
            let texts = cells.map { escaped(code(GridExport.cellText($0))) }
            text += "| " + ([escaped(state)] + texts).joined(separator: " | ") + " |\n"
        }
        // For people: ids Mermaid reads, so GitHub draws the diagram rather than an error.
        text += "\n```mermaid\n" + MermaidExport.readable(table) + "```\n"
        return text
    }

    /// A code span that holds `text` as it is: fenced by one backtick more than its longest
    /// run of backticks, with spaces inside when it starts or ends with one (CommonMark).
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// A `|` would end a table cell, even inside a code span.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
