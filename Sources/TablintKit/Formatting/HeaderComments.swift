/// A column header: a `//` line of two or more identifiers directly above a matrix's first row
/// (reference §1.3: `^\s*//(\s+[A-Za-z_][A-Za-z0-9_.]*){2,}\s*$`). It is data, not commentary:
/// when its words are the action names (first letter case-folded), `--fix` places each label
/// over its column, starting over the cell's identifier, one column after its dot.
public struct HeaderComment: Equatable {
    /// The `//` comment.
    public var range: Range<Int>
    /// The labels, in order.
    public var labels: [Name]
    /// The 0-based line of the comment.
    public var line: Int
    /// Whether the labels are the matrix's actions, in order.
    public var matchesActions: Bool

    /// The header above `matrix`'s first row, if there is one.
    static func find(_ matrix: Matrix, file: SourceFile, pieces: [Token]) -> HeaderComment? {
        guard matrix.surface != .fixture, let first = matrix.rows.first, !first.range.isEmpty else { return nil }
        let rowLine = file.lines.lineIndex(of: first.range.lowerBound)
        guard rowLine > 0 else { return nil }
        let start = file.lines.lineStarts[rowLine - 1]
        let rows = SwiftRows(file: file, pieces: pieces)
        guard var index = rows.piece(at: start) else { return nil }
        if pieces[index].kind == .whitespace { index += 1 }
        guard index < pieces.count, pieces[index].kind == .lineComment,
            index + 1 == pieces.count || pieces[index + 1].kind == .newline
        else { return nil }
        let comment = pieces[index].range
        var labels: [Name] = []
        var position = comment.lowerBound + 2
        let bytes = file.bytes
        while position < comment.upperBound {
            guard isBlank(bytes[position]) else { return nil }  // words are separated by blanks
            while position < comment.upperBound, isBlank(bytes[position]) { position += 1 }
            guard position < comment.upperBound else { break }
            var end = position
            while end < comment.upperBound, !isBlank(bytes[end]) { end += 1 }
            guard isIdentifier(bytes[position..<end]) else { return nil }
            labels.append(Name(file.text(position..<end), position..<end))
            position = end
        }
        guard labels.count >= 2 else { return nil }
        let matches = labels.count == matrix.actions.count
            && zip(labels, matrix.actions).allSatisfy { folded($0.text) == folded($1.text) }
        return HeaderComment(range: comment, labels: labels, line: rowLine - 1, matchesActions: matches)
    }

    /// The edits that put each label one column after its cell's dot, given where the cells
    /// start; none when a label would not fit or the line holds a tab.
    func edits(cellColumns: [Int], firstRowCells: [String], file: SourceFile) -> [TextEdit] {
        guard cellColumns.count == labels.count, firstRowCells.allSatisfy({ $0.hasPrefix(".") }) else { return [] }
        let lineStart = file.lines.lineStarts[line]
        guard !file.bytes[lineStart..<range.upperBound].contains(UInt8(ascii: "\t")) else { return [] }
        var column = DisplayWidth.advance(file.bytes, lineStart..<(range.lowerBound + 2), from: 0)
        var previousEnd = range.lowerBound + 2
        var edits: [TextEdit] = []
        for (label, cellColumn) in zip(labels, cellColumns) {
            let width = cellColumn + 1 - column
            guard width >= 1 else { return [] }
            let gap = previousEnd..<label.range.lowerBound
            let replacement = [UInt8](repeating: UInt8(ascii: " "), count: width)
            if !file.bytes[gap].elementsEqual(replacement) { edits.append(TextEdit(range: gap, replacement: replacement)) }
            column = cellColumn + 1 + DisplayWidth.of(label.text)
            previousEnd = label.range.upperBound
        }
        return edits
    }

    static func folded(_ name: String) -> String { NameCasing.lowerFirst(name) }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isIdentifier(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first, isLetter(first) else { return false }
        return word.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }
}
