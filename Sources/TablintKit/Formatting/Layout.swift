/// A row as the aligner sees it: a line cut into fixed text and the whitespace gaps between,
/// each gap with a rule for its new width. Only gaps are ever rewritten, and only with spaces.
struct LayoutRow {
    enum Gap: Equatable {
        /// The text after this gap starts at the run's column number `index` (a cell, a pipe,
        /// the `static` of an `@Row` line).
        case align(Int)
        /// Before a row's closing bracket: aligned only if every row's closer already was.
        case closer
        /// Before a trailing comment: aligned only if the run's comments already were.
        case comment
        /// Rewritten to exactly this many spaces (`.tbl`: one after each `|`, none at the end).
        case exactly(Int)
        /// Kept at its width (a tab in it becomes a space).
        case keep
        /// An `@Row` line's gaps before `static` and before `[`: which of the two takes the
        /// padding that lines up the `[` is chosen per run (`Aligner.placingPrefixPadding`).
        case afterAttribute, beforeOpener
    }

    enum Item {
        case text(Range<Int>)
        case gap(Range<Int>, Gap)
    }

    /// The 0-based line the row is on.
    var line: Int
    /// Where the line starts (columns are counted from here).
    var lineStart: Int
    /// What rows of one run share: the surface, the indentation, the number of columns.
    var key: [UInt8]
    var items: [Item]
    /// The whole row, for reporting.
    var range: Range<Int>
}

/// Lines up the columns of runs of rows.
enum Aligner {
    /// Groups rows into runs: two or more rows on consecutive lines with the same key.
    static func runs(_ rows: [LayoutRow]) -> [[LayoutRow]] {
        var runs: [[LayoutRow]] = []
        var current: [LayoutRow] = []
        for row in rows.sorted(by: { $0.line < $1.line }) {
            if let last = current.last, last.line + 1 == row.line, last.key == row.key {
                current.append(row)
            } else {
                if current.count >= 2 { runs.append(current) }
                current = [row]
            }
        }
        if current.count >= 2 { runs.append(current) }
        return runs
    }

