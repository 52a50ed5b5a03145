/// A type name declared by something other than `enum`: a `typealias`, or a `struct`, `class`,
/// `actor`, `protocol` or `associatedtype`. Swift looks a bare name up in the types around
/// the code first, so such a name in an enclosing type hides an `enum` of the same name
/// declared further out: `S` inside `enum Lamp { typealias S = LampState }` is `LampState`,
/// not a top-level `enum S`. `EnumIndex` follows an alias and stops at any other kind.
struct TypeNameDeclaration: Equatable {
    /// As written, without backticks.
    var name: String
    /// The type whose body directly holds the declaration, nil at the top level.
    var parent: String?
    /// The types around the declaration, innermost first: where an alias's target is looked up.
    var enclosingTypes: [String]
    /// `typealias`, `struct`, `class`, `actor`, `protocol` or `associatedtype`.
    var keyword: String
    /// For a `typealias` whose target is a plain type name (`LampState`, `Lamp.State`), that
    /// name without spaces; nil for any other target (`Foo<Int>`, `S?`, a tuple) or declaration.
    var aliasTarget: String?
    /// The name's byte range.
    var nameRange: Range<Int>

    init(
        name: String, parent: String?, enclosingTypes: [String], keyword: String, aliasTarget: String?,
        nameRange: Range<Int>
    ) {
        self.name = name
        self.parent = parent
        self.enclosingTypes = enclosingTypes
        self.keyword = keyword
        self.aliasTarget = aliasTarget
        self.nameRange = nameRange
    }

    /// `Lamp.S` for a declaration in `Lamp`, `S` at the top level, as `EnumDeclaration` keys it.
    var qualifiedName: String { parent.map { $0 + "." + name } ?? name }
}

/// Reads the type aliases a file declares, in one forward walk.
enum TypeNameDeclarationReader {
    static func read(_ tokens: SignificantTokens, scopes: () -> TypeScopes) -> [TypeNameDeclaration] {
        var found: [TypeNameDeclaration] = []
        var built: TypeScopes?
        // Only aliases: `Prefilter` skips a file without a reader's word, and `typealias` is one;
        // `struct` and the like are too common to be (a nested `struct S` hiding another
        // file's `enum S` is left unread).
        for index in 0..<tokens.count
        where tokens.kind(index + 1) == .identifier && tokens.kind(index) == .keyword && tokens.isText(index, "typealias") {
            let keyword = "typealias"
            if built == nil { built = scopes() }
            let name = index + 1
            found.append(TypeNameDeclaration(
                name: SignificantTokens.unticked(tokens.text(name)), parent: built!.directTypeName(of: index),
                enclosingTypes: built!.enclosingTypeNames(of: index), keyword: keyword,
                aliasTarget: keyword == "typealias" ? aliasTarget(tokens, after: name) : nil, nameRange: tokens[name].range))
        }
        return found
    }

    /// `= LampState` or `= App.Lamp.State` after the alias's name: the name without spaces.
    /// Generic aliases and targets that are not a plain name give nil.
    private static func aliasTarget(_ tokens: SignificantTokens, after name: Int) -> String? {
        guard tokens.kind(name + 1) == .equal, tokens.kind(name + 2) == .identifier else { return nil }
        var last = name + 2
        while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
        // `Foo<Int>`, `S?`, `S!`, `A & B`, `S.Type`-like suffixes: not a plain name.
        if tokens.kind(last + 1) == .operator || tokens.kind(last + 1) == .period || tokens.kind(last + 1) == .leftBracket
            || tokens.kind(last + 1) == .leftParen
        {
            return nil
        }
        return (name + 2...last).filter { tokens.kind($0) == .identifier }
            .map { SignificantTokens.unticked(tokens.text($0)) }.joined(separator: ".")
    }
}
