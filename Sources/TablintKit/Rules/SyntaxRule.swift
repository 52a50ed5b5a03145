/// `tablint::syntax`: an unterminated string, comment, regex literal or interpolation.
/// Everything after it is read in the wrong mode, so the readers cannot be trusted past it.
struct SyntaxRule: Rule {
    let code = "tablint::syntax"
    let defaultSeverity = Severity.error
    let summary = "An unterminated string, comment, regex literal or interpolation."

    init() {}

    func check(_ context: LintContext) -> [Diagnostic] {
        // `"\(x` leaves a string and its interpolation open: one mistake, reported once, at
        // the first construct left open on a line.
        var reportedLine = -1
        let firsts = context.tokens.filter(\.isUnterminated).filter { token in
            let line = context.file.lines.lineIndex(of: token.start)
            defer { reportedLine = line }
            return line != reportedLine
        }
        return firsts.map { token in
            diagnostic(context, at: token.range, "\(Self.describe(token.kind, context.file.text(of: token))) is never closed; expected \(Self.closer(token.kind, context.file.text(of: token))) before the end of \(token.kind == .stringQuote ? "the line" : "the file")")
        }
    }

    static func describe(_ kind: TokenKind, _ text: String) -> String {
        switch kind {
        case .stringQuote: return "string literal opened by `\(text)`"
        case .multilineStringQuote: return "multi-line string literal opened by `\(text)`"
        case .rawStringDelimiter: return "raw string literal opened by `\(text)\"`"
        case .singleQuote: return "character literal opened by `'`"
        case .blockComment: return "block comment opened by `/*`"
        case .regexSlash, .regexPoundDelimiter: return "regex literal opened by `\(text)`"
        case .backslash: return "string interpolation opened by `\\(`"
        default: return "`\(text)`"
        }
    }

    static func closer(_ kind: TokenKind, _ text: String) -> String {
        switch kind {
        case .stringQuote: return "a closing `\"`"
        case .multilineStringQuote: return "a closing `\"\"\"` on a line of its own"
        case .rawStringDelimiter: return "a closing `\"\(text)`"
        case .singleQuote: return "a closing `'`"
        case .blockComment: return "a closing `*/`"
        case .regexSlash: return "a closing `/`"
        case .regexPoundDelimiter: return "a closing `/\(text)`"
        case .backslash: return "a closing `)`"
        default: return "its closing delimiter"
        }
    }
}
