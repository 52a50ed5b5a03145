import Foundation
import XCTest
@testable import TablintKit

/// The lint speed-ups must not change a single finding. Each is checked against what it
/// replaced, on the repository's fixtures, examples and rule examples, the toolchain's
/// interfaces and seeded mutations:
///
/// * the reader shortcuts (`ReaderPolicy.shortcuts`: readers skipped when their starting token is
///   absent, dispatcher headers read only for functions with a `switch`, type scopes built
///   on demand) against the analysis with them off, which runs every reader everywhere;
/// * `SignificantTokens`, `TypeScopes` and `Encoding.firstProblem` against the previous
///   implementations, kept below as references.
final class ReaderShortcutTests: XCTestCase {
    // MARK: Inputs

    private static func repositoryFiles() -> [(name: String, bytes: [UInt8])] {
        TokenizerRoundTripTests.files(under: ["Tests/Fixtures", "Examples", "Sources", "Rules"])
            .map { ($0.lastPathComponent, TokenizerRoundTripTests.contents($0)) }
    }

    /// The bodies of the fenced blocks of `Rules/*.md`.
    private static func ruleExamples() -> [[UInt8]] {
        var examples: [[UInt8]] = []
        for document in TokenizerRoundTripTests.files(under: ["Rules"]) where document.pathExtension == "md" {
            guard let text = try? String(contentsOf: document, encoding: .utf8) else { continue }
            var body: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if let lines = body { examples.append(Array(lines.joined(separator: "\n").utf8) + [10]) }
                    body = body == nil ? [] : nil
                } else if body != nil {
                    body!.append(line)
                }
            }
        }
        return examples
    }

    /// The toolchain's interfaces, each content once (many are installed twice).
    private static func interfaces() -> [(name: String, bytes: [UInt8])] {
        var seen = Set<[UInt8]>()
        return CorpusTests.interfaceFiles().compactMap { url in
            let bytes = TokenizerRoundTripTests.contents(url)
            return seen.insert(bytes).inserted ? (url.lastPathComponent + ".swift", bytes) : nil
        }
    }

    // MARK: Shortcuts on and off

    private var compared = 0
    private var withDispatchers = 0
    private var withMatrices = 0

    /// Analyses `bytes` as `path` with the shortcuts (and the prefilter) and with neither, and
    /// fails if the analyses or the contexts' findings differ.
    private func assertSameAnalysis(
        _ bytes: [UInt8], path: String, settings: LintSettings = .default, _ label: @autoclosure () -> String,
        comparingContexts: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) {
        let source = SourceFile(path: path, bytes: bytes)
        guard Encoding.check(source) == nil else { return }
        compared += 1
        let fast = Engine.analyze(source, settings: settings)
        let full = Engine.analyze(source, settings: settings, readers: .everything)
        if fast != full {
            XCTFail("\(label()) as \(path): with the shortcuts \(fast.diagnostics.map(TextReporter.line(for:))), "
                + "summary \(fast.summary.matrices.count) matrices \(fast.summary.dispatchers.count) dispatchers; "
                + "without \(full.diagnostics.map(TextReporter.line(for:))), "
                + "summary \(full.summary.matrices.count) matrices \(full.summary.dispatchers.count) dispatchers",
                file: file, line: line)
        }
        guard comparingContexts else { return }
        let fastContext = LintContext(file: source, settings: settings)
        let fullContext = LintContext(file: source, settings: settings, readers: .all)
        if !fullContext.dispatchers.isEmpty { withDispatchers += 1 }
        if !fullContext.reading.matrices.isEmpty { withMatrices += 1 }
        XCTAssertEqual(fastContext.reading, fullContext.reading, label(), file: file, line: line)
        XCTAssertEqual(fastContext.dispatchers, fullContext.dispatchers, label(), file: file, line: line)
        XCTAssertEqual(fastContext.boundMatrices, fullContext.boundMatrices, label(), file: file, line: line)
    }

    private static let wideSettings: LintSettings = {
        var wide = LintSettings(extraDispatcherFunctions: ["handle", "route", "step", "f"])
        wide.alignsSwiftMatrices = true
        return wide
    }()

    func testTheRepositorysFilesAndRuleExamples() throws {
        try FullSuite.require("compares the reader shortcuts on every file of the repository")
        let files = Self.repositoryFiles()
        XCTAssertGreaterThan(files.count, 50)
        for (name, bytes) in files {
            assertSameAnalysis(bytes, path: name, name)
            assertSameAnalysis(bytes, path: "Ordinary.swift", settings: Self.wideSettings, name + " (wide settings)")
        }
        let examples = Self.ruleExamples()
        XCTAssertGreaterThan(examples.count, 50)
        for body in examples {
            assertSameAnalysis(body, path: "Example.tb.swift", "rule example")
            assertSameAnalysis(body, path: "Example.swift", settings: Self.wideSettings, "rule example (wide settings)")
        }
        XCTAssertGreaterThan(withDispatchers, 30, "too few inputs with dispatchers for this test to mean anything")
        XCTAssertGreaterThan(withMatrices, 100, "too few inputs with matrices for this test to mean anything")
    }

    func testTheToolchainsInterfaces() throws {
        try FullSuite.require("compares the reader shortcuts on the toolchain's .swiftinterface corpus")
        let files = Self.interfaces()
        try XCTSkipIf(files.isEmpty, "this toolchain ships no .swiftinterface files")
        for (name, bytes) in files {
            assertSameAnalysis(bytes, path: name, name, comparingContexts: false)
        }
        // `switch` is everywhere in them; every function with one is read with settings that
        // make many of them candidates.
        for (name, bytes) in files.prefix(4) {
            assertSameAnalysis(bytes, path: name, settings: LintSettings(extraDispatcherFunctions: ["next", "map", "index"]), name)
        }
    }

    /// Matrix and dispatcher code with the readers' starting tokens broken, moved and
    /// restored: inputs on both sides of every shortcut.
    func testSeededMutations() {
        let sources = (TokenizerRoundTripTests.files(under: ["Tests/Fixtures/Dispatcher", "Tests/Fixtures/TableLiteral",
                                                              "Tests/Fixtures/MachineEnum", "Examples"])
            .map(TokenizerRoundTripTests.contents) + Self.ruleExamples()).filter { !$0.isEmpty }
        let words = ["Table", "switch", "@Machine", "Machine", "func", "\"\"\"", "{", "}", "(", ")", "->", "Step"].map { Array($0.utf8) }
        let others = ["Tabl", "swtch", "@", "@ Machine", "funk", "\"\"", "", " ", "switch ", "func step", "-> Step<S>",
                      "{ switch x { } }", "enum Timer {", "struct R<S, A> {", "<", ">"].map { Array($0.utf8) }
        var random = SplitMix64(seed: 0x5EED_5417)
        for _ in 0..<600 {
            var bytes = sources[Int.random(in: 0..<sources.count, using: &random)]
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let word = words[Int.random(in: 0..<words.count, using: &random)]
                    if let at = Self.firstIndex(of: word, in: bytes, from: Int.random(in: 0...bytes.count, using: &random)) {
                        bytes.replaceSubrange(at..<(at + word.count), with: others[Int.random(in: 0..<others.count, using: &random)])
                    }
                case 1:
                    let piece = (words + others)[Int.random(in: 0..<(words.count + others.count), using: &random)]
                    bytes.insert(contentsOf: piece + [32], at: Int.random(in: 0...bytes.count, using: &random))
                default:
                    let at = Int.random(in: 0...bytes.count, using: &random)
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)))
                }
            }
            assertSameAnalysis(bytes, path: "Mutated.swift", "mutation")
            if Int.random(in: 0..<3, using: &random) == 0 {
                assertSameAnalysis(bytes, path: "Mutated.tb.swift", settings: Self.wideSettings, "mutation (wide settings)")
            }
        }
        XCTAssertGreaterThan(withDispatchers, 20, "too few mutations kept a dispatcher")
        XCTAssertGreaterThan(withMatrices, 100, "too few mutations kept a matrix")
    }

    func testReaderTriggersFindTheStartingTokens() {
        func triggers(_ text: String) -> ReaderTriggers {
            let file = SourceFile(path: "A.swift", text: text)
            return SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes)).triggers
        }
        XCTAssertTrue(triggers("let t = Table(machine: x)").table)
        XCTAssertFalse(triggers("let t = Tables(); let u = \"Table\"; // Table").table)
        XCTAssertTrue(triggers("@Machine enum E {}").machine)
        XCTAssertTrue(triggers("@ Machine enum E {}").machine)  // the reader itself rejects the space
        XCTAssertFalse(triggers("Machine(); @Machines enum E {}").machine)
        XCTAssertTrue(triggers("let s = \"\"\"\n  x\n  \"\"\"\n").multilineString)
        XCTAssertFalse(triggers("let s = \"x\" // \"\"\"").multilineString)
        XCTAssertEqual(triggers("switch a { }; `switch`; switch b {}").switches, [0, 7])
    }

    // MARK: The previous implementations

    func testSignificantTokensAndTypeScopesEqualThePreviousOnes() throws {
        var inputs = Self.repositoryFiles().map(\.bytes) + Self.ruleExamples()
        inputs += Self.interfaces().prefix(12).map(\.bytes)
        var random = SplitMix64(seed: 0x7E57)
        let pieces = ["{", "}", "(", ")", "[", "]", "enum E", "struct S<T, U: P>", "extension A.B", "actor X", "func f",
                      "\"", "\"\"\"", "/*", "`", "class", "protocol Q", ";", "let", "<", ">"]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8) + [32]
            }
            inputs.append(bytes)
        }
        var types = 0
        for bytes in inputs {
            let file = SourceFile(path: "A.swift", bytes: bytes)
            let pieces = Tokenizer.tokenize(bytes)
            let significant = SignificantTokens(file: file, pieces: pieces)
            let reference = ReferenceSignificantTokens(pieces: pieces)
            XCTAssertEqual(significant.tokens, reference.tokens)
            XCTAssertEqual(significant.partner.array, reference.partner)
            XCTAssertEqual(significant.unterminatedOffsets, reference.unterminatedOffsets)
            let scopes = TypeScopes(significant)
            let old = ReferenceTypeScopes(significant)
            for index in -1...significant.count {
                XCTAssertEqual(scopes.enclosingBrace(of: index), old.enclosingBrace(of: index))
                XCTAssertEqual(scopes.enclosingTypeName(of: index), old.enclosingTypeName(of: index))
                XCTAssertEqual(scopes.directTypeName(of: index), old.directTypeName(of: index))
                if index >= 0, index < significant.count {
                    XCTAssertEqual(scopes.isDeclarationLevel(index), old.isDeclarationLevel(index))
                    XCTAssertEqual(scopes.enclosingGenericNames(of: index), old.enclosingGenericNames(of: index))
                    if scopes.enclosingTypeName(of: index) != nil { types += 1 }
                }
            }
        }
        XCTAssertGreaterThan(types, 10_000)
    }

    func testEncodingFindsWhatTheByteByByteCheckFinds() {
        var random = SplitMix64(seed: 0xE7C0)
        let specials: [[UInt8]] = [[0], [0x80], [0xC3, 0xA9], [0xC3], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80],
                                   [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x7F], [0x01], [0xC0, 0xAF]]
        var inputs: [[UInt8]] = Self.repositoryFiles().map(\.bytes)
        // One special sequence at every position of the 8-byte scan, in ASCII of every length.
        for special in specials {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9] {
                    inputs.append([UInt8](repeating: 0x61, count: before) + special + [UInt8](repeating: 0x62, count: after))
                }
            }
        }
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    bytes += specials[Int.random(in: 0..<specials.count, using: &random)]
                } else {
                    bytes += [UInt8](repeating: UInt8.random(in: 0x20...0x7E, using: &random), count: Int.random(in: 0...17, using: &random))
                }
            }
            inputs.append(bytes)
        }
        var problems = 0
        for bytes in inputs {
            let found = Encoding.firstProblem(in: bytes)
            let expected = Self.referenceFirstProblem(bytes)
            XCTAssertEqual(found?.offset, expected?.offset, "\(bytes)")
            XCTAssertEqual(found?.length, expected?.length, "\(bytes)")
            XCTAssertEqual(found?.found, expected?.found, "\(bytes)")
            if expected != nil { problems += 1 }
        }
        XCTAssertGreaterThan(problems, 500)
    }

    /// `Encoding.firstProblem` as it was: one byte at a time.
    private static func referenceFirstProblem(_ bytes: [UInt8]) -> Encoding.Problem? {
        bytes.withUnsafeBufferPointer { buffer -> Encoding.Problem? in
            var index = 0
            while index < buffer.count {
                let lead = buffer[index]
                if lead >= 0x01 && lead < 0x80 { index += 1; continue }
                if lead == 0 { return Encoding.Problem(offset: index, length: 1, found: "a NUL byte (binary file?)") }
                let length = Encoding.utf8SequenceLength(buffer, at: index)
                if length == 0 {
                    let hex = String(lead, radix: 16, uppercase: true)
                    return Encoding.Problem(offset: index, length: 1, found: "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex)")
                }
                index += length
            }
            return nil
        }
    }

    private static func firstIndex(of word: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !word.isEmpty, bytes.count >= word.count, start <= bytes.count - word.count else { return nil }
        for index in start...(bytes.count - word.count) where bytes[index] == word[0] {
            if bytes[index..<(index + word.count)].elementsEqual(word) { return index }
        }
        return nil
    }
}

