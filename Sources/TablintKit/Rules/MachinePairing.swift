import Foundation

/// The one pairing every cross-surface check uses (dispatcher ↔ matrix, pin ↔ matrix,
/// matrix ↔ enums, `Cells` ↔ matrix): by what the code says. Candidates share the machine's
/// name (`MachineKey`); among several, the one declared in the partner's own type or extension
/// wins, then one declared in the machine's type. Anything still ambiguous is paired with
/// nothing, and `tablint::ambiguous-pairing` says so once per partner.
struct MachinePairing {
    enum Outcome<T> {
        case none
        case one(T)
        case ambiguous([T])

        var paired: T? {
            if case .one(let value) = self { return value }
            return nil
        }
    }

    struct MatrixRef {
        var file: Int
        var bound: BoundMatrix
        var matrix: Matrix { bound.matrix }
    }

    struct EnumRef {
        var file: Int
        var declaration: EnumDeclaration
    }

    struct ProtocolRef {
        var file: Int
        var declaration: CellsProtocol
    }

    struct Enums {
        var states: EnumRef?
        var actions: EnumRef?
        var effects: EnumRef?
        /// Roles for which two enums could be meant.
        var ambiguous: [(role: String, candidates: [EnumRef])] = []
    }

    let run: [FileSummary]
    private var matricesByKey: [String: [MatrixRef]] = [:]
    private var enumsByName: [String: [EnumRef]] = [:]
    /// Top-level candidates for `TIMER`'s `S` from `TIMER_TABLE`: every enum whose name is a
    /// machine's key and then `S`, `A` or `F`, by that letter and key, in the run's order.
    private var enumsByLetterAndKey: [String: [EnumRef]] = [:]
    /// The answers already given: the rules of one cross-file step share one pairing
    /// (`CrossFileRun`) and ask it the same questions.
    private let memo = Memo()

    init(_ run: [FileSummary]) {
        self.run = run
        for (index, file) in run.enumerated() {
            for bound in file.matrices { matricesByKey[bound.key, default: []].append(MatrixRef(file: index, bound: bound)) }
            for declaration in file.enums {
                let ref = EnumRef(file: index, declaration: declaration)
                enumsByName[declaration.name, default: []].append(ref)
                let name = declaration.name
                if name.count > 1, let letter = name.last, letter == "S" || letter == "A" || letter == "F" {
                    enumsByLetterAndKey[String(letter) + " " + MachineKey.normalized(String(name.dropLast())), default: []].append(ref)
                }
            }
        }
    }

    /// Locked: the rules of one step may ask from two threads.
    private final class Memo {
        let lock = NSLock()
        var matrices: [String: Outcome<MatrixRef>] = [:]
        var enums: [String: Enums] = [:]

        func remembered<T>(_ table: ReferenceWritableKeyPath<Memo, [String: T]>, _ key: String, _ work: () -> T) -> T {
            lock.lock()
            if let known = self[keyPath: table][key] {
                lock.unlock()
                return known
            }
            lock.unlock()
            let answer = work()
            lock.lock()
            self[keyPath: table][key] = answer
            lock.unlock()
            return answer
        }
    }

    static func key(_ name: String?) -> String? { name.map(MachineKey.normalized) }

    /// Prefers, in order: a candidate declared in `owner`, one declared in the machine's own
    /// type; then, among those still tied, the one in the same outer types as the partner
    /// (`outer`: `Lab.Pump`'s, not `Plant.Pump`'s); then the one whose file is nearest the partner's (`near`)
    /// in the folder tree, so a test target's copy of a top-level `AUTH_TABLE` does not blind
    /// the sources' dispatcher to its own matrix; otherwise all of them.
    static func choose<T>(
        _ candidates: [T], owner: String?, machine: String, ownerOf: (T) -> String?, near: String? = nil,
        pathOf: (T) -> String = { _ in "" }, outer: [String]? = nil, outerOf: (T) -> [String] = { _ in [] }
    ) -> Outcome<T> {
        if candidates.isEmpty { return .none }
        if candidates.count == 1 { return .one(candidates[0]) }
        var tiers: [[T]] = []
        if let owner = key(owner) { tiers.append(candidates.filter { key(ownerOf($0)) == owner }) }
        tiers.append(candidates.filter { key(ownerOf($0)) == MachineKey.normalized(machine) })
        let tied = tiers.first { !$0.isEmpty } ?? candidates
        if tied.count == 1 { return .one(tied[0]) }
        if let outer {
            let placed = tied.filter { outerOf($0) == outer }
            if placed.count == 1 { return .one(placed[0]) }
        }
        if let near {
            let shared = tied.map { sharedFolders(near, pathOf($0)) }
            if let best = shared.max(), shared.filter({ $0 == best }).count == 1 {
                return .one(tied[shared.firstIndex(of: best)!])
            }
        }
        return .ambiguous(tied)
    }

