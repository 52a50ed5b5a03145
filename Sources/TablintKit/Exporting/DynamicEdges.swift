/// What `tablint export --dynamic` draws: the library's edge walk (row-major, one entry per
/// cell that draws an edge), except that a `HANDLE` cell, which the library draws as a dashed
/// self-loop `Action / ?handle`, becomes one edge per outcome its implementations return
/// (from the machine's graph), and one edge to the `?` node when what it returns could not be
/// read. Every other cell is the library's edge, `DELEGATE`'s dashed self-loop included (the
/// parent stays; the child moves).
struct DynamicEdge: Equatable {
    var from: String
    /// Nil for an outcome tablint could not read: an edge to the `?` node.
    var to: String?
    var label: String
    /// Drawn dashed: read from code, or (`DELEGATE`) dashed by the library.
    var isDashed: Bool
    /// An outcome of a `HANDLE` cell, read from its implementation (or the `?` of one that
    /// could not be read). Mermaid's `stateDiagram-v2` cannot dash an arrow, so it says this
    /// in the label.
    var isFromCode: Bool
}

extension ExportTable {
    /// The edges of `--dynamic`, in the library's order. `graph`: the machine's graph from the
    /// workspace (`Workspace.machineGraphs`); nil, or a graph of another shape, leaves every
    /// `HANDLE` unknown.
    func dynamicEdges(_ graph: MachineGraph?) -> [DynamicEdge] {
        let graph = graph.flatMap { graph in
            graph.states == states && graph.actions == actions && graph.cells.count == states.count ? graph : nil
        }
        var library = edges.makeIterator()
        var result: [DynamicEdge] = []
        for (stateIndex, state) in states.enumerated() {
            for (actionIndex, action) in actions.enumerated() {
                let cell = cells[stateIndex][actionIndex]
                if cell == .ignore || cell == .unreachable { continue }
                // The library's walk draws exactly one edge for each of the other cells.
                guard let edge = library.next() else { return result }
                guard cell == .handle else {
                    result.append(DynamicEdge(from: edge.from, to: edge.to, label: edge.label, isDashed: edge.isDynamic, isFromCode: false))
                    continue
                }
                let read = graph.flatMap { actionIndex < $0.cells[stateIndex].count ? $0.cells[stateIndex][actionIndex] : nil }
                for outcome in read?.outcomes ?? [] where outcome.target < states.count {
                    result.append(DynamicEdge(
                        from: state, to: states[outcome.target], label: Self.label(action, outcome.effects),
                        isDashed: outcome.isDynamic, isFromCode: true))
                }
                if read?.isUnknown ?? true {
                    result.append(DynamicEdge(from: state, to: nil, label: action, isDashed: true, isFromCode: true))
                }
            }
        }
        return result
    }

    /// The `?` node's name: `__unknown`, with `_` added until no state has it (nor the
    /// library's `__start`).
    var unknownNodeName: String {
        var name = "__unknown"
        while states.contains(name) || name == "__start" { name += "_" }
        return name
    }
}
