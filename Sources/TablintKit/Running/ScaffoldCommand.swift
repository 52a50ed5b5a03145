import Foundation

/// `tablint scaffold PATH… [--machine NAME] [--write FILE]`: for a matrix whose machine has no
/// step dispatcher in the run, the code the library's generator writes for it (`GeneratedShape`):
/// the `Cells` protocol, `step` and `perform`, and whatever of the machine's types the run does
/// not declare, so that the output compiles against the library as it stands.
extension Tablint {
    struct ScaffoldOptions {
        var paths: [String] = []
        var machines: [String] = []
        var write: String?
    }

    /// The first line of every file `--write` writes: the one file it overwrites is one that
    /// starts with it, so a hand-written file is never replaced.
    static let scaffoldMarker = "// Written by `tablint scaffold` from the matrix; edit the matrix and run it again, not this file."

    static let scaffoldUsage = """
        USAGE: tablint scaffold PATH... [--machine NAME]... [--write FILE]

        Print the code the library's generator writes for each matrix under PATH whose machine
        has no dispatcher there: the `Cells` protocol (one member per HANDLE cell and per
        effect), `step` (one case per cell, in row-major order) and `perform` (one case per
        effect), with any of the machine's enums and `Ctx` the files do not declare.
        --machine NAME   only that machine (repeatable)
        --write FILE     write to FILE instead (atomically); an existing FILE is replaced only
                         if `tablint scaffold` wrote it (its first line says so)

        Exit status: 0 written; 1 a machine was refused (a cell the matrix does not say enough
        for, a DELEGATE cell, two members of one name, a dispatcher that already exists, an
        enum whose cases are under #if or disagree with the matrix, a `Cells` protocol
        declared other than the generator writes it); 2 trouble (a --machine NAME that names
        no machine, a file that cannot be read or written).

        """

    static func parseScaffold(_ arguments: [String]) -> Result<ScaffoldOptions?, UsageError> {
        var options = ScaffoldOptions()
        let scanned = SubcommandArguments.scan("scaffold", arguments, path: { options.paths.append($0) }) { name, inline, scanner in
            switch name {
            case "--machine": options.machines.append(try scanner.value(of: name, inline: inline))
            case "--write": options.write = try scanner.value(of: name, inline: inline)
            default: throw scanner.unknown(name, inline: inline)
            }
        }
        switch scanned {
        case .failure(let error): return .failure(error)
        case .success(nil): return .success(nil)
        case .success: break
        }
        if options.paths.isEmpty { return .failure(UsageError("'tablint scaffold' needs a PATH: the files or folders that hold the matrix")) }
        return .success(options)
    }

    static func runScaffold<Output: TextOutputStream, Errors: TextOutputStream>(
        _ arguments: [String], stdout: inout Output, stderr: inout Errors, read: FileIO.FileReader = FileIO.readFile
    ) throws -> Int32 {
        let options: ScaffoldOptions
        switch parseScaffold(arguments) {
        case .failure(let error):
            throw CommandFailure(error, hint: "Run 'tablint scaffold --help' for usage.")
        case .success(nil):
            stdout.write(scaffoldUsage)
            return ExitStatus.clean.rawValue
        case .success(let parsed?):
            options = parsed
        }
        let (walk, selection) = try subcommandFiles(options.paths)
        if !walk.failures.isEmpty { throw CommandFailure(messages: walk.failures.map(\.message)) }
        let files = selection.files
        // A file `--write` wrote before is the output, not part of the machine: its dispatcher
        // is the one about to be written anew.
        var existingOutput: [UInt8]?
        if let target = options.write, case .success(let bytes) = read(target) { existingOutput = bytes }
        if let existing = existingOutput, !String(decoding: existing.prefix(scaffoldMarker.utf8.count), as: UTF8.self).hasPrefix(scaffoldMarker) {
            throw CommandFailure("\(options.write!) exists and was not written by `tablint scaffold` (its first line is not `\(scaffoldMarker)`); not replacing it: choose another --write FILE, or remove it")
        }
        var sources: [String: [UInt8]] = [:]
        var documents: [Engine.Document] = []
        for path in files where !isSameFile(path, options.write) {
            switch read(path) {
            case .success(let bytes):
                sources[path] = bytes
                documents.append(Engine.Document(path: path, bytes: bytes))
            case .failure(let error):
                throw CommandFailure(PathFailure(path: path, error: error).message)
            }
        }
        // What the machines are is the workspace's; no rule needs to run for it.
        var workspace = Workspace(rules: [])
        workspace.update(documents)
        let summaries = workspace.summaries
        switch scaffold(summaries, sources: sources, machines: options.machines, writing: options.write) {
        case .failure(let trouble):
            stderr.write(trouble.message)
            return trouble.status.rawValue
        case .success(let (text, refusals, notes)):
            stderr.write(notes)
            stderr.write(refusals)
            guard !text.isEmpty else { return ExitStatus.errorsReported.rawValue }
            if let target = options.write {
                if let error = replaceFile(target, Array(text.utf8)) {
                    throw CommandFailure("cannot write \(target): \(error.reason)")
                }
            } else {
                stdout.write(text)
            }
            return refusals.isEmpty ? ExitStatus.clean.rawValue : ExitStatus.errorsReported.rawValue
        }
    }

