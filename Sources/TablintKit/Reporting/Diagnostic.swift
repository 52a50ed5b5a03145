public enum Severity: String, Comparable, CaseIterable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One finding: where, how bad, what, and which rule. Rules return these; only reporters print them.
public struct Diagnostic: Equatable {
    /// The file's path as given on the command line.
    public var path: String
    public var start: SourceLocation
    /// The end of the offending range (exclusive); equal to `start` for a point.
    public var end: SourceLocation
    public var severity: Severity
    public var message: String
    /// The rule's full code, e.g. `tabular-center::row-arity`.
    public var code: String
    /// Related places ("declared here"), printed as `note:` lines after the diagnostic.
    public var notes: [Note]
    /// What `tablint --fix` would change for this diagnostic, or nil if it changes nothing
    /// (the rule is not fixable, or the file cannot be fixed with confidence).
    public var fix: Fix?

    public struct Note: Equatable {
        public var path: String
        public var location: SourceLocation
        public var message: String

        public init(path: String, location: SourceLocation, message: String) {
            self.path = path
            self.location = location
            self.message = message
        }
    }

    /// The byte-range edits of the file that `--fix` applies for one diagnostic: offsets into
    /// the file as it was read, non-overlapping, in byte order. An insertion is an empty range.
    public struct Fix: Equatable {
        public var edits: [TextEdit]
        /// Whether `--fix` applies it on its own (`safe`) or only with `--unsafe-fixes`.
        public var applicability: Applicability
        /// The bytes the fix is about when they reach beyond its edits (an alignment's whole
        /// matrix): an editor's range formatting takes the fix when the range touches them.
        public var subject: Range<Int>?

        public init(edits: [TextEdit], applicability: Applicability = .safe, subject: Range<Int>? = nil) {
            self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            self.applicability = applicability
            self.subject = subject
        }
    }

    /// How sure a fix is, as ruff divides them.
    public enum Applicability: String, Equatable, CaseIterable {
        /// Nothing the compiler sees changes: padding inside a matrix, a comment's spacing,
        /// an inserted directive comment.
        case safe
        /// Code or data changes (the program means the same today, or a pin or name is
        /// brought in line with its matrix): a reviewer should see it.
        case unsafe
    }

    public init(
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
    public static func sortsBefore(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        return lhs.code < rhs.code
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by `Diagnostic.sortsBefore`; ties keep the order the rules produced them in
    /// (a rule reports in source order), so output is the same on every run.
    public func sortedForOutput() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            if Diagnostic.sortsBefore(lhs.element, rhs.element) { return true }
            if Diagnostic.sortsBefore(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
