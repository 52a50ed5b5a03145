import Foundation

/// Reads the arms of one dispatcher switch: each label's patterns and each body's outcome.
/// A pattern or a body that is not one of the shapes below is kept as `other` or `unreadable`,
/// never guessed at.
struct ArmReader {
    let tokens: SignificantTokens
    let header: FunctionHeader
    let subjectCount: Int
    /// The switch's `{`.
    let open: Int
    /// A label inside a `#if` … `#endif` region: which arms exist depends on the build.
    private(set) var sawConditional = false
    /// Each label's first token, as `read` found them.
    private(set) var starts: [Int] = []

    /// The stored properties of a `Cells` type the arms may call members through.
    let storedCells: Set<String>

    init(tokens: SignificantTokens, header: FunctionHeader, subjectCount: Int, open: Int, storedCells: Set<String> = []) {
        self.tokens = tokens
        self.header = header
        self.subjectCount = subjectCount
        self.open = open
        self.storedCells = storedCells
    }

    mutating func read() -> [Dispatcher.Arm] {
        let close = tokens.partner[open]
        starts = []
        var conditionalDepth = 0
        var index = open + 1
        while index < close {
            if tokens.partner[index] > index {
                index = tokens.partner[index] + 1
                continue
            }
            var start: Int?
            switch tokens.kind(index) {
            case .poundKeyword:
                if tokens.isText(index, "#if") { conditionalDepth += 1 }
                if tokens.isText(index, "#endif") { conditionalDepth = max(0, conditionalDepth - 1) }
            case .atSign:
                if tokens.isText(index + 1, "unknown"), tokens.isText(index + 2, "default") || tokens.isText(index + 2, "case") {
                    start = index
                }
            case .keyword:
                if tokens.isText(index, "default"), tokens.kind(index + 1) == .colon {
                    start = index
                } else if tokens.isText(index, "case"), startsArm(index) {
                    start = index
                }
            default:
                break
            }
            if let start {
                starts.append(start)
                if conditionalDepth > 0 { sawConditional = true }
                if tokens.kind(start) == .atSign {
                    index += 3
                    continue
                }
            }
            index += 1
        }
        return starts.enumerated().map { position, start in
            arm(from: start, to: position + 1 < starts.count ? starts[position + 1] : close)
        }
    }

    // MARK: Source texts

