/// A JSON value as the language server reads and writes it. Parsed by hand rather than with
/// Foundation so that a hostile body (deep nesting, bad escapes, numbers out of range) is a
/// thrown `JSONValue.ParseError`, never a crash, and `true` stays a Bool and `1` a number.
///
/// An integer written without a fraction or an exponent that fits 64 bits is read as
/// `.integer`, exactly, and written back as the same digits: a JSON-RPC response must carry
/// the id of its request, and an id like 9007199254740993 (over 2^53) would not survive a
/// Double. Every other number is a `.number` (a Double).
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    struct ParseError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// Deeper nesting than this is refused: the parser recurses once per level.
    static let maximumDepth = 200

    // MARK: Reading values

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A whole number that fits an Int (LSP's `integer` and `uinteger`); a whole Double such
    /// as `3.0` counts too.
    var intValue: Int? {
        switch self {
        case .integer(let value): return Int(exactly: value)
        case .number(let value) where value.rounded() == value && abs(value) < 9.0e15: return Int(value)
        default: return nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    static func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }

    // MARK: Writing

    /// Compact JSON, object keys sorted, so the same value is always the same bytes.
    var serialized: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .integer(let value): out += Array(String(value).utf8)
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 {
                out += Array(String(Int(value)).utf8)
            } else if value.isFinite {
                out += Array(String(value).utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let value): out += Array(JSONText.quoted(value).utf8)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += Array(JSONText.quoted(key).utf8)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Parsing

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try parseNotingLoneSurrogates(bytes).value
    }

    /// The value, and whether a string in it held a lone surrogate escape (`\uD800`), which a
    /// Swift string cannot hold: it reads as U+FFFD, so such a string cannot be echoed unchanged.
    static func parseNotingLoneSurrogates(_ bytes: [UInt8]) throws -> (value: JSONValue, loneSurrogate: Bool) {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return (value, parser.loneSurrogate)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var loneSurrogate = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> ParseError { ParseError(message: message, offset: index) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
                throw error("expected \(word)")
            }
            index += expected.count
            return value
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of the body") }
            switch bytes[index] {
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var values: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(values)
                }
                while true {
                    skipSpace()
                    values.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("unterminated array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
                    throw error("expected , or ] in an array")
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSONValue] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected : after a member name") }
                    index += 1
                    skipSpace()
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    guard index < bytes.count else { throw error("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw error("expected , or } in an object")
                }
            default:
                return try number()
            }
        }

        /// How many digits `0`-`9` start at `index`, skipped.
        mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }

        /// A number as JSON writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func number() throws -> JSONValue {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0 else {
                index = start
                throw error("expected a JSON value")
            }
            guard bytes[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else {
                index = integerStart
                throw error("a number with a leading zero")
            }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                isInteger = false
                guard digits() > 0 else { throw error("expected a digit after the decimal point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                isInteger = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected a digit in an exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // `-0` is no Int64 (it would be written back as `0`): it stays a Double.
            if isInteger, text != "-0", let value = Int64(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error("a number too large for a 64-bit float")
            }
            return .number(value)
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
            else { throw error("bad \\u escape") }
            index += 4
            return value
        }

        mutating func string() throws -> String {
            index += 1  // the opening quote
            var runStart = index
            var result = ""
            func flush(_ end: Int) throws {
                guard let run = String(validatingUTF8Bytes: Array(bytes[runStart..<end])) else {
                    throw ParseError(message: "a string is not UTF-8", offset: runStart)
                }
                result += run
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(index)
                    index += 1
                    return result
                }
                if byte < 0x20 { throw error("a control character in a string") }
                if byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                try flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                var scalar: Unicode.Scalar?
                switch escape {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index -= 6  // not a pair: the lone high half is U+FFFD, the next escape is read on its own
                        }
                    }
                    scalar = Unicode.Scalar(code)
                    if scalar == nil {
                        loneSurrogate = true
                        scalar = "\u{FFFD}"
                    }
                default:
                    throw error("bad escape in a string")
                }
                result.unicodeScalars.append(scalar!)
                runStart = index
            }
            throw error("unterminated string")
        }
    }
}
