/// Spells out a dispatcher's catch-all: the enum cases (or tuples of them) that a `default:`,
/// `_` or bare binding decides, found from the complete case lists of the switch's subjects
/// among the run's enums, and the edit that lists them instead (`dispatcher-default`'s unsafe
/// fix). Each pattern written runs the catch-all's body for exactly the values it ran it for:
/// a pair an arm above decides is left out, a pair an arm above decides only in part (a `where`
/// clause, a payload to match) stays, and a part of the catch-all's own pattern that is not a
/// wildcard is kept as written.
struct CatchAllSpelling {
    /// What one catch-all stands for, and the edit that spells it out.
    struct Spelled: Equatable {
        /// The patterns it decides, in row-major order (states, then actions, each in declaration
        /// order; otherwise the subjects' order); nil when they are not known.
        var patterns: [String]?
        var edit: TextEdit?
        /// Why there is no edit, as a message says it; nil when there is one.
        var noFix: String?
        /// Why the edit writes the switch nested, when it does.
        var nesting: String?
    }

    /// Above this many combinations of the subjects' cases, the patterns are not listed.
    static let combinationLimit = 4096

    /// Whether swiftc can check a switch that lists every combination of cases one by one, for
    /// subjects with these case counts in switch order. swiftc 6.3.1 gives up on such a switch
    /// ("unable to check that this switch is exhaustive in reasonable time") at a size that
    /// falls steeply with the first subject's count: measured by
    /// `Scripts/measure-switch-limit.py`, `(s, a)` passes with at most 622 actions for 1 state,
    /// 432 for 2, 291 for 4, 176 for 8, 112 for 12, 70 for 16, 44 for 20, 26 for 25 (26 × 26
    /// fails), 13 for 32, 7 for 40, 4 for 48, 2 for 64 and none for 96. A fix is written only
    /// within half of that, so the fixed file compiles.
    static func isCheckable(_ counts: [Int]) -> Bool {
        guard let last = counts.last else { return true }
        let first = counts.dropLast().reduce(1) { $0.multipliedReportingOverflow(by: max($1, 1)).partialValue }
        guard let limit = checkableLimits.first(where: { first <= $0.first })?.second else { return false }
        return last <= limit
    }

    /// Above this many combinations, a flat switch over enums with payload cases is written
    /// nested too: swiftc gave up on a 20 × 20 one with a few payload cases, `where` clauses and
    /// payloads to match above the catch-all (`GeneratedDispatcherFixTests`), and checked 16 × 16.
    static let payloadCheckableLimit = 256

    /// (first subject's case count, most cases of the last subject): half of what swiftc
    /// checked; a count between two entries takes the larger one's.
    private static let checkableLimits: [(first: Int, second: Int)] = [
        (1, 311), (2, 216), (4, 145), (8, 88), (12, 56), (16, 35), (20, 22), (25, 13), (32, 6), (40, 3), (48, 2), (64, 1),
    ]

    let dispatcher: Dispatcher
    /// The subjects' enums in subject order, or why they are not known.
    let enums: [EnumDeclaration]?
    private let unknown: String?
    let caseIndex: [[String: Int]]
    let counts: [Int]
    private let total: Int
    /// Past `isCheckable`: the fix writes the switch nested (`nestedEdit`), riding on the
    /// first catch-all's diagnostic, or says why it cannot.
    private(set) var nested: (edit: TextEdit?, why: String?)?

