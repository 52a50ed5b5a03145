/// A file's tokens without trivia, with every bracket paired to its partner: the view every
/// reader walks. Built once per file; a class, since every reader and every cell holds it and
/// copying its arrays' references each time was a tenth of reading a big matrix.
final class SignificantTokens {
    let file: SourceFile
    let tokens: [Token]
    /// For an opening or closing bracket, the index of its partner; -1 for unpaired brackets
    /// and for every other token.
    let partner: BracketPartners
    /// Where the file's unterminated constructs start (comments included), usually none.
    let unterminatedOffsets: [Int]
    /// Which readers' starting tokens the file has, noted while the tokens are gathered.
    let triggers: ReaderTriggers

    /// `everyReader`: note every reader as triggered (and no `switch` list, so the dispatcher
    /// reader reads every function's header), for the differential tests.
    init(file: SourceFile, pieces: [Token], everyReader: Bool = false) {
        self.file = file
        // Two passes over the pieces, no per-token allocation: count the tokens, then copy them
        // into an array of that size while pairing brackets and noting unterminated constructs.
        let count = pieces.reduce(0) { $1.isTrivia ? $0 : $0 + 1 }
        var partner = [Int32](repeating: -1, count: count)
        var unterminated: [Int] = []
        // An explicit stack: nesting depth is bounded by memory, not by the call stack.
        var open: [Int] = []
        var triggers = ReaderTriggers(table: false, machine: false, multilineString: false, switches: [], declarations: false)
        let tokens = file.bytes.withUnsafeBufferPointer { bytes in pieces.withUnsafeBufferPointer { pieces in
            partner.withUnsafeMutableBufferPointer { partner in
                [Token](unsafeUninitializedCapacity: count) { tokens, initialized in
                    var index = 0
                    for piece in pieces {
                        if piece.isUnterminated { unterminated.append(piece.start) }
                        if piece.isTrivia { continue }
                        (tokens.baseAddress! + index).initialize(to: piece)
                        switch piece.kind {
                        case .leftParen, .leftBracket, .leftBrace:
                            open.append(index)
                        case .rightParen, .rightBracket, .rightBrace:
                            // Only the innermost opener can pair; a closer of another shape stays
                            // unpaired, which keeps this linear on any input.
                            if let last = open.last, Self.closer(of: tokens[last].kind) == piece.kind {
                                partner[index] = Int32(truncatingIfNeeded: last)
                                partner[last] = Int32(truncatingIfNeeded: index)
                                open.removeLast()
                            }
                        case .identifier:
                            // `MachineEnumReader` reads `Machine` right after an `@`.
                            let length = piece.length
                            if length == 5, Self.spells(bytes, piece, "Table") {
                                triggers.table = true
                            } else if length == 4, !triggers.stepName, Self.spells(bytes, piece, "Step") {
                                // `-> Step<S, F>`: members of an implementation, maybe in an
                                // extension of a type that conforms to `…Cells` in another file.
                                triggers.stepName = true
                                triggers.declarations = true
                            } else if length == 7, index > 0, tokens[index - 1].kind == .atSign, Self.spells(bytes, piece, "Machine") {
                                triggers.machine = true
                            }
                            // `TimerCells`, `Cells`: a conformance the implementation reader reads.
                            if length >= 5, !triggers.cellsName, bytes[piece.start + length - 5] == UInt8(ascii: "C"),
                                bytes[piece.start + length - 1] == UInt8(ascii: "s"), bytes[piece.start + length - 4] == UInt8(ascii: "e"),
                                bytes[piece.start + length - 3] == UInt8(ascii: "l"), bytes[piece.start + length - 2] == UInt8(ascii: "l")
                            {
                                triggers.cellsName = true
                                triggers.declarations = true
                            }
                        case .keyword:
                            let length = piece.length
                            if length == 6, Self.spells(bytes, piece, "switch") {
                                triggers.switches!.append(index)
                            } else if length == 4 || length == 8 || length == 9, !triggers.declarations,
                                Self.spells(bytes, piece, length == 4 ? "enum" : length == 8 ? "protocol" : "typealias") {
                                triggers.declarations = true
                            }
                        case .multilineStringQuote:
                            triggers.multilineString = true
                        default:
                            break
                        }
                        index += 1
                    }
                    initialized = index
                }
            }
        } }
        self.triggers = everyReader ? .all : triggers
        unterminatedOffsets = unterminated
        self.tokens = tokens
        self.partner = BracketPartners(storage: partner)
    }

