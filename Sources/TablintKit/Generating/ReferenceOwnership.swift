/// Whose case or `Cells` member a reference the removal and rename fixes found names, when
/// another machine of the run declares the same name (black-box play/20, play/21: a `Gate`
/// whose actions also have `push`, whose implementation also has `openPull`). Without a rival
/// every reference is the machine's, as before. With one, a reference is this machine's when
/// it can name its case: qualified with its types (`Door.A.push`, `DoorA.push`), or in its code
/// (its dispatchers, the bodies of its types and extensions, its implementations), or in a file
/// that spells only its types; it is the rival's in the rival's code or qualified with the
/// rival's types (a file that only spells the rival's types may still pass a bare name to this
/// machine's code). Anything else cannot be told: it still refuses (the safe side), and the
/// refusal says so.
struct ReferenceOwnership {
    enum Verdict: Equatable {
        /// It may name this machine's case or member: it keeps it.
        case own
        /// It names another machine's.
        case other
        /// It may name this machine's or another's: it keeps it, and the refusal says so.
        case unknown(rival: String)
    }

    /// A machine of the run, by what names it.
    struct Machine {
        var name: String
        /// Type names that say a qualifier or a scope is this machine's: `Door`, `DoorS`…
        /// `DoorCells`, its implementing types, its top-level enums.
        var words: Set<String> = []
        var implementingTypes: Set<String> = []
        var cases: Set<String> = []
        var members: Set<String> = []
        /// Its dispatchers' extent (the function's name to the end of its last arm), and the
        /// name of their cells parameter.
        var dispatchers: [(file: Int, range: Range<Int>, cells: String?)] = []
    }

    let run: [FileSummary]
    let own: Machine
    let others: [Machine]

    /// What a plan needs to ask, per name, whose its references are: made once per plan, and
    /// cheap (nothing of the run is read until a name is asked about).
    struct Context {
        var machine: String
        var spelled: String
        var pairing: MachinePairing

        /// The ownership of `name`'s references; nil when no other machine of the run declares
        /// it, so every reference is this machine's (most names: this is one pass over the
        /// run's enums, protocols and implementations, and nothing more).
        func ownership(of name: String, isCase: Bool) -> ReferenceOwnership? {
            ReferenceOwnership(name: name, isCase: isCase, machine: machine, spelled: spelled, pairing)
        }
    }

