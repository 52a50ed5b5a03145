/// Cuts the rows of `Table(...)` literals and `@Machine` enums into layout rows.
///
/// A row is aligned only when it is the whole of its line's matrix part: indentation, then
/// (for `@Row`) `@Row(…)` and the rest of the declaration, the bracketed list of cells on the
/// one line, then nothing but closing brackets, commas and semicolons, and perhaps a `//`
/// comment. Anything else (a block comment, a row sharing its line, a cell over two lines, a
/// tab anywhere but the indentation) leaves the row as written.
struct SwiftRows {
    let file: SourceFile
    let pieces: [Token]

    func rows(of matrix: Matrix) -> [LayoutRow] { rows(matrix.rows, surface: matrix.surface) }

    func rows(_ rows: [Row], surface: Matrix.Surface) -> [LayoutRow] {
        guard surface == .tableLiteral || surface == .machineEnum else { return [] }
        // Rows of one matrix nearly all share a key: one array serves them all, instead of a
        // few allocations and a number spelt as a `String` for each row.
        var keys = Keys(surface: surface)
        var laidOut: [LayoutRow] = []
        laidOut.reserveCapacity(rows.count)
        for row in rows {
            if let layoutRow = layout(row, surface: surface, keys: &keys) { laidOut.append(layoutRow) }
        }
        return laidOut
    }

    /// A row's key (`surface`'s word, its indentation, `#` and its number of cells), spelt in a
    /// scratch buffer and kept as the previous row's array when it is the same bytes.
    struct Keys {
        private let prefix: [UInt8]
        private var scratch: [UInt8] = []
        private var last: [UInt8] = []

        init(surface: Matrix.Surface) {
            prefix = surface == .tableLiteral ? Array("table ".utf8) : Array("row ".utf8)
        }

        mutating func key(indentation: ArraySlice<UInt8>, cells: Int) -> [UInt8] {
            scratch.removeAll(keepingCapacity: true)
            scratch += prefix
            scratch += indentation
            scratch.append(UInt8(ascii: "#"))
            var digits = 1
            while digits <= cells / 10 { digits *= 10 }
            var rest = cells
            while digits > 0 {
                scratch.append(UInt8(ascii: "0") + UInt8(rest / digits))
                rest %= digits
                digits /= 10
            }
            if scratch != last { last = scratch }
            return last
        }
    }

    /// The index of the piece starting at `offset`, if one does.
    func piece(at offset: Int) -> Int? { pieces.index(startingAt: offset) }

    /// The same found by walking from piece `from`, which starts at or before `offset`.
    private func piece(startingAt offset: Int, from: Int) -> Int? {
        var index = from
        while index < pieces.count, pieces[index].start < offset { index += 1 }
        return index < pieces.count && pieces[index].start == offset ? index : nil
    }


