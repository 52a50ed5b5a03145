/// A file's bytes with what every later stage needs to point into them.
struct SourceFile {
    /// The path as the user wrote it (relative stays relative); diagnostics print it verbatim.
    let path: String
    let bytes: [UInt8]
    let lines: LineTable

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    var kind: FileKind { FileKind(path: path) }

    /// The text of a byte range, with invalid UTF-8 repaired for display.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func text(of token: Token) -> String { text(token.range) }

    func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.location(of: offset)
        return SourceLocation(offset: offset, line: line, column: column)
    }
}

/// A resolved position: byte offset, 1-based line, 1-based byte column.
struct SourceLocation: Equatable, Comparable, CustomStringConvertible {
    var offset: Int
    var line: Int
    var column: Int

    init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    var description: String { "\(line):\(column)" }
}

/// Which readers and rules apply to a file, decided by its name.
enum FileKind: Equatable {
    /// `*.tb.swift`: a matrix file, where alignment is the author's intent.
    case matrixSwift
    /// Any other `*.swift` file.
    case swift
    /// A `.tbl` pin fixture.
    case fixture
    /// Anything else (never collected by the directory walk).
    case other

    init(path: String) {
        if path.hasSuffix(".tb.swift") {
            self = .matrixSwift
        } else if path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".tbl") {
            self = .fixture
        } else {
            self = .other
        }
    }

    var isSwift: Bool { self == .swift || self == .matrixSwift }
}
