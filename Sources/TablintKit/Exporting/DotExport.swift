/// `Export.toDot` (reference export-formats §3): a Graphviz `digraph`, names bare and labels
/// quoted, nothing escaped, dynamic edges dashed.
enum DotExport {
    static func render(_ table: ExportTable) -> String {
        var text = "digraph \(table.machine) {\n    rankdir=LR;\n    node [shape=box, style=rounded];\n"
        if let initial = table.initial {
            text += "    __start [shape=point];\n    __start -> \(initial);\n"
        }
        for edge in table.edges {
            text += "    \(edge.from) -> \(edge.to) [label=\"\(edge.label)\"\(edge.isDynamic ? ", style=dashed" : "")];\n"
        }
        return text + "}\n"
    }

    /// `export --dynamic`: the library's DOT, with each `HANDLE` cell drawn as the edges its
    /// implementations return (dashed), and an outcome tablint could not read as a dashed edge
    /// to a `?` node. Names and labels are printed as the library prints them (bare, unescaped).
    static func renderDynamic(_ table: ExportTable, graph: MachineGraph?) -> String {
        let edges = table.dynamicEdges(graph)
        let unknown = table.unknownNodeName
        var text = "digraph \(table.machine) {\n    rankdir=LR;\n    node [shape=box, style=rounded];\n"
        if let initial = table.initial {
            text += "    __start [shape=point];\n    __start -> \(initial);\n"
        }
        if edges.contains(where: { $0.to == nil }) {
            text += "    \(unknown) [label=\"?\", shape=circle, style=dashed];\n"
        }
        for edge in edges {
            text += "    \(edge.from) -> \(edge.to ?? unknown) [label=\"\(edge.label)\"\(edge.isDashed ? ", style=dashed" : "")];\n"
        }
        return text + "}\n"
    }

    /// `problems` of the `--dynamic` DOT: the same checks over the edges it draws.
    static func problems(_ table: ExportTable, graph: MachineGraph?) -> [String] {
        problems(machine: table.machine, initial: table.initial, edges: table.dynamicEdges(graph).map { edge in
            ExportEdge(from: edge.from, to: edge.to ?? table.unknownNodeName, label: edge.label, isDynamic: edge.isDashed)
        })
    }

    /// What Graphviz will not read in the library's bytes: each name printed bare that is not
    /// a DOT ID, and each label that a `"` or a final `\` breaks out of. Empty when `dot` reads
    /// the output as the library meant it.
    static func problems(_ table: ExportTable) -> [String] {
        problems(machine: table.machine, initial: table.initial, edges: table.edges)
    }

    static func problems(machine: String, initial: String?, edges: [ExportEdge]) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        func check(_ name: String, _ what: String) {
            guard !isIdentifier(name), seen.insert(name).inserted else { return }
            problems.append("\(what) `\(name)` is not a DOT identifier (letters, digits and `_`, not starting with a digit, or a number), and the library prints it unquoted")
        }
        check(machine, "the machine name")
        if let initial { check(initial, "the initial state") }
        for edge in edges {
            check(edge.from, "the state")
            check(edge.to, "the state")
            if breaksQuotes(edge.label), seen.insert("\u{0}" + edge.label).inserted {
                problems.append("the label `\(edge.label)` ends its quoted string early (a `\"` or a final `\\`), and the library does not escape it")
            }
        }
        return problems
    }

    /// DOT's ID forms that need no quotes: `[A-Za-z_\x80-\xFF][A-Za-z_0-9\x80-\xFF]*` or a
    /// numeral `-?(.[0-9]+|[0-9]+(.[0-9]*)?)`; the keywords are not IDs.
    static func isIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte >= 0x80
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        if isLetter(first) {
            let keywords: Set<String> = ["node", "edge", "graph", "digraph", "subgraph", "strict"]
            return bytes.allSatisfy { isLetter($0) || isDigit($0) } && !keywords.contains(name.lowercased())
        }
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        let parts = digits.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty }) else { return false }
        return parts.count == 1 || !digits.isEmpty
    }

    static func breaksQuotes(_ label: String) -> Bool {
        var escaped = false
        for character in label.utf8 {
            if escaped { escaped = false; continue }
            if character == UInt8(ascii: "\\") { escaped = true } else if character == UInt8(ascii: "\"") { return true }
        }
        return escaped
    }
}
