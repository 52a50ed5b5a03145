/// `--reporter json`: the diagnostics as one JSON array, for programs.
///
/// One object per diagnostic, with its keys always in this order:
///
///     {
///       "path": "Timer.tb.swift",
///       "start": {"line": 3, "column": 5, "offset": 42},
///       "end": {"line": 3, "column": 9, "offset": 46},
///       "severity": "error",                     // "error", "warning" or "note"
///       "code": "tabular-center::row-arity",
///       "message": "…",
///       "notes": [{"path": "…", "line": 1, "column": 1, "message": "…"}],
///       "fix": null                              // or {"applicability": "safe", "edits": [{"start": 40, "end": 41, "replacement": "  "}]}
///     }
///
/// A `tablint::unread-cells` note adds `"unreadCells": 3` last: how many reachable cells of
/// its machine could not be read from code.
///
/// Lines and columns are 1-based, columns and offsets count bytes (UTF-8), `end` is exclusive.
/// A fix's `start`/`end` are byte offsets into the file as it was read, an insertion has
/// `start == end`, and its edits never overlap. `applicability` is `safe` (`--fix` applies it)
/// or `unsafe` (only with `--unsafe-fixes`). Pure.
enum JsonReporter {
    static func render(_ diagnostics: [Diagnostic]) -> String {
        JSONText.array(diagnostics.map(object)).rendered
    }

    static func object(_ diagnostic: Diagnostic) -> JSONText {
        let fields = self.fields(diagnostic)
        // Only a `tablint::unread-cells` note has it; every other object keeps its keys.
        guard let unread = diagnostic.unreadCells, case .object(let pairs) = fields else { return fields }
        return .orderedObject(pairs.map { (key: $0.key, value: $0.value) } + [(key: "unreadCells", value: .int(unread))])
    }

    private static func fields(_ diagnostic: Diagnostic) -> JSONText {
        .object([
            "path": .string(diagnostic.path),
            "start": location(diagnostic.start),
            "end": location(diagnostic.end),
            "severity": .string(diagnostic.severity.rawValue),
            "code": .string(diagnostic.code),
            "message": .string(diagnostic.message),
            "notes": .array(diagnostic.notes.map { note in
                .object([
                    "path": .string(note.path),
                    "line": .int(note.location.line),
                    "column": .int(note.location.column),
                    "message": .string(note.message),
                ])
            }),
            "fix": diagnostic.fix.map(fix) ?? .null,
        ])
    }

    static func location(_ location: SourceLocation) -> JSONText {
        .object(["line": .int(location.line), "column": .int(location.column), "offset": .int(location.offset)])
    }

    static func fix(_ fix: Diagnostic.Fix) -> JSONText {
        .object([
            "applicability": .string(fix.applicability.rawValue),
            "edits": .array(fix.edits.map { edit in
                .object([
                    "start": .int(edit.range.lowerBound),
                    "end": .int(edit.range.upperBound),
                    "replacement": .string(String(decoding: edit.replacement, as: UTF8.self)),
                ])
            }),
        ])
    }
}