    /// nil when no other machine of the run declares `name` (a case of its enums when
    /// `isCase`, else a requirement of its `Cells` protocol or a member of its implementations).
    init?(name: String, isCase: Bool, machine: String, spelled: String, _ pairing: MachinePairing) {
        run = pairing.run
        let ownKey = MachineKey.normalized(machine)
        // The other machines that declare it, by key, with a name to say.
        var rivals: [(key: String, name: String)] = []
        func add(_ name: String) {
            let key = MachineKey.normalized(name)
            if key != ownKey, !rivals.contains(where: { $0.key == key }) { rivals.append((key, name)) }
        }
        // The machines each implementing type serves, by the `…Cells` protocols its
        // declarations and extensions conform to (an alias or a superclass is not followed:
        // a type so conforming is no rival, and its references count, the safe side).
        // A `…Cells` protocol of the run refining another (`LoudAlarmCells: AlarmCells`): a type
        // conforming to it serves the refined machine's cells too (bb6 #4).
        var refined: [String: Set<String>] = [:]
        for file in run {
            for declaration in file.cellsProtocols {
                let enclosing = declaration.parent.map { [$0] } ?? []
                guard let key = MachineGraphs.Implementations.protocolKey(declaration.name.text, enclosing: enclosing) else { continue }
                refined[key, default: []].formUnion(declaration.refines.compactMap { MachineGraphs.Implementations.protocolKey($0.text, enclosing: enclosing) })
            }
        }
        func withRefined(_ keys: [String]) -> Set<String> {
            var found = Set(keys), next = keys
            while let key = next.popLast() {
                for more in refined[key] ?? [] where found.insert(more).inserted { next.append(more) }
            }
            return found
        }
        var served: [String: Set<String>] = [:]
        for file in run {
            for implementation in file.cellsImplementations where !implementation.conformances.isEmpty {
                let keys = implementation.conformances.compactMap { MachineGraphs.Implementations.protocolKey($0, enclosing: implementation.enclosingTypes) }
                served[implementation.isProtocolExtension ? "\u{0}" + implementation.typeName.text : implementation.typeName.text, default: []].formUnion(withRefined(keys))
            }
        }
        func servedKeys(of implementation: CellsImplementation) -> Set<String> {
            served[implementation.isProtocolExtension ? "\u{0}" + implementation.typeName.text : implementation.typeName.text] ?? []
        }
        for file in run {
            if isCase {
                for declaration in file.enums where declaration.cases.contains(where: { $0.name == name }) {
                    // `Gate.A`, or a top-level `GateA`; an enum of no machine is no rival.
                    if let parent = declaration.parent {
                        add(parent.split(separator: ".").last.map(String.init) ?? parent)
                    } else if declaration.name.count > 1, let letter = declaration.name.last, "SAF".contains(letter) {
                        add(String(declaration.name.dropLast()))
                    }
                }
            } else {
                for declaration in file.cellsProtocols where declaration.requirements.contains(where: { $0.name.text == name }) {
                    if let owner = declaration.machine { add(owner) }
                }
                for implementation in file.cellsImplementations where implementation.members.contains(where: { $0.name.text == name }) {
                    for key in servedKeys(of: implementation) { add(key) }
                }
            }
        }
        guard !rivals.isEmpty else { return nil }
        // One pass over the run for every machine asked about (there may be many rivals).
        let keys = Set([ownKey] + rivals.map(\.key))
        var protocols: [String: CellsProtocol] = [:]
        var dispatchers: [String: [(file: Int, range: Range<Int>, cells: String?)]] = [:]
        for (index, file) in run.enumerated() {
            for declaration in file.cellsProtocols {
                if let owner = declaration.machine.map(MachineKey.normalized), keys.contains(owner), protocols[owner] == nil { protocols[owner] = declaration }
            }
            for dispatcher in file.dispatchers {
                guard let key = dispatcher.machine.map(MachineKey.normalized), keys.contains(key) else { continue }
                let end = dispatcher.arms.last?.layout.removal.upperBound ?? dispatcher.switchRange.upperBound
                let cells = dispatcher.parameters.first { $0.type.hasSuffix("Cells") }?.name
                dispatchers[key, default: []].append((index, dispatcher.function.range.lowerBound..<max(end, dispatcher.function.range.upperBound), cells))
            }
        }
        func read(_ key: String, _ name: String, spelled: String) -> Machine {
            var machine = Machine(name: name)
            let last = spelled.split(separator: ".").last.map(String.init) ?? spelled
            machine.words = [last, last + "S", last + "A", last + "F", last + "Ctx", last + "Cells"]
            let enums = pairing.enums(of: name)
            for ref in [enums.states, enums.actions, enums.effects].compactMap({ $0 }) {
                machine.cases.formUnion(ref.declaration.cases.map(\.name))
                if ref.declaration.parent == nil { machine.words.insert(ref.declaration.name) }
            }
            if let cells = protocols[key] {
                machine.members.formUnion(cells.requirements.map(\.name.text))
                machine.words.insert(cells.name.text)
            }
            for file in pairing.run {
                for implementation in file.cellsImplementations where !implementation.isProtocolExtension && servedKeys(of: implementation).contains(key) {
                    machine.implementingTypes.insert(implementation.typeName.text)
                    machine.members.formUnion(implementation.members.map(\.name.text))
                }
            }
            machine.words.formUnion(machine.implementingTypes)
            machine.dispatchers = dispatchers[key] ?? []
            return machine
        }
        own = read(ownKey, machine, spelled: spelled)
        others = rivals.map { read($0.key, $0.name, spelled: pairing.spelling(of: $0.name) ?? $0.name) }
    }

