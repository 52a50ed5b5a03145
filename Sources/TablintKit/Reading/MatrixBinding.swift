/// A matrix with the machine name its declaration binds it to, so a dispatcher in another file
/// can find it: the name of the `let` (`TIMER_TABLE` → `TIMER`), the type it is a member of
/// (`extension Timer { static let transitions = … }` → `Timer`), or the `@Machine` enum's name.
struct BoundMatrix: Equatable {
    /// With `@Path` defaults applied, as the generated dispatcher would follow it.
    var matrix: Matrix
    /// The machine name the declaration gives, as written.
    var machine: String
    /// The type or extension whose body directly holds the declaration (the `@Machine` enum
    /// itself for an enum): pairing prefers a matrix its partner's own type declares.
    var owner: String?
    /// The types around `owner`, innermost first, an extension's qualifiers included (`["Lab"]`
    /// for `enum Lab { enum Pump { static let TABLE … } }` and in `extension Lab.Pump`): what
    /// tells `Lab.Pump`'s matrix from `Plant.Pump`'s.
    var outerTypes: [String] = []
    /// The `let`'s name and its byte range; nil for an `@Machine` enum.
    var binding: Name?
    /// The machine name comes from the code (the type, a `*_TABLE` binding), not from the
    /// literal's own `machine:` string, so that string can be checked against it.
    var isNamedByCode: Bool

    init(matrix: Matrix, machine: String, owner: String? = nil, binding: Name? = nil, isNamedByCode: Bool = false) {
        self.matrix = matrix
        self.machine = machine
        self.owner = owner
        self.binding = binding
        self.isNamedByCode = isNamedByCode
    }

    /// `MachineKey.normalized(machine)`.
    var key: String { MachineKey.normalized(machine) }

    /// How a message names it: "`Timer.TABLE`", "`TIMER_TABLE`", "`@Machine Door`".
    var label: String {
        guard let binding else { return "`@Machine \(matrix.machine.text)`" }
        return "`" + (owner.map { $0 + "." } ?? "") + binding.text + "`"
    }
}

/// A `.tbl` fixture that pins a matrix: a `.tbl` file, or a Swift string literal bound to a pin
/// name (`static let FIXTURE = """ … """`). It carries what a fix needs to rewrite its rows
/// without the file's bytes.
struct BoundPin: Equatable {
    var matrix: Matrix
    /// The `let`'s name (`FIXTURE`); nil for a `.tbl` file.
    var binding: Name?
    /// The type or extension whose body directly holds the binding.
    var owner: String?
    /// `TIMER_FIXTURE` → `TIMER`: a machine named by the binding.
    var machineFromBinding: String?
    /// `Door` for `Sources/Door.tbl`.
    var fileStem: String?
    /// The folder of the file, `""` for the current one.
    var folder: String
    /// What stands before the first row on its line (an embedded fixture's indentation).
    var rowIndent: String
    /// `\n` or `\r\n`, as the rows end.
    var lineEnding: String
    /// From the first row to the end of the last (and of its trailing `#` comment) when nothing
    /// but a row's trailing comment, line breaks and the row indentation stands between them
    /// (no blank line, no comment line), so the rows can be rewritten as one block; nil
    /// otherwise.
    var rowsSpan: Range<Int>?
    /// Per row, its trailing `# comment` with the blanks before it, as written ("" for none):
    /// kept when the rows are rewritten.
    var rowComments: [String] = []
    /// Why `rowsSpan` is nil, for a message.
    var rowsSpanRefusal: String?

    init(
        matrix: Matrix, binding: Name?, owner: String?, machineFromBinding: String?, fileStem: String?, folder: String,
        rowIndent: String, lineEnding: String
    ) {
        self.matrix = matrix
        self.binding = binding
        self.owner = owner
        self.machineFromBinding = machineFromBinding
        self.fileStem = fileStem
        self.folder = folder
        self.rowIndent = rowIndent
        self.lineEnding = lineEnding
    }

