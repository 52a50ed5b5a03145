import XCTest
@testable import TablintKit

/// Where tablint deliberately differs from the compiler's parser (SwiftSyntax, as printed by
/// shared/tools/tokens-oracle). Scripts/oracle-diff.py normalizes or classifies exactly these
/// cases and reports anything else as a real difference. Each test pins tablint's side and
/// says what the parser does instead, and why tablint does not follow.
final class TokenizerOracleDifferenceTests: XCTestCase {
    /// The parser splits `>>` into two `>` when it closes two generic argument lists (and `?>`,
    /// `>?` and the like likewise). Its lexer reads one operator, as tablint does: which one
    /// it is depends on grammar (`a >> b` is a shift), and a lexer cannot know it.
    func testGenericClosingAnglesStayOneOperator() {
        assertTokens("Array<Array<Int>>()", [
            (.identifier, "Array"), (.operator, "<"), (.identifier, "Array"), (.operator, "<"), (.identifier, "Int"),
            (.operator, ">>"), (.leftParen, "("), (.rightParen, ")"),
        ])
    }

    /// `@available(macOS 11.0, *)`: the parser reads a version tuple, `11` `.` `0`; the lexer
    /// (and tablint) a float literal. Same bytes, one token instead of three.
    func testVersionTupleIsAFloatLiteral() {
        assertTokens("@available(macOS 11.0.1, *)", [
            (.atSign, "@"), (.identifier, "available"), (.leftParen, "("), (.identifier, "macOS"),
            (.floatLiteral, "11.0"), (.period, "."), (.integerLiteral, "1"), (.comma, ","), (.operator, "*"),
            (.rightParen, ")"),
        ])
    }

    /// The parser reads a reserved word as a name where the grammar allows one (argument labels
    /// `f(in x:)`, `for:`); tablint keeps the lexer's view, a keyword. Only after a `.` does
    /// tablint (like the parser) make it a name, since that needs no grammar.
    func testReservedWordAsArgumentLabelStaysAKeyword() {
        assertTokens("func f(in x: Int, for y: Int)", [
            (.keyword, "func"), (.identifier, "f"), (.leftParen, "("), (.keyword, "in"), (.identifier, "x"), (.colon, ":"),
            (.identifier, "Int"), (.comma, ","), (.keyword, "for"), (.identifier, "y"), (.colon, ":"), (.identifier, "Int"),
            (.rightParen, ")"),
        ])
    }

    /// Inside `@_effects(...)` the parser keeps `.class` a keyword; everywhere else a reserved
    /// word after `.` is a member name, and tablint does not special-case one attribute.
    func testReservedWordAfterAPeriodIsANameEvenInEffectsAttributes() {
        assertTokens("@_effects(escaping self.value**.class*.value**)", [
            (.atSign, "@"), (.identifier, "_effects"), (.leftParen, "("), (.identifier, "escaping"), (.keyword, "self"),
            (.period, "."), (.identifier, "value"), (.operator, "**"), (.period, "."), (.identifier, "class"),
            (.operator, "*"), (.period, "."), (.identifier, "value"), (.operator, "**"), (.rightParen, ")"),
        ])
    }

    /// Contextual keywords (`get`, `some`, `async`, `deprecated`...) and the parser's operator
    /// kinds (prefix, binary, postfix, `?` postfix or infix, `&` prefix, `<` `>` angles) are
    /// decided by grammar; tablint has one `identifier` and one `operator` kind for them.
    func testGrammarDecidedKindsAreLexical() {
        assertTokens("let v: some P = a ? &b : c!", [
            (.keyword, "let"), (.identifier, "v"), (.colon, ":"), (.identifier, "some"), (.identifier, "P"), (.equal, "="),
            (.identifier, "a"), (.operator, "?"), (.operator, "&"), (.identifier, "b"), (.colon, ":"), (.identifier, "c"),
            (.operator, "!"),
        ])
    }

    /// SwiftSyntax reports a multi-line string's indentation and line breaks as trivia and adds
    /// empty segments; tablint keeps the literal's text, indentation included, as segments, so
    /// the bytes between the quotes are all string text (what a formatter must not touch).
    func testMultiLineStringIndentationIsStringText() {
        assertTokens("\"\"\"\n    a\n    \"\"\"", [
            (.multilineStringQuote, "\"\"\""), (.stringSegment, "\n    a\n    "), (.multilineStringQuote, "\"\"\""),
        ], trivia: true)
    }

