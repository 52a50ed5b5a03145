/// `tablint export --format json`: the matrix model, for other tools (the README documents
/// it). One object per machine: names in order with where they are written, and every cell
/// with its kind, target, effects and child.
enum JSONExport {
    static func render(_ machine: ExportReading.Machine) -> String {
        object(machine).rendered
    }

    static func object(_ machine: ExportReading.Machine) -> JSONText {
        let matrix = machine.matrix
        let file = machine.file
        func place(_ range: Range<Int>) -> [(key: String, value: JSONText)] {
            let location = file.location(of: range.lowerBound)
            return [("line", .int(location.line)), ("column", .int(location.column))]
        }
        func name(_ name: Name) -> JSONText {
            .orderedObject([("name", .string(name.text))] + place(name.range))
        }
        var cells: [JSONText] = []
        for (rowIndex, row) in matrix.rows.enumerated() {
            for (column, cell) in row.cells.enumerated() {
                var target: JSONText = .null, child: JSONText = .null
                var effects: [Name] = []
                let kind: String
                switch cell.kind {
                case .ignore: kind = "ignore"
                case .handle: kind = "handle"
                case .unreachable: kind = "unreachable"
                case .go(let goTarget, let goEffects, _):
                    kind = "go"
                    target = .string(goTarget.text)
                    effects = goEffects
                case .emit(let emitEffects):
                    kind = "emit"
                    effects = emitEffects
                case .delegate(let delegateChild):
                    kind = "delegate"
                    child = .string(delegateChild.text)
                case .unknown: kind = "unknown"
                }
                cells.append(.orderedObject([
                    ("state", .string(matrix.states[rowIndex].text)),
                    ("action", .string(matrix.actions[column].text)),
                    ("kind", .string(kind)), ("target", target),
                    ("effects", .array(effects.map { .string($0.text) })), ("child", child),
                ] + place(cell.range)))
            }
        }
        let surface: String
        switch matrix.surface {
        case .tableLiteral: surface = "table"
        case .machineEnum: surface = "machine"
        case .fixture: surface = "pin"
        }
        return .orderedObject([
            ("machine", .string(matrix.machine.text)), ("surface", .string(surface)),
            ("path", .string(machine.path)),
        ] + place(matrix.range) + [
            ("initial", matrix.initial.map { .string($0.text) } ?? .null),
            ("states", .array(matrix.states.map(name))),
            ("actions", .array(matrix.actions.map(name))),
            ("cells", .array(cells)),
        ])
    }
}
