import XCTest
@testable import TablintKit

/// Kind and range assertions on a table of edge cases, at least one per bullet of the lexical
/// grammar tablint must know (issue 2, "The tokenizer"). `assertTokens` checks each expected
/// text at its next occurrence in the source, so ranges are checked along with kinds.
final class TokenizerTests: XCTestCase {
    // MARK: Identifiers

    func testIdentifiers() {
        assertTokens("`class` `some name` `$x` _ _x a1", [
            (.identifier, "`class`"), (.identifier, "`some name`"), (.identifier, "`$x`"), (.wildcard, "_"),
            (.identifier, "_x"), (.identifier, "a1"),
        ])
        assertTokens("$0 + $12 + $foo", [
            (.dollarIdentifier, "$0"), (.operator, "+"), (.dollarIdentifier, "$12"), (.operator, "+"), (.identifier, "$foo"),
        ])
    }

    func testUnicodeIdentifiers() {
        assertTokens("café + 变量 + 😀 + Ωmega + a\u{301}", [
            (.identifier, "café"), (.operator, "+"), (.identifier, "变量"), (.operator, "+"), (.identifier, "😀"),
            (.operator, "+"), (.identifier, "Ωmega"), (.operator, "+"), (.identifier, "a\u{301}"),
        ])
        // Byte ranges, not character counts: `café` is 5 bytes, `变量` 6, `😀` 4.
        XCTAssertEqual(lexed("café 变量 😀").map(\.range), [0..<5, 6..<12, 13..<17])
    }

    // MARK: Keywords

    func testReservedWordsAreKeywordsAndContextualOnesIdentifiers() {
        assertTokens("let x: some P = self as Any", [
            (.keyword, "let"), (.identifier, "x"), (.colon, ":"), (.identifier, "some"), (.identifier, "P"), (.equal, "="),
            (.keyword, "self"), (.keyword, "as"), (.keyword, "Any"),
        ])
        assertTokens("var v: Int { get async throws }", [
            (.keyword, "var"), (.identifier, "v"), (.colon, ":"), (.identifier, "Int"), (.leftBrace, "{"),
            (.identifier, "get"), (.identifier, "async"), (.keyword, "throws"), (.rightBrace, "}"),
        ])
    }

    // MARK: Attributes

    func testAttributes() {
        assertTokens("@available(*, deprecated) @objc(foo:) @MainActor func f()", [
            (.atSign, "@"), (.identifier, "available"), (.leftParen, "("), (.operator, "*"), (.comma, ","),
            (.identifier, "deprecated"), (.rightParen, ")"), (.atSign, "@"), (.identifier, "objc"), (.leftParen, "("),
            (.identifier, "foo"), (.colon, ":"), (.rightParen, ")"), (.atSign, "@"), (.identifier, "MainActor"),
            (.keyword, "func"), (.identifier, "f"), (.leftParen, "("), (.rightParen, ")"),
        ])
    }

    // MARK: `#` directives

    func testCompilationDirectivesAreOneToken() {
        assertTokens("#if os(Linux)\n#elseif DEBUG\n#else\n#endif", [
            (.poundKeyword, "#if"), (.identifier, "os"), (.leftParen, "("), (.identifier, "Linux"), (.rightParen, ")"),
            (.poundKeyword, "#elseif"), (.identifier, "DEBUG"), (.poundKeyword, "#else"), (.poundKeyword, "#endif"),
        ])
        assertTokens("if #available(macOS 10.15, *) {}", [
            (.keyword, "if"), (.poundKeyword, "#available"), (.leftParen, "("), (.identifier, "macOS"),
            (.floatLiteral, "10.15"), (.comma, ","), (.operator, "*"), (.rightParen, ")"), (.leftBrace, "{"), (.rightBrace, "}"),
        ])
    }

