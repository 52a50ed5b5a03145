/// The run's files split into groups that the run rules read only together: a machine's
/// matrices, enums, `Cells` protocol and implementations, dispatchers and pins, and whatever
/// shares a name with them. The workspace runs the cross-file rules once per group and keeps
/// each group's results until one of its files changes (`CrossFileComponentCache`), so a
/// keystroke in one machine's file does not check every other machine of the workspace again.
///
/// The split must never separate two files a rule relates, or a cached answer would differ from
/// a full run's. It errs towards joining: two files share a group when they name one machine
/// (any name a rule turns into a machine key: a matrix's machine and owner, a dispatcher's
/// machine, a pin's, a protocol's, an enum's parent or `TimerS`-style prefix, a delegated
/// child, a type written before a `.` in an arm), when one declares a type the other names
/// (enums, aliases and other type names, `Cells` protocols, implementations and extensions,
/// each by its name and by its parent and name), when both declare one, or when a pin may be
/// paired by its folder with a matrix there. A file that holds nothing for the cross-file step
/// is in no group. What links machines by case or member names (removal and rename plans,
/// which search every file) is left to `Workspace`, which then checks the run as one.
struct CrossFileComponents {
    /// Each group's indices into the summaries, in run order; the groups by their first file.
    let groups: [[Int]]

    init(_ summaries: [FileSummary]) {
        self.init(summaries, links: summaries.map(Links.init))
    }

