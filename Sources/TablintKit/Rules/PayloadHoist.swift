/// `tabular-center::payload-hoist`: the same payload field (same name, same canonical type) is
/// carried by 3 or more states, so it probably belongs in the machine's context. Types compare
/// canonically, as the library compares them: every `Int`/`UInt` width is `int`, `Float` and
/// `Double` are `float`, and so on; other types compare as written. Unlabelled payload fields
/// have no name to hoist and are not counted.
struct PayloadHoist: Rule {
    let code = "tabular-center::payload-hoist"
    let defaultSeverity = Severity.warning
    let summary = "The same payload field (name and type) is carried by 3 or more states."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        context.matrices.flatMap { matrix -> [Diagnostic] in
            // Fields in the order they first appear; each with its payloads, one per state.
            var order: [String] = []
            var groups: [String: [Payload]] = [:]
            for payload in matrix.payloads {
                guard let field = payload.field else { continue }
                let key = "\(field): \(Self.canonical(payload.type))"
                let group = groups[key] ?? []
                if group.isEmpty { order.append(key) }
                if group.contains(where: { matrix.key($0.state) == matrix.key(payload.state) }) { continue }
                groups[key] = group + [payload]
            }
            return order.compactMap { key -> Diagnostic? in
                guard let payloads = groups[key], payloads.count >= MatrixLint.payloadHoistStates else { return nil }
                let states = payloads.map(\.state).joined(separator: ", ")
                return diagnostic(
                    context, at: payloads[0].range,
                    MatrixLint.message(matrix, "`\(key)` appears in the payloads of \(states); consider hoisting it to Context"),
                    notes: payloads.dropFirst().map { context.note(at: $0.range.lowerBound, "`\(key)` is also a payload of `\($0.state)`") })
            }
        }
    }

    /// The library's canonical spelling of a payload type.
    static func canonical(_ type: String) -> String {
        var trimmed = Substring(type)
        while trimmed.first == " " { trimmed = trimmed.dropFirst() }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        switch trimmed {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "int"
        case "Float", "Double": return "float"
        case "Bool": return "bool"
        case "String", "Substring": return "string"
        case "Character": return "char"
        default: return String(trimmed)
        }
    }
}
