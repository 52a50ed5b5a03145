/// Whether one name is a slip of another: what a typo makes of a name (one or two letters
/// changed, added, dropped or swapped), compared after case-folding by the caller.
enum EditDistance {
    static func isSlip(_ candidate: String, of written: String) -> Bool {
        let a = Array(candidate.unicodeScalars), b = Array(written.unicodeScalars)
        guard a != b, abs(a.count - b.count) <= 2, min(a.count, b.count) >= 3 else { return false }
        return distance(a, b) <= (min(a.count, b.count) >= 6 ? 2 : 1)
    }

    /// Optimal string alignment distance (a swap of neighbours counts one).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
