/// Cuts Swift source bytes into tokens and trivia, losslessly.
///
/// Every byte of the input lands in exactly one piece, so joining the pieces gives the input
/// back, whatever it holds: invalid UTF-8, NUL bytes, CR line ends, unterminated literals.
/// Nesting (strings inside interpolations inside strings, nested comments) is kept on an
/// explicit stack, never by recursion, so no input can overflow the call stack.
public enum Tokenizer {
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer in
            // Swift source averages about three bytes a piece (3.3 over the toolchain's
            // interfaces, 2.5 in the densest of them). The pieces are written straight into the
            // array returned; only a file denser than two bytes a piece moves them to a grown
            // buffer (and copies them once more at the end). Pages never written are never touched.
            let estimate = buffer.count / 2 + 16
            var grown: [Token]? = nil
            let pieces = [Token](unsafeUninitializedCapacity: estimate) { storage, initialized in
                var lexer = Lexer(buffer, storage: storage.baseAddress!, capacity: storage.count)
                lexer.run()
                if lexer.pieces.isGrown {
                    grown = lexer.pieces.array
                    lexer.pieces.deallocate()
                    initialized = 0
                } else {
                    initialized = lexer.pieces.count
                }
            }
            return grown ?? pieces
        }
    }
}

/// The pieces as they are cut: written through a pointer, because `Array.append` checks
/// uniqueness and capacity on every call and that showed in profiles as a tenth of the time.
/// It starts in storage the caller owns (the result array's); a file with more pieces than
/// that holds moves to a buffer of its own, twice as large each time. `Token` is plain data,
/// so nothing needs deinitializing.
struct PieceBuffer {
    private(set) var base: UnsafeMutablePointer<Token>
    private var capacity: Int
    private(set) var count = 0
    /// Whether `base` is a buffer of our own (to deallocate) rather than the caller's storage.
    private(set) var isGrown = false

    init(storage: UnsafeMutablePointer<Token>, capacity: Int) {
        base = storage
        self.capacity = capacity
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if _slowPath(count == capacity) { self = grown() }
        (base + count).initialize(to: token)
        count &+= 1
    }

    /// This buffer moved to one twice as large (a value, so a caller's copy in registers stays there).
    @inline(never)
    private func grown() -> PieceBuffer {
        var larger = PieceBuffer(storage: .allocate(capacity: max(capacity * 2, 16)), capacity: max(capacity * 2, 16))
        larger.base.moveInitialize(from: base, count: count)
        if isGrown { base.deallocate() }
        larger.count = count
        larger.isGrown = true
        return larger
    }

