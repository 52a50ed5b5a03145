/// `Export.toGrid` (reference export-formats §1): the matrix as aligned plain text, the
/// machine name and the actions on the first line, one line per state.
enum GridExport {
    static func render(_ table: ExportTable) -> String {
        let texts = table.cells.map { $0.map(cellText) }
        // Lengths are Swift `Character` counts (extended grapheme clusters), as in the library.
        let labelWidth = ([table.machine] + table.states).map(\.count).max() ?? 0
        let columnWidths = table.actions.indices.map { column in
            ([table.actions[column]] + texts.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ head: String, _ columns: [String]) -> String {
            var text = padded(head, labelWidth)
            for (column, value) in columns.enumerated() {
                text += "  " + padded(value, columnWidths[column])
            }
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        return line(table.machine, table.actions)
            + zip(table.states, texts).map { line($0.0, $0.1) }.joined()
    }

    /// `IGNORE`, `GO(T)`, `GO(T, E1+E2)`, `EMIT(E1+E2)`, `EMIT()`, `DELEGATE(c)`.
    static func cellText(_ cell: ExportCell) -> String {
        switch cell {
        case .ignore: return "IGNORE"
        case .handle: return "HANDLE"
        case .unreachable: return "UNREACHABLE"
        case .go(let target, let effects):
            return effects.isEmpty ? "GO(\(target))" : "GO(\(target), \(effects.joined(separator: "+")))"
        case .emit(let effects): return "EMIT(\(effects.joined(separator: "+")))"
        case .delegate(let child): return "DELEGATE(\(child))"
        }
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
}
