/// The `tablint:` directives of one file, read once (`read`) and applied once the file's
/// diagnostics are all known, cross-file ones included (`apply`).
///
/// * `tablint:disable CODE…` … `tablint:enable CODE…`: lines from the `disable` to the
///   `enable`, both included; without an `enable`, to the end of the file. An `enable` ends
///   every open `disable` of its codes.
/// * `tablint:disable:this CODE…`: the line(s) of the comment.
/// * `tablint:disable:next CODE…`: the line after the comment, skipping lines that hold only
///   directives (so several stack above one line).
/// * `tablint:disable-file [CODE…]`: the whole file; with no code, every rule.
///
/// A diagnostic belongs to the line it starts on. Codes are written with or without their
/// namespace. A directive that cannot be read, names an unknown code, or suppresses nothing is
/// reported as `tablint::unused-suppression` (see `Rules/unused-suppression.md`).
struct InlineSuppressions: Equatable {
    /// One code of one directive, and the lines it covers.
    struct Suppressor: Equatable {
        var kind: Directive.Kind
        /// The rule's full code; nil for a `disable-file` that names none (every rule).
        var code: String?
        /// The 1-based lines covered, both ends included (`Int.max`: to the end of the file).
        var lines: ClosedRange<Int>
        /// Where the code is written (or `tablint:` for a `disable-file` without codes).
        var start: SourceLocation
        var end: SourceLocation
        /// How many codes its directive names (for the advice to remove one or the comment).
        var siblings: Int

        /// Lower is more specific: the one line of `this`/`next`, then a range, then the file.
        var specificity: Int {
            switch kind {
            case .disableThis, .disableNext: return 0
            case .disable: return 1
            default: return 2
            }
        }

        func covers(_ diagnostic: Diagnostic) -> Bool {
            lines.contains(diagnostic.start.line)
                && (code.map { $0 == diagnostic.code } ?? true)
        }

        /// Whether this suppressor should be credited with a diagnostic rather than `other`
        /// (both cover it): the more specific one, and of two ranges the inner (later) one.
        func isPreferred(to other: Suppressor) -> Bool {
            if specificity != other.specificity { return specificity < other.specificity }
            return lines.lowerBound > other.lines.lowerBound
        }
    }

    var path: String = ""
    var suppressors: [Suppressor] = []
    /// Directives that cannot be read, unknown codes, `enable`s that end nothing: reported as
    /// they are, whatever the diagnostics.
    var problems: [Diagnostic] = []
    /// Codes the configuration disables for this file: a directive naming one is not reported
    /// as unused, since it could not be used.
    var disabledByConfiguration: Set<String> = []

    init() {}

    /// The code of the warnings this type adds.
    static let code = UnusedSuppression().code

    /// Codes no directive can name: `unused-suppression` (a directive that silences directive
    /// warnings would hide its own mistakes; the configuration can disable it) and `encoding`
    /// (a file that is not UTF-8 text is not read for comments).
    static let unsuppressible: Set<String> = [code, Encoding().code]

    var isEmpty: Bool { suppressors.isEmpty && problems.isEmpty }

    /// The directives in the file's comments. Pure and cheap: a file without the bytes
    /// `tablint:` is not looked at further.
    static func read(_ context: LintContext) -> InlineSuppressions {
        let file = context.file
        guard file.kind.isSwift || file.kind == .fixture, Directive.mayOccur(in: file.bytes) else {
            return InlineSuppressions()
        }
        let directives: [Directive]
        let alone: () -> Set<Int>
        if file.kind.isSwift {
            directives = Directive.inSwift(file.bytes, tokens: context.tokens)
            alone = { swiftDirectiveOnly(tokens: context.tokens, directives: directives) }
        } else {
            let found = Directive.inFixture(file.bytes, lines: file.lines)
            directives = found.directives
            alone = { Set(found.directives.filter { !found.codeLines.contains(file.lines.lineIndex(of: $0.comment.lowerBound) + 1) }.map(\.comment.lowerBound)) }
        }
        guard !directives.isEmpty else { return InlineSuppressions() }
        var result = InlineSuppressions()
        result.path = file.path
        result.disabledByConfiguration = context.settings.disabledCodes
        result.collect(directives, file: file, directiveOnly: alone)
        return result
    }

