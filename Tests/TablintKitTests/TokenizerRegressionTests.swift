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
}