    func testOtherPoundNamesArePoundThenName() {
        assertTokens("#selector(f) #file #externalMacro(module: \"M\")", [
            (.pound, "#"), (.identifier, "selector"), (.leftParen, "("), (.identifier, "f"), (.rightParen, ")"),
            (.pound, "#"), (.identifier, "file"), (.pound, "#"), (.identifier, "externalMacro"), (.leftParen, "("),
            (.identifier, "module"), (.colon, ":"), (.stringQuote, "\""), (.stringSegment, "M"), (.stringQuote, "\""),
            (.rightParen, ")"),
        ])
        // Only `#if` glued together is a directive.
        assertTokens("# if", [(.pound, "#"), (.keyword, "if")])
    }

    // MARK: Numbers

    func testIntegerLiterals() {
        assertTokens("0 42 1_000_000 0b1010 0o777 0xFF 0xff_ff 0b_1", [
            (.integerLiteral, "0"), (.integerLiteral, "42"), (.integerLiteral, "1_000_000"), (.integerLiteral, "0b1010"),
            (.integerLiteral, "0o777"), (.integerLiteral, "0xFF"), (.integerLiteral, "0xff_ff"), (.integerLiteral, "0b_1"),
        ])
        // Letters glued to a number make one (invalid) literal, as in the compiler.
        assertTokens("0b12 1a 0xg", [(.integerLiteral, "0b12"), (.integerLiteral, "1a"), (.integerLiteral, "0xg")])
    }

    func testFloatLiterals() {
        assertTokens("1.5 1e10 1E-5 1.5e+3 1_0.0_1e1_0 0x1p3 0x1.8p-2 0xA.Bp1", [
            (.floatLiteral, "1.5"), (.floatLiteral, "1e10"), (.floatLiteral, "1E-5"), (.floatLiteral, "1.5e+3"),
            (.floatLiteral, "1_0.0_1e1_0"), (.floatLiteral, "0x1p3"), (.floatLiteral, "0x1.8p-2"), (.floatLiteral, "0xA.Bp1"),
        ])
    }

    func testNumbersFollowedByMembersAndRanges() {
        assertTokens("0xff.description 1.foo 1.e5 1..<2 1...2 x.0", [
            (.integerLiteral, "0xff"), (.period, "."), (.identifier, "description"), (.integerLiteral, "1"), (.period, "."),
            (.identifier, "foo"), (.integerLiteral, "1"), (.period, "."), (.identifier, "e5"), (.integerLiteral, "1"),
            (.operator, "..<"), (.integerLiteral, "2"), (.integerLiteral, "1"), (.operator, "..."), (.integerLiteral, "2"),
            (.identifier, "x"), (.period, "."), (.integerLiteral, "0"),
        ])
        assertTokens("-1 + -1.5", [
            (.operator, "-"), (.integerLiteral, "1"), (.operator, "+"), (.operator, "-"), (.floatLiteral, "1.5"),
        ])
    }

    // MARK: Strings

    func testSingleLineStrings() {
        assertTokens(#"let s = "esc \" \\ \n \u{1F600}" + "" + 'c'"#, [
            (.keyword, "let"), (.identifier, "s"), (.equal, "="), (.stringQuote, "\""),
            (.stringSegment, #"esc \" \\ \n \u{1F600}"#), (.stringQuote, "\""), (.operator, "+"), (.stringQuote, "\""),
            (.stringQuote, "\""), (.operator, "+"), (.singleQuote, "'"), (.stringSegment, "c"), (.singleQuote, "'"),
        ])
    }

    func testMultiLineStringKeepsItsTextAsSegments() {
        let source = "let m = \"\"\"\n    one \"quoted\" \"\"two\"\"\n    \\\"\"\"\n    line \\\n    more\n    \"\"\""
        assertTokens(source, [
            (.keyword, "let"), (.identifier, "m"), (.equal, "="), (.multilineStringQuote, "\"\"\""),
            (.stringSegment, "\n    one \"quoted\" \"\"two\"\"\n    \\\"\"\"\n    line \\\n    more\n    "),
            (.multilineStringQuote, "\"\"\""),
        ])
    }