    /// How many leading folders two paths share.
    static func sharedFolders(_ one: String, _ other: String) -> Int {
        let a = MatrixBinder.folder(of: one).split(separator: "/", omittingEmptySubsequences: false)
        let b = MatrixBinder.folder(of: other).split(separator: "/", omittingEmptySubsequences: false)
        return zip(a, b).prefix { $0 == $1 }.count
    }

    /// The matrix of machine `machine` for a partner declared in `owner`, in the file at `near`.
    func matrix(machine: String, owner: String?, near: String? = nil, outer: [String]? = nil) -> Outcome<MatrixRef> {
        let place = (outer ?? ["\u{1}"]).joined(separator: ".")
        return memo.remembered(\.matrices, machine + "\u{0}" + (owner ?? "\u{1}") + "\u{0}" + (near ?? "\u{1}") + "\u{0}" + place) {
            Self.choose(
                matricesByKey[MachineKey.normalized(machine)] ?? [], owner: owner, machine: machine, ownerOf: { $0.bound.owner },
                near: near, pathOf: { run[$0.file].path }, outer: outer, outerOf: { $0.bound.outerTypes })
        }
    }

    func matrix(for dispatcher: Dispatcher, near: String? = nil) -> Outcome<MatrixRef> {
        guard let machine = dispatcher.machine else { return .none }
        return matrix(machine: machine, owner: dispatcher.owner, near: near, outer: dispatcher.owner == nil ? nil : dispatcher.outerTypes)
    }

    /// A pin's matrix: a string pin with the matrix of its own type or extension; by the
    /// machine its binding (`TIMER_FIXTURE`) or its `machine` line names; a `.tbl` file by its
    /// name (`Door.tbl`); else the only matrix of its folder.
    func matrix(for pin: BoundPin, inFile file: Int) -> Outcome<MatrixRef> {
        if let owner = pin.owner {
            let own = matricesByKey.values.joined().filter { Self.key($0.bound.owner) == Self.key(owner) }
            if !own.isEmpty {
                return Self.choose(own, owner: owner, machine: owner, ownerOf: { $0.bound.owner }, near: run[file].path, pathOf: { run[$0.file].path })
            }
        }
        let near = run[file].path
        if let named = pin.machineFromBinding { return matrix(machine: named, owner: pin.owner, near: near) }
        let byMachine = matrix(machine: pin.matrix.machine.text, owner: pin.owner, near: near)
        if case .none = byMachine {} else { return byMachine }
        if let stem = pin.fileStem {
            let byName = matrix(machine: stem, owner: nil, near: near)
            if case .none = byName {} else { return byName }
            let folder = pin.folder
            let here = run.indices.filter { MatrixBinder.folder(of: run[$0].path) == folder }
                .flatMap { index in run[index].matrices.map { MatrixRef(file: index, bound: $0) } }
            if here.count == 1 { return .one(here[0]) }
        }
        return .none
    }

