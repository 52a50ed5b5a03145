/// A Swift `enum` declaration as the cross-file checks need it: its name, the type it is
/// declared directly in, and its cases in declaration order. A dispatcher's `default:` can be
/// spelt out only from a complete case list, and a `Table` literal's names are checked against
/// its machine's `enum S`/`A`/`F`; both find the enum in any file of the run.
struct EnumDeclaration: Equatable {
    /// As written, without backticks.
    var name: String
    /// The type whose body directly holds the declaration (`Timer` for `enum S` inside
    /// `enum Timer { … }` or `extension Timer { … }`), nil at the top level.
    var parent: String?
    /// The types around `parent`, innermost first (`["App"]` for `enum S` in `App.Timer`), an
    /// extension's qualifiers included (`["Outer", "Lab"]` in `extension Lab.Outer { enum
    /// Pump { … } }`): what tells `App.Timer.S` from another `Timer.S`, and the path the top
    /// level names it with.
    var outerTypes: [String] = []
    /// The name's byte range.
    var nameRange: Range<Int>
    var cases: [Case]
    /// A `#if` among the cases: the case list depends on the build, so it is not known here.
    var hasConditionalCases: Bool
    /// The body could not be read to its end (an unpaired brace): the case list is not known.
    var isIncomplete: Bool
    /// The names of its inheritance clause, as written (`String`, `Codable`): a raw type or a
    /// coding conformance means a case's name or raw value may be stored, so the removal and
    /// rename fixes leave it.
    var inherits: [String] = []

    struct Case: Equatable {
        /// As written, without backticks.
        var name: String
        var range: Range<Int>
        /// `case running(since: Date)`: patterns must bind or ignore the payload.
        var hasPayload: Bool
        /// The payload's fields as written (`since: Int` gives label `since`, type `Int`), in
        /// order: what generated code binds and narrows (`Generating/`).
        var payloadFields: [PayloadField] = []
        /// `case off // dark`: where the line ends after the `//` comment that follows the case,
        /// and the line's indentation: a case added after this one goes on a line of its own,
        /// so the comment keeps describing its own case (`enum-drift`'s fix).
        var trailingComment: (lineEnd: Int, indentation: String)? {
            get { trailingCommentEnd.map { ($0, trailingCommentIndentation) } }
            set { trailingCommentEnd = newValue?.lineEnd; trailingCommentIndentation = newValue?.indentation ?? "" }
        }
        private var trailingCommentEnd: Int?
        private var trailingCommentIndentation = ""
        /// Where its `case` clause stands, when the clause has its lines to itself: a case
        /// added beside a case of a documented clause, or of an enum written one clause per
        /// line, takes a line of its own (`enum-drift`'s fix), so a doc comment keeps
        /// documenting only what it documented.
        var clauseLayout: ClauseLayout?
        /// Declared by an `indirect case` clause: a case added to the clause would be `indirect`
        /// too, which a case without a payload cannot be.
        var isIndirect = false
        /// The bytes that delete this case and nothing else (`, paused` after another case of
        /// its `case` clause, `paused, ` before one, or the whole line of a `case paused` alone
        /// on it): `enum-drift`'s fix for a case the matrix removed. nil when no such span is
        /// plain (a comment in the way, a `case` sharing its line with other declarations).
        var removal: Range<Int>?

        init(name: String, range: Range<Int>, hasPayload: Bool, payloadFields: [PayloadField] = []) {
            self.name = name
            self.range = range
            self.hasPayload = hasPayload
            self.payloadFields = payloadFields
        }
    }

    struct ClauseLayout: Equatable {
        /// The start of the clause's first line, above its doc comment and attributes.
        var leadingStart: Int
        /// Where the clause's last line ends (before its line break).
        var lineEnd: Int
        var indentation: String
        var newline: String
        /// A comment (or attribute) on the lines above the `case`.
        var isDocumented: Bool
        var isLastOfClause: Bool
        var isAloneInClause: Bool
    }

    struct PayloadField: Equatable {
        /// nil for an unlabelled field.
        var label: String?
        /// As written, from after the label's `:` to the field's end (a default value included).
        var type: String
    }

