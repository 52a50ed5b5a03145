/// A type that implements a machine's `Cells` protocol, as one file declares it: the
/// conformances it writes and, for each member function, the steps its body returns. Also a
/// protocol extension of a `Cells` protocol (`extension TimerCells { … }`), whose members are
/// the default every conformer without its own gets. Values only: the graph of a run
/// (`MachineGraphs`) reads a `HANDLE` cell's outcomes from the members that serve it.
struct CellsImplementation: Equatable {
    /// The type's name as declared or extended, the last part of `Outer.Impl`.
    var typeName: Name
    /// The types whose bodies hold the declaration, innermost first: where a bare `Cells`
    /// conformance is looked up (`Timer` for `extension Timer { final class Impl: Cells {} }`).
    var enclosingTypes: [String]
    /// The `…Cells` protocols of its inheritance clause, as written: `TimerCells`, `Timer.Cells`, `Cells`.
    /// For a protocol extension, the protocol extended.
    var conformances: [String]
    /// `extension TimerCells { … }`: default members, not a conforming type.
    var isProtocolExtension: Bool
    var members: [Member]
    /// A `#if` among the members: which members exist depends on the build configuration.
    var hasConditionalMembers: Bool
    /// The other names of its inheritance clause (a superclass, an alias of a `Cells`
    /// protocol): the run resolves them (`class Strict: BaseRetry`, `struct Live: Handlers`).
    /// For `typealias Handlers = RetryCells & Sendable`, the alias's name is `typeName`, and
    /// its target's `…Cells` names are `conformances`.
    var inherits: [String]
    /// A `typealias` whose target names a `…Cells` protocol, or a protocol refining one
    /// (`isRefiningProtocol`), not a type.
    var isAlias: Bool
    /// `protocol DoorHandlers: DoorCells {}`, read as an alias is.
    var isRefiningProtocol: Bool
    /// A `class` not marked `final`: a subclass in a file tablint does not read may override
    /// its members.
    var isOpenClass: Bool
    /// A `class` (final or not): a name of its inheritance clause may be a superclass whose
    /// member Swift takes as the witness before a protocol extension's default.
    var isClass: Bool
    /// The type's full name, outermost first (`["Live", "Impl"]` for `enum Live { struct Impl }`,
    /// the written path for `extension Live.Impl`): two conformers named `Impl` in different
    /// types are two types. Empty when not read (the simple name is used).
    var path: [String] = []

    init(
        typeName: Name, enclosingTypes: [String], conformances: [String], isProtocolExtension: Bool, members: [Member],
        hasConditionalMembers: Bool, inherits: [String] = [], isAlias: Bool = false, isRefiningProtocol: Bool = false,
        isOpenClass: Bool = false, isClass: Bool = false
    ) {
        self.typeName = typeName
        self.enclosingTypes = enclosingTypes
        self.conformances = conformances
        self.isProtocolExtension = isProtocolExtension
        self.members = members
        self.hasConditionalMembers = hasConditionalMembers
        self.inherits = inherits
        self.isAlias = isAlias
        self.isRefiningProtocol = isRefiningProtocol
        self.isOpenClass = isOpenClass
        self.isClass = isClass
    }

    /// One member function and what its body returns.
    struct Member: Equatable {
        var name: Name
        /// Every step the body returns that tablint could read, in source order.
        var returns: [ReturnedStep]
        /// Why what the body returns is not all known (a variable, a call, a `switch`
        /// expression), and where; nil when every return was read.
        var unknown: Unreadable?
        /// Its parameters, which tell an overload of the name from the cell's member; nil when
        /// the list was not read.
        var parameters: [Parameter]?
        // The memberwise initializer: one written here makes a copy, and destroys it, per member
        // read (a machine's implementation may have thousands).
    }

    /// A parameter as a call sees it: its argument label (`_` for none) and whether it may be
    /// left out.
    struct Parameter: Equatable {
        var label: String
        var hasDefault: Bool
    }

    /// A `return .go(.x…)`, `.stay(effects:)` or `.ignored` of a body.
    struct ReturnedStep: Equatable {
        /// The state named by `.go(.x…)`; nil for a stay (`.stay`, `.ignored`).
        var target: String?
        var effects: [String]
        /// The step expression.
        var range: Range<Int>
        // The memberwise initializer, for the reason `Member` has it.
    }

    struct Unreadable: Equatable {
        var reason: String
        var range: Range<Int>

        init(reason: String, range: Range<Int>) {
            self.reason = reason
            self.range = range
        }
    }
}

