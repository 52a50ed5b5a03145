/// The graphs of every machine of a run, from the workspace's summaries: one per matrix
/// (`Table` literal, `@Machine` enum) and per `.tbl` pin, with each `HANDLE` cell's outcomes
/// read from the code of the run that implements it.
enum MachineGraphs {
    static func build(_ run: [FileSummary]) -> [MachineGraph] {
        var graphs: [MachineGraph] = []
        for file in run {
            for bound in file.matrices {
                if let graph = MachineGraph(bound.matrix, path: file.path, lines: file.lines) { graphs.append(graph) }
            }
            for pin in file.pins {
                if let graph = MachineGraph(pin.matrix, path: file.path, lines: file.lines) { graphs.append(graph) }
            }
        }
        return graphs
    }
}

extension Workspace {
    /// Every machine of the workspace, as a graph of what it does.
    func machineGraphs() -> [MachineGraph] { MachineGraphs.build(summaries) }
}
