/// Word lists the tokenizer needs, compared byte-wise so no identifier allocates.
enum Keywords {
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

    static let reservedSet = WordSet(reserved)
    private static let keptAfterPeriodSet = WordSet(keptAfterPeriod)
    private static let operandsSet = WordSet(operands)
    private static let operatorNamingSet = WordSet(operatorNaming)
    private static let poundKeywordsSet = WordSet(poundKeywords)

    static func isReserved(_ word: UnsafeBufferPointer<UInt8>) -> Bool { reservedSet.contains(word) }
    static func isKeptAfterPeriod(_ word: UnsafeBufferPointer<UInt8>) -> Bool { keptAfterPeriodSet.contains(word) }
    static func isOperand(_ word: UnsafeBufferPointer<UInt8>) -> Bool { operandsSet.contains(word) }
    static func namesOperator(_ word: UnsafeBufferPointer<UInt8>) -> Bool { operatorNamingSet.contains(word) }
    static func isPoundKeyword(_ word: UnsafeBufferPointer<UInt8>) -> Bool { poundKeywordsSet.contains(word) }
}

/// A set of words of 1...15 bytes in a small open-addressing table. A lookup first checks a
/// per-first-byte mask of the member lengths (which turns most names away at once), then hashes
/// the word's length and first and last bytes, and compares the whole word (packed into two
/// integers) only when those match: a few integer operations, never an allocation.
struct WordSet {
    private struct Entry {
        /// Length, first and last byte; 0 marks an empty slot.
        var signature: UInt32 = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
    }

    /// 256 slots for a few dozen words, so a probe sequence is almost always one slot long.
    private var slots = [Entry](repeating: Entry(), count: 256)
    /// For each first byte, bit `n` is set when a member of `n` bytes starts with it.
    private var lengthsByFirstByte = [UInt16](repeating: 0, count: 256)

    init(_ words: [String]) {
        for word in words {
            let bytes = Array(word.utf8)
            precondition(!bytes.isEmpty && bytes.count <= 15, "WordSet holds words of 1...15 bytes")
            lengthsByFirstByte[Int(bytes[0])] |= 1 << UInt16(bytes.count)
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
        guard word.count > 0, word.count <= 15, let base = word.baseAddress else { return false }
        return contains(base, length: word.count, readable: word.count)
    }

    /// Whether the `length` bytes at `base` are a member. `readable` bytes from `base` on may
    /// be read (at least `length`): with 16 of them the word is loaded in two unaligned reads.
    @inline(__always)
    func contains(_ base: UnsafePointer<UInt8>, length: Int, readable: Int) -> Bool {
        guard length <= 15, lengthsByFirstByte[Int(base[0])] & (1 &<< UInt16(truncatingIfNeeded: length)) != 0 else {
            return false
        }
        let signature = UInt32(truncatingIfNeeded: length) << 16 | UInt32(base[0]) << 8 | UInt32(base[length &- 1])
        var slot = Self.slot(signature)
        while slots[slot].signature != 0 {
            if slots[slot].signature == signature {
                let (low, high) = readable >= 16 ? Self.packWide(base, length: length) : Self.pack(UnsafeBufferPointer(start: base, count: length))
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

    /// `pack` for a word of 1...15 bytes with 16 readable bytes at `base`: two unaligned
    /// loads, masked to the word's length.
    @inline(__always)
    private static func packWide(_ base: UnsafePointer<UInt8>, length: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(base)
        let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if length < 8 {
            return (first & ((1 &<< UInt64(truncatingIfNeeded: 8 &* length)) &- 1), 0)
        }
        return (first, second & ((1 &<< UInt64(truncatingIfNeeded: 8 &* (length &- 8))) &- 1))
    }
}

/// The Unicode ranges Swift's grammar gives operators and identifiers.
enum UnicodeClasses {
    /// Whether `text` is one Swift identifier as the tokenizer reads one, without backticks
    /// (`halfOpen`, `état`; not `a b`, `x-y`, `1A`).
    static func isIdentifier(_ text: String) -> Bool {
        var first = true
        for scalar in text.unicodeScalars {
            let c = scalar.value
            let isPart = c < 0x80
                ? (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || (!first && c >= 0x30 && c <= 0x39)
                : isIdentifier(c, first: first)
            guard isPart else { return false }
            first = false
        }
        return !first
    }

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
