import XCTest
@testable import TablintKit

/// One test per tokenizer bug found by diffing against the compiler's parser
/// (Scripts/oracle-diff.py); each input is the smallest that showed it.
final class TokenizerRegressionTests: XCTestCase {
    // MARK: `$` in names

    func testDollarFollowedByLettersIsAnIdentifier() {
        assertTokens("$foo + $0 + $ + $12", [
            (.identifier, "$foo"), (.operator, "+"), (.dollarIdentifier, "$0"), (.operator, "+"),
            (.dollarIdentifier, "$"), (.operator, "+"), (.dollarIdentifier, "$12"),
        ])
    }

    func testDollarContinuesAnIdentifier() {
        // Was `_` then `$observationRegistrar` (seen in Observation.swiftinterface).
        assertTokens("_$observationRegistrar a$b", [(.identifier, "_$observationRegistrar"), (.identifier, "a$b")])
    }

    // MARK: NUL

    func testNulInCodeIsUnexpectedNotWhitespace() {
        assertTokens("a\u{0}b", [(.identifier, "a"), (.unexpected, "\u{0}"), (.identifier, "b")], trivia: true)
    }

    // MARK: Postfix `!` and `?`

    func testGluedQuestionMarkOrBangIsAPostfixOperatorOnItsOwn() {
        // Was `?>`, `?=` and `!=` (Optional<Int?> in the .swiftinterface files).
        assertTokens("Array<Int?>", [(.identifier, "Array"), (.operator, "<"), (.identifier, "Int"), (.operator, "?"), (.operator, ">")])
        assertTokens("let o: Int?= nil", [
            (.keyword, "let"), (.identifier, "o"), (.colon, ":"), (.identifier, "Int"), (.operator, "?"), (.equal, "="),
            (.keyword, "nil"),
        ])
        assertTokens("x!= y", [(.identifier, "x"), (.operator, "!"), (.equal, "="), (.identifier, "y")])
        // Not glued: still one operator.
        assertTokens("a != b ?? c", [(.identifier, "a"), (.operator, "!="), (.identifier, "b"), (.operator, "??"), (.identifier, "c")])
    }

    // MARK: Bare `/…/` regex literals