    /// The edits that align one run (empty when it already is), in byte order.
    ///
    /// With `keepWidths`, columns never shrink: each stop is at least as far from the previous
    /// one as it is now on any row (gaps rewritten to an exact width counted as rewritten).
    /// Without it, each stop is one space after the longest text before it.
    static func align(_ run: [LayoutRow], _ bytes: [UInt8], keepWidths: Bool = true) -> [TextEdit] {
        // Current layout: the column of every gap's end and the width of every gap; `shift`
        // is how far the gap's end moves when the `.exactly` gaps before it are rewritten.
        // `displayEnd` is `gapEnd` with a tab counted to its stop, as an editor shows it: comments
        // aligned with tabs are aligned, and stay so in spaces.
        struct Measured { var gapWidth: [Int]; var gapEnd: [Int]; var shift: [Int]; var displayEnd: [Int] }
        let measured = run.map { row -> Measured in
            var column = 0
            var measured = Measured(gapWidth: [], gapEnd: [], shift: [], displayEnd: [])
            var display = 0
            measured.gapWidth.reserveCapacity(row.items.count)
            measured.gapEnd.reserveCapacity(row.items.count)
            measured.shift.reserveCapacity(row.items.count)
            var shift = 0
            if let first = row.items.first {
                column = DisplayWidth.advance(bytes, row.lineStart..<range(of: first).lowerBound, from: 0)
            }
            display = column
            for item in row.items {
                switch item {
                case .text(let range):
                    let start = column
                    column = DisplayWidth.advance(bytes, range, from: column)
                    display += column - start
                case .gap(let range, let kind):
                    let end = column + range.count
                    if case .exactly(let count) = kind { shift += count - (end - column) }
                    measured.gapWidth.append(end - column)
                    measured.gapEnd.append(end)
                    measured.shift.append(shift)
                    column = end
                    display = bytes[range].contains(UInt8(ascii: "\t")) ? DisplayWidth.advance(bytes, range, from: display) : display + range.count
                    measured.displayEnd.append(display)
                }
            }
            return measured
        }

        // Every row's gaps, listed once: looking them up per stop would cost a row's length
        // per stop, quadratic in the number of columns.
        let rowGaps = run.map(gaps)

        // Which optional gaps are aligned already: the closers, the comments.
        func alreadyAligned(_ kind: LayoutRow.Gap) -> Bool {
            var columns: [Int] = []
            for (gapsOfRow, measure) in zip(rowGaps, measured) {
                for (index, gap) in gapsOfRow.enumerated() where gap == kind {
                    columns.append(kind == .comment ? measure.displayEnd[index] : measure.gapEnd[index])
                }
            }
            return columns.count >= 2 && Set(columns).count == 1
        }
        let closersAligned = alreadyAligned(.closer)
        let commentsAligned = alreadyAligned(.comment)
        func isStop(_ gap: LayoutRow.Gap) -> Bool {
            switch gap {
            case .align: return true
            case .closer: return closersAligned
            case .comment: return commentsAligned
            case .exactly, .keep, .afterAttribute, .beforeOpener: return false
            }
        }

        // Walk every row in step, stop by stop.
        var cursor = [Int](repeating: 0, count: run.count)  // next item index
        var gapIndex = [Int](repeating: 0, count: run.count)
        var column = [Int](repeating: 0, count: run.count)
        var previousStopColumn = [Int](repeating: 0, count: run.count)  // as measured, shifted
        var newWidth: [[Int?]] = rowGaps.map { $0.map { _ in nil } }
        for row in run.indices {
            if let first = run[row].items.first {
                column[row] = DisplayWidth.advance(bytes, run[row].lineStart..<range(of: first).lowerBound, from: 0)
            }
        }
        /// Advances row `row` up to (not through) its next stop gap; returns that gap's index,
        /// or nil at the end of the row.
        func walk(_ row: Int) -> Int? {
            let items = run[row].items
            while cursor[row] < items.count {
                switch items[cursor[row]] {
                case .text(let range):
                    column[row] = DisplayWidth.advance(bytes, range, from: column[row])
                case .gap(_, let kind):
                    if isStop(kind) { return gapIndex[row] }
                    let width: Int
                    if case .exactly(let count) = kind { width = count } else { width = measured[row].gapWidth[gapIndex[row]] }
                    newWidth[row][gapIndex[row]] = width
                    column[row] += width
                    gapIndex[row] += 1
                }
                cursor[row] += 1
            }
            return nil
        }
        var stopColumn = 0
        while true {
            let next = run.indices.map(walk)
            let waiting = run.indices.filter { next[$0] != nil }
            if waiting.isEmpty { break }
            // Rows stop at the same kinds of gaps in the same order; a row without a comment
            // simply has no last stop.
            let kind = rowGaps[waiting[0]][next[waiting[0]]!]
            let rows = waiting.filter { rowGaps[$0][next[$0]!] == kind }
            let minimumGap = keepWidths ? min(1, rows.map { measured[$0].gapWidth[next[$0]!] }.min() ?? 1) : 1
            var target = 0
            for row in rows {
                let index = next[row]!
                let current = measured[row].gapEnd[index] + measured[row].shift[index]
                // A column keeps its width; an aligned comment keeps its column unless pushed.
                let kept = kind == .comment ? measured[row].displayEnd[index] + measured[row].shift[index] : stopColumn + current - previousStopColumn[row]
                target = max(target, column[row] + minimumGap, keepWidths ? kept : 0)
            }
            for row in rows {
                let index = next[row]!
                newWidth[row][index] = target - column[row]
                column[row] = target
                previousStopColumn[row] = measured[row].gapEnd[index] + measured[row].shift[index]
                gapIndex[row] += 1
                cursor[row] += 1
            }
            stopColumn = target
            if rows.count != waiting.count {
                // Rows waiting at another kind of gap: a shape the runs never mix. Leave the run.
                return []
            }
        }

        var edits: [TextEdit] = []
        for (row, layout) in run.enumerated() {
            var index = 0
            for item in layout.items {
                guard case .gap(let range, _) = item else { continue }
                defer { index += 1 }
                guard let width = newWidth[row][index] else { return [] }
                // Most gaps are right already: compared in place, a replacement built only if not.
                let space = UInt8(ascii: " ")
                if range.count != width || bytes[range].contains(where: { $0 != space }) {
                    edits.append(TextEdit(range: range, replacement: [UInt8](repeating: space, count: width)))
                }
            }
        }
        return edits
    }