/// Reads the `Cells` implementations of a Swift file: every `struct`, `class`, `enum`, `actor`
/// or `extension` whose inheritance clause names a protocol ending in `Cells`, the extensions
/// of those types in the same file, and every extension of a `…Cells` protocol, with their
/// member functions' returned steps. A file without the word `Cells` has none, which is why
/// the prefilter's declaration words (which include `Cells`) are enough to find them.
enum CellsImplementationReader {
    /// `everyExtension`: also every extension with member functions of a type the file does not
    /// show conforming (`extension TimerLogic { func idleStart… }` beside `struct TimerLogic:
    /// TimerCells` in another file); the run pairs them by the type's name.
    static func read(_ tokens: SignificantTokens, scopes: () -> TypeScopes, everyExtension: Bool = false) -> [CellsImplementation] {
        struct Head {
            var keyword: Int
            var name: Name
            var qualified: String
            var parts: [String]
            var conformances: [String]
            var inherits: [String]
            var body: Int
            var isOpenClass: Bool
            var isClass: Bool
            /// `extension Wrapper where T == Int`: a `where` clause and no conformance of its own.
            var isConstrained: Bool
        }
        var heads: [Head] = []
        var found: [CellsImplementation] = []
        var built: TypeScopes?
        let pieces = tokens.tokens
        // A declaration before the file's first `{` is in no type: the file's scopes are built
        // only for one nested deeper (most implementation files start with their `extension`).
        let firstBrace = pieces.firstIndex { $0.kind == .leftBrace } ?? pieces.count
        func enclosingTypeNames(of keyword: Int) -> [String] {
            guard keyword > firstBrace else { return [] }
            if built == nil { built = scopes() }
            return built!.enclosingTypeNames(of: keyword)
        }
        func enclosingTypePath(of keyword: Int) -> [String] {
            guard keyword > firstBrace else { return [] }
            if built == nil { built = scopes() }
            return built!.enclosingTypePath(of: keyword)
        }
        for index in pieces.indices where pieces[index].kind == .keyword || pieces[index].kind == .identifier {
            // Only `typealias`, `extension`, `struct`, `class`, `enum` and `actor` start what is
            // read: most names are none of them by their length alone.
            let length = pieces[index].length
            guard length == 4 || length == 5 || length == 6 || length == 8 || length == 9 else { continue }
            // `protocol DoorHandlers: DoorCells {}`: a conformer through it conforms to the machine's
            // `Cells` too, as through an alias (the run reads it the same way).
            if tokens.kind(index) == .keyword, tokens.isText(index, "protocol"), let refining = refiningProtocol(tokens, at: index) {
                found.append(CellsImplementation(
                    typeName: refining.name, enclosingTypes: enclosingTypeNames(of: index), conformances: refining.targets,
                    isProtocolExtension: false, members: [], hasConditionalMembers: false, isAlias: true, isRefiningProtocol: true))
                continue
            }
            if tokens.kind(index) == .keyword, tokens.isText(index, "typealias"), let alias = cellsAlias(tokens, at: index) {
                found.append(CellsImplementation(
                    typeName: alias.name, enclosingTypes: enclosingTypeNames(of: index), conformances: alias.targets,
                    isProtocolExtension: false, members: [], hasConditionalMembers: false, isAlias: true))
                continue
            }
            // `actor` is a contextual keyword: the tokenizer may give it as an identifier.
            let isActor = tokens.isText(index, "actor")
            guard tokens.kind(index) == .keyword || isActor else { continue }
            let isExtension = tokens.isText(index, "extension")
            guard isExtension || tokens.isText(index, "struct") || tokens.isText(index, "class") || tokens.isText(index, "enum")
                || isActor,
                tokens.kind(index + 1) == .identifier
            else { continue }
            // `class func`, `class var` are members, not declarations.
            var last = index + 1
            while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
            let parts = stride(from: index + 1, through: last, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }
            var cursor = last + 1
            // Generic parameters: `<S, A>`.
            if tokens.kind(cursor) == .operator, tokens.startsWith(cursor, UInt8(ascii: "<")) {
                var depth = 0
                while cursor < tokens.count {
                    if tokens.kind(cursor) == .operator {
                        for byte in tokens.text(cursor).utf8 {
                            if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                        }
                    }
                    cursor += 1
                    if depth <= 0 { break }
                }
            }
            var conformances: [String] = []
            var inherits: [String] = []
            var body: Int?
            var inWhere = false
            while cursor < tokens.count {
                let kind = tokens.kind(cursor)
                if kind == .leftBrace {
                    body = cursor
                    break
                }
                if kind == .rightBrace || kind == .semicolon || kind == .equal { break }
                if kind == .keyword, tokens.isText(cursor, "where") { inWhere = true }
                if kind == .keyword, !tokens.isText(cursor, "where"), !tokens.isText(cursor, "any"), !tokens.isText(cursor, "Self") { break }
                if kind == .identifier, !inWhere {
                    var end = cursor
                    while tokens.kind(end + 1) == .period, tokens.kind(end + 2) == .identifier { end += 2 }
                    let text = stride(from: cursor, through: end, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }
                        .joined(separator: ".")
                    if text.hasSuffix("Cells") { conformances.append(text) } else { inherits.append(text) }
                    cursor = end + 1
                    continue
                }
                if tokens.partner[cursor] > cursor { cursor = tokens.partner[cursor] }
                cursor += 1
            }
            guard let body, tokens.partner[body] > body else { continue }
            let qualified = parts.joined(separator: ".")
            let nameIndex = last
            heads.append(Head(
                keyword: index, name: Name(parts.last!, tokens[nameIndex].range), qualified: qualified, parts: parts,
                conformances: isExtension && conformances.isEmpty && parts.last!.hasSuffix("Cells") ? [] : conformances,
                inherits: inherits, body: body, isOpenClass: tokens.isText(index, "class") && !Self.isFinal(tokens, before: index),
                isClass: tokens.isText(index, "class"), isConstrained: isExtension && inWhere && conformances.isEmpty))
        }
        // Conformers, the protocols extended, then the same file's extensions of the conformers.
        var conformers = Set<String>()
        for head in heads where !head.conformances.isEmpty { conformers.insert(head.name.text) }
        for head in heads {
            let isExtension = tokens.isText(head.keyword, "extension")
            let extendsProtocol = isExtension && head.conformances.isEmpty && head.name.text.hasSuffix("Cells")
            let extendsConformer = isExtension && (everyExtension || conformers.contains(head.name.text))
            // `struct Live { … }` with `extension Live: TimerCells {}` in the same file: the
            // conformance of an extension makes the declaration's members implementations too.
            let declaresConformer = !isExtension && conformers.contains(head.name.text)
            // A subclass, or a conformer through an alias: kept for members that return a `Step`.
            // So is a plain declaration in a file naming `Step`: `extension DoorLogic: DoorCells {}`
            // in another file may make its members the implementations.
            let mayConform = !isExtension && (!head.inherits.isEmpty || everyExtension)
            guard !head.conformances.isEmpty || extendsProtocol || extendsConformer || declaresConformer || mayConform else { continue }
            var (members, conditional) = readMembers(tokens, body: head.body)
            // A member of a constrained extension is not the witness of a conformance declared
            // for every generic argument (Swift takes the protocol's default there), yet is for
            // a caller that knows the argument: which body a cell gets is not sure.
            if head.isConstrained, !extendsProtocol {
                for index in members.indices where members[index].unknown == nil {
                    members[index].unknown = CellsImplementation.Unreadable(
                        reason: "it is declared in the constrained extension `extension \(head.qualified) where …`, so Swift may call the protocol's default for the cell instead",
                        range: members[index].name.range)
                }
            }
            // An extension of a type this file does not show conforming is kept only for members
            // that return a `Step` (what the file says, whatever triggered the reading).
            if head.conformances.isEmpty, !extendsProtocol, !conformers.contains(head.name.text),
                members.isEmpty || !namesStep(tokens, body: head.body)
            {
                continue
            }
            var implementation = CellsImplementation(
                typeName: head.name, enclosingTypes: enclosingTypeNames(of: head.keyword),
                conformances: extendsProtocol ? [head.qualified] : head.conformances, isProtocolExtension: extendsProtocol,
                members: members, hasConditionalMembers: conditional, inherits: head.inherits, isOpenClass: head.isOpenClass,
                isClass: head.isClass)
            implementation.path = isExtension ? head.parts : enclosingTypePath(of: head.keyword).reversed() + head.parts
            found.append(implementation)
        }
        return found
    }