    func testSlashInPrefixPositionAfterANameOpensARegex() {
        // Was division: the compiler decides by how the `/` is bound, not by the name before it.
        assertTokens("x = a /b/", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.regexSlash, "/"), (.regexPattern, "b"), (.regexSlash, "/"),
        ])
        assertTokens("x = a/b/c", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.operator, "/"),
            (.identifier, "c"),
        ])
    }

    func testPrefixOperatorBeforeARegexIsCutOff() {
        // Was one operator `!/`.
        assertTokens("x = !/a/.m", [
            (.identifier, "x"), (.equal, "="), (.operator, "!"), (.regexSlash, "/"), (.regexPattern, "a"), (.regexSlash, "/"),
            (.period, "."), (.identifier, "m"),
        ])
        assertTokens("x = a+/b/", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.operator, "+/"), (.identifier, "b"), (.operator, "/"),
        ])
    }

    func testFreeStandingSlashOperatorIsNotARegexAfterAnOperand() {
        assertTokens("x /= y/2", [(.identifier, "x"), (.operator, "/="), (.identifier, "y"), (.operator, "/"), (.integerLiteral, "2")])
        assertTokens("x = a /+ b/", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.operator, "/+"), (.identifier, "b"), (.operator, "/"),
        ])
    }

    func testWhereAnExpressionMustFollowARegexMayStartWithASpace() {
        // The compiler lexes these as regex literals (and reports the space); was an operator.
        assertTokens("x = / a/", [(.identifier, "x"), (.equal, "="), (.regexSlash, "/"), (.regexPattern, " a"), (.regexSlash, "/")])
        assertTokens("return /+ b/", [(.keyword, "return"), (.regexSlash, "/"), (.regexPattern, "+ b"), (.regexSlash, "/")])
        // After `(`, `/` may be an operator reference, so a space after it means division.
        assertTokens("f(/ a/)", [
            (.identifier, "f"), (.leftParen, "("), (.operator, "/"), (.identifier, "a"), (.operator, "/"), (.rightParen, ")"),
        ])
    }

    func testSlashAfterFuncNamesAnOperator() {
        assertTokens("static func /(a: V) -> V { V(a.x/b.x) }", [
            (.keyword, "static"), (.keyword, "func"), (.operator, "/"), (.leftParen, "("), (.identifier, "a"), (.colon, ":"),
            (.identifier, "V"), (.rightParen, ")"), (.arrow, "->"), (.identifier, "V"), (.leftBrace, "{"), (.identifier, "V"),
            (.leftParen, "("), (.identifier, "a"), (.period, "."), (.identifier, "x"), (.operator, "/"), (.identifier, "b"),
            (.period, "."), (.identifier, "x"), (.rightParen, ")"), (.rightBrace, "}"),
        ])
    }

    func testRegexBodyRules() {
        // `)` inside a character class does not count; an unmatched one outside does.
        assertTokens("x = a /[)]/", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.regexSlash, "/"), (.regexPattern, "[)]"), (.regexSlash, "/"),
        ])
        assertTokens("x = a /b)/", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.rightParen, ")"),
            (.operator, "/"),
        ])
        // A closing `/` followed by `/` or `*` would start a comment: no regex.
        assertTokens("x = /a//b/", [(.identifier, "x"), (.equal, "="), (.operator, "/"), (.identifier, "a")])
        XCTAssertEqual(lexed("x = /a//b/", trivia: true).last?.kind, .lineComment)
        // An escaped space before the closing `/` is fine, a bare one is not.
        assertTokens("x = a /b\\ /", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.regexSlash, "/"), (.regexPattern, "b\\ "), (.regexSlash, "/"),
        ])
        assertTokens("x = a /b /", [
            (.identifier, "x"), (.equal, "="), (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.operator, "/"),
        ])
    }

    // MARK: Reserved words after `.`

    func testInitSelfAndSelfTypeStayKeywordsAfterAPeriod() {
        // Were identifiers: the compiler's parser keeps these three as keywords after `.`.
        assertTokens("x.init(1).self + T.Self", [
            (.identifier, "x"), (.period, "."), (.keyword, "init"), (.leftParen, "("), (.integerLiteral, "1"),
            (.rightParen, ")"), (.period, "."), (.keyword, "self"), (.operator, "+"), (.identifier, "T"), (.period, "."),
            (.keyword, "Self"),
        ])
        // Any other reserved word there is a member name, even across whitespace.
        assertTokens("case .default: x . class", [
            (.keyword, "case"), (.period, "."), (.identifier, "default"), (.colon, ":"), (.identifier, "x"), (.period, "."),
            (.identifier, "class"),
        ])
    }

    // MARK: Numbers

    func testNumberAfterAPeriodTakesNoFraction() {
        // Was `t` `.` `0.1`: nested tuple indices.
        assertTokens("t.0.1", [(.identifier, "t"), (.period, "."), (.integerLiteral, "0"), (.period, "."), (.integerLiteral, "1")])
        assertTokens("t.0.1e5", [(.identifier, "t"), (.period, "."), (.integerLiteral, "0"), (.period, "."), (.floatLiteral, "1e5")])
    }

    func testInvalidNumbersKeepTheCompilersBoundaries() {
        // An exponent marker makes a float even without digits; was `1e` integer, then `+`.
        assertTokens("1e", [(.floatLiteral, "1e")])
        assertTokens("1e+x", [(.floatLiteral, "1e+x")])
        assertTokens("0x1p", [(.floatLiteral, "0x1p")])
        // A hex fraction without exponent is one invalid integer literal; was a float.
        assertTokens("0x1.8", [(.integerLiteral, "0x1.8")])
        // `0x` without digits takes no fraction; was one float `0x.8p1`.
        assertTokens("0x.8p1", [(.integerLiteral, "0x"), (.period, "."), (.integerLiteral, "8p1")])
    }

    // MARK: Unicode character classes

    func testIdentifierCharactersFollowSwiftsRanges() {
        // Zero-width joiners hold emoji sequences together; were unexpected pieces between emoji.
        assertTokens("👨\u{200D}👩\u{200D}👧 + a\u{2060}b + a\u{FEFF}b", [
            (.identifier, "👨\u{200D}👩\u{200D}👧"), (.operator, "+"), (.identifier, "a\u{2060}b"), (.operator, "+"),
            (.identifier, "a\u{FEFF}b"),
        ])
        // A hyphen, a control picture or an ogham space is no identifier character; were part of one.
        for odd in ["\u{2010}", "\u{2400}", "\u{1680}", "\u{FD3E}"] {
            assertTokens("a\(odd)b", [(.identifier, "a"), (.unexpected, odd), (.identifier, "b")], trivia: true)
        }
    }

    func testCombiningMarkStartsAnInvalidNameNotAnUnexpectedPiece() {
        assertTokens("x = \u{301}b", [(.identifier, "x"), (.equal, "="), (.identifier, "\u{301}b")])
    }

    func testIdeographicMarksContinueAnOperator() {
        // U+3021...U+302F are in the compiler's operator range (0x3008...0x3030) as well.
        assertTokens("+\u{3021}+ b", [(.operator, "+\u{3021}+"), (.identifier, "b")])
    }

    // MARK: Editor placeholders

    func testEditorPlaceholderIsAnIdentifier() {
        // Was `<` `#` `x` `#` `>`.
        assertTokens("f(<#x#>) + a+<#T##Int#>", [
            (.identifier, "f"), (.leftParen, "("), (.identifier, "<#x#>"), (.rightParen, ")"), (.operator, "+"),
            (.identifier, "a"), (.operator, "+"), (.identifier, "<#T##Int#>"),
        ])
        // Not closed on its line: operators and pounds.
        assertTokens("x = <#a\n#>", [
            (.identifier, "x"), (.equal, "="), (.operator, "<"), (.pound, "#"), (.identifier, "a"), (.pound, "#"), (.operator, ">"),
        ])
    }

    // MARK: Raw strings

    func testExtraPoundsAfterARawStringBelongToItsClosingDelimiter() {
        // Was `#` then a stray `#`; the compiler reports the extra `#` on the delimiter.
        assertTokens("#\"a\"## + 2", [
            (.rawStringDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, "a"), (.stringQuote, "\""),
            (.rawStringDelimiter, "##"), (.operator, "+"), (.integerLiteral, "2"),
        ])
    }

    // MARK: Extended regex literals that do not close

    func testSingleLineExtendedRegexClosesAtASlashEndingItsLine() {
        // Was a pattern `a/` running to the end of the line; the compiler closes (and reports
        // the missing `#`) at a `/` that ends the line, even an escaped one.
        assertTokens("x = #/a/\ny", [
            (.identifier, "x"), (.equal, "="), (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "a"),
            (.regexSlash, "/"), (.identifier, "y"),
        ])
        XCTAssertEqual(lexed("x = #/a/\ny").filter(\.unterminated).map(\.kind), [.regexPoundDelimiter])
        assertTokens("x = #/a\\/", [
            (.identifier, "x"), (.equal, "="), (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "a\\"),
            (.regexSlash, "/"),
        ])
    }

    func testEscapeDoesNotCarryASingleLineExtendedRegexOntoTheNextLine() {
        // Was one pattern `a\\\nb` closed by `/#` on the next line.
        assertTokens("x = #/a\\\nb/#", [
            (.identifier, "x"), (.equal, "="), (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "a\\"),
            (.identifier, "b"), (.operator, "/"), (.pound, "#"),
        ])
    }

    func testUnclosedMultiLineExtendedRegexEndsAtItsOpeningSlash() {
        // Was a pattern swallowing the rest of the file; the compiler reads the rest as code.
        let source = "let r = #/\n  a+\nlet b = 1"
        assertTokens(source, [
            (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.regexPoundDelimiter, "#"), (.regexSlash, "/"),
            (.identifier, "a"), (.operator, "+"), (.keyword, "let"), (.identifier, "b"), (.equal, "="), (.integerLiteral, "1"),
        ])
        XCTAssertEqual(lexed(source).filter(\.unterminated).map(\.kind), [.regexPoundDelimiter])
    }

    // MARK: Found with generated fragment soups (oracle-diff.py --soups)

    func testOperatorHoldingACommentEndIsUnexpected() {
        // Was an operator `*/` (or `*` then a regex from the `/`); the compiler rejects it whole.
        assertTokens("x */ y", [(.identifier, "x"), (.whitespace, " "), (.unexpected, "*/"), (.whitespace, " "), (.identifier, "y")],
                     trivia: true)
        assertTokens("a +*/ b", [(.identifier, "a"), (.whitespace, " "), (.unexpected, "+*/"), (.whitespace, " "), (.identifier, "b")],
                     trivia: true)
    }

    func testDirectiveIsMatchedOnTheLettersAfterThePound() {
        // Were `#` then `if1` / `ifé`; `#if_x` stays `#` then a name.
        assertTokens("#if1 #ifé #available1 #if_x", [
            (.poundKeyword, "#if"), (.integerLiteral, "1"), (.poundKeyword, "#if"), (.identifier, "é"),
            (.poundKeyword, "#available"), (.integerLiteral, "1"), (.pound, "#"), (.identifier, "if_x"),
        ])
    }

    func testEmptyBackticksAreAnIdentifier() {
        // Were two stray backticks; the compiler reads one (invalid) empty name.
        assertTokens("x = `` + ` `", [(.identifier, "x"), (.equal, "="), (.identifier, "``"), (.operator, "+"), (.identifier, "` `")])
    }

    func testLettersAfterAFractionAreNotPartOfTheFloat() {
        // Was one literal `1.0a`; with an exponent they are (`1.5e3x`), as in the compiler.
        assertTokens("1.0a 1.5e3x 1.0_", [
            (.floatLiteral, "1.0"), (.identifier, "a"), (.floatLiteral, "1.5e3x"), (.floatLiteral, "1.0_"),
        ])
    }

    func testRawTripleQuoteIsOneLineWhenItsDelimiterClosesOnTheLine() {
        // `#"""#` was an unterminated multi-line string; it is a one-line raw string holding `"`.
        assertTokens(##"x = #"""# + #"""abc"#"##, [
            (.identifier, "x"), (.equal, "="), (.rawStringDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, "\""),
            (.stringQuote, "\""), (.rawStringDelimiter, "#"), (.operator, "+"), (.rawStringDelimiter, "#"), (.stringQuote, "\""),
            (.stringSegment, "\"\"abc"), (.stringQuote, "\""), (.rawStringDelimiter, "#"),
        ])
        // Without a closing delimiter on its line it opens a multi-line raw string.
        assertTokens("#\"\"\"}\n\"\"\"#", [
            (.rawStringDelimiter, "#"), (.multilineStringQuote, "\"\"\""), (.stringSegment, "}\n"),
            (.multilineStringQuote, "\"\"\""), (.rawStringDelimiter, "#"),
        ])
    }

    func testExtraPoundsAfterAnExtendedRegexBelongToItsClosingDelimiter() {
        assertTokens("#/a/## b", [
            (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "a"), (.regexSlash, "/"),
            (.regexPoundDelimiter, "##"), (.identifier, "b"),
        ])
    }

    func testReservedWordOnTheLineAfterAPeriodIsAKeyword() {
        // Was a member name: `x.` at the end of a line, then `let` begins a declaration.
        assertTokens("y = x.\nlet z = x.  default", [
            (.identifier, "y"), (.equal, "="), (.identifier, "x"), (.period, "."), (.keyword, "let"), (.identifier, "z"),
            (.equal, "="), (.identifier, "x"), (.period, "."), (.identifier, "default"),
        ])
    }

    func testPlaceholderEndLaterOnTheLineEndsAnOperatorBeforeLessThanPound() {
        // Was `><`: the compiler ends an operator before `<#` when a `#>` follows on the line.
        assertTokens("a ><#> b", [(.identifier, "a"), (.operator, ">"), (.operator, "<"), (.pound, "#"), (.operator, ">"), (.identifier, "b")])
        // A placeholder runs over a lone `\r` (only `\n` ends it).
        assertTokens("<#a\rb#>", [(.identifier, "<#a\rb#>")])
    }
}