    /// The directives of a Swift file that share their lines with nothing but spaces and other
    /// directives, by the offset of their comment. Found by looking at the pieces beside each
    /// directive up to the line breaks, so the cost is in the directives, not the file.
    static func swiftDirectiveOnly(tokens: [Token], directives: [Directive]) -> Set<Int> {
        let starts = Set(directives.map(\.comment.lowerBound))
        func isBlank(_ token: Token) -> Bool {
            token.kind == .whitespace || token.kind == .byteOrderMark || (token.kind.isComment && starts.contains(token.start))
        }
        var alone: Set<Int> = []
        for directive in directives {
            guard let index = tokens.index(startingAt: directive.comment.lowerBound) else { continue }
            var before = index - 1
            while before >= 0, isBlank(tokens[before]) { before -= 1 }
            guard before < 0 || tokens[before].kind == .newline else { continue }
            var after = index + 1
            while after < tokens.count, isBlank(tokens[after]) { after += 1 }
            guard after == tokens.count || tokens[after].kind == .newline else { continue }
            alone.insert(directive.comment.lowerBound)
        }
        return alone
    }

    private mutating func collect(_ directives: [Directive], file: SourceFile, directiveOnly alone: () -> Set<Int>) {
        func line(_ offset: Int) -> Int { file.lines.lineIndex(of: offset) + 1 }
        func warn(_ range: Range<Int>, _ message: String) {
            problems.append(
                Diagnostic(
                    path: file.path, start: file.location(of: range.lowerBound), end: file.location(of: range.upperBound),
                    severity: .warning, message: message, code: Self.code))
        }
        // For `next`: the lines that hold only directives, each with the last line of its
        // directives (a block comment may span lines), computed when first needed.
        var directiveOnly: [Int: Int]?
        func lineAfter(_ directive: Directive) -> Int {
            if directiveOnly == nil {
                let starts = alone()
                var lines: [Int: Int] = [:]
                for other in directives where starts.contains(other.comment.lowerBound) {
                    let first = line(other.comment.lowerBound)
                    lines[first] = max(lines[first] ?? 0, line(max(other.comment.lowerBound, other.comment.upperBound - 1)))
                }
                directiveOnly = lines
            }
            var next = line(max(directive.comment.lowerBound, directive.comment.upperBound - 1)) + 1
            while let last = directiveOnly?[next] { next = max(last, next) + 1 }
            return next
        }

        var open: [String: [Int]] = [:]  // code → indices of its open `disable` ranges
        for directive in directives {
            let shown = "tablint:\(directive.written.text)"
            guard let kind = directive.kind else {
                let expected = Directive.Kind.allCases.map { "`tablint:\($0.rawValue)`" }
                let list = expected.dropLast().joined(separator: ", ") + " or " + expected.last!
                warn(
                    directive.start..<directive.written.range.upperBound,
                    directive.written.text.isEmpty
                        ? "`tablint:` starts a directive but names none; expected \(list)"
                        : "`\(shown)` is not a tablint directive; expected \(list)")
                continue
            }
            if directive.codes.isEmpty && kind != .disableFile {
                warn(
                    directive.start..<directive.written.range.upperBound,
                    "`\(shown)` names no rule; write the codes it applies to, as in `\(shown) row-arity` (only `tablint:disable-file` may name none)")
                continue
            }
            let firstLine = line(directive.comment.lowerBound)
            let lastLine = line(max(directive.comment.lowerBound, directive.comment.upperBound - 1))
            let covered: ClosedRange<Int>
            switch kind {
            case .disableThis: covered = firstLine...lastLine
            case .disableNext:
                let next = lineAfter(directive)
                covered = next...next
            case .disable: covered = firstLine...Int.max
            case .disableFile, .enable: covered = 1...Int.max
            }
            if directive.codes.isEmpty {  // `disable-file` alone: every rule
                suppressors.append(
                    Suppressor(
                        kind: kind, code: nil, lines: covered, start: file.location(of: directive.start),
                        end: file.location(of: directive.written.range.upperBound), siblings: 0))
                continue
            }
            for word in directive.codes {
                guard let rule = RuleRegistry.rule(named: word.text) else {
                    let bare = UnusedSuppression.bareName(word.text)
                    let hint = RuleRegistry.rule(named: bare).map { " (did you mean `\($0.code)`?)" } ?? ""
                    warn(word.range, "`\(word.text)` in `\(shown)` is not a rule tablint knows\(hint); `tablint rules` lists the codes")
                    continue
                }
                if Self.unsuppressible.contains(rule.code) {
                    let why = rule.code == Self.code
                        ? "a directive cannot silence the warnings about directives"
                        : "a file that is not UTF-8 text is not read for comments"
                    warn(word.range, "`\(rule.code)` cannot be suppressed inline (\(why)); disable it in the configuration instead (`--disable \(rule.name)`)")
                    continue
                }
                if kind == .enable {
                    guard let ranges = open[rule.code], !ranges.isEmpty else {
                        warn(word.range, "`\(shown) \(word.text)` ends nothing: no `tablint:disable` of `\(rule.code)` is in effect before it; remove it")
                        continue
                    }
                    for index in ranges { suppressors[index].lines = suppressors[index].lines.lowerBound...lastLine }
                    open[rule.code] = nil
                    continue
                }
                if kind == .disable { open[rule.code, default: []].append(suppressors.count) }
                suppressors.append(
                    Suppressor(
                        kind: kind, code: rule.code, lines: covered, start: file.location(of: word.range.lowerBound),
                        end: file.location(of: word.range.upperBound), siblings: directive.codes.count))
            }
        }
    }

