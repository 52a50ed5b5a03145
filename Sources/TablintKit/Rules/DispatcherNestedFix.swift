/// Why a switch cannot be written nested, as a message says it.
struct NestingRefusal: Error, Equatable {
    var text: String
    init(_ text: String) { self.text = text }
}

extension CatchAllSpelling {
    /// A pattern of the original switch, as it decides the values of one state.
    private struct Item {
        var arm: Int
        var condition: String?
        var bindingKeyword: String?
        /// The state cases it matches (indices into the outer enum's cases).
        var states: Set<Int>
        /// The payload fields it writes for its state, when it names one case with a payload
        /// that is not all `_`.
        var fields: [String]?
        /// Whether it matches every payload of its states.
        var wholeStates: Bool
        /// The action as written; nil for a wildcard to spell out.
        var action: String?
        /// The actions it matches (indices into the inner enum's cases), and whether it
        /// matches every payload of them.
        var actions: Set<Int>
        var wholeActions: Bool
        /// Whether the action as written binds a name (under the pattern's `let`).
        var actionBinds: Bool
    }

    /// The switch written as a `switch` over the state (the first subject of other
    /// dispatchers) whose arms each `switch` over the other subject: per state, in declaration
    /// order, the original arms that can match it, in their order, each with its comments, its
    /// condition and its body as written, and a catch-all spelt out as the actions it decides
    /// there. Swift takes the first arm that matches, at each level as in the original, so every
    /// (state, action) runs the body it ran. A state whose patterns match its payload is bound
    /// whole at the outer level (`case .running(let payload0):`) and switched on with the
    /// action (`switch (payload0, a)`), so those patterns keep their bindings and conditions.
    func nestedEdit(_ enums: [EnumDeclaration]) -> Result<TextEdit, NestingRefusal> {
        guard dispatcher.subjects.count == 2, enums.count == 2 else { return .failure(NestingRefusal("the switch is not over two values")) }
        guard let source = dispatcher.source, source.arms.count == dispatcher.arms.count else {
            return .failure(NestingRefusal("tablint did not read the switch's text"))
        }
        if let problem = source.problem { return .failure(NestingRefusal(problem)) }
        if let arm = dispatcher.arms.first(where: \.fallsThrough) {
            return .failure(NestingRefusal("the body of `\(arm.labelText)` has a `fallthrough`, which a nested switch cannot keep"))
        }
        let outer = dispatcher.position(of: .state) ?? 0, inner = 1 - outer
        let states = enums[outer].cases, actions = enums[inner].cases
        var items: [Item] = []
        for (armIndex, arm) in dispatcher.arms.enumerated() {
            switch arm.label {
            case .default, .unknownDefault:
                items.append(Item(
                    arm: armIndex, condition: nil, bindingKeyword: nil, states: Set(states.indices), fields: nil,
                    wholeStates: true, action: nil, actions: Set(actions.indices), wholeActions: true, actionBinds: false))
            case .unreadable:
                return .failure(NestingRefusal("tablint cannot read the label `\(arm.labelText)`"))
            case .items(let caseItems, _):
                for (index, caseItem) in caseItems.enumerated() {
                    guard index < source.arms[armIndex].items.count else { return .failure(NestingRefusal("tablint did not read `\(arm.labelText)`")) }
                    switch read(caseItem, source.arms[armIndex].items[index], arm, arm: armIndex, outer: outer, inner: inner) {
                    case .success(let item): items.append(item)
                    case .failure(let why): return .failure(why)
                    }
                }
            }
        }
        // What each state's fields are: bound whole when a pattern matches its payload.
        var arity: [Int: Int] = [:]
        for item in items {
            guard let fields = item.fields, let state = item.states.first else { continue }
            if let known = arity[state], known != fields.count {
                return .failure(NestingRefusal("the patterns of `.\(states[state].name)` match its payload with \(known) and \(fields.count) fields"))
            }
            arity[state] = fields.count
        }
        let names = source.arms.flatMap { [$0.body] + $0.items.flatMap { $0.elements + [$0.condition ?? ""] } }.joined()
        var stem = "payload"
        while names.contains(stem) { stem += "_" }

        // The layout: the outer labels where the original ones are, the inner switch one step in.
        let newline = source.newline
        let labelIndent = dispatcher.arms.first?.layout.labelIndent ?? source.lineIndent
        let unit = (source.lineIndent + labelIndent).contains("\t") ? "\t" : "    "
        let relative = labelIndent.hasPrefix(source.lineIndent) ? String(labelIndent.dropFirst(source.lineIndent.count)) : ""
        let innerSwitchIndent = labelIndent + unit
        let innerLabelIndent = innerSwitchIndent + relative
        let bodyShift = unit + relative
        var emitted = Set<Int>()
        var text = "switch \(dispatcher.subjects[outer].name) {"
        for (stateIndex, state) in states.enumerated() {
            let fieldCount = arity[stateIndex]
            let bound = (0..<(fieldCount ?? 0)).map { "\(stem)\($0)" }
            let caseName = "." + Self.spelledAfterPeriod(state.name)
            switch bound.count {
            case 0: text += newline + labelIndent + "case \(caseName):"
            case 1: text += newline + labelIndent + "case \(caseName)(let \(bound[0])):"
            default: text += newline + labelIndent + "case let \(caseName)(\(bound.joined(separator: ", "))):"
            }
            let innerSubject = bound.isEmpty ? dispatcher.subjects[inner].name : "(" + (bound + [dispatcher.subjects[inner].name]).joined(separator: ", ") + ")"
            text += newline + innerSwitchIndent + "switch \(innerSubject) {"
            var decided = Set<Int>()
            var armPatterns: [(arm: Int, patterns: [String])] = []
            for item in items where item.states.contains(stateIndex) {
                var stateFields: [String] = []
                if let count = fieldCount {
                    stateFields = item.fields ?? Array(repeating: "_", count: count)
                }
                let bindsState = stateFields.contains { $0 != "_" }
                func pattern(_ action: String, written: Bool) -> String {
                    var keyword = ""
                    if let binding = item.bindingKeyword, bindsState || (written && item.actionBinds) { keyword = binding + " " }
                    let body = stateFields.isEmpty ? action : "(" + (stateFields + [action]).joined(separator: ", ") + ")"
                    return keyword + body + (item.condition.map { " where " + $0 } ?? "")
                }
                var patterns: [String] = []
                if let action = item.action {
                    patterns = [pattern(action, written: true)]
                } else {
                    patterns = item.actions.sorted().filter { !decided.contains($0) }
                        .map { pattern("." + Self.spelledAfterPeriod(actions[$0].name), written: false) }
                }
                if item.condition == nil, item.wholeStates, item.wholeActions { decided.formUnion(item.actions) }
                guard !patterns.isEmpty else { continue }
                if armPatterns.last?.arm == item.arm {
                    armPatterns[armPatterns.count - 1].patterns += patterns
                } else {
                    armPatterns.append((item.arm, patterns))
                }
            }
            guard !armPatterns.isEmpty else { return .failure(NestingRefusal("tablint found no arm for `\(caseName)`")) }
            for (arm, patterns) in armPatterns {
                emitted.insert(arm)
                let armSource = source.arms[arm]
                for comment in armSource.leadingComments { text += newline + innerLabelIndent + comment }
                text += newline + innerLabelIndent + "case " + patterns.joined(separator: "," + newline + innerLabelIndent + "     ") + ":"
                text += Self.shifted(armSource.body, by: bodyShift)
            }
            text += newline + innerSwitchIndent + "}"
        }
        for (arm, armSource) in source.arms.enumerated() where !emitted.contains(arm) {
            if !armSource.leadingComments.isEmpty || armSource.body.contains("//") || armSource.body.contains("/*") {
                return .failure(NestingRefusal("`\(dispatcher.arms[arm].labelText)` decides nothing, so its comments would be lost"))
            }
        }
        for comment in source.closingComments { text += newline + labelIndent + comment }
        text += newline + source.lineIndent + "}"
        return .success(TextEdit(range: source.statement, replacement: Array(text.utf8)))
    }

