import XCTest
@testable import TablintKit

final class KeywordsTests: XCTestCase {
    private func has(_ set: WordSet, _ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { set.contains($0) }
    }

    func testWordSetHoldsExactlyItsWords() {
        let set = WordSet(["do", "in", "init", "inout", "precedencegroup"])
        for word in ["do", "in", "init", "inout", "precedencegroup"] { XCTAssertTrue(has(set, word), word) }
        // Same length, first and last byte as a member, prefixes, extensions, empty, too long.
        for word in ["dn", "it", "ini", "inits", "iNout", "precedencegrouP", "precedencegroupx", "", "d", "associatedtypes!"] {
            XCTAssertFalse(has(set, word), word)
        }
    }

    func testEveryReservedWordIsFoundAndContextualOnesAreNot() {
        for word in Keywords.reserved { XCTAssertTrue(has(Keywords.reservedSet, word), word) }
        for word in ["get", "set", "some", "any", "async", "await", "open", "Type", "lets", "Let", "_", "self_"] {
            XCTAssertFalse(has(Keywords.reservedSet, word), word)
        }
    }
}
