/// Where each line starts, so a byte offset becomes a line and column on demand.
///
/// Line breaks are `\n`, `\r\n` and a lone `\r`, as Swift counts them. Columns are 1-based
/// and counted in bytes (what swiftc prints) or in Unicode scalars (what an editor shows
/// for a line without wide characters).
struct LineTable: Equatable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            let count = buffer.count
            while index < count {
                // Most 8-byte stretches hold no line break: skip them in one step (SWAR: set
                // the high bit of each lane below 0x0E, where `\n` and `\r` are). The lowest lane
                // marked is below 0x0E (a wrong mark only follows a borrow from a lower true
                // one): go straight to it rather than a byte at a time.
                if index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let marked = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
                    if marked == 0 {
                        index += 8
                        continue
                    }
                    index += marked.trailingZeroBitCount >> 3
                }
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// The 0-based index of the line holding `offset` (an offset at a line's break belongs to it).
    func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// 1-based line and byte column of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let index = lineIndex(of: offset)
        return (index + 1, offset - lineStarts[index] + 1)
    }

    /// 1-based column of `offset` counted in Unicode scalars (UTF-8 lead bytes) from its line start.
    func characterColumn(of offset: Int, in bytes: [UInt8]) -> Int {
        let start = lineStarts[lineIndex(of: offset)]
        var column = 1
        var index = start
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}