    /// Whether the modifiers before the declaration keyword at `index` include `final`.
    private static func isFinal(_ tokens: SignificantTokens, before index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, tokens.kind(cursor) == .keyword || tokens.kind(cursor) == .identifier {
            if tokens.isText(cursor, "final") { return true }
            guard ["public", "private", "fileprivate", "internal", "open", "package", "nonisolated"].contains(tokens.text(cursor)) else { break }
            cursor -= 1
        }
        return false
    }

    /// The `…Cells` names of a list of dotted type names from `start`, joined by `&` (and by
    /// `,` when `commas`, as an inheritance list is).
    private static func cellsNames(_ tokens: SignificantTokens, from start: Int, commas: Bool) -> [String] {
        var names: [String] = []
        var cursor = start
        while cursor < tokens.count, tokens.kind(cursor) == .identifier {
            var end = cursor
            while tokens.kind(end + 1) == .period, tokens.kind(end + 2) == .identifier { end += 2 }
            let text = stride(from: cursor, through: end, by: 2).map { SignificantTokens.unticked(tokens.text($0)) }.joined(separator: ".")
            if text.hasSuffix("Cells") { names.append(text) }
            cursor = end + 1
            guard (commas && tokens.kind(cursor) == .comma) || (tokens.kind(cursor) == .operator && tokens.isText(cursor, "&")) else { break }
            cursor += 1
        }
        return names
    }

