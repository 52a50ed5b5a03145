#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// `tablint lsp`: a Language Server Protocol 3.17 server over standard input and output.
///
/// Bytes in (`receive`), framed messages out (the `output` closure): the same object runs
/// behind the binary (`runStandardIO`) and in tests. It is single-threaded; each batch of
/// bytes is read into messages, a `$/cancelRequest` in the batch cancels the requests before
/// it that are still waiting, the messages are handled in order, and diagnostics are published
/// once at the end of the batch for every document whose diagnostics changed (so a burst of
/// `didChange` notifications is linted once).
///
/// A JSON-RPC 2.0 batch (a body that is a JSON array; LSP clients do not send them, but the
/// base protocol is JSON-RPC's) is answered as the JSON-RPC specification says: its messages
/// are handled in order, their responses go out together as one array in one frame (none
/// when all were notifications), and an empty array gets one `InvalidRequest`. This fits the
/// single-threaded loop as it is: a batch is a run of messages whose responses are held back.
final class LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    struct ResponseError: Error {
        var code: ErrorCode
        var message: String

        init(_ code: ErrorCode, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    enum Phase { case waitingForInitialize, running, shutDown }

    /// The options that `tablint lsp` and `initializationOptions` share.
    struct ServerOptions {
        var options = Options()
        var unsafeFixes = false
        var inlayHints = true
    }

    private let output: ([UInt8]) -> Void
    private(set) var reader = FrameReader()
    private(set) var phase = Phase.waitingForInitialize
    /// Set by `exit` (0 after `shutdown`, 1 without) or by the end of the input.
    private(set) var exitStatus: Int32?
    private(set) var encoding = PositionEncoding.utf16
    var serverOptions: ServerOptions
    let currentDirectory: String
    var configuration: ServerConfiguration
    var clientCapabilities: JSONValue = .null

    /// Open documents by identity (`DocumentIdentity`: the real path).
    var documents: [String: OpenDocument] = [:]
    /// The workspace folders, as absolute paths (real paths).
    var roots: [String] = []
    /// Every document of the run, open or not, as the command line would lint the workspace
    /// folders: the one analysis behind diagnostics, formatting and code actions.
    var workspace: Workspace
    /// What hover and definition know of each machine's behaviour: the workspace's graphs
    /// (a test completes them with outcomes read from code).
    var machineGraphs: (Workspace) -> [MachineGraph] = { $0.machineGraphs() }
    private var indexed = false
    /// The URI the client spells each document with, once it has opened it (kept after it is
    /// closed, so its diagnostics go on being published under the one spelling it knows).
    private var clientURIs: [String: String] = [:]
    /// The `file:` URI of each path published under its own spelling, worked out once.
    private var fileURIs: [String: String] = [:]
    /// The diagnostics last published per URI, as sent, to send only what changed.
    private var published: [String: JSONValue] = [:]
    private var publishedVersions: [String: Int] = [:]
    /// The diagnostics last turned into JSON, per identity: a file whose diagnostics did not
    /// change is not converted (nor read from disk for its columns) again.
    private var lastDiagnostics: [String: [Diagnostic]] = [:]
    private var needsPublishing = false
    /// The analyses of open documents replaced since the last batch (`releaseRetired`).
    private var retired: [Workspace.Entry] = []
    private var nextOutgoingID = 1

    /// A document the client has open: its text as the client holds it.
    final class OpenDocument {
        let uri: String
        /// Its identity, the path it is configured and reported by: the file's real path, or
        /// for an `untitled:` document a name in the current directory with its language's
        /// extension.
        let path: String
        let languageId: String
        var version: Int
        var text: TextBuffer
        /// Cached until the text or the configuration changes.
        var selectionCache: ServerConfiguration.Selection?

        init(uri: String, path: String, languageId: String, version: Int, text: [UInt8]) {
            self.uri = uri
            self.path = path
            self.languageId = languageId
            self.version = version
            self.text = TextBuffer(text)
        }

        var file: SourceFile { SourceFile(path: path, bytes: text.bytes) }
    }

    /// `arguments`: what follows `tablint lsp` on the command line.
    /// `rules`: the rules the workspace runs (all of them; tests give others).
    convenience init(
        arguments: [String] = [], currentDirectory: String = ConfigurationLookup.currentDirectory(),
        output: @escaping ([UInt8]) -> Void
    ) throws {
        try self.init(arguments: arguments, currentDirectory: currentDirectory, rules: RuleRegistry.all, output: output)
    }

    init(arguments: [String], currentDirectory: String, rules: [Rule], output: @escaping ([UInt8]) -> Void) throws {
        workspace = Workspace(rules: rules, checksByGroup: true)
        serverOptions = try Self.parse(arguments)
        self.currentDirectory = currentDirectory
        self.output = output
        configuration = ServerConfiguration(options: serverOptions.options, currentDirectory: currentDirectory)
        // A document's deferred declarations are read from the text the workspace analysed: the
        // open buffer, else the file.
        workspace.rereading = { [unowned self] path in
            if let document = documents[path] { return .success(document.text.bytes) }
            return FileIO.readFile(path)
        }
    }

    static let usage = """
        USAGE: tablint lsp [--config PATH | --no-config] [--dispatcher NAME ...] [--unsafe-fixes] [--no-inlay-hints] [file options]

        Run tablint as a language server (LSP 3.17) on standard input and output. Options may also be
        given as initializationOptions: config, noConfig, dispatcher (a list), unsafeFixes, inlayHints.
        The file options (--include, --exclude, --disable, --enable, --severity, --align-swift) apply
        as on the command line.

        """

    /// The command line of `tablint lsp`: the CLI's configuration and file options, and
    /// `--unsafe-fixes` (offer unsafe fixes as code actions).
    static func parse(_ arguments: [String]) throws -> ServerOptions {
        var result = ServerOptions()
        var rest: [String] = []
        for argument in arguments {
            switch argument {
            case "--unsafe-fixes": result.unsafeFixes = true
            case "--no-inlay-hints": result.inlayHints = false
            default: rest.append(argument)
            }
        }
        let allowed = OptionParser.options.filter { !Set($0.names).isDisjoint(with: ["--config", "--no-config", "--help"]) }
            + OptionParser.fileOptionSpecs
        for argument in rest where argument.hasPrefix("-") {
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if !allowed.contains(where: { $0.names.contains(name) }), OptionParser.option(named: name) != nil {
                throw UsageError("'\(name)' does not apply to 'tablint lsp'")
            }
        }
        result.options = try OptionParser.parse(rest, allowed: allowed, allowsPaths: false)
        return result
    }

    // MARK: - Bytes in, bytes out

    func receive<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard exitStatus == nil else { return }
        var messages: [Result<JSONValue, ResponseError>] = []
        for event in reader.feed(bytes) {
            switch event {
            case .body(let body):
                do {
                    let (value, loneSurrogate) = try JSONValue.parseNotingLoneSurrogates(body)
                    if loneSurrogate, case .string(let id)? = value["id"], id.unicodeScalars.contains("\u{FFFD}") {
                        // Its response could not carry the id the client sent (a Swift string holds no lone surrogate).
                        messages.append(.failure(ResponseError(
                            .invalidRequest, "the request id holds a lone surrogate escape (\\uD800 to \\uDFFF without its other half), which no response can echo unchanged; use an integer or a string of whole characters")))
                        continue
                    }
                    messages.append(.success(value))
                } catch let error as JSONValue.ParseError {
                    messages.append(.failure(ResponseError(.parseError, "the body is not JSON: \(error.message) at byte \(error.offset)")))
                } catch {
                    messages.append(.failure(ResponseError(.parseError, "the body is not JSON")))
                }
            case .refused(let length):
                let message = "a frame of \(length) bytes is over the limit of \(FrameReader.maximumBodyBytes) bytes; its body is skipped unread"
                log(message, type: .error)
                messages.append(.failure(ResponseError(.invalidRequest, message)))
            case .malformedHeader(let why):
                messages.append(.failure(ResponseError(.parseError, "a malformed frame header was dropped: \(why)")))
            }
        }
        // A cancellation in these bytes (or in a JSON-RPC batch among them) cancels the
        // requests before it that have not run yet.
        var cancelled = Set<JSONValue>()
        for case .success(let body) in messages {
            for message in body.arrayValue ?? [body] where message["method"]?.stringValue == "$/cancelRequest" {
                if let id = message["params"]?["id"], id.isRequestID { cancelled.insert(id) }
            }
        }
        for message in messages {
            guard exitStatus == nil else { return }
            switch message {
            case .failure(let error): send(Self.errorResponse(id: .null, error))
            case .success(.array(let batch)): handleBatch(batch, cancelled: cancelled)
            case .success(let value):
                if let response = handle(value, cancelled: cancelled) { send(response) }
            }
        }
        publishIfNeeded()
        releaseRetired()
    }

