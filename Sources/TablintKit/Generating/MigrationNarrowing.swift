/// How a migrated HANDLE member receives its cell's values in the generator's shape: the
/// context, then the narrowed struct of a payload-carrying state (`Turnstile.Broken`) and action,
/// only where they carry one (`shared/reference/tabular-center.md` §1.6). The moved code stays
/// as written: the names its pattern bound are bound again at the member's top from the narrowed
/// struct (`let code = state.code`), and where the code uses the state or the action itself (or
/// a pattern migrate keeps as a `guard`), that value is rebuilt from the narrowed struct under
/// the function's own parameter name (`let s = Turnstile.S.broken(code: state.code)`): the cell
/// fixes the case and the struct holds every field, so it is the same value.
struct MigrationNarrowing {
    /// The member's parameter names for the narrowed state and action (nil where the case
    /// carries no payload, so the member takes none).
    var stateName: String?
    var actionName: String?
    /// `let s = …` lines, then `let code = state.code` lines: the member's first statements.
    var opening: [String]
    /// Whether the code keeps its `guard case`/`if case` over the subjects, which are rebuilt.
    var keepsPatterns: Bool
    /// Whether the state or the action is rebuilt whole (said in a note).
    var rebuildsState: Bool
    var rebuildsAction: Bool

    /// The narrowing of the HANDLE cell at (`row`, `column`). `stateType`/`actionType` name the
    /// enums where the member is declared (`Turnstile.S`).
    static func plan(_ migration: Migration, row: Int, column: Int, stateType: String, actionType: String) -> MigrationNarrowing {
        let candidates = migration.cells[row][column].candidates
        let stateFields = migration.stateFields[row], actionFields = migration.actionFields[column]
        let used = Set(candidates.flatMap { candidate in
            MigrationReader.significant(candidate.body) + (candidate.condition.map(MigrationReader.significant) ?? [])
                + (candidate.pattern.map(MigrationReader.significant) ?? [])
        }.map(SignificantTokens.unticked))
        let taken = used.union([migration.stateParameter, migration.actionParameter, "ctx"])
        func free(_ base: String) -> String {
            if !taken.contains(base) { return base }
            let narrowed = "narrowed" + NameCasing.upperFirst(base)
            var name = narrowed, number = 2
            while taken.contains(name) { name = narrowed + String(number); number += 1 }
            return name
        }
        let stateName = stateFields.isEmpty ? nil : free("state")
        let actionName = actionFields.isEmpty ? nil : free("action")

        var wholeState = false, wholeAction = false
        switch migration.shape {
        case .mutating: wholeState = true  // the member runs the code on a copy of the state
        case .bool: wholeAction = true  // the member goes to the action, the state asked for
        case .state, .step: break
        }
        // A name used as itself, not after `.`, and not rebound by the arm.
        func usesWhole(_ parameter: String, _ candidate: Migration.Candidate) -> Bool {
            guard !candidate.shadowing.contains(parameter) else { return false }
            let texts = [candidate.body] + (candidate.condition.map { [$0] } ?? [])
            return texts.contains { text in
                let words = MigrationReader.significant(text)
                return words.indices.contains { index in
                    guard SignificantTokens.unticked(words[index]) == parameter, index == 0 || words[index - 1] != "." else { return false }
                    // `.pair(a: x)`: a label, not the value.
                    let isLabel = index + 1 < words.count && words[index + 1] == ":" && index > 0 && (words[index - 1] == "(" || words[index - 1] == ",")
                    return !isLabel
                }
            }
        }
        var bindings: [String] = []
        var keepsPatterns = candidates.count > 1
        if !keepsPatterns, let candidate = candidates.first, candidate.pattern != nil, candidate.binds {
            if let lines = bindingLines(candidate, stateFields: stateFields, actionFields: actionFields,
                                        stateName: stateName, actionName: actionName, migration: migration)
            {
                bindings = lines.lines
                wholeState = wholeState || lines.wholeState
                wholeAction = wholeAction || lines.wholeAction
            } else {
                keepsPatterns = true
            }
        }
        for candidate in candidates {
            wholeState = wholeState || usesWhole(migration.stateParameter, candidate)
            wholeAction = wholeAction || usesWhole(migration.actionParameter, candidate)
        }
        // A pattern rebinding a parameter's name (`case (.alert(var s), .dismiss)`) beside
        // that parameter rebuilt: the pattern stays, run in the member's nested function.
        // So is one binding a name the member's own code declares beside it (`decide`, `next`,
        // `effect`).
        let rebuiltNames = (wholeState ? [migration.stateParameter] : []) + (wholeAction ? [migration.actionParameter] : []) + ["decide", "next", "effect"]
        if bindings.contains(where: { line in rebuiltNames.contains { line.hasPrefix("let \($0) = ") || line.hasPrefix("var \($0) = ") } }) {
            bindings = []
            keepsPatterns = true
        }
        if keepsPatterns {
            wholeState = true
            wholeAction = true
        }
        func rebuilt(_ type: String, _ name: String, _ fields: [GeneratedShape.Field], from narrowed: String?) -> String {
            let values = zip(fields, GeneratedShape.fieldNames(fields)).map { field, stored in
                (field.label.map { $0 + ": " } ?? "") + (narrowed ?? "") + "." + GeneratedShape.afterPeriod(stored)
            }
            return "\(type).\(GeneratedShape.afterPeriod(name))" + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
        }
        var opening: [String] = []
        if wholeState {
            opening.append("let \(migration.stateParameter) = \(rebuilt(stateType, migration.states[row], stateFields, from: stateName))")
        }
        if wholeAction {
            opening.append("let \(migration.actionParameter) = \(rebuilt(actionType, migration.actions[column], actionFields, from: actionName))")
        }
        opening += bindings
        return MigrationNarrowing(
            stateName: stateName, actionName: actionName, opening: opening, keepsPatterns: keepsPatterns,
            rebuildsState: wholeState, rebuildsAction: wholeAction)
    }