    /// `typealias Handlers = RetryCells`, `= RetryCells & Sendable`, `= Retry.Cells`: the alias's
    /// name and the `…Cells` names of its target; nil for any other alias.
    private static func cellsAlias(_ tokens: SignificantTokens, at index: Int) -> (name: Name, targets: [String])? {
        guard tokens.kind(index + 1) == .identifier, tokens.kind(index + 2) == .equal else { return nil }
        let targets = cellsNames(tokens, from: index + 3, commas: false)
        guard !targets.isEmpty else { return nil }
        return (Name(SignificantTokens.unticked(tokens.text(index + 1)), tokens[index + 1].range), targets)
    }

    /// `protocol DoorHandlers: DoorCells, Sendable {`: its name and the `…Cells` protocols it
    /// refines; nil for a protocol named `…Cells` (`CellsProtocolReader` reads those) or one
    /// refining none.
    private static func refiningProtocol(_ tokens: SignificantTokens, at index: Int) -> (name: Name, targets: [String])? {
        guard tokens.kind(index + 1) == .identifier, tokens.kind(index + 2) == .colon else { return nil }
        let name = SignificantTokens.unticked(tokens.text(index + 1))
        guard !name.hasSuffix("Cells") else { return nil }
        let targets = cellsNames(tokens, from: index + 3, commas: true)
        guard !targets.isEmpty else { return nil }
        return (Name(name, tokens[index + 1].range), targets)
    }

    /// Whether the body opened at `body` names `Step` (a member's result type).
    private static func namesStep(_ tokens: SignificantTokens, body: Int) -> Bool {
        let end = tokens.partner[body]
        var index = body + 1
        while index < end {
            if tokens.kind(index) == .identifier, tokens.isText(index, "Step") { return true }
            index += 1
        }
        return false
    }