    /// `links`: each summary's names (`Links(summary)`), as kept from an earlier split.
    init(_ summaries: [FileSummary], links all: [Links]) {
        var parent = Array(summaries.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        func join(_ one: Int, _ other: Int) {
            let (a, b) = (root(one), root(other))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        var holders: [String: Int] = [:]
        var references: [(file: Int, name: String)] = []
        for (index, summary) in summaries.enumerated() where !summary.holdsNothing {
            let links = all[index]
            // Machine keys and declared names join every file that holds them.
            for token in links.keys.map({ "k " + $0 }) + links.declared.map({ "d " + $0 }) {
                if let first = holders[token] { join(first, index) } else { holders[token] = index }
            }
            references += links.referenced.map { (index, "d " + $0) }
        }
        // A name joins the files that write it to those that declare it (a name nobody declares
        // relates nothing).
        for (file, token) in references { if let declarer = holders[token] { join(declarer, file) } }
        var byRoot: [Int: Int] = [:]
        var groups: [[Int]] = []
        for index in summaries.indices where !summaries[index].holdsNothing {
            let group = root(index)
            if let position = byRoot[group] {
                groups[position].append(index)
            } else {
                byRoot[group] = groups.count
                groups.append([index])
            }
        }
        self.groups = groups
    }

    /// The names one file holds, each folded as machine names are (`NameComparison.machineName`):
    /// folding more names together only joins more files.
    struct Links: Equatable {
        fileprivate var keys: Set<String> = []
        fileprivate var declared: Set<String> = []
        fileprivate var referenced: Set<String> = []

        init(_ summary: FileSummary) {
            if !summary.holdsNothing { collect(summary) }
        }

        static func key<S: StringProtocol>(_ name: S) -> String { NameComparison.machineName.key(name) }

        /// The identifiers of a type or machine name as written (`App.Timer`, `Step<S, F>`).
        static func words(_ text: String) -> [Substring] {
            text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        }

        /// The names written right before a `.` (`Timer` of `Timer.Open(…)`).
        static func qualifiers(_ text: String) -> [String] {
            var found: [String] = []
            var word = ""
            for character in text {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                    continue
                }
                // A type is capitalised; a value (`c.ring(ctx)`) is no machine.
                if character == ".", word.first?.isUppercase == true { found.append(word) }
                word = ""
            }
            return found
        }

        /// A machine name, each of its words, and each word without a suffix a machine's names
        /// add (`TimerS`, `TimerCells`, `TimerCtx`).
        private mutating func machine(_ name: String?) {
            guard let name, !name.isEmpty else { return }
            keys.insert(Self.key(name))
            for word in Self.words(name) {
                keys.insert(Self.key(word))
                for suffix in ["Cells", "Ctx", "S", "A", "F"] where word.count > suffix.count && word.hasSuffix(suffix) {
                    keys.insert(Self.key(word.dropLast(suffix.count)))
                }
            }
        }

        /// A type declared as `name` inside `parent` (nil: at the top level).
        private mutating func declare(_ name: String, parent: String?) {
            guard let parent, let last = Self.words(parent).last else {
                declared.insert(Self.key(name))
                return
            }
            declared.insert(Self.key(last + "." + name))
            declared.insert(Self.key(parent + "." + name))
            machine(parent)
        }

        /// A type written as `text` from inside `context` (the enclosing types): each of its
        /// words bare, after each context word, and after the word before it.
        private mutating func refer(_ text: String, context: [String] = []) {
            let words = Self.words(text)
            let around = context.flatMap(Self.words)
            for (position, word) in words.enumerated() {
                referenced.insert(Self.key(word))
                if position > 0 { referenced.insert(Self.key(words[position - 1] + "." + word)) }
                for outer in around { referenced.insert(Self.key(outer + "." + word)) }
            }
        }

        private mutating func matrix(_ bound: BoundMatrix, folder: String) {
            machine(bound.machine)
            machine(bound.owner)
            machine(bound.matrix.machine.text)
            // A `.tbl` pin without a machine of its name takes the only matrix of its folder.
            keys.insert("folder " + folder)
            for row in bound.matrix.rows {
                for cell in row.cells { if case .delegate(let child) = cell.kind { machine(child.text) } }
            }
            for payload in bound.matrix.payloads { refer(payload.type, context: [bound.owner, bound.machine].compactMap { $0 }) }
        }

        private mutating func collect(_ summary: FileSummary) {
            let folder = MatrixBinder.folder(of: summary.path)
            for bound in summary.matrices + summary.shortTables { matrix(bound, folder: folder) }
            for dispatcher in summary.dispatchers + summary.catchAllDispatchers {
                machine(dispatcher.machine)
                machine(dispatcher.owner)
                let context = dispatcher.enclosingTypes + [dispatcher.owner].compactMap { $0 }
                for type in dispatcher.enclosingTypes { refer(type) }
                for subject in dispatcher.subjects { refer(subject.type, context: context) }
                for parameter in dispatcher.parameters { refer(parameter.type, context: context) }
                // `Timer.Open(…)` built in an arm: a narrowed struct of machine `Timer`.
                for arm in dispatcher.arms { for qualifier in Self.qualifiers(arm.outcome.text) { machine(qualifier) } }
            }
            for pin in summary.pins {
                machine(pin.owner)
                machine(pin.machineFromBinding)
                machine(pin.matrix.machine.text)
                machine(pin.fileStem)
                keys.insert("folder " + pin.folder)
            }
            for declaration in summary.enums {
                declare(declaration.name, parent: declaration.parent)
                machine(declaration.name)
                for outer in declaration.outerTypes { machine(outer) }
                for type in declaration.inherits { refer(type, context: declaration.outerTypes) }
                for enumCase in declaration.cases {
                    for field in enumCase.payloadFields { refer(field.type, context: declaration.outerTypes + [declaration.qualifiedName]) }
                }
            }
            for declaration in summary.typeNames {
                declare(declaration.name, parent: declaration.parent)
                machine(declaration.name)
                if let target = declaration.aliasTarget { refer(target, context: declaration.enclosingTypes) }
            }
            for declaration in summary.cellsProtocols {
                // `refines` matches a protocol by its last name alone.
                declared.insert(Self.key(declaration.name.text))
                declare(declaration.name.text, parent: declaration.parent)
                machine(declaration.machine)
                machine(declaration.name.text)
                let context = [declaration.parent].compactMap { $0 }
                for refined in declaration.refines { refer(refined.text, context: context) }
                for requirement in declaration.requirements {
                    for type in requirement.parameterTypes { refer(type.text, context: context) }
                }
            }
            for implementation in summary.cellsImplementations {
                // One type's declaration and extensions are found by its bare name.
                declared.insert(Self.key(implementation.typeName.text))
                machine(implementation.typeName.text)
                for name in implementation.conformances + implementation.inherits {
                    refer(name, context: implementation.enclosingTypes)
                    // The machine a `…Cells` conformance names, with its protocol in the run or not.
                    let parts = Self.words(name)
                    guard let last = parts.last, last.hasSuffix("Cells") else { continue }
                    machine(String(last))
                    if last == "Cells" { machine(parts.dropLast().last.map(String.init) ?? implementation.enclosingTypes.first) }
                }
                for type in implementation.enclosingTypes { refer(type) }
            }
        }
    }
}