    /// `let code = state.code` per name the pattern binds, or nil when the pattern is not only
    /// cases, `_` and plain bindings (migrate then keeps it as a `guard case`).
    private static func bindingLines(
        _ candidate: Migration.Candidate, stateFields: [GeneratedShape.Field], actionFields: [GeneratedShape.Field],
        stateName: String?, actionName: String?, migration: Migration
    ) -> (lines: [String], wholeState: Bool, wholeAction: Bool)? {
        guard candidate.parts.count == 2 else { return nil }
        var lines: [String] = []
        var whole = [false, false]
        let outer = candidate.keyword
        for (side, part) in candidate.parts.enumerated() {
            let fields = side == 0 ? stateFields : actionFields
            let narrowed = side == 0 ? stateName : actionName
            let parameter = side == 0 ? migration.stateParameter : migration.actionParameter
            let text = part.text.trimmingBlanks
            if text == "_" { continue }
            if let (keyword, name) = binding(text, outer: outer) {
                // A bare binding is the whole value.
                lines.append("\(keyword) \(name) = \(parameter)")
                whole[side] = true
                continue
            }
            guard text.hasPrefix(".") || text.first?.isLetter == true else { return nil }
            guard let open = text.firstIndex(of: "(") else {
                if text.contains(where: { $0 == " " || $0 == "?" }) { return nil }
                continue
            }
            guard text.hasSuffix(")") else { return nil }
            let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let arguments = topLevelPieces(inner)
            guard arguments.count == fields.count, let narrowed else { return nil }
            let stored = GeneratedShape.fieldNames(fields)
            for (index, argument) in arguments.enumerated() {
                var value = argument.trimmingBlanks
                if let colon = value.firstIndex(of: ":"), isIdentifier(String(value[..<colon]).trimmingBlanks) {
                    guard String(value[..<colon]).trimmingBlanks == fields[index].label else { return nil }
                    value = String(value[value.index(after: colon)...]).trimmingBlanks
                }
                if value == "_" { continue }
                guard let (keyword, name) = binding(value, outer: outer) else { return nil }
                lines.append("\(keyword) \(name) = \(narrowed).\(GeneratedShape.afterPeriod(stored[index]))")
            }
        }
        return (lines, whole[0], whole[1])
    }

    /// `let x`, `var x`, or `x` under an outer `let`/`var`: the keyword and the name.
    private static func binding(_ text: String, outer: String?) -> (String, String)? {
        for keyword in ["let", "var"] where text.hasPrefix(keyword + " ") {
            let name = String(text.dropFirst(keyword.count + 1)).trimmingBlanks
            return isIdentifier(name) ? (keyword, name) : nil
        }
        if let outer, isIdentifier(text) { return (outer, text) }
        return nil
    }

    private static func isIdentifier(_ text: String) -> Bool {
        let bare = text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 ? String(text.dropFirst().dropLast()) : text
        guard let first = bare.first, first.isLetter || first == "_" else { return false }
        return bare.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !(GeneratedShape.keywords.contains(bare) && bare == text)
    }

    /// `a, (b, c), d` → three pieces: commas outside brackets and strings.
    private static func topLevelPieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if !quoted {
                if "([{<".contains(character) { depth += 1 }
                if ")]}>".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    pieces.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        if !current.trimmingBlanks.isEmpty || !pieces.isEmpty { pieces.append(current) }
        return pieces
    }
}