/// `SignificantTokens.init` as it was: filters, then pairs brackets.
private struct ReferenceSignificantTokens {
    let tokens: [Token]
    let partner: [Int]
    let unterminatedOffsets: [Int]

    init(pieces: [Token]) {
        let tokens = pieces.filter { !$0.isTrivia }
        unterminatedOffsets = pieces.filter(\.isUnterminated).map(\.start)
        var partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                open.append(index)
            case .rightParen, .rightBracket, .rightBrace:
                if let last = open.last, SignificantTokens.closer(of: tokens[last].kind) == token.kind {
                    partner[index] = last
                    partner[last] = index
                    open.removeLast()
                }
            default:
                break
            }
        }
        self.tokens = tokens
        self.partner = partner
    }
}

/// `TypeScopes` as it was: dictionaries keyed by brace, every keyword and identifier tested.
private struct ReferenceTypeScopes {
    private var enclosingBrace: [Int32]
    private var typeNames: [Int: String] = [:]
    private var nearestType: [Int: Int] = [:]
    private var typeGenerics: [Int: Set<String>] = [:]

    private static let headBreakers: Set<String> = [
        "func", "var", "let", "case", "init", "subscript", "typealias", "import", "return", "deinit",
    ]

    init(_ tokens: SignificantTokens) {
        enclosingBrace = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        var pendingType: String?
        var pendingGenerics: Set<String> = []
        var pendingExtension = false
        var inWhere = false
        var extensions: [Int: String] = [:]
        var index = 0
        while index < tokens.count {
            enclosingBrace[index] = Int32(truncatingIfNeeded: open.last ?? -1)
            let kind = tokens.kind(index)
            switch kind {
            case .leftBrace:
                let parentType = open.last.flatMap { nearestType[$0] } ?? -1
                if let name = pendingType {
                    typeNames[index] = name
                    nearestType[index] = index
                    if !pendingGenerics.isEmpty { typeGenerics[index] = pendingGenerics }
                    if pendingExtension { extensions[index] = name }
                } else {
                    nearestType[index] = parentType
                }
                pendingType = nil
                inWhere = false
                open.append(index)
            case .rightBrace:
                if let last = open.last, tokens.partner[index] == last { open.removeLast() }
                pendingType = nil
            case .semicolon:
                pendingType = nil
            case .keyword, .identifier:
                if let name = Self.declaredTypeName(tokens, at: index) {
                    pendingType = name
                    pendingExtension = tokens.text(index) == "extension"
                    pendingGenerics = Self.genericParameters(tokens, after: index + 1)
                    inWhere = false
                } else if pendingType != nil, kind == .keyword, tokens.text(index) == "where" {
                    inWhere = true
                } else if pendingType != nil, kind == .keyword, Self.headBreakers.contains(tokens.text(index)) {
                    pendingType = nil
                } else if inWhere, pendingType != nil, kind == .identifier {
                    let before = index >= 2 && tokens.kind(index - 1) == .period && tokens.text(index - 2) == "Self" ? index - 3 : index - 1
                    if before >= 0, tokens.kind(before) == .comma || tokens.text(before) == "where" {
                        pendingGenerics.insert(SignificantTokens.unticked(tokens.text(index)))
                    }
                } else if kind == .keyword, tokens.text(index) == "associatedtype", tokens.kind(index + 1) == .identifier,
                    let body = open.last, typeNames[body] != nil
                {
                    typeGenerics[body, default: []].insert(SignificantTokens.unticked(tokens.text(index + 1)))
                }
            default:
                break
            }
            index += 1
        }
        // An extension shares the generic parameters a declaration of its type in the file gives.
        for (brace, name) in extensions {
            for (other, generics) in typeGenerics where typeNames[other] == name && extensions[other] == nil {
                typeGenerics[brace, default: []].formUnion(generics)
            }
        }
    }

