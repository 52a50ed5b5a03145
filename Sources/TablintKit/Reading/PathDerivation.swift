/// What `@Path` does to a matrix before the library validates and lints it: a HANDLE cell on a
/// hop `(from, action)` becomes `GO(to)`, and with `back: .act` the reverse HANDLE cell
/// `(to, act)` becomes `GO(from)`. Only HANDLE cells are rewritten; an explicit cell wins.
extension Matrix {
    /// One step of a path: from a state, by an action, to a state (indices into the matrix).
    struct Hop: Equatable {
        var from: Int
        var action: Int
        var to: Int
        /// Where the hop is written: its action element in the path's spine.
        var range: Range<Int>
    }

    func stateIndex(_ name: String) -> Int? { states.firstIndex { key($0.text) == key(name) } }
    func actionIndex(_ name: String) -> Int? { actions.firstIndex { key($0.text) == key(name) } }

    /// The hops of a path whose shape is right and whose names are all declared; nil otherwise
    /// (the path rules report why).
    func hops(of path: Path) -> [Hop]? {
        guard path.spine.count >= 3, path.spine.count % 2 == 1 else { return nil }
        var hops: [Hop] = []
        for start in stride(from: 0, to: path.spine.count - 2, by: 2) {
            guard let from = stateIndex(path.spine[start].text), let action = actionIndex(path.spine[start + 1].text),
                let to = stateIndex(path.spine[start + 2].text)
            else { return nil }
            hops.append(Hop(from: from, action: action, to: to, range: path.spine[start + 1].range))
        }
        return hops
    }

    /// Whether rows line up with states one to one, so a state's index is its row's index.
    var rowsMatchStates: Bool {
        isComplete && rows.count == states.count
            && rows.enumerated().allSatisfy { index, row in row.label.map { key($0.text) == key(states[index].text) } ?? true }
    }

    /// The matrix with every path's defaults applied: what the library's generated table holds.
    func derivingPaths() -> Matrix {
        guard !paths.isEmpty, rowsMatchStates else { return self }
        var derived = self
        for path in paths {
            guard let hops = hops(of: path) else { continue }
            let back = path.back.flatMap { actionIndex($0.text) }
            for hop in hops {
                derived.handle(becomes: hop.to, row: hop.from, column: hop.action)
                if let back { derived.handle(becomes: hop.from, row: hop.to, column: back) }
            }
        }
        return derived
    }

    private mutating func handle(becomes target: Int, row: Int, column: Int) {
        guard column < rows[row].cells.count, rows[row].cells[column].kind == .handle else { return }
        let range = rows[row].cells[column].range
        rows[row].cells[column].kind = .go(target: Name(states[target].text, range), effects: [], arguments: nil)
    }
}
