/// A JSON document built in memory and written with its object keys in the order they were
/// given, so that the json and sarif reports (and `tablint rules --reporter json`) are stable
/// byte for byte and read in a sensible order. Pure.
indirect enum JSONText {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONText])
    /// Keys in output order.
    case object(KeyValuePairs<String, JSONText>)
    /// As `object`, for keys decided at run time.
    case orderedObject([(key: String, value: JSONText)])

    /// The document, indented by two spaces per level, ending in a newline.
    var rendered: String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .string(let value): text += Self.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { text += "[]"; return }
            let inner = indent + "  "
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += inner
                value.write(to: &text, indent: inner)
                text += index == values.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let pairs):
            Self.writeObject(pairs.map { (key: $0.key, value: $0.value) }, to: &text, indent: indent)
        case .orderedObject(let pairs):
            Self.writeObject(pairs, to: &text, indent: indent)
        }
    }

    private static func writeObject(_ pairs: [(key: String, value: JSONText)], to text: inout String, indent: String) {
        guard !pairs.isEmpty else { text += "{}"; return }
        let inner = indent + "  "
        text += "{\n"
        for (index, pair) in pairs.enumerated() {
            text += inner + quoted(pair.key) + ": "
            pair.value.write(to: &text, indent: inner)
            text += index == pairs.count - 1 ? "\n" : ",\n"
        }
        text += indent + "}"
    }

    /// A JSON string literal: `"` and `\` escaped, control characters (and DEL, U+2028, U+2029)
    /// as escapes; everything else, non-ASCII included, as UTF-8.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if let escaped = PathBytes.escapedText(scalar) {
                    // A byte of a file name that is not UTF-8: JSON holds text, so `\\xFF`.
                    result += "\\" + escaped
                } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
