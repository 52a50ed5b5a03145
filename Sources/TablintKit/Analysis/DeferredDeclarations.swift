/// A file's `enum` declarations and `Cells` protocols matter only to a run with something that
/// asks for them: a matrix (its enums, its cells), a pin, a dispatcher (its machine's enums, a
/// catch-all's cases). Most of a code base declares enums and has none of these, so
/// `Workspace.update` analyses each file with `DeclarationReading.whenAsked`: a file whose own
/// findings ask reads its declarations at once (its tokens are at hand); another is tokenized
/// (the syntax rule needs it) but its declarations wait (`FileAnalysis.declarationsDeferred`).
///
/// After each update, if the run asks, the waiting files that can matter are read: a look at
/// each one's bytes (`DeclaredNames`, no tokens) finds the names it declares with `enum` and
/// `typealias` and whether it names a `Cells` type; only a file declaring a name the run's
/// machines and dispatchers can use (`DeclarationDemand`), or naming `Cells`, is tokenized
/// for its declarations. So the cross-file checks see every declaration that can change what
/// they say, and a run with no matrix, pin or dispatcher reads no declaration at all.
extension Workspace {
    /// Whether any document has something the run's declarations are read for.
    var asksForDeclarations: Bool {
        entries.values.contains { entry in
            let summary = entry.analysis.summary
            return !summary.matrices.isEmpty || !summary.shortTables.isEmpty || !summary.pins.isEmpty
                || !summary.dispatchers.isEmpty || !summary.catchAllDispatchers.isEmpty
        }
    }

    /// Reads the declarations of the documents that deferred them and can matter to the run, if
    /// the run asks for them. `given`: bytes at hand (the documents of this update); another
    /// file is read again (`rereading`), at most once for its names and once for its tokens.
    mutating func readDeferredDeclarations(jobs: Int, given: [String: [UInt8]] = [:]) {
        var waiting = paths.filter { entries[$0]?.analysis.declarationsDeferred == true }
        guard !waiting.isEmpty, asksForDeclarations else { return }
        let read = rereading
        let implementations = readsCellsImplementations
        // Aliases read in one round may name enums of files left waiting: go round until none is added.
        while !waiting.isEmpty {
            let demand = DeclarationDemand(summaries)
            let recorded = self.entries
            let looked = parallelMap(waiting.count, jobs: jobs) { index -> (DeclaredNames?, FileSummary?, MemberNameIndex?) in
                guard let entry = recorded[waiting[index]] else { return (nil, nil, nil) }
                var bytes = given[entry.path]
                func load() -> [UInt8]? {
                    if bytes == nil, case .success(let again)? = read?(entry.path) { bytes = again }
                    return bytes
                }
                // Bytes at hand make the reference search's index too, so it need not read them again.
                func madeIndex() -> MemberNameIndex? {
                    guard entry.analysis.memberNames?.isMade == false, let bytes else { return nil }
                    return MemberNameIndex(bytes: bytes)
                }
                guard let names = entry.declaredNames ?? load().map(DeclaredNames.init) else { return (nil, nil, nil) }
                guard names.matter(to: demand), let source = load() else { return (names, nil, madeIndex()) }
                return (names, Self.declarationSummary(
                    SourceFile(path: entry.path, bytes: source), implementations: implementations), madeIndex())
            }
            var stillWaiting: [String] = []
            var added = false
            for (path, (names, summary, made)) in zip(waiting, looked) {
                if let made { entries[path]?.analysis.memberNames = made }
                guard let summary else {
                    if let names { entries[path]?.declaredNames = names }
                    if names != nil { stillWaiting.append(path) }
                    continue
                }
                entries[path]?.analysis.declarationsDeferred = false
                entries[path]?.declaredNames = nil
                if !summary.holdsNothing, let old = entries[path]?.analysis.summary {
                    entries[path]?.analysis.summary = summary
                    summaryChanged(from: old, to: summary)
                    // An alias may name an enum, a conformance an extended type, of a file still waiting.
                    added = added || !summary.typeNames.isEmpty
                        || summary.cellsImplementations.contains { !$0.isProtocolExtension && !$0.conformances.isEmpty }
                }
            }
            guard added else { break }
            waiting = stillWaiting
        }
    }

