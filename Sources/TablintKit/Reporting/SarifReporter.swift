/// `--reporter sarif`: a SARIF 2.1.0 log, as GitHub code scanning (`github/codeql-action/upload-sarif`)
/// and other static-analysis viewers read it.
///
/// One run. `tool.driver.rules` lists every registered rule (then any other code the results
/// carry), with its summary, the `## Why it matters` section of its document as full
/// description and the whole document as help, so a viewer can explain a result offline.
/// Each result points at its rule by `ruleId` and `ruleIndex`, has one location and a related
/// location per note, and a `fixes` entry (byte-offset replacements) when `--fix` would repair it.
///
/// Columns: tablint counts bytes, SARIF counts UTF-16 code units or code points. When the
/// report is given the files' bytes (`sources`), columns are converted to UTF-16 code units
/// and the run says `"columnKind": "utf16CodeUnits"`; a region whose file is not available
/// gives its lines only (`startLine`, `endLine`), never a column in the wrong unit. Paths
/// become relative URI references (percent-encoded), absolute paths `file://` URIs. Pure.
enum SarifReporter {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static func render(_ diagnostics: [Diagnostic], sources: SourceLookup? = nil) -> String {
        log(diagnostics, sources: sources).rendered
    }

    static func log(_ diagnostics: [Diagnostic], sources: SourceLookup?) -> JSONText {
        let registered = RuleRegistry.all.map { (code: $0.code, rule: Optional($0)) }
        var descriptors: [(code: String, rule: Rule?)] = registered
        for diagnostic in diagnostics where !descriptors.contains(where: { $0.code == diagnostic.code }) {
            descriptors.append((diagnostic.code, nil))
        }
        var index: [String: Int] = [:]
        for (position, descriptor) in descriptors.enumerated() { index[descriptor.code] = position }
        let columns = ColumnConverter(sources: sources)
        let results = diagnostics.map { result($0, ruleIndex: index[$0.code] ?? 0, columns) }
        var run: [(key: String, value: JSONText)] = [
            ("tool", .object(["driver": driver(descriptors.map { rule($0.code, $0.rule) })])),
        ]
        if sources != nil { run.append(("columnKind", .string("utf16CodeUnits"))) }
        run.append(("results", .array(results)))
        return .object([
            "$schema": .string(schema),
            "version": .string("2.1.0"),
            "runs": .array([.orderedObject(run)]),
        ])
    }

    static func driver(_ rules: [JSONText]) -> JSONText {
        .object([
            "name": .string("tablint"),
            "version": .string(Tablint.version),
            "semanticVersion": .string(Tablint.version),
            "rules": .array(rules),
        ])
    }

    static func rule(_ code: String, _ rule: Rule?) -> JSONText {
        let document = RuleDocument.named(code)
        var fields: [(key: String, value: JSONText)] = [
            ("id", .string(code)),
            ("name", .string(Self.bareName(code))),
        ]
        if let summary = rule?.summary {
            fields.append(("shortDescription", .object(["text": .string(summary)])))
        }
        if let document {
            let why = document.whyItMatters
            if !why.isEmpty { fields.append(("fullDescription", .object(["text": .string(why)]))) }
            // The whole document for viewers that render markdown; for plain text, the summary
            // and why it matters, and where the rest is.
            let text = [rule?.summary ?? "", why, "`tablint explain \(code)` prints the whole document, \(document.relativePath)."]
                .filter { !$0.isEmpty }.joined(separator: "\n\n")
            fields.append(("help", .object(["text": .string(text), "markdown": .string(document.markdown)])))
        }
        let severity = rule?.defaultSeverity ?? .warning
        fields.append(("defaultConfiguration", .object(["level": .string(level(severity))])))
        let namespace = code.components(separatedBy: "::").first ?? code
        fields.append(("properties", .object([
            "tags": .array([.string(namespace)]),
            "fixable": .bool(rule?.isFixable ?? false),
            "precision": .string("very-high"),
            "document": .string("Rules/\(Self.bareName(code)).md"),
        ])))
        return .orderedObject(fields)
    }

