/// Reads the functions of a file that `tablint migrate` can turn into a matrix: a function of
/// two parameters whose whole body is one `switch (state, action)` over two enums of the run
/// (or one enum taken twice), returning the state, a `Bool` or the library's `Step`. Anything
/// it cannot prove it keeps as it behaves is refused, with the reason.
struct MigrationReader {
    /// What the run knows besides the file.
    struct Run {
        var enums: EnumIndex
        /// Every matrix of the run, by `MachineKey`: a machine that has one is not migrated.
        var matrices: [String: String]
        /// Qualified names of every type the run declares (`Turnstile.Ctx`, `DoorS`).
        var typeNames: Set<String>
        /// Per type name, the instance members every file declares in it or its extensions: a
        /// call of one is `self.name(…)`, which a `Cells` member cannot make.
        var instanceMembers: [String: Set<String>] = [:]
        /// Per type name, the `static` (and `class`) members every file declares in it or its
        /// extensions: the implementation type, declared in that type, finds them unqualified.
        var staticMembers: [String: Set<String>] = [:]
        /// Per protocol name, the functions it requires: a library-shaped dispatcher's `Cells`.
        var protocolRequirements: [String: Set<String>] = [:]
        /// Per function (or `init`'s type) name, its parameters that default to `#function`,
        /// `#line` or `#column`: a HANDLE arm that calls it is refused.
        var locationDefaults: [String: [LocationDefault]] = [:]
        /// The paths of the library's own `Step` and `Table` declared in the run (its sources,
        /// or stand-ins): the written code means them, so they shadow nothing.
        var libraryLike: Set<String> = []
    }

    let file: SourceFile
    let tokens: SignificantTokens
    let scopes: TypeScopes
    let run: Run
    /// `--function NAME`: only functions of that name, each reported if it cannot be migrated.
    let only: String?

    init(file: SourceFile, run: Run, only: String?) {
        let read = Self.unlabelledSubjects(file)
        self.file = read
        tokens = SignificantTokens(file: read, pieces: Tokenizer.tokenize(read.bytes))
        scopes = TypeScopes(tokens)
        self.run = run
        self.only = only
    }

