/// The caller-location literals a HANDLE arm's code spells or receives by default: moved into a
/// `Cells` member, `#function` would name the member's nested function instead of the migrated
/// one, `#line` and `#column` would say where the member is written, and `#isolation` would be
/// the nonisolated member's (nil) where an actor's method had its actor. Such an arm is refused.
/// `#file`, `#fileID` and `#filePath` keep their value: the member is written in the same file.
extension MigrationReader {
    static let movingLocationLiterals: Set<String> = ["function", "line", "column", "isolation"]

    /// A parameter that defaults to a moving caller-location literal
    /// (`func log(_ m: String, function: String = #function)`).
    struct LocationDefault: Equatable {
        /// Its argument label; nil for `_`, which a call cannot be seen to pass.
        var label: String?
        var name: String
        var literal: String
        /// `path:line` of the declaration.
        var place: String
    }

    /// Per function name (and per type name, for an `init`), the parameters of the file's
    /// declarations that default to a moving caller-location literal.
    static func locationDefaults(_ tokens: SignificantTokens, _ scopes: TypeScopes, file: SourceFile) -> [String: [LocationDefault]] {
        var found: [String: [LocationDefault]] = [:]
        for keyword in 0..<tokens.count where tokens.kind(keyword) == .keyword && (tokens.isText(keyword, "func") || tokens.isText(keyword, "init")) {
            let name: String
            if tokens.isText(keyword, "func") {
                guard tokens.kind(keyword + 1) == .identifier else { continue }
                name = SignificantTokens.unticked(tokens.text(keyword + 1))
            } else {
                guard let type = scopes.directTypeName(of: keyword) else { continue }
                name = type.split(separator: ".").last.map(String.init) ?? type
            }
            // The parameter list: the first `(` before the body, past a generic clause.
            var open = keyword + 1
            while open < tokens.count, tokens.kind(open) != .leftParen, tokens.kind(open) != .leftBrace, tokens.kind(open) != .rightBrace { open += 1 }
            guard open < tokens.count, tokens.kind(open) == .leftParen, let parameters = tokens.elements(inside: open) else { continue }
            for parameter in parameters {
                guard let equal = parameter.first(where: { tokens.kind($0) == .equal }), equal + 2 < parameter.upperBound,
                    tokens.kind(equal + 1) == .pound, movingLocationLiterals.contains(tokens.text(equal + 2)),
                    tokens[equal + 1].range.upperBound == tokens[equal + 2].range.lowerBound
                else { continue }
                let words = parameter.prefix { tokens.kind($0) != .colon }.map { SignificantTokens.unticked(tokens.text($0)) }
                guard let external = words.first else { continue }
                let label = external == "_" ? nil : external
                let place = "\(file.path):\(file.location(of: tokens[parameter.lowerBound].range.lowerBound).line)"
                found[name, default: []].append(LocationDefault(label: label, name: words.last ?? external, literal: "#" + tokens.text(equal + 2), place: place))
            }
        }
        return found
    }

    /// The first moving caller-location literal an arm's code (or `where` clause) spells, or
    /// receives from a call of a run's function that leaves such a parameter to its default.
    func movingCallerLocation(in arm: Dispatcher.Arm) -> (offset: Int, what: String)? {
        for range in armRanges(arm, condition: "") {
            for index in range {
                if tokens.kind(index) == .pound, index + 1 < range.upperBound, Self.movingLocationLiterals.contains(tokens.text(index + 1)),
                    tokens[index].range.upperBound == tokens[index + 1].range.lowerBound
                {
                    let literal = "#" + tokens.text(index + 1)
                    let means = "the member's \(Self.meaning(literal))"
                    return (tokens[index].range.lowerBound, "writes `\(literal)` (line \(file.location(of: tokens[index].range.lowerBound).line)), which moved into a `Cells` member would be \(means); \(literal == "#isolation" ? "" : "write the value it has now in its place, or ")keep this function hand-written")
                }
                guard tokens.kind(index) == .identifier, tokens.kind(index + 1) == .leftParen, tokens.kind(index - 1) != .pound,
                    let defaults = run.locationDefaults[SignificantTokens.unticked(tokens.text(index))]
                else { continue }
                let labels = Set((tokens.elements(inside: index + 1) ?? []).compactMap { argument -> String? in
                    guard argument.count >= 2, tokens.kind(argument.lowerBound + 1) == .colon else { return nil }
                    return SignificantTokens.unticked(tokens.text(argument.lowerBound))
                })
                let left = defaults.filter { $0.label.map { !labels.contains($0) } ?? true }
                guard let first = left.first else { continue }
                let name = SignificantTokens.unticked(tokens.text(index))
                let line = file.location(of: tokens[index].range.lowerBound).line
                let parameters = left.count == 1
                    ? "parameter `\(first.name)` defaults to `\(first.literal)`"
                    : "parameters " + left.map { "`\($0.name)` (`\($0.literal)`)" }.joined(separator: " and ") + " default to the caller's location"
                let kinds = Self.ordered(left.map(\.literal)).map(Self.meaning).joined(separator: " and ")
                let means = "the member's \(kinds) instead of what it receives now"
                let labelled = left.compactMap(\.label)
                let pass = labelled.count == left.count ? "pass \(labelled.map { "`\($0):`" }.joined(separator: " and ")) explicitly" : "pass the argument explicitly"
                return (tokens[index].range.lowerBound, "calls `\(name)` (line \(line)), whose \(parameters) (\(first.place)); moved into a `Cells` member, the call would receive \(means); \(pass), or keep this function hand-written")
            }
        }
        return nil
    }

    /// What a literal says of where it is written: `#line` → `line`.
    private static func meaning(_ literal: String) -> String {
        literal == "#function" ? "function name" : String(literal.dropFirst())
    }

    /// Distinct, in order of first appearance.
    private static func ordered(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
