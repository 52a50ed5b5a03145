/// A file's `enum` declarations and `Cells` protocols matter only to a run with something that
/// asks for them: a matrix (its enums, its cells), a pin, a dispatcher (its machine's enums, a
/// catch-all's cases). Most of a code base declares enums and has none of these, so
/// `Workspace.update` analyses each file with `DeclarationReading.whenAsked`: a file whose own
/// findings ask reads its declarations at once (its tokens are at hand); another is tokenized
/// (the syntax rule needs it) but its declarations wait (`FileAnalysis.declarationsDeferred`).
/// After each update, if the run asks, the waiting files' declarations are read here, so the
/// cross-file checks see every declaration of the run, as if all had been read at once.
///
/// Only a file that waited is tokenized a second time, and only in a run that asks: a run with
/// no matrix, pin or dispatcher reads no declaration at all.
extension Workspace {
    /// Whether any document has something the run's declarations are read for.
    var asksForDeclarations: Bool {
        entries.values.contains { entry in
            let summary = entry.analysis.summary
            return !summary.matrices.isEmpty || !summary.shortTables.isEmpty || !summary.pins.isEmpty
                || !summary.dispatchers.isEmpty || !summary.catchAllDispatchers.isEmpty
        }
    }

    /// Reads the declarations of every document that deferred them, if the run asks for them.
    /// A file read from disk is read again (`rereading`); one given with its bytes kept them.
    mutating func readDeferredDeclarations(jobs: Int) {
        let waiting = paths.filter { entries[$0]?.analysis.declarationsDeferred == true }
        guard !waiting.isEmpty, asksForDeclarations else { return }
        let read = rereading
        let recorded = self.entries
        let summaries = parallelMap(waiting.count, jobs: jobs) { index -> FileSummary? in
            guard let entry = recorded[waiting[index]] else { return nil }
            let bytes: [UInt8]
            if let kept = entry.declarationBytes ?? entry.bytes {
                bytes = kept
            } else if case .success(let again)? = read?(entry.path) {
                bytes = again
            } else {
                return nil
            }
            return Self.declarationSummary(SourceFile(path: entry.path, bytes: bytes))
        }
        for (path, summary) in zip(waiting, summaries) {
            entries[path]?.analysis.declarationsDeferred = false
            entries[path]?.declarationBytes = nil
            if let summary, !summary.holdsNothing { self.entries[path]?.analysis.summary = summary }
        }
    }

    /// The summary of a file that holds only declarations: its enums and `Cells` protocols.
    static func declarationSummary(_ file: SourceFile) -> FileSummary {
        let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
        var built: TypeScopes?
        let (enums, cellsProtocols, typeNames, implementations) = LintContext.readDeclarations(tokens) {
            if let built { return built }
            let scopes = TypeScopes(tokens)
            built = scopes
            return scopes
        }
        if enums.isEmpty, cellsProtocols.isEmpty, typeNames.isEmpty, implementations.isEmpty { return .empty(file.path) }
        return FileSummary(
            path: file.path, lines: file.lines, enums: enums, cellsProtocols: cellsProtocols, typeNames: typeNames,
            cellsImplementations: implementations)
    }
}
