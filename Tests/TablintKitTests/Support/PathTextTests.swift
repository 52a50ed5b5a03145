import XCTest
@testable import TablintKit

/// `PathText.normalised` returns a path that is already normal as it is (a look at its bytes)
/// and works out any other; both give what splitting and joining gives.
final class PathTextTests: XCTestCase {
    /// The normal form by splitting and joining, as `normalised` defines it.
    private func splitAndJoined(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    func testNormalPathsComeBackAsTheyAreAndOthersAreNormalised() {
        let paths = ["/", "/a", "/a/b.swift", "/a/", "//a", "/a//b", "/./a", "/a/.", "/a/..", "/a/../b", "/...", "/a/.b",
                     "/a/..b/c", "/..", "a/b", "", "/é/ü.swift", "/a/b/", "/.hidden/x"]
        for path in paths where path.hasPrefix("/") {
            XCTAssertEqual(PathText.normalised(path), splitAndJoined(path), path)
            XCTAssertEqual(PathText.isNormal(path), splitAndJoined(path) == path, path)
        }
        XCTAssertFalse(PathText.isNormal("a/b"), "relative")
        XCTAssertEqual(PathText.normalised("a/./b"), "/a/b")
    }
}
