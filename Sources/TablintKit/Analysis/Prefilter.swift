/// Proves, from a file's bytes alone, that no reader can find anything in an ordinary `.swift`
/// file, so `Engine.analyze` can skip them. Pure: bytes and file kind in, a yes or no out.
///
/// Every reader starts from a word the file must spell out in its bytes:
///
/// * `TableLiteralReader`: the identifier `Table` (`Table(`, `Table.init(`, or `.init(` after
///   `: Table =`, all of which spell it), or the label `machine:` (an implicit `.init(` that
///   names every part of the library's table, under another type's name);
/// * `MachineEnumReader`: `@Machine`;
/// * `FixtureReader.readEmbedded`: a `"""` literal whose value starts with the word `machine`.
///   Without a backslash a literal's value is its bytes less indentation and line-break
///   changes, so the value spells `machine` only if the bytes do; with one (`\u{6D}`, a `\`
///   joining two lines) it might, so any backslash counts;
/// * `DispatcherReader`: the keyword `switch` (a dispatcher is a function's `switch`);
/// * inline suppressions (`// tablint:…`) are read from the file too, so `tablint` counts;
/// * `CellsProtocolReader` and `CellsImplementationReader`: a name ending in `Cells`, and the
///   name `Step` (an extension's members returning `Step<…>`); such a file is read at once;
/// * `EnumDeclarationReader` and `TypeNameDeclarationReader`: the keywords `enum` and
///   `typealias`. Declarations serve only the cross-file checks, so a file with
///   these words alone is `Need.declarations`: the workspace tokenizes it and reads its
///   declarations only if the run asks (`DeferredDeclarations.swift`).
///
/// A file with none of these has no matrix, no read problem, no dispatcher and no bound
/// matrix: every rule sees what it would see after running the readers. `Table`, `switch` and
/// `Machine` count only as whole words (`HashTable`, `switches` do not), and anything unsure
/// (a non-ASCII byte next to the word) counts. Only ordinary `.swift` files are skipped:
/// `*.tb.swift` files are checked for their directive and formattability whatever they hold,
/// and `.tbl` fixtures are not Swift.
enum Prefilter {
    /// What a file's bytes can give the readers.
    enum Need: Equatable {
        /// No word any reader starts from: tokens only.
        case nothing
        /// Only `enum` or `typealias`: declarations for the cross-file checks, which matter only
        /// in a run that has something asking for them (`Workspace`'s deferred declarations).
        case declarations
        /// `Table`, `@Machine`, a `"""`, `switch` or `tablint`: every triggered reader.
        case matrices
    }

    /// Whether the readers cannot find anything in a file of this kind with these bytes.
    static func canSkipReaders(_ bytes: [UInt8], kind: FileKind) -> Bool {
        need(bytes, kind: kind) == .nothing
    }

    /// What the readers can find in a file of this kind with these bytes (one pass over them).
    static func need(_ bytes: [UInt8], kind: FileKind) -> Need {
        guard kind == .swift else { return .matrices }
        return bytes.withUnsafeBufferPointer { need($0) }
    }

