/// The library's first-letter casing: Swift cases are lowerCamel, fixtures and `Table`
/// strings UpperCamel, and generated members join `lower(state) + Cap(action)`. One place
/// for the fold, so comparisons and generated names cannot disagree.
public enum NameCasing {
    /// `Idle` → `idle`.
    public static func lowerFirst<S: StringProtocol>(_ name: S) -> String {
        // An ASCII first character (followed by ASCII, so it is one scalar): no case tables.
        var bytes = name.utf8.makeIterator()
        if let first = bytes.next(), first < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return String(name) }
            return String(Character(Unicode.Scalar(first + 0x20))) + name.dropFirst()
        }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// `idle` → `Idle`.
    public static func upperFirst<S: StringProtocol>(_ name: S) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
