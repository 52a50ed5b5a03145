/// `tablint::header-labels`: a column header (a `//` line directly above a matrix's first row,
/// at least half of whose words are action names) that does not name the actions in order, or
/// whose labels are not over their columns. A reviewer reads the header to know which column
/// is which, so a stale header misleads. `--fix` places a matching header's labels over their
/// cells; a header with wrong words is never moved (which label belongs where is not known).
/// A header naming every action at its own position, some by a name that is no action (an
/// action renamed in `actions:`), has those labels renamed with `--unsafe-fixes`.
struct HeaderLabels: Rule {
    let code = "tablint::header-labels"
    let readsFormatPlan = true
    let defaultSeverity = Severity.warning
    let summary = "A column-header comment above a matrix does not name its actions in order, or its labels are not over their columns."
    var isFixable: Bool { true }

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        let stale = context.reading.matrices.compactMap { matrix -> Diagnostic? in
            let actions = matrix.actions.map(\.text)
            guard let header = HeaderComment.find(matrix, file: context.file, pieces: context.tokens) ?? Self.renamedHeader(matrix, context),
                !header.matchesActions
            else { return nil }
            let written = header.labels.map(\.text).joined(separator: " ")
            if let renames = Self.renamedInPlace(header, actions: actions) {
                // An action renamed in `actions:` (`Repair` to `Fix`): its label follows it,
                // and the next pass places the labels over their cells.
                let names = renames.map { "`\($0.label)` to `\($0.action)`" }.joined(separator: ", ")
                var found = diagnostic(
                    context, at: header.range,
                    "the column header `\(written)` does not name the actions of `\(matrix.machine.text)` in order (\(matrix.actionList)): \(header.problems.joined(separator: "; ")); each such label stands where an action of another name is, as after a rename: `tablint --fix --unsafe-fixes` renames \(names)",
                    notes: [context.note(at: matrix.actionsRange.lowerBound, "the actions are declared here")])
                // Unsafe: a comment's words change, which a safe fix never does.
                found.fix = Diagnostic.Fix(edits: renames.map { TextEdit(range: $0.range, replacement: Array($0.action.utf8)) }, applicability: .unsafe)
                return found
            }
            return diagnostic(
                context, at: header.range,
                "the column header `\(written)` does not name the actions of `\(matrix.machine.text)` in order (\(matrix.actionList)): \(header.problems.joined(separator: "; ")); fix the labels, as tablint --fix leaves them where they are",
                notes: [context.note(at: matrix.actionsRange.lowerBound, "the actions are declared here")])
        }
        // Placement is planned with the alignment, as the labels go where the cells will be.
        let plan = context.formatPlan
        let placed = plan.misaligned.filter { $0.surface == Formatter.headerLabelsSurface }.map { run -> Diagnostic in
            var found = diagnostic(
                context, at: run.anchor,
                "the column header's labels are not over their columns (\(run.detail)); `tablint --fix` places them")
            found.fix = Diagnostic.Fix(edits: run.edits, subject: run.extent.isEmpty ? nil : run.extent)
            return found
        }
        return stale + placed
    }

    /// The comment over the first row when too few of its words name actions to be read as a
    /// header (several actions renamed at once), but it has one word per action, each over its
    /// column as `--fix` places a header's labels, and the words that name actions are at their
    /// own positions: a header the renames left behind, not prose.
    private static func renamedHeader(_ matrix: Matrix, _ context: LintContext) -> HeaderComment? {
        guard matrix.surface != .fixture, let first = matrix.rows.first, !first.range.isEmpty, first.cells.count == matrix.actions.count,
            let header = HeaderComment.find(above: first.range.lowerBound, actions: matrix.actions.map(\.text), file: context.file, pieces: context.tokens, mostlyActions: false),
            renamedInPlace(header, actions: matrix.actions.map(\.text)) != nil
        else { return nil }
        let file = context.file
        let lineStart = file.lines.lineStarts[file.lines.lineIndex(of: first.range.lowerBound)]
        let columns = first.cells.map { DisplayWidth.advance(file.bytes, lineStart..<$0.range.lowerBound, from: 0) }
        return header.firstMisplaced(cellColumns: columns, file: file) == nil ? header : nil
    }

    /// The labels of a header that names every action at its own position but some by a name
    /// that is no action (the action was renamed in `actions:`): each such label, with the
    /// action at its position. Nil when any label names another column, or the counts differ.
    static func renamedInPlace(_ header: HeaderComment, actions: [String]) -> [(label: String, range: Range<Int>, action: String)]? {
        guard header.labels.count == actions.count else { return nil }
        let folded = Set(actions.map(HeaderComment.fold))
        var renames: [(label: String, range: Range<Int>, action: String)] = []
        for (label, action) in zip(header.labels, actions) where HeaderComment.fold(label.text) != HeaderComment.fold(action) {
            guard !folded.contains(HeaderComment.fold(label.text)) else { return nil }
            // In the header's own casing (`stop` becomes `halt` for `Halt`).
            let lower = label.text.first.map { $0.isLowercase } ?? false
            renames.append((label.text, label.range, lower ? NameCasing.lowerFirst(action) : action))
        }
        return renames.isEmpty ? nil : renames
    }
}
