/// `tablint::encoding`: a file that is not UTF-8 text gets this one diagnostic and nothing else,
/// because no reader can be confident about bytes it cannot decode.
struct Encoding: Rule {
    let code = "tablint::encoding"
    let defaultSeverity = Severity.error
    let summary = "The file is not UTF-8 text (invalid UTF-8 or a NUL byte); nothing else in it is checked."

    init() {}

    /// The linter calls this before tokenizing; a non-nil result stops all other rules.
    func check(_ context: LintContext) -> [Diagnostic] { [] }

    static func check(_ file: SourceFile) -> Diagnostic? {
        guard let problem = firstProblem(in: file.bytes) else { return nil }
        let rule = Encoding()
        let location = file.location(of: problem.offset)
        return Diagnostic(
            path: file.path, start: location, end: file.location(of: problem.offset + problem.length),
            severity: rule.defaultSeverity,
            message: "\(problem.found); expected UTF-8 text, so tablint checks nothing in this file",
            code: rule.code)
    }

    struct Problem { var offset: Int; var length: Int; var found: String }

    /// The first NUL byte or invalid UTF-8 sequence, by the rules of RFC 3629
    /// (no overlongs, no surrogates, nothing above U+10FFFF).
    static func firstProblem(in bytes: [UInt8]) -> Problem? {
        bytes.withUnsafeBufferPointer { buffer -> Problem? in
            var index = 0
            let count = buffer.count
            let base = buffer.baseAddress
            while index < count {
                // 8 bytes at a time while they are all ASCII and none is NUL: no high bit set
                // (word & 0x80…80 == 0), and no zero byte ((x - 0x01…01) & ~x & 0x80…80 == 0).
                while index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base! + index).loadUnaligned(as: UInt64.self))
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let highBits: UInt64 = 0x8080_8080_8080_8080
                    if (word & highBits) | ((word &- ones) & ~word & highBits) != 0 { break }
                    index += 8
                }
                guard index < count else { break }
                let lead = buffer[index]
                if lead >= 0x01 && lead < 0x80 { index += 1; continue }
                if lead == 0 { return Problem(offset: index, length: 1, found: "a NUL byte (binary file?)") }
                let length = utf8SequenceLength(buffer, at: index)
                if length == 0 {
                    let hex = String(lead, radix: 16, uppercase: true)
                    return Problem(
                        offset: index, length: 1,
                        found: "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex)")
                }
                index += length
            }
            return nil
        }
    }

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
}