    /// SwiftSyntax reports a byte order mark and a merge-conflict region as unexpected text;
    /// tablint gives each its own trivia kind so a rule can name it.
    func testByteOrderMarkAndConflictMarkerHaveTheirOwnKinds() {
        XCTAssertEqual(lexed("\u{FEFF}x", trivia: true).map(\.kind), [.byteOrderMark, .identifier])
        XCTAssertEqual(lexed("<<<<<<< a\n=======\n>>>>>>> b\n", trivia: true).map(\.kind), [.conflictMarker, .newline])
    }

    /// Whitespace is one piece per run (spaces and tabs together) and line breaks one piece per
    /// run (`\r\n\n` together); SwiftSyntax splits runs by kind. Only the token boundaries
    /// around them matter, and those agree.
    func testTriviaRunsAreCoarser() {
        XCTAssertEqual(lexed("a \t b\r\n\nc", trivia: true).map(\.kind), [.identifier, .whitespace, .identifier, .newline, .identifier])
    }

    /// `0x1.8` (a hex fraction without exponent) is invalid; the compiler's lexer itself reads it
    /// as one literal or as `0x1` `.` `8` depending on what else is in the file. tablint always
    /// reads one invalid integer literal.
    func testHexFractionWithoutExponentIsOneLiteral() {
        assertTokens("x = 0x1.8", [(.identifier, "x"), (.equal, "="), (.integerLiteral, "0x1.8")])
    }

    /// Where an expression must follow, the compiler opens a regex at a `/` that nothing closes
    /// on its line (a line break or the end of the file follows), only to report it; tablint
    /// reads an operator, as the code is wrong either way and a bare regex never spans lines.
    func testSlashThatNothingClosesIsAnOperator() {
        assertTokens("x = /\na/", [(.identifier, "x"), (.equal, "="), (.operator, "/"), (.identifier, "a"), (.operator, "/")])
        assertTokens("x = / ", [(.identifier, "x"), (.equal, "="), (.operator, "/")])
        assertTokens("x = !/ a", [(.identifier, "x"), (.equal, "="), (.operator, "!/"), (.identifier, "a")])
    }

    /// A hex literal followed by `.` at the very end of a file (`0x1.`, `0xff.d`): the compiler's
    /// lexer keeps it as one invalid literal; tablint reads `0xff.d` as it would anywhere else,
    /// a literal and a member access, so a truncated file does not change earlier tokens.
    func testHexLiteralAndPeriodAtTheEndOfTheFile() {
        assertTokens("x = 0xff.d", [(.identifier, "x"), (.equal, "="), (.integerLiteral, "0xff"), (.period, "."), (.identifier, "d")])
    }

    /// When a file ends inside an interpolation of a multi-line string, SwiftSyntax files the
    /// trailing whitespace as string text; tablint as whitespace of the interpolation's code
    /// (the interpolation and string are flagged unterminated either way).
    func testTrailingWhitespaceOfATruncatedInterpolationIsWhitespace() {
        XCTAssertEqual(lexed("\"\"\"\n  \\(\n   ", trivia: true).map(\.kind), [
            .multilineStringQuote, .stringSegment, .backslash, .leftParen, .newline, .whitespace,
        ])
    }

    /// In error recovery the parser sometimes re-kinds a token (`#sourceLocation(fil` at the end
    /// of a file makes `fil` a string segment). The compiler's lexer agrees with tablint there;
    /// Scripts/oracle-diff.py accepts such kind-only differences when it does.
    func testParserRecoveryKindsAreNotFollowed() {
        assertTokens("#sourceLocation(fil", [(.poundKeyword, "#sourceLocation"), (.leftParen, "("), (.identifier, "fil")])
    }

    /// `::` (module selectors, still experimental) is one token to SwiftSyntax 6.x; tablint keeps
    /// two colons, which no matrix or rule needs told apart.
    func testDoubleColonIsTwoColons() {
        assertTokens("Swift::print", [(.identifier, "Swift"), (.colon, ":"), (.colon, ":"), (.identifier, "print")])
    }
}