    /// The `enum S`/`A`/`F` of a machine, found as dispatchers name them: `enum S` directly in
    /// `Timer` or `extension Timer` (`Timer.S`), or a top-level `TimerS`.
    func enumeration(_ letter: String, machine: String, near: String? = nil, outer: [String]? = nil) -> Outcome<EnumRef> {
        let key = MachineKey.normalized(machine)
        var candidates = (enumsByName[letter] ?? []).filter { Self.key($0.declaration.parent) == key }
        for name in [machine + letter, NameCasing.upperFirst(machine.lowercased()) + letter] where name != letter {
            candidates += (enumsByName[name] ?? []).filter { $0.declaration.parent == nil }
        }
        if candidates.isEmpty, !key.isEmpty {
            // `TIMER` from `TIMER_TABLE`: any top-level `…S` whose prefix is the machine.
            candidates += (enumsByLetterAndKey[letter + " " + key] ?? []).filter { $0.declaration.parent == nil }
        }
        var unique: [EnumRef] = []
        for candidate in candidates where !unique.contains(where: { $0.file == candidate.file && $0.declaration == candidate.declaration }) {
            unique.append(candidate)
        }
        if unique.count > 1, let outer {
            // `Lab.Pump.S` for `Lab.Pump`'s matrix, beside `Plant.Pump.S`.
            let placed = unique.filter { $0.declaration.parent != nil && $0.declaration.outerTypes == outer }
            if placed.count == 1 { return .one(placed[0]) }
        }
        if unique.count > 1, let near {
            // A test target's copies of top-level `AuthS`/`AuthF`: the enums nearest the matrix.
            let shared = unique.map { Self.sharedFolders(near, run[$0.file].path) }
            if let best = shared.max(), shared.filter({ $0 == best }).count == 1 { return .one(unique[shared.firstIndex(of: best)!]) }
        }
        if unique.count > 1 { return .ambiguous(unique) }
        return unique.first.map { .one($0) } ?? .none
    }

    /// `outer`: the types around the partner's own type (`BoundMatrix.outerTypes`), which tell
    /// two machines of one name apart.
    func enums(of machine: String, near: String? = nil, outer: [String]? = nil) -> Enums {
        let place = (outer ?? ["\u{1}"]).joined(separator: ".")
        return memo.remembered(\.enums, machine + "\u{0}" + (near ?? "\u{1}") + "\u{0}" + place) { findEnums(of: machine, near: near, outer: outer) }
    }

    /// The enums of a matrix's machine, placed as the matrix is (in `Lab.Pump`, `Lab.Pump.S`).
    func enums(of bound: BoundMatrix, near: String) -> Enums {
        enums(of: bound.machine, near: near, outer: bound.owner == nil ? nil : bound.outerTypes)
    }

    private func findEnums(of machine: String, near: String?, outer: [String]?) -> Enums {
        var found = Enums()
        for letter in ["S", "A", "F"] {
            switch enumeration(letter, machine: machine, near: near, outer: outer) {
            case .none: break
            case .one(let ref):
                guard ref.declaration.hasKnownCases else { continue }
                if letter == "S" { found.states = ref } else if letter == "A" { found.actions = ref } else { found.effects = ref }
            case .ambiguous(let refs): found.ambiguous.append((letter, refs))
            }
        }
        return found
    }

    /// How the code spells a machine's name: the type holding its enums (`Timer` for a
    /// `TIMER_TABLE`), nil when no enum says.
    func spelling(of machine: String) -> String? {
        let found = enums(of: machine)
        for ref in [found.states, found.actions].compactMap({ $0 }) {
            if let parent = ref.declaration.parent { return parent }
            return String(ref.declaration.name.dropLast())
        }
        return nil
    }

    /// Every `Cells` protocol of the run with the matrix it belongs to.
    func cellsProtocols() -> [(ProtocolRef, Outcome<MatrixRef>)] {
        run.indices.flatMap { index in
            run[index].cellsProtocols.compactMap { declaration -> (ProtocolRef, Outcome<MatrixRef>)? in
                guard let machine = declaration.machine else { return nil }
                return (
                    ProtocolRef(file: index, declaration: declaration),
                    matrix(machine: machine, owner: declaration.parent, near: run[index].path))
            }
        }
    }

    /// The `Cells` protocol of a machine.
    func cellsProtocol(of machine: String) -> ProtocolRef? {
        let key = MachineKey.normalized(machine)
        let all = run.indices.flatMap { index in
            run[index].cellsProtocols.filter { Self.key($0.machine) == key }.map { ProtocolRef(file: index, declaration: $0) }
        }
        return all.count == 1 ? all[0] : nil
    }

    /// Where a matrix is, for a message: "`Vend.TABLE` (Sources/Vend.swift:3)".
    func describe(_ ref: MatrixRef) -> String {
        let location = run[ref.file].location(of: ref.matrix.range.lowerBound)
        return "\(ref.bound.label) (\(run[ref.file].path):\(location.line))"
    }
}

extension MachinePairing.Outcome {
    var isAmbiguous: Bool {
        if case .ambiguous = self { return true }
        return false
    }
}