    init(
        name: String, parent: String?, nameRange: Range<Int>, cases: [Case], hasConditionalCases: Bool = false,
        isIncomplete: Bool = false
    ) {
        self.name = name
        self.parent = parent
        self.nameRange = nameRange
        self.cases = cases
        self.hasConditionalCases = hasConditionalCases
        self.isIncomplete = isIncomplete
    }

    /// How many `case` clauses declare the cases (`case a, b` is one).
    var clauseCount = 0

    /// The types its body declares (`struct Setting` in `enum A`): a payload naming one is
    /// written qualified outside the enum (`Pump.A.Setting`).
    var nestedTypeNames: [String] = []

    /// Whether the case list is the whole of the enum as the compiler sees it on every build.
    var hasKnownCases: Bool { !hasConditionalCases && !isIncomplete }

    /// `Timer.S` for `enum S` in `Timer`, `S` at the top level.
    var qualifiedName: String { parent.map { $0 + "." + name } ?? name }
}

/// Reads every `enum` declaration of a Swift file: one forward walk over the significant
/// tokens; bodies of nested functions, properties and types are jumped through their brace
/// partners, so only the enum's own `case` declarations are read.
enum EnumDeclarationReader {
    static func read(_ tokens: SignificantTokens, scopes: () -> TypeScopes) -> [EnumDeclaration] {
        var found: [EnumDeclaration] = []
        var built: TypeScopes?
        for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "enum") {
            guard tokens.kind(index + 1) == .identifier, let body = bodyBrace(tokens, after: index + 1) else { continue }
            if built == nil { built = scopes() }
            var declaration = read(tokens, name: index + 1, body: body, parent: built!.directTypeName(of: index))
            if tokens.kind(index + 2) == .colon {
                declaration.inherits = (index + 3..<body).filter { tokens.kind($0) == .identifier }.map { tokens.text($0) }
            }
            if declaration.parent != nil { declaration.outerTypes = Array(built!.enclosingTypePath(of: index).dropFirst()) }
            found.append(declaration)
        }
        // `extension App.Door.S: Codable {}` in the same file: a conformance written there
        // stores the case names as surely as one in the enum's own clause.
        for index in 0..<tokens.count where !found.isEmpty && tokens.kind(index) == .keyword && tokens.isText(index, "extension") {
            var last = index + 1
            guard tokens.kind(last) == .identifier else { continue }
            while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
            guard tokens.kind(last + 1) == .colon, let body = bodyBrace(tokens, after: last) else { continue }
            let parts = stride(from: index + 1, through: last, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }
            let parent = parts.count > 1 ? parts[parts.count - 2] : nil
            let inherits = (last + 2..<body).filter { tokens.kind($0) == .identifier }.map { tokens.text($0) }
            for position in found.indices where found[position].name == parts.last && found[position].parent == parent {
                found[position].inherits += inherits
            }
        }
        return found
    }

    /// The `{` that opens the declaration's body: after the name, generic parameters,
    /// inheritance and a `where` clause, before anything that ends a declaration.
    private static func bodyBrace(_ tokens: SignificantTokens, after name: Int) -> Int? {
        var index = name + 1
        while index < tokens.count {
            switch tokens.kind(index) {
            case .leftBrace: return index
            case .rightBrace, .semicolon, .equal, .leftParen, .rightParen: return nil
            case .leftBracket:
                let partner = tokens.partner[index]
                guard partner > index else { return nil }
                index = partner
            case .keyword where !tokens.isText(index, "where"):
                return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    private static func read(_ tokens: SignificantTokens, name: Int, body: Int, parent: String?) -> EnumDeclaration {
        var declaration = EnumDeclaration(
            name: SignificantTokens.unticked(tokens.text(name)), parent: parent, nameRange: tokens[name].range, cases: [])
        let end = tokens.partner[body]
        guard end > body else {
            declaration.isIncomplete = true
            return declaration
        }
        var index = body + 1
        while index < end {
            let kind = tokens.kind(index)
            if kind == .poundKeyword, tokens.isText(index, "#if") {
                declaration.hasConditionalCases = true
            } else if kind == .keyword, tokens.isText(index, "case") {
                index = readCases(tokens, after: index, end: end, into: &declaration)
                continue
            } else if kind == .keyword, ["struct", "class", "enum", "actor", "typealias"].contains(tokens.text(index)),
                tokens.kind(index + 1) == .identifier
            {
                declaration.nestedTypeNames.append(SignificantTokens.unticked(tokens.text(index + 1)))
            } else if tokens.partner[index] > index {
                index = tokens.partner[index]  // a nested body, parameter list or attribute argument
            }
            index += 1
        }
        return declaration
    }

    /// `case a, b(Int), c = 3`: appends each case and returns the index after the list.
    private static func readCases(
        _ tokens: SignificantTokens, after keyword: Int, end: Int, into declaration: inout EnumDeclaration
    ) -> Int {
        var index = keyword + 1
        var clause: [(first: Int, last: Int)] = []
        while index < end, tokens.kind(index) == .identifier {
            let nameIndex = index
            index += 1
            var hasPayload = false
            var fields: [EnumDeclaration.PayloadField] = []
            if tokens.kind(index) == .leftParen, tokens.partner[index] > index {
                hasPayload = true
                for element in genericJoined(tokens, tokens.elements(inside: index) ?? []) where !element.isEmpty {
                    var typeStart = element.lowerBound
                    var label: String?
                    // `since: Int`; a colon further in is a dictionary type's (`[String: Int]`).
                    if element.count > 2, tokens.kind(element.lowerBound + 1) == .colon {
                        label = SignificantTokens.unticked(tokens.text(element.lowerBound))
                        typeStart = element.lowerBound + 2
                    }
                    fields.append(.init(label: label, type: tokens.text(from: typeStart, through: element.upperBound - 1)))
                }
                index = tokens.partner[index] + 1
            }
            var last = index - 1
            if tokens.kind(index) == .equal {
                // A raw value: a literal, perhaps signed, up to the next comma or declaration.
                index += 1
                while index < end, let kind = tokens.kind(index), kind != .comma, kind != .keyword, kind != .poundKeyword,
                    kind != .atSign, kind != .identifier
                {
                    if tokens.partner[index] > index { index = tokens.partner[index] }
                    last = index
                    index += 1
                }
            }
            var read = EnumDeclaration.Case(
                name: SignificantTokens.unticked(tokens.text(nameIndex)), range: tokens.range(from: nameIndex, through: last),
                hasPayload: hasPayload, payloadFields: fields)
            read.trailingComment = trailingComment(tokens, after: last, lineOf: nameIndex)
            declaration.cases.append(read)
            clause.append((nameIndex, last))
            guard tokens.kind(index) == .comma else { break }
            index += 1
        }
        setRemovals(tokens, keyword: keyword, clause: clause, of: &declaration)
        declaration.clauseCount += 1
        // `indirect case alert(below: S)`: the clause's first line starts at its modifier.
        let isIndirect = keyword > 0 && tokens.text(keyword - 1) == "indirect"
        if isIndirect {
            for position in clause.indices { declaration.cases[declaration.cases.count - clause.count + position].isIndirect = true }
        }
        if let last = clause.last, let layout = clauseLayout(tokens, keyword: isIndirect ? keyword - 1 : keyword, last: last.last) {
            let base = declaration.cases.count - clause.count
            for position in clause.indices {
                var own = layout
                own.isLastOfClause = position == clause.count - 1
                own.isAloneInClause = clause.count == 1
                declaration.cases[base + position].clauseLayout = own
            }
        }
        return index
    }

    /// The payload's elements with those a generic argument list's comma cut apart joined again:
    /// `Result<[String], FeedError>` is one field. Brackets and parentheses already nest in
    /// `elements(inside:)`; `<` and `>` are operator tokens to it, so their depth is counted here.
    private static func genericJoined(_ tokens: SignificantTokens, _ elements: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        var depth = 0
        for element in elements {
            if depth > 0, let open = joined.popLast() {
                joined.append(open.lowerBound..<element.upperBound)
            } else {
                joined.append(element)
            }
            for index in element {
                let text = tokens.text(index)
                guard text != "->" else { continue }
                depth += text.filter { $0 == "<" }.count - text.filter { $0 == ">" }.count
            }
            depth = max(depth, 0)
        }
        return joined
    }

    /// The lines of a `case` clause from `keyword` to token `last`, when its keyword starts a line
    /// and only blanks follow `last` on its line.
    private static func clauseLayout(_ tokens: SignificantTokens, keyword: Int, last: Int) -> EnumDeclaration.ClauseLayout? {
        let bytes = tokens.file.bytes
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        var lineStart = tokens[keyword].start
        while lineStart > 0, blanks.contains(bytes[lineStart - 1]) { lineStart -= 1 }
        guard lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: "\n") else { return nil }
        var lineEnd = tokens[last].end
        while lineEnd < bytes.count, blanks.contains(bytes[lineEnd]) { lineEnd += 1 }
        let newline: String
        if lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r"), bytes[lineEnd + 1] == UInt8(ascii: "\n") {
            newline = "\r\n"
        } else if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") {
            newline = "\n"
        } else {
            return nil
        }
        let leading = CellsProtocolReader.leadingStart(tokens, above: lineStart, declarers: ["case "])
        let indentation = String(decoding: bytes[lineStart..<tokens[keyword].start], as: UTF8.self)
        return EnumDeclaration.ClauseLayout(
            leadingStart: leading, lineEnd: lineEnd, indentation: indentation, newline: newline,
            isDocumented: leading < lineStart, isLastOfClause: false, isAloneInClause: false)
    }

    /// `EnumDeclaration.Case.removal` for the cases of one `case` clause (the last
    /// `clause.count` cases read), by their first and last tokens.
    private static func setRemovals(
        _ tokens: SignificantTokens, keyword: Int, clause: [(first: Int, last: Int)], of declaration: inout EnumDeclaration
    ) {
        let bytes = tokens.file.bytes
        let base = declaration.cases.count - clause.count
        /// Only blanks, line breaks and one comma: deleting the span loses nothing written.
        func isPlainSeparator(_ range: Range<Int>) -> Bool {
            var commas = 0
            for byte in bytes[range] {
                if byte == UInt8(ascii: ",") { commas += 1 } else if ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte) { return false }
            }
            return commas == 1
        }
        for (position, tokensOfCase) in clause.enumerated() {
            let start = tokens[tokensOfCase.first].start, end = tokens[tokensOfCase.last].end
            if clause.count > 1 {
                // A trailing comment describes its case's line: with the case gone, it would
                // describe another.
                if declaration.cases[base + position].trailingComment != nil { continue }
                if position > 0 {
                    let previousEnd = tokens[clause[position - 1].last].end
                    if isPlainSeparator(previousEnd..<start) { declaration.cases[base + position].removal = previousEnd..<end }
                } else {
                    let nextStart = tokens[clause[1].first].start
                    if isPlainSeparator(end..<nextStart) { declaration.cases[base + position].removal = start..<nextStart }
                }
                continue
            }
            // `case paused` alone on its line (a trailing `//` comment is its own and goes too).
            var lineStart = tokens[keyword].start
            while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
            guard lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: "\n") else { continue }
            var lineEnd = declaration.cases[base + position].trailingComment?.lineEnd ?? end
            while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") { lineEnd += 1 }
            if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
            guard lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") else { continue }
            // Its doc comment and attributes on the lines above go with it: left before the
            // enum's `}`, they would attach to nothing ("expected declaration").
            let leading = CellsProtocolReader.leadingStart(tokens, above: lineStart, declarers: ["case "])
            declaration.cases[base + position].removal = leading..<(lineEnd + 1)
        }
    }

    /// The end of the line when only blanks and a `//` comment follow token `last` on it, with
    /// the indentation of the line that holds token `first`.
    private static func trailingComment(_ tokens: SignificantTokens, after last: Int, lineOf first: Int) -> (lineEnd: Int, indentation: String)? {
        let bytes = tokens.file.bytes
        var offset = tokens.tokens[last].end
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") { offset += 1 }
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"), bytes[offset + 1] == UInt8(ascii: "/") else { return nil }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
        var lineStart = tokens.tokens[first].start
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        var indentEnd = lineStart
        while indentEnd < bytes.count, bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t") { indentEnd += 1 }
        return (lineEnd, String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self))
    }
}
