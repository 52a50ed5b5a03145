// A frozen copy of the tokenizer as it was before the speed work of issue 8 (commit b985ef1),
// kept only as a test oracle: `TokenizerDifferentialTests` checks that the optimized
// `Tokenizer` cuts every input into exactly the same pieces (kind, range, flags) as this one.
// Do not optimize or fix this file; if the tokenizer's intended behaviour changes, the
// differential test must be updated deliberately, together with this copy.
@testable import TablintKit

/// Cuts Swift source bytes into tokens and trivia, losslessly.
///
/// Every byte of the input lands in exactly one piece, so joining the pieces gives the input
/// back, whatever it holds: invalid UTF-8, NUL bytes, CR line ends, unterminated literals.
/// Nesting (strings inside interpolations inside strings, nested comments) is kept on an
/// explicit stack, never by recursion, so no input can overflow the call stack.
enum ReferenceTokenizer {
    static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = ReferenceLexer(buffer)
            defer { lexer.pieces.deallocate() }
            lexer.run()
            return lexer.pieces.array
        }
    }
}

/// The pieces as they are cut: a buffer grown by hand, because `Array.append` checks
/// uniqueness and capacity on every call and that showed in profiles as a tenth of the time.
/// `Token` is plain data, so nothing needs deinitializing.
struct ReferencePieceBuffer {
    private var base: UnsafeMutablePointer<Token>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
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

    func deallocate() { base.deallocate() }
}