    /// Where each cell of `row` starts (display columns, 0-based) once `edits` are applied.
    static func cellColumns(_ row: LayoutRow, _ bytes: [UInt8], after edits: [TextEdit]) -> [Int] {
        let replaced = Dictionary(edits.map { ($0.range, $0.replacement.count) }, uniquingKeysWith: { first, _ in first })
        var column = 0
        if let first = row.items.first {
            column = DisplayWidth.advance(bytes, row.lineStart..<range(of: first).lowerBound, from: 0)
        }
        var columns: [Int] = []
        for item in row.items {
            switch item {
            case .text(let range):
                column = DisplayWidth.advance(bytes, range, from: column)
            case .gap(let range, let kind):
                column = replaced[range].map { column + $0 } ?? column + range.count
                if case .align(let index) = kind, index >= 0 { columns.append(column) }
            }
        }
        return columns
    }

    /// Whether every column of the run starts at the same column on every row when columns
    /// are counted in Unicode scalars, as the library's formatter (`tabular-center-fmt`)
    /// counts them. Its output is aligned by its own measure; calling it misaligned because a
    /// wide character takes two columns on screen would make the two tools pad each other's
    /// rows forever.
    static func isAlignedInCharacters(_ run: [LayoutRow], _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            var first: [Int]?
            var stops: [Int] = []
            for row in run {
                stops.removeAll(keepingCapacity: true)
                // On an ASCII line (nearly every matrix), scalars are bytes: no need to count them.
                let rowEnd = row.items.last.map { Aligner.range(of: $0).upperBound } ?? row.lineStart
                let isASCII = (row.lineStart..<rowEnd).allSatisfy { bytes[$0] < 0x80 }
                var column = 0
                var position = row.lineStart
                for item in row.items {
                    let range = Aligner.range(of: item)
                    column += isASCII ? range.upperBound - position : DisplayWidth.scalarCount(bytes, position..<range.upperBound)
                    position = range.upperBound
                    // The library's formatter trims spaces, not tabs: a tab starts its cell.
                    if case .gap(_, .align) = item {
                        var tab = range.upperBound
                        for offset in range where bytes[offset] == UInt8(ascii: "\t") {
                            tab = offset
                            break
                        }
                        stops.append(column - (range.upperBound - tab))
                    }
                }
                if let first {
                    if stops != first { return false }
                } else {
                    if stops.isEmpty { return false }
                    first = stops
                }
            }
            return first != nil
        }
    }

    /// An `@Row` run with its prefix padding placed: before `static` when the rest of the
    /// prefix (`static let l = `) is as wide on every row, so `static` and `[` both line up
    /// (the library's own files); otherwise just before the `[`, as `tabular-center-fmt` pads
    /// a prefix, so the `[` lines up whatever the names and modifiers.
    static func placingPrefixPadding(_ run: [LayoutRow], _ bytes: [UInt8]) -> [LayoutRow] {
        let middles = run.map { row -> Int? in
            var start: Int?
            for item in row.items {
                switch item {
                case .gap(let range, .afterAttribute): start = range.upperBound
                case .gap(let range, .beforeOpener): return start.map { DisplayWidth.advance(bytes, $0..<range.lowerBound, from: 0) + range.count }
                default: continue
                }
            }
            return nil
        }
        guard middles.allSatisfy({ $0 != nil }), !middles.isEmpty else { return run }
        let padAfterAttribute = Set(middles).count == 1
        return run.map { row in
            var row = row
            row.items = row.items.map { item in
                switch item {
                case .gap(let range, .afterAttribute): return .gap(range, padAfterAttribute ? .align(-1) : .keep)
                case .gap(let range, .beforeOpener): return .gap(range, padAfterAttribute ? .keep : .align(-1))
                default: return item
                }
            }
            return row
        }
    }

    static func gaps(_ row: LayoutRow) -> [LayoutRow.Gap] {
        row.items.compactMap { if case .gap(_, let kind) = $0 { return kind } else { return nil } }
    }

    static func range(of item: LayoutRow.Item) -> Range<Int> {
        switch item {
        case .text(let range), .gap(let range, _): return range
        }
    }
}
