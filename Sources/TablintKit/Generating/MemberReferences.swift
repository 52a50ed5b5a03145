/// Every name a file writes after a `.` (`.paused`, `S.paused`, `Alarm.S.paused`,
/// `cells.pausedSnooze`) or calls bare (`pausedSnooze(ctx)`), with the offsets of the name: what the removal and rename fixes of
/// `enum-drift`, `dispatcher-drift` and `cells-drift` search before they delete or rename a
/// case or a member, so a reference they do not fix is named instead of left dangling. Read
/// in files that hold something else for the run (a matrix, an enum, a dispatcher, a `Cells`
/// protocol or implementation), and in any other file of the run that may name what a removal
/// or rename would take away (`Workspace.searchReferencesToGoingNames`): a file tablint does not
/// read is not searched.
///
/// Kept as the names' byte ranges in the file, searched by name only when a fix asks: every
/// linted file with a summary is indexed, and almost none is ever searched.
struct MemberReferences {
    /// The file's bytes, shared with the file (not copied).
    private var bytes: [UInt8] = []
    /// Each reference in file order: its token's start, and the name's bytes (without backticks).
    private var references: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32)] = []
    /// Each body of an `enum` or an `extension`, braces included, with the last component of
    /// the type's name (`A` of `extension App.Door.A: Codable`). Its bare names (`[push, lock]`,
    /// `static var shove`) are read only when a fix asks (`offsets(of:inBodiesOf:)`,
    /// `membersNamed`): a case named so is `Self.push`, which a rename would leave dangling,
    /// and a member so declared is one a case of its name would redeclare.
    private var typeBodies: [(typeStart: UInt32, typeEnd: UInt32, bodyStart: UInt32, bodyEnd: UInt32)] = []
    /// Each body of a type or extension of any kind (`struct FrontDoor`, `extension App.Door.A`),
    /// with its whole written name: whose code a bare `.push` in it is (`ReferenceOwnership`).
    private var scopes: [(nameStart: UInt32, nameEnd: UInt32, bodyStart: UInt32, bodyEnd: UInt32)] = []
    /// Each `extension X.Y: Codable` (or `Encodable`, `Decodable`): its written name, and where
    /// its keyword starts. A coding conformance stores the case names, in whatever file it is.
    private var codingExtensions: [(nameStart: UInt32, nameEnd: UInt32, keyword: UInt32, coding: UInt8)] = []

    init() {}

    init(pieces: [Token], bytes: [UInt8]) {
        self.bytes = bytes
        var references: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32)] = []
        var typeBodies: [(typeStart: UInt32, typeEnd: UInt32, bodyStart: UInt32, bodyEnd: UInt32)] = []
        var scopes: [(nameStart: UInt32, nameEnd: UInt32, bodyStart: UInt32, bodyEnd: UInt32)] = []
        var codingExtensions: [(nameStart: UInt32, nameEnd: UInt32, keyword: UInt32, coding: UInt8)] = []
        Self.forEachName(pieces, bytes) { name, start in
            references.append((UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound)))
        } typeBody: { type, body in
            typeBodies.append((
                UInt32(truncatingIfNeeded: type.lowerBound), UInt32(truncatingIfNeeded: type.upperBound),
                UInt32(truncatingIfNeeded: body.lowerBound), UInt32(truncatingIfNeeded: body.upperBound)))
        } scope: { name, body in
            scopes.append((
                UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound),
                UInt32(truncatingIfNeeded: body.lowerBound), UInt32(truncatingIfNeeded: body.upperBound)))
        } coding: { name, keyword, coding in
            codingExtensions.append((
                UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound), UInt32(truncatingIfNeeded: keyword), UInt8(coding)))
        }
        self.references = references
        self.typeBodies = typeBodies
        self.scopes = scopes
        self.codingExtensions = codingExtensions
    }

    private static func unticked(_ piece: Token, _ bytes: [UInt8]) -> Range<Int> {
        let name = piece.range
        if name.count > 2, bytes[name.lowerBound] == UInt8(ascii: "`") { return (name.lowerBound + 1)..<(name.upperBound - 1) }
        return name
    }

    /// Each name written after a `.`, and each name called bare (`playingStop(ctx)` in a member
    /// of the type that declares it, which a rename would leave dangling as surely as
    /// `self.playingStop(ctx)`): its bytes without backticks, and its token's start. A name
    /// after `func` or `case` is a declaration, not a call. `typeBody`: each body of an `enum`
    /// or `extension`, with the last component of the type's name. `scope`: each body of a
    /// type or extension of any kind, with the type's whole written name.
    static func forEachName(
        _ pieces: [Token], _ bytes: [UInt8], _ body: (Range<Int>, Int) -> Void,
        typeBody: (Range<Int>, Range<Int>) -> Void = { _, _ in },
        scope: (Range<Int>, Range<Int>) -> Void = { _, _ in },
        coding: (Range<Int>, Int, Int) -> Void = { _, _, _ in }
    ) {
        var afterPeriod = false
        var position = DeclarationPosition(bindings: false)
        // A bare name, reported only if a `(` follows it.
        var bareName: Token?
        // After `enum`, `extension`, `struct`, `class`, `protocol` until its `{`: the header's
        // name so far (its last component, and where its first starts); `nameDone` once a `:`,
        // `where` or generic clause follows the name; `readsBare` for an enum or extension.
        var header: (name: Range<Int>?, first: Int?, nameDone: Bool, readsBare: Bool)?
        // An `extension`'s keyword, until its inheritance clause names a coding protocol.
        var extensionKeyword: Int?
        // Each open brace: the type whose body it opens (nil for any other brace), and where.
        var braces: [(type: Range<Int>?, first: Int, readsBare: Bool, open: Int)] = []
        for piece in pieces where !piece.isTrivia {
            if let bare = bareName, piece.kind == .leftParen { body(unticked(bare, bytes), bare.start) }
            bareName = nil
            // `class func`, `class var`: a member's modifier, no type's header.
            if let reading = header, reading.name == nil, piece.kind != .identifier { header = nil }
            if var reading = header {
                switch piece.kind {
                case .identifier where !reading.nameDone && (reading.name == nil || afterPeriod):
                    reading.name = unticked(piece, bytes)
                    if reading.first == nil { reading.first = piece.range.lowerBound }
                    header = reading
                case .period where !reading.nameDone:
                    break
                case .identifier where reading.nameDone && extensionKeyword != nil:
                    if let name = reading.name, let first = reading.first, let which = Self.codingProtocol(bytes[unticked(piece, bytes)]) {
                        coding(first..<name.upperBound, extensionKeyword!, which)
                        extensionKeyword = nil
                    }
                case .leftBrace:
                    braces.append((reading.name, reading.first ?? 0, reading.readsBare, piece.range.lowerBound))
                    header = nil
                case .semicolon, .rightBrace:
                    // A header with no body.
                    header = nil
                default:
                    reading.nameDone = true
                    header = reading
                }
                if header != nil || piece.kind == .leftBrace {
                    afterPeriod = piece.kind == .period
                    position.advance(past: piece.kind, .of(piece, bytes))
                    continue
                }
            }
            switch piece.kind {
            case .identifier:
                if afterPeriod {
                    body(unticked(piece, bytes), piece.start)
                } else if !position.declaresNext {
                    bareName = piece
                }
            case .leftBrace:
                braces.append((nil, 0, false, piece.range.lowerBound))
            case .rightBrace:
                if let closed = braces.popLast(), let type = closed.type {
                    if closed.readsBare { typeBody(type, closed.open..<piece.range.upperBound) }
                    scope(closed.first..<type.upperBound, closed.open..<piece.range.upperBound)
                }
            default:
                break
            }
            let keyword = Keyword.of(piece, bytes)
            switch keyword {
            case .opensTypeBody, .opensExtension:
                header = (nil, nil, false, true)
                extensionKeyword = keyword == .opensExtension ? piece.range.lowerBound : nil
            case .opensOtherTypeBody:
                header = (nil, nil, false, false)
            default:
                break
            }
            afterPeriod = piece.kind == .period
            position.advance(past: piece.kind, keyword)
        }
    }

    /// The bare names of a type's body (`{ … }`, at `base` in the file), no name followed by a
    /// `.` (`Door.S` names a type): each name's bytes and token start in the file, and whether
    /// it is declared there (after `func`, `case`, `var`, `let`, or a `,` of a `case` list).
    private static func forEachBareName(_ body: [UInt8], base: Int, _ found: (Range<Int>, Int, Bool) -> Void) {
        var afterPeriod = false
        var position = DeclarationPosition(bindings: true)
        var pending: (piece: Token, declares: Bool)?
        func report(_ name: (piece: Token, declares: Bool)) {
            let range = unticked(name.piece, body)
            found((range.lowerBound + base)..<(range.upperBound + base), name.piece.start + base, name.declares)
        }
        for piece in Tokenizer.tokenize(body) where !piece.isTrivia {
            if let name = pending, name.declares || piece.kind != .period { report(name) }
            pending = nil
            if piece.kind == .identifier, !afterPeriod { pending = (piece, position.declaresNext) }
            afterPeriod = piece.kind == .period
            position.advance(past: piece.kind, .of(piece, body))
        }
        if let name = pending { report(name) }
    }

    /// Whether the next name is declared, not used: after `func` or `case`, after a `,` of a
    /// `case` list (`case push, boil(since: Int), lock`), and with `bindings` after `var` or
    /// `let`.
    private struct DeclarationPosition {
        let bindings: Bool
        /// The last token's kind and keyword: `declaresNext` is asked only of names.
        private var last: (kind: TokenKind, keyword: Keyword) = (.whitespace, .other)
        /// The paren depth of the `case` whose list is open, or `Int.min` (a stray `)` makes depth -1).
        private var caseList = Int.min
        private var parens = 0

        init(bindings: Bool) { self.bindings = bindings }

        var declaresNext: Bool {
            switch last.keyword {
            case .declaresCase, .declaresFunction: return true
            case .binds: return bindings
            case .other, .opensTypeBody, .opensExtension, .opensOtherTypeBody: return last.kind == .comma && caseList == parens
            }
        }

        mutating func advance(past kind: TokenKind, _ keyword: Keyword) {
            switch kind {
            case .leftParen: parens += 1
            case .rightParen: parens -= 1
            case .keyword: caseList = keyword == .declaresCase ? parens : .min
            // `if case .open = s, isReady(ctx)` is a condition, not a list (a raw-valued
            // enum, `case a = 1, b`, is never renamed).
            case .leftBrace, .rightBrace, .semicolon, .equal: caseList = .min
            // `case .open:` ends a pattern; `since: Int` in a payload does not end the list.
            case .colon where caseList == parens: caseList = .min
            default: break
            }
            last = (kind, keyword)
        }
    }

    /// What a keyword says of the names after it, worked out once per token from its length
    /// and bytes (this runs on every token of every file with a summary).
    private enum Keyword {
        /// Not a keyword, or one that says nothing here.
        case other
        /// `case`: the name after it is declared, and so is each after a `,` of its list.
        case declaresCase
        /// `func`: the name after it is declared.
        case declaresFunction
        /// `var` or `let`: the name after it is declared (a member, in a type's body).
        case binds
        /// `enum`: a body whose bare names may be the type's members.
        case opensTypeBody
        /// `extension`: the same, and its inheritance clause may make the type coded.
        case opensExtension
        /// `struct`, `class` or `protocol`: a body whose code a bare `.push` in it belongs to.
        case opensOtherTypeBody

        static func of(_ piece: Token, _ bytes: [UInt8]) -> Keyword {
            guard piece.kind == .keyword else { return .other }
            let start = piece.start
            func spells(_ word: StaticString) -> Bool {
                word.withUTF8Buffer { word in word.indices.allSatisfy { bytes[start + $0] == word[$0] } }
            }
            switch piece.length {
            case 3: return spells("var") || spells("let") ? .binds : .other
            case 4:
                if spells("case") { return .declaresCase }
                if spells("func") { return .declaresFunction }
                return spells("enum") ? .opensTypeBody : .other
            case 5: return spells("class") ? .opensOtherTypeBody : .other
            case 6: return spells("struct") ? .opensOtherTypeBody : .other
            case 8: return spells("protocol") ? .opensOtherTypeBody : .other
            case 9: return spells("extension") ? .opensExtension : .other
            default: return .other
            }
        }
    }

    /// The index in `codingProtocols` of the protocol `word` spells.
    private static func codingProtocol(_ word: ArraySlice<UInt8>) -> Int? {
        codingProtocols.firstIndex { word.elementsEqual($0.utf8) }
    }

    /// The words that may make a file hold a coding extension: a search for going names looks
    /// for them too.
    static let codingProtocols = ["Codable", "Encodable", "Decodable"]

    /// Each coding extension (`extension Door.S: Codable {}`): its written name without spaces,
    /// the types around it (innermost first), and where its keyword is.
    var codingConformances: [(type: String, coding: String, enclosing: [String], offset: Int)] {
        codingExtensions.map { entry in
            let name = String(decoding: bytes[Int(entry.nameStart)..<Int(entry.nameEnd)].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "`") }, as: UTF8.self)
            return (name, Self.codingProtocols[Int(entry.coding)], enclosingTypes(of: Int(entry.keyword)), Int(entry.keyword))
        }
    }

    var isEmpty: Bool { references.isEmpty && typeBodies.isEmpty && codingExtensions.isEmpty }

    /// The file's bytes, nil for a summary read without them: `ExhaustiveSwitches` reads the
    /// switches of the few files that name every case of an enum gaining one.
    var fileBytes: [UInt8]? { bytes.isEmpty ? nil : bytes }

    var hasCodingConformance: Bool { !codingExtensions.isEmpty }

    /// The file's bytes in `range` (cut at the file's end), nil when it starts outside them (a
    /// summary read without its bytes).
    func text(in range: Range<Int>) -> String? {
        guard range.lowerBound >= 0, range.lowerBound <= bytes.count else { return nil }
        return String(decoding: bytes[range.lowerBound..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    /// The written names of the types whose bodies hold `offset`, innermost first
    /// (`["FrontDoor", "App"]`, `["Door.A"]`), without spaces.
    func enclosingTypes(of offset: Int) -> [String] {
        scopes.filter { Int($0.bodyStart) < offset && offset < Int($0.bodyEnd) }
            .sorted { $0.bodyEnd - $0.bodyStart < $1.bodyEnd - $1.bodyStart }
            .map { String(decoding: bytes[Int($0.nameStart)..<Int($0.nameEnd)].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "`") }, as: UTF8.self) }
    }

    /// How the name at `offset` is reached: `nil` when no `.` precedes it (a bare name), `[]` for
    /// an implicit member (`.push`) or one of an expression (`Garden().openPull`), else the
    /// names before it (`["Door", "A"]` for `Door.A.push`, `["cells"]` for `cells.openPull`).
    /// Read from the bytes back from the name: spaces and line breaks may sit around the dots.
    func qualifier(before offset: Int) -> [String]? {
        func isName(_ byte: UInt8) -> Bool { byte >= 0x80 || byte == UInt8(ascii: "`") || Prefilter.isNameByte(byte) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = min(offset, bytes.count) - 1
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ".") else { return nil }
        var names: [String] = []
        while true {
            index -= 1
            while index >= 0, isSpace(bytes[index]) { index -= 1 }
            guard index >= 0, isName(bytes[index]) else { return names }
            let end = index + 1
            while index >= 0, isName(bytes[index]) { index -= 1 }
            names.insert(String(decoding: bytes[(index + 1)..<end].filter { $0 != UInt8(ascii: "`") }, as: UTF8.self), at: 0)
            while index >= 0, isSpace(bytes[index]) { index -= 1 }
            guard index >= 0, bytes[index] == UInt8(ascii: ".") else { return names }
        }
    }

    /// Whether the name at `offset` is reached through a value (`ctx.locked`,
    /// `model.state.locked`): the `.` before it follows a name with nothing between them, and
    /// that name starts lower-case, as Swift's values do, and is no `self` (a static member's
    /// `self.locked` is the case) or keyword (`case .locked`, `return .locked`).
    func isReachedThroughAValue(_ offset: Int) -> Bool {
        func isName(_ byte: UInt8) -> Bool { byte >= 0x80 || Prefilter.isNameByte(byte) }
        guard offset >= 2, offset <= bytes.count, bytes[offset - 1] == UInt8(ascii: "."), isName(bytes[offset - 2]) else { return false }
        var start = offset - 2
        while start > 0, isName(bytes[start - 1]) { start -= 1 }
        let receiver = String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
        guard let first = receiver.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return receiver != "self" && !Keywords.reserved.contains(receiver)
    }

    /// Whether the file spells `word` as a whole word anywhere (in code, a comment or a string).
    func containsWord(_ word: String) -> Bool { containsWord(word, in: bytes.indices) }

    /// Whether the line holding byte `offset` has `word` as a whole name.
    func lineContainsWord(_ word: String, at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count else { return false }
        var start = min(offset, bytes.count), end = start
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return containsWord(word, in: start..<end)
    }

    private func containsWord(_ word: String, in range: Range<Int>) -> Bool {
        let wanted = Array(word.utf8)
        guard !wanted.isEmpty, wanted.count <= range.count else { return false }
        func isName(_ byte: UInt8) -> Bool { byte >= 0x80 || Prefilter.isNameByte(byte) }
        var index = range.lowerBound
        let last = range.upperBound - wanted.count
        while index <= last {
            if bytes[index] == wanted[0], bytes[index..<(index + wanted.count)].elementsEqual(wanted),
                index == range.lowerBound || !isName(bytes[index - 1]), index + wanted.count == range.upperBound || !isName(bytes[index + wanted.count])
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// The offsets of the tokens that name `name`, in file order; with `inBodiesOf`, also the
    /// bare names that are no declaration in the bodies of that type (its `enum` or an
    /// `extension` of it, by the last component of its name).
    func offsets(of name: String, inBodiesOf type: String? = nil) -> [Int] {
        let wanted = Spelling(name)
        var found = references.compactMap { spells($0.nameStart, $0.nameEnd, wanted) ? Int($0.token) : nil }
        if let type {
            found = Array(Set(found + bareNames(name, inBodiesOf: type).filter { !$0.declares }.map(\.token))).sorted()
        }
        return found
    }

    /// Whether the file names `name` anywhere this index records it, or bare in a type's body.
    func mentions(_ name: String) -> Bool {
        let wanted = Spelling(name)
        return references.contains { spells($0.nameStart, $0.nameEnd, wanted) } || !bareNames(name, inBodiesOf: nil).isEmpty
    }

    /// The offsets of the names, declared or used bare, in the bodies of `type`: a member
    /// `name` there (`static var shove`) is one a case of that name would redeclare.
    func membersNamed(_ name: String, inBodiesOf type: String) -> [Int] {
        bareNames(name, inBodiesOf: type).map(\.token)
    }

    /// The bare names `name` in the bodies of `type` (of any type when nil), in file order;
    /// a body inside another of the same type is read once.
    private func bareNames(_ name: String, inBodiesOf type: String?) -> [(token: Int, declares: Bool)] {
        let wanted = Spelling(name), owner = type.map(Spelling.init)
        guard bytes.containsSubsequence(wanted.bytes) || !wanted.isASCII else { return [] }
        var found: [(token: Int, declares: Bool)] = []
        var readUpTo = 0
        for body in typeBodies.sorted(by: { $0.bodyStart < $1.bodyStart }) where Int(body.bodyStart) >= readUpTo {
            if let owner, !spells(body.typeStart, body.typeEnd, owner) { continue }
            readUpTo = Int(body.bodyEnd)
            Self.forEachBareName(Array(bytes[Int(body.bodyStart)..<Int(body.bodyEnd)]), base: Int(body.bodyStart)) { range, token, declares in
                if spells(UInt32(range.lowerBound), UInt32(range.upperBound), wanted) { found.append((token, declares)) }
            }
        }
        return found
    }

    /// A name's bytes, and whether they are all ASCII.
    private struct Spelling {
        var bytes: [UInt8]
        var name: String
        var isASCII: Bool

        init(_ name: String) {
            self.name = name
            bytes = Array(name.utf8)
            isASCII = bytes.allSatisfy { $0 < 0x80 }
        }
    }

    /// Whether the file's bytes `start..<end` spell `wanted`. Names compare as Swift strings
    /// do: a non-ASCII name may be spelt in other bytes.
    private func spells(_ start: UInt32, _ end: UInt32, _ wanted: Spelling) -> Bool {
        bytes.withUnsafeBufferPointer { file in
            let written = UnsafeBufferPointer(rebasing: file[Int(start)..<Int(end)])
            if written.elementsEqual(wanted.bytes) { return true }
            guard !wanted.isASCII || written.contains(where: { $0 >= 0x80 }) else { return false }
            return String(decoding: written, as: UTF8.self) == wanted.name
        }
    }

    /// The names and offsets in file order, without the bytes around them.
    private var spelled: [(name: ArraySlice<UInt8>, token: UInt32)] {
        references.map { (bytes[Int($0.nameStart)..<Int($0.nameEnd)], $0.token) }
    }

    /// The types' bodies, with the bytes they hold: a body's bare names are read from them.
    private var spelledBodies: [(type: ArraySlice<UInt8>, body: ArraySlice<UInt8>, start: UInt32)] {
        typeBodies.map { (bytes[Int($0.typeStart)..<Int($0.typeEnd)], bytes[Int($0.bodyStart)..<Int($0.bodyEnd)], $0.bodyStart) }
    }
}

extension MemberReferences: Equatable {
    /// The same names at the same offsets, and the same types' bodies: what a fix would find is
    /// the same.
    static func == (lhs: MemberReferences, rhs: MemberReferences) -> Bool {
        guard lhs.references.count == rhs.references.count, lhs.typeBodies.count == rhs.typeBodies.count,
            lhs.codingExtensions.count == rhs.codingExtensions.count,
            zip(lhs.codingExtensions, rhs.codingExtensions).allSatisfy({ $0.keyword == $1.keyword && $0.nameEnd == $1.nameEnd }),
            lhs.scopes.count == rhs.scopes.count, zip(lhs.scopes, rhs.scopes).allSatisfy({
                $0.nameStart == $1.nameStart && $0.bodyStart == $1.bodyStart && $0.bodyEnd == $1.bodyEnd
                    && lhs.bytes[Int($0.nameStart)..<Int($0.nameEnd)].elementsEqual(rhs.bytes[Int($1.nameStart)..<Int($1.nameEnd)])
            })
        else { return false }
        return zip(lhs.spelled, rhs.spelled).allSatisfy { $0.token == $1.token && $0.name.elementsEqual($1.name) }
            && zip(lhs.spelledBodies, rhs.spelledBodies).allSatisfy { $0.start == $1.start && $0.type.elementsEqual($1.type) && $0.body.elementsEqual($1.body) }
    }
}
