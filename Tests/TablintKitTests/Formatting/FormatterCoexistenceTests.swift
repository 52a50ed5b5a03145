import Foundation
import XCTest
@testable import TablintKit

/// tablint beside the other programs that format the same files: the library's own
/// `tabular-center-fmt`, SwiftFormat and the toolchain's `swift-format`. Each test runs the
/// real program (skipped when it is absent) over every `*.tb.swift` fixture and example.
final class FormatterCoexistenceTests: XCTestCase {
    static let packageRoot = Fixtures.repositoryRoot
    static let sharedTools = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/tools")
    static let libraryFormatter = sharedTools.appendingPathComponent("tabular-center-fmt/tabular-center-fmt").path
    static let swiftFormatLint = sharedTools.appendingPathComponent("swiftformat/swiftformat").path

    /// Every `*.tb.swift` the project has: the fixtures (any folder) and the examples.
    static func matrixFiles() throws -> [URL] {
        var found: [URL] = []
        for folder in [packageRoot.appendingPathComponent("Tests/Fixtures"), packageRoot.appendingPathComponent("Examples")] {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.lastPathComponent.hasSuffix(".tb.swift") { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    struct Ran {
        var status: Int32
        var output: String
        /// `tabular-center-fmt` refused a file (its summary counts more than 0 refused).
        var refused: Bool { !output.contains(" 0 refused") && output.contains(" refused") }
    }

    /// Runs `executable arguments` with standard input closed, output and errors together.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("coexist-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try XCTUnwrap(FileHandle(forWritingAtPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        return Ran(status: process.terminationStatus, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// A scratch folder holding a copy of `url` under its own name.
    static func scratchCopy(_ url: URL) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coexist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(url.lastPathComponent.replacingOccurrences(of: ".before", with: "").replacingOccurrences(of: ".after", with: ""))
        try FileManager.default.copyItem(at: url, to: copy)
        return copy
    }

    /// `tablint --fix` in process, as the CLI runs it (the directive inserted, the file refused
    /// as a whole when it cannot be read with confidence).
    static func tablintFix(_ url: URL) throws {
        let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        switch TestRun.fix(file) {
        case .fixed(let bytes): try Data(bytes).write(to: url)
        case .internalError(let message): XCTFail("\(url.lastPathComponent): \(message)")
        case .unchanged, .refused: break
        }
    }

    /// The diagnostics that say the file is not laid out as tablint wants it.
    static func layoutDiagnostics(_ url: URL) throws -> [String] {
        let file = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        let layout: Set<String> = [Alignment().code, HeaderLabels().code, FormatIgnoreDirective().code]
        return TestRun.lint(file).filter { layout.contains($0.code) && $0.fix != nil }.map { "\($0.start): \($0.message) [\($0.code)]" }
    }

    // MARK: The library's canonical Turnstile

    /// `macros/SURFACE.md`'s first Swift block, as `tabular-center.md` §1.2 quotes it, copied
    /// into `Turnstile.tb.swift` below the directive line: correct code, whose only flaw is a
    /// column header 7 columns left of its cells. A warning, status 0.
    func testTheLibrarysCanonicalTurnstileGetsOnlyItsHeaderWarning() throws {
        let url = Fixtures.url("Surface/Turnstile.tb.swift")
        let executable = try XCTUnwrap(CLITests.executable, "run `swift build` first")
        let ran = try Self.run(executable.path, ["--no-config", "--no-color", url.path])
        XCTAssertEqual(ran.status, 0, ran.output)
        let lines = ran.output.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.contains(": note: ") }
        XCTAssertEqual(lines.count, 1, ran.output)
        XCTAssertTrue(lines.first?.hasSuffix("[tablint::header-labels]") ?? false, ran.output)
        XCTAssertTrue(lines.first?.contains("Turnstile.tb.swift:9:5: warning:") ?? false, ran.output)
    }

    // MARK: tabular-center-fmt

    /// The two formatters chained, in both orders, three rounds each: after the first round
    /// nothing changes, `tabular-center-fmt --check` passes and tablint has nothing to fix.
    func testTablintAndTheLibrarysFormatterSettleInOnePassInEitherOrder() throws {
        try FullSuite.require("runs tabular-center-fmt on every fixture")
        guard FileManager.default.isExecutableFile(atPath: Self.libraryFormatter) else {
            throw XCTSkip("tabular-center-fmt is not at \(Self.libraryFormatter)")
        }
        let files = try Self.matrixFiles()
        XCTAssertGreaterThanOrEqual(files.count, 20)
        var chained = 0
        for url in files {
            // A file the library's formatter refuses is left alone by both.
            let probe = try Self.scratchCopy(url)
            defer { try? FileManager.default.removeItem(at: probe.deletingLastPathComponent()) }
            if try Self.run(Self.libraryFormatter, ["--check", probe.path]).refused { continue }
            // CRLF is a named difference: the library's formatter strips the `\r` of the rows it rewrites.
            if try Data(contentsOf: url).contains(0x0D) { continue }
            chained += 1
            for tablintFirst in [true, false] {
                let copy = try Self.scratchCopy(url)
                defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
                let order = tablintFirst ? "tablint, then tabular-center-fmt" : "tabular-center-fmt, then tablint"
                var afterFirstRound: Data?
                for round in 1...3 {
                    if tablintFirst { try Self.tablintFix(copy) }
                    _ = try Self.run(Self.libraryFormatter, [copy.path])
                    if !tablintFirst { try Self.tablintFix(copy) }
                    let now = try Data(contentsOf: copy)
                    if let afterFirstRound {
                        XCTAssertEqual(String(decoding: now, as: UTF8.self), String(decoding: afterFirstRound, as: UTF8.self),
                                       "\(url.lastPathComponent) (\(order)): round \(round) changed it again")
                    } else {
                        afterFirstRound = now
                    }
                }
                let check = try Self.run(Self.libraryFormatter, ["--check", copy.path])
                XCTAssertEqual(check.status, 0, "\(url.lastPathComponent) (\(order)): \(check.output)")
                XCTAssertEqual(try Self.layoutDiagnostics(copy), [], "\(url.lastPathComponent) (\(order))")
            }
        }
        XCTAssertGreaterThanOrEqual(chained, 15)
    }

    /// What tablint writes passes `tabular-center-fmt --check`, but for the named differences:
    /// a wide character (the library's formatter counts it as one column, tablint as two), and
    /// a `@Row` line with two bindings.
    func testTablintsOutputPassesTheLibrarysCheck() throws {
        try FullSuite.require("runs tabular-center-fmt --check on every fixture")
        guard FileManager.default.isExecutableFile(atPath: Self.libraryFormatter) else {
            throw XCTSkip("tabular-center-fmt is not at \(Self.libraryFormatter)")
        }
        for url in try Self.matrixFiles() {
            let copy = try Self.scratchCopy(url)
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            try Self.tablintFix(copy)
            let bytes = try Data(contentsOf: copy)
            let check = try Self.run(Self.libraryFormatter, ["--check", copy.path])
            if check.refused || bytes.contains(0x0D) { continue }
            let hasWideCharacters = String(decoding: bytes, as: UTF8.self).contains { DisplayWidth.of($0) != 1 && $0 != "\n" && $0 != "\t" }
            if hasWideCharacters { continue }
            // The second named difference: a `@Row` line binding two arrays (`let s = [ … ],
            // spare = [ … ]`, which the library's reader accepts, taking the first): the
            // library's formatter lines up the last `[` of the line, tablint the row's own.
            let text = String(decoding: bytes, as: UTF8.self)
            let twoBindings = text.split(separator: "\n").contains { $0.contains("@Row(") && $0.components(separatedBy: "= [").count > 2 }
            if twoBindings { continue }
            XCTAssertEqual(check.status, 0, "\(url.lastPathComponent): \(check.output)")
        }
    }

    /// And what the library's formatter writes, tablint accepts as aligned.
    func testTablintAcceptsTheLibrarysFormatterOutput() throws {
        try FullSuite.require("reads tabular-center-fmt's output of every fixture")
        guard FileManager.default.isExecutableFile(atPath: Self.libraryFormatter) else {
            throw XCTSkip("tabular-center-fmt is not at \(Self.libraryFormatter)")
        }
        for url in try Self.matrixFiles() {
            let copy = try Self.scratchCopy(url)
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            let ran = try Self.run(Self.libraryFormatter, [copy.path])
            let crlf = try Data(contentsOf: url).contains(0x0D)
            if ran.refused || crlf { continue }
            let file = SourceFile(path: copy.lastPathComponent, bytes: Array(try Data(contentsOf: copy)))
            XCTAssertEqual(TestRun.lint(file).filter { $0.code == Alignment().code }.map(\.message), [], url.lastPathComponent)
        }
    }

    // MARK: swift-format and SwiftFormat

    /// The toolchain's `swift-format`, on PATH.
    static let appleSwiftFormat: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { $0 + "/swift-format" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// tablint's verdict on each leading-comment shape is swift-format's own: the file is left
    /// alone exactly when tablint finds the directive.
    func testTheDirectiveIsWhereTheRealSwiftFormatReadsIt() throws {
        try FullSuite.require("runs swift-format")
        let swiftFormat = try XCTUnwrap(Self.appleSwiftFormat.map { $0 }, "swift-format is not on PATH")
        // Two declarations: `// swift-format-ignore` protects only the first.
        let body = "let x   =   [1,    2]\nlet y   =   [1,    2]\n"
        for (prefix, honoured) in FormatIgnoreDirectiveTests.honoured.map({ ($0, true) }) + FormatIgnoreDirectiveTests.notHonoured.map({ ($0, false) }) {
            let url = try Self.scratchCopy(text: prefix + body, name: "T.tb.swift")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            let ran = try Self.run(swiftFormat, ["format", url.path])
            // Honoured: the file comes back as it is.
            // It drops blank lines before the first comment even then.
            XCTAssertEqual(ran.output == String((prefix + body).drop { $0 == "\n" }), honoured, "swift-format on \(prefix.debugDescription): \(ran.output)")
            let file = SourceFile(path: "T.tb.swift", text: prefix + body)
            XCTAssertEqual(FormatIgnoreDirective.missing(in: file).isEmpty, honoured, prefix.debugDescription)
        }
    }

    /// Every `*.tb.swift` fixture and example, fixed by `tablint --fix` where SwiftFormat is in
    /// use, goes through SwiftFormat (default rules) and `swift-format format` unchanged, and
    /// tablint has nothing left to fix on the result.
    func testSwiftFormatAndSwiftFormatLeaveEveryFixedMatrixAlone() throws {
        try FullSuite.require("runs SwiftFormat and swift-format on every fixed matrix")
        var settings = LintSettings.default
        settings.swiftFormatConfiguration = ".swiftformat"
        let swiftFormatLint = FileManager.default.isExecutableFile(atPath: Self.swiftFormatLint) ? Self.swiftFormatLint : nil
        let appleSwiftFormat = Self.appleSwiftFormat
        if swiftFormatLint == nil && appleSwiftFormat == nil { throw XCTSkip("neither SwiftFormat nor swift-format is installed") }
        var checked = 0
        for url in try Self.matrixFiles() {
            let original = SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
            let fixed: [UInt8]
            switch TestRun.fix(original, settings: settings) {
            case .fixed(let bytes): fixed = bytes
            case .unchanged: fixed = original.bytes
            case .refused: continue  // left untouched, and reported as unformattable
            case .internalError(let message): XCTFail("\(url.lastPathComponent): \(message)"); continue
            }
            if FormatIgnoreDirective.hasShebang(fixed) { continue }
            checked += 1
            if let swiftFormatLint {
                let copy = try Self.scratchCopy(text: String(decoding: fixed, as: UTF8.self), name: original.path)
                defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
                let ran = try Self.run(swiftFormatLint, ["--quiet", copy.path])
                XCTAssertEqual(ran.status, 0, ran.output)
                XCTAssertEqual(String(decoding: try Data(contentsOf: copy), as: UTF8.self), String(decoding: fixed, as: UTF8.self), "SwiftFormat changed \(url.lastPathComponent)")
            }
            if let appleSwiftFormat {
                let copy = try Self.scratchCopy(text: String(decoding: fixed, as: UTF8.self), name: original.path)
                defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
                let ran = try Self.run(appleSwiftFormat, ["format", "--in-place", copy.path])
                XCTAssertEqual(ran.status, 0, ran.output)
                let after = Array(try Data(contentsOf: copy))
                // swift-format drops a byte order mark; everything else must stay.
                let withoutBOM = fixed.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(fixed.dropFirst(3)) : fixed
                XCTAssertTrue(after == fixed || after == withoutBOM, "swift-format changed \(url.lastPathComponent)")
            }
            let result = SourceFile(path: original.path, bytes: fixed)
            let left = TestRun.lint(result, settings: settings).filter { $0.fix != nil && [Alignment().code, HeaderLabels().code, FormatIgnoreDirective().code].contains($0.code) }
            XCTAssertEqual(left.map(\.message), [], url.lastPathComponent)
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
    }

    static func scratchCopy(text: String, name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coexist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// `--align-swift`: SwiftFormat leaves a fixed ordinary file as it is, and swift-format
    /// leaves its matrix rows (it may still indent the rest to its own default).
    func testDeclarationDirectivesKeepTheFormattersOffAnOrdinaryFilesMatrices() throws {
        try FullSuite.require("runs SwiftFormat and swift-format")
        let fixed = try String(contentsOf: Fixtures.url("AlignSwift/Door.after.swift"), encoding: .utf8)
        let rows = fixed.split(separator: "\n").filter { $0.contains("[.") || $0.contains("[ .") }
        XCTAssertEqual(rows.count, 4)
        if FileManager.default.isExecutableFile(atPath: Self.swiftFormatLint) {
            let copy = try Self.scratchCopy(text: fixed, name: "Door.swift")
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            _ = try Self.run(Self.swiftFormatLint, ["--quiet", copy.path])
            XCTAssertEqual(try String(contentsOf: copy, encoding: .utf8), fixed, "SwiftFormat changed the protected file")
        }
        if let appleSwiftFormat = Self.appleSwiftFormat {
            let copy = try Self.scratchCopy(text: fixed, name: "Door.swift")
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            let output = try Self.run(appleSwiftFormat, ["format", copy.path]).output
            for row in rows { XCTAssertTrue(output.contains(row), "swift-format changed \(row):\n\(output)") }
        }
    }
}