    /// Lets the analyses replaced in this batch go on another thread, once their successors'
    /// diagnostics are out: freeing a big matrix's tokens, rows and layout is no part of the
    /// time from a keystroke to its diagnostics.
    private func releaseRetired() {
        guard !retired.isEmpty else { return }
        let batch = retired
        retired = []
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(batch) {} }
    }

    /// A JSON-RPC batch: the responses of its messages in one array, in their order. An `exit`
    /// in it ends the batch; the responses of the requests before it still go out.
    private func handleBatch(_ batch: [JSONValue], cancelled: Set<JSONValue>) {
        guard !batch.isEmpty else {
            send(Self.errorResponse(id: .null, ResponseError(.invalidRequest, "an empty JSON-RPC batch (a batch needs at least one message)")))
            return
        }
        var responses: [JSONValue] = []
        for message in batch {
            guard exitStatus == nil else { break }
            if let response = handle(message, cancelled: cancelled) { responses.append(response) }
        }
        if !responses.isEmpty { send(.array(responses)) }
    }

    /// The input ended: as `exit`, with status 0 only after `shutdown`.
    func endOfInput() {
        guard exitStatus == nil else { return }
        if let unfinished = reader.finish() { log(unfinished, type: .warning) }
        exitStatus = phase == .shutDown ? 0 : 1
    }

    private func send(_ message: JSONValue) {
        output(FrameReader.frame(message.serialized))
    }

    static func resultResponse(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    static func errorResponse(id: JSONValue, _ error: ResponseError) -> JSONValue {
        .object([
            "jsonrpc": .string("2.0"), "id": id,
            "error": .object(["code": .int(error.code.rawValue), "message": .string(error.message)]),
        ])
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    }

    func request(_ method: String, _ params: JSONValue) {
        send(.object(["jsonrpc": .string("2.0"), "id": .int(nextOutgoingID), "method": .string(method), "params": params]))
        nextOutgoingID += 1
    }

    enum MessageType: Int { case error = 1, warning = 2, info = 3, log = 4 }

    /// Everything the server has to say goes here, never to standard output.
    func log(_ message: String, type: MessageType = .log) {
        notify("window/logMessage", .object(["type": .int(type.rawValue), "message": .string(message)]))
    }

    func show(_ message: String, type: MessageType) {
        notify("window/showMessage", .object(["type": .int(type.rawValue), "message": .string(message)]))
    }

    // MARK: - Dispatch

    /// One message handled; its response, if it has one (a notification or a response to one
    /// of the server's requests has none).
    private func handle(_ message: JSONValue, cancelled: Set<JSONValue>) -> JSONValue? {
        guard case .object(let members) = message else {
            return Self.errorResponse(id: .null, ResponseError(.invalidRequest, "a message must be a JSON object"))
        }
        let id = members["id"]
        guard let method = members["method"]?.stringValue else {
            // A response to one of the server's requests (registerCapability, refresh): nothing to do.
            if id != nil, members["result"] != nil || members["error"] != nil { return nil }
            return Self.errorResponse(
                id: id.flatMap { $0.isRequestID ? $0 : nil } ?? .null, ResponseError(.invalidRequest, "a request needs a method name (a string)"))
        }
        let params = members["params"] ?? .null
        if let id {
            // A request sees, and follows, the diagnostics of every change before it.
            publishIfNeeded()
            guard id.isRequestID else {
                return Self.errorResponse(id: .null, ResponseError(.invalidRequest, Self.badIDMessage(id)))
            }
            if cancelled.contains(id) {
                return Self.errorResponse(id: id, ResponseError(.requestCancelled, "\(method) was cancelled before it ran"))
            }
            do {
                return Self.resultResponse(id: id, try respond(to: method, params))
            } catch let error as ResponseError {
                return Self.errorResponse(id: id, error)
            } catch {
                return Self.errorResponse(id: id, ResponseError(.internalError, "\(error)"))
            }
        } else {
            do {
                try notified(method, params)
            } catch let error as ResponseError {
                log("\(method): \(error.message)", type: .error)
            } catch {
                log("\(method): \(error)", type: .error)
            }
            return nil
        }
    }

    /// Why an id is refused. A number that is not an integer of at most 64 bits (a fraction,
    /// an exponent, `-0`, or more digits) could only be echoed as a Double, which is not the
    /// value the client sent, so it is refused rather than answered under a changed id (LSP's
    /// ids are integers or strings; JSON-RPC answers an unreadable id with a null one).
    static func badIDMessage(_ id: JSONValue) -> String {
        if case .number = id {
            return "a request id must be a string or an integer of at most 64 bits written without a fraction or an exponent, "
                + "so that its response can carry the same id; this one is a number that is not"
        }
        return "a request id must be an integer or a string, not \(String(decoding: id.serialized.prefix(40), as: UTF8.self))"
    }

    private func respond(to method: String, _ params: JSONValue) throws -> JSONValue {
        switch phase {
        case .waitingForInitialize:
            guard method == "initialize" else {
                throw ResponseError(.serverNotInitialized, "the server is waiting for initialize, not \(method)")
            }
            return initialize(params)
        case .shutDown:
            throw ResponseError(.invalidRequest, "the server was shut down; only exit is expected, not \(method)")
        case .running:
            break
        }
        switch method {
        case "initialize": throw ResponseError(.invalidRequest, "initialize was already received")
        case "shutdown":
            phase = .shutDown
            return .null
        case "textDocument/formatting": return try formatting(params, range: nil)
        case "textDocument/rangeFormatting":
            guard let range = params["range"] else { throw ResponseError(.invalidParams, "rangeFormatting needs a range") }
            return try formatting(params, range: range)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        default: throw ResponseError(.methodNotFound, "tablint lsp does not handle \(method)")
        }
    }

    private func notified(_ method: String, _ params: JSONValue) throws {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return
        }
        guard phase == .running else { return }  // notifications before initialize or after shutdown are dropped
        switch method {
        case "initialized":
            watchFiles()
            indexWorkspace()
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didSave": needsPublishing = true
        case "textDocument/didClose": try didClose(params)
        case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
        case "workspace/didChangeConfiguration": didChangeConfiguration(params)
        default: break  // `$/cancelRequest` was handled with its batch; other notifications need nothing
        }
    }

    // MARK: - Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        clientCapabilities = params["capabilities"] ?? .null
        let offered = clientCapabilities["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
        encoding = PositionEncoding.negotiated(offered)
        applyInitializationOptions(params["initializationOptions"])
        var folders: [String] = params["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) } ?? []
        if folders.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path) { folders = [root] }
        if folders.isEmpty, let root = params["rootPath"]?.stringValue, root.hasPrefix("/") { folders = [PathText.normalised(root)] }
        roots = folders.map(DocumentIdentity.of)
        phase = .running
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .int(2), "save": .object(["includeText": .bool(false)]),
                ]),
                "documentFormattingProvider": .bool(true),
                "documentRangeFormattingProvider": .bool(true),
                "codeActionProvider": .object([
                    "codeActionKinds": .array([.string("quickfix"), .string(Self.fixAllKind)]),
                    "resolveProvider": .bool(false),
                ]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "inlayHintProvider": .bool(true),
                "workspace": .object(["workspaceFolders": .object(["supported": .bool(true), "changeNotifications": .bool(false)])]),
            ]),
            "serverInfo": .object(["name": .string("tablint"), "version": .string(Tablint.version)]),
        ])
    }

    /// `initializationOptions` of the command line's names (`config`, `noConfig` or
    /// `no-config`, `dispatcher`, `unsafeFixes` or `unsafe-fixes`, `inlayHints`); a value of the
    /// wrong type is ignored and logged.
    private func applyInitializationOptions(_ value: JSONValue?) {
        guard let value, value != .null else { return }
        guard case .object = value else {
            log("initializationOptions must be an object; ignored", type: .warning)
            return
        }
        func option(_ names: String...) -> JSONValue? { names.lazy.compactMap { value[$0] }.first }
        var options = serverOptions.options
        var changed = false
        if let config = option("config") {
            if let path = config.stringValue, !path.isEmpty {
                options.configPath = path
                changed = true
            } else if config != .null {
                log("initializationOptions.config must be a path; ignored", type: .warning)
            }
        }
        if let noConfig = option("noConfig", "no-config")?.boolValue {
            options.noConfig = noConfig
            changed = true
        }
        if let dispatcher = option("dispatcher", "dispatchers") {
            let names = dispatcher.arrayValue?.compactMap(\.stringValue) ?? dispatcher.stringValue.map { [$0] } ?? []
            for name in names where !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                options.fileOptions.append(.dispatcher(name))
                changed = true
            }
        }
        if let unsafe = option("unsafeFixes", "unsafe-fixes")?.boolValue { serverOptions.unsafeFixes = unsafe }
        if let hints = option("inlayHints", "inlay-hints")?.boolValue { serverOptions.inlayHints = hints }
        if changed {
            serverOptions.options = options
            configuration = ServerConfiguration(options: options, currentDirectory: currentDirectory)
        }
    }

    private func didChangeConfiguration(_ params: JSONValue) {
        let settings = params["settings"]?["tablint"] ?? params["settings"]
        guard let hints = settings?["inlayHints"]?.boolValue else { return }
        serverOptions.inlayHints = hints
        if clientCapabilities["workspace"]?["inlayHint"]?["refreshSupport"]?.boolValue == true {
            request("workspace/inlayHint/refresh", .null)
        }
    }

    // MARK: - Documents

    func document(_ params: JSONValue) throws -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError(.invalidParams, "textDocument.uri (a string) is missing")
        }
        guard let path = path(ofURI: uri, languageId: ""), let document = documents[path] ?? documents.values.first(where: { $0.uri == uri })
        else { throw ResponseError(.invalidParams, "\(uri) is not open") }
        return document
    }

    /// The open document the client calls `uri`.
    func openDocument(uri: String) -> OpenDocument? {
        documents.values.first { $0.uri == uri }
    }

    /// The path a document is linted as: a `file:` URI's path; for `untitled:`, a name in the
    /// current directory (see `untitledName`).
    func path(ofURI uri: String, languageId: String) -> String? {
        if let path = DocumentURI.path(of: uri) { return DocumentIdentity.of(path) }
        guard uri.hasPrefix("untitled:") else { return nil }
        return PathText.normalised(currentDirectory + "/" + Self.untitledName(uri.dropFirst("untitled:".count), languageId: languageId))
    }

    /// The file name an `untitled:` document is linted by: the last component of the URI's
    /// name (`untitled:/x/Foo.tb.swift` and `untitled:Foo.tb.swift` are `Foo.tb.swift`, as
    /// VS Code and Neovim name a buffer), kept when it ends in an extension tablint lints
    /// (`.tb.swift`, `.swift`, `.tbl`), since that extension chooses the rules. A name without
    /// one gets its language's (`swift`: `.swift`; `tbl`: `.tbl`), its dots made `_` so that
    /// only the added extension counts (`Foo.tb` is `Foo_tb.swift`, not a matrix file).
    static func untitledName(_ rest: Substring, languageId: String) -> String {
        var raw = rest
        if let end = raw.firstIndex(where: { $0 == "?" || $0 == "#" }) { raw = raw[..<end] }
        let decoded = DocumentURI.percentDecoded(raw) ?? String(raw)
        // Only what a file name cannot hold is replaced: `/` (after the last one), NUL and
        // control characters.
        let last = decoded.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        var name = String(last.map { character in
            character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) } ? "_" : character
        })
        // `.` and `..` would name a directory.
        if name.allSatisfy({ $0 == "." }) { name = "" }
        let lintedExtensions = [".tb.swift", ".swift", ".tbl"]
        if lintedExtensions.contains(where: { name.hasSuffix($0) && name.count > $0.count }) { return name }
        let suffix: String
        switch languageId {
        case "swift": suffix = ".swift"
        case "tbl", "tabular-center", "tablint": suffix = ".tbl"
        default: suffix = ""
        }
        let stem = String(name.map { $0 == "." ? "_" : $0 })
        return (stem.isEmpty ? "untitled" : stem) + suffix
    }

    private func didOpen(_ params: JSONValue) throws {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            throw ResponseError(.invalidParams, "didOpen needs textDocument.uri and textDocument.text (strings)")
        }
        let languageId = item["languageId"]?.stringValue ?? ""
        guard let path = path(ofURI: uri, languageId: languageId) else {
            log("\(uri): only file: and untitled: documents are linted")
            return
        }
        let document = OpenDocument(uri: uri, path: path, languageId: languageId, version: item["version"]?.intValue ?? 0, text: Array(text.utf8))
        if let previous = documents[path], previous.uri != uri {
            log("\(uri) and \(previous.uri) are one file (\(path)); the later didOpen is the one kept", type: .warning)
        }
        documents[path] = document
        clientURIs[path] = uri
        if !indexed { indexWorkspace() }
        analyse(document)
        needsPublishing = true
    }

    private func didChange(_ params: JSONValue) throws {
        let document = try self.document(params)
        guard let changes = params["contentChanges"]?.arrayValue else {
            throw ResponseError(.invalidParams, "didChange needs contentChanges (an array)")
        }
        // All or none: the changes go to a copy, which replaces the text only if every one applies.
        var text = document.text
        for change in changes {
            guard let replacement = change["text"]?.stringValue else {
                throw ResponseError(.invalidParams, "a content change needs text (a string); no change of this didChange was applied")
            }
            if let range = change["range"] {
                guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]), start <= end else {
                    throw ResponseError(.invalidParams, "a content change's range is not a range; no change of this didChange was applied")
                }
                let from = text.offset(of: start, encoding)
                let to = max(from, text.offset(of: end, encoding))
                text.replace(from..<to, with: Array(replacement.utf8))
            } else {
                text.replaceAll(Array(replacement.utf8))
            }
        }
        document.text = text
        if let version = params["textDocument"]?["version"]?.intValue { document.version = version }
        analyse(document)
        needsPublishing = true
    }

    private func didClose(_ params: JSONValue) throws {
        let document = try self.document(params)
        documents[document.path] = nil
        // The file on disk counts again, as the command line would read it.
        reindex([document.path])
        needsPublishing = true
    }

    private func didChangeWatchedFiles(_ params: JSONValue) throws {
        guard let changes = params["changes"]?.arrayValue else {
            throw ResponseError(.invalidParams, "didChangeWatchedFiles needs changes (an array)")
        }
        let paths = changes.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) }.map(DocumentIdentity.of)
        if paths.contains(where: configuration.isConfiguration) {
            reloadConfiguration()
        } else {
            reindex(paths)
        }
        needsPublishing = true
    }

    /// A configuration file changed: every file's settings, and which files are linted, may have.
    func reloadConfiguration() {
        configuration.reload()
        for document in documents.values { document.selectionCache = nil }
        for path in workspace.paths where documents[path] == nil { workspace.remove(path) }
        indexed = false
        indexWorkspace()
        for document in documents.values { analyse(document) }
    }

    /// Asks a client that can register for file events to send the configuration files' and
    /// the linted files' changes (`workspace/didChangeWatchedFiles`).
    private func watchFiles() {
        guard clientCapabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true else { return }
        // `**/*` too: a folder renamed or deleted is one event for the folder alone.
        var patterns = ["**/" + ConfigurationLookup.fileName, "**/*"] + FileWalker.lintedSuffixes.map { "**/*" + $0 }
        if let explicit = configuration.explicitConfigurationPath { patterns.append(explicit) }
        request("client/registerCapability", .object(["registrations": .array([.object([
            "id": .string("tablint-watched-files"), "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": .object(["watchers": .array(patterns.map { .object(["globPattern": .string($0)]) })]),
        ])])]))
    }

    // MARK: - The workspace

    /// An open document analysed as it now reads, or taken out of the run when it is not linted.
    private func analyse(_ document: OpenDocument) {
        if let previous = workspace.entry(document.path) { retired.append(previous) }
        guard let settings = settings(of: document) else {
            workspace.remove(document.path)
            return
        }
        workspace.update(
            [Engine.Document(path: document.path, bytes: document.text.bytes, settings: settings)], keeping: .context)
    }

    /// Reads every file a CLI run over the workspace folders would lint, as the CLI does.
    func indexWorkspace() {
        guard !indexed else { return }
        indexed = true
        guard !roots.isEmpty else { return }
        let started = DispatchTime.now().uptimeNanoseconds
        let files = configuration.walk(roots).filter { documents[$0.path] == nil }
        let settings = Dictionary(files.map { ($0.path, $0.settings) }, uniquingKeysWith: { first, _ in first })
        let failures = workspace.update(
            paths: files.map(\.path), settings: { settings[$0] ?? .default }, jobs: Options.defaultJobs, read: FileIO.readFile)
        for failure in failures { log(CommandFailure.line(failure.message), type: .warning) }
        let milliseconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        log("indexed \(files.count) files in \(milliseconds) ms", type: .info)
        needsPublishing = true
    }

    /// Files changed on disk (or were closed): read again those that are not open, as the
    /// command line would find them (under a workspace folder, selected by the configuration).
    private func reindex(_ paths: [String]) {
        var paths = paths
        // A folder created, renamed or deleted (clients may report the folder alone): every
        // file the workspace holds under it, and every file the CLI would lint there now.
        for path in paths where !FileWalker.lintedSuffixes.contains(where: { path.hasSuffix($0) }) {
            let prefix = path.hasSuffix("/") ? path : path + "/"
            paths += workspace.paths.filter { $0.hasPrefix(prefix) }
            if FileStatus.of(path, followingSymlinks: true).map(\.isDirectory) == .success(true) {
                paths += configuration.walk([path]).map(\.path)
            }
        }
        for path in Set(paths) where documents[path] == nil {
            guard FileWalker.lintedSuffixes.contains(where: { path.hasSuffix($0) }),
                roots.contains(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }),
                case .linted(let settings) = configuration.selection(for: path), let bytes = configuration.read(path)
            else {
                workspace.remove(path)
                continue
            }
            workspace.update([Engine.Document(path: path, bytes: bytes, settings: settings)])
        }
    }

    // MARK: - Diagnostics

    func selection(of document: OpenDocument) -> ServerConfiguration.Selection {
        if let known = document.selectionCache { return known }
        let selection = configuration.selection(for: document.path)
        if case .failed(let message) = selection { show(message, type: .error) }
        document.selectionCache = selection
        return selection
    }

    func settings(of document: OpenDocument) -> LintSettings? {
        if case .linted(let settings) = selection(of: document) { return settings }
        return nil
    }

    /// The readers' findings for an open document (kept by the workspace).
    func reading(of document: OpenDocument) -> LintContext? {
        workspace.context(of: document.path)
    }

    /// A document's diagnostics as the CLI would print them for it in a run over the workspace.
    func diagnostics(of document: OpenDocument) -> [Diagnostic] {
        workspace.diagnostics(for: document.path)
    }

    /// The URI a document's diagnostics are published under: the client's spelling once it has
    /// opened it, else the file's.
    func uri(ofPath path: String) -> String {
        if let known = clientURIs[path] ?? fileURIs[path] { return known }
        let uri = DocumentURI.uri(of: path)
        fileURIs[path] = uri
        return uri
    }

    private func publishIfNeeded() {
        guard needsPublishing, phase == .running else { return }
        needsPublishing = false
        var current: [String: JSONValue] = [:]
        var versions: [String: Int] = [:]
        for (path, diagnostics) in workspace.diagnostics() {
            let uri = uri(ofPath: path)
            if let document = documents[path] {
                current[uri] = .array(diagnostics.map { json($0, in: document.text) })
                versions[uri] = document.version
                lastDiagnostics[path] = nil
                continue
            }
            if diagnostics.isEmpty && published[uri] == nil { continue }
            if lastDiagnostics[path] == diagnostics, let known = published[uri] {
                current[uri] = known
                continue
            }
            lastDiagnostics[path] = diagnostics
            let buffer = encoding == .utf8 ? nil : configuration.read(path).map(TextBuffer.init)
            current[uri] = .array(diagnostics.map { json($0, in: buffer) })
        }
        // Open documents that are not linted (excluded, or a configuration that cannot be used)
        // hear that they have nothing.
        for document in documents.values where current[document.uri] == nil {
            current[document.uri] = .array([])
            versions[document.uri] = document.version
        }
        for path in lastDiagnostics.keys where !workspace.contains(path) { lastDiagnostics[path] = nil }
        // Clearing first: a URI no longer used (a file gone, or spelt another way since the
        // client opened it) is emptied before the current spelling is published, so a client
        // that takes both spellings for one file ends with the current diagnostics.
        let stale = published.keys.filter { current[$0] == nil }.sorted()
        for uri in stale {
            notify("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
            published[uri] = nil
            publishedVersions[uri] = nil
        }
        for uri in current.keys.sorted() {
            // An open document hears after each of its versions; another file only on a change.
            guard let diagnostics = current[uri],
                published[uri] != diagnostics || (versions[uri] != nil && publishedVersions[uri] != versions[uri])
            else { continue }
            publishedVersions[uri] = versions[uri]
            var params: [String: JSONValue] = ["uri": .string(uri), "diagnostics": diagnostics]
            if let version = versions[uri] { params["version"] = .int(version) }
            notify("textDocument/publishDiagnostics", .object(params))
            // An empty publish for a file that is not open need not be repeated.
            published[uri] = diagnostics.arrayValue?.isEmpty == true && versions[uri] == nil ? nil : diagnostics
        }
    }

    /// Shown faded (the `Unnecessary` tag): a directive that suppresses nothing, a row or a
    /// column no transition can use.
    static let unnecessaryCodes: Set<String> = ["tablint::unused-suppression", "tabular-center::dead-row", "tabular-center::dead-column"]

    /// A diagnostic as the protocol has it. `buffer` is its file's text (for UTF-16
    /// columns); without it, positions are the diagnostic's own lines and byte columns.
    func json(_ diagnostic: Diagnostic, in buffer: TextBuffer?) -> JSONValue {
        var members: [String: JSONValue] = [
            "range": range(diagnostic.start, diagnostic.end, in: buffer),
            "severity": .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.code),
            "source": .string("tablint"),
            "message": .string(diagnostic.message),
        ]
        if !diagnostic.notes.isEmpty {
            members["relatedInformation"] = .array(diagnostic.notes.map { note in
                let noteBuffer = note.path == diagnostic.path ? buffer : self.buffer(forPath: note.path)
                return .object([
                    "location": .object([
                        "uri": .string(uri(ofPath: note.path)), "range": range(note.location, note.location, in: noteBuffer),
                    ]),
                    "message": .string(note.message),
                ])
            })
        }
        if Self.unnecessaryCodes.contains(diagnostic.code) {
            members["tags"] = .array([.int(1)])
        }
        return .object(members)
    }

    func range(_ start: SourceLocation, _ end: SourceLocation, in buffer: TextBuffer?) -> JSONValue {
        if let buffer { return buffer.range(start.offset..<max(start.offset, end.offset), encoding) }
        func position(_ location: SourceLocation) -> JSONValue {
            LSPPosition(line: location.line - 1, character: location.column - 1).json
        }
        return .object(["start": position(start), "end": position(end)])
    }

    /// The text of a path: the open document's, or the file's on disk (nil under UTF-8, where
    /// byte columns need no text).
    func buffer(forPath path: String) -> TextBuffer? {
        if let document = documents[path] { return document.text }
        return encoding == .utf8 ? nil : configuration.read(path).map(TextBuffer.init)
    }

    // MARK: - Standard input and output

    /// The `tablint lsp` command: frames from standard input, frames to standard output; a
    /// `CommandFailure` when the server cannot start.
    static func runStandardIO(arguments: [String]) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var writeFailed = false
        let server: LanguageServer
        do {
            server = try LanguageServer(arguments: arguments) { bytes in
                guard !writeFailed else { return }
                var written = 0
                while written < bytes.count {
                    let count = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                    if count < 0 {
                        if errno == EINTR { continue }
                        writeFailed = true
                        return
                    }
                    written += count
                }
            }
        } catch {
            throw CommandFailure((error as? UsageError)?.message ?? "\(error)", hint: usage)
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            FileHandle.standardOutput.write(Data(usage.utf8))
            return 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitStatus == nil, !writeFailed {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            server.receive(chunk[0..<count])
        }
        server.endOfInput()
        return server.exitStatus ?? 1
    }
}

extension JSONValue: Hashable {
    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        default: hasher.combine(0)
        }
    }

    /// A JSON-RPC id this server answers under: a string, or an integer it holds exactly (see
    /// `LanguageServer.badIDMessage`).
    var isRequestID: Bool {
        switch self {
        case .string, .integer: return true
        default: return false
        }
    }
}