    func testRawStrings() {
        assertTokens(##"#"raw \(no) \#(yes) "q" \n"#"##, [
            (.rawStringDelimiter, "#"), (.stringQuote, "\""), (.stringSegment, #"raw \(no) "#), (.backslash, "\\"),
            (.rawStringDelimiter, "#"), (.leftParen, "("), (.identifier, "yes"), (.rightParen, ")"),
            (.stringSegment, #" "q" \n"#), (.stringQuote, "\""), (.rawStringDelimiter, "#"),
        ])
        assertTokens(###"##"two "# \#(no) \##(x)"##"###, [
            (.rawStringDelimiter, "##"), (.stringQuote, "\""), (.stringSegment, ##"two "# \#(no) "##), (.backslash, "\\"),
            (.rawStringDelimiter, "##"), (.leftParen, "("), (.identifier, "x"), (.rightParen, ")"), (.stringQuote, "\""),
            (.rawStringDelimiter, "##"),
        ])
        assertTokens(####"###"three "## \###(x)"###"####, [
            (.rawStringDelimiter, "###"), (.stringQuote, "\""), (.stringSegment, ###"three "## "###), (.backslash, "\\"),
            (.rawStringDelimiter, "###"), (.leftParen, "("), (.identifier, "x"), (.rightParen, ")"), (.stringQuote, "\""),
            (.rawStringDelimiter, "###"),
        ])
        assertTokens("#\"\"\"\n  a \"\"\" b\n  \"\"\"#", [
            (.rawStringDelimiter, "#"), (.multilineStringQuote, "\"\"\""), (.stringSegment, "\n  a \"\"\" b\n  "),
            (.multilineStringQuote, "\"\"\""), (.rawStringDelimiter, "#"),
        ])
    }

    func testInterpolationsNestSeveralDeepWithStringsAndClosures() {
        assertTokens(#""a\("b\("c\(d)")")e""#, [
            (.stringQuote, "\""), (.stringSegment, "a"), (.backslash, "\\"), (.leftParen, "("), (.stringQuote, "\""),
            (.stringSegment, "b"), (.backslash, "\\"), (.leftParen, "("), (.stringQuote, "\""), (.stringSegment, "c"),
            (.backslash, "\\"), (.leftParen, "("), (.identifier, "d"), (.rightParen, ")"), (.stringQuote, "\""),
            (.rightParen, ")"), (.stringQuote, "\""), (.rightParen, ")"), (.stringSegment, "e"), (.stringQuote, "\""),
        ])
        assertTokens(#""x \(f({ (v: Int) in "\(v)" }(1))) y""#, [
            (.stringQuote, "\""), (.stringSegment, "x "), (.backslash, "\\"), (.leftParen, "("), (.identifier, "f"),
            (.leftParen, "("), (.leftBrace, "{"), (.leftParen, "("), (.identifier, "v"), (.colon, ":"), (.identifier, "Int"),
            (.rightParen, ")"), (.keyword, "in"), (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("),
            (.identifier, "v"), (.rightParen, ")"), (.stringQuote, "\""), (.rightBrace, "}"), (.leftParen, "("),
            (.integerLiteral, "1"), (.rightParen, ")"), (.rightParen, ")"), (.rightParen, ")"), (.stringSegment, " y"),
            (.stringQuote, "\""),
        ])
        // Parentheses inside an interpolation do not close it.
        assertTokens(#""\((1 + 2) * (3))""#, [
            (.stringQuote, "\""), (.backslash, "\\"), (.leftParen, "("), (.leftParen, "("), (.integerLiteral, "1"),
            (.operator, "+"), (.integerLiteral, "2"), (.rightParen, ")"), (.operator, "*"), (.leftParen, "("),
            (.integerLiteral, "3"), (.rightParen, ")"), (.rightParen, ")"), (.stringQuote, "\""),
        ])
        // A multi-line string inside an interpolation of a single-line one.
        assertTokens("\"a\\(\"\"\"\n  x\n  \"\"\")b\"", [
            (.stringQuote, "\""), (.stringSegment, "a"), (.backslash, "\\"), (.leftParen, "("),
            (.multilineStringQuote, "\"\"\""), (.stringSegment, "\n  x\n  "), (.multilineStringQuote, "\"\"\""),
            (.rightParen, ")"), (.stringSegment, "b"), (.stringQuote, "\""),
        ])
    }

