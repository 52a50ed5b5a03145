/// `tablint migrate` over a run, without the filesystem: the files in, what would be written
/// (each new `*.tb.swift` and each rewritten source), the refusals and the notes out.
struct MigrationPlan {
    struct Output: Equatable {
        var path: String
        /// Nil for a new file.
        var original: [UInt8]?
        var bytes: [UInt8]
    }

    /// One source file's migrations: the matrices it gains and the file rewritten.
    struct Group: Equatable {
        var matrices: [Output]
        var source: Output
    }

    var groups: [Group] = []
    var refusals: [MigrationRefusal] = []
    /// What each migration assumed: (path, offset, text).
    var notes: [MigrationRefusal] = []
    /// Diagnostics tablint gives the migrated files (none expected): shown, so a surprise is seen.
    var findings: [Diagnostic] = []
    var migratedFunctions: [String] = []

    /// `exists` says whether a path names a file already (a `*.tb.swift` is never overwritten).
    static func make(_ files: [(path: String, bytes: [UInt8])], function: String?, exists: (String) -> Bool) -> MigrationPlan {
        var plan = MigrationPlan()
        var documents: [Engine.Document] = []
        var summaries: [FileSummary] = []
        var typeNames = Set<String>()
        var sources: [SourceFile] = []
        var instanceMembers: [String: Set<String>] = [:]
        var staticMembers: [String: Set<String>] = [:]
        var protocolRequirements: [String: Set<String>] = [:]
        var locationDefaults: [String: [MigrationReader.LocationDefault]] = [:]
        for (path, bytes) in files {
            let file = SourceFile(path: path, bytes: bytes)
            guard file.kind == .swift else { continue }
            sources.append(file)
            documents.append(Engine.Document(path: path, bytes: bytes))
            let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(bytes))
            let scopes = TypeScopes(tokens)
            let (enums, _, names, _) = LintContext.readDeclarations(tokens) { scopes }
            summaries.append(FileSummary(path: path, lines: file.lines, enums: enums, typeNames: names))
            for declaration in enums { typeNames.insert(declaration.qualifiedName) }
            for declaration in names { typeNames.insert((declaration.parent.map { $0 + "." } ?? "") + declaration.name) }
            for (type, names) in MigrationReader.instanceMembers(tokens, scopes) { instanceMembers[type, default: []].formUnion(names) }
            for (type, names) in MigrationReader.staticMembers(tokens, scopes) { staticMembers[type, default: []].formUnion(names) }
            for (name, defaults) in MigrationReader.locationDefaults(tokens, scopes, file: file) { locationDefaults[name, default: []] += defaults }
            for declaration in CellsProtocolReader.read(tokens, scopes: { scopes }) {
                protocolRequirements[declaration.name.text, default: []].formUnion(declaration.requirements.filter { $0.kind == .function }.map(\.name.text))
            }
            // The lint reads only enums and aliases; what migrate declares must not redeclare
            // a struct, class, actor or protocol either (`Door.Locked`, `DoorCells`).
            for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.kind(index + 1) == .identifier {
                guard ["struct", "class", "actor", "protocol"].contains(tokens.text(index)) else { continue }
                typeNames.insert((scopes.directTypeName(of: index).map { $0 + "." } ?? "") + SignificantTokens.unticked(tokens.text(index + 1)))
            }
        }
        // The library's own `Step` and `Table` (or stand-ins) in the run shadow nothing.
        var libraryLike = Set<String>()
        for file in sources {
            let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
            libraryLike.formUnion(LibraryTypeShadowing.libraryLike(tokens, TypeScopes(tokens), typeNames: typeNames))
        }
        // Every matrix of the run, on any surface (`.tbl` pins included).
        var workspace = Workspace()
        workspace.update(files.map { Engine.Document(path: $0.path, bytes: $0.bytes) }, keeping: .context)
        var matrices: [String: String] = [:]
        for (path, _) in files {
            guard let context = workspace.context(of: path) else { continue }
            for bound in context.boundMatrices {
                matrices[bound.key] = matrices[bound.key] ?? "\(bound.label), \(path):\(context.file.location(of: bound.matrix.range.lowerBound).line)"
            }
            for matrix in context.matrices where matrices[MachineKey.normalized(matrix.machine.text)] == nil {
                matrices[MachineKey.normalized(matrix.machine.text)] = "\(path):\(context.file.location(of: matrix.range.lowerBound).line)"
            }
        }
        var run = MigrationReader.Run(enums: EnumIndex(summaries), matrices: matrices, typeNames: typeNames)
        run.instanceMembers = instanceMembers
        run.staticMembers = staticMembers
        run.protocolRequirements = protocolRequirements
        run.locationDefaults = locationDefaults
        run.libraryLike = libraryLike
        var machines: [String: String] = [:]
        // The names an implementation type must not take: every type the run declares, by its
        // last name (a nested one would hide it from the moved code), and each implementation
        // declared so far.
        var takenTypeNames = Set(typeNames.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        for file in sources {
            var migrations: [Migration] = []
            var matrixOutputs: [Plan.Output] = []
            for result in MigrationReader(file: file, run: run, only: function).read() {
                switch result {
                case .failure(let refusal): plan.refusals.append(refusal)
                case .success(var migration):
                    let key = MachineKey.normalized(migration.machine)
                    let place = "\(migration.path):\(file.location(of: migration.functionOffset).line)"
                    if let earlier = machines[key] {
                        plan.refusals.append(MigrationRefusal(path: file.path, offset: migration.functionOffset, message: "cannot migrate `\(migration.function)`: it would write the matrix of `\(migration.machine)`, which `\(earlier) is migrated to already; migrate one function per machine"))
                        continue
                    }
                    let folder = file.path.lastIndex(of: "/").map { String(file.path[...$0]) } ?? ""
                    let matrixPath = folder + migration.machine + ".tb.swift"
                    if exists(matrixPath) || files.contains(where: { $0.path == matrixPath }) {
                        plan.refusals.append(MigrationRefusal(path: file.path, offset: migration.functionOffset, message: "cannot migrate `\(migration.function)`: \(matrixPath) exists already, and migrate never overwrites a `*.tb.swift`; move it away or merge by hand"))
                        continue
                    }
                    machines[key] = "\(migration.function)` (\(place))"
                    migration.implementation = unclaimed(migration.implementation, taken: takenTypeNames)
                    takenTypeNames.insert(migration.implementation)
                    migrations.append(migration)
                    matrixOutputs.append(Plan.Output(path: matrixPath, original: nil, bytes: aligned(MigrationWriter.matrixFile(migration), path: matrixPath)))
                    plan.migratedFunctions.append(migration.function)
                    for assumption in migration.assumptions {
                        plan.notes.append(MigrationRefusal(path: file.path, offset: migration.functionOffset, message: assumption))
                    }
                }
            }
            guard !migrations.isEmpty else { continue }
            let rewritten = MigrationWriter.rewrite(file.bytes, migrations)
            plan.groups.append(Group(matrices: matrixOutputs, source: Plan.Output(path: file.path, original: file.bytes, bytes: rewritten)))
        }
        // What tablint would report on the migrated code: an error there means the migration
        // met something in the run it did not foresee (another dispatcher of the machine's
        // name, say), so the file is not migrated.
        plan.findings = check(plan.groups, among: documents)
        var kept: [Group] = []
        for group in plan.groups {
            let paths = Set((group.matrices + [group.source]).map(\.path))
            guard let error = plan.findings.first(where: { paths.contains($0.path) && $0.severity == .error }) else {
                kept.append(group)
                continue
            }
            let functions = plan.notes.filter { $0.path == group.source.path }
            plan.refusals.append(MigrationRefusal(
                path: group.source.path, offset: functions.first?.offset ?? 0,
                message: "cannot migrate \(group.source.path): tablint would report the migrated code: \(error.path):\(error.start.line):\(error.start.column): \(error.message) [\(error.code)]"))
            plan.notes.removeAll { $0.path == group.source.path }
        }
        plan.groups = kept
        return plan
    }

    private typealias Plan = MigrationPlan

    /// `name`, or the first of `name2`, `name3`… that `taken` lacks.
    static func unclaimed(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains(name + String(number)) { number += 1 }
        return name + String(number)
    }

    /// The matrix file as tablint's own `--fix` leaves it: columns aligned, the header over them.
    static func aligned(_ text: String, path: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        let outcome = Engine.run([Engine.Document(path: path, bytes: bytes)], mode: .fix)
        return outcome.files.first?.fixed ?? bytes
    }

    /// What tablint reports for the migrated files, linted with the rest of the run: the
    /// dispatcher against its new matrix, the protocol against the HANDLE cells.
    static func check(_ groups: [Group], among documents: [Engine.Document]) -> [Diagnostic] {
        guard !groups.isEmpty else { return [] }
        var byPath = Dictionary(documents.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var written = Set<String>()
        for group in groups {
            for output in group.matrices + [group.source] {
                byPath[output.path] = Engine.Document(path: output.path, bytes: output.bytes)
                written.insert(output.path)
            }
        }
        let outcome = Engine.run(byPath.keys.sorted().map { byPath[$0]! }, mode: .report)
        return outcome.diagnostics.filter { written.contains($0.path) && $0.severity != .note }
    }
}
