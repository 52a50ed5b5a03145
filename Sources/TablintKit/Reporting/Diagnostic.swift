enum Severity: String, Comparable, CaseIterable {
    case note, warning, error

    static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One finding: where, how bad, what, and which rule. Rules return these; only reporters print them.
struct Diagnostic: Equatable {
    /// The file's path as given on the command line.
    var path: String
    var start: SourceLocation
    /// The end of the offending range (exclusive); equal to `start` for a point.
    var end: SourceLocation
    var severity: Severity
    var message: String
    /// The rule's full code, e.g. `tabular-center::row-arity`.
    var code: String
    /// Related places ("declared here"), printed as `note:` lines after the diagnostic.
    var notes: [Note]
    /// What `tablint --fix` would change for this diagnostic, or nil if it changes nothing
    /// (the rule is not fixable, or the file cannot be fixed with confidence).
    var fix: Fix?
    /// For `tablint::unread-cells`: how many reachable cells of the machine could not be read
    /// (`--statistics` adds them up, `--reporter json` gives them as `unreadCells`); nil otherwise.
    var unreadCells: Int?

    struct Note: Equatable {
        var path: String
        var location: SourceLocation
        var message: String

        init(path: String, location: SourceLocation, message: String) {
            self.path = path
            self.location = location
            self.message = message
        }
    }

    /// The byte-range edits of the file that `--fix` applies for one diagnostic: offsets into
    /// the file as it was read, non-overlapping, in byte order. An insertion is an empty range.
    struct Fix: Equatable {
        var edits: [TextEdit]
        /// Whether `--fix` applies it on its own (`safe`) or only with `--unsafe-fixes`.
        var applicability: Applicability
        /// The bytes the fix is about when they reach beyond its edits (an alignment's whole
        /// matrix): an editor's range formatting takes the fix when the range touches them.
        var subject: Range<Int>?

        init(edits: [TextEdit], applicability: Applicability = .safe, subject: Range<Int>? = nil) {
            self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            self.applicability = applicability
            self.subject = subject
        }
    }

    /// How sure a fix is, as ruff divides them.
    enum Applicability: String, Equatable, CaseIterable {
        /// Nothing the compiler sees changes: padding inside a matrix, a comment's spacing,
        /// an inserted directive comment.
        case safe
        /// Code or data changes (the program means the same today, or a pin or name is
        /// brought in line with its matrix): a reviewer should see it.
        case unsafe
    }

    init(
        path: String, start: SourceLocation, end: SourceLocation, severity: Severity,
        message: String, code: String, notes: [Note] = [], fix: Fix? = nil
    ) {
        self.path = path
        self.start = start
        self.end = end
        self.severity = severity
        self.message = message
        self.code = code
        self.notes = notes
        self.fix = fix
    }

    /// Output order: path, then line, then column, then code.
    static func sortsBefore(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        return lhs.code < rhs.code
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by `Diagnostic.sortsBefore`; ties keep the order the rules produced them in
    /// (a rule reports in source order), so output is the same on every run.
    func sortedForOutput() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            if Diagnostic.sortsBefore(lhs.element, rhs.element) { return true }
            if Diagnostic.sortsBefore(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