    // MARK: Regex literals

    func testBareRegexLiteralsWhereSwiftReadsThem() {
        assertTokens("let r = /ab+c/", [
            (.keyword, "let"), (.identifier, "r"), (.equal, "="), (.regexSlash, "/"), (.regexPattern, "ab+c"), (.regexSlash, "/"),
        ])
        assertTokens("f(/a/, [/b/])", [
            (.identifier, "f"), (.leftParen, "("), (.regexSlash, "/"), (.regexPattern, "a"), (.regexSlash, "/"), (.comma, ","),
            (.leftBracket, "["), (.regexSlash, "/"), (.regexPattern, "b"), (.regexSlash, "/"), (.rightBracket, "]"),
            (.rightParen, ")"),
        ])
        assertTokens(#"x.split(separator: /\s*,\s*/)"#, [
            (.identifier, "x"), (.period, "."), (.identifier, "split"), (.leftParen, "("), (.identifier, "separator"),
            (.colon, ":"), (.regexSlash, "/"), (.regexPattern, #"\s*,\s*"#), (.regexSlash, "/"), (.rightParen, ")"),
        ])
    }

    func testDivisionIsNotARegex() {
        assertTokens("a / b / c", [
            (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.operator, "/"), (.identifier, "c"),
        ])
        assertTokens("(a / b) / (c / d)", [
            (.leftParen, "("), (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.rightParen, ")"), (.operator, "/"),
            (.leftParen, "("), (.identifier, "c"), (.operator, "/"), (.identifier, "d"), (.rightParen, ")"),
        ])
        assertTokens("arr.map { $0 / 2 }.reduce(0, /)", [
            (.identifier, "arr"), (.period, "."), (.identifier, "map"), (.leftBrace, "{"), (.dollarIdentifier, "$0"),
            (.operator, "/"), (.integerLiteral, "2"), (.rightBrace, "}"), (.period, "."), (.identifier, "reduce"),
            (.leftParen, "("), (.integerLiteral, "0"), (.comma, ","), (.operator, "/"), (.rightParen, ")"),
        ])
        assertTokens("x /= 2", [(.identifier, "x"), (.operator, "/="), (.integerLiteral, "2")])
    }

    func testExtendedRegexLiterals() {
        assertTokens("#/a/b/# ##/a/#b/##", [
            (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "a/b"), (.regexSlash, "/"),
            (.regexPoundDelimiter, "#"), (.regexPoundDelimiter, "##"), (.regexSlash, "/"), (.regexPattern, "a/#b"),
            (.regexSlash, "/"), (.regexPoundDelimiter, "##"),
        ])
        assertTokens("#/\n  a+ / b\n/#", [
            (.regexPoundDelimiter, "#"), (.regexSlash, "/"), (.regexPattern, "\n  a+ / b\n"), (.regexSlash, "/"),
            (.regexPoundDelimiter, "#"),
        ])
    }

    // MARK: Comments

    func testLineAndNestedBlockComments() {
        assertTokens("a // line\n/// doc\n/* outer /* inner */ still */ b /**/c", [
            (.identifier, "a"), (.whitespace, " "), (.lineComment, "// line"), (.newline, "\n"), (.lineComment, "/// doc"),
            (.newline, "\n"), (.blockComment, "/* outer /* inner */ still */"), (.whitespace, " "), (.identifier, "b"),
            (.whitespace, " "), (.blockComment, "/**/"), (.identifier, "c"),
        ], trivia: true)
        // A comment inside an operator run ends the operator.
        assertTokens("a+/* c */b - a//c", [
            (.identifier, "a"), (.operator, "+"), (.blockComment, "/* c */"), (.identifier, "b"), (.whitespace, " "),
            (.operator, "-"), (.whitespace, " "), (.identifier, "a"), (.lineComment, "//c"),
        ], trivia: true)
    }

