import Foundation
import XCTest
@testable import TablintKit

/// A fresh directory under the system's temporary folder, removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init(_ test: XCTestCase) throws {
        let base = FileManager.default.temporaryDirectory.path
        path = FileWalker.join(base, "tablint-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        test.addTeardownBlock { [path] in
            // Give back the permissions a test removed from folders, top-down so a locked folder
            // can be listed, then delete everything. Symlinks are never followed here.
            var pending = [path]
            while let folder = pending.popLast() {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                    let child = FileWalker.join(folder, name)
                    let type = (try? FileManager.default.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
                    if type == .typeDirectory { pending.append(child) }
                }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Writes `bytes` at `relative`, creating folders on the way.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let full = FileWalker.join(path, relative)
        let folder = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return full
    }

    @discardableResult
    func write(_ relative: String, _ text: String = "let x = 1\n") throws -> String {
        try write(relative, Array(text.utf8))
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(
            atPath: FileWalker.join(path, relative), withIntermediateDirectories: true)
    }

    /// A symlink at `relative` whose target is `destination`, written as given (may be relative).
    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: FileWalker.join(path, relative), withDestinationPath: destination)
    }

    func chmod(_ relative: String, _ mode: Int) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: mode], ofItemAtPath: FileWalker.join(path, relative))
    }
}

/// Permission tests mean nothing for root, who reads everything.
func skipIfRoot() throws {
    try XCTSkipIf(getuid() == 0, "running as root: permissions do not stop reads")
}

final class FileWalkerTests: XCTestCase {
    func testWalksRecursivelyForSwiftAndFixtureFilesInByteOrder() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("b.swift")
        try dir.write("a.tb.swift")
        try dir.write("Sub/c.tbl")
        try dir.write("Sub/Deeper/d.swift")
        try dir.write("Z.swift")
        try dir.write("notes.txt")
        try dir.write("Package.resolved")
        try dir.write("swift")

        let walk = FileWalker().collect([dir.path])

