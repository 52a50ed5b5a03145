/// What the library's matrix lints (`Lint.swift`, reference §4.1) share. The library computes
/// them from a `Table` at run time; tablint computes the same findings from source, on every
/// surface, with the library's codes, thresholds and messages. Each message starts with the
/// machine's name, as the library prints it (`warning[code]: Machine: message`).
enum MatrixLint {
    static let ignoreHeavyPercent = 70
    static let unreachableHeavyPercent = 25
    static let payloadHoistStates = 3

    /// The matrices whose cells the lints can be computed on: one row per state, in
    /// declaration order, one readable cell per action, and at least one state and one action.
    /// The library lints whatever table it is given; on a table it would refuse (a missing
    /// row, a short row, a cell that is not a cell) the lints are undefined or noise next to
    /// the error that explains the matrix, so tablint leaves them out there.
    static func lintable(_ context: LintContext) -> [Matrix] {
        context.matrices.filter(\.isLintable)
    }

    static func message(_ matrix: Matrix, _ text: String) -> String {
        "\(matrix.machine.text): \(text)"
    }
}

extension Matrix {
    var isLintable: Bool {
        guard !states.isEmpty, !actions.isEmpty, rows.count == states.count else { return false }
        for index in rows.indices {
            // Equal names have equal keys: the key is computed only for names that differ.
            if let label = rows[index].label, label.text != states[index].text, key(label.text) != key(states[index].text) {
                return false
            }
            guard rows[index].cells.count == actions.count else { return false }
            for cell in rows[index].cells {
                if case .unknown = cell.kind { return false }
            }
        }
        return true
    }

    /// Where a finding about row `index` points: the state the row names, or the row itself.
    func rowAnchor(_ index: Int) -> Range<Int> {
        rows[index].label?.range ?? rows[index].range
    }

    var cellCount: Int { rows.reduce(0) { $0 + $1.cells.count } }

    func count(where predicate: (Cell.Kind) -> Bool) -> Int {
        // Counted in place: filtering would copy every matching cell of a big matrix.
        var count = 0
        for row in rows {
            for cell in row.cells where predicate(cell.kind) { count += 1 }
        }
        return count
    }
}

extension Cell.Kind {
    var isIgnore: Bool {
        if case .ignore = self { return true }
        return false
    }

    var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    /// IGNORE, GO and EMIT: the cells whose outcome the matrix itself decides.
    var isStatic: Bool {
        switch self {
        case .ignore, .go, .emit: return true
        case .handle, .delegate, .unreachable, .unknown: return false
        }
    }

    /// A cell that may leave its row's state: any GO (even to the same state), or a dynamic
    /// cell (HANDLE, DELEGATE, UNREACHABLE), whose outcome the matrix does not decide.
    var mayLeave: Bool {
        switch self {
        case .go, .handle, .delegate, .unreachable: return true
        case .ignore, .emit, .unknown: return false
        }
    }
}
