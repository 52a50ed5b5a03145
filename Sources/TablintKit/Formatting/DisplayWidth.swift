/// How many terminal columns text takes: what "lines up on screen" means.
///
/// Width is counted per grapheme cluster (what a reader sees as one character): 2 columns for
/// an East Asian Wide or Fullwidth character, an emoji presentation sequence (an emoji, or a
/// character followed by U+FE0F), a pair of regional indicators (a flag) and a ZWJ emoji
/// sequence; 0 for a lone combining mark or a zero-width character; 1 for every other one. A
/// tab advances to the next multiple of `tabWidth` from the line's start.
enum DisplayWidth {
    static let tabWidth = 8

    /// The width of one Unicode scalar standing alone, other than a tab.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (value >= 0x7F && value < 0xA0) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if value == 0x200B { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The width of one grapheme cluster other than a tab.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        let base = of(first)
        // A cluster that starts with a mark has no base character to sit on.
        if base == 0 { return scalars.allSatisfy({ of($0) == 0 }) ? 0 : 1 }
        if first.properties.isEmoji {
            let isFlag = scalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
            let isPresentation = scalars.contains { $0.value == 0xFE0F }
            let isJoined = scalars.contains { $0.value == 0x200D }
            if isFlag || isPresentation || isJoined { return 2 }
        }
        return base
    }

    /// East Asian Wide and Fullwidth ranges.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The column reached after `bytes[range]` when they start at column `start` (0-based).
    /// Invalid UTF-8 counts one column per replacement character.
    static func advance(_ bytes: [UInt8], _ range: Range<Int>, from start: Int) -> Int {
        // ASCII (nearly every matrix) is one character per byte: no string to build. Other
        // text is measured by grapheme clusters.
        let ascii = bytes.withUnsafeBufferPointer { bytes -> Int? in
            var column = start
            for offset in range {
                let byte = bytes[offset]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "\t") {
                    column += tabWidth - column % tabWidth
                } else if byte >= 0x20 && byte != 0x7F {
                    column += 1
                }
            }
            return column
        }
        if let ascii { return ascii }
        var column = start
        for character in String(decoding: bytes[range], as: UTF8.self) {
            if character == "\t" {
                column += tabWidth - column % tabWidth
            } else {
                column += of(character)
            }
        }
        return column
    }

    /// The number of Unicode scalars in `bytes[range]`: how the library's formatter
    /// (`tabular-center-fmt`) counts columns.
    static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        // Every scalar has exactly one byte that is not a UTF-8 continuation byte.
        bytes.withUnsafeBufferPointer { scalarCount($0, range) }
    }

    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for offset in range where bytes[offset] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The width of a string that holds no tab.
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }
}
