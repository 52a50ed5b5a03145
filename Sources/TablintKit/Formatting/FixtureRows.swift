/// Cuts the lines of a `.tbl` fixture (a file, or the text of a Swift `"""` literal) into
/// layout rows, by the library's line grammar: everything from the first `#` is a comment,
/// `machine`, `initial`, `states` and `actions` start header lines, any other non-empty line
/// is a row split at every `|`.
///
/// Rows: the label padded to the widest label, ` | ` between cells, the last cell unpadded and
/// no trailing spaces. Header lines: the values start in one column. A line holding a tab
/// inside its text, an empty label or cell, or (in a literal) a backslash is left as written.
struct FixtureRows {
    let file: SourceFile

    /// One line of fixture text in the file: `content` excludes the line break, and in a
    /// literal the indentation Swift strips.
    struct Line {
        var index: Int
        var content: Range<Int>
    }

    static let headerKeys: Set<String> = ["machine", "initial", "states", "actions"]

    /// The lines of the whole file. A `\r` stays in the content: the library splits lines at
    /// `\n` only and reads the `\r` as part of the last word, so the spaces before it are not
    /// trailing spaces (removing them would join two words).
    func fileLines() -> [Line] {
        let starts = file.lines.lineStarts
        return starts.indices.map { index in
            var end = index + 1 < starts.count ? starts[index + 1] : file.bytes.count
            if end > starts[index], file.bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            var start = starts[index]
            if index == 0, file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, end) }
            return Line(index: index, content: start..<end)
        }
    }

    /// The content lines of the multi-line literal spanning `literal` (from its opening `"""`,
    /// raw delimiters included, to its closing one); nil when its lines cannot be taken as
    /// they are written.
    func literalLines(_ literal: Range<Int>) -> [Line]? {
        let lines = file.lines
        let first = lines.lineIndex(of: literal.lowerBound) + 1
        let last = lines.lineIndex(of: literal.upperBound - 1)
        guard first <= last else { return nil }
        let closingLineStart = lines.lineStarts[last]
        var indentEnd = closingLineStart
        while indentEnd < literal.upperBound, file.bytes[indentEnd] == UInt8(ascii: " ") || file.bytes[indentEnd] == UInt8(ascii: "\t") {
            indentEnd += 1
        }
        let indentation = indentEnd - closingLineStart
        return (first..<last).map { index in
            let start = lines.lineStarts[index]
            var end = lines.lineStarts[index + 1]
            while end > start, file.bytes[end - 1] == UInt8(ascii: "\n") || file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let blank = file.bytes[start..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return Line(index: index, content: blank ? end..<end : min(start + indentation, end)..<end)
        }
    }

    /// Layout rows for the fixture's rows, and one run for its header lines (when two or more
    /// header lines have values).
    func rows(_ lines: [Line], inLiteral: Bool) -> (rows: [LayoutRow], header: [LayoutRow]) {
        var rows: [LayoutRow] = []
        var header: [LayoutRow] = []
        for line in lines {
            let bytes = file.bytes[line.content]
            if inLiteral, bytes.contains(UInt8(ascii: "\\")) { continue }
            let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? line.content.upperBound
            let body = line.content.lowerBound..<hash
            let trimmed = trim(body)
            guard !trimmed.isEmpty else { continue }
            let lineStart = file.lines.lineStarts[line.index]
            let indentation = line.content.lowerBound..<trimmed.lowerBound
            var wordEnd = trimmed.lowerBound
            while wordEnd < trimmed.upperBound, !isBlank(file.bytes[wordEnd]) { wordEnd += 1 }
            let firstWord = file.text(trimmed.lowerBound..<wordEnd)
            var afterWord = wordEnd
            while afterWord < trimmed.upperBound, isBlank(file.bytes[afterWord]) { afterWord += 1 }
            let isKeyNamedRow = afterWord < trimmed.upperBound && file.bytes[afterWord] == UInt8(ascii: "|")
            if Self.headerKeys.contains(firstWord), isKeyNamedRow {
                // `states | IGNORE`: the row of a state named like a header key. The library
                // reads it as a header line however it is padded (`fixture-misread` says so);
                // it is aligned with the rows it was written as one of.
                if let row = row(line, lineStart, indentation, body, hash) { rows.append(row) }
            } else if Self.headerKeys.contains(firstWord) {
                if let row = headerRow(line, lineStart, indentation, trimmed, wordEnd, hash) { header.append(row) }
            } else if Self.headerKeys.contains(file.text(trim(trimmed.lowerBound..<(file.bytes[trimmed].firstIndex(of: UInt8(ascii: "|")) ?? trimmed.upperBound)))) {
                // The row of a state named like a header key, `actions| …`: padding its label
                // (`actions | …`) would make the library read it as a header line. Left as written.
                continue
            } else if let row = row(line, lineStart, indentation, body, hash) {
                rows.append(row)
            }
        }
        return (rows, header.count >= 2 ? header : [])
    }

    private func headerRow(_ line: Line, _ lineStart: Int, _ indentation: Range<Int>, _ trimmed: Range<Int>, _ wordEnd: Int, _ hash: Int) -> LayoutRow? {
        var valueStart = wordEnd
        while valueStart < trimmed.upperBound, isBlank(file.bytes[valueStart]) { valueStart += 1 }
        guard valueStart < trimmed.upperBound, !hasTab(valueStart..<trimmed.upperBound),
            !hasTab(indentation) || indentation.isEmpty
        else { return nil }
        let items: [LayoutRow.Item] = [
            .text(indentation), .text(trimmed.lowerBound..<wordEnd),
            .gap(wordEnd..<valueStart, .align(0)), .text(valueStart..<trimmed.upperBound),
        ]
        return LayoutRow(line: line.index, lineStart: lineStart, key: Array("header".utf8), items: items, range: line.content)
    }

    private func row(_ line: Line, _ lineStart: Int, _ indentation: Range<Int>, _ body: Range<Int>, _ hash: Int) -> LayoutRow? {
        var parts: [Range<Int>] = []
        var start = indentation.upperBound
        for index in indentation.upperBound..<body.upperBound where file.bytes[index] == UInt8(ascii: "|") {
            parts.append(start..<index)
            start = index + 1
        }
        parts.append(start..<body.upperBound)
        guard parts.count >= 2 else { return nil }
        let fields = parts.map(trim)
        guard fields.allSatisfy({ !$0.isEmpty && !hasTab($0) }) else { return nil }
        var items: [LayoutRow.Item] = [.text(indentation)]
        for (position, field) in fields.enumerated() {
            if position > 0 {
                let pipe = parts[position].lowerBound - 1
                items.append(.gap(fields[position - 1].upperBound..<pipe, .align(position - 1)))
                items.append(.text(pipe..<(pipe + 1)))
                items.append(.gap((pipe + 1)..<field.lowerBound, .exactly(1)))
            }
            items.append(.text(field))
        }
        let last = fields[fields.count - 1]
        if hash < line.content.upperBound {
            items.append(.gap(last.upperBound..<hash, .comment))
            items.append(.text(hash..<line.content.upperBound))
        } else {
            items.append(.gap(last.upperBound..<line.content.upperBound, .exactly(0)))
        }
        let key = Array("tbl ".utf8) + Array(file.bytes[indentation]) + Array("#\(fields.count)".utf8)
        return LayoutRow(line: line.index, lineStart: lineStart, key: key, items: items, range: line.content)
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private func hasTab(_ range: Range<Int>) -> Bool { file.bytes[range].contains(UInt8(ascii: "\t")) }

    private func trim(_ range: Range<Int>) -> Range<Int> {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high, isBlank(file.bytes[low]) { low += 1 }
        while high > low, isBlank(file.bytes[high - 1]) { high -= 1 }
        return low..<high
    }
}
