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
    /// Each name written bare in the body of an `enum` or an `extension` that is no call
    /// (`[push, lock]` in `extension Door.A`, `static var shove`, `func shove()`, `case shove`),
    /// with the type the body is of: a case written so is `Self.push`, which a rename would
    /// leave dangling, and a member so declared is one a case of its name would redeclare.
    private var inTypeBodies: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32, typeStart: UInt32, typeEnd: UInt32, declares: Bool)] = []

    init() {}

    init(pieces: [Token], bytes: [UInt8]) {
        self.bytes = bytes
        var references: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32)] = []
        var inTypeBodies: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32, typeStart: UInt32, typeEnd: UInt32, declares: Bool)] = []
        Self.forEachName(pieces, bytes) { name, start in
            references.append((UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound)))
        } inTypeBody: { name, start, type, declares in
            inTypeBodies.append((
                UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound),
                UInt32(truncatingIfNeeded: type.lowerBound), UInt32(truncatingIfNeeded: type.upperBound), declares))
        }
        self.references = references
        self.inTypeBodies = inTypeBodies
    }

    /// Each name written after a `.`, and each name called bare (`playingStop(ctx)` in a member
    /// of the type that declares it, which a rename would leave dangling as surely as
    /// `self.playingStop(ctx)`): its bytes without backticks, and its token's start. A name
    /// after `func` or `case` is a declaration, not a call. `inTypeBody`: every other bare name
    /// inside the braces of an `enum` or `extension` (nested braces included), with the last
    /// component of the type's name (`A` of `extension App.Door.A: Codable`), and whether it is
    /// declared there (after `func`, `case`, `var`, `let`); a name followed by `.` (`Door.S`)
    /// is a type's, not a member's.
    static func forEachName(
        _ pieces: [Token], _ bytes: [UInt8], _ body: (Range<Int>, Int) -> Void,
        inTypeBody: (Range<Int>, Int, Range<Int>, Bool) -> Void = { _, _, _, _ in }
    ) {
        func unticked(_ piece: Token) -> Range<Int> {
            let name = piece.range
            if name.count > 2, bytes[name.lowerBound] == UInt8(ascii: "`") { return (name.lowerBound + 1)..<(name.upperBound - 1) }
            return name
        }
        var afterPeriod = false
        var afterDeclarationKeyword = false
        var afterBindingKeyword = false
        // A bare name: a call if a `(` follows it, else a name in a type's body.
        var bareName: (piece: Token, declares: Bool)?
        // After `enum` or `extension` until its `{`: the header's name so far; `nameDone` after
        // the name (a `:`, `where` or generic clause follows).
        var header: (name: Range<Int>?, nameDone: Bool)?
        // The type each open brace's body belongs to (inherited by nested braces), if any.
        var bodies: [Range<Int>?] = []
        // In `case push, lock(Int)`, the paren depth of the list: a name after its `,` is
        // declared too.
        var caseList: Int?
        var parens = 0
        var afterListComma = false
        for piece in pieces where !piece.isTrivia {
            if let bare = bareName {
                if piece.kind == .leftParen, !bare.declares {
                    body(unticked(bare.piece), bare.piece.start)
                } else if let type = bodies.last ?? nil, bare.declares || piece.kind != .period {
                    inTypeBody(unticked(bare.piece), bare.piece.start, type, bare.declares)
                }
            }
            bareName = nil
            if var reading = header {
                switch piece.kind {
                case .identifier where !reading.nameDone && (reading.name == nil || afterPeriod):
                    reading.name = unticked(piece)
                    header = reading
                case .period where !reading.nameDone:
                    break
                case .leftBrace:
                    bodies.append(reading.name)
                    header = nil
                default:
                    // `;` or `}`: a header with no body.
                    if piece.kind == .semicolon || piece.kind == .rightBrace { header = nil } else {
                        reading.nameDone = true
                        header = reading
                    }
                }
                if header != nil || piece.kind == .leftBrace {
                    afterPeriod = piece.kind == .period
                    continue
                }
            }
            switch piece.kind {
            case .identifier:
                if afterPeriod {
                    body(unticked(piece), piece.start)
                } else if !afterDeclarationKeyword && !afterListComma {
                    bareName = (piece, afterBindingKeyword)
                } else if bodies.last != nil {
                    bareName = (piece, true)
                }
            case .leftBrace:
                bodies.append(bodies.last ?? nil)
            case .rightBrace:
                if !bodies.isEmpty { bodies.removeLast() }
            case .keyword where Self.opensTypeBody(piece, bytes):
                header = (nil, false)
            case .leftParen:
                parens += 1
            case .rightParen:
                parens -= 1
            default:
                break
            }
            switch piece.kind {
            case .keyword: caseList = bytes[piece.range].elementsEqual("case".utf8) ? parens : nil
            case .leftBrace, .rightBrace, .semicolon: caseList = nil
            // `case .open:` ends a pattern; `since: Int` in a payload does not end the list.
            case .colon where caseList == parens: caseList = nil
            default: break
            }
            afterListComma = piece.kind == .comma && caseList == parens
            afterPeriod = piece.kind == .period
            afterDeclarationKeyword = piece.kind == .keyword && Self.declaresName(piece, bytes)
            afterBindingKeyword = piece.kind == .keyword && Self.bindsName(piece, bytes)
        }
        if let bare = bareName, let type = bodies.last ?? nil { inTypeBody(unticked(bare.piece), bare.piece.start, type, bare.declares) }
    }

    /// `func` or `case`: the name after it is declared there.
    private static func declaresName(_ piece: Token, _ bytes: [UInt8]) -> Bool {
        let length = piece.range.count
        guard length == 4 else { return false }
        let word = bytes[piece.range]
        return word.elementsEqual("func".utf8) || word.elementsEqual("case".utf8)
    }

    /// `var` or `let`: the name after it is declared there (a member, in a type's body).
    private static func bindsName(_ piece: Token, _ bytes: [UInt8]) -> Bool {
        guard piece.range.count == 3 else { return false }
        let word = bytes[piece.range]
        return word.elementsEqual("var".utf8) || word.elementsEqual("let".utf8)
    }

    /// `enum` or `extension`: a body whose bare names may be the type's members.
    private static func opensTypeBody(_ piece: Token, _ bytes: [UInt8]) -> Bool {
        let word = bytes[piece.range]
        return word.elementsEqual("enum".utf8) || word.elementsEqual("extension".utf8)
    }

    var isEmpty: Bool { references.isEmpty && inTypeBodies.isEmpty }

    /// The offsets of the tokens that name `name`, in file order; with `inBodiesOf`, also the
    /// bare names that are no declaration in the bodies of that type (its `enum` or an
    /// `extension` of it, by the last component of its name).
    func offsets(of name: String, inBodiesOf type: String? = nil) -> [Int] {
        let wanted = Spelling(name)
        var found = references.compactMap { spells($0.nameStart, $0.nameEnd, wanted) ? Int($0.token) : nil }
        if let type {
            let owner = Spelling(type)
            found += inTypeBodies.compactMap { !$0.declares && spells($0.typeStart, $0.typeEnd, owner) && spells($0.nameStart, $0.nameEnd, wanted) ? Int($0.token) : nil }
            found.sort()
        }
        return found
    }

    /// Whether the file names `name` anywhere this index records it.
    func mentions(_ name: String) -> Bool {
        let wanted = Spelling(name)
        return references.contains { spells($0.nameStart, $0.nameEnd, wanted) } || inTypeBodies.contains { spells($0.nameStart, $0.nameEnd, wanted) }
    }

    /// The offsets of the names, declared or used bare, in the bodies of `type`: a member
    /// `name` there (`static var shove`) is one a case of that name would redeclare.
    func membersNamed(_ name: String, inBodiesOf type: String) -> [Int] {
        let wanted = Spelling(name), owner = Spelling(type)
        return inTypeBodies.compactMap { spells($0.typeStart, $0.typeEnd, owner) && spells($0.nameStart, $0.nameEnd, wanted) ? Int($0.token) : nil }
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

    /// The names in types' bodies, with their type's name and whether they are declared there.
    private var spelledInBodies: [(name: ArraySlice<UInt8>, type: ArraySlice<UInt8>, token: UInt32, declares: Bool)] {
        inTypeBodies.map { (bytes[Int($0.nameStart)..<Int($0.nameEnd)], bytes[Int($0.typeStart)..<Int($0.typeEnd)], $0.token, $0.declares) }
    }
}

extension MemberReferences: Equatable {
    /// The same names at the same offsets: what a fix would find is the same.
    static func == (lhs: MemberReferences, rhs: MemberReferences) -> Bool {
        guard lhs.references.count == rhs.references.count, lhs.inTypeBodies.count == rhs.inTypeBodies.count else { return false }
        return zip(lhs.spelled, rhs.spelled).allSatisfy { $0.token == $1.token && $0.name.elementsEqual($1.name) }
            && zip(lhs.spelledInBodies, rhs.spelledInBodies).allSatisfy {
                $0.token == $1.token && $0.declares == $1.declares && $0.name.elementsEqual($1.name) && $0.type.elementsEqual($1.type)
            }
    }
}