    private func layout(_ row: Row, surface: Matrix.Surface, keys: inout Keys) -> LayoutRow? {
        guard row.isReadable, !row.cells.isEmpty, !row.range.isEmpty else { return nil }
        let lines = file.lines
        let line = lines.lineIndex(of: row.range.lowerBound)
        // On one line: its last byte comes before the next line's start.
        guard line + 1 >= lines.lineStarts.count || row.range.upperBound - 1 < lines.lineStarts[line + 1] else { return nil }
        let lineStart = lines.lineStarts[line]
        guard var first = piece(at: lineStart) else { return nil }
        // The opener and the closer are found by walking on from the line's first piece (a
        // row's line holds a few dozen), not by a search of the whole file each.
        guard let opener = piece(startingAt: row.range.lowerBound, from: first),
            let closer = piece(startingAt: row.range.upperBound - 1, from: opener)
        else { return nil }
        var items: [LayoutRow.Item] = []
        items.reserveCapacity(2 * row.cells.count + 8)
        var indentation = file.bytes[0..<0]

        // A byte order mark belongs to no column.
        if pieces[first].kind == .byteOrderMark { first += 1 }
        var index = first
        if pieces[index].kind == .whitespace {
            indentation = file.bytes[pieces[index].range]
            items.append(.text(pieces[index].range))
            index += 1
        }
        let rowStart = pieces[index].start
        // The prefix before the opening bracket.
        switch surface {
        case .tableLiteral:
            guard index == opener else { return nil }
        case .machineEnum:
            guard pieces[index].kind == .atSign, index + 2 < opener, file.text(of: pieces[index + 1]) == "Row",
                pieces[index + 2].kind == .leftParen
            else { return nil }
            var depth = 0
            var end = index + 2
            while end < opener {
                let kind = pieces[end].kind
                if kind == .leftParen { depth += 1 }
                if kind == .rightParen {
                    depth -= 1
                    if depth == 0 { break }
                }
                guard fixedPiece(end) else { return nil }
                end += 1
            }
            guard end < opener else { return nil }
            items.append(.text(pieces[index].start..<pieces[end].end))
            index = end + 1
            if pieces[index].kind == .whitespace {
                items.append(.gap(pieces[index].range, .afterAttribute))
                index += 1
            } else {
                items.append(.gap(pieces[index].start..<pieces[index].start, .afterAttribute))
            }
            // `static let l = `, then the gap before `[`: one of the two gaps lines up the `[`.
            var middleEnd = opener
            if middleEnd > index, pieces[middleEnd - 1].kind == .whitespace { middleEnd -= 1 }
            guard middleEnd > index else { return nil }
            for fixed in index..<middleEnd {
                guard fixedPiece(fixed) else { return nil }
            }
            items.append(.text(pieces[index].start..<pieces[middleEnd - 1].end))
            items.append(.gap(pieces[middleEnd - 1].end..<pieces[opener].start, .beforeOpener))
            items.append(.text(pieces[opener].range))
            index = opener + 1
        case .fixture:
            return nil
        }
        if surface == .tableLiteral {
            items.append(.text(pieces[opener].range))
            index = opener + 1
        }

        // The cells: `[`, gap, cell, `,`, gap, cell, …, [`,`], gap, `]`. Each cell starts at
        // the next piece or just after a gap: found by looking there, not by a search per cell.
        for position in row.cells.indices {
            let cellRange = row.cells[position].range
            let start: Int
            if index < closer, pieces[index].start == cellRange.lowerBound {
                start = index
                items.append(.gap(pieces[index].start..<pieces[index].start, .align(position)))
            } else if index + 1 < closer, pieces[index].kind == .whitespace, pieces[index + 1].start == cellRange.lowerBound {
                start = index + 1
                items.append(.gap(pieces[index].range, .align(position)))
            } else {
                return nil
            }
            var end = start
            while end < closer, pieces[end].end < cellRange.upperBound { end += 1 }
            guard pieces[end].end == cellRange.upperBound else { return nil }
            for inner in start...end { guard fixedPiece(inner) else { return nil } }
            var textEnd = cellRange.upperBound
            index = end + 1
            if position + 1 < row.cells.count {
                guard pieces[index].kind == .comma else { return nil }
                textEnd = pieces[index].end
                index += 1
            } else if pieces[index].kind == .comma {
                textEnd = pieces[index].end
                index += 1
            }
            items.append(.text(cellRange.lowerBound..<textEnd))
        }
        if index == closer {
            items.append(.gap(pieces[closer].start..<pieces[closer].start, .closer))
        } else if index + 1 == closer, pieces[index].kind == .whitespace {
            items.append(.gap(pieces[index].range, .closer))
        } else {
            return nil
        }

        // After the closer: closing brackets, commas, semicolons; then perhaps a comment.
        index = closer + 1
        var suffixEnd = pieces[closer].end
        while index < pieces.count {
            let kind = pieces[index].kind
            if kind == .newline { break }
            if kind == .rightBracket || kind == .rightParen || kind == .rightBrace || kind == .comma || kind == .semicolon {
                suffixEnd = pieces[index].end
                index += 1
                continue
            }
            if kind == .whitespace {
                let next = index + 1
                if next >= pieces.count || pieces[next].kind == .newline {
                    break  // trailing whitespace: not the matrix's
                }
                if pieces[next].kind == .lineComment {
                    items.append(.text(pieces[closer].start..<suffixEnd))
                    items.append(.gap(pieces[index].range, .comment))
                    items.append(.text(pieces[next].range))
                    return LayoutRow(line: line, lineStart: lineStart, key: keys.key(indentation: indentation, cells: row.cells.count), items: items, range: rowStart..<row.range.upperBound)
                }
                guard fixedPiece(index) else { return nil }
                suffixEnd = pieces[index].end
                index += 1
                continue
            }
            if kind == .lineComment {
                items.append(.text(pieces[closer].start..<suffixEnd))
                items.append(.gap(pieces[index].start..<pieces[index].start, .comment))
                items.append(.text(pieces[index].range))
                return LayoutRow(line: line, lineStart: lineStart, key: keys.key(indentation: indentation, cells: row.cells.count), items: items, range: rowStart..<row.range.upperBound)
            }
            return nil
        }
        items.append(.text(pieces[closer].start..<suffixEnd))
        return LayoutRow(line: line, lineStart: lineStart, key: keys.key(indentation: indentation, cells: row.cells.count), items: items, range: rowStart..<row.range.upperBound)
    }

    /// A piece that may sit in fixed text: on one line, no comment, no tab.
    private func fixedPiece(_ index: Int) -> Bool {
        let piece = pieces[index]
        switch piece.kind {
        case .newline, .lineComment, .blockComment, .conflictMarker, .unexpected, .byteOrderMark:
            return false
        case .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .comma, .colon,
             .semicolon, .period, .equal, .arrow, .atSign, .stringQuote:
            return true  // fixed spellings: never a tab or a line break
        default:
            for offset in piece.range {
                let byte = file.bytes[offset]
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return false }
            }
            return true
        }
    }
}