    static func bareName(_ code: String) -> String {
        guard let colon = code.lastIndex(of: ":") else { return code }
        return String(code[code.index(after: colon)...])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    static func result(_ diagnostic: Diagnostic, ruleIndex: Int, _ columns: ColumnConverter) -> JSONText {
        var fields: [(key: String, value: JSONText)] = [
            ("ruleId", .string(diagnostic.code)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level(diagnostic.severity))),
            ("message", .object(["text": .string(diagnostic.message)])),
            ("locations", .array([
                .object(["physicalLocation": physicalLocation(diagnostic.path, diagnostic.start, diagnostic.end, columns)]),
            ])),
        ]
        if !diagnostic.notes.isEmpty {
            fields.append(("relatedLocations", .array(diagnostic.notes.enumerated().map { position, note in
                .object([
                    "id": .int(position + 1),
                    "physicalLocation": physicalLocation(note.path, note.location, note.location, columns),
                    "message": .object(["text": .string(note.message)]),
                ])
            })))
        }
        if let fix = diagnostic.fix {
            fields.append(("fixes", .array([
                .object([
                    "description": .object(["text": .string(fix.applicability == .safe ? "tablint --fix" : "tablint --fix --unsafe-fixes")]),
                    "artifactChanges": .array([
                        .object([
                            "artifactLocation": .object(["uri": .string(uri(diagnostic.path))]),
                            "replacements": .array(fix.edits.map { edit in
                                .object([
                                    "deletedRegion": .object([
                                        "byteOffset": .int(edit.range.lowerBound),
                                        "byteLength": .int(edit.range.count),
                                    ]),
                                    "insertedContent": .object(["text": .string(String(decoding: edit.replacement, as: UTF8.self))]),
                                ])
                            }),
                        ]),
                    ]),
                    "properties": .object(["applicability": .string(fix.applicability.rawValue)]),
                ]),
            ])))
        }
        return .orderedObject(fields)
    }

    static func physicalLocation(
        _ path: String, _ start: SourceLocation, _ end: SourceLocation, _ columns: ColumnConverter
    ) -> JSONText {
        var region: [(key: String, value: JSONText)] = [("startLine", .int(start.line))]
        let startColumn = columns.utf16Column(path, start)
        let endColumn = columns.utf16Column(path, end)
        if let startColumn, let endColumn {
            region.append(("startColumn", .int(startColumn)))
            region.append(("endLine", .int(end.line)))
            region.append(("endColumn", .int(endColumn)))
        } else {
            region.append(("endLine", .int(end.line)))
        }
        return .object([
            "artifactLocation": .object(["uri": .string(uri(path))]),
            "region": .orderedObject(region),
        ])
    }

    /// A path as a URI reference: a relative path stays relative (GitHub resolves it against
    /// the repository's root), an absolute one becomes `file:///…`. Every byte but unreserved
    /// characters and `/` is percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in PathBytes.bytes(path) {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if isUnreserved {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

/// The bytes of a file a report mentions, or nil if they are not available. Reporters that
/// must count columns in other units than bytes (SARIF) use it; it is asked once per path.
typealias SourceLookup = (_ path: String) -> [UInt8]?

/// Converts tablint's byte columns to UTF-16 columns, reading each file at most once.
final class ColumnConverter {
    private let sources: SourceLookup?
    private var cache: [String: [UInt8]?] = [:]

    init(sources: SourceLookup?) {
        self.sources = sources
    }

    /// The 1-based UTF-16 column of `location` in the file at `path`; nil when the file is not
    /// available or does not have a line starting where `location` says (it changed since).
    func utf16Column(_ path: String, _ location: SourceLocation) -> Int? {
        guard let sources else { return nil }
        let bytes: [UInt8]?
        if let cached = cache[path] {
            bytes = cached
        } else {
            bytes = sources(path)
            cache[path] = bytes
        }
        guard let bytes else { return nil }
        let lineStart = location.offset - (location.column - 1)
        guard location.column >= 1, lineStart >= 0, location.offset <= bytes.count else { return nil }
        if lineStart > 0 {
            let previous = bytes[lineStart - 1]
            guard previous == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r") else { return nil }
        }
        return String(decoding: bytes[lineStart..<location.offset], as: UTF8.self).utf16.count + 1
    }
}
