/// Which braces of a Swift file are type bodies, so a declaration can be placed: at the top
/// level, directly in a type (`enum Timer { … }`, `extension Timer { … }`), or somewhere
/// inside a function or closure. Built in one pass, without recursion; every query is O(1).
struct TypeScopes {
    /// For every significant token, the index of the innermost `{` around it; -1 at top level.
    private var enclosingBrace: [Int32]
    /// For a `{` that opens a type body, the index in `names` of the type's name (the last
    /// part of `Outer.Timer`); -1 for every other token. Arrays indexed by token, not
    /// dictionaries: one store per brace, no hashing.
    private var typeName: [Int32]
    private var names: [String] = []
    /// For every `{`, the innermost type body it is in or is: its `{` index, or -1.
    private var nearestType: [Int32]
    /// For a `{` that opens the body of a generic type (`struct Runner<S, A> {`), its
    /// generic parameters' names (few files have any); for a protocol, its associated types;
    /// for an extension, the names its `where` clause constrains and the generic parameters
    /// of the type it extends, when the file declares that type.
    private var typeGenerics: [Int: Set<String>] = [:]
    /// For a `{` that opens `extension Lab.Outer {`, the parts before the last (`Lab`).
    private var extendedQualifiers: [Int: [String]] = [:]

    /// Keywords that end a type declaration's head without a body having started.
    private static let headBreakers: Set<String> = [
        "func", "var", "let", "case", "init", "subscript", "typealias", "import", "return", "deinit",
    ]

    init(_ tokens: SignificantTokens) {
        enclosingBrace = [Int32](repeating: -1, count: tokens.count)
        typeName = [Int32](repeating: -1, count: tokens.count)
        nearestType = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        var pendingType: String?
        var pendingGenerics: Set<String> = []
        var pendingIsExtension = false
        var pendingQualifiers: [String] = []
        var inWhereClause = false
        // By type name: the generic parameters a declaration in this file gives it, and the
        // bodies of extensions of it, which share them.
        var declaredGenerics: [String: Set<String>] = [:]
        var extensionBodies: [(brace: Int, name: String)] = []
        var index = 0
        while index < tokens.count {
            enclosingBrace[index] = Int32(truncatingIfNeeded: open.last ?? -1)
            let token = tokens[index]
            switch token.kind {
            case .leftBrace:
                let parentType = open.last.map { nearestType[$0] } ?? -1
                if let name = pendingType {
                    typeName[index] = Int32(truncatingIfNeeded: names.count)
                    names.append(name)
                    nearestType[index] = Int32(truncatingIfNeeded: index)
                    if !pendingGenerics.isEmpty { typeGenerics[index] = pendingGenerics }
                    if pendingIsExtension {
                        extensionBodies.append((index, name))
                        if !pendingQualifiers.isEmpty { extendedQualifiers[index] = pendingQualifiers }
                    } else if !pendingGenerics.isEmpty {
                        declaredGenerics[name, default: []].formUnion(pendingGenerics)
                    }
                } else {
                    nearestType[index] = parentType
                }
                pendingType = nil
                inWhereClause = false
                open.append(index)
            case .rightBrace:
                // Only a closer paired with the innermost opener closes it; a stray one is ignored.
                if let last = open.last, tokens.partner[index] == last { open.removeLast() }
                pendingType = nil
            case .semicolon:
                pendingType = nil
            case .keyword, .identifier:
                // Only `enum`, `actor`, `class`, `struct`, `protocol` and `extension` declare a
                // type: other lengths cannot.
                let length = token.length
                if length == 4 || length == 5 || length == 6 || length == 8 || length == 9,
                    let name = Self.declaredTypeName(tokens, at: index)
                {
                    pendingType = name
                    pendingIsExtension = tokens.isText(index, "extension")
                    pendingQualifiers = pendingIsExtension ? Self.extendedQualifiers(tokens, at: index) : []
                    pendingGenerics = Self.genericParameters(tokens, after: index + 1)
                    inWhereClause = false
                } else if pendingType != nil, token.kind == .keyword, tokens.isText(index, "where") {
                    inWhereClause = true
                } else if pendingType != nil, token.kind == .keyword, Self.headBreakers.contains(tokens.text(index)) {
                    pendingType = nil
                } else if inWhereClause, pendingType != nil, token.kind == .identifier,
                    Self.startsRequirement(tokens, at: index)
                {
                    // `where S == Int, A: Equatable`, `where Self.S == Int`: a constrained name.
                    pendingGenerics.insert(SignificantTokens.unticked(tokens.text(index)))
                } else if token.kind == .keyword, tokens.isText(index, "associatedtype"), tokens.kind(index + 1) == .identifier,
                    let body = open.last, typeName[body] >= 0
                {
                    let name = SignificantTokens.unticked(tokens.text(index + 1))
                    typeGenerics[body, default: []].insert(name)
                    declaredGenerics[names[Int(typeName[body])], default: []].insert(name)
                }
            default:
                break
            }
            index += 1
        }
        for (brace, name) in extensionBodies {
            if let generics = declaredGenerics[name] { typeGenerics[brace, default: []].formUnion(generics) }
        }
    }

    /// Whether the identifier at `index` begins a requirement of a `where` clause: right after
    /// `where` or a comma, or after `Self.` there.
    private static func startsRequirement(_ tokens: SignificantTokens, at index: Int) -> Bool {
        func opens(_ previous: Int) -> Bool {
            tokens.kind(previous) == .comma || (tokens.kind(previous) == .keyword && tokens.isText(previous, "where"))
        }
        if opens(index - 1) { return true }
        return index >= 3 && tokens.kind(index - 1) == .period && tokens.isText(index - 2, "Self") && opens(index - 3)
    }