    /// The file with the labels of a labelled subject tuple blanked, `switch (state: s, action: a)`
    /// read as `switch (s, a)`: the labels name nothing the arms match, and blanks keep every
    /// offset, so what is read points into the file as written.
    static func unlabelledSubjects(_ file: SourceFile) -> SourceFile {
        let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
        var bytes = file.bytes
        var changed = false
        for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "switch") && tokens.kind(index + 1) == .leftParen {
            guard let elements = tokens.elements(inside: index + 1), elements.count >= 2 else { continue }
            let labelled = elements.filter { $0.count == 3 && tokens.kind($0.lowerBound + 1) == .colon && tokens.kind($0.lowerBound + 2) == .identifier }
            guard !labelled.isEmpty, elements.allSatisfy({ $0.count == 1 || labelled.contains($0) }) else { continue }
            for element in labelled {
                let blank = tokens[element.lowerBound].range.lowerBound..<tokens[element.lowerBound + 2].range.lowerBound
                bytes.replaceSubrange(blank, with: [UInt8](repeating: UInt8(ascii: " "), count: blank.count))
                changed = true
            }
        }
        return changed ? SourceFile(path: file.path, bytes: bytes) : file
    }

    /// Every candidate of the file, migrated or refused, in source order.
    func read() -> [Result<Migration, MigrationRefusal>] {
        var names = Set<String>()
        for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "func") {
            if tokens.kind(index + 1) == .identifier { names.insert(SignificantTokens.unticked(tokens.text(index + 1))) }
        }
        if let only { names = names.contains(only) ? [only] : [] }
        let dispatchers = DispatcherReader.read(tokens, scopes: { scopes }, extraFunctionNames: names)
        var results: [Result<Migration, MigrationRefusal>] = []
        var seen = Set<Int>()
        for dispatcher in dispatchers where dispatcher.subjects.count == 2 && names.contains(dispatcher.function.text) {
            guard seen.insert(dispatcher.function.range.lowerBound).inserted else { continue }
            switch migrate(dispatcher) {
            case .migrated(let migration): results.append(.success(migration))
            case .refused(let refusal): results.append(.failure(refusal))
            case .notACandidate: continue
            }
        }
        if only == nil {
            // A machine written as a method over a stored state (`mutating func send(_ action:)`
            // switching on `(state, action)`) is no dispatcher, but is said with why, not
            // passed over: one subject is a parameter of an enum of the run, the other is not.
            for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "func") && tokens.kind(index + 1) == .identifier {
                guard !seen.contains(tokens[index + 1].range.lowerBound), let header = FunctionHeader.read(tokens, at: index),
                    let names = switchedNames(header), names.count == 2
                else { continue }
                let enclosing = scopes.enclosingTypeNames(of: header.keyword)
                let parameters = names.map { name in header.parameters.first { $0.name == name } }
                let ofAnEnum = parameters.contains { parameter in
                    guard let parameter, case .found = run.enums.resolve(parameter.type, enclosing: enclosing) else { return false }
                    return true
                }
                guard ofAnEnum, parameters.contains(where: { $0 == nil }) else { continue }
                let name = SignificantTokens.unticked(tokens.text(index + 1))
                results.append(.failure(MigrationRefusal(path: file.path, offset: tokens[index + 1].range.lowerBound, message: "cannot migrate `\(name)`: \(shape(ofFunctionAt: index))")))
            }
        }
        if let only {
            // A function named on the command line says why it is not read, whatever its shape.
            for index in 0..<tokens.count where tokens.kind(index) == .keyword && tokens.isText(index, "func") && tokens.kind(index + 1) == .identifier {
                guard SignificantTokens.unticked(tokens.text(index + 1)) == only, !seen.contains(tokens[index + 1].range.lowerBound) else { continue }
                results.append(.failure(MigrationRefusal(path: file.path, offset: tokens[index + 1].range.lowerBound, message: "cannot migrate `\(only)`: \(shape(ofFunctionAt: index))")))
            }
            results.sort { lhs, rhs in
                func offset(_ result: Result<Migration, MigrationRefusal>) -> Int {
                    switch result {
                    case .success(let migration): return migration.functionOffset
                    case .failure(let refusal): return refusal.offset
                    }
                }
                return offset(lhs) < offset(rhs)
            }
        }
        return results
    }

    /// The names a function's `switch` is over, when the switch opens its body (so a name that
    /// is not a parameter is the type's, not a local) and its subject is a tuple of names.
    private func switchedNames(_ header: FunctionHeader) -> [String]? {
        let switchIndex = header.body + 1
        guard tokens.partner[header.body] > switchIndex, tokens.kind(switchIndex) == .keyword, tokens.isText(switchIndex, "switch"),
            tokens.kind(switchIndex + 1) == .leftParen, let elements = tokens.elements(inside: switchIndex + 1),
            elements.allSatisfy({ $0.count == 1 && tokens.kind($0.lowerBound) == .identifier })
        else { return nil }
        return elements.map { SignificantTokens.unticked(tokens.text($0.lowerBound)) }
    }

    /// What a function that is no `switch (state, action)` over its parameters has instead.
    private func shape(ofFunctionAt keyword: Int) -> String {
        let expected = "migrate expects the whole body to be one `switch (state, action)` over two of its parameters, the state and the action"
        guard let header = FunctionHeader.read(tokens, at: keyword) else { return "tablint cannot read its signature and body; \(expected)" }
        let close = tokens.partner[header.body]
        let parameters = header.parameters.map(\.name)
        let listed = parameters.isEmpty ? "it has none" : parameters.map { "`\($0)`" }.joined(separator: ", ")
        guard let switchIndex = ((header.body + 1)..<close).first(where: { tokens.kind($0) == .keyword && tokens.isText($0, "switch") }) else {
            return "its body has no `switch`; \(expected)"
        }
        var open = switchIndex + 1
        while open < close, tokens.kind(open) != .leftBrace {
            if tokens.kind(open) == .leftParen || tokens.kind(open) == .leftBracket, tokens.partner[open] > open { open = tokens.partner[open] }
            open += 1
        }
        let subject = tokens.oneLine((switchIndex + 1)..<open)
        let names: [String]? = {
            if open == switchIndex + 2, tokens.kind(switchIndex + 1) == .identifier { return [SignificantTokens.unticked(tokens.text(switchIndex + 1))] }
            guard tokens.kind(switchIndex + 1) == .leftParen, tokens.partner[switchIndex + 1] == open - 1,
                let elements = tokens.elements(inside: switchIndex + 1), elements.allSatisfy({ $0.count == 1 && tokens.kind($0.lowerBound) == .identifier })
            else { return nil }
            return elements.map { SignificantTokens.unticked(tokens.text($0.lowerBound)) }
        }()
        let before = tokens.oneLine((header.body + 1)..<switchIndex)
        let place = switchIndex == header.body + 1 ? "it switches on `\(subject)`" : "its body holds `\(before)` before `switch \(subject)`"
        guard let names, names.count == 2 else {
            return "\(place), not a tuple of two of its parameters (\(listed)); \(expected)"
        }
        let strangers = names.filter { !parameters.contains($0) }
        if !strangers.isEmpty {
            return "\(place), and \(strangers.map { "`\($0)`" }.joined(separator: " and ")) \(strangers.count == 1 ? "is not one" : "are not") of its parameters (\(listed)); \(expected)"
        }
        return "\(place); \(expected)"
    }

    private enum Outcome {
        case migrated(Migration)
        case refused(MigrationRefusal)
        /// Not a machine's function (a switch over two `Int`s): said nothing of, unless named.
        case notACandidate
    }

    private func refuse(_ offset: Int, _ message: String) -> Outcome {
        .refused(MigrationRefusal(path: file.path, offset: offset, message: message))
    }

    // MARK: One function

    private func migrate(_ dispatcher: Dispatcher) -> Outcome {
        let name = dispatcher.function.text
        let at = dispatcher.function.range.lowerBound
        guard let keywordIndex = tokenIndex(at: at).map({ $0 - 1 }),
            let header = FunctionHeader.read(tokens, at: keywordIndex)
        else { return .notACandidate }
        let named = only != nil
        let subjects = dispatcher.subjects.map(\.name)
        let parameters = subjects.map { subject in header.parameters.first { $0.name == subject } }
        guard let stateParameter = parameters[0], let actionParameter = parameters[1] else {
            return named ? refuse(at, "cannot migrate `\(name)`: it switches on `\(dispatcher.switchText)`, and migrate expects a switch over two of its parameters, the state and the action") : .notACandidate
        }
        let enclosing = scopes.enclosingTypeNames(of: header.keyword)
        let stateEnum = run.enums.resolve(stateParameter.type, enclosing: enclosing)
        let actionEnum = run.enums.resolve(actionParameter.type, enclosing: enclosing)
        guard case .found(let states) = stateEnum, case .found(let actions) = actionEnum else {
            // A switch over two values of which neither is a known enum is no machine.
            let known = [stateEnum, actionEnum].filter { if case .found = $0 { return true } else { return false } }
            guard named || !known.isEmpty else { return .notACandidate }
            for (subject, resolution) in zip([stateParameter, actionParameter], [stateEnum, actionEnum]) {
                if case .missing(let why) = resolution {
                    return refuse(at, "cannot migrate `\(name)`: the cases of `\(subject.name): \(subject.type)` are not known (\(why)); migrate expects both subjects of `\(dispatcher.switchText)` to be enums declared in the files it is given")
                }
            }
            return .notACandidate
        }
        let function = "`\(name)`"
        // A dispatcher in the library's shape: the cells, the context, the state, the action.
        var library: Migration.LibraryShape?
        let others = header.parameters.filter { !subjects.contains($0.name) }
        if header.parameters.count == 4, let returned = header.returnType, Self.stepEffects(returned) != nil,
            let cells = others.first(where: { header.isCellsType($0.type) }), let context = others.first(where: { $0.name != cells.name })
        {
            library = Migration.LibraryShape(cells: cells.name, context: context.name)
        }
        if header.parameters.count != 2, library == nil {
            guard named else { return .notACandidate }
            let others = header.parameters.map(\.name).filter { !subjects.contains($0) }
            return refuse(at, "cannot migrate \(function): it takes \(others.map { "`\($0)`" }.joined(separator: ", ")) besides the state and the action; migrate expects a function of the two values it switches on (`\(dispatcher.switchText)`)")
        }
        if !scopes.enclosingGenericNames(of: header.keyword).isEmpty || !header.genericNames.isEmpty {
            return refuse(at, "cannot migrate \(function): it is generic or declared in a generic type; migrate expects the state and action enums of one machine")
        }
        if let attribute = inliningAttribute(before: header.keyword) {
            return refuse(tokens[attribute].range.lowerBound, "cannot migrate \(function): it is `\(tokens.text(attribute))`, and the dispatcher `step`, the `Cells` protocol and the implementation migrate writes are internal, which an inlinable body cannot call; remove the attribute, or migrate by hand with `@usableFromInline` on what it calls")
        }
        if let attribute = globalActorAttribute(around: header.keyword) {
            return refuse(tokens[attribute].range.lowerBound, "cannot migrate \(function): it is isolated to `@\(tokens.text(attribute))` (here), and the `Cells` protocol, `step` and the implementation migrate writes are not, so the moved code could not call what it calls now; migrate a nonisolated function, or move it by hand")
        }
        if let keyword = privateEnclosingType(of: header.keyword) {
            return refuse(tokens[keyword].range.lowerBound, "cannot migrate \(function): the type declared here is `private` or `fileprivate`, and migrate writes the matrix into a file of its own and the `Cells` protocol at file scope, where that type cannot be named; make it internal, then migrate")
        }
        if let keyword = privateDeclaration(of: states) ?? privateDeclaration(of: actions) {
            return refuse(tokens[keyword].range.lowerBound, "cannot migrate \(function): the enum declared here is `private` or `fileprivate`, and the dispatcher `step`, the `Cells` protocol and the implementation migrate writes are internal, where that type cannot be named; make it internal, then migrate")
        }
        if (header.keyword..<header.body).contains(where: { tokens.isText($0, "throws") || tokens.isText($0, "rethrows") || tokens.isText($0, "async") }) {
            return refuse(at, "cannot migrate \(function): it is `async` or `throws`, and migrate does not yet carry `async`/`throws` into the `Cells` requirements it writes and `try`/`await` into the arms and the callers' wrapper (the generator's shape allows them; `tablint scaffold` writes them for a matrix)")
        }
        // The whole body is the switch.
        let close = tokens.partner[header.body]
        guard let switchIndex = tokenIndex(at: dispatcher.switchRange.lowerBound),
            switchIndex == header.body + 1, let open = (switchIndex..<close).first(where: { tokens.kind($0) == .leftBrace }),
            tokens.partner[open] == close - 1
        else {
            return refuse(at, "cannot migrate \(function): its body holds code besides `\(dispatcher.switchText) { … }`; migrate expects the switch to be the whole body, so that each arm is the whole of what its cell does")
        }
        if let pound = (open..<tokens.partner[open]).first(where: { tokens.kind($0) == .poundKeyword && tokens.isText($0, "#if") }) {
            return refuse(tokens[pound].range.lowerBound, "cannot migrate \(function): `#if` inside its switch makes what the arms decide depend on the build; migrate expects one switch for every build")
        }
        let inoutNames = (header.keyword..<header.body).filter { tokens.isText($0, "inout") }.compactMap { index -> String? in
            var colon = index
            while colon > header.keyword, tokens.kind(colon) != .colon { colon -= 1 }
            return tokens.kind(colon) == .colon ? SignificantTokens.unticked(tokens.text(colon - 1)) : nil
        }
        if !inoutNames.isEmpty, inoutNames != [stateParameter.name] {
            return refuse(at, "cannot migrate \(function): it takes `\(inoutNames.joined(separator: "`, `"))` `inout`; migrate expects the state alone `inout` (a reducer), or passed by value")
        }
        let sameEnum = states.qualifiedName == actions.qualifiedName && states.outerTypes == actions.outerTypes
        let returnType = header.returnType ?? "Void"
        let shape: Migration.Shape
        if inoutNames == [stateParameter.name] {
            shape = .mutating(effect: ["Void", "()"].contains(returnType) ? nil : qualified(returnType, states, actions, around: header.keyword))
        } else if returnType == stateParameter.type || returnType == states.qualifiedName || returnType == "Self" && enclosing.first == states.name {
            shape = .state
        } else if returnType == "Bool" {
            guard sameEnum else {
                return refuse(at, "cannot migrate \(function): it returns `Bool` over two enums (`\(stateParameter.type)`, `\(actionParameter.type)`), which does not say which state `true` goes to; migrate reads `-> Bool` as `shouldTransition(from:to:)`, over one enum taken twice")
            }
            shape = .bool
        } else if let effects = Self.stepEffects(returnType) {
            shape = .step(effects: effects)
        } else if returnType == actionParameter.type || returnType == actions.qualifiedName {
            // `switch (action, state)` returning the state: the subjects are the other way round.
            return refuse(at, "cannot migrate \(function): its switch takes `\(stateParameter.name)` of `\(stateParameter.type)` first, which migrate reads as the state, and the function returns the other subject's type `\(returnType)`; write the switch as `switch (state, action)` (the state first), then migrate")
        } else {
            return refuse(at, "cannot migrate \(function): it returns `\(returnType)`; migrate expects the state (`-> \(stateParameter.type)`), `Bool` (`shouldTransition(from:to:)`) or the library's `Step<S, F>`")
        }

        let style: Migration.Style
        let machine: String
        if states.name == "S", actions.name == "A", let parent = states.parent, actions.parent == parent, states.outerTypes == actions.outerTypes {
            machine = parent
            style = .nested(qualified: (states.outerTypes.reversed() + [parent]).joined(separator: "."))
        } else {
            machine = Self.machineName(states.name, actions.name, function: name, parent: states.parent == actions.parent && !run.typeNames.contains((states.parent ?? "") + ".S") ? states.parent : nil)
            style = .fused(prefix: machine)
        }
        if let matrix = run.matrices[MachineKey.normalized(machine)] {
            return named ? refuse(at, "cannot migrate \(function): machine `\(machine)` already has a matrix (\(matrix)); tablint checks the dispatcher against it instead") : .notACandidate
        }
        var hasContext = false
        var hasEffects = false
        switch library == nil ? style : nil {
        case .nested(let qualified)?:
            hasContext = run.typeNames.contains(machine + ".Ctx")
            hasEffects = run.typeNames.contains(machine + ".F")
            if run.typeNames.contains(machine + "Cells") {
                return refuse(at, "cannot migrate \(function): `\(machine)Cells` is declared already, and migrate would declare it as the `Cells` protocol of `\(qualified)`")
            }
            // By the type's last name, as members are recorded: another type of that name with a
            // `TABLE` refuses too, on the safe side.
            if run.staticMembers[qualified.split(separator: ".").last.map(String.init) ?? qualified]?.contains("TABLE") == true {
                return refuse(at, "cannot migrate \(function): `\(qualified)` already declares a static `TABLE`, and migrate would declare the matrix as `\(qualified).TABLE`; rename that one, then migrate")
            }
        case .fused(let prefix)?:
            for suffix in ["S", "A", "F", "Ctx", "Cells"] where run.typeNames.contains(prefix + suffix) {
                return refuse(at, "cannot migrate \(function): `\(prefix + suffix)` is declared already, and migrate would declare it for machine `\(machine)`")
            }
        case nil:
            break
        }
        // An effect enum of its own name (`Step<S, Effect>`) is named `F` by an alias beside
        // `S` (nested) or as the fused `…F` (which the check above found undeclared).
        if case .step(let effects) = shape, effects != "Never", !effects.hasSuffix("F") {
            let isOwnEnum: Bool
            switch library == nil ? style : nil {
            case .nested?: isOwnEnum = !hasEffects && Self.isPlainName(effects)
            case .fused?: isOwnEnum = Self.isPlainName(effects)
            case nil: isOwnEnum = false
            }
            if !isOwnEnum {
                return refuse(at, "cannot migrate \(function): it returns `Step` with effects `\(effects)`; migrate expects the machine's `F` enum, an effect enum declared beside its state enum, or `Never`")
            }
        }

        // The cells each arm decides, in switch order.
        let stateIndex = Dictionary(states.cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let actionIndex = Dictionary(actions.cases.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var decided = [[[Migration.Candidate]]](repeating: [[Migration.Candidate]](repeating: [], count: actions.cases.count), count: states.cases.count)
        var closed = [[Bool]](repeating: [Bool](repeating: false, count: actions.cases.count), count: states.cases.count)
        let allowed = Set(subjects + (library.map { [$0.cells, $0.context] } ?? []))
        let selfMembers = instanceMembers(around: header.keyword)
        let statics = staticMembers(around: header.keyword, instances: selfMembers)
        for (armIndex, arm) in dispatcher.arms.enumerated() {
            let labelAt = arm.labelRange.lowerBound
            if arm.fallsThrough {
                return refuse(labelAt, "cannot migrate \(function): `\(arm.labelText)` falls through into the next case, so its cells' code is spread over two arms; migrate expects each arm to end in its own `return`")
            }
            let next = armIndex + 1 < dispatcher.arms.count ? dispatcher.arms[armIndex + 1] : nil
            let switchClose = tokens[tokens.partner[open]].range.lowerBound
            // The member's code runs in a nested function: a `break` that left the switch
            // returns from it instead, which is the same when the function returns nothing.
            let leaving = switchLeavingBreaks(arm, next: next, close: switchClose)
            if let first = leaving.first, shape != .mutating(effect: nil) {
                return refuse(tokens[first].range.lowerBound, "cannot migrate \(function): `\(arm.labelText)` leaves the switch with `break`, after which \(function) returns nothing; migrate expects each arm of a function that returns a value to end in its own `return`")
            }
            let body = armBody(arm, next: next, close: switchClose, breaks: leaving)
            if library == nil, let found = movingCallerLocation(in: arm) {
                return refuse(found.offset, "cannot migrate \(function): `\(arm.labelText)` \(found.what)")
            }
            let declaredInBody = declaredNames(in: armRanges(arm, condition: nil))
            var items: [(pattern: String?, condition: String?, sets: [[Int]], partial: Bool, binds: Bool, bindings: Set<String>, item: Dispatcher.CaseItem?)] = []
            switch arm.label {
            case .default, .unknownDefault:
                items = [(nil, nil, [Array(states.cases.indices), Array(actions.cases.indices)], false, false, [], nil)]
            case .unreadable:
                return refuse(labelAt, "cannot migrate \(function): tablint cannot read the label `\(arm.labelText)`")
            case .items(let caseItems, _):
                for (itemIndex, item) in caseItems.enumerated() {
                    guard item.isTuple, item.elements.count == 2 else {
                        return refuse(item.range.lowerBound, "cannot migrate \(function): `\(arm.labelText)` is not a pattern of two elements, one per subject of `\(dispatcher.switchText)`")
                    }
                    var sets: [[Int]] = []
                    var partial = item.isGuarded
                    for (position, element) in item.elements.enumerated() {
                        let cases = position == 0 ? states : actions
                        switch element.kind {
                        case .wildcard, .binding: sets.append(Array(cases.cases.indices))
                        case .member(let caseName, let refutable):
                            guard let found = (position == 0 ? stateIndex : actionIndex)[caseName] else {
                                return refuse(element.range.lowerBound, "cannot migrate \(function): `\(element.text)` in `\(arm.labelText)` is not a case of `\(cases.qualifiedName)`")
                            }
                            sets.append([found])
                            partial = partial || refutable
                        case .other:
                            return refuse(element.range.lowerBound, "cannot migrate \(function): tablint cannot tell which cases `\(element.text)` in `\(arm.labelText)` matches; migrate expects enum cases, `_` or bindings")
                        }
                    }
                    let patternText = file.text(item.range)
                    let end = itemIndex + 1 < caseItems.count ? caseItems[itemIndex + 1].range.lowerBound : arm.labelRange.upperBound - 1
                    var condition: String?
                    if item.isGuarded {
                        var text = file.text(item.range.upperBound..<end).trimmingBlanks
                        if text.hasSuffix(",") { text = String(text.dropLast()).trimmingBlanks }
                        if text.hasPrefix("where") { text = String(text.dropFirst(5)).trimmingBlanks }
                        condition = text
                    }
                    let bindings = patternBindings(item.range)
                    items.append((patternText, condition, sets, partial, !bindings.isEmpty, bindings, item))
                }
            }
            for item in items {
                let cells = sets(item.sets).filter { !closed[$0.0][$0.1] }
                if item.partial {
                    let what = item.condition.map { "`where \($0)`" } ?? "the payload matched in `\(item.pattern ?? "")`"
                    if cells.count > 1 {
                        return refuse(labelAt, "cannot migrate \(function): \(what) in `\(arm.labelText)` decides \(cells.count) cells (\(cells.prefix(4).map { "(\(states.cases[$0.0].name), \(actions.cases[$0.1].name))" }.joined(separator: ", "))\(cells.count > 4 ? ", …" : "")) at run time; migrate places such a condition in one cell only, where its `HANDLE` member keeps it")
                    }
                }
                var candidate = Migration.Candidate(
                    pattern: item.pattern, condition: item.condition, isPartial: item.partial, binds: item.binds, body: body)
                candidate.parts = item.item?.elements.map { Migration.PatternPart(text: $0.text, matchesEverything: $0.matchesEverything) } ?? []
                candidate.keyword = item.item?.bindingKeyword
                candidate.usedBareBindings = arm.usedBindings
                candidate.shadowing = item.bindings.union(declaredInBody)
                for (row, column) in cells {
                    decided[row][column].append(candidate)
                    if !item.partial { closed[row][column] = true }
                }
                if !cells.isEmpty, let free = freeVariable(in: arm, allowed: allowed.union(item.bindings), condition: item.condition, members: selfMembers, statics: statics) {
                    return refuse(free.offset, "cannot migrate \(function): `\(arm.labelText)` \(free.what); migrate moves a body into a `Cells` member, which sees only the function's parameters and the body's own names")
                }
            }
        }
        for row in states.cases.indices {
            for column in actions.cases.indices where !closed[row][column] {
                return refuse(at, "cannot migrate \(function): no arm decides (\(states.cases[row].name), \(actions.cases[column].name)) for every value; migrate expects the switch to be exhaustive")
            }
        }

        var cells: [[Migration.CellPlan]] = []
        for row in states.cases.indices {
            var planned: [Migration.CellPlan] = []
            for column in actions.cases.indices {
                let candidates = decided[row][column]
                if candidates.count == 1,
                    let kind = constantKind(candidates[0].body, shape: shape, stateParameter: stateParameter.name,
                                            states: states, actionCase: column, actions: actions, sameEnum: sameEnum,
                                            shadowing: candidates[0].shadowing)
                {
                    planned.append(Migration.CellPlan(kind: kind, candidates: []))
                } else if let library {
                    let cell = "(\(states.cases[row].name), \(actions.cases[column].name))"
                    guard candidates.count == 1 else {
                        return refuse(at, "cannot migrate \(function): cell \(cell) is decided by \(candidates.count) arms at run time (a `where` clause or a payload to match), and a dispatcher that calls its `Cells` members has one case per cell; move the condition into the member")
                    }
                    if let (target, effects) = Self.goWithPayload(candidates[0].body, states: states) {
                        // A GO whose target carries a payload: the matrix says GO, the arm keeps its arguments.
                        guard let pattern = Self.cellPattern(candidates[0], state: states.cases[row].name, action: actions.cases[column].name) else {
                            return refuse(at, "cannot migrate \(function): the arm of cell \(cell) uses `\(candidates[0].usedBareBindings.joined(separator: "`, `"))`, bound by a `_`-like element, so it cannot be written for that cell alone; bind the payload instead (`.running(let since)`)")
                        }
                        var kept = candidates[0]
                        kept.pattern = pattern
                        planned.append(Migration.CellPlan(kind: .go(target: target, effects: effects), candidates: [kept]))
                        continue
                    }
                    let words = Self.significant(candidates[0].body)
                    guard words.count >= 6, words[0] == "return", words[1] == library.cells, !candidates[0].shadowing.contains(library.cells), words[2] == ".", words[4] == "(", words.last == ")",
                        Self.balancedOnce(Array(words.dropFirst(3)))
                    else {
                        return refuse(at, "cannot migrate \(function): the arm of cell \(cell) runs `\(candidates[0].body.split(separator: "\n").first ?? "")`, which is neither a constant step nor one call of a member of `\(library.cells)`; the library's dispatcher calls one member per HANDLE cell, so move the code into a member of its `Cells` protocol first")
                    }
                    guard let pattern = Self.cellPattern(candidates[0], state: states.cases[row].name, action: actions.cases[column].name) else {
                        return refuse(at, "cannot migrate \(function): the arm of cell \(cell) uses `\(candidates[0].usedBareBindings.joined(separator: "`, `"))`, bound by a `_`-like element, so it cannot be written for that cell alone; bind the payload instead (`.running(let since)`)")
                    }
                    var kept = candidates[0]
                    kept.pattern = pattern
                    planned.append(Migration.CellPlan(kind: .handle, candidates: [kept]))
                } else {
                    planned.append(Migration.CellPlan(kind: .handle, candidates: candidates))
                }
            }
            cells.append(planned)
        }

        // A moved body's `Self` would name the `Cells` type it moves into, not the function's
        // (`Self.capacity` of `CartReducer` no longer compiles, or names another member).
        for row in cells.indices where library == nil {
            for column in cells[row].indices where cells[row][column].kind == .handle {
                for candidate in cells[row][column].candidates where Self.significant(candidate.body).contains("Self") {
                    let owner = statics.extended.isEmpty ? "the function's type" : "`\(statics.extended)`"
                    return refuse(at, "cannot migrate \(function): the arm of cell (\(states.cases[row].name), \(actions.cases[column].name)) uses `Self`, which in the `Cells` member it moves into names that member's type, not \(owner); write \(owner)'s name instead of `Self`")
                }
            }
        }
        if case .mutating(let effect?) = shape {
            // The wrapper returns `.none` for a step without an effect: an arm must show it exists.
            let returnsNone = dispatcher.arms.indices.contains { index in
                let words = Self.significant(armBody(dispatcher.arms[index], next: index + 1 < dispatcher.arms.count ? dispatcher.arms[index + 1] : nil, close: tokens[tokens.partner[open]].range.lowerBound))
                return words.indices.contains { $0 + 2 < words.count && words[$0] == "return" && words[$0 + 1] == "." && words[$0 + 2] == "none" }
            }
            if !returnsNone {
                return refuse(at, "cannot migrate \(function): it mutates its `inout` state and returns `\(effect)`, and no arm returns `.none`; migrate reads `.none` as no effect (TCA's `Effect.none`) and needs it for the cells that have none")
            }
        }
        if let library, let refusal = effectMembersRefusal(library, header: header, actionType: actionParameter.type, shape: shape, enclosing: enclosing, function: function, at: at) {
            return refusal
        }
        var members = Set<String>()
        for row in states.cases.indices where library == nil {
            for column in actions.cases.indices where cells[row][column].kind == .handle {
                let member = NameCasing.lowerFirst(states.cases[row].name) + NameCasing.upperFirst(actions.cases[column].name)
                if !members.insert(member).inserted {
                    return refuse(at, "cannot migrate \(function): two HANDLE cells would both be served by the member `\(member)` (\(states.cases[row].name), \(actions.cases[column].name) among them); rename a case so the two differ")
                }
            }
        }
        // Apart from the protocol's `…Cells` (`reduce` of machine `Reduce` gave both `ReduceCells`);
        // `MigrationPlan` numbers it when the run declares the name already.
        let implementation = NameCasing.upperFirst(name) + "Implementation"
        var assumptions: [String] = []
        switch shape {
        case .state:
            assumptions.append("\(function) returns the state: an arm returning a state without a payload is a GO to it, `return \(stateParameter.name)` is IGNORE, a trap is UNREACHABLE, and every other arm is a HANDLE whose member goes to the state its code returns; \(function) keeps its signature and returns the state `step` goes to, or `\(stateParameter.name)` when it stays")
        case .bool:
            assumptions.append("\(function) returns `Bool` over `\(states.qualifiedName)` taken twice, as a `shouldTransition(from:to:)` does: `true` is a GO to `\(actionParameter.name)`, `false` is IGNORE, and every other arm is a HANDLE whose member goes to `\(actionParameter.name)` when its code returns `true`; \(function) keeps its signature and returns whether `step` goes")
        case .mutating(let effect):
            assumptions.append("\(function) mutates its `inout` state\(effect.map { " and returns `\($0)`" } ?? ""): an arm that sets a state without a payload\(effect == nil ? "" : " and returns `.none`") is a GO to it, one that \(effect == nil ? "does nothing" : "only returns `.none`") is IGNORE, a trap is UNREACHABLE, and every other arm is a HANDLE whose member goes to the state its code leaves\(effect == nil ? "" : ", with the effect it returns as the step's one effect; migrate assumes `.none` is no effect, as TCA's `Effect.none` is"); \(function) keeps its signature, sets the state `step` goes to\(effect == nil ? "" : " and returns its effect, or `.none`")")
        case .step:
            assumptions.append("\(function) returns the library's `Step`: `.go` to a state without a payload is a GO, `.ignored` IGNORE, `.stay(effects:)` EMIT, a trap UNREACHABLE; \(function) keeps its signature and calls `step`")
        }
        if dispatcher.hasCatchAll {
            assumptions.append("the catch-alls of \(function) are spelled out in the matrix, one cell per pair they decided")
        }
        assumptions.append("the matrix has no `initial`: \(function) does not say where the machine starts; add `initial:` to the `Table`")

        if library != nil {
            assumptions = ["\(function) is the library's dispatcher already, with its `Cells` members: migrate writes its matrix and lists one case per cell, each HANDLE arm calling the member it called", assumptions.last!]
            if dispatcher.hasCatchAll { assumptions.insert("the catch-alls of \(function) are spelled out in the matrix and in the switch, one case per cell", at: 1) }
        }
        var migration = Migration(
            path: file.path, function: name, functionOffset: at, body: tokens[header.body].range.lowerBound..<tokens[close].range.upperBound,
            indent: lineIndent(before: tokens[header.keyword].range.lowerBound), newline: lineEnding(), owners: ownerPath(of: header.keyword),
            machine: machine, style: style, shape: shape,
            states: states.cases.map(\.name), actions: actions.cases.map(\.name),
            statePayloads: states.cases.map(\.hasPayload), actionPayloads: actions.cases.map(\.hasPayload),
            stateParameter: stateParameter.name, actionParameter: actionParameter.name,
            stateType: stateParameter.type, actionType: actionParameter.type,
            stateQualified: Self.qualified(states), actionQualified: Self.qualified(actions),
            cells: cells, hasContextType: hasContext, hasEffectType: hasEffects, assumptions: assumptions,
            implementation: implementation)
        migration.library = library
        if library == nil {
            let fields = { (declaration: EnumDeclaration) in
                declaration.cases.map { $0.payloadFields.map { GeneratedShape.Field(label: $0.label, type: nestedQualified($0.type, in: declaration)) } }
            }
            migration.stateFields = fields(states)
            migration.actionFields = fields(actions)
            switch style {
            case .nested(let qualified):
                migration.narrowedNamespace = qualified
            case .fused:
                if let parent = states.parent, parent == actions.parent, states.outerTypes == actions.outerTypes {
                    migration.narrowedNamespace = (states.outerTypes.reversed() + [parent]).joined(separator: ".")
                } else if sameEnum {
                    migration.narrowedNamespace = Self.qualified(states)
                } else {
                    migration.narrowedNamespace = machine
                    migration.declaresNamespace = !run.typeNames.contains(machine)
                }
            }
            if let refusal = narrowingRefusal(migration, at: at, function: function) { return refusal }
            migration.assumptions.insert(contentsOf: narrowingNotes(migration, function: function), at: migration.assumptions.count - 1)
        }
        if let refusal = shadowedLibraryType(migration, function: function, at: at) { return refusal }
        migration.switchStatement = dispatcher.switchRange.lowerBound..<tokens[tokens.partner[open]].range.upperBound
        return .migrated(migration)
    }

    /// A type of the run named as a library type the written code names unqualified (a machine
    /// named `Step`, a `Table` beside the matrix): the code would mean that type, and not compile.
    private func shadowedLibraryType(_ migration: Migration, function: String, at: Int) -> Outcome? {
        let declared = { (path: String) -> Bool in
            let parts = path.split(separator: ".")
            // The run's type names hold a nested type under its innermost parent only (`Turnstile.Step`).
            if run.libraryLike.contains(path) || parts.count > 2 && run.libraryLike.contains(parts.suffix(2).joined(separator: ".")) { return false }
            return run.typeNames.contains(path) || parts.count > 2 && run.typeNames.contains(parts.suffix(2).joined(separator: "."))
                || migration.declaresNamespace && path == migration.narrowedNamespace
        }
        var machinePath: [String] = []
        if case .nested(let qualified) = migration.style { machinePath = qualified.split(separator: ".").map(String.init) }
        let ownerPath = migration.owners.reversed().flatMap { $0.split(separator: ".").map(String.init) }
        // The matrix, in the machine's extension (or at the top level); then `step`, the protocol
        // and the implementation, which a library-shaped dispatcher has already.
        var places: [(names: [String], path: [String])] = [(["Table"], machinePath)]
        if migration.library == nil { places += [(["Step"], machinePath), (["Step"], ownerPath), (["Step"], [])] }
        for place in places {
            if let found = LibraryTypeShadowing.shadowed(place.names, inside: place.path, declared: declared) {
                let declaredHere = migration.declaresNamespace && found.by == migration.narrowedNamespace
                return refuse(at, "cannot migrate \(function): \(LibraryTypeShadowing.reason(found, inside: place.path, declaredHere: declaredHere)), then migrate")
            }
        }
        return nil
    }

    /// A library-shaped dispatcher's `Cells` protocol that declares the member the generator's
    /// `perform` calls for some effect but not for another: once the matrix exists,
    /// `cells-drift` reads the protocol as the generator's and asks for the missing one, so the
    /// migration is refused naming it, with the requirement to add.
    private func effectMembersRefusal(
        _ library: Migration.LibraryShape, header: FunctionHeader, actionType action: String, shape: Migration.Shape, enclosing: [String],
        function: String, at: Int
    ) -> Outcome? {
        guard case .step(let effectType) = shape, let cellsType = header.parameters.first(where: { $0.name == library.cells })?.type,
            let requirements = run.protocolRequirements[cellsType.split(separator: ".").last.map(String.init) ?? cellsType],
            case .found(let effects) = run.enums.resolve(effectType, enclosing: enclosing)
        else { return nil }
        let members = effects.cases.map { (effect: $0, member: NameCasing.lowerFirst($0.name)) }
        guard let declared = members.first(where: { requirements.contains($0.member) }),
            let missing = members.first(where: { !requirements.contains($0.member) })
        else { return nil }
        let context = header.parameters.first { $0.name == library.context }?.type ?? "Ctx"
        let fields = missing.effect.payloadFields
        var parameters = ["_ ctx: \(context)"]
        if fields.count == 1 {
            parameters.append("_ effect: \(fields[0].type)")
        } else if fields.count > 1 {
            parameters.append("_ effect: (" + fields.map { ($0.label.map { $0 + ": " } ?? "") + $0.type }.joined(separator: ", ") + ")")
        }
        let requirement = "func \(missing.member)(\(parameters.joined(separator: ", "))) -> \(action)?"
        return refuse(at, "cannot migrate \(function): `\(cellsType)` declares `\(declared.member)`, the member the generator's `perform` calls for effect `\(declared.effect.name)` of `\(effectType)`, but not `\(missing.member)` for effect `\(missing.effect.name)`, so with the matrix tablint (cells-drift) would ask for it; add `\(requirement)` to `\(cellsType)` and its implementations (or rename `\(declared.member)` if it serves no effect), then migrate again")
    }

    /// The narrowed structs the HANDLE members receive, by name: the variants they narrow.
    static func narrowedStructs(_ migration: Migration) -> [(name: String, variant: String, side: String, fields: [GeneratedShape.Field])] {
        var found: [(name: String, variant: String, side: String, fields: [GeneratedShape.Field])] = []
        func add(_ variant: String, _ side: String, _ fields: [GeneratedShape.Field]) {
            guard !fields.isEmpty else { return }
            let name = GeneratedShape.narrowedName(variant)
            if !found.contains(where: { $0.name == name && $0.variant == variant && $0.fields == fields }) { found.append((name, variant, side, fields)) }
        }
        for (row, plans) in migration.cells.enumerated() where plans.contains(where: { $0.kind == .handle }) {
            add(migration.states[row], "state", migration.stateFields[row])
        }
        for plans in migration.cells {
            for (column, plan) in plans.enumerated() where plan.kind == .handle { add(migration.actions[column], "action", migration.actionFields[column]) }
        }
        return found
    }

    /// A payload's type as the narrowed struct must write it, outside the enum: a type the enum
    /// declares itself (`Mode` in `enum S { case priming(Mode); enum Mode { … } }`) qualified
    /// (`Pump.S.Mode`), the rest as written.
    private func nestedQualified(_ type: String, in declaration: EnumDeclaration) -> String {
        GeneratedShape.qualifyingNested(type, in: Self.qualified(declaration)) { run.typeNames.contains(declaration.name + "." + $0) }
    }

    /// Why the HANDLE members cannot take the generator's narrowed structs as they are named:
    /// a struct would redeclare a type of the files, two variants would share one, or a name the
    /// moved code or a payload uses would then mean the struct.
    private func narrowingRefusal(_ migration: Migration, at: Int, function: String) -> Outcome? {
        let structs = Self.narrowedStructs(migration)
        let namespace = migration.narrowedNamespace
        let last = namespace.split(separator: ".").last.map(String.init) ?? namespace
        for (index, item) in structs.enumerated() {
            let qualified = namespace + "." + item.name
            if let why = LibraryTypeShadowing.narrowedCollision(item.variant, namespace: namespace) {
                return refuse(at, "cannot migrate \(function): \(why)")
            }
            if let earlier = structs[..<index].first(where: { $0.name == item.name }) {
                return refuse(at, "cannot migrate \(function): the \(earlier.side) case `\(earlier.variant)` and the \(item.side) case `\(item.variant)` would both be narrowed to the generator's struct `\(qualified)`, with other fields; rename one of them")
            }
            if run.typeNames.contains(qualified) || run.typeNames.contains(last + "." + item.name) {
                return refuse(at, "cannot migrate \(function): the generator's narrowed struct `\(qualified)` of `\(item.variant)` would redeclare the type `\(qualified)` the files declare; rename the type or the case")
            }
            let named = Set(structs.flatMap { $0.fields.flatMap { MigrationReader.significant($0.type) } })
            if named.contains(item.name) {
                return refuse(at, "cannot migrate \(function): a payload names the type `\(item.name)`, which inside `\(namespace)` would then mean the generator's narrowed struct `\(qualified)` of `\(item.variant)`; rename the type or the case")
            }
            for plans in migration.cells {
                for plan in plans where plan.kind == .handle {
                    for candidate in plan.candidates {
                        let words = MigrationReader.significant(candidate.body) + (candidate.condition.map(MigrationReader.significant) ?? [])
                        if words.indices.contains(where: { words[$0] == item.name && ($0 == 0 || words[$0 - 1] != ".") }) {
                            return refuse(at, "cannot migrate \(function): the code of a HANDLE arm names `\(item.name)`, which beside the moved code would then mean the generator's narrowed struct `\(qualified)` of `\(item.variant)`; qualify the name or rename the case")
                        }
                    }
                }
            }
        }
        return nil
    }

    /// What the migration chose for the HANDLE members' arguments, said as notes.
    private func narrowingNotes(_ migration: Migration, function: String) -> [String] {
        let structs = Self.narrowedStructs(migration)
        guard migration.handleCount > 0 else { return [] }
        var notes: [String] = []
        let namespace = migration.narrowedNamespace
        if structs.isEmpty {
            notes.append("the HANDLE members take the context only, as the generator's do: no state or action of their cells carries a payload")
        } else {
            let declared = migration.declaresNamespace ? "declared in a new `enum \(namespace) {}`" : "declared in `extension \(namespace)`"
            // The example is the code's own: the first binding a member takes from a narrowed struct.
            var example = ""
            let names = MigrationWriter.names(migration)
            search: for (row, plans) in migration.cells.enumerated() {
                for (column, plan) in plans.enumerated() where plan.kind == .handle {
                    let narrowing = MigrationNarrowing.plan(migration, row: row, column: column, stateType: names.state, actionType: names.action)
                    let sources = [narrowing.stateName, narrowing.actionName].compactMap { $0 }.map { " = \($0)." }
                    if let line = narrowing.opening.first(where: { line in sources.contains { line.contains($0) } }) {
                        example = " (`\(line)` in `\(migration.member(row, column))`)"
                        break search
                    }
                }
            }
            notes.append("the HANDLE members take the context and, as the generator's do, the narrowed struct of a payload-carrying state or action (\(structs.map { "`\(namespace).\($0.name)`" }.joined(separator: ", ")), \(declared)); each member binds the names its pattern bound from them at its top\(example), and its code is moved unchanged")
        }
        var rebuilt: [String] = []
        let names = MigrationWriter.names(migration)
        for (row, plans) in migration.cells.enumerated() {
            for (column, plan) in plans.enumerated() where plan.kind == .handle {
                let narrowing = MigrationNarrowing.plan(migration, row: row, column: column, stateType: names.state, actionType: names.action)
                var whole: [String] = []
                if narrowing.rebuildsState { whole.append("`\(migration.stateParameter)`") }
                if narrowing.rebuildsAction { whole.append("`\(migration.actionParameter)`") }
                if !whole.isEmpty { rebuilt.append("`\(migration.member(row, column))` (\(whole.joined(separator: ", ")))") }
            }
        }
        if !rebuilt.isEmpty {
            notes.append("the code of \(rebuilt.joined(separator: ", ")) uses the state or the action whole (or a pattern kept as `guard case`/`if case`, or the value the member goes to), so the member rebuilds it first from its case and narrowed struct, under the parameter's name (`let \(migration.stateParameter) = \(names.state).<case>(…)`): the same value, as the cell fixes the case")
        }
        return notes
    }

    // MARK: Reading arms

    private func tokenIndex(at offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].range.lowerBound == offset ? low : nil
    }

    /// The arm's body as written: from after its label's `:` to the next arm's label (or the
    /// switch's `}`), without the blank lines and comments that belong to the next arm.
    /// `breaks` (token indices) are written `return`, `return;` before more code on their line.
    private func armBody(_ arm: Dispatcher.Arm, next: Dispatcher.Arm?, close: Int, breaks: [Int] = []) -> String {
        let end = min(arm.layout.removal.upperBound, next?.labelRange.lowerBound ?? close)
        let range = arm.labelRange.upperBound..<max(arm.labelRange.upperBound, end)
        var text = ""
        var cursor = range.lowerBound
        for index in breaks {
            let word = tokens[index].range
            text += file.text(cursor..<word.lowerBound)
            // `return` then code would return that code's value: end the statement.
            let more = index + 1 < tokens.count && tokens[index + 1].range.lowerBound < range.upperBound
                && tokens.kind(index + 1) != .rightBrace && tokens.kind(index + 1) != .semicolon
            text += more ? "return;" : "return"
            cursor = word.upperBound
        }
        text += file.text(cursor..<range.upperBound)
        return text.trimmingBlanks
    }

    /// The first token at or after `offset`.
    private func firstToken(from offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The `break`s of an arm's body that leave the switch: unlabelled, and not in a loop, a
    /// nested `switch`, a closure or a nested function of the body. Such a block is told by the
    /// keyword before its `{`, as `DispatcherReader` tells a function's own blocks.
    private func switchLeavingBreaks(_ arm: Dispatcher.Arm, next: Dispatcher.Arm?, close: Int) -> [Int] {
        let end = min(arm.layout.removal.upperBound, next?.labelRange.lowerBound ?? close)
        var found: [Int] = []
        // Per `{` open in the body: whether a `break` directly in it leaves the switch.
        var blocks: [Bool] = []
        var pending: Bool?
        var index = firstToken(from: arm.labelRange.upperBound)
        while index < tokens.count, tokens[index].range.lowerBound < end {
            switch tokens.kind(index) {
            case .leftParen, .leftBracket:
                // What brackets hold is an expression: a `break` there is in a closure.
                if tokens.partner[index] > index { index = tokens.partner[index] }
            case .leftBrace:
                blocks.append(pending ?? false)
                pending = nil
            case .rightBrace:
                _ = blocks.popLast()
            case .keyword:
                if ["if", "guard", "else", "do", "catch"].contains(where: { tokens.isText(index, $0) }) {
                    pending = true
                } else if ["for", "switch", "repeat", "defer"].contains(where: { tokens.isText(index, $0) }) {
                    pending = false
                } else if tokens.isText(index, "while") {
                    // `repeat { … } while x` has no block after `while`.
                    let afterRepeat = tokens.kind(index - 1) == .rightBrace && tokens.partner[index - 1] >= 1
                        && tokens.isText(tokens.partner[index - 1] - 1, "repeat")
                    if !afterRepeat { pending = false }
                } else if tokens.isText(index, "break"), blocks.allSatisfy({ $0 }) {
                    let labelled = index + 1 < tokens.count && tokens.kind(index + 1) == .identifier
                        && !file.text(tokens[index].range.upperBound..<tokens[index + 1].range.lowerBound).contains(where: \.isNewline)
                    if !labelled { found.append(index) }
                }
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// The types the function is declared in, innermost first, as code names them: an
    /// extension's name as written (`App.Panel` for `extension App.Panel`), which ends the path.
    private func ownerPath(of index: Int) -> [String] {
        var path: [String] = []
        var brace = scopes.enclosingBrace(of: index)
        while let current = brace {
            brace = scopes.enclosingBrace(of: current)
            guard scopes.directTypeName(of: current + 1) != nil else { continue }
            var keyword = current - 1
            while keyword >= 0, tokens.kind(keyword) != .leftBrace, tokens.kind(keyword) != .rightBrace, tokens.kind(keyword) != .semicolon {
                let isType = ["enum", "struct", "class", "protocol", "extension", "actor"].contains { tokens.isText(keyword, $0) }
                if isType, tokens.kind(keyword + 1) == .identifier { break }
                keyword -= 1
            }
            guard keyword >= 0, tokens.kind(keyword + 1) == .identifier else { return scopes.enclosingTypeNames(of: index) }
            var name = SignificantTokens.unticked(tokens.text(keyword + 1))
            var last = keyword + 1
            while tokens.isText(keyword, "extension"), tokens.kind(last + 1) == .period, tokens.kind(last + 2) == .identifier {
                name += "." + SignificantTokens.unticked(tokens.text(last + 2))
                last += 2
            }
            path.append(name)
            if tokens.isText(keyword, "extension") { break }
        }
        return path
    }

    /// The instance members (`func`, `var`, `let`) the file declares in the types around token
    /// `index`, with their type: a call of one in a body is a call on `self`, which the nested
    /// `Cells` type cannot make. A `static` or `class` member it can.
    private func instanceMembers(around index: Int) -> [String: String] {
        var members: [String: String] = [:]
        for type in scopes.enclosingTypeNames(of: index) {
            for name in run.instanceMembers[type] ?? [] where members[name] == nil {
                members[name] = type
            }
        }
        return members
    }

    struct StaticMembers {
        /// The function's own type's: found from the implementation type declared in it.
        var visible: Set<String> = []
        /// Of the types around it, by name, with the type as code qualifies it (`App`).
        var outer: [String: String] = [:]
        /// The type the implementation is declared in, as its extension names it (`App.Panel`).
        var extended = ""
    }

    /// The static members the moved code may name: the function's innermost type's (any file,
    /// any extension; not one that is also an instance member's name), and those of the types
    /// lexically around it, which the implementation's `extension` does not see.
    private func staticMembers(around index: Int, instances: [String: String]) -> StaticMembers {
        var found = StaticMembers()
        let path = ownerPath(of: index)
        found.extended = path.reversed().joined(separator: ".")
        for (position, type) in path.enumerated() {
            let name = type.split(separator: ".").last.map(String.init) ?? type
            for member in run.staticMembers[name] ?? [] where instances[member] == nil {
                if position == 0 {
                    found.visible.insert(member)
                } else if found.outer[member] == nil, !found.visible.contains(member) {
                    found.outer[member] = path[position...].reversed().joined(separator: ".")
                }
            }
        }
        return found
    }

    /// The attribute before the `func` at `keyword` that makes its body inlinable into other
    /// modules (`@inlinable`, `@_alwaysEmitIntoClient`, `@_transparent`): the index of its name.
    /// The walk stops at a brace, which ends every earlier declaration that has a body.
    private func inliningAttribute(before keyword: Int) -> Int? {
        let inlining: Set<String> = ["inlinable", "_alwaysEmitIntoClient", "_transparent"]
        var index = keyword - 1
        while index >= 1, tokens.kind(index) != .leftBrace, tokens.kind(index) != .rightBrace, tokens.kind(index) != .semicolon {
            if tokens.kind(index - 1) == .atSign, inlining.contains(tokens.text(index)) { return index }
            index -= 1
        }
        return nil
    }

    /// A global actor's attribute (`@MainActor`, `@DatabaseActor`) on the `func` at `keyword` or
    /// on a type or extension around it: the index of its name.
    private func globalActorAttribute(around keyword: Int) -> Int? {
        func attribute(before index: Int) -> Int? {
            var at = index - 1
            while at >= 1, tokens.kind(at) != .leftBrace, tokens.kind(at) != .rightBrace, tokens.kind(at) != .semicolon {
                if tokens.kind(at - 1) == .atSign, tokens.kind(at) == .identifier, tokens.text(at).hasSuffix("Actor") { return at }
                at -= 1
            }
            return nil
        }
        if let found = attribute(before: keyword) { return found }
        let declarers: Set<String> = ["enum", "struct", "class", "actor", "extension", "protocol"]
        var brace = scopes.enclosingBrace(of: keyword)
        while let current = brace {
            var head = current - 1
            while head >= 0, !(tokens.kind(head) == .keyword && declarers.contains(tokens.text(head))),
                tokens.kind(head) != .leftBrace, tokens.kind(head) != .rightBrace, tokens.kind(head) != .semicolon { head -= 1 }
            if head >= 0, tokens.kind(head) == .keyword, declarers.contains(tokens.text(head)), let found = attribute(before: head) { return found }
            brace = scopes.enclosingBrace(of: current)
        }
        return nil
    }

    /// The keyword of a type around token `index` (not an extension: its `private` reaches
    /// only its members) declared `private` or `fileprivate`, innermost first.
    private func privateEnclosingType(of index: Int) -> Int? {
        let declarers: Set<String> = ["enum", "struct", "class", "actor", "extension", "protocol"]
        var brace = scopes.enclosingBrace(of: index)
        while let current = brace {
            var head = current - 1
            while head >= 0, !(tokens.kind(head) == .keyword && declarers.contains(tokens.text(head))),
                tokens.kind(head) != .leftBrace, tokens.kind(head) != .rightBrace, tokens.kind(head) != .semicolon { head -= 1 }
            if head >= 0, tokens.kind(head) == .keyword, declarers.contains(tokens.text(head)), !tokens.isText(head, "extension") {
                var modifier = head - 1
                while modifier >= 0, SignificantTokens.modifiers.contains(tokens.text(modifier)) {
                    if tokens.isText(modifier, "private") || tokens.isText(modifier, "fileprivate") { return head }
                    modifier -= 1
                }
            }
            brace = scopes.enclosingBrace(of: current)
        }
        return nil
    }

    /// A type named by one identifier, without a path or generic arguments.
    private static func isPlainName(_ type: String) -> Bool {
        guard let first = type.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return type.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0.value > 0x7F }
    }

    /// The keyword of `declaration` when this file declares it `private` or `fileprivate`, or
    /// inside a type that is: a private enum at file scope is seen by a function beside it, but
    /// not by the internal code migrate writes.
    private func privateDeclaration(of declaration: EnumDeclaration) -> Int? {
        guard let name = tokenIndex(at: declaration.nameRange.lowerBound), name > 0,
            SignificantTokens.unticked(tokens.text(name)) == declaration.name, tokens.isText(name - 1, "enum")
        else { return nil }
        var modifier = name - 2
        while modifier >= 0, SignificantTokens.modifiers.contains(tokens.text(modifier)) {
            if tokens.isText(modifier, "private") || tokens.isText(modifier, "fileprivate") { return name - 1 }
            modifier -= 1
        }
        return privateEnclosingType(of: name - 1)
    }

    /// Per type name, the non-`static` `func`s, `var`s and `let`s declared directly in it (its
    /// body or an extension's) in one file.
    static func instanceMembers(_ tokens: SignificantTokens, _ scopes: TypeScopes) -> [String: Set<String>] {
        members(tokens, scopes, static: false)
    }

    /// Per type name, the `static` and `class` `func`s, `var`s and `let`s declared directly in it.
    static func staticMembers(_ tokens: SignificantTokens, _ scopes: TypeScopes) -> [String: Set<String>] {
        members(tokens, scopes, static: true)
    }

    private static func members(_ tokens: SignificantTokens, _ scopes: TypeScopes, static wanted: Bool) -> [String: Set<String>] {
        let starters: Set<String> = ["func", "var", "let", "case", "init", "subscript", "typealias", "import", "return", "deinit", "associatedtype", "enum", "struct", "protocol", "extension"]
        var members: [String: Set<String>] = [:]
        for at in 0..<tokens.count where tokens.kind(at) == .keyword && (tokens.isText(at, "func") || tokens.isText(at, "var") || tokens.isText(at, "let")) {
            guard tokens.kind(at + 1) == .identifier, let type = scopes.directTypeName(of: at) else { continue }
            var modifier = at - 1
            var isStatic = false
            while modifier >= 0, tokens.kind(modifier) == .keyword || tokens.kind(modifier) == .identifier, !starters.contains(tokens.text(modifier)) {
                if tokens.isText(modifier, "static") || tokens.isText(modifier, "class") { isStatic = true }
                modifier -= 1
            }
            if isStatic == wanted { members[type, default: []].insert(SignificantTokens.unticked(tokens.text(at + 1))) }
        }
        return members
    }

    /// The names a pattern binds: identifiers under a `let`/`var` that are not case names
    /// (after a `.`) or payload labels (before a `:`).
    private func patternBindings(_ range: Range<Int>) -> Set<String> {
        guard let first = tokenIndex(at: range.lowerBound) else { return [] }
        var names = Set<String>()
        var index = first
        var binding = false
        var depth = 0
        var bindingDepth = -1
        while index < tokens.count, tokens[index].range.lowerBound < range.upperBound {
            let kind = tokens.kind(index)
            if kind == .leftParen { depth += 1 }
            if kind == .rightParen {
                depth -= 1
                if binding, depth < bindingDepth { binding = false }
            }
            if kind == .comma, binding, depth == bindingDepth, bindingDepth > 0 { binding = false }
            if tokens.isText(index, "let") || tokens.isText(index, "var") {
                binding = true
                bindingDepth = depth
            } else if binding, kind == .identifier, tokens.kind(index - 1) != .period, tokens.kind(index + 1) != .colon {
                names.insert(SignificantTokens.unticked(tokens.text(index)))
            }
            index += 1
        }
        return names
    }

    /// The token ranges of an arm's `where` clause (when it has a condition) and its body.
    func armRanges(_ arm: Dispatcher.Arm, condition: String?) -> [Range<Int>] {
        guard let start = tokenIndex(at: arm.labelRange.lowerBound) else { return [] }
        var end = start
        while end < tokens.count, tokens[end].range.lowerBound < arm.layout.removal.upperBound { end += 1 }
        var bodyStart = start
        while bodyStart < end, tokens[bodyStart].range.upperBound <= arm.labelRange.upperBound { bodyStart += 1 }
        var whereStart = end
        if condition != nil, let at = (start..<bodyStart).first(where: { tokens.isText($0, "where") }) { whereStart = at + 1 }
        return whereStart < bodyStart ? [whereStart..<bodyStart, bodyStart..<end] : [bodyStart..<end]
    }

    /// The names code in `ranges` declares: its `let`s and `var`s, loop variables, nested
    /// functions, `case` bindings, closure parameters and a `catch`'s `error`.
    private func declaredNames(in ranges: [Range<Int>]) -> Set<String> {
        var declared = Set<String>()
        for range in ranges {
            var index = range.lowerBound
            while index < range.upperBound {
                if tokens.isText(index, "let") || tokens.isText(index, "var") || tokens.isText(index, "for")
                    || tokens.isText(index, "func") || tokens.isText(index, "case")
                {
                    // Every name up to the `=`, `in`, `{` or end of the binding's group.
                    var next = index + 1
                    var depth = 0
                    while next < range.upperBound {
                        let kind = tokens.kind(next)
                        if kind == .leftParen || kind == .leftBracket { depth += 1 }
                        if kind == .rightParen || kind == .rightBracket { if depth == 0 { break }; depth -= 1 }
                        if depth == 0, kind == .equal || kind == .leftBrace || tokens.isText(next, "in") || kind == .colon && !tokens.isText(index, "func") { break }
                        if kind == .identifier, tokens.kind(next - 1) != .period { declared.insert(SignificantTokens.unticked(tokens.text(next))) }
                        next += 1
                    }
                }
                if tokens.isText(index, "in"), let brace = (range.lowerBound..<index).last(where: { tokens.kind($0) == .leftBrace && tokens.partner[$0] > index }) {
                    // A closure's parameters, `{ x, y in`.
                    for name in (brace + 1)..<index where tokens.kind(name) == .identifier && tokens.kind(name - 1) != .period {
                        declared.insert(SignificantTokens.unticked(tokens.text(name)))
                    }
                }
                if tokens.isText(index, "catch") { declared.insert("error") }
                index += 1
            }
        }
        return declared
    }

    /// The first name the arm's body (or its `where` clause) uses that is neither a parameter,
    /// a name its pattern binds, nor one the body declares: a variable outside the function,
    /// or a call of an instance member of the function's type (`members`).
    private func freeVariable(
        in arm: Dispatcher.Arm, allowed: Set<String>, condition: String?, members: [String: String], statics: StaticMembers
    ) -> (offset: Int, what: String)? {
        let ranges = armRanges(arm, condition: condition)
        let declared = allowed.union(declaredNames(in: ranges))
        for range in ranges {
            for index in range {
                if tokens.kind(index) == .keyword, tokens.isText(index, "self") || tokens.isText(index, "super") {
                    return (tokens[index].range.lowerBound, "uses `\(tokens.text(index))`")
                }
                guard tokens.kind(index) == .identifier else { continue }
                let name = SignificantTokens.unticked(tokens.text(index))
                // `#fileID`, `#selector(…)`: a literal or macro, no variable.
                if declared.contains(name) || tokens.kind(index - 1) == .period || tokens.kind(index - 1) == .pound { continue }
                if let first = name.unicodeScalars.first, ("A"..."Z").contains(first) { continue }  // a type
                if tokens.kind(index + 1) == .colon, tokens.kind(index - 1) == .leftParen || tokens.kind(index - 1) == .comma { continue }  // a label
                if let owner = members[name] {
                    let verb = tokens.kind(index + 1) == .leftParen ? "calls" : "uses"
                    return (tokens[index].range.lowerBound, "\(verb) `\(name)`, an instance member of `\(owner)` (`self.\(name)`)")
                }
                // The implementation type is declared in the function's type, so it finds that
                // type's static members unqualified, but not those of a type around it.
                if statics.visible.contains(name) { continue }
                if let outer = statics.outer[name] {
                    let verb = tokens.kind(index + 1) == .leftParen ? "calls" : "uses"
                    return (tokens[index].range.lowerBound, "\(verb) `\(name)`, a static member of `\(outer)`, which the `Cells` type, declared in `extension \(statics.extended)`, does not see unqualified (write `\(outer).\(name)`)")
                }
                if tokens.kind(index + 1) == .leftParen { continue }  // a call to a function
                return (tokens[index].range.lowerBound, "uses `\(name)`, which is not a parameter of the function or a name its body declares")
            }
        }
        return nil
    }

    /// The constant a one-arm cell's body returns, or nil when the body is code (a HANDLE).
    private func constantKind(
        _ body: String, shape: Migration.Shape, stateParameter: String, states: EnumDeclaration, actionCase: Int,
        actions: EnumDeclaration, sameEnum: Bool, shadowing: Set<String>
    ) -> Migration.CellKind? {
        // `s` bound by the pattern (or declared by the body) is that value, not the state.
        let unshadowed = shadowing.contains(stateParameter) ? nil : stateParameter
        let words = Self.significant(body)
        guard !words.isEmpty else { return nil }
        if ["fatalError", "preconditionFailure"].contains(words[0]), words.count >= 3, words[1] == "(", words.last == ")",
            Self.balancedOnce(words)
        {
            return .unreachable
        }
        let value = Array(words.dropFirst())
        if case .mutating = shape {} else if words[0] != "return" { return nil }
        func stateCase(_ expression: [String]) -> Int? {
            // `.idle`, `S.idle`, `Turnstile.S.idle`, a case without a payload.
            guard expression.count >= 2, expression[expression.count - 2] == "." else { return nil }
            let qualifier = expression.dropLast(2).joined()
            guard qualifier.isEmpty || qualifier == states.name || qualifier == states.qualifiedName || qualifier == Self.qualified(states) || qualifier == "Self" else { return nil }
            let name = SignificantTokens.unticked(expression.last!)
            guard let index = states.cases.firstIndex(where: { $0.name == name }), !states.cases[index].hasPayload else { return nil }
            return index
        }
        switch shape {
        case .mutating(let effect):
            // `state = .x` then the "no effect" return; or the return alone.
            let none = effect == nil ? [[], ["return"]] : [["return", ".", "none"]]
            if none.contains(words) || (effect == nil && words == ["break"]) { return .ignore }
            guard words.count > 2, words[0] == unshadowed, words[1] == "=" else { return nil }
            let rest = Array(words.dropFirst(2))
            for ending in none where rest.count > ending.count && Array(rest.suffix(ending.count)) == ending {
                if let target = stateCase(Array(rest.dropLast(ending.count))) { return .go(target: target, effects: []) }
            }
            return nil
        case .state:
            if let unshadowed, value == [unshadowed] { return .ignore }
            return stateCase(value).map { .go(target: $0, effects: []) }
        case .bool:
            if value == ["false"] { return .ignore }
            if value == ["true"], sameEnum, !actions.cases[actionCase].hasPayload { return .go(target: actionCase, effects: []) }
            return nil
        case .step:
            if value == [".", "ignored"] { return .ignore }
            // `.go(X, effects: [.e, …])` / `.stay(effects: [.e, …])`.
            guard value.count >= 4, value[0] == ".", value[2] == "(", value.last == ")" else { return nil }
            let inner = Array(value[3..<(value.count - 1)])
            let effects = Self.effectNames
            if value[1] == "go" {
                guard let comma = inner.firstIndex(of: ","), let target = stateCase(Array(inner[..<comma])),
                    let list = effects(inner[(comma + 1)...])
                else { return nil }
                return .go(target: target, effects: list)
            }
            if value[1] == "stay", let list = effects(inner[...]), !list.isEmpty { return .emit(effects: list) }
            return nil
        }
    }

    /// `effects: [.a, .b]` → `["A", "B"]`; nil for anything else.
    static func effectNames(_ list: ArraySlice<String>) -> [String]? {
        guard list.first == "effects", list.count >= 4, list.dropFirst().first == ":", list.dropFirst(2).first == "[", list.last == "]" else { return nil }
        let items = list.dropFirst(3).dropLast()
        var names: [String] = []
        var rest = Array(items)
        while !rest.isEmpty {
            guard rest.count >= 2, rest[0] == ".", rest[1].first.map({ $0.isLetter || $0 == "_" || $0 == "`" }) == true else { return nil }
            names.append(NameCasing.upperFirst(SignificantTokens.unticked(rest[1])))
            rest.removeFirst(2)
            if rest.first == "," { rest.removeFirst() } else if !rest.isEmpty { return nil }
        }
        return names
    }

    /// `return .go(.running(since: 0), effects: [.startClock])`, a GO to a case with a payload:
    /// its target and effects. As `dispatcher-drift` reads a library-shaped arm, the payload's
    /// arguments are the arm's and the cell is GO.
    static func goWithPayload(_ body: String, states: EnumDeclaration) -> (target: Int, effects: [String])? {
        let words = significant(body)
        guard words.count >= 10, words[0] == "return", words[1] == ".", words[2] == "go", words[3] == "(", words.last == ")",
            balancedOnce(Array(words.dropFirst(2)))
        else { return nil }
        let inner = Array(words[4..<(words.count - 1)])
        // The target: `.running(…)`, up to the first comma outside brackets.
        var depth = 0
        var comma: Int?
        for (index, word) in inner.enumerated() {
            if word == "(" || word == "[" { depth += 1 }
            if word == ")" || word == "]" { depth -= 1 }
            if word == ",", depth == 0 { comma = index; break }
        }
        // `.running(…)`, `S.running(…)`, `Timer.S.running(…)`: the qualifiers a constant arm may write.
        guard let comma, comma >= 4, inner[comma - 1] == ")", let paren = inner[..<comma].firstIndex(of: "("), paren >= 2,
            inner[paren - 2] == ".", balancedOnce(Array(inner[(paren - 1)..<comma]))
        else { return nil }
        let qualifier = inner[..<(paren - 2)].joined()
        guard qualifier.isEmpty || qualifier == states.name || qualifier == states.qualifiedName || qualifier == qualified(states) || qualifier == "Self",
            let target = states.cases.firstIndex(where: { $0.name == SignificantTokens.unticked(inner[paren - 1]) }), states.cases[target].hasPayload,
            let effects = effectNames(inner[(comma + 1)...])
        else { return nil }
        return (target, effects)
    }

    /// The pattern of one cell an arm's pattern decides, keeping what names it binds: each
    /// `_` or unused bare binding becomes the cell's case; nil when the body uses a bare binding.
    static func cellPattern(_ candidate: Migration.Candidate, state: String, action: String) -> String? {
        let names = [state, action].map { "." + CatchAllSpelling.spelledAfterPeriod($0) }
        guard candidate.pattern != nil, candidate.parts.count == 2 else { return "(\(names[0]), \(names[1]))" }
        var parts: [String] = []
        var keepsKeyword = false
        for (position, part) in candidate.parts.enumerated() {
            if part.matchesEverything {
                let bound = part.text.split(separator: " ").last.map(String.init) ?? part.text
                if candidate.usedBareBindings.contains(bound) { return nil }
                parts.append(names[position])
            } else {
                parts.append(part.text)
                if part.text.contains("(") { keepsKeyword = true }
            }
        }
        let keyword = keepsKeyword ? candidate.keyword.map { $0 + " " } ?? "" : ""
        return keyword + "(" + parts.joined(separator: ", ") + ")"
    }

    /// The texts of a snippet's significant tokens.
    static func significant(_ text: String) -> [String] {
        let file = SourceFile(path: "body.swift", text: text)
        let tokens = SignificantTokens(file: file, pieces: Tokenizer.tokenize(file.bytes))
        return (0..<tokens.count).map { tokens.text($0) }
    }

    /// `f(…)` with its outer parentheses closing at the end, so `fatalError("a") + x` is not one.
    private static func balancedOnce(_ words: [String]) -> Bool {
        var depth = 0
        for (index, word) in words.enumerated().dropFirst() {
            if word == "(" { depth += 1 }
            if word == ")" { depth -= 1; if depth == 0 && index != words.count - 1 { return false } }
        }
        return depth == 0
    }

    /// `Step<S, F>` → `F`, as written.
    static func stepEffects(_ type: String) -> String? {
        let base = type.hasPrefix("Step<") ? type.dropFirst(5) : type.split(separator: ".").last.flatMap { $0.hasPrefix("Step<") ? $0.dropFirst(5) : nil }
        guard let base, base.hasSuffix(">") else { return nil }
        var depth = 0
        for (offset, character) in base.dropLast().enumerated() {
            if character == "<" || character == "(" || character == "[" { depth += 1 }
            if character == ">" || character == ")" || character == "]" { depth -= 1 }
            if character == ",", depth == 0 { return String(base.dropLast().dropFirst(offset + 1)) }
        }
        return nil
    }

    /// The machine of enums not named `S`/`A`: their common UpperCamel words (`DoorState` and
    /// `DoorAction` → `Door`), the one enum taken twice (`Light`), else from the function.
    static func machineName(_ state: String, _ action: String, function: String, parent: String? = nil) -> String {
        if state == action { return state }
        func words(_ name: String) -> [String] {
            var found: [String] = []
            for character in name {
                if character.isUppercase || found.isEmpty { found.append(String(character)) } else { found[found.count - 1].append(character) }
            }
            return found
        }
        let shared = zip(words(state), words(action)).prefix { $0 == $1 }.map(\.0).joined()
        if !shared.isEmpty { return shared }
        return parent ?? NameCasing.upperFirst(function)
    }

    /// A type as written in the function, with the machine's enums and any type declared in a
    /// type around the function named from the top level (`Effect<Action>` →
    /// `Effect<Feature.Action>`, `Effect` → `Feature.Effect` for one nested in `Feature`), for
    /// the declarations migrate adds there. A name already qualified (`Feature.Effect`) is kept.
    func qualified(_ type: String, _ states: EnumDeclaration, _ actions: EnumDeclaration, around index: Int) -> String {
        // The types around the function, innermost first, each as the top level names it.
        let owners = ownerPath(of: index)
        let scopes = owners.indices.map { owners[$0...].reversed().joined(separator: ".") }
        let words = Self.significantTokens(type)
        return words.enumerated().map { position, word in
            if position > 0, words[position - 1] == "." { return word }
            if word == states.name { return Self.qualified(states) }
            if word == actions.name { return Self.qualified(actions) }
            // Swift finds the innermost declaration first, as this does.
            for scope in scopes {
                let last = scope.split(separator: ".").last.map(String.init) ?? scope
                if run.typeNames.contains(scope + "." + word) || run.typeNames.contains(last + "." + word) { return scope + "." + word }
            }
            return word
        }.joined()
    }

    static func significantTokens(_ text: String) -> [String] { significant(text) }

    static func qualified(_ declaration: EnumDeclaration) -> String {
        (declaration.outerTypes.reversed() + (declaration.parent.map { [$0] } ?? []) + [declaration.name]).joined(separator: ".")
    }

    private func lineIndent(before offset: Int) -> String {
        var start = offset
        while start > 0, file.bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < file.bytes.count, file.bytes[end] == UInt8(ascii: " ") || file.bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return file.text(start..<end)
    }

    private func lineEnding() -> String {
        file.bytes.contains(UInt8(ascii: "\r")) && file.text(0..<file.bytes.count).contains("\r\n") ? "\r\n" : "\n"
    }
}

extension String {
    /// Without blanks and line breaks at either end.
    var trimmingBlanks: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\r\n" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\r\n" { scalars.removeLast() }
        return String(scalars)
    }
}

extension MigrationReader {
    /// Every (row, column) of a pattern's case sets, row-major.
    fileprivate func sets(_ sets: [[Int]]) -> [(Int, Int)] {
        sets[0].flatMap { row in sets[1].map { (row, $0) } }
    }
}