    /// The summary of a file that holds only declarations: its enums and `Cells` protocols.
    static func declarationSummary(_ file: SourceFile, implementations reading: Bool = true) -> FileSummary {
        let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
        var built: TypeScopes?
        func scopes() -> TypeScopes {
            if let built { return built }
            let scopes = TypeScopes(tokens)
            built = scopes
            return scopes
        }
        let (enums, cellsProtocols, typeNames, implementations) = LintContext.readDeclarations(
            tokens, scopes: scopes, implementations: reading)
        if enums.isEmpty, cellsProtocols.isEmpty, typeNames.isEmpty, implementations.isEmpty { return .empty(file.path) }
        var summary = FileSummary(
            path: file.path, lines: file.lines, enums: enums, cellsProtocols: cellsProtocols, typeNames: typeNames,
            cellsImplementations: implementations)
        summary.memberReferences = MemberReferences(pieces: tokens.tokens, bytes: file.bytes)
        return summary
    }
}

/// The declarations the run can use, as names: an enum or alias the cross-file checks look up
/// is named `S`, `A` or `F` (in its machine's type), a machine's key then `S`, `A` or `F`
/// (`TimerS`, `TIMER_TABLE`'s `TimerS`), or is a type a catch-all dispatcher switches over (or
/// an alias's target), by its last component. `Cells` protocols are asked for by any file that
/// names a `Cells` type (`DeclaredNames.mentionsCells`).
///
/// A new cross-file check that looks declarations up by other names must add them here, or the
/// files declaring them are never read.
struct DeclarationDemand: Equatable {
    /// `MachineKey.normalized` of every machine and owner the run's matrices, dispatchers, pins
    /// and `Cells` protocols name.
    var machineKeys: Set<String> = []
    /// The last component of every type a catch-all dispatcher switches over, and of the
    /// target of every alias of a wanted name.
    var typeNames: Set<String> = []
    /// The types the run shows conforming to a `Cells` protocol: an extension of one in a file
    /// that names `Step` may hold the members that implement a cell.
    var implementingTypes: Set<String> = []

    init(_ run: [FileSummary]) {
        func machine(_ name: String?) {
            if let name, !name.isEmpty { machineKeys.insert(MachineKey.normalized(name)) }
        }
        func type(_ written: String?) {
            guard let written, let last = written.split(separator: ".").last else { return }
            typeNames.insert(String(last))
        }
        for file in run {
            for bound in file.matrices + file.shortTables {
                machine(bound.machine)
                machine(bound.owner)
            }
            for dispatcher in file.dispatchers + file.catchAllDispatchers {
                machine(dispatcher.machine)
                machine(dispatcher.owner)
            }
            for dispatcher in file.catchAllDispatchers {
                for subject in dispatcher.subjects { type(subject.type) }
            }
            for pin in file.pins {
                machine(pin.matrix.machine.text)
                machine(pin.owner)
                machine(pin.machineFromBinding)
                machine(pin.fileStem)
            }
            for declaration in file.cellsProtocols {
                machine(declaration.machine)
                machine(declaration.parent)
            }
            for implementation in file.cellsImplementations where !implementation.isProtocolExtension && !implementation.conformances.isEmpty {
                implementingTypes.insert(implementation.typeName.text)
            }
        }
        // The target of an alias the checks look up is looked up too (and so on), not every
        // alias's: a file of a hundred aliases names most of the standard library.
        var aliases = run.flatMap(\.typeNames).filter { $0.aliasTarget != nil }
        while let wanted = aliases.firstIndex(where: { wants($0.name) }) {
            type(aliases[wanted].aliasTarget)
            aliases.remove(at: wanted)
        }
    }

    /// Whether a declaration of this name can change what a cross-file check says.
    func wants(_ name: String) -> Bool {
        if name == "S" || name == "A" || name == "F" || typeNames.contains(name) { return true }
        guard name.count > 1, let letter = name.last, letter == "S" || letter == "A" || letter == "F" else { return false }
        return machineKeys.contains(MachineKey.normalized(String(name.dropLast())))
    }
}

