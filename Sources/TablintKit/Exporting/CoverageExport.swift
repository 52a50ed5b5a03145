/// `Export.toCoverageReport` (reference export-formats §4): the cell counts by kind, the
/// required members, and the library's three warnings.
enum CoverageExport {
    static let ignoreHeavyPercent = 70
    static let unreachableHeavyPercent = 25

    static func render(_ table: ExportTable) -> String {
        var ignore = 0, go = 0, emit = 0, handle = 0, delegate = 0, unreachable = 0
        for cell in table.cells.joined() {
            switch cell {
            case .ignore: ignore += 1
            case .go: go += 1
            case .emit: emit += 1
            case .handle: handle += 1
            case .delegate: delegate += 1
            case .unreachable: unreachable += 1
            }
        }
        let total = ignore + go + emit + handle + delegate + unreachable
        func percent(_ count: Int) -> Int { total == 0 ? 0 : count * 100 / total }
        var text = "\(table.machine): \(total) cells (\(table.states.count)x\(table.actions.count)), \(handle + delegate) required members\n"
        text += "  ignore \(ignore) | go \(go) | emit \(emit) | handle \(handle) | delegate \(delegate) | unreachable \(unreachable)\n"
        if percent(ignore) >= ignoreHeavyPercent {
            text += "  warning: \(percent(ignore))% of cells are IGNORE; consider splitting this machine\n"
        }
        if percent(unreachable) >= unreachableHeavyPercent {
            text += "  warning: \(unreachable) UNREACHABLE cell(s); usually a modelling error\n"
        }
        if table.cells.joined().allSatisfy(\.isStatic) {
            var targets: Set<String> = []
            for case .go(let target, _) in table.cells.joined() { targets.insert(target) }
            for state in table.states where state != table.initial && !targets.contains(state) {
                text += "  warning: `\(state)` has no static incoming transition\n"
            }
        }
        return text
    }
}
