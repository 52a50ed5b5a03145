/// A removal or rename fix (`RemovalSync`) refuses while any file of the run still names what it
/// would take away, not only the files with a machine surface: `if state == .paused` in a view
/// model, `Alarm.S.paused` in a test. Such a file was tokenized when it was analysed; what it
/// keeps of that is a `MemberNameIndex`, so the search needs neither its bytes nor its tokens
/// until the index says it may name a going case. Only then are its bytes looked at (those the
/// workspace holds, else read again), and tokenized only if they spell the name; its
/// `MemberReferences` then join its summary, where the plans look.
extension Workspace {
    /// Searches the documents with no machine surface for the names the run's removal and
    /// rename plans look for (`RemovalSync.searchedNames`). `given`: bytes at hand (the
    /// documents of this update).
    mutating func searchReferencesToGoingNames(jobs: Int, given: [String: [UInt8]] = [:]) {
        let unsearched = paths.filter { path in
            guard let analysis = entries[path]?.analysis else { return false }
            return analysis.memberNames?.isEmpty == false && analysis.summary.memberReferences.isEmpty
        }
        // Only a `Table` literal's plans remove or rename.
        guard !unsearched.isEmpty,
            entries.values.contains(where: { $0.analysis.summary.matrices.contains { $0.matrix.surface == .tableLiteral } })
        else { return }
        let names = goingNames ?? RemovalSync.searchedNames(CrossFileRun(summaries))
        goingNames = names
        guard !names.isEmpty else { return }
        let hashes = names.map(MemberNameIndex.hash)
        let candidates = unsearched.filter { path in
            guard let index = entries[path]?.analysis.memberNames else { return false }
            return hashes.contains(where: index.contains)
        }
        guard !candidates.isEmpty else { return }
        let recorded = entries, read = rereading
        let spelled = names.map { Array($0.utf8) }
        let found = parallelMap(candidates.count, jobs: jobs) { index -> FileSummary? in
            let path = candidates[index]
            var bytes = given[path] ?? recorded[path]?.bytes
            if bytes == nil, case .success(let again)? = read?(path) { bytes = again }
            // A hash shared with another name is no reference: the bytes must spell one first.
            guard let bytes, spelled.contains(where: { bytes.containsSubsequence($0) }) else { return nil }
            let references = MemberReferences(pieces: Tokenizer.tokenize(bytes), bytes: bytes)
            guard names.contains(where: { !references.offsets(of: $0).isEmpty }) else { return nil }
            var summary = FileSummary(path: path, lines: SourceFile(path: path, bytes: bytes).lines)
            summary.memberReferences = references
            return summary
        }
        for (path, summary) in zip(candidates, found) {
            guard let summary, let old = entries[path]?.analysis.summary else { continue }
            entries[path]?.analysis.summary = summary
            summaryChanged(from: old, to: summary)
        }
    }
}

extension FileAnalysis {
    /// A document being fixed with no machine surface takes its references into its summary
    /// from the tokens the fix keeps for its proof: every pass's cross-file checks then see what
    /// the workspace's search saw of it, whatever the fixes do to its bytes.
    mutating func holdReferences(of bytes: [UInt8]) {
        guard memberNames?.isEmpty == false, summary.holdsNothing, !tokens.isEmpty else { return }
        // A summary recorded as holding nothing has no line table to place them.
        summary = FileSummary(path: summary.path, lines: SourceFile(path: summary.path, bytes: bytes).lines)
        summary.memberReferences = MemberReferences(pieces: tokens, bytes: bytes)
    }
}

/// The names a file writes after a `.`, as sorted 32-bit hashes: a few bytes a name, kept for
/// every file with no machine surface, and enough to rule out (all but by a hash collision)
/// that it names a given case.
struct MemberNameIndex: Equatable {
    private var hashes: [UInt32]

    init(pieces: [Token], bytes: [UInt8]) {
        var found: [UInt32] = []
        bytes.withUnsafeBufferPointer { buffer in
            MemberReferences.forEachName(pieces, bytes) { name, _ in found.append(Self.hash(UnsafeBufferPointer(rebasing: buffer[name]))) }
        }
        found.sort()
        hashes = []
        for hash in found where hashes.last != hash { hashes.append(hash) }
    }

    var isEmpty: Bool { hashes.isEmpty }

    func contains(_ hash: UInt32) -> Bool {
        let index = hashes.partitionPoint { $0 < hash }
        return index < hashes.count && hashes[index] == hash
    }

    /// FNV-1a over the name's bytes.
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    static func hash(_ name: String) -> UInt32 {
        Array(name.utf8).withUnsafeBufferPointer(hash)
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        return withUnsafeBufferPointer { haystack in
            var index = 0
            let last = haystack.count - needle.count
            while index <= last {
                if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
                index += 1
            }
            return false
        }
    }
}