    /// The texts that writing the switch at `keyword` anew needs, for the arms `read` returned.
    func switchSource(keyword: Int, arms: [Dispatcher.Arm]) -> Dispatcher.SwitchSource {
        let bytes = tokens.file.bytes
        let close = tokens.partner[open]
        var problem: String?
        func hasComment(_ range: Range<Int>) -> Bool {
            range.contains { byte in !(bytes[byte] == UInt8(ascii: " ") || bytes[byte] == UInt8(ascii: "\t") || bytes[byte] == UInt8(ascii: "\n") || bytes[byte] == UInt8(ascii: "\r")) }
        }
        /// The gaps between the tokens `first` through `last`.
        func commentBetween(_ first: Int, _ last: Int) -> Bool {
            guard first < last else { return false }
            return (first..<last).contains { hasComment(tokens[$0].end..<tokens[$0 + 1].start) }
        }
        func lineEnd(_ offset: Int) -> Int {
            var end = offset
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            return end
        }
        func commentLines(_ range: Range<Int>) -> [String] {
            guard hasComment(range) else { return [] }
            return String(decoding: bytes[range], as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if commentBetween(keyword, open) { problem = "a comment is written between `switch` and its `{`" }
        var lineStart = tokens[keyword].start
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        let indent = String(decoding: bytes[lineStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        var previousEnd = tokens[open].end
        var sources: [Dispatcher.ArmSource] = []
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : close
            let leading = commentLines(previousEnd..<tokens[start].start)
            var colon = start
            while colon < end, tokens.kind(colon) != .colon {
                colon = tokens.partner[colon] > colon ? tokens.partner[colon] + 1 : colon + 1
            }
            guard colon < end, colon + 1 < end else {
                problem = problem ?? "tablint cannot read the arm `\(arms[position].labelText)` to its end"
                sources.append(Dispatcher.ArmSource(leadingComments: leading, body: "", items: []))
                previousEnd = tokens[max(start, end - 1)].end
                continue
            }
            if commentBetween(start, colon) { problem = problem ?? "a comment is written inside the label `\(arms[position].labelText)`" }
            let last = end - 1
            var bodyEnd = min(lineEnd(tokens[last].end), tokens[end].start)
            let after = String(decoding: bytes[tokens[last].end..<bodyEnd], as: UTF8.self)
            if after.contains("/*") {
                problem = problem ?? "a block comment follows the body of `\(arms[position].labelText)` on its line"
                bodyEnd = tokens[last].end
            }
            var body = String(decoding: bytes[tokens[colon].end..<bodyEnd], as: UTF8.self)
            while let end = body.last, end == " " || end == "\t" { body.removeLast() }
            var items: [Dispatcher.ItemSource] = []
            if case .items = arms[position].label {
                let first = tokens.kind(start) == .atSign ? start + 3 : start + 1
                items = topLevel(splitting: first..<colon, at: .comma).map { itemSource($0, body: (colon + 1)..<end) }
            }
            sources.append(Dispatcher.ArmSource(leadingComments: leading, body: body, items: items))
            previousEnd = bodyEnd
        }
        let closing = commentLines(previousEnd..<tokens[close].start)
        let newline = arms.first?.layout.newline ?? "\n"
        return Dispatcher.SwitchSource(
            statement: tokens[keyword].start..<tokens[close].end, lineIndent: indent, newline: newline, arms: sources,
            closingComments: closing, problem: problem)
    }

    /// One pattern's texts, split as `item` splits it.
    private func itemSource(_ range: Range<Int>, body: Range<Int>) -> Dispatcher.ItemSource {
        var patternEnd = range.upperBound
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens.kind(index) == .keyword, tokens.isText(index, "where") {
                patternEnd = index
                break
            }
            if tokens.partner[index] > index, tokens.partner[index] < range.upperBound { index = tokens.partner[index] }
            index += 1
        }
        let condition = patternEnd + 1 < range.upperBound ? tokens.text(from: patternEnd + 1, through: range.upperBound - 1) : nil
        var pattern = range.lowerBound..<patternEnd
        if let first = pattern.first, tokens.isText(first, "let") || tokens.isText(first, "var") {
            pattern = (first + 1)..<pattern.upperBound
        }
        pattern = unwrapped(pattern)
        var written: [Range<Int>] = [range.lowerBound..<patternEnd]
        if subjectCount >= 2, pattern.count >= 2, tokens.kind(pattern.lowerBound) == .leftParen,
            tokens.partner[pattern.lowerBound] == pattern.upperBound - 1,
            let parts = tokens.elements(inside: pattern.lowerBound), parts.count == subjectCount
        {
            written = parts.map { tokens.unlabelled($0) }
        }
        var names: [String] = []
        let fields = written.map { element -> [String]? in
            var inner = unwrapped(element)
            var keyword: String?
            if let first = inner.first, tokens.isText(first, "let") || tokens.isText(first, "var") {
                keyword = tokens.text(first)
                inner = unwrapped((first + 1)..<inner.upperBound)
            }
            if inner.count == 1, tokens.kind(inner.lowerBound) == .identifier {
                names.append(SignificantTokens.unticked(tokens.text(inner.lowerBound)))
            }
            guard let (_, payload) = tokens.caseReference(inner), let payload, let parts = tokens.elements(inside: payload)
            else { return nil }
            return parts.map { part in
                let field = tokens.unlabelled(part)
                let text = field.isEmpty ? "" : tokens.text(from: field.lowerBound, through: field.upperBound - 1)
                return keyword.map { $0 + " " + text } ?? text
            }
        }
        var used = Set<String>()
        let mentions = (patternEnd..<range.upperBound).map { $0 } + Array(body)
        for index in mentions where tokens.kind(index) == .identifier && tokens.kind(index - 1) != .period {
            let name = SignificantTokens.unticked(tokens.text(index))
            if names.contains(name) { used.insert(name) }
        }
        return Dispatcher.ItemSource(
            elements: written.map { $0.isEmpty ? "" : tokens.text(from: $0.lowerBound, through: $0.upperBound - 1) },
            payloadFields: fields, condition: condition, usedBindings: names.filter(used.contains))
    }

    /// A `case` that starts a label, not the `case` of `if case`, `guard case`, `for case`,
    /// `while case` or `if x, case …`.
    private func startsArm(_ index: Int) -> Bool {
        let previous = index - 1
        if previous == open { return true }
        if tokens.kind(previous) == .comma { return false }
        if tokens.kind(previous) == .keyword {
            return !(tokens.isText(previous, "if") || tokens.isText(previous, "guard") || tokens.isText(previous, "while")
                || tokens.isText(previous, "for"))
        }
        return true
    }

    private func arm(from start: Int, to end: Int) -> Dispatcher.Arm {
        var keyword = start
        var unknown = false
        if tokens.kind(start) == .atSign {
            unknown = true
            keyword = start + 2
        }
        var colon = keyword + 1
        if tokens.isText(keyword, "default") {
            if colon < end, tokens.kind(colon) == .colon {
                return Dispatcher.Arm(
                    label: unknown ? .unknownDefault : .default, labelRange: tokens.range(from: start, through: colon),
                    labelText: labelText(start, colon), outcome: outcome((colon + 1)..<end),
                    layout: layout(start, firstPattern: nil, end: end), fallsThrough: fallsThrough((colon + 1)..<end))
            }
        } else {
            while colon < end, tokens.kind(colon) != .colon {
                colon = tokens.partner[colon] > colon ? tokens.partner[colon] + 1 : colon + 1
            }
        }
        guard colon < end, colon > keyword + 1, tokens.isText(keyword, "case") else {
            let last = max(start, end - 1)
            return Dispatcher.Arm(
                label: .unreadable, labelRange: tokens.range(from: start, through: last),
                labelText: labelText(start, last), outcome: unreadable(start..<end))
        }
        let items = topLevel(splitting: (keyword + 1)..<colon, at: .comma).map(item)
        var arm = Dispatcher.Arm(
            label: .items(items, unknown: unknown), labelRange: tokens.range(from: start, through: colon),
            labelText: labelText(start, colon), outcome: outcome((colon + 1)..<end),
            layout: layout(start, firstPattern: keyword + 1, end: end),
            usedBindings: usedBindings(items, body: (colon + 1)..<end), fallsThrough: fallsThrough((colon + 1)..<end))
        arm.cellsCalls = cellsCalls((colon + 1)..<end)
        return arm
    }

    /// `c.member(` in a body, `c` a parameter of a `Cells` type or such a stored property of
    /// the function's type.
    private func cellsCalls(_ body: Range<Int>) -> [Name] {
        let cells = Set(header.parameters.filter { header.isCellsType($0.type) }.map(\.name)).union(storedCells)
        guard !cells.isEmpty else { return [] }
        var found: [Name] = []
        var index = body.lowerBound
        while index + 3 < body.upperBound + 1, index + 2 < body.upperBound {
            if tokens.kind(index) == .identifier, cells.contains(tokens.text(index)), tokens.kind(index + 1) == .period,
                tokens.kind(index + 2) == .identifier, index + 3 < body.upperBound, tokens.kind(index + 3) == .leftParen,
                index == body.lowerBound || tokens.kind(index - 1) != .period
            {
                found.append(Name(SignificantTokens.unticked(tokens.text(index + 2)), tokens[index + 2].range))
                index += 3
                continue
            }
            index += 1
        }
        return found
    }

    // MARK: Layout

    /// Where the arm from token `start` up to token `end` (the next label or the switch's `}`)
    /// sits in the bytes.
    private func layout(_ start: Int, firstPattern: Int?, end: Int) -> Dispatcher.Arm.Layout {
        let bytes = tokens.file.bytes
        let labelStart = tokens[start].start
        var lineStart = labelStart
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n"), bytes[lineStart - 1] != UInt8(ascii: "\r") {
            lineStart -= 1
        }
        func blanks(upTo offset: Int) -> String {
            // A blank stays itself (a tab stays a tab); any other character becomes one space.
            String(decoding: bytes[lineStart..<offset].compactMap { byte -> UInt8? in
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return byte }
                return byte & 0xC0 == 0x80 ? nil : UInt8(ascii: " ")
            }, as: UTF8.self)
        }
        let firstOnLine = bytes[lineStart..<labelStart].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        // Through the line break after the body's last token, unless the next label follows on
        // the same line.
        let lastEnd = tokens[max(start, end - 1)].end
        var removalEnd = lastEnd
        while removalEnd < bytes.count, bytes[removalEnd] != UInt8(ascii: "\n"), bytes[removalEnd] != UInt8(ascii: "\r") {
            removalEnd += 1
        }
        if end < tokens.count, tokens[end].start < removalEnd {
            removalEnd = tokens[end].start
        } else if removalEnd < bytes.count {
            removalEnd += bytes[removalEnd] == UInt8(ascii: "\r") && removalEnd + 1 < bytes.count
                && bytes[removalEnd + 1] == UInt8(ascii: "\n") ? 2 : 1
        }
        var lineEnd = labelStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
        var newline = "\n"
        if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r") {
            newline = lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == UInt8(ascii: "\n") ? "\r\n" : "\r"
        }
        let labelIndent = blanks(upTo: labelStart)
        let patternIndent = firstPattern.map { tokens[$0].start <= lineEnd ? blanks(upTo: tokens[$0].start) : labelIndent + "     " }
        return Dispatcher.Arm.Layout(
            removal: (firstOnLine ? lineStart : labelStart)..<removalEnd, labelIndent: labelIndent,
            patternIndent: patternIndent ?? labelIndent + "     ", newline: newline)
    }

    private func fallsThrough(_ body: Range<Int>) -> Bool {
        body.contains { tokens.kind($0) == .keyword && tokens.isText($0, "fallthrough") }
    }

    /// The bare bindings of the patterns that the body names: an identifier token, not after
    /// a `.` (a member of something else), anywhere in the body, interpolations included.
    private func usedBindings(_ items: [Dispatcher.CaseItem], body: Range<Int>) -> [String] {
        var names: [String] = []
        for item in items {
            for element in item.elements {
                if case .binding(let name) = element.kind, !names.contains(name) { names.append(name) }
            }
        }
        guard !names.isEmpty else { return [] }
        var used = Set<String>()
        for index in body where tokens.kind(index) == .identifier && tokens.kind(index - 1) != .period {
            let name = SignificantTokens.unticked(tokens.text(index))
            if names.contains(name) { used.insert(name) }
        }
        return names.filter(used.contains)
    }

    private func labelText(_ first: Int, _ last: Int) -> String {
        tokens.oneLine(first..<(last + 1))
    }

    /// Splits a range at the tokens of `kind` outside bracket pairs.
    private func topLevel(splitting range: Range<Int>, at kind: TokenKind) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens.kind(index) == kind {
                parts.append(start..<index)
                start = index + 1
            } else if tokens.partner[index] > index, tokens.partner[index] < range.upperBound {
                index = tokens.partner[index]
            }
            index += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    // MARK: Patterns

    private func item(_ range: Range<Int>) -> Dispatcher.CaseItem {
        var patternEnd = range.upperBound
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens.kind(index) == .keyword, tokens.isText(index, "where") {
                patternEnd = index
                break
            }
            if tokens.partner[index] > index, tokens.partner[index] < range.upperBound { index = tokens.partner[index] }
            index += 1
        }
        let guarded = patternEnd < range.upperBound
        var pattern = range.lowerBound..<patternEnd
        var binding = false
        var keyword: String?
        if let first = pattern.first, tokens.isText(first, "let") || tokens.isText(first, "var") {
            binding = true
            keyword = tokens.text(first)
            pattern = (first + 1)..<pattern.upperBound
        }
        pattern = unwrapped(pattern)
        if subjectCount >= 2, pattern.count >= 2, tokens.kind(pattern.lowerBound) == .leftParen,
            tokens.partner[pattern.lowerBound] == pattern.upperBound - 1,
            let parts = tokens.elements(inside: pattern.lowerBound), parts.count == subjectCount
        {
            return Dispatcher.CaseItem(
                elements: parts.map { element(tokens.unlabelled($0), binding: binding) }, isTuple: true,
                isGuarded: guarded, range: tokens.range(range.lowerBound..<patternEnd), bindingKeyword: keyword)
        }
        var whole = element(pattern, binding: binding)
        whole.range = tokens.range(range.lowerBound..<patternEnd)
        whole.text = tokens.oneLine(range.lowerBound..<patternEnd)
        return Dispatcher.CaseItem(elements: [whole], isTuple: false, isGuarded: guarded, range: whole.range, bindingKeyword: keyword)
    }

    /// `((p))` → `p`: parentheses around a single pattern, removed in a loop.
    private func unwrapped(_ range: Range<Int>) -> Range<Int> {
        var range = range
        while range.count >= 3, tokens.kind(range.lowerBound) == .leftParen,
            tokens.partner[range.lowerBound] == range.upperBound - 1,
            let parts = tokens.elements(inside: range.lowerBound), parts.count == 1,
            tokens.kind(range.upperBound - 2) != .comma
        {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return range
    }

    private func element(_ written: Range<Int>, binding outerBinding: Bool) -> Dispatcher.PatternElement {
        var range = unwrapped(written)
        var binding = outerBinding
        if let first = range.first, tokens.isText(first, "let") || tokens.isText(first, "var") {
            binding = true
            range = unwrapped((first + 1)..<range.upperBound)
        }
        let kind: Dispatcher.PatternElement.Kind
        if range.count == 1, tokens.kind(range.lowerBound) == .wildcard {
            kind = .wildcard
        } else if range.count == 1, tokens.kind(range.lowerBound) == .identifier, binding {
            kind = .binding(SignificantTokens.unticked(tokens.text(range.lowerBound)))
        } else if let (name, payload) = tokens.caseReference(range) {
            kind = .member(name.text, refutablePayload: payload.map { isRefutable(payload: $0, binding: binding) } ?? false)
        } else {
            kind = .other
        }
        return Dispatcher.PatternElement(
            kind: kind, range: tokens.range(written), text: tokens.oneLine(written))
    }

    /// A payload that does more than bind or ignore its fields (`.running(0)`, `.running(x)`
    /// without `let`) matches only some values of its case.
    private func isRefutable(payload open: Int, binding: Bool) -> Bool {
        guard let fields = tokens.elements(inside: open) else { return true }
        for field in fields {
            let value = unwrapped(tokens.unlabelled(field))
            if value.count == 1, tokens.kind(value.lowerBound) == .wildcard { continue }
            if value.count == 1, tokens.kind(value.lowerBound) == .identifier, binding { continue }
            if value.count == 2, tokens.isText(value.lowerBound, "let") || tokens.isText(value.lowerBound, "var"),
                tokens.kind(value.lowerBound + 1) == .identifier || tokens.kind(value.lowerBound + 1) == .wildcard
            {
                continue
            }
            return true
        }
        return false
    }

    // MARK: Outcomes

    private func unreadable(_ body: Range<Int>) -> Dispatcher.Outcome {
        Dispatcher.Outcome(kind: .unreadable, range: tokens.range(body), text: body.isEmpty ? "" : tokens.oneLine(body))
    }

    /// The outcome of a body: declarations (`let`, `var`) then one `return x` or expression `x`.
    private func outcome(_ body: Range<Int>) -> Dispatcher.Outcome {
        guard !body.isEmpty, !body.contains(where: { tokens.kind($0) == .poundKeyword }) else { return unreadable(body) }
        var statements: [Range<Int>] = []
        var index = body.lowerBound
        while index < body.upperBound {
            if tokens.kind(index) == .semicolon {
                index += 1
                continue
            }
            let end = max(tokens.expressionEnd(from: index, limit: body.upperBound), index + 1)
            statements.append(index..<end)
            index = end
        }
        guard let last = statements.last,
            statements.dropLast().allSatisfy({ tokens.isText($0.lowerBound, "let") || tokens.isText($0.lowerBound, "var") })
        else { return unreadable(body) }
        var expression = last
        if tokens.isText(expression.lowerBound, "return") { expression = (expression.lowerBound + 1)..<expression.upperBound }
        for _ in 0..<2 where !expression.isEmpty {
            if tokens.isText(expression.lowerBound, "try"), tokens.kind(expression.lowerBound + 1) != .operator {
                expression = (expression.lowerBound + 1)..<expression.upperBound
            } else if tokens.isText(expression.lowerBound, "await") {
                expression = (expression.lowerBound + 1)..<expression.upperBound
            }
        }
        guard !expression.isEmpty, let kind = outcomeKind(expression) else { return unreadable(body) }
        var read = Dispatcher.Outcome(kind: kind, range: tokens.range(expression), text: tokens.oneLine(expression))
        if statements.count == 1 { read.soleStatementStart = tokens.range(last).lowerBound }
        read.omitsReturn = !tokens.isText(last.lowerBound, "return")
        if case .handle = kind, let arguments = tokens.elements(inside: tokens.partner[expression.upperBound - 1]) {
            read.argumentLabels = arguments.map { tokens.label(of: $0).map(SignificantTokens.unticked) ?? "_" }
        }
        return read
    }

    private func outcomeKind(_ written: Range<Int>) -> Dispatcher.Outcome.Kind? {
        var expression = written
        if tokens.isText(expression.lowerBound, "Step"), tokens.kind(expression.lowerBound + 1) == .period {
            expression = (expression.lowerBound + 1)..<expression.upperBound
        }
        if tokens.kind(expression.lowerBound) == .period {
            return stepKind(expression)
        }
        return callKind(expression)
    }

    /// `.ignored`, `.go(.x, effects: [...])`, `.stay(effects: [...])`.
    private func stepKind(_ expression: Range<Int>) -> Dispatcher.Outcome.Kind? {
        guard let (name, arguments) = tokens.memberCall(expression) else { return nil }
        switch (name.text, arguments) {
        case ("ignored", nil):
            return .ignored
        case ("go", _?):
            guard let parts = tokens.elements(inside: expression.lowerBound + 2), parts.count == 1 || parts.count == 2,
                tokens.label(of: parts[0]) == nil, let (target, _) = tokens.caseReference(parts[0])
            else { return nil }
            var effects: [Name] = []
            if parts.count == 2 {
                guard tokens.label(of: parts[1]) == "effects", let read = effectList(tokens.unlabelled(parts[1])) else { return nil }
                effects = read
            }
            return .go(target: Name(target.text, tokens.range(parts[0])), effects: effects)
        case ("stay", _?):
            guard let parts = tokens.elements(inside: expression.lowerBound + 2), parts.count == 1,
                tokens.label(of: parts[0]) == "effects", let effects = effectList(tokens.unlabelled(parts[0]))
            else { return nil }
            return .stay(effects: effects)
        default:
            return nil
        }
    }

    private func effectList(_ element: Range<Int>) -> [Name]? {
        guard let items = tokens.arrayElements(element) else { return nil }
        var names: [Name] = []
        for item in items {
            guard let (name, _) = tokens.caseReference(item) else { return nil }
            names.append(Name(name.text, tokens.range(item)))
        }
        return names
    }

    /// `fatalError(…)`, `c.idleStart(…)` on a cells parameter, `delegate…(…)`.
    private func callKind(_ expression: Range<Int>) -> Dispatcher.Outcome.Kind? {
        let last = expression.upperBound - 1
        guard tokens.kind(last) == .rightParen else { return nil }
        let open = tokens.partner[last]
        guard open > expression.lowerBound else { return nil }
        // The callee: names joined by periods, `a.b.c`.
        var names: [String] = []
        var index = expression.lowerBound
        while index < open {
            guard tokens.kind(index) == .identifier || tokens.isText(index, "self") || tokens.isText(index, "Self") else { return nil }
            names.append(SignificantTokens.unticked(tokens.text(index)))
            index += 1
            if index == open { break }
            guard tokens.kind(index) == .period else { return nil }
            index += 1
        }
        guard let callee = names.last, index == open else { return nil }
        if callee == "fatalError", names == ["fatalError"] || names == ["Swift", "fatalError"] { return .unreachable }
        if names.count == 2, header.parameters.first(where: { $0.name == names[0] }).map({ header.isCellsType($0.type) }) ?? storedCells.contains(names[0]) {
            return callee.hasSuffix("ToChild") ? .delegate(callee: callee) : .handle(member: callee)
        }
        if callee.hasPrefix("delegate") { return .delegate(callee: callee) }
        return nil
    }
}