    init(_ dispatcher: Dispatcher, enums index: EnumIndex) {
        self.dispatcher = dispatcher
        var found: [EnumDeclaration] = []
        var problem: String?
        if dispatcher.hasConditionalCode {
            problem = "the switch has `#if` in it, so which arms exist depends on the build"
        } else {
            var missing: (subject: Dispatcher.Subject, why: String)?
            for subject in dispatcher.subjects {
                switch index.resolve(subject.type, enclosing: dispatcher.enclosingTypes) {
                case .found(let declaration): found.append(declaration)
                case .missing(let why): missing = missing ?? (subject, why)
                }
            }
            if let (subject, why) = missing {
                // Which arms above decide a combination depends on every subject, so one that
                // is no enum (`flag: Bool`) beside enums stops the fix even for a `_` in an
                // enum's position: say that, not only that `Bool` is no enum.
                problem = dispatcher.kind == .configured && !found.isEmpty
                    ? "`\(subject.name)` (`\(subject.type)`) is not an enum whose cases tablint knows (\(why)), and what the arms above decide depends on every subject of the switch"
                    : why
            }
        }
        counts = found.map(\.cases.count)
        let product = counts.reduce(1) { $0.multipliedReportingOverflow(by: max($1, 1)).partialValue }
        if problem == nil, product > Self.combinationLimit {
            problem = "its subjects have \(product) combinations of cases, too many to list"
        } else if problem == nil, !Self.isCheckable(counts)
            || (product > Self.payloadCheckableLimit && found.contains { $0.cases.contains(where: \.hasPayload) })
        {
            if counts.count == 2, counts.allSatisfy({ Self.isCheckable([$0]) }) {
                nested = (nil, nil)
            } else {
                problem = "its subjects have \(counts.map(String.init).joined(separator: " × ")) cases, more than swiftc can check for exhaustiveness in one switch that lists each (26 × 26 fails); "
                    + Self.nestingAdvice(dispatcher)
            }
        }
        unknown = problem
        enums = problem == nil ? found : nil
        caseIndex = found.map { Dictionary($0.cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        total = problem == nil ? counts.reduce(1, *) : 0
        if problem == nil { spellEveryCatchAll(found) }
        if nested != nil {
            switch nestedEdit(found) {
            case .success(let edit): nested = (edit, nil)
            case .failure(let why): nested = (nil, why.text + "; " + Self.nestingAdvice(dispatcher))
            }
        }
    }

    /// Why the switch is written nested, as a message says it.
    var nestingReason: String {
        let outer = dispatcher.position(of: .state) ?? 0
        return "its subjects have \(counts.map(String.init).joined(separator: " × ")) cases, more than swiftc can check for exhaustiveness in one switch that lists each (26 × 26 fails), so the fix writes a `switch` over `\(dispatcher.subjects[outer].name)` whose arms each `switch` over `\(dispatcher.subjects[1 - outer].name)`, with no wildcard at either level"
    }

    /// The catch-all of arm `armIndex`: its label (`item` nil) or its item `item`.
    func spell(arm armIndex: Int, item itemIndex: Int?) -> Spelled {
        var found = spelled[Position(arm: armIndex, item: itemIndex ?? -1)] ?? Spelled(patterns: nil, edit: nil, noFix: unknown)
        guard let nested else { return found }
        // One edit writes the whole switch anew: it rides on the first catch-all's diagnostic.
        let isFirst = spelled.keys.min { ($0.arm, $0.item) < ($1.arm, $1.item) } == Position(arm: armIndex, item: itemIndex ?? -1)
        if let edit = nested.edit {
            found.edit = isFirst ? edit : nil
            found.noFix = isFirst ? nil : "the fix of the switch's first catch-all writes the whole switch anew"
            found.nesting = isFirst ? nestingReason : nil
        } else {
            found.edit = nil
            found.noFix = nested.why
        }
        return found
    }

    private struct Position: Hashable {
        var arm: Int
        /// -1 for the label (`default:`).
        var item: Int
    }

    /// Every catch-all of the switch, spelt out in one pass over the arms: which combinations
    /// are always decided grows as the arms are read, so each catch-all sees exactly what the
    /// arms and patterns above it decide, and a switch of many catch-alls costs one walk.
    private var spelled: [Position: Spelled] = [:]

    private mutating func spellEveryCatchAll(_ enums: [EnumDeclaration]) {
        var decided = [Bool](repeating: false, count: total)
        // Once an arm above cannot be read, nothing below it can be spelt out.
        var unread: String?
        let everything = counts.map { Array(0..<$0) }
        for (armIndex, arm) in dispatcher.arms.enumerated() {
            let fallsInto = armIndex > 0 && dispatcher.arms[armIndex - 1].fallsThrough
            func spell(_ own: Dispatcher.CaseItem?, _ sets: [[Int]], item itemIndex: Int = -1) -> Spelled {
                // The elements as written: a message's `text` is shortened past 60 characters.
                let sourceItems = dispatcher.source.flatMap { $0.arms.indices.contains(armIndex) ? $0.arms[armIndex].items : nil } ?? []
                let written = sourceItems.indices.contains(itemIndex) ? sourceItems[itemIndex].elements : nil
                if let unread { return Spelled(patterns: nil, edit: nil, noFix: unread) }
                let patterns = rowMajor(sets).filter { !decided[flat($0)] }.map { pattern($0, own, written, enums) }
                if fallsInto { return Spelled(patterns: patterns, edit: nil, noFix: "the case above it falls through into it") }
                // A step dispatcher's arm is written one cell per label, as the generator
                // writes it and as `dispatcher-drift` rewrites it; an arm that falls through
                // keeps one label, so its body runs once.
                let body = dispatcher.kind == .step && !arm.fallsThrough
                    ? dispatcher.source.flatMap { $0.arms.indices.contains(armIndex) ? $0.arms[armIndex].body : nil } : nil
                return Spelled(patterns: patterns, edit: nil, noFix: nil).withEdit(arm, own, repeating: body)
            }
            switch arm.label {
            case .default, .unknownDefault:
                spelled[Position(arm: armIndex, item: -1)] = spell(nil, everything)
                decided = [Bool](repeating: true, count: total)
            case .unreadable:
                unread = unread ?? "tablint cannot read the label `\(arm.labelText)`"
            case .items(let items, _):
                for (itemIndex, item) in items.enumerated() {
                    let coverage = coverage(of: item, arm)
                    let isCatchAll = !item.isGuarded && item.elements.contains(where: \.matchesEverything)
                    switch coverage {
                    case .cases(let sets, let partial):
                        if isCatchAll { spelled[Position(arm: armIndex, item: itemIndex)] = spell(item, sets, item: itemIndex) }
                        if !item.isGuarded, !partial { mark(sets, in: &decided) }
                    case .unknown(let why):
                        // A guarded pattern tablint cannot read decides nothing for certain.
                        if item.isGuarded { continue }
                        unread = unread ?? why
                        if isCatchAll { spelled[Position(arm: armIndex, item: itemIndex)] = Spelled(patterns: nil, edit: nil, noFix: why) }
                    }
                }
            }
        }
    }

    // MARK: Coverage

    enum Coverage {
        /// Per subject, the indices of the cases covered; `partial` when a payload to match
        /// makes the item cover only some values of them.
        case cases([[Int]], partial: Bool)
        case unknown(String)
    }

    func coverage(of item: Dispatcher.CaseItem, _ arm: Dispatcher.Arm) -> Coverage {
        let subjects = dispatcher.subjects.count
        guard item.isTuple || subjects == 1 else {
            if item.elements[0].matchesEverything { return .cases(counts.map { Array(0..<$0) }, partial: false) }
            return .unknown("tablint cannot tell which cases `\(item.elements[0].text)` in `\(arm.labelText)` matches")
        }
        var sets: [[Int]] = []
        var partial = false
        for (position, element) in item.elements.enumerated() {
            switch element.kind {
            case .wildcard, .binding:
                sets.append(Array(0..<counts[position]))
            case .member(let name, let refutable):
                guard let index = caseIndex[position][name] else {
                    return .unknown("`\(element.text)` in `\(arm.labelText)` is not a case of `\(dispatcher.subjects[position].type)`")
                }
                sets.append([index])
                partial = partial || refutable
            case .other:
                return .unknown("tablint cannot tell which cases `\(element.text)` in `\(arm.labelText)` matches")
            }
        }
        return .cases(sets, partial: partial)
    }

    private func flat(_ combination: [Int]) -> Int {
        zip(combination, counts).reduce(0) { $0 * $1.1 + $1.0 }
    }

    private func mark(_ sets: [[Int]], in decided: inout [Bool]) {
        for combination in product(sets, order: Array(sets.indices)) { decided[flat(combination)] = true }
    }

    /// The combinations in row-major order: the state outermost, then the action, then the
    /// other subjects in switch order.
    private func rowMajor(_ sets: [[Int]]) -> [[Int]] {
        let subjects = dispatcher.subjects
        let roles: [Dispatcher.Role] = [.state, .action]
        let first = roles.compactMap { role in subjects.firstIndex { $0.role == role } }
        return product(sets, order: first + subjects.indices.filter { !first.contains($0) })
    }

    /// Every combination of one index from each set, varying `order.last` fastest; each
    /// combination is in subject order.
    private func product(_ sets: [[Int]], order: [Int]) -> [[Int]] {
        guard !sets.contains(where: \.isEmpty) else { return [] }
        var result: [[Int]] = []
        var positions = [Int](repeating: 0, count: sets.count)
        while true {
            result.append(sets.indices.map { sets[$0][positions[$0]] })
            var level = order.count - 1
            while level >= 0 {
                let subject = order[level]
                positions[subject] += 1
                if positions[subject] < sets[subject].count { break }
                positions[subject] = 0
                level -= 1
            }
            if level < 0 { return result }
        }
    }

    /// How to write a switch too large for swiftc to check: outer level the state (or the first
    /// subject), inner level the rest.
    static func nestingAdvice(_ dispatcher: Dispatcher) -> String {
        let subjects = dispatcher.subjects
        guard subjects.count == 2 else {
            return subjects.count == 1 ? "split the enum, or switch over a smaller one first"
                : "nest one `switch` per subject, with no wildcard at any level"
        }
        let outer = dispatcher.position(of: .state) ?? 0
        return "write it as a `switch` over `\(subjects[outer].name)` whose arms each `switch` over `\(subjects[1 - outer].name)`, with no wildcard at either level"
    }

    // MARK: Writing

    /// Case names that must be written in backticks after the `.` of a pattern: measured with
    /// swiftc 6.3.1 over every Swift keyword and contextual keyword (`.self`, `.Type`,
    /// `.default`… are read as the case; only `.init` names an initialiser instead).
    static let keywordsEscapedAfterPeriod: Set<String> = ["init"]

    /// `init` → `` `init` ``; any other name as it is.
    static func spelledAfterPeriod(_ name: String) -> String {
        keywordsEscapedAfterPeriod.contains(name) ? "`" + name + "`" : name
    }

    /// A combination as a pattern: each wildcard position becomes its case (`.running` for
    /// a case with a payload, which matches every payload); every other element stays as written.
    private func pattern(_ combination: [Int], _ own: Dispatcher.CaseItem?, _ written: [String]?, _ enums: [EnumDeclaration]) -> String {
        func name(_ position: Int) -> String { "." + Self.spelledAfterPeriod(enums[position].cases[combination[position]].name) }
        guard combination.count > 1 else { return name(0) }
        var keepsBinding = false
        let parts = combination.indices.map { position -> String in
            if let own, own.isTuple, !own.elements[position].matchesEverything {
                // `case let (.running(since), _)`: the `let` still binds `since`.
                let text = written.flatMap { $0.indices.contains(position) ? $0[position] : nil } ?? own.elements[position].text
                if text.contains("(") { keepsBinding = true }
                return text
            }
            return name(position)
        }
        let keyword = keepsBinding ? own?.bindingKeyword.map { $0 + " " } ?? "" : ""
        return keyword + "(" + parts.joined(separator: ", ") + ")"
    }
}

extension CatchAllSpelling.Spelled {
    /// The edit that writes `patterns` in place of the catch-all, or why there is none.
    /// `repeating`: the arm's body as written, to write one `case` per pattern, each with it,
    /// when the catch-all is its label's only pattern; nil writes one label listing them.
    fileprivate func withEdit(_ arm: Dispatcher.Arm, _ own: Dispatcher.CaseItem?, repeating body: String? = nil) -> Self {
        guard let patterns else { return self }
        var spelled = self
        let bound = own?.elements.compactMap { element -> String? in
            if case .binding(let name) = element.kind { return name }
            return nil
        } ?? []
        let used = bound.filter(arm.usedBindings.contains)
        var items = 1
        if case .items(let all, _) = arm.label { items = all.count }
        if !used.isEmpty {
            let names = used.map { "`\($0)`" }
            let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            spelled.noFix = "its body uses \(listed), which the pattern binds"
        } else if !bound.isEmpty, items > 1 {
            spelled.noFix = "the other patterns of `\(arm.labelText)` bind the names it binds"
        } else if patterns.isEmpty {
            if items > 1 {
                spelled.noFix = "it shares its label with other patterns"
            } else {
                spelled.edit = TextEdit(range: arm.layout.removal, replacement: [])
            }
        } else {
            let layout = arm.layout
            let replacesLabel: Bool
            switch arm.label {
            case .items(_, unknown: false): replacesLabel = false
            default: replacesLabel = true  // `default:`, and `@unknown`, which takes only `_`
            }
            let indent = replacesLabel ? layout.labelIndent + "     " : layout.patternIndent
            let list = patterns.joined(separator: "," + layout.newline + indent)
            if let body, items == 1, patterns.count > 1 {
                let arms = patterns.map { "case " + $0 + ":" + body }.joined(separator: layout.newline + layout.labelIndent)
                let end = arm.labelRange.upperBound + body.utf8.count
                spelled.edit = TextEdit(range: arm.labelRange.lowerBound..<end, replacement: Array(arms.utf8))
            } else if replacesLabel {
                spelled.edit = TextEdit(range: arm.labelRange, replacement: Array(("case " + list + ":").utf8))
            } else if let own {
                spelled.edit = TextEdit(range: own.range, replacement: Array(list.utf8))
            }
        }
        return spelled
    }
}

/// The run's enums by the name code writes them with: `Timer.S` for `enum S` in `Timer`,
/// `S` or `TimerS` at the top level.
struct EnumIndex {
    enum Resolution: Equatable {
        case found(EnumDeclaration)
        /// Why the case list is not known, as a message says it.
        case missing(String)
    }

    private var byName: [String: [(path: String, line: Int, declaration: EnumDeclaration)]] = [:]
    /// Aliases, structs and the like, by the same keys: a name declared so in a type around the
    /// code hides an enum of that name further out.
    private var otherTypes: [String: [(path: String, line: Int, declaration: TypeNameDeclaration)]] = [:]

    init(_ run: [FileSummary]) {
        for file in run {
            for declaration in file.enums {
                byName[declaration.qualifiedName, default: []].append(
                    (file.path, file.location(of: declaration.nameRange.lowerBound).line, declaration))
            }
            for declaration in file.typeNames {
                otherTypes[declaration.qualifiedName, default: []].append(
                    (file.path, file.location(of: declaration.nameRange.lowerBound).line, declaration))
            }
        }
    }

    /// The enum a type written as `S`, `Timer.S`, `Self.S` or `TimerS` names, from inside
    /// the types `enclosing` (innermost first): a bare name is looked up in each enclosing
    /// type, then at the top level, as Swift looks it up; a `typealias` found on the way is
    /// followed from where it is declared.
    func resolve(_ type: String, enclosing: [String]) -> Resolution {
        resolve(type, enclosing: enclosing, aliasesFollowed: 0)
    }

    /// Aliases of aliases are followed this deep, so a cycle ends.
    private static let aliasDepth = 8

    private func resolve(_ type: String, enclosing: [String], aliasesFollowed: Int) -> Resolution {
        var parts = type.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy(Self.isIdentifier) else {
            return .missing("`\(type)` is not the name of an enum")
        }
        if parts.first == "Self" {
            guard let inner = enclosing.first else { return .missing("`\(type)` is outside any type") }
            parts[0] = inner
        }
        let name = parts.last!
        let key: String
        // The qualifiers written before `Timer.S`, innermost first (`App` of `App.Timer.S`).
        var outer: [String] = []
        if parts.count > 1 {
            key = parts[parts.count - 2] + "." + name
            outer = parts.dropLast(2).reversed()
        } else {
            key = enclosing.map { $0 + "." + name }.first { byName[$0] != nil || otherTypes[$0] != nil } ?? name
        }
        guard let others = otherTypes[key], !others.isEmpty else { return pick(key, written: type, outer: outer) }
        let place = "\(others[0].path):\(others[0].line)"
        let other = others[0].declaration
        guard others.count == 1, byName[key] == nil else {
            let count = others.count + (byName[key]?.count ?? 0)
            return .missing("`\(key)` is declared \(count) times in the linted files (\(place) among them), so which type `\(type)` is cannot be told")
        }
        guard other.keyword == "typealias" else {
            return .missing("`\(type)` is `\(other.keyword) \(key)` (\(place)), not an enum")
        }
        let alias = "`\(type)` is the type alias `\(key)` (\(place))"
        guard let target = other.aliasTarget else {
            return .missing("\(alias), whose target is not the plain name of an enum")
        }
        guard aliasesFollowed < Self.aliasDepth else { return .missing("\(alias), and its aliases refer to each other") }
        switch resolve(target, enclosing: other.enclosingTypes, aliasesFollowed: aliasesFollowed + 1) {
        case .found(let declaration): return .found(declaration)
        case .missing(let why): return .missing("\(alias) for `\(target)`, and \(why)")
        }
    }

    /// `outer`: the qualifiers written before `Timer.S`, innermost first (`App` of
    /// `App.Timer.S`), which tell apart enums of one `Timer.S` name nested in other types.
    private func pick(_ key: String, written: String, outer: [String] = []) -> Resolution {
        guard var candidates = byName[key], !candidates.isEmpty else {
            return .missing("no `enum \(written)` is declared in the linted files, so its cases are not known")
        }
        if candidates.count > 1, !outer.isEmpty {
            let named = candidates.filter { Array($0.declaration.outerTypes.prefix(outer.count)) == outer }
            if !named.isEmpty { candidates = named }
        }
        guard candidates.count == 1 else {
            let places = candidates.prefix(3).map { "\($0.path):\($0.line)" }.joined(separator: ", ")
            return .missing("\(candidates.count) enums named `\(key)` are declared in the linted files (\(places)), so which one `\(written)` is cannot be told")
        }
        let declaration = candidates[0].declaration
        if declaration.hasConditionalCases { return .missing("the cases of `\(key)` depend on `#if`") }
        if declaration.isIncomplete { return .missing("`enum \(key)` could not be read to its end") }
        var seen = Set<String>()
        if let twice = declaration.cases.first(where: { !seen.insert($0.name).inserted }) {
            // `case move(x: Int), move(y: Int)`: `.move` alone would not say which.
            return .missing("`enum \(key)` has two cases named `\(twice.name)`")
        }
        return .found(declaration)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0.value > 0x7F
        }
    }
}