    private static func isSameFile(_ path: String, _ other: String?) -> Bool {
        guard let other else { return false }
        return URL(fileURLWithPath: path).standardizedFileURL.path == URL(fileURLWithPath: other).standardizedFileURL.path
    }

    struct ScaffoldTrouble: Error {
        /// Whole lines, each ending in a newline.
        var message: String
        var status: ExitStatus = .errorsReported
    }

    /// The scaffold of every matrix of the run (or of the machines named) whose machine has no
    /// step dispatcher: the text (marker line first), the refusals as error lines
    /// (`CommandFailure.line`), and notes of the matrices passed over that are no refusal.
    /// `writing`: the `--write FILE`, which can hold no code that names a type `private` to
    /// another file.
    static func scaffold(
        _ run: [FileSummary], sources: [String: [UInt8]], machines wanted: [String], writing: String? = nil
    ) -> Result<(text: String, refusals: String, notes: String), ScaffoldTrouble> {
        let pairing = MachinePairing(run)
        // The matrices some dispatcher already follows.
        var dispatched: [String: (path: String, line: Int)] = [:]
        for file in run {
            for dispatcher in file.dispatchers where dispatcher.kind == .step {
                if let ref = pairing.matrix(for: dispatcher, near: file.path).paired {
                    let key = "\(ref.file) \(ref.matrix.range.lowerBound)"
                    if dispatched[key] == nil { dispatched[key] = (file.path, file.location(of: dispatcher.switchRange.lowerBound).line) }
                }
            }
        }
        var texts: [String] = []
        var importingFiles = Set<String>()
        var refusals = ""
        var seen = Set<String>()
        var everything: [String] = []
        let declaredTypes = declaredTypeNames(sources)
        let declarations = typeDeclarations(sources)
        // The library's own `Step` (or a stand-in) in the run is what the code means by `Step`.
        var libraryLike = Set<String>()
        for (path, bytes) in sources {
            let tokens = SignificantTokens(file: SourceFile(path: path, bytes: bytes), pieces: Tokenizer.tokenize(bytes))
            libraryLike.formUnion(LibraryTypeShadowing.libraryLike(tokens, TypeScopes(tokens), typeNames: []))
        }
        var notes = ""
        for file in run {
            // A matrix without states or actions generates nothing: said, so it is not missed.
            for bound in file.shortTables where bound.matrix.states.isEmpty || bound.matrix.actions.isEmpty {
                let name = pairing.spelling(of: bound.machine) ?? bound.owner ?? bound.matrix.machine.text
                everything.append(name)
                guard wanted.isEmpty || wanted.contains(name) || wanted.contains(bound.machine) else { continue }
                seen.insert(name)
                let place = "\(file.path):\(file.location(of: bound.matrix.range.lowerBound).line)"
                notes += "tablint: note: `\(name)` (\(place)) is not scaffolded: its matrix declares no \(bound.matrix.states.isEmpty ? "states" : "actions"), so there is nothing to generate\n"
            }
        }
        for (fileIndex, file) in run.enumerated() {
            for bound in file.matrices {
                let ref = MachinePairing.MatrixRef(file: fileIndex, bound: bound)
                let name = bound.matrix.surface == .machineEnum ? bound.matrix.machine.text : (pairing.spelling(of: bound.machine) ?? bound.owner ?? bound.matrix.machine.text)
                everything.append(name)
                guard wanted.isEmpty || wanted.contains(name) || wanted.contains(bound.machine) else { continue }
                seen.insert(name)
                let place = "\(file.path):\(file.location(of: bound.matrix.range.lowerBound).line)"
                if let dispatcher = dispatched["\(fileIndex) \(bound.matrix.range.lowerBound)"] {
                    refusals += CommandFailure.line("`\(name)` (\(place)) already has a dispatcher (\(dispatcher.path):\(dispatcher.line)); `tablint --fix --unsafe-fixes` keeps it in step with the matrix") + "\n"
                    continue
                }
                guard bound.matrix.isComplete, DispatcherDrift.brokenStates(bound.matrix)?.isEmpty ?? false else {
                    refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded: its rows cannot all be read or are not one per state; `tablint \(file.path)` says which") + "\n"
                    continue
                }
                let bytes = sources[file.path] ?? []
                var shape = GeneratedShape.reading(ref, pairing, source: { range in
                    String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
                })
                let enums = pairing.enums(of: shape.machine, near: file.path)
                shape = placed(shape, surface: bound.matrix.surface, enums, declarations)
                if let target = writing, shape.machineAccess.trimmingBlanks == "fileprivate" {
                    // `--write` never writes over the file the types are declared in (it holds no
                    // scaffold marker), so the code would name types it cannot see.
                    refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded into \(target): its types are `private` or `fileprivate` at file scope, so code naming them compiles only in their own file; run `tablint scaffold` without --write and put the text in that file, or make the types internal") + "\n"
                    continue
                }
                let enumTrouble = enumRefusals(shape, bound.matrix, near: file.path, pairing, declarations, libraryLike: libraryLike)
                guard enumTrouble.isEmpty else {
                    for reason in enumTrouble { refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded: \(reason)") + "\n" }
                    continue
                }
                let collisions = MemberCollision().collisions(in: bound.matrix)
                guard collisions.isEmpty else {
                    for (earlier, later) in collisions {
                        refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded: \(MemberCollision.message(earlier, later)) [\(MemberCollision().code)]") + "\n"
                    }
                    continue
                }
                let existing = existingProtocol(shape, run, sources: sources)
                if let existing, !existing.matches {
                    refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded: `protocol \(shape.cellsProtocol)` is already declared (\(existing.place)) with requirements other than the generator's; make it the generator's or remove it, and run `tablint scaffold` again") + "\n"
                    continue
                }
                switch shape.source(declaringProtocol: existing == nil) {
                case .failure(let refused):
                    for refusal in refused.all {
                        refusals += CommandFailure.line("`\(name)` (\(place)) is not scaffolded: \(refusal.state == nil ? "" : "cell ")\(refusal.message)") + "\n"
                    }
                case .success(let code):
                    texts.append(declarationsMissing(shape, enums, declaredTypes: declaredTypes) + code)
                    importingFiles.insert(file.path)
                }
            }
        }
        // A machine name that names nothing is a usage error (status 2), as for `paths` and
        // `export`: nothing is written.
        let unknown = wanted.filter { !seen.contains($0) }.map { name in
            CommandFailure.line("no machine named '\(name)'\(everything.isEmpty ? "; no matrix was found" : "; found: " + everything.joined(separator: ", "))") + "\n"
        }
        if !unknown.isEmpty { return .failure(ScaffoldTrouble(message: unknown.joined(), status: .failure)) }
        if texts.isEmpty, refusals.isEmpty { return .failure(ScaffoldTrouble(message: notes + CommandFailure.line("no matrix to scaffold") + "\n")) }
        // The imports of the scaffolded matrices' files (`import TabularCenter`): the text goes in
        // a file of its own, which sees `Step` only through them.
        var imports: [String] = []
        for path in importingFiles.sorted() {
            for line in String(decoding: sources[path] ?? [], as: UTF8.self).split(whereSeparator: \.isNewline) {
                let trimmed = String(line).trimmingBlanks
                let words = trimmed.split(separator: " ")
                guard words.contains("import"), words.first.map({ $0 == "import" || $0.hasPrefix("@") }) ?? false, !imports.contains(trimmed) else { continue }
                imports.append(trimmed)
            }
        }
        let header = scaffoldMarker + "\n\n" + (imports.isEmpty ? "" : imports.joined(separator: "\n") + "\n\n")
        let text = texts.isEmpty ? "" : header + texts.joined(separator: "\n")
        return .success((text, refusals, notes))
    }

    /// A `protocol` of the name the generator gives the machine's cells that the run already
    /// declares, where, and whether it is the generator's protocol written out (its text, blanks
    /// aside, is what `protocolDeclaration` writes): then it is kept, else the scaffold would
    /// redeclare it.
    static func existingProtocol(_ shape: GeneratedShape, _ run: [FileSummary], sources: [String: [UInt8]]) -> (place: String, matches: Bool)? {
        for file in run {
            guard let declared = file.cellsProtocols.first(where: { $0.name.text == shape.cellsProtocol && $0.parent == nil }) else { continue }
            let place = "\(file.path):\(file.location(of: declared.name.range.lowerBound).line)"
            let bytes = sources[file.path] ?? []
            guard let body = declarationText(bytes, from: declared.name.range.upperBound) else { return (place, false) }
            let generated = shape.protocolDeclaration()
            guard let open = generated.range(of: shape.cellsProtocol + " {") else { return (place, false) }
            let expected = generated[generated.index(open.lowerBound, offsetBy: shape.cellsProtocol.count)...]
            func squeezed<S: StringProtocol>(_ text: S) -> String { String(text.filter { !$0.isWhitespace }) }
            return (place, squeezed(body) == squeezed(expected))
        }
        return nil
    }

    /// The text from `start` (just after a protocol's name) through the `}` that closes its body,
    /// nil when the body holds a comment or a string (they are not compared) or does not close.
    private static func declarationText(_ bytes: [UInt8], from start: Int) -> String? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return String(decoding: bytes[start...index], as: UTF8.self) }
            case UInt8(ascii: "/"), UInt8(ascii: "\""): return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The names the files declare as a type (`enum`, `struct`, `class`, `actor`, `typealias`),
    /// outside comments and strings: whether the machine's type and its `Ctx` exist.
    static func declaredTypeNames(_ sources: [String: [UInt8]]) -> Set<String> {
        var names = Set<String>()
        let keywords: Set<String> = ["enum", "struct", "class", "actor", "typealias"]
        for (path, bytes) in sources {
            let file = SourceFile(path: path, bytes: bytes)
            let tokens = Tokenizer.tokenize(bytes).filter { !$0.isTrivia }
            for index in tokens.indices.dropLast() where tokens[index].kind == .keyword && keywords.contains(file.text(of: tokens[index])) {
                if tokens[index + 1].kind == .identifier { names.insert(SignificantTokens.unticked(file.text(of: tokens[index + 1]))) }
            }
        }
        return names
    }