    @inline(__always)
    subscript(index: Int) -> Token {
        get {
            precondition(index >= 0 && index < count)
            return base[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    var array: [Token] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Frees a grown buffer (the caller's storage is the caller's).
    func deallocate() {
        if isGrown { base.deallocate() }
    }
}

/// The lexer's state for one file. Kept out of the API: callers only see `[Token]`.
struct Lexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private var position = 0
    fileprivate var pieces: PieceBuffer
    private var modes: [Mode] = []
    /// How many of `modes` are single-line strings, so a line break need not search the stack.
    private var openSingleLineStrings = 0
    /// No `>>>>>>> ` line follows this offset: a conflict marker opened after it never closes.
    private var noConflictCloserFrom = Int.max
    /// Index in `pieces` of the last non-trivia token: after a `.`, a reserved word is a member
    /// name and a number a tuple index.
    private var lastSignificant = -1
    /// The last search for a `#>` on a line: from where, up to where its answer holds, and it.
    private var placeholderSearch = (from: 0, stop: 0, found: false)
    /// Whether a line break came after `lastSignificant`.
    private var lineBreakSinceSignificant = false

    private enum Mode {
        /// Inside a string literal's text. `opener` is the piece to flag if it never closes.
        case string(quote: UInt8, multiline: Bool, pounds: Int, opener: Int)
        /// Code inside `\( … )`; `depth` counts the parentheses opened inside it.
        case interpolation(depth: Int, opener: Int)
    }

    /// Reserved words, held here so the hot path does not go through a global's lazy initializer.
    private let reserved = Keywords.reservedSet

    init(_ bytes: UnsafeBufferPointer<UInt8>, storage: UnsafeMutablePointer<Token>, capacity: Int) {
        self.bytes = bytes
        self.count = bytes.count
        pieces = PieceBuffer(storage: storage, capacity: capacity)
    }

    mutating func run() {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            emit(.byteOrderMark, 0, 3)
        }
        if position + 1 < count, bytes[position] == UInt8(ascii: "#"), bytes[position + 1] == UInt8(ascii: "!") {
            emit(.shebang, position, endOfLine(from: position))
        }
        while position < count {
            if modes.isEmpty {
                lexTopLevelCode()
            } else if case .string(let quote, let multiline, let pounds, _) = modes.last {
                lexStringText(quote: quote, multiline: multiline, pounds: pounds)
            } else {
                lexCode()
            }
        }
        // Whatever is still open at the end of the file never closed.
        while let mode = modes.popLast() {
            switch mode {
            case .string(_, _, _, let opener), .interpolation(_, let opener):
                pieces[opener].flags.insert(.unterminated)
            }
        }
    }

    // MARK: - The fast path

    /// How `lexTopLevelCode` treats each byte: `slow` bytes go to `lexCode`.
    private enum ByteClass {
        static let slow: UInt8 = 0
        /// Space, tab, vertical tab, form feed.
        static let space: UInt8 = 1
        /// `\n`, `\r`.
        static let lineBreak: UInt8 = 2
        /// `A`-`Z`, `a`-`z`, `_`.
        static let nameStart: UInt8 = 3
        /// `(` `)` `[` `]` `{` `}` `,` `:` `;` `\` `@`: always one piece of one byte outside strings
        /// and interpolations; the table gives its kind.
        static let punctuation: UInt8 = 4
        /// `.`
        static let period: UInt8 = 5
        /// An ASCII operator character other than `/` and `.`: `=-+!*%<>&|^~?`.
        static let operatorCharacter: UInt8 = 6
        /// `/`
        static let slash: UInt8 = 7
    }

    /// Per byte: its `ByteClass`, then (at 256 + byte) the raw `TokenKind` of a punctuation
    /// byte, then (at 512 + byte) whether the byte, following an operator character, ends the
    /// operator: an ASCII byte that is neither an operator character nor `.` (NUL stands for
    /// the file's end, which ends it too). Allocated once and never freed.
    private static let byteTables: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 768)
        table.initialize(repeating: 0, count: 768)
        let operatorCharacters = Array("=-+!*%<>&|^~?".utf8)
        for byte in 0..<128 {
            let c = UInt8(byte)
            var kind: TokenKind? = nil
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: table[byte] = ByteClass.space
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): table[byte] = ByteClass.lineBreak
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                table[byte] = ByteClass.nameStart
            case UInt8(ascii: "("): kind = .leftParen
            case UInt8(ascii: ")"): kind = .rightParen
            case UInt8(ascii: "["): kind = .leftBracket
            case UInt8(ascii: "]"): kind = .rightBracket
            case UInt8(ascii: "{"): kind = .leftBrace
            case UInt8(ascii: "}"): kind = .rightBrace
            case UInt8(ascii: ","): kind = .comma
            case UInt8(ascii: ":"): kind = .colon
            case UInt8(ascii: ";"): kind = .semicolon
            case UInt8(ascii: "\\"): kind = .backslash
            case UInt8(ascii: "@"): kind = .atSign
            case UInt8(ascii: "."): table[byte] = ByteClass.period
            case UInt8(ascii: "/"): table[byte] = ByteClass.slash
            default:
                if operatorCharacters.contains(c) { table[byte] = ByteClass.operatorCharacter }
            }
            if let kind {
                table[byte] = ByteClass.punctuation
                table[256 + byte] = kind.rawValue
            }
            let continuesOperator = operatorCharacters.contains(c) || c == UInt8(ascii: "/") || c == UInt8(ascii: ".")
            table[512 + byte] = continuesOperator ? 0 : 1
        }
        return UnsafePointer(table)
    }()
    private let tables = Lexer.byteTables

    /// Code outside any string or interpolation, the bulk of every file: the common pieces
    /// (whitespace, line breaks, ASCII names and keywords, punctuation, one-character operators,
    /// `->`, `//` comments) are cut here in one loop over a pointer, everything else by
    /// `lexCode`. Returns at the end of the file or when a string or interpolation opens.
    /// Must cut exactly what `lexCode` would; the state lives in locals and is written back
    /// around every call to `lexCode`.
    private mutating func lexTopLevelCode() {
        guard let base = bytes.baseAddress else { return }
        let count = self.count
        let tables = self.tables
        let names = self.nameBytes
        var start = position
        var out = pieces
        var lastSignificant = self.lastSignificant
        var lineBreakSinceSignificant = self.lineBreakSinceSignificant

        @inline(__always) func appendSignificant(_ kind: TokenKind, _ end: Int) {
            out.append(Token(kind: kind, start: start, end: end))
            lastSignificant = out.count &- 1
            lineBreakSinceSignificant = false
            start = end
        }

        while start < count {
            let c = base[start]
            switch tables[Int(c)] {
            case ByteClass.space:
                var end = start &+ 1
                while end < count, tables[Int(base[end])] == ByteClass.space { end &+= 1 }
                out.append(Token(kind: .whitespace, start: start, end: end))
                start = end
                continue
            case ByteClass.lineBreak:
                // No single-line string is open out here, so a line break closes nothing.
                var end = start &+ 1
                while end < count, tables[Int(base[end])] == ByteClass.lineBreak { end &+= 1 }
                out.append(Token(kind: .newline, start: start, end: end))
                lineBreakSinceSignificant = true
                start = end
                continue
            case ByteClass.nameStart:
                var end = start &+ 1
                while end &+ 8 <= count {
                    let run = Self.asciiNameBytes(base + end)
                    end &+= run
                    if run < 8 { break }
                }
                while end < count, names[Int(base[end])] { end &+= 1 }
                if end < count, base[end] >= 0x80 { break }  // a name with non-ASCII characters
                let length = end &- start
                let kind: TokenKind
                if length == 1, c == UInt8(ascii: "_") {
                    kind = .wildcard
                } else if reserved.contains(base + start, length: length, readable: count &- start) {
                    // After `.` on the same line a reserved word is a member name: see `lexIdentifier`.
                    if !lineBreakSinceSignificant, lastSignificant >= 0, out[lastSignificant].kind == .period {
                        kind = Keywords.isKeptAfterPeriod(UnsafeBufferPointer(start: base + start, count: length))
                            ? .keyword : .identifier
                    } else {
                        kind = .keyword
                    }
                } else {
                    kind = .identifier
                }
                appendSignificant(kind, end)
                continue
            case ByteClass.punctuation:
                appendSignificant(unsafeBitCast(tables[256 &+ Int(c)], to: TokenKind.self), start &+ 1)  // a raw value
                continue
            case ByteClass.period, ByteClass.operatorCharacter:
                // One operator character before a byte that cannot continue the operator is an
                // operator of its own (`lexOperator`): `.`, `=`, `<`, `?`…, except `<#` (a
                // placeholder). `<` and `>` cannot start a conflict marker here: its next byte
                // would be another `<` or `>`.
                let next = start &+ 1 < count ? base[start &+ 1] : 0
                if tables[512 &+ Int(next)] != 0, c != UInt8(ascii: "<") || next != UInt8(ascii: "#") {
                    appendSignificant(c == UInt8(ascii: ".") ? .period : c == UInt8(ascii: "=") ? .equal : .operator, start &+ 1)
                    continue
                }
                if c == UInt8(ascii: "-"), next == UInt8(ascii: ">"),
                    start &+ 2 == count || tables[512 &+ Int(base[start &+ 2])] != 0
                {
                    appendSignificant(.arrow, start &+ 2)
                    continue
                }
            case ByteClass.slash:
                if start &+ 1 < count, base[start &+ 1] == UInt8(ascii: "/") {
                    var end = start &+ 2
                    while end < count, tables[Int(base[end])] != ByteClass.lineBreak { end &+= 1 }
                    out.append(Token(kind: .lineComment, start: start, end: end))
                    start = end
                    continue
                }
            default:
                break
            }
            // Anything else: the general lexer, with the state written back and read again.
            pieces = out
            self.lastSignificant = lastSignificant
            self.lineBreakSinceSignificant = lineBreakSinceSignificant
            position = start
            lexCode()
            out = pieces
            lastSignificant = self.lastSignificant
            lineBreakSinceSignificant = self.lineBreakSinceSignificant
            start = position
            if !modes.isEmpty { return }
        }
        pieces = out
        self.lastSignificant = lastSignificant
        self.lineBreakSinceSignificant = lineBreakSinceSignificant
        position = start
    }

    /// How many of the 8 bytes at `bytes` (all readable) are ASCII name bytes `[0-9A-Za-z_$]`
    /// before the first that is not: 8 bytes at once, in one integer (SWAR).
    @inline(__always)
    static func asciiNameBytes(_ bytes: UnsafePointer<UInt8>) -> Int {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // Every lane below 0x80, so adding at most 0x80 to a lane never carries into the next.
        let low = word & ~highBits
        @inline(__always) func inRange(_ lanes: UInt64, _ lowest: UInt64, _ highest: UInt64) -> UInt64 {
            let atLeastLowest = lanes &+ ones &* (0x80 &- lowest)  // high bit set where lane >= lowest
            let aboveHighest = lanes &+ ones &* (0x7F &- highest)  // high bit set where lane > highest
            return atLeastLowest & ~aboveHighest & highBits
        }
        let letters = inRange(low | ones &* 0x20, 0x61, 0x7A)  // `A`-`Z` folded onto `a`-`z`
        let others = inRange(low, 0x30, 0x39) | inRange(low, 0x5F, 0x5F) | inRange(low, 0x24, 0x24)
        // A lane whose own high bit is set (not ASCII) is not a name byte either.
        let stops = ~(letters | others) & highBits | word & highBits
        return stops == 0 ? 8 : stops.trailingZeroBitCount &>> 3
    }


    // MARK: - Emitting

    @inline(__always)
    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, flags: TokenFlags = []) {
        pieces.append(Token(kind: kind, flags: flags, start: start, end: end))
        if !kind.isTrivia {
            lastSignificant = pieces.count - 1
            lineBreakSinceSignificant = false
        } else if kind == .newline {
            lineBreakSinceSignificant = true
        }
        position = end
    }

    @inline(__always)
    private func byte(_ offset: Int) -> UInt8 {
        offset < count ? bytes[offset] : 0
    }

    private func endOfLine(from start: Int) -> Int {
        var index = start
        while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
        return index
    }

    private func isAtLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n") || bytes[offset - 1] == UInt8(ascii: "\r")
    }

    // MARK: - Code

    private mutating func lexCode() {
        let start = position
        let c = bytes[start]
        switch c {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            var end = start + 1
            while end < count, Self.isHorizontalSpace(bytes[end]) { end += 1 }
            emit(.whitespace, start, end)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            closeSingleLineStringsAtLineBreak()
            var end = start + 1
            while end < count, bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r") { end += 1 }
            emit(.newline, start, end)
        case UInt8(ascii: "/"):
            if byte(start + 1) == UInt8(ascii: "/") {
                emit(.lineComment, start, endOfLine(from: start))
            } else if byte(start + 1) == UInt8(ascii: "*") {
                lexBlockComment()
            } else if !isLeftBound(start), let end = bareRegexEnd(from: start, after: slashContext()) {
                emitBareRegex(start, end)
            } else {
                lexOperator()
            }
        case UInt8(ascii: "#"):
            lexPound()
        case UInt8(ascii: "@"):
            emit(.atSign, start, start + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            openString(delimiterStart: start, pounds: 0)
        case UInt8(ascii: "`"):
            lexBacktick()
        case UInt8(ascii: "$"):
            // `$0`, `$1` (and a lone `$`) are dollar identifiers; `$foo`, `$0x` plain identifiers.
            var end = start + 1
            var allDigits = true
            while end < count, let length = identifierCharacterLength(at: end, first: false) {
                if !Self.isDecimalDigit(bytes[end]) { allDigits = false }
                end += length
            }
            emit(allDigits ? .dollarIdentifier : .identifier, start, end)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
        case UInt8(ascii: "("):
            if case .interpolation(let depth, let opener) = modes.last {
                modes[modes.count - 1] = .interpolation(depth: depth + 1, opener: opener)
            }
            emit(.leftParen, start, start + 1)
        case UInt8(ascii: ")"):
            if case .interpolation(let depth, let opener) = modes.last {
                if depth == 0 {
                    modes.removeLast()
                } else {
                    modes[modes.count - 1] = .interpolation(depth: depth - 1, opener: opener)
                }
            }
            emit(.rightParen, start, start + 1)
        case UInt8(ascii: "["): emit(.leftBracket, start, start + 1)
        case UInt8(ascii: "]"): emit(.rightBracket, start, start + 1)
        case UInt8(ascii: "{"): emit(.leftBrace, start, start + 1)
        case UInt8(ascii: "}"): emit(.rightBrace, start, start + 1)
        case UInt8(ascii: ","): emit(.comma, start, start + 1)
        case UInt8(ascii: ":"): emit(.colon, start, start + 1)
        case UInt8(ascii: ";"): emit(.semicolon, start, start + 1)
        case UInt8(ascii: "\\"): emit(.backslash, start, start + 1)
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            if isAtLineStart(start), let end = conflictMarkerEnd(from: start) {
                emit(.conflictMarker, start, end)
            } else if let end = editorPlaceholderEnd(from: start) {
                emit(.identifier, start, end)
            } else {
                lexOperator()
            }
        case UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "?"):
            lexOperator()
        default:
            // A combining mark cannot start a name, but the compiler still reads the name it
            // starts as one (and reports it), so it does not split.
            if let length = identifierCharacterLength(at: start, first: true)
                ?? identifierCharacterLength(at: start, first: false)
            {
                lexIdentifier(firstLength: length)
            } else if operatorCharacterLength(at: start, head: true) != nil {
                lexOperator()
            } else {
                // Invalid UTF-8 or a character Swift does not allow here: one scalar (or byte) at a time.
                let length = max(1, Self.scalarLength(bytes, at: start))
                emit(.unexpected, start, start + length)
            }
        }
    }

    @inline(__always)
    private static func isHorizontalSpace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == 0x0B || c == 0x0C
    }

    /// A line break inside the code of an interpolation in a single-line string ends that
    /// string: Swift does not let a single-line literal span lines, and stopping here keeps
    /// one missing `)` from swallowing the rest of the file.
    private mutating func closeSingleLineStringsAtLineBreak() {
        while openSingleLineStrings > 0, let mode = modes.popLast() {
            switch mode {
            case .interpolation(_, let opener):
                pieces[opener].flags.insert(.unterminated)
            case .string(_, let multiline, _, let opener):
                pieces[opener].flags.insert(.unterminated)
                if !multiline { openSingleLineStrings -= 1 }
            }
        }
    }

    private mutating func lexBlockComment() {
        let start = position
        var depth = 1
        var index = start + 2
        while index < count {
            let c = bytes[index]
            if c == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 {
                    emit(.blockComment, start, index)
                    return
                }
            } else if c == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else {
                index += 1
            }
        }
        emit(.blockComment, start, count, flags: .unterminated)
    }

    private mutating func lexBacktick() {
        let start = position
        var index = start + 1
        while index < count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n"),
            bytes[index] != UInt8(ascii: "\r")
        {
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: "`") {
            emit(.identifier, start, index + 1)  // even an (invalid) empty or blank one
        } else {
            emit(.backtick, start, start + 1)
        }
    }

    private mutating func lexIdentifier(firstLength: Int) {
        let start = position
        var end = start + firstLength
        while end < count {
            let c = bytes[end]
            if nameBytes[Int(c)] {
                end += 1  // most names are ASCII
            } else if c >= 0x80, let length = identifierCharacterLength(at: end, first: false) {
                end += length
            } else {
                break
            }
        }
        let length = end - start
        if length == 1, bytes[start] == UInt8(ascii: "_") {
            emit(.wildcard, start, end)
            return
        }
        // After `.` on the same line a reserved word is a member name (`x.default`, `.class`),
        // except the three that keep their meaning there (`x.init`, `x.self`, `T.Self`), as the
        // compiler's parser has it. On the next line it is a keyword again (`x.` then `let`).
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        var isKeyword = reserved.contains(word)
        if isKeyword, !lineBreakSinceSignificant, lastSignificant >= 0, pieces[lastSignificant].kind == .period {
            isKeyword = Keywords.isKeptAfterPeriod(word)
        }
        emit(isKeyword ? .keyword : .identifier, start, end)
    }

    // MARK: - Numbers

    /// Integer and float literals, with the compiler's boundaries even for invalid ones: an
    /// exponent marker makes a float whether or not digits follow (`1e`, `0x1p`), a hex
    /// fraction without an exponent stays an (invalid) integer, letters glued to a number are
    /// part of it (`0b12`, `1a`), and a number right after a `.` takes no fraction, so
    /// `t.0.1` is two tuple indices and `0xff.description` a member access.
    private mutating func lexNumber() {
        let start = position
        var index = start
        var isFloat = false
        func digits(_ accept: (UInt8) -> Bool) -> Int {
            let first = index
            while index < count, accept(bytes[index]) || bytes[index] == UInt8(ascii: "_") { index += 1 }
            return index - first
        }
        func exponent() {
            isFloat = true
            index += 1
            if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") { index += 1 }
            _ = digits(Self.isDecimalDigit)
        }
        let afterPeriod = lastSignificant >= 0 && pieces[lastSignificant].kind == .period
        let radix = bytes[start] == UInt8(ascii: "0") ? byte(start + 1) : 0
        if radix == UInt8(ascii: "x") {
            index += 2
            let integerDigits = digits(Self.isHexDigit)
            if integerDigits > 0, !afterPeriod, byte(index) == UInt8(ascii: "."), Self.isHexDigit(byte(index + 1)) {
                let dot = index
                index += 1
                _ = digits(Self.isHexDigit)
                if byte(index) != UInt8(ascii: "p"), byte(index) != UInt8(ascii: "P"), !Self.isDecimalDigit(byte(dot + 1)) {
                    index = dot  // `0xff.description`: an integer, then member access
                }
            }
            if integerDigits > 0, byte(index) == UInt8(ascii: "p") || byte(index) == UInt8(ascii: "P") { exponent() }
        } else if radix == UInt8(ascii: "o") || radix == UInt8(ascii: "b") {
            index += 2
            _ = digits(Self.isDecimalDigit)
        } else {
            _ = digits(Self.isDecimalDigit)
            if !afterPeriod, byte(index) == UInt8(ascii: "."), Self.isDecimalDigit(byte(index + 1)) {
                isFloat = true
                index += 1
                _ = digits(Self.isDecimalDigit)
                if byte(index) != UInt8(ascii: "e"), byte(index) != UInt8(ascii: "E") {
                    emit(.floatLiteral, start, index)  // `1.0a` is `1.0` then `a`
                    return
                }
            }
            if byte(index) == UInt8(ascii: "e") || byte(index) == UInt8(ascii: "E") { exponent() }
        }
        // Swift reads letters glued to a number (`0b12`, `1a`, `1e5x`) as one invalid literal; so do we.
        while index < count, let length = identifierCharacterLength(at: index, first: false) { index += length }
        emit(isFloat ? .floatLiteral : .integerLiteral, start, index)
    }

    @inline(__always) private static func isDecimalDigit(_ c: UInt8) -> Bool {
        c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
    }

    @inline(__always) private static func isHexDigit(_ c: UInt8) -> Bool {
        isDecimalDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
    }

    // MARK: - Operators

    private mutating func lexOperator() {
        let start = position
        // A `!` or `?` glued to what precedes it (`x!`, `T?>`, `a?.b`) is a postfix operator
        // on its own, however many operator characters follow.
        if bytes[start] == UInt8(ascii: "!") || bytes[start] == UInt8(ascii: "?"), isLeftBound(start) {
            emit(.operator, start, start + 1)
            return
        }
        let dotOperator = bytes[start] == UInt8(ascii: ".")
        // What precedes the run, for a `/` inside it; computed the first time one needs it.
        let prefixPosition = !isLeftBound(start)
        var context: SlashContext? = nil
        var regexEnd: Int? = nil
        var holdsCommentEnd = false
        var end = start
        while end < count {
            let c = bytes[end]
            if c == UInt8(ascii: "/"), end > start, byte(end + 1) == UInt8(ascii: "/") || byte(end + 1) == UInt8(ascii: "*") {
                break  // a comment starts inside the run
            }
            if c == UInt8(ascii: "<"), end > start, byte(end + 1) == UInt8(ascii: "#"), lineHasPlaceholderEnd(after: end + 1) {
                break  // `a+<#x#>`: the placeholder is an operand
            }
            if c == UInt8(ascii: "/"), end > start, prefixPosition, !holdsCommentEnd, bytes[end - 1] != UInt8(ascii: "*") {
                if context == nil { context = slashContext() }
                regexEnd = bareRegexEnd(from: end, after: context!)
                if regexEnd != nil { break }  // a prefix operator applied to a regex literal: `!/a/`
            }
            if c == UInt8(ascii: ".") {
                guard dotOperator else { break }
                end += 1
            } else if let length = operatorCharacterLength(at: end, head: end == start) {
                if c == UInt8(ascii: "/"), end > start, bytes[end - 1] == UInt8(ascii: "*") { holdsCommentEnd = true }
                end += length
            } else {
                break
            }
        }
        let length = end - start
        let kind: TokenKind
        if holdsCommentEnd {
            kind = .unexpected  // a stray `*/`: the compiler rejects the whole operator
        } else if length == 1 && bytes[start] == UInt8(ascii: ".") {
            kind = .period
        } else if length == 1 && bytes[start] == UInt8(ascii: "=") {
            kind = .equal
        } else if length == 2 && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: ">") {
            kind = .arrow
        } else {
            kind = .operator
        }
        emit(kind, start, end)
        if let regexEnd { emitBareRegex(end, regexEnd) }
    }

    /// Whether the character at `offset` is glued to the one before it, as Swift decides it for
    /// operators: not after whitespace, an opening bracket, `,` `;` `:`, the end of a block
    /// comment, or at the start of the file.
    @inline(__always)
    private func isLeftBound(_ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        switch bytes[offset - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return !(offset >= 2 && bytes[offset - 2] == UInt8(ascii: "*"))
        case 0xA0:
            return !(offset >= 2 && bytes[offset - 2] == 0xC2)  // U+00A0, no-break space
        default:
            return true
        }
    }

    /// Byte length of the operator character at `offset`, or nil if there is none.
    private func operatorCharacterLength(at offset: Int, head: Bool) -> Int? {
        let c = bytes[offset]
        if c < 0x80 {
            switch c {
            case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
                UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
                UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
                return 1
            default:
                return nil
            }
        }
        guard let (scalar, length) = Self.decodeScalar(bytes, at: offset) else { return nil }
        if UnicodeClasses.isOperatorHead(scalar) { return length }
        if !head, UnicodeClasses.isOperatorContinuation(scalar) { return length }
        return nil
    }

    // MARK: - Identifiers

    /// For each byte, whether it is `[0-9A-Za-z_$]`: the inner loop of every name, so a table
    /// lookup rather than comparisons. Allocated once and never freed.
    private static let nameByteTable: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 {
            let c = UInt8(byte)
            table[byte] = (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || isDecimalDigit(c)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
        }
        return UnsafePointer(table)
    }()
    private let nameBytes = Lexer.nameByteTable

    /// Byte length of the identifier character at `offset`, or nil if there is none.
    @inline(__always)
    private func identifierCharacterLength(at offset: Int, first: Bool) -> Int? {
        let c = bytes[offset]
        if c < 0x80 {
            if (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "_") { return 1 }
            if !first, Self.isDecimalDigit(c) || c == UInt8(ascii: "$") { return 1 }
            return nil
        }
        guard let (scalar, length) = Self.decodeScalar(bytes, at: offset) else { return nil }
        return UnicodeClasses.isIdentifier(scalar, first: first) ? length : nil
    }

    /// Decodes the UTF-8 scalar at `offset`; nil for an invalid or truncated sequence.
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int)? {
        let length = scalarLength(bytes, at: offset)
        guard length > 0 else { return nil }
        let lead = UInt32(bytes[offset])
        switch length {
        case 1: return (lead, 1)
        case 2: return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        case 3:
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        default:
            return (
                (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                    | UInt32(bytes[offset + 3] & 0x3F), 4
            )
        }
    }

    /// Length of the valid UTF-8 sequence at `offset`, or 0.
    static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Encoding.utf8SequenceLength(bytes, at: offset)
    }

    // MARK: - `#`: raw strings, extended regexes, directives

    private mutating func lexPound() {
        let start = position
        var end = start
        while end < count, bytes[end] == UInt8(ascii: "#") { end += 1 }
        let pounds = end - start
        if byte(end) == UInt8(ascii: "\"") {
            emit(.rawStringDelimiter, start, end)
            openString(delimiterStart: end, pounds: pounds, opener: pieces.count - 1)
            return
        }
        if byte(end) == UInt8(ascii: "/") {
            lexExtendedRegex(pounds: pounds)
            return
        }
        // `#if`, `#available`…: one token, as SwiftSyntax has it; other names are `#` then a
        // name. The directive is matched on the ASCII letters and `_` after the `#`, so `#if1`
        // is `#if` then `1`, while `#if_x` is `#` then `if_x`.
        var nameEnd = start + 1
        while nameEnd < count, bytes[nameEnd] | 0x20 >= UInt8(ascii: "a") && bytes[nameEnd] | 0x20 <= UInt8(ascii: "z")
            || bytes[nameEnd] == UInt8(ascii: "_")
        {
            nameEnd += 1
        }
        if pounds == 1, nameEnd > start + 1, Keywords.isPoundKeyword(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<nameEnd])) {
            emit(.poundKeyword, start, nameEnd)
        } else {
            emit(.pound, start, start + 1)
        }
    }

    /// `#/…/#`, with any number of `#`. It is multi-line when a line break follows the opening
    /// `/`. Like the compiler: a single-line one also closes, unterminated, at a `/` (even an
    /// escaped one) with too few `#` that ends its line; one that never closes is flagged, and
    /// a multi-line one then ends right after its opening `/`, so the rest of the file is read
    /// as code again.
    private mutating func lexExtendedRegex(pounds: Int) {
        let start = position
        let slash = start + pounds
        emit(.regexPoundDelimiter, start, slash)
        let opener = pieces.count - 1
        emit(.regexSlash, slash, slash + 1)
        let multiline = isLineBreak(byte(slash + 1))
        var index = slash + 1
        while index < count {
            let c = bytes[index]
            if c == UInt8(ascii: "\\") {
                let lineEnds = !multiline && byte(index + 1) == UInt8(ascii: "/") && (index + 2 >= count || isLineBreak(bytes[index + 2]))
                if lineEnds {
                    index += 1  // the compiler closes at a `/` that ends the line, even an escaped one
                } else {
                    index += multiline || !isLineBreak(byte(index + 1)) ? 2 : 1
                }
                continue
            }
            if !multiline, isLineBreak(c) { break }
            if c == UInt8(ascii: "/") {
                var closing = index + 1
                while closing < count, closing - index - 1 < pounds, bytes[closing] == UInt8(ascii: "#") { closing += 1 }
                let complete = closing - index - 1 == pounds
                if complete || (!multiline && (closing == count || isLineBreak(bytes[closing]))) {
                    // Extra `#`s belong to the closing delimiter (the compiler reports them there).
                    while complete, closing < count, bytes[closing] == UInt8(ascii: "#") { closing += 1 }
                    if index > slash + 1 { emit(.regexPattern, slash + 1, index) }
                    emit(.regexSlash, index, index + 1)
                    if closing > index + 1 { emit(.regexPoundDelimiter, index + 1, closing) }
                    if !complete { pieces[opener].flags.insert(.unterminated) }
                    return
                }
            }
            index += 1
        }
        pieces[opener].flags.insert(.unterminated)
        if !multiline {
            index = min(index, count)
            if index > slash + 1 { emit(.regexPattern, slash + 1, index) }
        }
    }

    private func hasPounds(_ pounds: Int, at offset: Int) -> Bool {
        guard offset + pounds <= count else { return false }
        for index in offset..<(offset + pounds) where bytes[index] != UInt8(ascii: "#") { return false }
        return true
    }

    @inline(__always) private func isLineBreak(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    /// What the token before a `/` (or before the prefix operator holding it) says about it.
    private enum SlashContext {
        /// After a binary or prefix operator, `=`, `{`, `;`, `#if`, most keywords, or at the
        /// start of the file: an expression must follow, so `/ a/` and `/+ b/` are regexes.
        case expressionExpected
        /// After `(`, `[`, `,` or `:`, where `/` may also be an operator reference (`f(/)`):
        /// a regex cannot start with a space, but may with operator characters (`/+ b/`).
        case afterOpener
        /// After an operand (a name, literal, closing bracket, postfix operator, `self`,
        /// `nil`…): a regex only when the operator characters from the `/` on are glued to
        /// what follows (`a /b/` is a regex, `a /+ b/` and `x /= y/2` are operators).
        case afterOperand
        /// After `func` or `operator`: the `/` names an operator.
        case operatorName
    }

    private func slashContext() -> SlashContext {
        guard lastSignificant >= 0 else { return .expressionExpected }
        let previous = pieces[lastSignificant]
        switch previous.kind {
        case .leftParen, .leftBracket, .comma, .colon:
            return .afterOpener
        case .leftBrace, .semicolon, .poundKeyword, .equal:
            return .expressionExpected
        case .keyword:
            let word = UnsafeBufferPointer(rebasing: bytes[previous.range])
            if Keywords.namesOperator(word) { return .operatorName }
            return Keywords.isOperand(word) ? .afterOperand : .expressionExpected
        case .operator:
            // A postfix operator (`x! /a/`) ends an operand; a binary or prefix one expects one.
            let isPostfix = isLeftBound(previous.start) && !isRightBound(previous.end)
            return isPostfix ? .afterOperand : .expressionExpected
        default:
            return .afterOperand
        }
    }

    /// Where a bare `/…/` regex literal opened by the `/` at `start` ends, if Swift reads one there.
    ///
    /// The compiler's lexer decides by how the `/` is bound and by the token before it. A `/`
    /// glued to what precedes it (`a/b`, `x=/a/`) is an operator; the caller only asks about
    /// a `/` in prefix position (after whitespace, an opening bracket, `,` `;` `:`, or a prefix
    /// operator as in `!/a/`). `context` then decides how freely it may start a regex, and the
    /// literal must close on the same line with no space before the closing `/`, no `)` that
    /// closes nothing (outside a `[…]` class), and no `/` or `*` right after it (a comment).
    private func bareRegexEnd(from start: Int, after context: SlashContext) -> Int? {
        switch context {
        case .operatorName:
            return nil
        case .afterOperand:
            var runEnd = start + 1
            while runEnd < count, let length = operatorCharacterLength(at: runEnd, head: false) { runEnd += length }
            guard isRightBound(runEnd) else { return nil }
        case .afterOpener:
            if byte(start + 1) == UInt8(ascii: " ") || byte(start + 1) == UInt8(ascii: "\t") { return nil }
        case .expressionExpected:
            break
        }
        var index = start + 1
        var openParens = 0
        var classDepth = 0
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
                if index < count, bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { return nil }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            case UInt8(ascii: "["):
                classDepth += 1
            case UInt8(ascii: "]"):
                if classDepth > 0 { classDepth -= 1 }
            case UInt8(ascii: "(") where classDepth == 0:
                openParens += 1
            case UInt8(ascii: ")") where classDepth == 0:
                if openParens == 0 { return nil }
                openParens -= 1
            case UInt8(ascii: "/"):
                if bytes[index - 1] == UInt8(ascii: " "), index - 2 < start || bytes[index - 2] != UInt8(ascii: "\\") {
                    return nil
                }
                if byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*") { return nil }
                return index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether an operator ending just before `offset` is glued to what follows it, as Swift
    /// decides it: not when whitespace, a closing bracket, `,` `;` `:`, a comment or the end of
    /// the file follows.
    @inline(__always)
    private func isRightBound(_ offset: Int) -> Bool {
        guard offset < count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
            UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return byte(offset + 1) != UInt8(ascii: "/") && byte(offset + 1) != UInt8(ascii: "*")
        case 0xC2:
            return byte(offset + 1) != 0xA0  // U+00A0, no-break space
        default:
            return true
        }
    }

    @inline(__always) private static func isSpaceOrLineBreak(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    private mutating func emitBareRegex(_ start: Int, _ end: Int) {
        emit(.regexSlash, start, start + 1)
        if end - 1 > start + 1 { emit(.regexPattern, start + 1, end - 1) }
        emit(.regexSlash, end - 1, end)
    }

    /// The end of an editor placeholder `<#…#>` at `start`, which Swift lexes as an identifier:
    /// it closes before the next `\n` and before any other `<#`.
    private func editorPlaceholderEnd(from start: Int) -> Int? {
        guard bytes[start] == UInt8(ascii: "<"), byte(start + 1) == UInt8(ascii: "#") else { return nil }
        var index = start + 2
        while index + 1 < count {
            let c = bytes[index]
            if c == UInt8(ascii: "\n") { return nil }  // (a lone `\r` does not end it, as in the compiler)
            if c == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "#") { return nil }
            if c == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: ">") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// Whether a `#>` follows on the line: the compiler then ends an operator before a `<#`,
    /// even when that `<#` does not itself open a well-formed placeholder. The last search is
    /// remembered, so many `<#` on one long line do not each scan it.
    private mutating func lineHasPlaceholderEnd(after offset: Int) -> Bool {
        if offset >= placeholderSearch.from, offset < placeholderSearch.stop {
            return placeholderSearch.found
        }
        var index = offset
        while index + 1 < count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: ">") {
                placeholderSearch = (offset, index + 1, true)  // any offset before this `#>` finds it
                return true
            }
            index += 1
        }
        placeholderSearch = (offset, index + 1, false)  // nothing up to the line's end
        return false
    }

    // MARK: - Merge-conflict markers

    /// `<<<<<<< ` at a line start, through the end of the matching `>>>>>>> ` line.
    private mutating func conflictMarkerEnd(from start: Int) -> Int? {
        guard start < noConflictCloserFrom, Self.hasMarker(bytes, at: start, UInt8(ascii: "<")) else { return nil }
        var index = endOfLine(from: start)
        while index < count {
            while index < count, bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") { index += 1 }
            if Self.hasMarker(bytes, at: index, UInt8(ascii: ">")) { return endOfLine(from: index) }
            index = endOfLine(from: index)
        }
        noConflictCloserFrom = start  // so many unclosed markers do not each scan to the end
        return nil
    }

    private static func hasMarker(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ c: UInt8) -> Bool {
        guard offset + 7 < bytes.count else { return false }
        for index in offset..<(offset + 7) where bytes[index] != c { return false }
        return bytes[offset + 7] == UInt8(ascii: " ")
    }

    // MARK: - Strings

    /// Emits the opening quote(s) at `delimiterStart` and enters string mode.
    private mutating func openString(delimiterStart: Int, pounds: Int, opener: Int? = nil) {
        let quote = bytes[delimiterStart]
        var multiline = quote == UInt8(ascii: "\"") && byte(delimiterStart + 1) == quote && byte(delimiterStart + 2) == quote
        if multiline, pounds > 0 {
            // `#"""#` is a one-line raw string holding `"`: a raw `"""` opens a one-line string
            // when its closing delimiter (`"` and as many `#`) follows on the same line.
            var index = delimiterStart + 1
            while index < count, !isLineBreak(bytes[index]) {
                if bytes[index] == UInt8(ascii: "\""), hasPounds(pounds, at: index + 1) {
                    multiline = false
                    break
                }
                index += 1
            }
        }
        if multiline {
            emit(.multilineStringQuote, delimiterStart, delimiterStart + 3)
        } else {
            emit(quote == UInt8(ascii: "'") ? .singleQuote : .stringQuote, delimiterStart, delimiterStart + 1)
        }
        modes.append(.string(quote: quote, multiline: multiline, pounds: pounds, opener: opener ?? pieces.count - 1))
        if !multiline { openSingleLineStrings += 1 }
    }

    /// Lexes string text up to the closing delimiter, an interpolation, or (single-line) a line break.
    private mutating func lexStringText(quote: UInt8, multiline: Bool, pounds: Int) {
        let start = position
        var index = start
        while index < count {
            let c = bytes[index]
            if c == UInt8(ascii: "\\") {
                var afterPounds = index + 1
                while afterPounds < count, afterPounds - index - 1 < pounds, bytes[afterPounds] == UInt8(ascii: "#") {
                    afterPounds += 1
                }
                guard afterPounds - index - 1 == pounds else {
                    index += 1  // a backslash that is just text in a raw string
                    continue
                }
                if byte(afterPounds) == UInt8(ascii: "(") {
                    if index > start { emit(.stringSegment, start, index) }
                    emit(.backslash, index, index + 1)
                    let opener = pieces.count - 1
                    if pounds > 0 { emit(.rawStringDelimiter, index + 1, afterPounds) }
                    emit(.leftParen, afterPounds, afterPounds + 1)
                    modes.append(.interpolation(depth: 0, opener: opener))
                    return
                }
                // An escape: the escaped character is text, even a quote. A line break is not
                // skipped in a single-line string, so the break still ends it.
                let escaped = byte(afterPounds)
                if afterPounds < count, multiline || (escaped != UInt8(ascii: "\n") && escaped != UInt8(ascii: "\r")) {
                    index = afterPounds + 1
                } else {
                    index = afterPounds
                }
                continue
            }
            if c == quote {
                let quoteLength = multiline ? 3 : 1
                if !multiline || (byte(index + 1) == quote && byte(index + 2) == quote) {
                    var closing = index + quoteLength
                    while closing < count, closing - index - quoteLength < pounds, bytes[closing] == UInt8(ascii: "#") {
                        closing += 1
                    }
                    if closing - index - quoteLength == pounds {
                        if index > start { emit(.stringSegment, start, index) }
                        emit(multiline ? .multilineStringQuote : (quote == UInt8(ascii: "'") ? .singleQuote : .stringQuote),
                             index, index + quoteLength)
                        if pounds > 0 {
                            // Extra `#`s (`#"a"##`) are an error the compiler reports on the delimiter.
                            while closing < count, bytes[closing] == UInt8(ascii: "#") { closing += 1 }
                            emit(.rawStringDelimiter, index + quoteLength, closing)
                        }
                        modes.removeLast()
                        if !multiline { openSingleLineStrings -= 1 }
                        return
                    }
                }
                index += 1
                continue
            }
            if !multiline, c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                if index > start { emit(.stringSegment, start, index) }
                position = index
                closeSingleLineStringsAtLineBreak()
                return
            }
            index += 1
        }
        if index > start { emit(.stringSegment, start, index) }
        position = count
    }
}
