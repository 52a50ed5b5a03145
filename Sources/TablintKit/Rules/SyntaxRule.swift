/// `tablint::syntax`: an unterminated string, comment, regex or identifier. Everything after it
/// is read in the wrong mode, so the reader cannot be trusted past it.
public struct SyntaxRule: Rule {
    public let code = "tablint::syntax"
    public let defaultSeverity = Severity.error
    public let summary = "An unterminated string, comment, regex literal, interpolation or backticked identifier."

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        context.tokens.filter(\.isUnterminated).map { token in
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
        case .identifier: return "backticked identifier opened by `` ` ``"
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
        case .identifier: return "a closing `` ` ``"
        default: return "its closing delimiter"
        }
    }
}