    /// Whether the bytes hold one of the words the readers start from (see the type's comment).
    static func mayHoldMatrixOrDispatcher(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { need(bytes) != .nothing }

    /// One pass, 8 bytes at a time: a word is looked for only where one of its rarer bytes is
    /// (`w` of `switch`, `b` of `Table` and `tablint`, `@`, `"`, and until a declaration word is
    /// found `u` of `enum` and `C` of `Cells`); `machine` and `\` are looked for only in a file
    /// that has a `"""`. It stops at the first matrix word.
    static func need(_ bytes: UnsafeBufferPointer<UInt8>) -> Need {
        guard let base = bytes.baseAddress else { return .nothing }
        let count = bytes.count
        var tripleQuote = false
        var declarations = false
        var machineWord = false

        /// Whether the byte at `index` starts or belongs to a matrix word; notes a `"""` and a
        /// declaration word on the way.
        func check(_ index: Int) -> Bool {
            switch base[index] {
            case UInt8(ascii: "w"):
                return index >= 1 && base[index - 1] == UInt8(ascii: "s") && isWord("switch", at: index - 1)
            case UInt8(ascii: "b"):
                guard index >= 2 else { return false }
                let first = base[index - 2]
                return (first == UInt8(ascii: "T") && isWord("Table", at: index - 2))
                    || (first == UInt8(ascii: "t") && spells("tablint", at: index - 2))
            case UInt8(ascii: "u"):
                if !declarations, index >= 2, base[index - 2] == UInt8(ascii: "e"), isWord("enum", at: index - 2) {
                    declarations = true
                }
                return false
            case UInt8(ascii: "y"):
                if !declarations, index >= 1, base[index - 1] == UInt8(ascii: "t"), isWord("typealias", at: index - 1) {
                    declarations = true
                }
                return false
            case UInt8(ascii: "h"):
                // `machine:`, a `Table` built as `.init(machine: …)` under another type's name
                // (`let TABLE: TimerTable = .init(`); a bare `machine` matters in a `"""` pin.
                guard index >= 3, base[index - 3] == UInt8(ascii: "m"), isWord("machine", at: index - 3) else { return false }
                machineWord = true
                var after = index + 4
                while after < count, base[after] == UInt8(ascii: " ") { after += 1 }
                return after < count && base[after] == UInt8(ascii: ":")
            case UInt8(ascii: "@"):
                // The byte after the anchor first: most anchors are not the word, and a call is dear.
                return second(index) == UInt8(ascii: "M") && spells("@Machine", at: index) && endsWord(at: index + 8)
            case UInt8(ascii: "C"):
                // A name ending in `Cells` (a protocol, a conformance): read at once, from the
                // tokens at hand, since its implementation matters to any run with its machine.
                return second(index) == UInt8(ascii: "e") && spells("Cells", at: index) && endsWord(at: index + 5)
            case UInt8(ascii: "S"):
                // `-> Step<…>`: an extension holding a `Cells` implementation's members.
                return second(index) == UInt8(ascii: "t") && spells("Step", at: index) && endsWord(at: index + 4)
                    && (index == 0 || !isNameByte(base[index - 1]))
            case UInt8(ascii: "\""):
                if !tripleQuote, second(index) == UInt8(ascii: "\""), spells("\"\"\"", at: index) { tripleQuote = true }
                return false
            default:
                return false
            }
        }

        /// The byte after `index`, or 0 at the end.
        @inline(__always)
        func second(_ index: Int) -> UInt8 { index + 1 < count ? base[index + 1] : 0 }

        func spells(_ word: StaticString, at index: Int) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index >= 0, index + length <= count else { return false }
            let letters = word.utf8Start
            for offset in 0..<length where base[index + offset] != letters[offset] { return false }
            return true
        }

        /// `word` at `index` as a whole word: no name character right before or after it.
        func isWord(_ word: StaticString, at index: Int) -> Bool {
            spells(word, at: index) && (index == 0 || !isNameByte(base[index - 1]))
                && endsWord(at: index + word.utf8CodeUnitCount)
        }

        func endsWord(at index: Int) -> Bool { index >= count || !isNameByte(base[index]) }

        var index = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Only the lanes that may hold an anchor are checked (a lane above a true one may be
            // marked too; `check` reads the bytes, so that costs a call, never a miss).
            var lanes = declarations ? matrixAnchorLanes(word) : anchorLanes(word)
            while lanes != 0 {
                if check(index + lanes.trailingZeroBitCount >> 3) { return .matrices }
                lanes &= lanes - 1
            }
            index += 8
        }
        while index < count {
            if check(index) { return .matrices }
            index += 1
        }
        if tripleQuote {
            if machineWord || bytes.contains(UInt8(ascii: "\\")) { return .matrices }
        }
        return declarations ? .declarations : .nothing
    }

    /// `[A-Za-z0-9_$]`: a byte that would continue an ASCII name. A non-ASCII byte might (or
    /// might not) belong to a name, so it is not one here: the word next to it counts.
    @inline(__always)
    static func isNameByte(_ c: UInt8) -> Bool {
        (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
    }

    /// The high bit of each of the 8 lanes of `word` that may be `w`, `b`, `u`, `@`, `"` or `C`
    /// (SWAR: a lane equal to the anchor becomes zero, and the zero-byte test marks it; every
    /// such lane is marked, and a lane is marked wrongly only above a marked one).
    @inline(__always)
    static func anchorLanes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highBits }
        return hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "w")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "b"))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "@")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "u")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "C"))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "y")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "h"))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "S"))))
    }

    /// The same for the matrix words' anchors only (`w`, `b`, `@`, `"`): once a file is known
    /// to declare something, only a matrix word can change the answer.
    @inline(__always)
    static func matrixAnchorLanes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highBits }
        return hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "w")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "b"))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "@")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "h")))) | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "C"))))
            | hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "S"))))
    }
}