    /// Whose `name` (a case when `isCase`, else a `Cells` member) the reference at `offset` of
    /// `file` can be.
    func verdict(_ name: String, isCase: Bool, file: Int, offset: Int) -> Verdict {
        let rivals = others.filter { isCase ? $0.cases.contains(name) : $0.members.contains(name) }
        guard !rivals.isEmpty, file < run.count else { return .own }
        let references = run[file].memberReferences
        // Which machine a list of type names says: only one of them.
        func said(_ words: [String]) -> Verdict? {
            let mine = words.contains(where: own.words.contains)
            let theirs = words.contains { word in rivals.contains { $0.words.contains(word) } }
            if mine != theirs { return mine ? .own : .other }
            return nil
        }
        let qualifier = references.qualifier(before: offset)
        // A case is qualified with a type; a member with a value, unless it names a type.
        if let qualifier, !qualifier.isEmpty, let said = said(qualifier) { return said }
        let unknown = Verdict.unknown(rival: rivals[0].name)
        // The code it is in: a dispatcher, else the types around it, innermost first.
        var scope: Verdict?
        var cellsParameter: String?
        if let dispatcher = own.dispatchers.first(where: { $0.file == file && $0.range.contains(offset) }) {
            scope = .own
            cellsParameter = dispatcher.cells
        } else if let dispatcher = rivals.lazy.flatMap(\.dispatchers).first(where: { $0.file == file && $0.range.contains(offset) }) {
            scope = .other
            cellsParameter = dispatcher.cells
        } else {
            for type in references.enclosingTypes(of: offset) {
                if let found = said(type.split(separator: ".").map(String.init)) {
                    scope = found
                    break
                }
            }
        }
        if let scope {
            // In another machine's code a member reached through anything but `self` or the
            // dispatcher's cells may still be this machine's (`door.openPull(ctx)`).
            if !isCase, scope == .other, let qualifier, qualifier != ["self"], cellsParameter == nil || qualifier != [cellsParameter!] {
                return unknown
            }
            return scope
        }
        // A file that spells this machine's types and no rival's: its own. One that spells only
        // a rival's may still hand a bare `.push` to this machine's code declared elsewhere
        // (`model.send(.push)`, black-box pass 5, play5/7): it is the rival's only when its own
        // line spells the rival's types and not this machine's (`let g: Gate.A = .pull`).
        let mine = own.words.contains(where: references.containsWord)
        let theirs = rivals.contains { $0.words.contains(where: references.containsWord) }
        if mine && !theirs { return .own }
        if theirs && !mine {
            let line = { (word: String) in references.lineContainsWord(word, at: offset) }
            if rivals.contains(where: { $0.words.contains(where: line) }) && !own.words.contains(where: line) { return .other }
        }
        return unknown
    }

    /// Whether `type` implements another machine's cells and not this one's.
    func isOthers(_ type: String) -> Bool {
        !own.implementingTypes.contains(type) && others.contains { $0.implementingTypes.contains(type) }
    }

    /// Whether `implementation` is of another machine's cells only: a type (`isOthers`), or an
    /// extension of another machine's `Cells` protocol.
    func isOthers(_ implementation: CellsImplementation) -> Bool {
        guard implementation.isProtocolExtension else { return isOthers(implementation.typeName.text) }
        let keys = implementation.conformances.compactMap { MachineGraphs.Implementations.protocolKey($0, enclosing: implementation.enclosingTypes) }
        return !keys.isEmpty && !keys.contains(MachineKey.normalized(own.name))
    }

    /// What a refusal adds for a reference that cannot be told from a rival's.
    static func doubt(_ verdict: Verdict, name: String) -> String? {
        guard case .unknown(let rival) = verdict else { return nil }
        return " (`\(rival)` declares `\(name)` too, and tablint cannot tell which machine's this one names)"
    }
}
