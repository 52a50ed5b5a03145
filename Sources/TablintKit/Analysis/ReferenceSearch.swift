/// A removal or rename fix (`RemovalSync`) refuses while any file of the run still names what it
/// would take away, not only the files with a machine surface: `if state == .paused` in a view
/// model, `Alarm.S.paused` in a test. Such a file keeps a `MemberNameIndex`, made the first time
/// a search needs it (a run with no going name, as every run of a tree with no machine, never
/// makes one), so a later search needs neither its bytes nor its tokens until the index says it
/// may name a going case. Only then are its bytes looked at (those the workspace holds, else
/// read again), and tokenized only if they spell the name; its `MemberReferences` then join its
/// summary, where the plans look.
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
        // A coding conformance by an extension elsewhere (`extension Door.S: Codable {}`) keeps
        // the enum's names as a reference does.
        let words = names.sorted() + MemberReferences.codingProtocols
        let hashes = words.map(MemberNameIndex.hash)
        // A file whose index is not made yet is a candidate: its bytes make it.
        let candidates = unsearched.filter { path in
            guard let index = entries[path]?.analysis.memberNames else { return false }
            return !index.isMade || hashes.contains(where: index.contains)
        }
        guard !candidates.isEmpty else { return }
        let recorded = entries, read = rereading
        let spelled = words.map { Array($0.utf8) }
        let found = parallelMap(candidates.count, jobs: jobs) { index -> (made: MemberNameIndex?, summary: FileSummary?) in
            let path = candidates[index]
            var bytes = given[path] ?? recorded[path]?.bytes
            if bytes == nil, case .success(let again)? = read?(path) { bytes = again }
            guard let bytes else { return (nil, nil) }
            var made: MemberNameIndex?
            if recorded[path]?.analysis.memberNames?.isMade == false {
                let index = MemberNameIndex(bytes: bytes)
                made = index
                guard hashes.contains(where: index.contains) else { return (made, nil) }
            }
            // A hash shared with another name is no reference: the bytes must spell one first.
            guard spelled.contains(where: { bytes.containsSubsequence($0) }) else { return (made, nil) }
            let references = MemberReferences(pieces: Tokenizer.tokenize(bytes), bytes: bytes)
            guard references.hasCodingConformance || names.contains(where: references.mentions) else { return (made, nil) }
            var summary = FileSummary(path: path, lines: SourceFile(path: path, bytes: bytes).lines)
            summary.memberReferences = references
            return (made, summary)
        }
        for (path, outcome) in zip(candidates, found) {
            if let made = outcome.made { entries[path]?.analysis.memberNames = made }
            guard let summary = outcome.summary, let old = entries[path]?.analysis.summary else { continue }
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

/// The names a file may write (after a `.`, or bare, as in its enums' bodies and extensions), as
/// a 2,048-bit filter of their 32-bit hashes: kept for every file with no machine surface once a
/// search asked, and enough to rule out (all but by a collision, which only costs a look at the
/// bytes) that it names a given case. It is made from the bytes, not the tokens, in one scan of
/// its words, only in a run whose plans remove or rename something, so a tree with no machine
/// never pays for it. A word in a comment or string adds a name too; the search then reads the
/// file's tokens to be sure.
struct MemberNameIndex: Equatable {
    private static let words = 32
    private var bits: [UInt64] = []
    /// False for `.notMade`: the file may name anything until its bytes are looked at.
    private(set) var isMade = true

    /// A file's index before any search needed it.
    static let notMade: MemberNameIndex = {
        var index = MemberNameIndex(bytes: [])
        index.isMade = false
        return index
    }()

    init(bytes: [UInt8]) {
        var bits = [UInt64](repeating: 0, count: Self.words)
        var any = false
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = buffer.count
            // Every word, not only those after a `.`: a case is also named bare in its enum's
            // body or an extension of it (`[push, lock]` in `extension Door.A`).
            var offset = 0
            while offset < end {
                let byte = base[offset]
                guard byte >= 0x80 || Prefilter.isNameByte(byte) else {
                    offset += 1
                    continue
                }
                var stop = offset + 1
                // Every byte of a non-ASCII scalar may be part of a letter.
                while stop < end, base[stop] >= 0x80 || Prefilter.isNameByte(base[stop]) { stop += 1 }
                if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    Self.insert(Self.hash(UnsafeBufferPointer(start: base + offset, count: stop - offset)), into: &bits)
                    any = true
                }
                offset = stop
            }
        }
        self.bits = any ? bits : []
    }

    /// Whether the file names nothing after a `.` (never so before the index is made).
    var isEmpty: Bool { isMade && bits.isEmpty }

    func contains(_ hash: UInt32) -> Bool {
        guard isMade else { return true }
        guard !bits.isEmpty else { return false }
        let (first, second) = Self.positions(hash)
        return bits[first >> 6] & (1 << UInt64(first & 63)) != 0 && bits[second >> 6] & (1 << UInt64(second & 63)) != 0
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

    /// Two bits a name, from the hash's low and next eleven bits.
    private static func positions(_ hash: UInt32) -> (Int, Int) {
        (Int(hash & 2047), Int((hash >> 11) & 2047))
    }

    private static func insert(_ hash: UInt32, into bits: inout [UInt64]) {
        let (first, second) = positions(hash)
        bits[first >> 6] |= 1 << UInt64(first & 63)
        bits[second >> 6] |= 1 << UInt64(second & 63)
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
