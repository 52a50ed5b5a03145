import Foundation
import XCTest
@testable import TablintKit

/// What `--fix` does to the comments around a matrix, on the pairs of
/// `Tests/Fixtures/FixLayout`: trailing comments aligned before (with spaces or with tabs, as
/// an editor shows them) are aligned in one column after, a ragged set stays as written, and a
/// header's `//` stays in the block's indentation. The library's formatter accepts each result.
final class FixLayoutTests: XCTestCase {
    static let pairs = ["tab-comments", "space-comments", "ragged-comments", "header-indent"]

    func testEachBeforeFixesToItsAfterAndTheAfterStays() throws {
        for name in Self.pairs {
            let before = try Fixtures.source(Fixtures.url("FixLayout/\(name).before.tb.swift"), as: "\(name).tb.swift")
            let after = try Fixtures.source(Fixtures.url("FixLayout/\(name).after.tb.swift"), as: "\(name).tb.swift")
            XCTAssertEqual(TestRun.fix(before), .fixed(after.bytes), name)
            XCTAssertEqual(TestRun.fix(after), .unchanged, name)
        }
    }

    func testTheLibrarysFormatterAcceptsEachResult() throws {
        guard FileManager.default.isExecutableFile(atPath: FormatterCoexistenceTests.libraryFormatter) else {
            throw XCTSkip("tabular-center-fmt is not at \(FormatterCoexistenceTests.libraryFormatter)")
        }
        for name in Self.pairs {
            let copy = try FormatterCoexistenceTests.scratchCopy(Fixtures.url("FixLayout/\(name).after.tb.swift"))
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            let ran = try FormatterCoexistenceTests.run(FormatterCoexistenceTests.libraryFormatter, ["--check", copy.path])
            XCTAssertEqual(ran.status, 0, "\(name): \(ran.output)")
        }
    }
}
