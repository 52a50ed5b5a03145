/// A unified diff with three lines of context: the lines the two texts share are found by a
/// longest common subsequence between their common head and tail.
enum UnifiedDiff {
    static func render(path: String, before: [UInt8], after: [UInt8]) -> String {
        let old = lines(before)
        let new = lines(after)
        guard old != new else { return "" }
        // Each line of either side: kept (in both), removed or added, in order.
        enum Step: Equatable { case keep(Int, Int), remove(Int), add(Int) }
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let oldMiddle = Array(old[head..<(old.count - tail)])
        let newMiddle = Array(new[head..<(new.count - tail)])
        var steps: [Step] = (0..<head).map { .keep($0, $0) }
        if oldMiddle.count * newMiddle.count <= 4_000_000 {
            // Lengths of the longest common subsequence of the suffixes.
            let width = newMiddle.count + 1
            var table = [Int32](repeating: 0, count: (oldMiddle.count + 1) * width)
            for i in stride(from: oldMiddle.count - 1, through: 0, by: -1) {
                for j in stride(from: newMiddle.count - 1, through: 0, by: -1) {
                    table[i * width + j] = oldMiddle[i] == newMiddle[j]
                        ? table[(i + 1) * width + j + 1] + 1 : max(table[(i + 1) * width + j], table[i * width + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < oldMiddle.count || j < newMiddle.count {
                if i < oldMiddle.count, j < newMiddle.count, oldMiddle[i] == newMiddle[j] {
                    steps.append(.keep(head + i, head + j)); i += 1; j += 1
                } else if i < oldMiddle.count, j == newMiddle.count || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                    steps.append(.remove(head + i)); i += 1
                } else {
                    steps.append(.add(head + j)); j += 1
                }
            }
        } else {
            steps += oldMiddle.indices.map { .remove(head + $0) } + newMiddle.indices.map { .add(head + $0) }
        }
        steps += (0..<tail).map { .keep(old.count - tail + $0, new.count - tail + $0) }

        // Hunks: runs of changes with up to three kept lines around them (six join two).
        let changed = steps.indices.filter { if case .keep = steps[$0] { return false } else { return true } }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - 3)
            let high = min(steps.count - 1, index + 3)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...high
            } else {
                hunks.append(low...high)
            }
        }
        // How many lines of each side come before each step.
        var oldBefore: [Int] = []
        var newBefore: [Int] = []
        var oldLine = 0
        var newLine = 0
        for step in steps {
            oldBefore.append(oldLine)
            newBefore.append(newLine)
            switch step {
            case .keep: oldLine += 1; newLine += 1
            case .remove: oldLine += 1
            case .add: newLine += 1
            }
        }
        let name = headerName(path)
        var text = "--- \(name)\n+++ \(name)\n"
        for hunk in hunks {
            var oldCount = 0
            var newCount = 0
            var body = ""
            for step in steps[hunk] {
                switch step {
                case .keep(let o, _):
                    oldCount += 1
                    newCount += 1
                    body += " " + old[o]
                case .remove(let o):
                    oldCount += 1
                    body += "-" + old[o]
                case .add(let n):
                    newCount += 1
                    body += "+" + new[n]
                }
            }
            // A side with no lines is numbered by the line before the hunk, as diff does.
            let oldFirst = oldBefore[hunk.lowerBound] + (oldCount == 0 ? 0 : 1)
            let newFirst = newBefore[hunk.lowerBound] + (newCount == 0 ? 0 : 1)
            text += "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n" + body
        }
        return text
    }

    /// The path as the `---`/`+++` lines give it, so that `patch` and `git apply` read it
    /// back: a name with a blank gets a tab after it (as git writes it; `patch` reads a name up
    /// to a tab), and one with a control character, `"` or `\` is C-quoted (as GNU diff and git
    /// quote it).
    static func headerName(_ path: String) -> String {
        let needsQuotes = path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" }
        if needsQuotes {
            var quoted = "\""
            for scalar in path.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                case "\r": quoted += "\\r"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        let octal = String(scalar.value, radix: 8)
                        quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    } else {
                        quoted.unicodeScalars.append(scalar)
                    }
                }
            }
            return quoted + "\""
        }
        return path.contains(" ") ? path + "\t" : path
    }

    /// Lines with their terminators; a last line without one is marked as diff marks it.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(String(decoding: bytes[start...index], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count {
            result.append(String(decoding: bytes[start...], as: UTF8.self) + "\n\\ No newline at end of file\n")
        }
        return result
    }
}