    /// The member functions directly in the body opened at `body`.
    private static func readMembers(_ tokens: SignificantTokens, body: Int) -> ([CellsImplementation.Member], Bool) {
        let end = tokens.partner[body]
        var members: [CellsImplementation.Member] = []
        var conditional = false
        var index = body + 1
        while index < end {
            let kind = tokens.kind(index)
            if kind == .poundKeyword, tokens.isText(index, "#if") { conditional = true }
            if kind == .keyword, tokens.isText(index, "func"), index + 1 < end {
                // A `static func` (or `class func`) of the name is not the instance requirement.
                var modifier = index - 1
                var isTypeMember = false
                while modifier > body, tokens.kind(modifier) == .keyword || tokens.kind(modifier) == .identifier {
                    if tokens.isText(modifier, "static") || tokens.isText(modifier, "class") { isTypeMember = true }
                    guard ["static", "class", "public", "private", "fileprivate", "internal", "open", "final", "override",
                           "nonisolated", "mutating", "package", "dynamic", "@objc"].contains(tokens.text(modifier)) else { break }
                    modifier -= 1
                }
                let nameIndex = index + 1
                if isTypeMember {
                    index = nameIndex
                    continue
                }
                let name = Name(tokens.untickedText(nameIndex), tokens[nameIndex].range)
                // The body: the first `{` after the head, over the parameter lists and the result type.
                var cursor = nameIndex + 1
                var bodyOpen: Int?
                while cursor < end {
                    let here = tokens.kind(cursor)
                    if here == .leftBrace {
                        bodyOpen = cursor
                        break
                    }
                    if here == .rightBrace || (here == .keyword && (tokens.isText(cursor, "func") || tokens.isText(cursor, "var")
                        || tokens.isText(cursor, "let")))
                    {
                        break
                    }
                    if tokens.partner[cursor] > cursor, here != .leftBrace { cursor = tokens.partner[cursor] }
                    cursor += 1
                }
                if let bodyOpen, tokens.partner[bodyOpen] > bodyOpen {
                    var member = BodyReader(tokens: tokens).member(name, body: bodyOpen)
                    member.parameters = parameters(tokens, from: nameIndex + 1, to: bodyOpen)
                    members.append(member)
                    index = tokens.partner[bodyOpen] + 1
                    continue
                }
                index = cursor
                continue
            }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
        return (members, conditional)
    }

    /// The parameter list of the function head between `start` (after its name) and `end` (its
    /// body); nil when it is not there or a parameter is not `label name: Type` or `name: Type`.
    static func parameters(_ tokens: SignificantTokens, from start: Int, to end: Int) -> [CellsImplementation.Parameter]? {
        // The list is the first parenthesis of the head: a generic clause holds none.
        guard let open = (start..<end).first(where: { tokens.kind($0) == .leftParen || tokens.kind($0) == .arrow }),
            tokens.kind(open) == .leftParen, tokens.partner[open] > open
        else { return nil }
        let close = tokens.partner[open]
        var parameters: [CellsImplementation.Parameter] = []
        var first = open + 1
        while first < close {
            var stop = first
            while stop < close, tokens.kind(stop) != .comma {
                if tokens.partner[stop] > stop { stop = tokens.partner[stop] }
                stop += 1
            }
            guard let colon = (first..<stop).first(where: { tokens.kind($0) == .colon }), colon - first == 1 || colon - first == 2 else { return nil }
            let label = tokens.kind(first) == .wildcard ? "_" : tokens.untickedText(first)
            // An `=` after the colon can only start a default value.
            parameters.append(.init(label: label, hasDefault: (colon..<stop).contains { tokens.kind($0) == .equal }))
            first = stop + 1
        }
        return parameters
    }
}

extension CellsImplementation {
    /// Of one type's member functions of a `HANDLE` cell's name (its declaration's and its
    /// extensions' together), the ones that serve the cell. The dispatcher calls the member with
    /// every argument unlabelled (`cells.shutKnock(ctx)`), so an overload that needs a label
    /// (`shutKnock(_ ctx: Ctx, verbose: Bool)`), or that takes another number of arguments than
    /// the call passes (`arguments`, when known), is another function, and none may serve (then
    /// a protocol extension's default does); of several the call could reach, Swift takes the
    /// one that defaults no parameter. When the labels do not settle it (two such, or a list not
    /// read beside another), one member of those the call could reach stands for them all,
    /// whose outcome is unknown, saying why.
    ///
    /// `labels`, when known, are the call's argument labels in order (`_` for none): the
    /// dispatcher's `cells.tick(ctx, payload: p)`, or the protocol requirement's, which the
    /// member implementing it must match. Then a member whose labels differ is another function.
    static func servingCell(_ members: [(file: Int, member: Member)], labels: [String]? = nil) -> [(file: Int, member: Member)] {
        // One function of the name (the usual case, once per HANDLE cell): it serves the cell
        // when the call can reach it, as the general case below decides, without its arrays.
        if members.count == 1 {
            guard let parameters = members[0].member.parameters else { return members }
            return reachable(by: labels, parameters) ? members : []
        }
        var candidates = members
        if members.allSatisfy({ $0.member.parameters != nil }) {
            candidates = members.filter { reachable(by: labels, $0.member.parameters!) }
            let exact = candidates.filter { candidate in
                let parameters = candidate.member.parameters!
                return !parameters.contains(where: \.hasDefault) && (labels.map { parameters.map(\.label) == $0 } ?? parameters.allSatisfy { $0.label == "_" })
            }
            if exact.count == 1 { return exact }
            if exact.isEmpty, candidates.count <= 1 { return candidates }
            if !exact.isEmpty { candidates = exact }
        }
        let first = candidates[0]
        let reason = "\(candidates.count) functions `\(first.member.name.text)` are declared, and their argument labels do not tell which one the dispatcher's call reaches"
        return [(first.file, Member(name: first.member.name, returns: [], unknown: Unreadable(reason: reason, range: first.member.name.range)))]
    }

