/// A column header: a `//` line directly above a matrix's first row whose words are, for at
/// least half of them, the matrix's action names (case-folded). It is data, not commentary:
/// when its words are exactly the action names in order, `--fix` places each label over its
/// column, starting over the cell's identifier, one column after its dot. A comment whose
/// words are mostly not action names is prose (`// rows follow the states order`), not a header.
struct HeaderComment: Equatable {
    /// The `//` comment.
    var range: Range<Int>
    /// The words, in order (words without a letter or digit, such as `|`, are not labels).
    var labels: [Name]
    /// The 0-based line of the comment.
    var line: Int
    /// Whether the labels are the matrix's actions, in order.
    var matchesActions: Bool
    /// What is wrong with the labels when they do not match: words that are not actions,
    /// actions without a label, labels out of order. Empty when `matchesActions`.
    var problems: [String]

    /// The header above `matrix`'s first row, if there is one.
    static func find(_ matrix: Matrix, file: SourceFile, pieces: [Token]) -> HeaderComment? {
        guard matrix.surface != .fixture, !matrix.actions.isEmpty, let first = matrix.rows.first, !first.range.isEmpty
        else { return nil }
        return find(above: first.range.lowerBound, actions: matrix.actions.map(\.text), file: file, pieces: pieces)
    }