/// The lexer's state for one file. Kept out of the public API: callers only see `[Token]`.
struct ReferenceLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private var position = 0
    fileprivate var pieces: ReferencePieceBuffer
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
    private let reserved = ReferenceKeywords.reservedSet

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = bytes.count
        // Swift source averages about one piece per three bytes; reserving that avoids regrowth.
        pieces = ReferencePieceBuffer(capacity: bytes.count / 3 + 16)
    }

    mutating func run() {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            emit(.byteOrderMark, 0, 3)
        }
        if position + 1 < count, bytes[position] == UInt8(ascii: "#"), bytes[position + 1] == UInt8(ascii: "!") {
            emit(.shebang, position, endOfLine(from: position))
        }
        while position < count {
            if case .string(let quote, let multiline, let pounds, _) = modes.last {
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
            isKeyword = ReferenceKeywords.isKeptAfterPeriod(word)
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
        let context = isLeftBound(start) ? nil : slashContext()
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
            if c == UInt8(ascii: "/"), end > start, let context, !holdsCommentEnd, bytes[end - 1] != UInt8(ascii: "*") {
                regexEnd = bareRegexEnd(from: end, after: context)
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
        if ReferenceUnicodeClasses.isOperatorHead(scalar) { return length }
        if !head, ReferenceUnicodeClasses.isOperatorContinuation(scalar) { return length }
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
    private let nameBytes = ReferenceLexer.nameByteTable

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
        return ReferenceUnicodeClasses.isIdentifier(scalar, first: first) ? length : nil
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
        ReferenceKeywords.utf8SequenceLength(bytes, at: offset)
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
        if pounds == 1, nameEnd > start + 1, ReferenceKeywords.isPoundKeyword(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<nameEnd])) {
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
            if ReferenceKeywords.namesOperator(word) { return .operatorName }
            return ReferenceKeywords.isOperand(word) ? .afterOperand : .expressionExpected
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

/// Word lists the tokenizer needs, compared byte-wise so no identifier allocates.
enum ReferenceKeywords {
    /// Length of the valid UTF-8 sequence at `index`, or 0 if the bytes there are not one.
    static func utf8SequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = buffer[index]
        let count = buffer.count
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            index + offset < count && buffer[index + offset] >= low && buffer[index + offset] <= high
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0, 0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90, 0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// Swift's reserved words: declarations, statements, expressions and types. Contextual
    /// keywords (`get`, `open`, `async`, `some`…) are identifiers here; only grammar decides them.
    static let reserved: [String] = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "precedencegroup", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Reserved words that stay keywords after a `.` (`x.init`, `x.self`, `T.Self`); any other
    /// reserved word there is a member name.
    static let keptAfterPeriod: [String] = ["init", "self", "Self"]

    /// Reserved words that are whole operands, so a `/` after them is read as division unless
    /// it is glued to what follows (`x = nil /b/` is still a regex).
    static let operands: [String] = ["Any", "Self", "false", "nil", "self", "super", "true"]

    /// Reserved words after which a `/` names an operator and never opens a regex.
    static let operatorNaming: [String] = ["func", "operator"]

    /// `#` directives SwiftSyntax lexes as one token.
    static let poundKeywords: [String] = [
        "if", "elseif", "else", "endif", "sourceLocation", "available", "unavailable",
    ]

    static let reservedSet = ReferenceWordSet(reserved)
    private static let keptAfterPeriodSet = ReferenceWordSet(keptAfterPeriod)
    private static let operandsSet = ReferenceWordSet(operands)
    private static let operatorNamingSet = ReferenceWordSet(operatorNaming)
    private static let poundKeywordsSet = ReferenceWordSet(poundKeywords)

    static func isReserved(_ word: UnsafeBufferPointer<UInt8>) -> Bool { reservedSet.contains(word) }
    static func isKeptAfterPeriod(_ word: UnsafeBufferPointer<UInt8>) -> Bool { keptAfterPeriodSet.contains(word) }
    static func isOperand(_ word: UnsafeBufferPointer<UInt8>) -> Bool { operandsSet.contains(word) }
    static func namesOperator(_ word: UnsafeBufferPointer<UInt8>) -> Bool { operatorNamingSet.contains(word) }
    static func isPoundKeyword(_ word: UnsafeBufferPointer<UInt8>) -> Bool { poundKeywordsSet.contains(word) }
}

/// A set of words of 1...15 bytes in a small open-addressing table. A lookup hashes only the
/// word's length and first and last bytes, and compares the whole word (packed into two
/// integers) only when those match: a few integer operations, never an allocation.
struct ReferenceWordSet {
    private struct Entry {
        /// Length, first and last byte; 0 marks an empty slot.
        var signature: UInt32 = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// 256 slots for a few dozen words, so a probe sequence is almost always one slot long.
    private var slots = [Entry](repeating: Entry(), count: 256)

    init(_ words: [String]) {
        for word in words {
            let bytes = Array(word.utf8)
            precondition(!bytes.isEmpty && bytes.count <= 15, "ReferenceWordSet holds words of 1...15 bytes")
            bytes.withUnsafeBufferPointer { word in
                let signature = Self.signature(word)
                let (low, high) = Self.pack(word)
                var slot = Self.slot(signature)
                while slots[slot].signature != 0 { slot = (slot + 1) & 255 }
                slots[slot] = Entry(signature: signature, low: low, high: high)
            }
        }
    }

    @inline(__always)
    func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count > 0, word.count <= 15 else { return false }
        let signature = Self.signature(word)
        var slot = Self.slot(signature)
        while slots[slot].signature != 0 {
            if slots[slot].signature == signature {
                let (low, high) = Self.pack(word)
                if slots[slot].low == low, slots[slot].high == high { return true }
            }
            slot = (slot + 1) & 255
        }
        return false
    }

    @inline(__always)
    private static func signature(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(word.count) << 16 | UInt32(word[0]) << 8 | UInt32(word[word.count - 1])
    }

    @inline(__always)
    private static func slot(_ signature: UInt32) -> Int {
        Int(truncatingIfNeeded: (signature &* 0x9E37_79B1) >> 24)
    }

    /// The word's bytes, little-endian, in two integers.
    @inline(__always)
    private static func pack(_ word: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<word.count {
            if index < 8 {
                low |= UInt64(word[index]) << (8 * UInt64(index))
            } else {
                high |= UInt64(word[index]) << (8 * UInt64(index - 8))
            }
        }
        return (low, high)
    }
}

/// The Unicode ranges Swift's grammar gives operators and identifiers.
enum ReferenceUnicodeClasses {
    /// Characters that may start an operator (The Swift Programming Language, Lexical Structure).
    static func isOperatorHead(_ c: UInt32) -> Bool {
        switch c {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0...0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
            0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
            0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
            0x3008...0x3030:  // the compiler's range; 0x3021...0x302F are identifier characters too
            return true
        default:
            return false
        }
    }

    /// Combining characters that may continue an operator.
    static func isOperatorContinuation(_ c: UInt32) -> Bool {
        switch c {
        case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Non-ASCII identifier characters: the ranges of the Swift grammar (C11's recommended
    /// extended identifier characters, N1518 annex X.1). Combining marks (X.2) cannot start one.
    static func isIdentifier(_ c: UInt32, first: Bool) -> Bool {
        guard isIdentifierContinuation(c) else { return false }
        if first {
            switch c {
            case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return false
            default: return true
            }
        }
        return true
    }

    private static func isIdentifierContinuation(_ c: UInt32) -> Bool {
        switch c {
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
            0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
            0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF,
            0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
            0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8:
            return true
        case 0x10000...0xEFFFD:
            return c & 0xFFFF <= 0xFFFD  // every plane but its last two code points
        default:
            return false
        }
    }
}