        XCTAssertEqual(walk.files, [
            "Sub/Deeper/d.swift", "Sub/c.tbl", "Z.swift", "a.tb.swift", "b.swift",
        ].map { FileWalker.join(dir.path, $0) })
        XCTAssertEqual(walk.missing, [])
        XCTAssertEqual(walk.failures, [])
    }

    func testSkipsBuildAndDependencyFoldersAndHiddenEntries() throws {
        let dir = try TemporaryDirectory(self)
        for folder in [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".hidden", ".github"] {
            try dir.write("\(folder)/skipped.swift")
        }
        try dir.write("Sources/Pods/skipped.swift")
        try dir.write("Sources/._AppleDouble.swift", [0x00, 0x05, 0x16, 0x07])
        try dir.write(".hidden.swift")
        try dir.write("Sources/kept.swift")
        try dir.write("PodsLike/kept.swift")

        let walk = FileWalker().collect([dir.path])

        XCTAssertEqual(walk.files, [
            FileWalker.join(dir.path, "PodsLike/kept.swift"),
            FileWalker.join(dir.path, "Sources/kept.swift"),
        ])
    }

    func testAPathNamedExplicitlyIsAlwaysUsed() throws {
        let dir = try TemporaryDirectory(self)
        let text = try dir.write("notes.txt")
        let hidden = try dir.write(".hidden.swift")
        try dir.write(".build/generated.swift")

        let walk = FileWalker().collect([text, hidden, FileWalker.join(dir.path, ".build")])

        XCTAssertEqual(walk.files, [text, hidden, FileWalker.join(dir.path, ".build/generated.swift")])
    }

    func testPathsKeepTheSpellingTheUserGave() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Examples/Broken.tb.swift")

        XCTAssertEqual(
            FileWalker().collect([FileWalker.join(dir.path, "Examples")]).files,
            [FileWalker.join(dir.path, "Examples/Broken.tb.swift")])
        XCTAssertEqual(
            FileWalker().collect([FileWalker.join(dir.path, "Examples") + "/"]).files,
            [FileWalker.join(dir.path, "Examples/Broken.tb.swift")])
        XCTAssertEqual(
            FileWalker().collect([FileWalker.join(dir.path, "Examples/./")]).files,
            [FileWalker.join(dir.path, "Examples/./Broken.tb.swift")])
    }

    func testJoin() {
        XCTAssertEqual(FileWalker.join("Examples", "a.swift"), "Examples/a.swift")
        XCTAssertEqual(FileWalker.join("Examples/", "a.swift"), "Examples/a.swift")
        XCTAssertEqual(FileWalker.join("./x", "a.swift"), "./x/a.swift")
        XCTAssertEqual(FileWalker.join("/", "tmp"), "/tmp")
        XCTAssertEqual(FileWalker.join("", "a.swift"), "a.swift")
    }

    func testANonexistentPathIsReportedAsMissing() throws {
        let dir = try TemporaryDirectory(self)
        let real = try dir.write("a.swift")
        let missing = FileWalker.join(dir.path, "nope")
        let throughAFile = FileWalker.join(real, "child.swift")

        let walk = FileWalker().collect([missing, real, throughAFile])

        XCTAssertEqual(walk.missing, [missing, throughAFile])
        XCTAssertEqual(walk.files, [real])
    }

    func testASymlinkLoopTerminatesAndIsNotEntered() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Tree/a.swift")
        try dir.link("Tree/up", to: "..")
        try dir.link("Tree/self", to: ".")
        try dir.link("Tree/Ring1", to: "Ring2")
        try dir.link("Tree/Ring2", to: "Ring1")
        try dir.link("Tree/ring.swift", to: "ring.swift")

        let walk = FileWalker().collect([FileWalker.join(dir.path, "Tree")])

        XCTAssertEqual(walk.files, [FileWalker.join(dir.path, "Tree/a.swift")])
        XCTAssertEqual(walk.failures, [])
    }

    func testASymlinkToAFileIsFollowedAndADanglingOneSkipped() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Elsewhere/shared.swift")
        try dir.write("Tree/own.swift")
        try dir.link("Tree/linked.swift", to: "../Elsewhere/shared.swift")
        try dir.link("Tree/dangling.swift", to: "../Elsewhere/gone.swift")
        try dir.link("Tree/Linked", to: "../Elsewhere")

        let walk = FileWalker().collect([FileWalker.join(dir.path, "Tree")])

        XCTAssertEqual(walk.files, [
            FileWalker.join(dir.path, "Tree/linked.swift"),
            FileWalker.join(dir.path, "Tree/own.swift"),
        ])
        XCTAssertEqual(walk.failures, [])
    }

    func testASymlinkedDirectoryNamedExplicitlyIsWalked() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Real/a.swift")
        try dir.link("Alias", to: "Real")

        let walk = FileWalker().collect([FileWalker.join(dir.path, "Alias")])

        XCTAssertEqual(walk.files, [FileWalker.join(dir.path, "Alias/a.swift")])
    }

    func testEachFileIsListedOnceUnderTheFirstPathThatReachedIt() throws {
        let dir = try TemporaryDirectory(self)
        try dir.write("Examples/Broken/a.swift")
        try dir.write("Examples/b.swift")
        let examples = FileWalker.join(dir.path, "Examples")

        let walk = FileWalker().collect([
            examples, FileWalker.join(examples, "Broken"), FileWalker.join(dir.path, "./Examples"),
            FileWalker.join(examples, "b.swift"),
        ])

        XCTAssertEqual(walk.files, [
            FileWalker.join(examples, "Broken/a.swift"), FileWalker.join(examples, "b.swift"),
        ])
    }

    func testAnUnreadableDirectoryIsAFailureAndTheRestIsStillWalked() throws {
        try skipIfRoot()
        let dir = try TemporaryDirectory(self)
        try dir.write("Locked/a.swift")
        try dir.write("Open/b.swift")
        try dir.chmod("Locked", 0o000)

        let walk = FileWalker().collect([dir.path])

        XCTAssertEqual(walk.files, [FileWalker.join(dir.path, "Open/b.swift")])
        XCTAssertEqual(walk.failures.map(\.path), [FileWalker.join(dir.path, "Locked")])
        XCTAssertEqual(walk.failures.first?.message, "cannot read \(FileWalker.join(dir.path, "Locked")): Permission denied")
    }

    func testSystemErrorReasonsComeFromTheCLibrary() {
        XCTAssertEqual(SystemError(code: ENOENT).reason, "No such file or directory")
        XCTAssertEqual(SystemError(code: EACCES).reason, "Permission denied")
        XCTAssertEqual(
            PathFailure(path: "x.swift", error: SystemError(code: EACCES)).message,
            "cannot read x.swift: Permission denied")
    }
}
