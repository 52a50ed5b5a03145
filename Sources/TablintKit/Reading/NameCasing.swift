/// The library's first-letter casing: Swift cases are lowerCamel, fixtures and `Table`
/// strings UpperCamel, and generated members join `lower(state) + Cap(action)`. One place
/// for the fold, so comparisons and generated names cannot disagree.
public enum NameCasing {
    /// `Idle` → `idle`.
    public static func lowerFirst<S: StringProtocol>(_ name: S) -> String {
        name.prefix(1).lowercased() + name.dropFirst()
    }

    /// `idle` → `Idle`.
    public static func upperFirst<S: StringProtocol>(_ name: S) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
