// libFuzzer entry point over the entry points the command line and the language server use:
// `Engine.run` (report and fix mode) and `LanguageServer.receive`. Built by `Tests/Fuzz/build.sh`,
// which compiles this file together with the TablintKit sources into one module (so no
// `import TablintKit`). Not part of the Swift package; `.ci/run` builds it and runs it briefly.
//
// It calls only a few public entry points, so that it keeps compiling while the engine's
// insides change. Each input is checked as a `*.tb.swift`, a `.swift` and a `.tbl` file in one
// run (so the cross-file checks see it too), and as the text of an open document and as raw
// bytes on the server's input. A property that fails traps, which libFuzzer reports as a
// crash and saves the input:
// - the tokenizer's pieces are non-empty, contiguous and cover the input;
// - no run crashes, every diagnostic lies inside its file;
// - a fix never empties a non-empty file, and fixing the fixed files changes nothing more.

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

func checkDiagnostics(_ outcome: Engine.Outcome, _ documents: [Engine.Document]) {
    for (file, document) in zip(outcome.files, documents) {
        let size = (file.fixed ?? document.bytes).count
        for diagnostic in file.diagnostics where diagnostic.path == document.path {
            guard diagnostic.start.offset >= 0, diagnostic.start.offset <= size else {
                fuzzFailure("\(document.path): diagnostic [\(diagnostic.code)] at offset \(diagnostic.start.offset) outside the file")
            }
        }
    }
}

func checkEngine(_ bytes: [UInt8]) {
    let documents = ["Fuzz.tb.swift", "Fuzz.swift", "fuzz.tbl"].map { Engine.Document(path: $0, bytes: bytes) }
    checkDiagnostics(Engine.run(documents, mode: .report), documents)
    for unsafeFixes in [false, true] {
        let fixing = Engine.run(documents, mode: .fix, unsafeFixes: unsafeFixes)
        checkDiagnostics(fixing, documents)
        var fixedDocuments = documents
        for (index, file) in fixing.files.enumerated() {
            guard let fixed = file.fixed else { continue }
            if fixed.isEmpty && !bytes.isEmpty { fuzzFailure("\(file.path): the fix emptied the file") }
            checkTokenizer(fixed)
            fixedDocuments[index].bytes = fixed
        }
        guard fixedDocuments != documents else { continue }
        let again = Engine.run(fixedDocuments, mode: .fix, unsafeFixes: unsafeFixes)
        for file in again.files where file.fixed != nil && file.failure == nil {
            fuzzFailure("\(file.path): fixing the fixed file changes it again (unsafe fixes: \(unsafeFixes))")
        }
    }
}

func frame(_ json: String) -> [UInt8] { FrameReader.frame(Array(json.utf8)) }

func checkLanguageServer(_ bytes: [UInt8]) {
    guard let server = try? LanguageServer(output: { _ in }) else { fuzzFailure("the language server did not start") }
    server.receive(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
    server.receive(frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
    let text = JSONValue.string(String(decoding: bytes, as: UTF8.self)).serialized
    let open = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/Fuzz.tb.swift","languageId":"swift","version":1,"text":"#.utf8)
    server.receive(FrameReader.frame(open + text + Array("}}}".utf8)))
    server.receive(frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///fuzz/Fuzz.tb.swift"},"options":{"tabSize":4,"insertSpaces":true}}}"#))
    // The input as raw bytes on the wire: frames, headers and bodies of any shape.
    server.receive(bytes)
    server.endOfInput()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTablint(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = count > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: count)) : []
    checkTokenizer(bytes)
    checkEngine(bytes)
    checkLanguageServer(bytes)
    return 0
}
