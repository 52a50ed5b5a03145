/// A hand-written `Cells` protocol (reference §1.6): the members every implementation of a
/// machine must write. `protocol Cells { … }` inside the machine's type, or a top-level
/// `protocol TimerCells`, maybe refining a child's (`protocol SessionCells: AuthCells`).
struct CellsProtocol: Equatable {
    var name: Name
    /// The type whose body directly holds the declaration, nil at the top level.
    var parent: String?
    /// The protocols it refines, as written (`AuthCells`, `Auth.Cells`, `AnyObject`).
    var refines: [Name]
    /// `public` or `package` when the modifiers before `protocol` say so; empty otherwise. What a
    /// fix declares for its requirements (a narrowed struct) must be as visible.
    var access = ""
    var requirements: [Requirement]
    /// A `#if` in the body, or a body not read to its end: the requirements are not known.
    var isIncomplete: Bool
    /// Where a requirement is added (`cells-drift`'s fix): the start of the closing `}`'s line
    /// when only blanks precede the `}` there, with the blanks that start the first
    /// requirement's line and the line break. A `}` that shares its line (`protocol HeaterCells
    /// { func hotTick(…) -> … }`) is moved onto a line of its own, and so is a body opened on
    /// that line, so the added requirements get lines of their own too.
    var insertion: Insertion?

    struct Insertion: Equatable {
        var offset: Int
        var indent: String
        var newline: String
        /// The blanks before a `}` that shares its line, replaced by a line break, the added
        /// lines and the `}`'s line's indentation (`closingIndent`).
        var sharedLine: SharedLine?

        struct SharedLine: Equatable {
            var blanks: Range<Int>
            var closingIndent: String
            /// The blanks after a `{` on the `}`'s line that other declarations follow: a line
            /// break and `indent` there put the first requirement on its own line.
            var afterOpening: Range<Int>?
        }

        /// The edits that add `lines` (each already indented and ended by `newline`) before the
        /// `}`.
        func edits(adding lines: String) -> [TextEdit] {
            guard let sharedLine else { return [TextEdit(range: offset..<offset, replacement: Array(lines.utf8))] }
            var edits = [TextEdit(range: sharedLine.blanks, replacement: Array((newline + lines + sharedLine.closingIndent).utf8))]
            if let afterOpening = sharedLine.afterOpening {
                edits.insert(TextEdit(range: afterOpening, replacement: Array((newline + indent).utf8)), at: 0)
            }
            return edits
        }
    }

    struct Requirement: Equatable {
        enum Kind: Equatable { case function, property, other }
        var name: Name
        var kind: Kind
        var isStatic: Bool
        /// The start of the requirement's line when the line holds only it (blanks, modifiers
        /// and `func` before the name): where a requirement that comes before it is inserted.
        var lineStart: Int?
        /// The start of the doc comments and attributes on the lines right above `lineStart`
        /// (`lineStart` when there are none): a requirement inserted before this one goes
        /// there, so they stay with the member they describe.
        var leadingStart: Int?
        /// Its whole line, through the line break, when the line holds only it and the next
        /// line starts another declaration or the protocol's `}`: what `cells-drift`'s fix
        /// deletes for a cell the matrix removed. nil otherwise.
        var removal: Range<Int>?
        /// `removal` with the doc comments and attributes on the lines right above it
        /// (`leadingStart`): a requirement deleted goes with what describes it, which left
        /// behind would dangle before the `}` or attach to the next requirement.
        var wholeRemoval: Range<Int>? { removal.map { min(leadingStart ?? $0.lowerBound, $0.lowerBound)..<$0.upperBound } }
        /// A function's parameter types that are plain dotted names (`Timer.Tick` of `_ p:
        /// Timer.Tick`), each with its range: cells-drift checks the narrowed structs there.
        var parameterTypes: [Name] = []
        /// A function's parameter labels, as an implementation's member's are read (nil when
        /// not read): which overload a dispatcher's call reaches.
        var parameters: [CellsImplementation.Parameter]?
        /// The argument labels in order (`_` for none): a same-named overload with others is
        /// another function. nil when not read.
        var parameterLabels: [String]? { parameters?.map(\.label) }
        /// The first parameter's type as written, specifiers and all (`inout DoorCtx`, `any
        /// DoorContext`), blanks between its tokens made one space; nil for a function without
        /// a parameter or one not read. A requirement a fix adds takes the context so when its
        /// neighbours all do (`RequirementSpelling`).
        var contextSpelling: String?
        /// The result type as written (`Step<Door.S, Door.F>`, `DoorA?`), when it ends on the
        /// line of its `->`; nil otherwise, and for a function that returns nothing.
        var resultSpelling: String?

