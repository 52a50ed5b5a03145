/// `Export.toMermaid` (reference export-formats §2): a `stateDiagram-v2` with the start arrow
/// (when there is an initial state) and one arrow per edge, nothing escaped.
enum MermaidExport {
    static func render(_ table: ExportTable) -> String {
        render(table, id: { $0 })
    }

    /// The same diagram with every state Mermaid cannot read bare declared first under an id
    /// it reads (`state "Half-Open" as s1`), for people (the Markdown export); the library's
    /// bytes when every state is readable.
    static func readable(_ table: ExportTable) -> String {
        // Only the states the diagram shows (a state with no edge that is not the initial
        // state does not appear), in the order they first appear.
        let shown = [table.initial].compactMap { $0 } + table.edges.flatMap { [$0.from, $0.to] }
        var taken = Set(table.states).union(shown)
        var aliases: [String: String] = [:]
        var declarations = ""
        for name in shown where !isStateID(name) && aliases[name] == nil {
            // `s<index>` after the state's place, as Mermaid's own examples name states;
            // `_` added until no state has that name.
            var alias = "s\(table.states.firstIndex(of: name) ?? table.states.count + aliases.count)"
            while taken.contains(alias) { alias += "_" }
            taken.insert(alias)
            aliases[name] = alias
            declarations += "    state \"\(name.replacingOccurrences(of: "\"", with: "#quot;"))\" as \(alias)\n"
        }
        let text = render(table, id: { aliases[$0] ?? $0 })
        return declarations.isEmpty ? text : "stateDiagram-v2\n" + declarations + text.dropFirst("stateDiagram-v2\n".count)
    }

    static func render(_ table: ExportTable, id: (String) -> String) -> String {
        var text = "stateDiagram-v2\n"
        if let initial = table.initial { text += "    [*] --> \(id(initial))\n" }
        for edge in table.edges {
            text += "    \(id(edge.from)) --> \(id(edge.to)): \(edge.label)\n"
        }
        return text
    }

    /// `export --dynamic`: the library's diagram, with each `HANDLE` cell drawn as the edges
    /// its implementations return, and an outcome tablint could not read as an edge to a `?`
    /// state (`state "?" as __unknown`). `stateDiagram-v2` has one arrow, `-->`, and no way to
    /// style a transition (`linkStyle` is the flowchart's), so an edge read from code is marked
    /// in its label instead of dashed: `Start / Beep (handler)`.
    static func renderDynamic(_ table: ExportTable, graph: MachineGraph?) -> String {
        let edges = table.dynamicEdges(graph)
        let unknown = table.unknownNodeName
        var text = "stateDiagram-v2\n"
        if edges.contains(where: { $0.to == nil }) { text += "    state \"?\" as \(unknown)\n" }
        if let initial = table.initial { text += "    [*] --> \(initial)\n" }
        for edge in edges {
            text += "    \(edge.from) --> \(edge.to ?? unknown): \(edge.label)\(edge.isFromCode ? " (handler)" : "")\n"
        }
        return text
    }

    /// `problems` of the `--dynamic` diagram: the same checks over the states it draws.
    static func problems(_ table: ExportTable, graph: MachineGraph?) -> [String] {
        problems(initial: table.initial, edges: table.dynamicEdges(graph).map { edge in
            ExportEdge(from: edge.from, to: edge.to ?? table.unknownNodeName, label: edge.label, isDynamic: edge.isDashed)
        })
    }

    /// What Mermaid will not read in the library's bytes: each state printed bare that is not
    /// a state id. Empty when Mermaid reads the diagram as the library meant it.
    static func problems(_ table: ExportTable) -> [String] {
        problems(initial: table.initial, edges: table.edges)
    }

    static func problems(initial: String?, edges: [ExportEdge]) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        func check(_ name: String, _ what: String) {
            guard !isStateID(name), seen.insert(name).inserted else { return }
            problems.append("\(what) `\(name)` is not a Mermaid state id (letters, digits and `_`), and the library prints it bare")
        }
        if let initial { check(initial, "the initial state") }
        for edge in edges {
            check(edge.from, "the state")
            check(edge.to, "the state")
        }
        return problems
    }

    /// A state id Mermaid reads bare: letters, digits and `_` (a `-` starts an arrow, a blank
    /// or `:` ends the id); letters beyond ASCII are taken as letters.
    static func isStateID(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95 || byte >= 0x80
        }
    }
}