extension SignificantTokens {
    /// The text of an element as a message quotes it: on one line, shortened. Most elements
    /// are short and on one line already, and are returned without further work.
    func oneLine(_ element: Range<Int>) -> String {
        let text = self.text(element)
        if text.utf8.count <= 60, !text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            return text
        }
        return Self.shorten(text)
    }

    /// An enum case as a pattern or value: `.idle`, `.running(since: 0)`, `S.idle`,
    /// `Timer.S.running(let x)`. Returns the case name and the `(` of its payload, if any.
    /// Qualifiers are type names (UpperCamel or `Self`): `ctx.target` is a value, not a case.
    func caseReference(_ element: Range<Int>) -> (name: Name, payload: Int?)? {
        guard !element.isEmpty else { return nil }
        var index = element.lowerBound
        if kind(index) == .period {
            index += 1
        } else {
            func isQualifier(_ index: Int) -> Bool {
                isText(index, "Self") || (kind(index) == .identifier && MachineType.isTypeName(Substring(Self.unticked(text(index)))))
            }
            guard isQualifier(index), kind(index + 1) == .period else { return nil }
            while isQualifier(index), kind(index + 1) == .period, index + 2 < element.upperBound,
                kind(index + 2) == .identifier || kind(index + 2) == .keyword
            {
                index += 2
            }
            guard index > element.lowerBound else { return nil }
        }
        guard index < element.upperBound, kind(index) == .identifier || kind(index) == .keyword else { return nil }
        let name = Name(Self.unticked(text(index)), tokens[index].range)
        let next = index + 1
        if next == element.upperBound { return (name, nil) }
        guard kind(next) == .leftParen, partner[next] == element.upperBound - 1 else { return nil }
        return (name, next)
    }
}