    /// Whether a call with these argument labels (any number of unlabelled ones when nil) can
    /// reach a function of these parameters: each argument fills, in order, the next parameter
    /// of its label, the parameters skipped have defaults, and so do those left over.
    static func reachable(by labels: [String]?, _ parameters: [Parameter]) -> Bool {
        guard let labels else { return parameters.allSatisfy { $0.label == "_" || $0.hasDefault } }
        var next = 0
        for parameter in parameters {
            if next < labels.count, labels[next] == parameter.label {
                next += 1
            } else if !parameter.hasDefault {
                return false
            }
        }
        return next == labels.count
    }
}

/// What one function body returns.
private struct BodyReader {
    let tokens: SignificantTokens

    typealias Member = CellsImplementation.Member
    typealias Unreadable = CellsImplementation.Unreadable

    func member(_ name: Name, body open: Int) -> Member {
        let close = tokens.partner[open]
        let inside = (open + 1)..<close
        var member = Member(name: name, returns: [])
        if inside.contains(where: { tokens.kind($0) == .poundKeyword && tokens.isText($0, "#if") }) {
            member.unknown = Unreadable(reason: "a `#if` in its body", range: tokens.range(inside))
            return member
        }
        if tokens.hasUnterminatedConstruct(inside: open) {
            member.unknown = Unreadable(reason: "its body is not read to its end", range: tokens.range(inside))
            return member
        }
        var sawReturn = false
        scan(inside, into: &member, sawReturn: &sawReturn)
        if !sawReturn {
            // A body without `return`: a single expression is returned implicitly; statements
            // ending in `fatalError` return nothing.
            let statements = self.statements(inside)
            if statements.count == 1, !isDeclaration(statements[0]) {
                read(statements[0], into: &member)
            } else if let last = statements.last, isNoReturnCall(last) {
                // No outcome.
            } else if member.unknown == nil {
                member.unknown = Unreadable(
                    reason: "its body returns no step tablint can read", range: inside.isEmpty ? tokens[open].range : tokens.range(inside))
            }
        }
        return member
    }

    /// Walks statements and the bodies of `if`, `guard`, `switch`, `for`, `while`, `do`,
    /// `catch`, `repeat` and `else` for `return`s; a closure's or a nested function's body is
    /// its own, and skipped.
    private func scan(_ range: Range<Int>, into member: inout Member, sawReturn: inout Bool) {
        var index = range.lowerBound
        var controlBodyNext = false
        while index < range.upperBound {
            let kind = tokens.kind(index)
            if kind == .keyword {
                if tokens.isText(index, "if") || tokens.isText(index, "guard") || tokens.isText(index, "switch")
                    || tokens.isText(index, "for") || tokens.isText(index, "while") || tokens.isText(index, "do")
                    || tokens.isText(index, "catch") || tokens.isText(index, "repeat") || tokens.isText(index, "else")
                {
                    controlBodyNext = true
                } else if tokens.isText(index, "return") {
                    sawReturn = true
                    let end = max(tokens.bodyExpressionEnd(from: index + 1, limit: range.upperBound), index + 1)
                    let expression = (index + 1)..<end
                    if expression.isEmpty || tokens.kind(index + 1) == .rightBrace {
                        noteUnknown("a `return` without a value", tokens[index].range, &member)
                        index += 1
                        continue
                    }
                    read(expression, into: &member)
                    index = end
                    continue
                }
            }
            if kind == .leftBrace {
                let close = tokens.partner[index]
                guard close > index else { return }
                if controlBodyNext {
                    controlBodyNext = false
                    scan((index + 1)..<close, into: &member, sawReturn: &sawReturn)
                }
                index = close + 1
                continue
            }
            if kind == .rightBrace { controlBodyNext = false }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
    }

    private func noteUnknown(_ reason: String, _ range: Range<Int>, _ member: inout Member) {
        if member.unknown == nil { member.unknown = Unreadable(reason: reason, range: range) }
    }

    /// The statements directly in a body, split as the dispatcher reader splits an arm's.
    private func statements(_ range: Range<Int>) -> [Range<Int>] {
        var statements: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens.kind(index) == .semicolon {
                index += 1
                continue
            }
            let end = max(tokens.bodyExpressionEnd(from: index, limit: range.upperBound), index + 1)
            statements.append(index..<end)
            index = end
        }
        return statements
    }

    private func isDeclaration(_ statement: Range<Int>) -> Bool {
        tokens.isText(statement.lowerBound, "let") || tokens.isText(statement.lowerBound, "var")
    }