    // MARK: Operators and punctuation

    func testOperators() {
        assertTokens("a <=> b ∪ c .+. d ?? e &+ f ..< g", [
            (.identifier, "a"), (.operator, "<=>"), (.identifier, "b"), (.operator, "∪"), (.identifier, "c"),
            (.operator, ".+."), (.identifier, "d"), (.operator, "??"), (.identifier, "e"), (.operator, "&+"),
            (.identifier, "f"), (.operator, "..<"), (.identifier, "g"),
        ])
        assertTokens("x?.y!.z = !w -> v", [
            (.identifier, "x"), (.operator, "?"), (.period, "."), (.identifier, "y"), (.operator, "!"), (.period, "."),
            (.identifier, "z"), (.equal, "="), (.operator, "!"), (.identifier, "w"), (.arrow, "->"), (.identifier, "v"),
        ])
        assertTokens("prefix operator √\nlet r = √x", [
            (.identifier, "prefix"), (.keyword, "operator"), (.operator, "√"), (.keyword, "let"), (.identifier, "r"),
            (.equal, "="), (.operator, "√"), (.identifier, "x"),
        ])
    }

    func testPunctuation() {
        assertTokens("(a, b); [c: d] {e} @f #g \\h `i` `", [
            (.leftParen, "("), (.identifier, "a"), (.comma, ","), (.identifier, "b"), (.rightParen, ")"), (.semicolon, ";"),
            (.leftBracket, "["), (.identifier, "c"), (.colon, ":"), (.identifier, "d"), (.rightBracket, "]"),
            (.leftBrace, "{"), (.identifier, "e"), (.rightBrace, "}"), (.atSign, "@"), (.identifier, "f"), (.pound, "#"),
            (.identifier, "g"), (.backslash, "\\"), (.identifier, "h"), (.identifier, "`i`"), (.backtick, "`"),
        ])
    }

    // MARK: Merge-conflict markers

    func testConflictMarkerRegionIsOnePiece() {
        let source = "let a = 1\n<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> branch\nlet c = 4"
        assertLossless(Array(source.utf8))
        XCTAssertEqual(lexed(source).map(\.text), ["let", "a", "=", "1", "let", "c", "=", "4"])
        let marker = lexed(source, trivia: true).filter { $0.kind == .conflictMarker }
        XCTAssertEqual(marker.map(\.text), ["<<<<<<< HEAD\nlet b = 2\n=======\nlet b = 3\n>>>>>>> branch"])
        // Not at a line start, or never closed: plain operators.
        assertTokens("x <<<<<<< y", [(.identifier, "x"), (.operator, "<<<<<<<"), (.identifier, "y")])
        assertTokens("<<<<<<< only\nx", [(.operator, "<<<<<<<"), (.identifier, "only"), (.identifier, "x")])
    }

    // MARK: Shebang, BOM, line breaks, NUL, invalid UTF-8

    func testShebangOnlyAtTheStart() {
        assertTokens("#!/usr/bin/env swift\nprint(1)", [
            (.shebang, "#!/usr/bin/env swift"), (.newline, "\n"), (.identifier, "print"), (.leftParen, "("),
            (.integerLiteral, "1"), (.rightParen, ")"),
        ], trivia: true)
        assertTokens("x\n#!y", [(.identifier, "x"), (.pound, "#"), (.operator, "!"), (.identifier, "y")])
    }

    func testByteOrderMark() {
        assertTokens("\u{FEFF}let a", [(.byteOrderMark, "\u{FEFF}"), (.keyword, "let"), (.whitespace, " "), (.identifier, "a")],
                     trivia: true)
        XCTAssertEqual(lexed("\u{FEFF}let a", trivia: true).first?.range, 0..<3)
    }