    /// Whether `token` spells `word`; its length is checked by the caller.
    @inline(__always)
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Token, _ word: StaticString) -> Bool {
        let letters = word.utf8Start
        let start = token.start
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != letters[offset] { return false }
        return true
    }

    static func closer(of kind: TokenKind) -> TokenKind? {
        switch kind {
        case .leftParen: return .rightParen
        case .leftBracket: return .rightBracket
        case .leftBrace: return .rightBrace
        default: return nil
        }
    }

    var count: Int { tokens.count }

    /// Whether an unterminated construct starts inside the bracket pair opened at `opener`
    /// (to the end of the file if it never closes): what is inside cannot be read with confidence.
    func hasUnterminatedConstruct(inside opener: Int) -> Bool {
        let end = partner[opener] > opener ? tokens[partner[opener]].end : file.bytes.count
        let start = tokens[opener].start
        // The offsets are in file order: find the first at or after `start` by binary search.
        let first = unterminatedOffsets.partitionPoint { $0 < start }
        return first < unterminatedOffsets.count && unterminatedOffsets[first] < end
    }

    subscript(index: Int) -> Token { tokens[index] }

    func kind(_ index: Int) -> TokenKind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    /// Whether token `index` is exactly `text` (compared as bytes, no allocation).
    func isText(_ index: Int, _ text: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        guard token.length == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            file.bytes.withUnsafeBufferPointer { bytes in
                let start = token.start
                for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
                return true
            }
        }
    }

    /// Whether token `index` starts with the byte `byte`.
    func startsWith(_ index: Int, _ byte: UInt8) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].length > 0 else { return false }
        return file.bytes[tokens[index].start] == byte
    }

    func text(_ index: Int) -> String { file.text(of: tokens[index]) }

    /// The source text from the start of token `first` to the end of token `last`, as written.
    func text(from first: Int, through last: Int) -> String {
        file.text(tokens[first].start..<tokens[last].end)
    }

    func range(from first: Int, through last: Int) -> Range<Int> {
        tokens[first].start..<tokens[last].end
    }

    /// Splits the contents of the bracket pair opened at `opener` at its top-level commas.
    /// Each element is a half-open range of token indices; a trailing comma adds no element.
    /// Nil if the bracket is unpaired.
    func elements(inside opener: Int) -> [Range<Int>]? {
        let closer = partner[opener]
        guard closer > opener else { return nil }
        // Counted first, so the array is allocated once: a matrix asks this of every row and cell.
        var commas = 0
        var index = opener + 1
        while index < closer {
            if tokens[index].kind == .comma {
                commas += 1
            } else if partner[index] > index {
                index = partner[index]
            }
            index += 1
        }
        var elements: [Range<Int>] = []
        elements.reserveCapacity(commas + 1)
        var start = opener + 1
        index = opener + 1
        while index < closer {
            let kind = tokens[index].kind
            if kind == .comma {
                elements.append(start..<index)
                start = index + 1
            } else if partner[index] > index {
                index = partner[index]  // skip a nested bracket pair whole
            }
            index += 1
        }
        if start < closer { elements.append(start..<closer) }
        return elements
    }
}

/// `SignificantTokens.partner`: read like an `[Int]`, stored in 4 bytes a token (token
/// offsets are `UInt32` already, so no file has more tokens than an `Int32` counts).
struct BracketPartners: Equatable {
    let storage: [Int32]

    subscript(index: Int) -> Int { Int(storage[index]) }

    var count: Int { storage.count }

    /// As an array of `Int`, for comparing.
    var array: [Int] { storage.map(Int.init) }
}