/// What a file's bytes say it declares, looked at without tokens: the name after each `enum`
/// and `typealias` keyword, and whether a word ends in `Cells`. A keyword inside a comment or
/// a string counts too (a name too many only costs a reading); where the name cannot be told
/// from the bytes (a comment after the keyword, a non-ASCII name) the file counts as unsure
/// and is read.
struct DeclaredNames: Equatable {
    var names: Set<String> = []
    var mentionsCells = false
    var unsure = false
    /// The word `Step`, and the names after each `extension` keyword: an extension of an
    /// implementing type may hold members of its `Cells` implementation.
    var mentionsStep = false
    var extended: Set<String> = []

    func matter(to demand: DeclarationDemand) -> Bool {
        mentionsCells || unsure || names.contains(where: demand.wants)
            || (mentionsStep && extended.contains(where: demand.implementingTypes.contains))
    }

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    /// 8 bytes at a time, stopping only where a rarer byte of a word is (`u` of `enum`, `y` of
    /// `typealias`, `C` of `Cells`), as `Prefilter` does.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        func spells(_ word: StaticString, at index: Int) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index >= 0, index + length <= count else { return false }
            let letters = word.utf8Start
            for offset in 0..<length where base[index + offset] != letters[offset] { return false }
            return true
        }
        func endsWord(at index: Int) -> Bool { index >= count || !Prefilter.isNameByte(base[index]) }
        func startsWord(at index: Int) -> Bool { index == 0 || !Prefilter.isNameByte(base[index - 1]) }
        func check(_ index: Int) {
            switch base[index] {
            case UInt8(ascii: "u"):
                if spells("enum", at: index - 2), startsWord(at: index - 2), endsWord(at: index + 2) { _ = name(after: index + 2, buffer) }
            case UInt8(ascii: "y"):
                if spells("typealias", at: index - 1), startsWord(at: index - 1), endsWord(at: index + 8) { _ = name(after: index + 8, buffer) }
            case UInt8(ascii: "C"):
                if !mentionsCells, spells("Cells", at: index), endsWord(at: index + 5) { mentionsCells = true }
            case UInt8(ascii: "S"):
                if !mentionsStep, spells("Step", at: index), startsWord(at: index), endsWord(at: index + 4) { mentionsStep = true }
            case UInt8(ascii: "x"):
                if spells("extension", at: index - 1), startsWord(at: index - 1), endsWord(at: index + 8) {
                    var names = self.names
                    let unsureBefore = unsure
                    _ = name(after: index + 8, buffer)
                    // The name noted is an extended type's, not a declared enum's.
                    let added = self.names.subtracting(names)
                    self.names = names
                    extended.formUnion(added)
                    names = []
                    if unsure && !unsureBefore { unsure = true }
                }
            default:
                break
            }
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func lanes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(byte))
            return (x &- ones) & ~x & highBits
        }
        var index = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A lane above a true one may be marked too: `check` reads the bytes, so that costs a call, never a miss.
            var marked = lanes(word, UInt8(ascii: "u")) | lanes(word, UInt8(ascii: "y")) | lanes(word, UInt8(ascii: "C"))
                | lanes(word, UInt8(ascii: "S")) | lanes(word, UInt8(ascii: "x"))
            while marked != 0 {
                check(index + marked.trailingZeroBitCount >> 3)
                marked &= marked - 1
            }
            index += 8
        }
        while index < count {
            check(index)
            index += 1
        }
    }

    /// Notes the name declared after a keyword ending at `start`; returns where to go on.
    private mutating func name(after start: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let count = buffer.count
        var index = start
        while index < count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t")
            || buffer[index] == UInt8(ascii: "\n") || buffer[index] == UInt8(ascii: "\r")
        {
            index += 1
        }
        guard index < count else { return index }
        if buffer[index] == UInt8(ascii: "/") {
            // `enum /* … */ S`: the name is past a comment this look does not read.
            unsure = true
            return index
        }
        let ticked = buffer[index] == UInt8(ascii: "`")
        if ticked { index += 1 }
        let nameStart = index
        while index < count {
            let byte = buffer[index]
            if ticked ? byte == UInt8(ascii: "`") : !Prefilter.isNameByte(byte) && byte < 0x80 { break }
            if byte >= 0x80 { unsure = true }
            index += 1
        }
        if index > nameStart, !unsure {
            names.insert(String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<index]), as: UTF8.self))
        }
        return index
    }
}