    func testLineBreaks() {
        assertTokens("a\r\nb\rc\n\r\nd", [
            (.identifier, "a"), (.newline, "\r\n"), (.identifier, "b"), (.newline, "\r"), (.identifier, "c"),
            (.newline, "\n\r\n"), (.identifier, "d"),
        ], trivia: true)
        // A lone CR ends a single-line string (unterminated) like LF does.
        XCTAssertEqual(lexed("\"ab\rc\"").map(\.kind), [.stringQuote, .stringSegment, .identifier, .stringQuote])
        XCTAssertEqual(lexed("\"ab\rc\"").first?.unterminated, true)
    }

    func testNulBytes() {
        let bytes: [UInt8] = Array("a".utf8) + [0] + Array(" \"b".utf8) + [0] + Array("c\" //".utf8) + [0]
        assertLossless(bytes)
        XCTAssertEqual(lexed(bytes, trivia: true).map(\.kind), [
            .identifier, .unexpected, .whitespace, .stringQuote, .stringSegment, .stringQuote, .whitespace, .lineComment,
        ])
        XCTAssertEqual(lexed(bytes, trivia: true)[4].range, 4..<7)  // `b\0c` is one segment
    }

    func testInvalidUTF8() {
        let bytes: [UInt8] = Array("let ".utf8) + [0xFF] + Array(" = \"".utf8) + [0xC3, 0x28] + Array("\" // ".utf8)
            + [0xE2, 0x82] + Array("\n".utf8) + [0xED, 0xA0, 0x80, 0xC0, 0x80] + Array("x".utf8) + [0xC3]
        assertLossless(bytes)
        let pieces = lexed(bytes, trivia: true)
        XCTAssertEqual(pieces.map(\.kind), [
            .keyword, .whitespace, .unexpected, .whitespace, .equal, .whitespace, .stringQuote, .stringSegment, .stringQuote,
            .whitespace, .lineComment, .newline, .unexpected, .unexpected, .unexpected, .unexpected, .unexpected,
            .identifier, .unexpected,
        ])
        // Invalid bytes are cut one at a time, so each is reported where it is.
        XCTAssertEqual(pieces[12...16].map(\.range), [19..<20, 20..<21, 21..<22, 22..<23, 23..<24])
    }

    // MARK: Unterminated constructs

    func testUnterminatedConstructsAreFlaggedOnTheirOpeningPiece() {
        assertUnterminated("let a = \"abc", .stringQuote, "\"")
        assertUnterminated("let a = \"\"\"\nabc\n", .multilineStringQuote, "\"\"\"")
        assertUnterminated("let a = #\"abc\"", .rawStringDelimiter, "#")
        assertUnterminated("let a = ##\"abc\"#", .rawStringDelimiter, "##")
        assertUnterminated("a /* /* */ b", .blockComment, "/* /* */ b")
        assertUnterminated("let a = #/abc", .regexPoundDelimiter, "#")
        assertUnterminated("let a = 'abc", .singleQuote, "'")
        // An open interpolation leaves both the interpolation and its string open.
        let flagged = lexed("let a = \"\\(x", trivia: true).filter(\.unterminated)
        XCTAssertEqual(flagged.map(\.kind), [.stringQuote, .backslash])
    }

    func testSingleLineStringStopsAtTheLineBreakSoTheNextLineLexesNormally() {
        assertUnterminated("let a = \"abc\nlet b = 1", .stringQuote, "\"")
        XCTAssertEqual(lexed("let a = \"abc\nlet b = 1").suffix(4).map(\.kind), [.keyword, .identifier, .equal, .integerLiteral])
        // Even from inside an interpolation.
        let source = "let c = \"\\(f(x\nlet d = 2"
        XCTAssertEqual(lexed(source).suffix(4).map(\.kind), [.keyword, .identifier, .equal, .integerLiteral])
        XCTAssertEqual(lexed(source).filter(\.unterminated).map(\.kind), [.stringQuote, .backslash])
    }
}