    func withRowsSpan(_ span: RowsSpan) -> BoundPin {
        var copy = self
        switch span {
        case let .block(range, comments):
            copy.rowsSpan = range
            copy.rowComments = comments
        case .refused(let why):
            copy.rowsSpanRefusal = why
        }
        return copy
    }

    enum RowsSpan {
        case block(Range<Int>, comments: [String])
        case refused(String)
    }

    /// How a message names it: "the pin `Door.tbl`", "the pin `Turnstile.FIXTURE`".
    var label: String {
        if let binding { return "the pin `" + (owner.map { $0 + "." } ?? "") + binding.text + "`" }
        return "the pin `\(fileStem ?? "fixture").tbl`"
    }
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
            return bindAny(matrix, tokens: tokens, scopes: scopes)
        }
    }

    /// `bind` for one matrix, complete or not.
    static func bindAny(_ matrix: Matrix, tokens: SignificantTokens, scopes: () -> TypeScopes) -> BoundMatrix? {
        switch matrix.surface {
        case .machineEnum:
            return BoundMatrix(matrix: matrix, machine: matrix.machine.text, owner: matrix.machine.text, isNamedByCode: true)
        case .tableLiteral:
            guard let declaration = declaration(before: matrix.range.lowerBound, tokens: tokens, scopes: scopes()) else {
                return nil
            }
            let named = machine(binding: declaration.name.text, owner: declaration.owner)
            var bound = BoundMatrix(
                matrix: matrix, machine: named ?? matrix.machine.text, owner: declaration.owner, binding: declaration.name,
                isNamedByCode: named != nil)
            bound.outerTypes = declaration.outerTypes
            return bound
        case .fixture:
            return nil
        }
    }

    /// The `.tbl` fixtures of a Swift file bound to a pin name: `FIXTURE` (or `NAME`, or
    /// `TIMER_FIXTURE`) in `let`/`static let`. Other string literals (the library's `DRIFTED`)
    /// are not pins.
    static func pins(
        _ matrices: [Matrix], file: SourceFile, tokens: SignificantTokens, scopes: () -> TypeScopes, pinNames: Set<String>
    ) -> [BoundPin] {
        matrices.compactMap { matrix -> BoundPin? in
            guard matrix.surface == .fixture, let declaration = declaration(before: matrix.range.lowerBound, tokens: tokens, scopes: scopes())
            else { return nil }
            let name = declaration.name.text
            var fromBinding: String?
            if !pinNames.contains(name) {
                guard let pin = pinNames.first(where: { name.hasSuffix("_" + $0) && name.count > $0.count + 1 }) else { return nil }
                fromBinding = String(name.dropLast(pin.count + 1))
            }
            return BoundPin(
                matrix: matrix, binding: declaration.name, owner: declaration.owner, machineFromBinding: fromBinding,
                fileStem: nil, folder: folder(of: file.path), rowIndent: indent(file, matrix), lineEnding: lineEnding(file, matrix))
                .withRowsSpan(rowsSpan(file, matrix))
        }
    }

    /// A `.tbl` file's fixture.
    static func pin(ofFixtureFile file: SourceFile, _ matrix: Matrix) -> BoundPin {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        let stem = name.hasSuffix(".tbl") ? String(name.dropLast(4)) : name
        return BoundPin(
            matrix: matrix, binding: nil, owner: nil, machineFromBinding: nil, fileStem: stem, folder: folder(of: file.path),
            rowIndent: indent(file, matrix), lineEnding: lineEnding(file, matrix)).withRowsSpan(rowsSpan(file, matrix))
    }

    private static func rowsSpan(_ file: SourceFile, _ matrix: Matrix) -> BoundPin.RowsSpan {
        guard let first = matrix.rows.first, let last = matrix.rows.last else { return .refused("the pin has no rows") }
        let indent = Array(self.indent(file, matrix).utf8)
        let bytes = file.bytes
        /// A row's trailing blanks and `# comment` up to its line's end, nil for anything else.
        func trailing(after end: Int) -> (text: String, lineEnd: Int)? {
            var index = end
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            }
            let text = file.text(end..<index)
            // Blanks alone are no comment; a backslash or a quote in an embedded pin's comment
            // is the literal's business, not the row's.
            if !text.contains("#") { return ("", index) }
            if text.contains("\\") || text.contains("\"") { return nil }
            return (text, index)
        }
        var comments: [String] = []
        for (row, next) in zip(matrix.rows, matrix.rows.dropFirst()) {
            guard row.range.upperBound <= next.range.lowerBound, next.range.lowerBound <= bytes.count,
                let (comment, lineEnd) = trailing(after: row.range.upperBound)
            else { return .refused("a row's trailing comment holds a backslash or a quote") }
            comments.append(comment)
            var gap = Array(bytes[lineEnd..<next.range.lowerBound])
            if gap.first == UInt8(ascii: "\r") { gap.removeFirst() }
            guard gap.first == UInt8(ascii: "\n"), Array(gap.dropFirst()) == indent else {
                return .refused("a blank line or a comment line stands between its rows, and tablint does not guess which row it belongs to")
            }
        }
        guard last.range.upperBound <= bytes.count, let (comment, lineEnd) = trailing(after: last.range.upperBound) else {
            return .refused("a row's trailing comment holds a backslash or a quote")
        }
        comments.append(comment)
        return .block(first.range.lowerBound..<(comment.isEmpty ? last.range.upperBound : lineEnd), comments: comments)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func indent(_ file: SourceFile, _ matrix: Matrix) -> String {
        guard let first = matrix.rows.first else { return "" }
        var start = first.range.lowerBound
        while start > 0, file.bytes[start - 1] == UInt8(ascii: " ") || file.bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        return file.text(start..<first.range.lowerBound)
    }

    private static func lineEnding(_ file: SourceFile, _ matrix: Matrix) -> String {
        guard let first = matrix.rows.first else { return "\n" }
        var index = first.range.upperBound
        while index < file.bytes.count, file.bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index > 0 && index < file.bytes.count && file.bytes[index - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// The `let NAME =` (or `let NAME: T =`) whose value starts at byte `offset`, at the top
    /// level or directly in a type, and the type it is in.
    private static func declaration(
        before offset: Int, tokens: SignificantTokens, scopes: TypeScopes
    ) -> (name: Name, owner: String?, outerTypes: [String])? {
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
        let name = Name(SignificantTokens.unticked(tokens.text(index)), tokens[index].range)
        let owner = scopes.directTypeName(of: index - 1)
        return (name, owner, owner == nil ? [] : Array(scopes.enclosingTypePath(of: index - 1).dropFirst()))
    }

    /// The machine a `Table` binding names by code: in a type or extension, that type
    /// (whatever the `let` is called), unless a `*_TABLE` name says another machine; at the
    /// top level, a `*_TABLE`/`*Table` name. Nil when only the literal's `machine:` can say.
    static func machine(binding name: String, owner: String?) -> String? {
        let suffixed = machine(fromBindingName: name)
        if let owner {
            // `enum Tables { static let gateTable = … }`: a namespace of several machines' tables.
            if let suffixed, MachineKey.normalized(suffixed) != MachineKey.normalized(owner) { return suffixed }
            return owner
        }
        return suffixed
    }

    /// `TIMER_TABLE` → `TIMER`, `timerTable` → `timer`; nil for any name without such a
    /// suffix (a bare `TABLE`, `transitions`), which names no machine.
    static func machine(fromBindingName name: String) -> String? {
        for suffix in ["_TABLE", "_table", "Table"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }
}

extension SignificantTokens {
    /// The index of the token that starts at byte `offset`, if one does (binary search).
    func index(startingAt offset: Int) -> Int? { tokens.index(startingAt: offset) }
}
