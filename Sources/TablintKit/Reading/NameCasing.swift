/// The library's first-letter casing: Swift cases are lowerCamel, fixtures and `Table`
/// strings UpperCamel, and generated members join `lower(state) + Cap(action)`. One place
/// for the fold, so comparisons and generated names cannot disagree.
enum NameCasing {
    /// `Idle` → `idle`.
    static func lowerFirst<S: StringProtocol>(_ name: S) -> String {
        // An ASCII first character (followed by ASCII, so it is one scalar): no case tables.
        var bytes = name.utf8.makeIterator()
        if let first = bytes.next(), first < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return String(name) }
            return String(Character(Unicode.Scalar(first + 0x20))) + name.dropFirst()
        }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// `idle` → `Idle`.
    static func upperFirst<S: StringProtocol>(_ name: S) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// How two names are compared, in the one place that decides it. Every reader and rule asks
/// this type instead of folding names its own way:
///
/// * `exact`: within one matrix, on every surface. The library compares a `@Machine` enum's
///   names exactly (`.go(.Locked)` for the case `locked` is its `unknown-state`), and so do its
///   `.tbl` parser and `checkTable`.
/// * `firstLetterFolded`: between two surfaces of one machine, an `@Machine` enum (lowerCamel
///   cases) and a `.tbl` fixture or `Table` literal (UpperCamel strings): `locked` is `Locked`.
///   Column-header comments, written either way, compare with their actions like this too.
/// * `machineName`: machine names when a dispatcher is paired with its matrix: upper case
///   without underscores, so `Timer`, `TIMER` (from `TIMER_TABLE`) and `timer` (from
///   `timerStep`) are one machine, and so are `TrafficLight` and `TRAFFIC_LIGHT`.
enum NameComparison {
    case exact
    case firstLetterFolded
    case machineName

    /// The key two names share exactly when they compare equal.
    func key<S: StringProtocol>(_ name: S) -> String {
        switch self {
        case .exact: return String(name)
        case .firstLetterFolded: return NameCasing.lowerFirst(name)
        case .machineName: return String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != "_" })).uppercased()
        }
    }

    func equal<S: StringProtocol, T: StringProtocol>(_ lhs: S, _ rhs: T) -> Bool { key(lhs) == key(rhs) }

    /// The comparison for names of two matrices of one machine: exact on one surface, first
    /// letter folded between an `@Machine` enum and a string surface.
    static func across(_ lhs: Matrix.Surface, _ rhs: Matrix.Surface) -> NameComparison {
        (lhs == .machineEnum) == (rhs == .machineEnum) ? .exact : .firstLetterFolded
    }
}