    /// A type the run declares (`enum`, `struct`, `class`, `actor`, `protocol`, `typealias`;
    /// not an extension), by the path the top level names it with (`Lab.Pump.S`, as far as the
    /// types around it are named in the file).
    struct TypeDeclaration {
        var place: String
        /// `public`, `package`, `fileprivate` (for `private` at file scope too), `private`
        /// (nested in a type), or empty for internal.
        var access: String
    }

    /// Every type declaration of the files, by path; a path declared twice keeps the lesser access.
    static func typeDeclarations(_ sources: [String: [UInt8]]) -> [String: TypeDeclaration] {
        var found: [String: TypeDeclaration] = [:]
        let keywords: Set<String> = ["enum", "struct", "class", "actor", "protocol", "typealias"]
        for (path, bytes) in sources.sorted(by: { $0.key < $1.key }) {
            let file = SourceFile(path: path, bytes: bytes)
            let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(bytes))
            var scopes: TypeScopes?
            for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.kind(index + 1) == .identifier && keywords.contains(tokens.text(index)) {
                if scopes == nil { scopes = TypeScopes(tokens) }
                let name = SignificantTokens.unticked(tokens.text(index + 1))
                let typePath = (scopes!.enclosingTypeNames(of: index).reversed() + [name]).joined(separator: ".")
                var modifier = index - 1
                var access = ""
                while modifier >= 0, SignificantTokens.modifiers.contains(tokens.text(modifier)) {
                    let word = tokens.text(modifier)
                    if word == "public" || word == "open" { access = "public" } else if word == "package" { access = "package" }
                    // A `private` type at file scope is fileprivate, and a protocol at file scope
                    // naming it must be so too; nested in a type, nothing at file scope can name it.
                    else if word == "fileprivate" || word == "private" && scopes!.enclosingBrace(of: index) == nil { access = "fileprivate" }
                    else if word == "private" { access = "private" }
                    modifier -= 1
                }
                let declaration = TypeDeclaration(place: "\(path):\(file.location(of: tokens[index + 1].range.lowerBound).line)", access: access)
                if let earlier = found[typePath], accessRank(earlier.access) <= accessRank(access) { continue }
                found[typePath] = declaration
            }
        }
        return found
    }

    private static func accessRank(_ level: String) -> Int {
        switch level.trimmingBlanks {
        case "public", "open": return 2
        case "package": return 1
        case "fileprivate": return -1
        case "private": return -2
        default: return 0
        }
    }

    /// The access a type has from outside its module: the least of its own and of the types
    /// around it (`public enum S` in an internal `Timer` is internal); nil when the run does not
    /// declare it.
    static func effectiveAccess(_ typePath: String, _ declarations: [String: TypeDeclaration]) -> String? {
        guard let own = declarations[typePath] else { return nil }
        var level = own.access
        var components = typePath.split(separator: ".").map(String.init)
        while components.count > 1 {
            components.removeLast()
            if let outer = declarations[components.joined(separator: ".")], accessRank(outer.access) < accessRank(level) { level = outer.access }
        }
        return level
    }

    /// The shape placed where the run declares the machine: named from the top level when it is
    /// nested in another type (`Lab.Pump.S`), and, for a `Table` machine, as visible as its
    /// enums are (a `public` protocol, `step` and `perform` for public ones, so that it compiles
    /// in a library). An `@Machine`'s access is its `func handle`'s, as the macro copies it.
    static func placed(
        _ shape: GeneratedShape, surface: Matrix.Surface, _ enums: MachinePairing.Enums, _ declarations: [String: TypeDeclaration]
    ) -> GeneratedShape {
        var placed = shape
        let nested = GeneratedShape.TypeNames.nested(in: shape.machine)
        let declared = [enums.states, enums.actions, enums.effects].compactMap { $0?.declaration }
        if shape.types == nested, let inner = declared.first, let parent = inner.parent, !inner.outerTypes.isEmpty {
            placed.types = .nested(in: (inner.outerTypes.reversed() + [parent]).joined(separator: "."))
        } else if shape.types == nested, declared.isEmpty, declarations[shape.machine] == nil {
            // No enum of the machine yet: the one type of its name, where it is declared.
            let nestedTypes = declarations.keys.filter { $0.hasSuffix("." + shape.machine) }
            if nestedTypes.count == 1, let only = nestedTypes.first { placed.types = .nested(in: only) }
        }
        guard surface != .machineEnum else { return placed }
        var paths = declared.map { (($0.outerTypes.reversed() + ($0.parent.map { [$0] } ?? [])) + [$0.name]).joined(separator: ".") }
        if placed.types.context.contains(".") || declarations[placed.types.context] != nil { paths.append(placed.types.context) }
        if paths.isEmpty { paths.append(placed.types.namespace) }
        let levels = paths.compactMap { effectiveAccess($0, declarations) }
        guard let level = levels.min(by: { accessRank($0) < accessRank($1) }), !level.isEmpty else { return placed }
        placed.memberPrefix = level
        placed.machineAccess = level + " "
        return placed
    }

    /// Why the machine's enums in the run keep the scaffold from compiling: cases under `#if`
    /// (which exist depends on the build), two candidates for one enum, a type of its name that
    /// is no readable enum (the scaffold would declare it again), or cases the matrix does not
    /// list the same way (the switch would not be exhaustive, or name a case that is not there).
    static func enumRefusals(
        _ shape: GeneratedShape, _ matrix: Matrix, near: String, _ pairing: MachinePairing, _ declarations: [String: TypeDeclaration],
        libraryLike: Set<String> = []
    ) -> [String] {
        var reasons: [String] = []
        // `step`, `perform` and the protocol name the library's `Step` in the machine's
        // extension and at the top level.
        let namespace = shape.types.namespace.split(separator: ".").map(String.init)
        for path in [namespace, []] {
            if let found = LibraryTypeShadowing.shadowed(["Step"], inside: path, declared: { declarations[$0] != nil && !libraryLike.contains($0) }) {
                reasons.append(LibraryTypeShadowing.reason(found, inside: path) + " (and the matrix's machine)")
                break
            }
        }
        // A HANDLE member's narrowed struct named as a library type (`step(Int)` → `Step`).
        for (row, cells) in shape.cells.enumerated() where row < shape.states.count {
            for (column, cell) in cells.enumerated() where cell == .handle && column < shape.actions.count {
                for variant in NarrowedStructSync.variants(state: row, action: column, in: shape) {
                    if let why = LibraryTypeShadowing.narrowedCollision(variant.name, namespace: shape.types.namespace), !reasons.contains(why) { reasons.append(why) }
                }
            }
        }
        if shape.machineAccess.trimmingBlanks == "private" {
            reasons.append("a type it names is `private` inside another type, so the `Cells` protocol, declared at file scope, cannot name it; make it `fileprivate` or internal")
        }
        let fix = "`tablint --fix --unsafe-fixes` brings the enum in step with the matrix (enum-drift), or edit the matrix"
        let effectsNamed = shape.cells.joined().flatMap { cell -> [String] in
            switch cell {
            case let .go(_, _, uses), let .emit(uses): return uses.map(\.name)
            default: return []
            }
        }
        // The generator writes each name as a case and in member names: one that is no Swift
        // identifier (`"a b"`, `"x-y"`, `"1A"`), or two that are one case, cannot compile.
        var effectsOnce = Set<String>()
        let effects = effectsNamed.filter { effectsOnce.insert($0).inserted }
        for (role, listed) in [("state", matrix.states.map(\.text)), ("action", matrix.actions.map(\.text)), ("effect", effects)] {
            var seen: [String: String] = [:]
            for name in listed {
                if !UnicodeClasses.isIdentifier(name) {
                    reasons.append("the \(role) `\"\(name)\"` is no Swift identifier, so no case can be named after it; rename it in the matrix")
                } else if let earlier = seen[NameCasing.lowerFirst(name)] {
                    // Only an exact repeat is the lint's `duplicate-name`; `Idle` beside `idle` is one case only here.
                    reasons.append(earlier == name
                        ? "the \(role) `\(name)` is declared twice (`tablint::duplicate-name`), so its enum would declare one case twice; remove one from the matrix"
                        : "the \(role)s `\(earlier)` and `\(name)` would both be the case `\(NameCasing.lowerFirst(name))`, so its enum would declare one case twice; rename one in the matrix")
                } else {
                    seen[NameCasing.lowerFirst(name)] = name
                }
            }
        }
        for (letter, listed) in [("S", matrix.states.map(\.text)), ("A", matrix.actions.map(\.text)), ("F", effectsNamed)] {
            let found = pairing.enumeration(letter, machine: shape.machine, near: near)
            switch found {
            case .none:
                // A type of the name that is no enum tablint reads (an alias, a struct), which the
                // scaffold would declare again as a member of the machine (a top-level `DoorS`
                // the files declare is never declared again).
                let typePath = letter == "S" ? shape.types.state : letter == "A" ? shape.types.action : shape.types.effect
                if typePath.contains("."), let declared = declarations[typePath] {
                    reasons.append("`\(typePath)` is declared (\(declared.place)) but is no enum whose cases tablint reads, so the scaffold cannot write its switch; declare it as an `enum` of the matrix's cases")
                }
            case .ambiguous(let candidates):
                let places = candidates.map { "\(pairing.run[$0.file].path):\(pairing.run[$0.file].location(of: $0.declaration.nameRange.lowerBound).line)" }
                reasons.append("its `enum \(letter)` is declared more than once (\(places.joined(separator: ", "))), and which one the code means is not known; keep one")
            case .one(let ref):
                let declaration = ref.declaration
                let described = "`enum \(declaration.qualifiedName)` (\(pairing.run[ref.file].path):\(pairing.run[ref.file].location(of: declaration.nameRange.lowerBound).line))"
                if declaration.hasConditionalCases {
                    reasons.append("\(described) declares cases under `#if`, so which cases it has depends on the build and the scaffold cannot know them; declare its cases without `#if`")
                    continue
                }
                if declaration.isIncomplete {
                    reasons.append("\(described) cannot be read to its end, so its cases are not known")
                    continue
                }
                let key = { (name: String) in NameComparison.firstLetterFolded.key(name) }
                let cases = declaration.cases.map(\.name)
                let caseKeys = Set(cases.map(key)), listedKeys = Set(listed.map(key))
                let unlisted = letter == "F" ? [] : cases.filter { !listedKeys.contains(key($0)) }
                var undeclared: [String] = []
                for name in listed where !caseKeys.contains(key(name)) && !undeclared.contains(name) { undeclared.append(name) }
                guard !unlisted.isEmpty || !undeclared.isEmpty else { continue }
                var disagreements: [String] = []
                if !unlisted.isEmpty { disagreements.append("declares \(unlisted.map { "`\($0)`" }.joined(separator: ", ")), which the matrix does not list") }
                if !undeclared.isEmpty { disagreements.append("lacks \(undeclared.map { "`\($0)`" }.joined(separator: ", ")), which the matrix \(letter == "F" ? "names" : "lists")") }
                reasons.append("\(described) and the matrix disagree: the enum \(disagreements.joined(separator: " and ")); \(fix)")
            }
        }
        return reasons
    }

    /// What the generated code names that the run does not declare: the machine's type, its
    /// `enum S`/`A`/`F` (in matrix order) and `Ctx`, declared so the scaffold compiles, as
    /// visible as the code that names them.
    static func declarationsMissing(_ shape: GeneratedShape, _ enums: MachinePairing.Enums, declaredTypes: Set<String>) -> String {
        let machine = shape.machine
        let access = shape.publicLevel
        let declaresMachine = declaredTypes.contains(machine)
        // Any `Ctx` of the run is taken for the machine's: a second one would be declared twice.
        let declaresContext = declaredTypes.contains("Ctx") || declaredTypes.contains(machine + "Ctx")
        func declare(_ type: String, _ variants: [GeneratedShape.Variant], indent: String = "    ") -> String {
            let cases = variants.map { variant in
                GeneratedShape.declared(variant.name) + (variant.hasPayload
                    ? "(" + variant.fields.map { ($0.label.map { GeneratedShape.declared($0) + ": " } ?? "") + $0.type }.joined(separator: ", ") + ")" : "")
            }
            return "\(indent)\(access)enum \(type) {" + (cases.isEmpty ? "" : " case " + cases.joined(separator: ", ")) + " }\n"
        }
        var members = ""
        let nested = GeneratedShape.TypeNames.nested(in: shape.types.namespace)
        if shape.types.context != nested.context {
            // Top-level `DoorS`, `DoorA`, `DoorF`: what is missing is declared beside them, at
            // the top level, under the names the code uses (`DoorCtx`).
            var topLevel = ""
            if enums.actions == nil, !declaredTypes.contains(shape.types.action) { topLevel += declare(shape.types.action, shape.actions, indent: "") }
            if enums.effects == nil, !declaredTypes.contains(shape.types.effect) { topLevel += declare(shape.types.effect, shape.effects, indent: "") }
            if !declaredTypes.contains(shape.types.context) { topLevel += "\(access)final class \(shape.types.context) {}\n" }
            return (declaresMachine ? "" : "\(access)enum \(machine) {}\n") + topLevel + (declaresMachine && topLevel.isEmpty ? "" : "\n")
        }
        if enums.states == nil { members += declare("S", shape.states) }
        if enums.actions == nil { members += declare("A", shape.actions) }
        if enums.effects == nil { members += declare("F", shape.effects) }
        if !declaresContext { members += "    \(access)final class Ctx {}\n" }
        guard !members.isEmpty || !declaresMachine else { return "" }
        return (declaresMachine ? "extension \(shape.types.namespace) {\n" : "\(access)enum \(machine) {\n") + members + "}\n\n"
    }
}