    /// The file's diagnostics (its own and the cross-file ones at it) without the suppressed
    /// ones, plus `tablint::unused-suppression` warnings: for the problems found when reading,
    /// and for each code of a directive that suppressed nothing. A diagnostic covered by
    /// several directives is credited to the most specific one (`this`/`next`, then the
    /// innermost range, then `disable-file`), so a broader directive that adds nothing is
    /// reported.
    func apply(to diagnostics: [Diagnostic], path: String) -> [Diagnostic] {
        if isEmpty { return diagnostics }
        var used = [Bool](repeating: false, count: suppressors.count)
        var covering = [Bool](repeating: false, count: suppressors.count)
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count + problems.count)
        for diagnostic in diagnostics {
            guard diagnostic.path == path, !Self.unsuppressible.contains(diagnostic.code) else {
                kept.append(diagnostic)
                continue
            }
            var credited: Int?
            for (index, suppressor) in suppressors.enumerated() where suppressor.covers(diagnostic) {
                covering[index] = true
                if let best = credited, !suppressor.isPreferred(to: suppressors[best]) { continue }
                credited = index
            }
            if let credited { used[credited] = true } else { kept.append(diagnostic) }
        }
        kept += problems
        for (index, suppressor) in suppressors.enumerated() where !used[index] {
            if let code = suppressor.code, disabledByConfiguration.contains(code) { continue }
            kept.append(unused(suppressor, path: path, overlapped: covering[index]))
        }
        return kept
    }

    private func unused(_ suppressor: Suppressor, path: String, overlapped: Bool) -> Diagnostic {
        let directive = "`tablint:\(suppressor.kind.rawValue)`"
        let message: String
        if let code = suppressor.code {
            let lines = suppressor.lines
            let where_: String
            switch suppressor.kind {
            case .disableFile, .enable: where_ = "in this file"
            case .disable where lines.upperBound == Int.max: where_ = "from line \(lines.lowerBound) to the end of the file"
            default:
                where_ = lines.count == 1 ? "on line \(lines.lowerBound)" : "on lines \(lines.lowerBound) to \(lines.upperBound)"
            }
            let advice = suppressor.siblings > 1 ? "remove `\(UnusedSuppression.bareName(code))` from it" : "remove it"
            message = overlapped
                ? "\(directive) suppresses nothing: every `\(code)` diagnostic it covers is already suppressed by a narrower directive; \(advice)"
                : "\(directive) suppresses nothing: no `\(code)` diagnostic starts \(where_); \(advice)"
        } else {
            message = overlapped
                ? "`tablint:disable-file` suppresses nothing: every diagnostic in this file is already suppressed by a narrower directive; remove it"
                : "`tablint:disable-file` suppresses nothing: tablint reports nothing in this file; remove it"
        }
        return Diagnostic(
            path: path, start: suppressor.start, end: suppressor.end, severity: .warning, message: message, code: Self.code)
    }
}
