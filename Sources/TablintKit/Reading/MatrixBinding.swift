/// A matrix with the machine name its declaration binds it to, so a dispatcher in another file
/// can find it: the name of the `let` (`TIMER_TABLE` → `TIMER`), the type it is a member of
/// (`extension Timer { static let TABLE = … }` → `Timer`), or the `@Machine` enum's name.
public struct BoundMatrix: Equatable {
    /// With `@Path` defaults applied, as the generated dispatcher would follow it.
    public var matrix: Matrix
    /// The machine name the declaration gives, as written.
    public var machine: String

    public init(matrix: Matrix, machine: String) {
        self.matrix = matrix
        self.machine = machine
    }

    /// `MachineKey.normalized(machine)`.
    public var key: String { MachineKey.normalized(machine) }
}

enum MatrixBinder {
    /// The matrices of a file that a dispatcher can be paired with: complete `Table(...)`
    /// literals bound by a global or member `let`/`var`, and complete `@Machine` enums. `.tbl`
    /// fixtures are pins of a matrix, not the matrix, and a local `let` in a function is not a
    /// machine's table.
    ///
    /// `scopes` is asked for only when a `Table(...)` literal is to be bound.
    static func bind(_ matrices: [Matrix], tokens: SignificantTokens, scopes: () -> TypeScopes) -> [BoundMatrix] {
        matrices.compactMap { matrix in
            guard matrix.isLintable else { return nil }
            switch matrix.surface {
            case .machineEnum:
                return BoundMatrix(matrix: matrix, machine: matrix.machine.text)
            case .tableLiteral:
                return machine(ofTableAt: matrix.range.lowerBound, tokens: tokens, scopes: scopes())
                    .map { BoundMatrix(matrix: matrix, machine: $0 ?? matrix.machine.text) }
            case .fixture:
                return nil
            }
        }
    }

    /// For the `Table(` at byte `offset`: nil if no declaration binds it; `.some(nil)` if one
    /// does but names no machine (`static let TABLE` at the top level), so the literal's own
    /// `machine:` decides; otherwise the name.
    private static func machine(ofTableAt offset: Int, tokens: SignificantTokens, scopes: TypeScopes) -> String?? {
        guard let call = tokens.index(startingAt: offset) else { return nil }
        var index = call - 1
        // `TabularCenter.Table(`: step over the qualifier.
        while tokens.kind(index) == .period, tokens.kind(index - 1) == .identifier { index -= 2 }
        guard tokens.kind(index) == .equal else { return nil }
        index -= 1
        // `let NAME: Table =` or `let NAME =`.
        if tokens.kind(index) != .identifier || tokens.kind(index - 1) == .colon || tokens.kind(index - 1) == .period {
            while index > 0, tokens.kind(index) == .identifier || tokens.kind(index) == .period { index -= 1 }
            guard tokens.kind(index) == .colon else { return nil }
            index -= 1
        }
        guard tokens.kind(index) == .identifier, tokens.isText(index - 1, "let") || tokens.isText(index - 1, "var"),
            scopes.isDeclarationLevel(index - 1)
        else { return nil }
        if let name = machine(fromBindingName: SignificantTokens.unticked(tokens.text(index))) { return name }
        return .some(scopes.directTypeName(of: index - 1))
    }

    /// `TIMER_TABLE` → `TIMER`, `timerTable` → `timer`, `SESSION` → `SESSION`; nil for a bare
    /// `TABLE` or `table`, which names no machine.
    static func machine(fromBindingName name: String) -> String? {
        for suffix in ["_TABLE", "_table", "Table"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return name == "TABLE" || name == "table" ? nil : name
    }
}

extension SignificantTokens {
    /// The index of the token that starts at byte `offset`, if one does (binary search).
    func index(startingAt offset: Int) -> Int? { tokens.index(startingAt: offset) }
}