        init(name: Name, kind: Kind, isStatic: Bool, lineStart: Int? = nil) {
            self.name = name
            self.kind = kind
            self.isStatic = isStatic
            self.lineStart = lineStart
        }
    }

    init(name: Name, parent: String?, refines: [Name], requirements: [Requirement], isIncomplete: Bool) {
        self.name = name
        self.parent = parent
        self.refines = refines
        self.requirements = requirements
        self.isIncomplete = isIncomplete
    }

    /// The machine it is the cells of: the parent of a bare `Cells`, `Timer` of `TimerCells`.
    var machine: String? {
        if name.text == "Cells" { return parent }
        return name.text.hasSuffix("Cells") && name.text.count > 5 ? String(name.text.dropLast(5)) : nil
    }
}

/// Reads every `protocol …Cells` of a Swift file: its refinements and its requirements'
/// names. Nested bodies and parameter lists are jumped through their partners.
enum CellsProtocolReader {
    static func read(_ tokens: SignificantTokens, scopes: () -> TypeScopes) -> [CellsProtocol] {
        var found: [CellsProtocol] = []
        var built: TypeScopes?
        for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "protocol") {
            guard tokens.kind(index + 1) == .identifier else { continue }
            // Only `…Cells` protocols: the prefilter skips files without the word. A refined
            // protocol named otherwise (`protocol DoorCells: DoorHandlers`) is not read, so the
            // members it may declare are not known (`cells-drift` then does not say one is missing).
            let name = SignificantTokens.unticked(tokens.text(index + 1))
            guard name.hasSuffix("Cells") else { continue }
            // The inheritance clause, up to the body.
            var refines: [Name] = []
            var cursor = index + 2
            var body: Int?
            while cursor < tokens.count {
                let kind = tokens.kind(cursor)
                if kind == .leftBrace {
                    body = cursor
                    break
                }
                if kind == .rightBrace || kind == .semicolon || (kind == .keyword && tokens.isText(cursor, "where")) {
                    if kind == .keyword {
                        while cursor < tokens.count, tokens.kind(cursor) != .leftBrace { cursor += 1 }
                        body = cursor < tokens.count ? cursor : nil
                    }
                    break
                }
                if kind == .identifier {
                    // `Auth.Cells`, a child's nested protocol, is one name.
                    var last = cursor
                    while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
                    let text = stride(from: cursor, through: last, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }
                        .joined(separator: ".")
                    refines.append(Name(text, tokens[cursor].range.lowerBound..<tokens[last].range.upperBound))
                    cursor = last + 1
                    continue
                }
                cursor += 1
            }
            guard let body else { continue }
            if built == nil { built = scopes() }
            var declaration = CellsProtocol(
                name: Name(name, tokens[index + 1].range), parent: built!.directTypeName(of: index), refines: refines,
                requirements: [], isIncomplete: false)
            // The modifiers before the keyword, back to the previous declaration or attribute.
            var modifier = index - 1
            while modifier >= 0, tokens.kind(modifier) == .keyword || tokens.kind(modifier) == .identifier {
                if tokens.isText(modifier, "public") || tokens.isText(modifier, "open") { declaration.access = "public" }
                if tokens.isText(modifier, "package"), declaration.access.isEmpty { declaration.access = "package" }
                guard tokens.isText(modifier, "public") || tokens.isText(modifier, "open") || tokens.isText(modifier, "package")
                    || tokens.isText(modifier, "internal") || tokens.isText(modifier, "fileprivate") || tokens.isText(modifier, "private")
                    || tokens.isText(modifier, "nonisolated") || tokens.isText(modifier, "indirect")
                else { break }
                modifier -= 1
            }
            let end = tokens.partner[body]
            guard end > body else {
                declaration.isIncomplete = true
                found.append(declaration)
                continue
            }
            var member = body + 1
            var isStatic = false
            while member < end {
                let kind = tokens.kind(member)
                if kind == .poundKeyword, tokens.isText(member, "#if") { declaration.isIncomplete = true }
                if kind == .keyword, tokens.isText(member, "static") || tokens.isText(member, "class") { isStatic = true }
                if kind == .keyword, tokens.isText(member, "func") || tokens.isText(member, "var"),
                    tokens.kind(member + 1) == .identifier
                {
                    declaration.requirements.append(.init(
                        name: Name(SignificantTokens.unticked(tokens.text(member + 1)), tokens[member + 1].range),
                        kind: tokens.isText(member, "func") ? .function : .property, isStatic: isStatic,
                        lineStart: Self.ownLineStart(tokens, before: tokens[member + 1].range.lowerBound)))
                    isStatic = false
                    if tokens.isText(member, "func") {
                        declaration.requirements[declaration.requirements.count - 1].parameterTypes = Self.parameterTypes(tokens, after: member + 1)
                        (declaration.requirements[declaration.requirements.count - 1].contextSpelling,
                         declaration.requirements[declaration.requirements.count - 1].resultSpelling) = Self.spellings(tokens, after: member + 1, closing: end)
                        declaration.requirements[declaration.requirements.count - 1].parameters = CellsImplementationReader.parameters(tokens, from: member + 2, to: end)
                    }
                    if let lineStart = declaration.requirements.last?.lineStart {
                        declaration.requirements[declaration.requirements.count - 1].leadingStart = Self.leadingStart(tokens, above: lineStart)
                        declaration.requirements[declaration.requirements.count - 1].removal = Self.lineRemoval(
                            tokens, from: lineStart, name: member + 1, closing: end)
                    }
                    member += 2
                    continue
                }
                if kind == .keyword, tokens.isText(member, "associatedtype") || tokens.isText(member, "typealias")
                    || tokens.isText(member, "init") || tokens.isText(member, "subscript")
                {
                    isStatic = false
                }
                if tokens.partner[member] > member { member = tokens.partner[member] }
                member += 1
            }
            declaration.insertion = Self.insertion(
                tokens, opening: body, closing: end, first: declaration.requirements.first?.name.range.lowerBound)
            found.append(declaration)
        }
        return found
    }

    /// The dotted type names right after a parameter's `:` in the list that follows the name
    /// at `name` (a generic clause before it is not read: such a member is no generated one).
    private static func parameterTypes(_ tokens: SignificantTokens, after name: Int) -> [Name] {
        let open = name + 1
        guard tokens.kind(open) == .leftParen, tokens.partner[open] > open else { return [] }
        var found: [Name] = []
        var cursor = open + 1
        while cursor < tokens.partner[open] {
            if tokens.partner[cursor] > cursor {
                cursor = tokens.partner[cursor] + 1
                continue
            }
            if tokens.kind(cursor) == .colon, case let first = Self.typeStart(tokens, at: cursor + 1), tokens.kind(first) == .identifier {
                var last = first
                while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
                let text = stride(from: first, through: last, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }.joined(separator: ".")
                found.append(Name(text, tokens[first].range.lowerBound..<tokens[last].range.upperBound))
                cursor = last + 1
                continue
            }
            cursor += 1
        }
        return found
    }

    /// The first token of a parameter's type proper, past its attributes (`@escaping`) and
    /// specifiers (`inout`, `borrowing`, `consuming`, `sending`, `any`, `some`): `DoorCtx` of
    /// `inout DoorCtx`.
    private static func typeStart(_ tokens: SignificantTokens, at start: Int) -> Int {
        var index = start
        while index < tokens.count {
            if tokens.kind(index) == .atSign, let attribute = tokens.attribute(at: index) {
                index = attribute.end + 1
            } else if tokens.isText(index, "inout") || tokens.isText(index, "borrowing") || tokens.isText(index, "consuming")
                || tokens.isText(index, "__owned") || tokens.isText(index, "__shared") || tokens.isText(index, "sending")
                || ((tokens.isText(index, "any") || tokens.isText(index, "some")) && tokens.kind(index + 1) == .identifier)
            {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    /// `Requirement.contextSpelling` and `resultSpelling` of the function whose name is at
    /// `name`, read from its tokens (the protocol's `}` is at `closing`).
    private static func spellings(_ tokens: SignificantTokens, after name: Int, closing: Int) -> (String?, String?) {
        let open = name + 1
        guard tokens.kind(open) == .leftParen, tokens.partner[open] > open else { return (nil, nil) }
        let close = tokens.partner[open]
        // The first parameter's type: from its `:` to the `,`, `=` (a default value is no part
        // of the type) or `)` that ends it. Read in place: a protocol of thousands of
        // requirements pays for no array per requirement.
        var context: String?
        var index = open + 1
        var colon: Int?
        while index < close {
            let kind = tokens.kind(index)
            if kind == .comma || (colon != nil && kind == .equal) { break }
            if kind == .colon, colon == nil { colon = index }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
        if let colon, colon + 1 < index { context = spelled(tokens, (colon + 1)..<index) }
        // Past the effects (`async`, `throws`, `throws(E)`) to the `->`.
        var arrow = close + 1
        while arrow < closing, tokens.kind(arrow) != .arrow {
            guard tokens.isText(arrow, "async") || tokens.isText(arrow, "throws") || tokens.isText(arrow, "rethrows") || tokens.kind(arrow) == .leftParen else {
                return (context, nil)
            }
            if tokens.partner[arrow] > arrow { arrow = tokens.partner[arrow] }
            arrow += 1
        }
        guard arrow < closing, tokens.kind(arrow) == .arrow else { return (context, nil) }
        // The result runs to the end of the arrow's line, or to a `;`, `where` or `{` on it.
        let bytes = tokens.file.bytes
        func breaksLine(_ from: Int, _ to: Int) -> Bool { from < to && bytes[from..<to].contains(UInt8(ascii: "\n")) }
        var end = arrow + 1
        while end < closing, !breaksLine(tokens[end - 1].end, tokens[end].start) {
            if tokens.kind(end) == .semicolon || tokens.kind(end) == .leftBrace || tokens.isText(end, "where") { break }
            if tokens.partner[end] > end {
                guard tokens.partner[end] < closing, !breaksLine(tokens[end].start, tokens[tokens.partner[end]].start) else { return (context, nil) }
                end = tokens.partner[end]
            }
            end += 1
        }
        guard end > arrow + 1 else { return (context, nil) }
        let result = spelled(tokens, (arrow + 1)..<end)
        // A result cut at the line's end (`Step<S,` and `F>` on the next) is not taken.
        let angles = result.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : $1 == UInt8(ascii: ">") ? -1 : 0) }
        return (context, angles == 0 && !result.hasSuffix(",") && !result.hasSuffix(".") ? result : nil)
    }

    /// The tokens of `range` as written, each run of blanks, line breaks and comments between
    /// two of them made one space: the bytes themselves when every gap is at most one space.
    private static func spelled(_ tokens: SignificantTokens, _ range: Range<Int>) -> String {
        let bytes = tokens.file.bytes
        let first = tokens[range.lowerBound].start, last = tokens[range.upperBound - 1].end
        var plain = true
        for index in range.dropFirst() {
            let gap = tokens[index].start - tokens[index - 1].end
            if gap > 1 || (gap == 1 && bytes[tokens[index - 1].end] != UInt8(ascii: " ")) {
                plain = false
                break
            }
        }
        if plain { return String(decoding: bytes[first..<last], as: UTF8.self) }
        var text = ""
        for index in range {
            if index > range.lowerBound, tokens[index].start > tokens[index - 1].end { text += " " }
            text += tokens.text(index)
        }
        return text
    }

    /// The start of the line of `offset` when nothing before it there ends or opens a
    /// declaration (`;`, `{`, `}`, `*/`): only blanks, attributes, modifiers and the keyword.
    private static func ownLineStart(_ tokens: SignificantTokens, before offset: Int) -> Int? {
        let bytes = tokens.file.bytes
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let stops: Set<UInt8> = [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/")]
        return bytes[start..<offset].contains(where: stops.contains) ? nil : start
    }

    /// `Requirement.leadingStart`: walks up over lines that hold only a comment (`///`, `//`,
    /// a block comment's lines) or an attribute (`@discardableResult`), to a blank line or code.
    /// An attribute line that holds one of `declarers` is a declaration of its own; enum cases
    /// (`EnumDeclarations`) pass `case `.
    static func leadingStart(_ tokens: SignificantTokens, above lineStart: Int, declarers: [String] = ["func ", "var "]) -> Int {
        let bytes = tokens.file.bytes
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        var start = lineStart
        while start > 0 {
            var previous = start - 1
            while previous > 0, bytes[previous - 1] != UInt8(ascii: "\n") { previous -= 1 }
            let text = bytes[previous..<(start - 1)].drop { blanks.contains($0) }
            guard let first = text.first, first == UInt8(ascii: "@") || first == UInt8(ascii: "/") || first == UInt8(ascii: "*") else { break }
            if first == UInt8(ascii: "/"), text.dropFirst().first.map({ $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "*") }) ?? true { break }
            // `@discardableResult func x()` is a member of its own, not an attribute above one.
            let line = String(decoding: text, as: UTF8.self)
            if first == UInt8(ascii: "@"), declarers.contains(where: line.contains) { break }
            start = previous
        }
        return start
    }

    /// `Requirement.removal`: the line from `start` through its line break, when no token on
    /// it after the name starts another declaration and the next line's first token starts
    /// one (a modifier, an attribute, `func`, `var`…) or is the protocol's `}`.
    private static func lineRemoval(_ tokens: SignificantTokens, from start: Int, name: Int, closing: Int) -> Range<Int>? {
        let bytes = tokens.file.bytes
        var lineEnd = tokens[name].end
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        guard lineEnd < bytes.count else { return nil }
        var next = name + 1
        while next < closing, tokens[next].start < lineEnd {
            if tokens.kind(next) == .semicolon || tokens.kind(next) == .leftBrace { return nil }
            if tokens.kind(next) == .keyword, tokens.isText(next, "func") || tokens.isText(next, "var") { return nil }
            if tokens.partner[next] > next {
                // A parameter list or generic clause running onto the next line.
                if tokens[tokens.partner[next]].start > lineEnd { return nil }
                next = tokens.partner[next]
            }
            next += 1
        }
        let starters: Set<String> = [
            "func", "var", "static", "class", "mutating", "nonmutating", "nonisolated", "associatedtype", "typealias", "init",
            "subscript", "@",
        ]
        guard next == closing || starters.contains(tokens.text(next)) else { return nil }
        return start..<(lineEnd + 1)
    }

    /// See `CellsProtocol.insertion`.
    private static func insertion(_ tokens: SignificantTokens, opening: Int, closing: Int, first: Int?) -> CellsProtocol.Insertion? {
        let bytes = tokens.file.bytes
        func lineStart(_ offset: Int) -> Int {
            var start = offset
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            return start
        }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func blanks(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy(isBlank) }
        let brace = tokens[closing].range.lowerBound
        let braceLine = lineStart(brace)
        guard blanks(braceLine..<brace) else {
            return sharedLineInsertion(tokens, opening: opening, brace: brace, braceLine: braceLine, isBlank: isBlank)
        }
        guard braceLine > 0 else { return nil }
        let newline = braceLine >= 2 && bytes[braceLine - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
        var indent = String(decoding: bytes[braceLine..<brace], as: UTF8.self) + "    "
        if let first {
            let line = lineStart(first)
            var end = line
            while end < first, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            indent = String(decoding: bytes[line..<end], as: UTF8.self)
        }
        return CellsProtocol.Insertion(offset: braceLine, indent: indent, newline: newline)
    }

    /// A `}` after other text on its line: the added requirements go on lines of their own
    /// between that text and the `}`, indented one level past the `}`'s line.
    private static func sharedLineInsertion(
        _ tokens: SignificantTokens, opening: Int, brace: Int, braceLine: Int, isBlank: (UInt8) -> Bool
    ) -> CellsProtocol.Insertion {
        let bytes = tokens.file.bytes
        var blanksStart = brace
        while blanksStart > braceLine, isBlank(bytes[blanksStart - 1]) { blanksStart -= 1 }
        var indentEnd = braceLine
        while indentEnd < brace, isBlank(bytes[indentEnd]) { indentEnd += 1 }
        let closingIndent = String(decoding: bytes[braceLine..<indentEnd], as: UTF8.self)
        let newline = bytes.contains(UInt8(ascii: "\r")) ? "\r\n" : "\n"
        // A `{` on the same line followed by declarations: the body is broken after it too.
        var afterOpening: Range<Int>?
        let openingEnd = tokens[opening].range.upperBound
        if openingEnd > braceLine, openingEnd < blanksStart {
            var declarationStart = openingEnd
            while declarationStart < blanksStart, isBlank(bytes[declarationStart]) { declarationStart += 1 }
            afterOpening = openingEnd..<declarationStart
        }
        return CellsProtocol.Insertion(
            offset: blanksStart, indent: closingIndent + "    ", newline: newline,
            sharedLine: .init(blanks: blanksStart..<brace, closingIndent: closingIndent, afterOpening: afterOpening))
    }
}