    /// Every line of a body after its first, moved right by `shift`; empty lines stay empty.
    /// Bytes, not characters: `\r\n` is one `Character`.
    static func shifted(_ body: String, by shift: String) -> String {
        let bytes = Array(body.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            result.append(byte)
            let endsLine = byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && bytes.indices.contains(index + 1) && bytes[index + 1] != UInt8(ascii: "\n"))
            if endsLine, bytes.indices.contains(index + 1), bytes[index + 1] != UInt8(ascii: "\n"), bytes[index + 1] != UInt8(ascii: "\r") {
                result += Array(shift.utf8)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// One pattern of the original switch, as the nested one writes it, or why it cannot.
    private func read(
        _ caseItem: Dispatcher.CaseItem, _ source: Dispatcher.ItemSource, _ arm: Dispatcher.Arm, arm armIndex: Int, outer: Int, inner: Int
    ) -> Result<Item, NestingRefusal> {
        let written = "`\(arm.labelText)`"
        for name in source.usedBindings {
            // Only a guarded action binding can stay as written; the state is switched on whole.
            let isGuardedAction = caseItem.isTuple && caseItem.isGuarded && caseItem.elements.count == 2
                && caseItem.elements[inner].kind == .binding(name)
            if !isGuardedAction {
                return .failure(NestingRefusal("\(written) binds `\(name)`, which its code uses, to a value a nested switch cannot bind there"))
            }
        }
        let allStates = Set(0..<counts[outer]), allActions = Set(0..<counts[inner])
        guard caseItem.isTuple, caseItem.elements.count == 2, source.elements.count == 2 else {
            if caseItem.elements.count == 1, caseItem.elements[0].matchesEverything, !caseItem.isGuarded {
                return .success(Item(
                    arm: armIndex, condition: nil, bindingKeyword: nil, states: allStates, fields: nil, wholeStates: true,
                    action: nil, actions: allActions, wholeActions: true, actionBinds: false))
            }
            return .failure(NestingRefusal("tablint cannot tell which pairs `\(caseItem.elements[0].text)` in \(written) matches"))
        }
        let state = caseItem.elements[outer], action = caseItem.elements[inner]
        var item = Item(
            arm: armIndex, condition: source.condition, bindingKeyword: caseItem.bindingKeyword, states: allStates, fields: nil,
            wholeStates: true, action: nil, actions: allActions, wholeActions: true, actionBinds: false)
        switch state.kind {
        case .wildcard, .binding:
            break
        case .member(let name, let refutable):
            guard let index = caseIndex[outer][name] else {
                return .failure(NestingRefusal("`\(state.text)` in \(written) is not a case of `\(dispatcher.subjects[outer].type)`"))
            }
            item.states = [index]
            item.wholeStates = !refutable
            if let fields = source.payloadFields[outer], !fields.allSatisfy({ $0 == "_" }) {
                guard enums?[outer].cases[index].hasPayload ?? true else {
                    return .failure(NestingRefusal("`\(state.text)` in \(written) matches a payload its case does not declare"))
                }
                item.fields = fields.map { $0.isEmpty ? "_" : $0 }
            }
        case .other:
            return .failure(NestingRefusal("tablint cannot tell which states `\(state.text)` in \(written) matches"))
        }
        switch action.kind {
        case .wildcard, .binding:
            // A guarded `_` decides nothing for certain: it stays as written.
            if caseItem.isGuarded { item.action = source.elements[inner] }
            if case .binding = action.kind { item.actionBinds = true }
        case .member(let name, let refutable):
            guard let index = caseIndex[inner][name] else {
                return .failure(NestingRefusal("`\(action.text)` in \(written) is not a case of `\(dispatcher.subjects[inner].type)`"))
            }
            item.action = source.elements[inner]
            item.actions = [index]
            item.wholeActions = !refutable
            item.actionBinds = source.elements[inner].contains("(")
        case .other:
            guard caseItem.isGuarded else {
                return .failure(NestingRefusal("tablint cannot tell which actions `\(action.text)` in \(written) matches"))
            }
            item.action = source.elements[inner]
            item.actionBinds = true
        }
        return .success(item)
    }
}
