/// How many terminal columns text takes: what "lines up on screen" means.
///
/// Wide characters (CJK ideographs, kana, Hangul, fullwidth forms, emoji shown as emoji) take
/// two columns; combining marks, zero-width spaces and joiners take none; every other
/// character takes one. A tab advances to the next multiple of `tabWidth` from the line's start.
public enum DisplayWidth {
    public static let tabWidth = 8

    /// The width of one Unicode scalar other than a tab.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || value == 0x7F ? 0 : 1 }
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
    public static func advance(_ bytes: [UInt8], _ range: Range<Int>, from start: Int) -> Int {
        // ASCII (nearly every matrix) is one scalar per byte: no string to build. At the first
        // other byte, the whole range is measured again by scalars.
        var column = start
        var ascii = true
        for index in range {
            let byte = bytes[index]
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte == UInt8(ascii: "\t") {
                column += tabWidth - column % tabWidth
            } else {
                column += byte < 0x20 || byte == 0x7F ? 0 : 1
            }
        }
        if ascii { return column }
        column = start
        for scalar in String(decoding: bytes[range], as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                column += tabWidth - column % tabWidth
            } else {
                column += of(scalar)
            }
        }
        return column
    }

    /// The width of a string that holds no tab.
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }
}