    private static func declaredTypeName(_ tokens: SignificantTokens, at index: Int) -> String? {
        guard tokens.kind(index + 1) == .identifier else { return nil }
        if tokens.kind(index) == .keyword {
            guard tokens.isText(index, "enum") || tokens.isText(index, "struct") || tokens.isText(index, "class")
                || tokens.isText(index, "protocol") || tokens.isText(index, "extension")
            else { return nil }
        } else if !tokens.isText(index, "actor") {
            return nil
        }
        var last = index + 1
        if tokens.isText(index, "extension") {
            while tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier { last += 2 }
        }
        return SignificantTokens.unticked(tokens.text(last))
    }

    private static func genericParameters(_ tokens: SignificantTokens, after nameIndex: Int) -> Set<String> {
        var index = nameIndex + 1
        guard tokens.kind(index) == .operator, tokens.text(index).hasPrefix("<") else { return [] }
        var names = Set<String>()
        var depth = 0
        while index < tokens.count {
            switch tokens.kind(index) {
            case .operator:
                for character in tokens.text(index).utf8 {
                    if character == UInt8(ascii: "<") { depth += 1 }
                    if character == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return names }
            case .identifier:
                let previous = index - 1
                let opensClause = tokens.kind(previous) == .operator && tokens.text(previous).hasSuffix("<")
                if depth == 1 && (opensClause || tokens.kind(previous) == .comma) {
                    names.insert(SignificantTokens.unticked(tokens.text(index)))
                }
            case .leftBrace, .rightBrace, .semicolon, nil:
                return names
            default:
                break
            }
            index += 1
        }
        return names
    }

    func enclosingGenericNames(of index: Int) -> Set<String> {
        var names = Set<String>()
        var brace = enclosingBrace(of: index)
        while let current = brace {
            if let generics = typeGenerics[current] { names.formUnion(generics) }
            brace = enclosingBrace(of: current)
        }
        return names
    }

    func enclosingBrace(of index: Int) -> Int? {
        guard index >= 0, index < enclosingBrace.count, enclosingBrace[index] >= 0 else { return nil }
        return Int(enclosingBrace[index])
    }

    func enclosingTypeName(of index: Int) -> String? {
        guard let brace = enclosingBrace(of: index), let type = nearestType[brace], type >= 0 else { return nil }
        return typeNames[type]
    }

    func isDeclarationLevel(_ index: Int) -> Bool {
        guard let brace = enclosingBrace(of: index) else { return true }
        return typeNames[brace] != nil
    }

    func directTypeName(of index: Int) -> String? {
        enclosingBrace(of: index).flatMap { typeNames[$0] }
    }
}
