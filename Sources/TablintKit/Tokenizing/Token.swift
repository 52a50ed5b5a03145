/// One piece of a source file: a token or a piece of trivia.
///
/// The tokenizer cuts a file into contiguous pieces, so concatenating the bytes of every
/// piece, in order, reproduces the file exactly. A piece stores only its kind, flags and
/// byte range; line and column come from the file's `LineTable` when a diagnostic needs them.
public struct Token: Equatable {
    public var kind: TokenKind
    public var flags: TokenFlags
    /// Byte offsets into the file; `UInt32` keeps a piece at 12 bytes.
    public var startOffset: UInt32
    public var endOffset: UInt32

    @inlinable
    public init(kind: TokenKind, flags: TokenFlags = [], start: Int, end: Int) {
        self.kind = kind
        self.flags = flags
        self.startOffset = UInt32(truncatingIfNeeded: start)
        self.endOffset = UInt32(truncatingIfNeeded: end)
    }

    @inlinable public var start: Int { Int(startOffset) }
    @inlinable public var end: Int { Int(endOffset) }
    @inlinable public var range: Range<Int> { start..<end }
    @inlinable public var length: Int { end - start }
    @inlinable public var isTrivia: Bool { kind.isTrivia }
    @inlinable public var isUnterminated: Bool { flags.contains(.unterminated) }
}

public struct TokenFlags: OptionSet, Equatable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The construct this token opens (string, multi-line string, raw string, regex,
    /// block comment, backticked identifier, interpolation) never closes.
    public static let unterminated = TokenFlags(rawValue: 1 << 0)
}

/// What a piece is. Names follow SwiftSyntax's where the two agree, so the tokenizer can be
/// diffed against the compiler's parser; where SwiftSyntax decides by grammar (contextual
/// keywords, `<` as a generic angle, prefix vs. binary operators) tablint stays lexical.
public enum TokenKind: UInt8, CaseIterable {
    // MARK: Trivia
    /// Spaces, tabs, vertical tabs and form feeds.
    case whitespace
    /// One or more line breaks: `\n`, `\r\n` or a lone `\r`.
    case newline
    /// `// …` up to, not including, the line break.
    case lineComment
    /// `/* … */`, nested; `.unterminated` if the file ends first.
    case blockComment
    /// `#!…` on the first line.
    case shebang
    /// A UTF-8 byte order mark at offset 0.
    case byteOrderMark
    /// A merge-conflict region, from `<<<<<<< ` to the end of the `>>>>>>> ` line.
    case conflictMarker
    /// Bytes that cannot start any token: invalid UTF-8, NUL, stray control or Unicode characters.
    case unexpected

    // MARK: Names
    case identifier
    /// A reserved word (`let`, `case`, `default`, …); contextual keywords are identifiers.
    case keyword
    /// `$0`, `$1`, a lone `$` (`$foo` is an `identifier`, as in SwiftSyntax).
    case dollarIdentifier
    /// `_` on its own.
    case wildcard

    // MARK: Literals
    case integerLiteral
    case floatLiteral
    /// `"` opening or closing a single-line string.
    case stringQuote
    /// `"""` opening or closing a multi-line string.
    case multilineStringQuote
    /// `'` (not Swift, but lexed so the rest of the file stays in step).
    case singleQuote
    /// The `#`s around a raw string (`#"`, `"##`) or after an interpolation's backslash (`\#(`).
    case rawStringDelimiter
    /// Literal text inside a string, escapes included.
    case stringSegment
    /// The `\` that starts an interpolation `\(`.
    case backslash
    /// `/` opening or closing a regex literal.
    case regexSlash
    /// The `#`s around an extended regex literal `#/…/#`.
    case regexPoundDelimiter
    /// The text between a regex literal's slashes.
    case regexPattern

    // MARK: Directives and attributes
    /// `#if`, `#elseif`, `#else`, `#endif`, `#sourceLocation`, `#available`, `#unavailable`.
    case poundKeyword
    /// A `#` before a name (`#selector`, `#file`, freestanding macros).
    case pound
    /// `@` before an attribute name.
    case atSign

    // MARK: Punctuation
    case leftParen, rightParen
    case leftBracket, rightBracket
    case leftBrace, rightBrace
    case comma, colon, semicolon
    /// A `.` that is not part of an operator (member access, implicit member).
    case period
    /// A lone `=`.
    case equal
    /// `->`.
    case arrow
    /// A stray backtick that opens no identifier.
    case backtick
    /// Any other operator: `+`, `?`, `!`, `&`, `...`, `..<`, custom operators.
    case `operator`

    @inlinable
    public var isTrivia: Bool { rawValue <= TokenKind.unexpected.rawValue }

    @inlinable
    public var isComment: Bool { self == .lineComment || self == .blockComment }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element is not `isBefore`, for a collection ordered so that every
    /// element that is `isBefore` comes first (binary search).
    public func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Array where Element == Token {
    /// The index of the piece that starts at byte `offset`, if one does.
    public func index(startingAt offset: Int) -> Int? {
        let index = partitionPoint { $0.start < offset }
        return index < count && self[index].start == offset ? index : nil
    }
}
