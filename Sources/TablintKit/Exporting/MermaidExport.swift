/// `Export.toMermaid` (reference export-formats §2): a `stateDiagram-v2` with the start arrow
/// (when there is an initial state) and one arrow per edge, nothing escaped.
public enum MermaidExport {
    public static func render(_ table: ExportTable) -> String {
        var text = "stateDiagram-v2\n"
        if let initial = table.initial { text += "    [*] --> \(initial)\n" }
        for edge in table.edges {
            text += "    \(edge.from) --> \(edge.to): \(edge.label)\n"
        }
        return text
    }
}