    /// `enum X`, `struct X`, `class X`, `actor X`, `protocol X`, `extension A.B.X`: the name.
    private static func declaredTypeName(_ tokens: SignificantTokens, at index: Int) -> String? {
        guard tokens.kind(index + 1) == .identifier else { return nil }
        if tokens.kind(index) == .keyword {
            guard tokens.isText(index, "enum") || tokens.isText(index, "struct") || tokens.isText(index, "class")
                || tokens.isText(index, "protocol") || tokens.isText(index, "extension")
            else { return nil }
        } else if !tokens.isText(index, "actor") {
            return nil
        }
        var last = index + 1
        if tokens.isText(index, "extension") {
            while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
        }
        return SignificantTokens.unticked(tokens.text(last))
    }

    /// `Lab` of `extension Lab.Outer`: the parts of the extended name before its last.
    private static func extendedQualifiers(_ tokens: SignificantTokens, at index: Int) -> [String] {
        var parts = [SignificantTokens.unticked(tokens.text(index + 1))]
        var last = index + 1
        while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier {
            last += 2
            parts.append(SignificantTokens.unticked(tokens.text(last)))
        }
        return Array(parts.dropLast())
    }

    /// `<S: Hashable, A>` right after the type name at `nameIndex`: the names it declares (an
    /// identifier after the opening `<` or a comma, at the clause's own depth).
    private static func genericParameters(_ tokens: SignificantTokens, after nameIndex: Int) -> Set<String> {
        var index = nameIndex + 1
        guard tokens.kind(index) == .operator, tokens.text(index).hasPrefix("<") else { return [] }
        var names = Set<String>()
        var depth = 0
        while index < tokens.count {
            switch tokens.kind(index) {
            case .operator:
                let text = tokens.text(index)
                for character in text.utf8 {
                    if character == UInt8(ascii: "<") { depth += 1 }
                    if character == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return names }
            case .identifier:
                let previous = index - 1
                let opensClause = tokens.kind(previous) == .operator && tokens.text(previous).hasSuffix("<")
                if depth == 1 && (opensClause || tokens.kind(previous) == .comma) {
                    names.insert(SignificantTokens.unticked(tokens.text(index)))
                }
            case .leftBrace, .rightBrace, .semicolon, nil:
                return names
            default:
                break
            }
            index += 1
        }
        return names
    }

    /// The generic parameters of every type whose body holds token `index`
    /// (`S` and `A` inside `struct Runner<S, A> { … }`).
    func enclosingGenericNames(of index: Int) -> Set<String> {
        var names = Set<String>()
        var brace = enclosingBrace(of: index)
        while let current = brace {
            if let generics = typeGenerics[current] { names.formUnion(generics) }
            brace = enclosingBrace(of: current)
        }
        return names
    }

    /// The names of the types whose bodies hold token `index`, innermost first, through
    /// functions and closures: `["Timer", "App"]` inside `extension App { enum Timer { … } }`.
    func enclosingTypeNames(of index: Int) -> [String] {
        var found: [String] = []
        var brace = enclosingBrace(of: index)
        while let current = brace {
            if let name = typeName(openedAt: current) { found.append(name) }
            brace = enclosingBrace(of: current)
        }
        return found
    }

    /// As `enclosingTypeNames`, with an extension's qualifiers after its name: `["Pump",
    /// "Outer", "Lab"]` inside `extension Lab.Outer { enum Pump { … } }`, the path the top
    /// level names the types with.
    func enclosingTypePath(of index: Int) -> [String] {
        var found: [String] = []
        var brace = enclosingBrace(of: index)
        while let current = brace {
            if let name = typeName(openedAt: current) { found.append(name) }
            if let qualifiers = extendedQualifiers[current] { found += qualifiers.reversed() }
            brace = enclosingBrace(of: current)
        }
        return found
    }

    /// The innermost `{` around token `index`, or nil at the top level.
    func enclosingBrace(of index: Int) -> Int? {
        guard index >= 0, index < enclosingBrace.count, enclosingBrace[index] >= 0 else { return nil }
        return Int(enclosingBrace[index])
    }

    /// The name of the type whose body the `{` at `brace` opens, if it opens one.
    private func typeName(openedAt brace: Int) -> String? {
        let name = typeName[brace]
        return name >= 0 ? names[Int(name)] : nil
    }

    /// The name of the innermost type whose body holds token `index`, through functions and
    /// closures: `Timer` for a `func` anywhere inside `enum Timer { … }`.
    func enclosingTypeName(of index: Int) -> String? {
        guard let brace = enclosingBrace(of: index) else { return nil }
        let type = nearestType[brace]
        return type >= 0 ? typeName(openedAt: Int(type)) : nil
    }

    /// The `{` of the innermost type body that holds token `index`, through functions and
    /// closures; nil outside every type.
    func enclosingTypeBrace(of index: Int) -> Int? {
        guard let brace = enclosingBrace(of: index) else { return nil }
        let type = nearestType[brace]
        return type >= 0 ? Int(type) : nil
    }

    /// Whether token `index` sits at the top level or directly in a type body: where a `let` is
    /// a global or a member, not a local.
    func isDeclarationLevel(_ index: Int) -> Bool {
        guard let brace = enclosingBrace(of: index) else { return true }
        return typeName(openedAt: brace) != nil
    }

    /// The type whose body directly holds token `index`, if any.
    func directTypeName(of index: Int) -> String? {
        enclosingBrace(of: index).flatMap { typeName(openedAt: $0) }
    }
}