    /// `fatalError(…)`, `preconditionFailure(…)`, `Swift.fatalError(…)`.
    private func isNoReturnCall(_ expression: Range<Int>) -> Bool {
        var start = expression.lowerBound
        if tokens.isText(start, "Swift"), tokens.kind(start + 1) == .period { start += 2 }
        guard tokens.isText(start, "fatalError") || tokens.isText(start, "preconditionFailure"),
            tokens.kind(start + 1) == .leftParen, tokens.partner[start + 1] == expression.upperBound - 1
        else { return false }
        return true
    }

    /// One returned expression: a step, a ternary of steps, a call that never returns.
    private func read(_ written: Range<Int>, into member: inout Member) {
        var expression = written
        while !expression.isEmpty, tokens.isText(expression.lowerBound, "try") || tokens.isText(expression.lowerBound, "await") {
            expression = (expression.lowerBound + 1)..<expression.upperBound
            if tokens.kind(expression.lowerBound) == .operator { expression = (expression.lowerBound + 1)..<expression.upperBound }
        }
        guard !expression.isEmpty else { return noteUnknown("a `return` without a value", tokens.range(written), &member) }
        if isNoReturnCall(expression) { return }
        if let (yes, no) = ternary(expression) {
            read(yes, into: &member)
            read(no, into: &member)
            return
        }
        if tokens.kind(expression.lowerBound) == .leftParen, tokens.partner[expression.lowerBound] == expression.upperBound - 1 {
            return read((expression.lowerBound + 1)..<(expression.upperBound - 1), into: &member)
        }
        if let step = step(expression) {
            member.returns.append(step)
            return
        }
        noteUnknown("it returns `\(tokens.oneLine(expression))`, which tablint cannot follow", tokens.range(expression), &member)
    }

    /// `c ? a : b` at the top level of the expression: the two branches.
    private func ternary(_ expression: Range<Int>) -> (Range<Int>, Range<Int>)? {
        var question: Int?
        var depth = 0
        var index = expression.lowerBound
        while index < expression.upperBound {
            let kind = tokens.kind(index)
            if kind == .operator, tokens.isTernaryQuestion(index) {
                if question == nil { question = index } else { depth += 1 }
            } else if kind == .colon, let open = question {
                if depth == 0 { return ((open + 1)..<index, (index + 1)..<expression.upperBound) }
                depth -= 1
            }
            if tokens.partner[index] > index { index = tokens.partner[index] }
            index += 1
        }
        return nil
    }

    /// `.go(.x…)`, `.go(.x(…), effects: [...])`, `Step.go(…)`, `.stay`, `.stay(effects: [...])`, `.ignored`.
    private func step(_ written: Range<Int>) -> CellsImplementation.ReturnedStep? {
        var expression = written
        // `Step.go`, `Timer.Step.go`, `TabularCenter.Step<S, F>.go`: the qualifier is dropped.
        if tokens.kind(expression.lowerBound) == .identifier {
            var index = expression.lowerBound
            while index < expression.upperBound, tokens.kind(index) == .identifier, tokens.kind(index + 1) == .period {
                if tokens.isText(index, "Step") { break }
                index += 2
            }
            guard tokens.isText(index, "Step"), tokens.kind(index + 1) == .period else { return nil }
            expression = (index + 1)..<expression.upperBound
        }
        let range = tokens.range(written)
        if let quick = plainGo(expression, range: range) { return quick }
        guard tokens.kind(expression.lowerBound) == .period, let (name, arguments) = tokens.memberCall(expression) else { return nil }
        switch (name.text, arguments) {
        case ("ignored", nil), ("stay", nil):
            return .init(target: nil, effects: [], range: range)
        case ("stay", _?):
            guard let parts = tokens.elements(inside: expression.lowerBound + 2), parts.count == 1,
                tokens.label(of: parts[0]) == "effects", let effects = effectList(tokens.unlabelled(parts[0]))
            else { return nil }
            return .init(target: nil, effects: effects, range: range)
        case ("go", _?):
            guard let parts = tokens.elements(inside: expression.lowerBound + 2), parts.count == 1 || parts.count == 2,
                tokens.label(of: parts[0]) == nil, let (target, _) = tokens.caseReference(parts[0])
            else { return nil }
            var effects: [String] = []
            if parts.count == 2 {
                let label = tokens.label(of: parts[1])
                guard label == nil || label == "effects", let read = effectList(tokens.unlabelled(parts[1])) else { return nil }
                effects = read
            }
            return .init(target: target.text, effects: effects, range: range)
        default:
            return nil
        }
    }

