/// A file-name pattern of `--include`/`--exclude`, matched against a path relative to the
/// folder the pattern belongs to (its `.tablint` file's folder, or the current directory).
///
/// * `*` matches any run of characters within one path segment, `?` one character, `[abc]`,
///   `[a-z]` and `[!a]` one character of (not of) a set; `\` makes the next character literal.
/// * `**` as a whole segment matches any number of segments, none included.
/// * A pattern without a `/` matches a file or folder name at any depth (`*.generated.swift`),
///   like `.gitignore`; a leading `/` anchors a one-segment pattern to the folder instead.
/// * A pattern that matches a folder matches everything inside it (`Generated` or
///   `Generated/`); a trailing `/` matches folders only.
struct Glob: Equatable {
    let pattern: String
    /// Each segment as characters, so that `?` and `[…]` take one character (`ü`, in either
    /// Unicode normal form), not one byte.
    private let segments: [[Character]]
    private let foldersOnly: Bool

    init(_ pattern: String) {
        self.init(pattern, written: pattern)
    }

    /// `pattern` as matched, shown as `written` (`--print-config`).
    init(_ pattern: String, written: String) {
        self.pattern = written
        var text = pattern
        foldersOnly = text.hasSuffix("/")
        while text.hasSuffix("/") { text.removeLast() }
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        let anchored = pattern.hasPrefix("/") || parts.count > 1
        if !anchored { parts.insert(Self.doubleStar, at: 0) }
        segments = parts
    }

    /// Whether `relativePath` (segments joined by `/`, no `.` or `..`) or a folder it lies in
    /// matches.
    func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        // Every folder prefix, then (unless folders only) the whole path.
        let lengths = foldersOnly ? Array(1..<max(1, path.count)) : Array(1...max(1, path.count))
        return lengths.contains { length in
            length <= path.count && Self.match(segments[...], path[..<length])
        }
    }

    private static let doubleStar = Array("**")

    private static func match(_ pattern: ArraySlice<[Character]>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == doubleStar {
            let rest = pattern.dropFirst()
            // `**` absorbs 0…n segments; patterns are short, so trying each split is cheap.
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(first[...], segment[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One segment against one name: `*`, `?`, `[…]`, `\x`. Iterative with one backtrack point
    /// for the last `*`, so it is linear in practice.
    static func matchSegment(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var starPattern: Int?
        var starName = name.startIndex
        while n < name.endIndex {
            if p < pattern.endIndex {
                let byte = pattern[p]
                if byte == Character("*") {
                    starPattern = p
                    starName = n
                    p += 1
                    continue
                }
                if let (matched, next) = single(pattern, at: p, name[n]), matched {
                    p = next
                    n += 1
                    continue
                }
            }
            guard let star = starPattern else { return false }
            p = star + 1
            starName += 1
            n = starName
        }
        while p < pattern.endIndex && pattern[p] == Character("*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Whether the pattern element at `index` (not `*`) matches `byte`, and where the next
    /// element starts.
    private static func single(_ pattern: ArraySlice<Character>, at index: Int, _ byte: Character) -> (Bool, Int)? {
        let element = pattern[index]
        switch element {
        case "?":
            return (true, index + 1)
        case "\\" where index + 1 < pattern.endIndex:
            return (pattern[index + 1] == byte, index + 2)
        case "[":
            var cursor = index + 1
            var negated = false
            if cursor < pattern.endIndex, pattern[cursor] == Character("!") || pattern[cursor] == Character("^") {
                negated = true
                cursor += 1
            }
            var matched = false
            var first = true
            while cursor < pattern.endIndex, first || pattern[cursor] != Character("]") {
                first = false
                let low = pattern[cursor]
                if cursor + 2 < pattern.endIndex, pattern[cursor + 1] == Character("-"), pattern[cursor + 2] != Character("]") {
                    if low <= byte && byte <= pattern[cursor + 2] { matched = true }
                    cursor += 3
                } else {
                    if low == byte { matched = true }
                    cursor += 1
                }
            }
            // An unclosed `[` is a literal `[`.
            guard cursor < pattern.endIndex else { return (byte == element, index + 1) }
            return (matched != negated, cursor + 1)
        default:
            return (element == byte, index + 1)
        }
    }
}