    /// The header on the line above the one holding `offset`, for a matrix with `actions`.
    /// `mostlyActions: false` reads any comment line there, however few of its words name
    /// actions (a header after a rename of several actions), for a caller that has other proof.
    static func find(above offset: Int, actions: [String], file: SourceFile, pieces: [Token], mostlyActions: Bool = true) -> HeaderComment? {
        let rowLine = file.lines.lineIndex(of: offset)
        guard rowLine > 0 else { return nil }
        let start = file.lines.lineStarts[rowLine - 1]
        guard var index = pieces.index(startingAt: start) else { return nil }
        if pieces[index].kind == .whitespace { index += 1 }
        guard index < pieces.count, pieces[index].kind == .lineComment,
            index + 1 == pieces.count || pieces[index + 1].kind == .newline
        else { return nil }
        let comment = pieces[index].range
        let bytes = file.bytes
        // `///` is documentation, `//~` a test marker, `// tablint:` a directive: never headers.
        guard comment.count > 2, isBlank(bytes[comment.lowerBound + 2]) else { return nil }
        var words: [Name] = []
        var position = comment.lowerBound + 2
        while position < comment.upperBound {
            while position < comment.upperBound, isBlank(bytes[position]) { position += 1 }
            guard position < comment.upperBound else { break }
            var end = position
            while end < comment.upperBound, !isBlank(bytes[end]) { end += 1 }
            if bytes[position..<end].contains(where: isWordByte) || bytes[position..<end].contains(where: { $0 >= 0x80 }) {
                words.append(Name(file.text(position..<end), position..<end))
            }
            position = end
        }
        guard !words.isEmpty else { return nil }
        // `// MARK: - push`, `// TODO: coin`, `// swiftlint:disable …`: markers and tool
        // directives that Xcode and the linters read, whatever words follow them.
        if let marker = words.first?.text.lowercased(), Self.markers.contains(where: marker.hasPrefix) { return nil }
        let folded = actions.map(fold)
        let actionIndex = Dictionary(folded.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let named = words.filter { actionIndex[fold($0.text)] != nil }
        // Prose mentions an action now and then; a header is mostly action names.
        guard !mostlyActions || !named.isEmpty && named.count * 2 >= words.count else { return nil }
        let matches = words.count == actions.count && zip(words, folded).allSatisfy { fold($0.text) == $1 }
        var problems: [String] = []
        if !matches {
            let wrong = words.filter { actionIndex[fold($0.text)] == nil }.map { "`\($0.text)`" }
            if !wrong.isEmpty { problems.append("\(list(wrong)) \(wrong.count == 1 ? "is not an action" : "are not actions")") }
            let present = Set(named.map { fold($0.text) })
            let missing = actions.filter { !present.contains(fold($0)) }.map { "`\($0)`" }
            if !missing.isEmpty { problems.append("\(list(missing)) \(missing.count == 1 ? "has" : "have") no label") }
            var seen: Set<String> = []
            let written = named.map { fold($0.text) }.filter { seen.insert($0).inserted }
            let declared = written.sorted { actionIndex[$0]! < actionIndex[$1]! }
            if written != declared {
                problems.append("the labels are out of order (`\(written.joined(separator: " "))`, declared `\(declared.joined(separator: " "))`)")
            }
            let repeated = named.count - written.count
            if repeated > 0 { problems.append("\(repeated) \(repeated == 1 ? "label is" : "labels are") written twice") }
        }
        return HeaderComment(range: comment, labels: words, line: rowLine - 1, matchesActions: matches, problems: problems)
    }

    /// The edits that put each label one column after its cell's dot (over its identifier),
    /// given where the cells start; none when a label would not fit or the line holds a tab.
    /// The `//` stays where it is, in the block's indentation: when the first label cannot
    /// sit over its identifier behind it (a `[.handle` row at the comment's own indentation),
    /// it sits one space after the `//`, as near its column as the comment allows.
    func edits(cellColumns: [Int], firstRowCells: [String], file: SourceFile) -> [TextEdit] {
        guard cellColumns.count == labels.count, firstRowCells.allSatisfy({ $0.hasPrefix(".") }) else { return [] }
        let lineStart = file.lines.lineStarts[line]
        guard !file.bytes[lineStart..<range.upperBound].contains(UInt8(ascii: "\t")) else { return [] }
        var edits: [TextEdit] = []
        let commentColumn = DisplayWidth.advance(file.bytes, lineStart..<range.lowerBound, from: 0)
        var column = commentColumn + 2
        var previousEnd = range.lowerBound + 2
        for (index, (label, cellColumn)) in zip(labels, cellColumns).enumerated() {
            let width = Self.labelColumn(index, cellColumn, commentColumn: commentColumn) - column
            guard width >= 1 else { return [] }
            let gap = previousEnd..<label.range.lowerBound
            // A separator between labels (`Coin | Push`) is the author's layout: leave it.
            guard file.bytes[gap].allSatisfy(Self.isBlank) else { return [] }
            let replacement = [UInt8](repeating: UInt8(ascii: " "), count: width)
            if !file.bytes[gap].elementsEqual(replacement) { edits.append(TextEdit(range: gap, replacement: replacement)) }
            column = column + width + DisplayWidth.of(label.text)
            previousEnd = label.range.upperBound
        }
        return edits
    }

    /// Where a label belongs (0-based): over its cell's identifier, but the first no nearer
    /// the `//` than one space after it.
    static func labelColumn(_ index: Int, _ cellColumn: Int, commentColumn: Int) -> Int {
        index == 0 ? max(cellColumn + 1, commentColumn + 3) : cellColumn + 1
    }

    /// The first label that is not over its column: its text, its 1-based column and the
    /// column it belongs at, for the diagnostic.
    func firstMisplaced(cellColumns: [Int], file: SourceFile) -> (label: String, column: Int, expected: Int)? {
        let lineStart = file.lines.lineStarts[line]
        let commentColumn = DisplayWidth.advance(file.bytes, lineStart..<range.lowerBound, from: 0)
        for (index, (label, cellColumn)) in zip(labels, cellColumns).enumerated() {
            let column = DisplayWidth.advance(file.bytes, lineStart..<label.range.lowerBound, from: 0)
            let expected = Self.labelColumn(index, cellColumn, commentColumn: commentColumn)
            if column != expected { return (label.text, column + 1, expected + 1) }
        }
        return nil
    }

    /// The first words of comments that are markers or directives, never column headers.
    private static let markers = ["mark:", "todo:", "fixme:", "note:", "warning:", "swiftlint:", "swiftformat:", "tablint:"]

    /// Labels compare with the whole name case-folded (`Coin` labels the action `coin`).
    static func fold(_ name: String) -> String { name.lowercased() }

    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
