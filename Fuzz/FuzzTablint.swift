// libFuzzer entry point over the whole pure pipeline: tokenizer, readers, rules, formatter.
// Built by `Fuzz/build.sh`, which compiles this file together with the TablintKit sources into
// one module (so no `import TablintKit`). Not part of the Swift package.
//
// Each input is linted and fixed as a `*.tb.swift`, a `.swift` and a `.tbl` file. A property
// that fails traps, which libFuzzer reports as a crash and saves the input:
// - the tokenizer's pieces are non-empty, contiguous and cover the input;
// - linting never crashes and every diagnostic lies inside the file;
// - a fix changes only whitespace (`SafetyCheck`, after the inserted format-ignore line),
//   fixing the result changes nothing, and the formatter never reports an internal error.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops with a message on stderr; libFuzzer sees the trap as a crash and keeps the input.
func fuzzFailure(_ message: String) -> Never {
    fputs("FUZZ PROPERTY FAILED: \(message)\n", stderr)
    fatalError(message)
}

func checkTokenizer(_ bytes: [UInt8]) {
    var offset = 0
    for token in Tokenizer.tokenize(bytes) {
        guard token.start == offset, token.end > token.start else {
            fuzzFailure("tokenizer: piece \(token.kind) at \(token.start)..<\(token.end), expected start \(offset)")
        }
        offset = token.end
    }
    guard offset == bytes.count else { fuzzFailure("tokenizer: pieces end at \(offset), input at \(bytes.count)") }
}

/// `fixed` without the `// swift-format-ignore-file` line a fix inserts, or nil if it is not line 1.
func withoutDirective(_ original: SourceFile, _ fixed: [UInt8]) -> [UInt8]? {
    guard FormatIgnoreDirective.isMissing(in: original) else { return fixed }
    let bom: [UInt8] = original.bytes.starts(with: FormatIgnoreDirective.byteOrderMark) ? FormatIgnoreDirective.byteOrderMark : []
    let line = Array(FormatIgnoreDirective.directive.utf8) + FormatIgnoreDirective.lineEnding(of: original.bytes)
    guard fixed.starts(with: bom + line) else { return nil }
    return bom + fixed.dropFirst(bom.count + line.count)
}

func checkFile(_ file: SourceFile) {
    for diagnostic in Linter.lint(file) where diagnostic.path == file.path {
        guard diagnostic.start.offset >= 0, diagnostic.start.offset <= file.bytes.count else {
            fuzzFailure("\(file.path): diagnostic [\(diagnostic.code)] at offset \(diagnostic.start.offset) outside the file")
        }
    }
    switch Formatter.fix(file) {
    case .unchanged, .refused:
        break
    case .internalError(let message):
        fuzzFailure("\(file.path): formatter internal error: \(message)")
    case .fixed(let fixed):
        let shebang = Formatter.startsWithShebang(file.bytes)
        guard let aligned = shebang ? fixed : withoutDirective(file, fixed) else { fuzzFailure("\(file.path): the directive is not line 1") }
        if let problem = SafetyCheck.differences(file, aligned) { fuzzFailure("\(file.path): fix changed tokens: \(problem)") }
        guard aligned.filter({ $0 != 0x20 && $0 != 0x09 }) == file.bytes.filter({ $0 != 0x20 && $0 != 0x09 }) else {
            fuzzFailure("\(file.path): fix changed more than spaces and tabs")
        }
        checkTokenizer(fixed)
        guard Formatter.fix(SourceFile(path: file.path, bytes: fixed)) == .unchanged else {
            fuzzFailure("\(file.path): fixing twice differs from fixing once")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTablint(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = count > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: count)) : []
    checkTokenizer(bytes)
    for path in ["Fuzz.tb.swift", "Fuzz.swift", "fuzz.tbl"] {
        checkFile(SourceFile(path: path, bytes: bytes))
    }
    return 0
}