    /// `.go(.x)`, `.go(.x, effects: [])`, `.go(.x, effects: [.a, .b])`, the steps most bodies
    /// return, read token by token as `step` reads them; nil for any other shape (`step` reads it).
    private func plainGo(_ expression: Range<Int>, range: Range<Int>) -> CellsImplementation.ReturnedStep? {
        let start = expression.lowerBound, end = expression.upperBound
        guard end - start >= 6, tokens.kind(start) == .period, tokens.kind(start + 1) == .identifier, tokens.isText(start + 1, "go"),
            tokens.kind(start + 2) == .leftParen, tokens.partner[start + 2] == end - 1,
            tokens.kind(start + 3) == .period, tokens.kind(start + 4) == .identifier
        else { return nil }
        let target = tokens.untickedText(start + 4)
        if start + 5 == end - 1 { return .init(target: target, effects: [], range: range) }
        let open = start + 8
        guard tokens.kind(start + 5) == .comma, tokens.kind(start + 6) == .identifier, tokens.isText(start + 6, "effects"),
            tokens.kind(start + 7) == .colon, tokens.kind(open) == .leftBracket, tokens.partner[open] == end - 2
        else { return nil }
        var effects: [String] = []
        var index = open + 1
        while index < end - 2 {
            guard tokens.kind(index) == .period, tokens.kind(index + 1) == .identifier else { return nil }
            effects.append(tokens.untickedText(index + 1))
            index += 2
            if index == end - 2 { break }
            guard tokens.kind(index) == .comma, index + 1 < end - 2 else { return nil }
            index += 1
        }
        return .init(target: target, effects: effects, range: range)
    }

    private func effectList(_ element: Range<Int>) -> [String]? {
        guard let items = tokens.arrayElements(element) else {
            // `[]` has no elements.
            if element.count == 2, tokens.kind(element.lowerBound) == .leftBracket, tokens.partner[element.lowerBound] == element.upperBound - 1 {
                return []
            }
            return nil
        }
        var names: [String] = []
        for item in items {
            guard let (name, _) = tokens.caseReference(item) else { return nil }
            names.append(name.text)
        }
        return names
    }
}

/// What the body reader asks of the tokens of every one of thousands of bodies, without the
/// general helpers' costs.
extension SignificantTokens {
    /// `unticked(text(index))`: a name with no backtick first is its text as it is, made
    /// without counting its characters.
    fileprivate func untickedText(_ index: Int) -> String {
        let token = tokens[index]
        guard token.length > 0, file.bytes[token.start] == UInt8(ascii: "`") else { return file.text(of: token) }
        return Self.unticked(file.text(of: token))
    }

    /// `expressionEnd(from:limit:)`, telling a line break between two tokens by the bytes
    /// between them (a `\n` or `\r`, what `LineTable` starts a line after) rather than by two
    /// searches of the line table per token. A line that starts with the `:` of a ternary whose
    /// `?` came before (`return ok\n ? .go(.a)\n : .go(.b)`) continues the expression.
    fileprivate func bodyExpressionEnd(from start: Int, limit: Int) -> Int {
        var index = start
        // The ternaries' `?`s not yet closed by their `:` (an operator `?` after a space: not
        // an optional's `a?.b`, `T?`).
        var openTernaries = 0
        while index < limit {
            let here = kind(index)
            if here == .semicolon { return index }
            if index > start, breaksLine(between: index - 1, and: index) {
                let continues = here == .period || here == .operator || kind(index - 1) == .operator
                    || kind(index - 1) == .equal || (here == .colon && openTernaries > 0)
                if !continues { return index }
            }
            if here == .operator, isTernaryQuestion(index) {
                openTernaries += 1
            } else if here == .colon, openTernaries > 0 {
                openTernaries -= 1
            }
            if partner[index] > index { index = partner[index] }
            index += 1
        }
        return min(index, limit)
    }

    /// A `?` written as the ternary operator is: alone, after a space or a line break.
    fileprivate func isTernaryQuestion(_ index: Int) -> Bool {
        let token = tokens[index]
        guard token.length == 1, file.bytes[token.start] == UInt8(ascii: "?"), token.start > 0 else { return false }
        let before = file.bytes[token.start - 1]
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "\n") || before == UInt8(ascii: "\r") || before == UInt8(ascii: "\t")
    }

    private func breaksLine(between previous: Int, and next: Int) -> Bool {
        let from = tokens[previous].end, to = tokens[next].start
        guard from < to else { return false }
        return file.bytes.withUnsafeBufferPointer { bytes in
            for offset in from..<to where bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r") { return true }
            return false
        }
    }
}
