/// The `switch`es of the run, other than its dispatchers, that a case the fixes add to a
/// machine's enum leaves non-exhaustive: `switch self` in `extension Door.S`, `switch state` in
/// a view model. Each names every case the enum has today in unguarded arms, has no `default:`
/// or other catch-all, and no arm for the new case. No fix writes the arm (what it should do is
/// the author's), so the finding that adds the case names them (bb5 #13).
///
/// Read only when a fix adds a case, and only in files whose references (`MemberReferences`)
/// name every case of the enum: files with a machine surface keep theirs, and the others are
/// searched for one of the cases (`probe`, among `RemovalSync.searchedNames`) behind the gates
/// the removal plans' search has, so a tree with no matrix never pays for this.
enum ExhaustiveSwitches {
    struct Found: Equatable {
        var file: Int
        var offset: Int
        /// `switch self`, as a message quotes it.
        var text: String
        /// Why it may be another machine's enum's switch, when it may.
        var doubt: String?
    }

    /// The case of `declaration` a file must name to hold a switch over it: the longest, as the
    /// rarest word.
    static func probe(_ declaration: EnumDeclaration) -> String? {
        declaration.cases.map(\.name).max { $0.utf8.count < $1.utf8.count }
    }

    /// The switches over `enumRef`'s enum that will need an arm for `newCase` once it is added.
    /// `machine`/`spelled`: the machine the enum is of, for another machine's same-named cases.
    static func needingArm(
        for newCase: String, over enumRef: MachinePairing.EnumRef, machine: String, spelled: String, _ pairing: MachinePairing
    ) -> [Found] {
        let run = pairing.run
        let cases = enumRef.declaration.cases.map(\.name)
        guard enumRef.declaration.hasKnownCases, !cases.isEmpty, !cases.contains(newCase) else { return [] }
        let caseSet = Set(cases)
        var ownership: ReferenceOwnership??
        var found: [Found] = []
        for (index, file) in run.enumerated() {
            let references = file.memberReferences
            // An exhaustive switch names every case: a file that does not, holds none.
            guard !references.isEmpty, cases.allSatisfy({ !references.offsets(of: $0).isEmpty }), let bytes = references.fileBytes else { continue }
            let tokens = SignificantTokens(file: SourceFile(path: file.path, bytes: bytes), pieces: Tokenizer.tokenize(bytes))
            let dispatched = Set(file.dispatchers.map(\.switchRange.lowerBound) + file.catchAllDispatchers.map(\.switchRange.lowerBound))
            for keyword in 0..<tokens.count where tokens.kind(keyword) == .keyword && tokens.isText(keyword, "switch") {
                guard !dispatched.contains(tokens[keyword].range.lowerBound),
                    let (open, subject) = Self.body(of: keyword, tokens)
                else { continue }
                let header = FunctionHeader(
                    keyword: keyword, name: Name("", 0..<0), parameters: [], returnType: nil, body: open, cellsGenerics: [], genericNames: [])
                var reader = ArmReader(tokens: tokens, header: header, subjectCount: 1, open: open)
                let arms = reader.read()
                guard !reader.sawConditional, !arms.isEmpty, !arms.contains(where: \.hasCatchAll) else { continue }
                var named = Set<String>(), covered = Set<String>()
                var first: Int?
                var readable = true
                for arm in arms {
                    guard case .items(let items, _) = arm.label else { readable = false; break }
                    for item in items {
                        // `case nil:` of an optional subject: the cases are still all needed.
                        if !item.isTuple, item.elements.count == 1, item.elements[0].text == "nil" { continue }
                        guard !item.isTuple, item.elements.count == 1, case .member(let name, let refutable) = item.elements[0].kind else {
                            readable = false
                            break
                        }
                        named.insert(name)
                        if !item.isGuarded, !refutable { covered.insert(name) }
                        if first == nil { first = item.elements[0].range.lowerBound }
                    }
                    if !readable { break }
                }
                guard readable, named.isSubset(of: caseSet), covered == caseSet, let first else { continue }
                if ownership == nil {
                    ownership = .some(ReferenceOwnership(name: cases[0], isCase: true, machine: machine, spelled: spelled, pairing))
                }
                var doubt: String?
                if let judge = ownership ?? nil {
                    let verdict = judge.verdict(cases[0], isCase: true, file: index, offset: first)
                    if verdict == .other { continue }
                    if case .unknown(let rival) = verdict {
                        // `switch g` with `g: Gate.S` declared before it says whose enum it is.
                        switch Self.declaredType(of: subject, before: keyword, tokens).map({ Self.names($0, enumRef.declaration) }) {
                        case true?: break
                        case false?: continue
                        case nil: doubt = "`\(rival)` declares these cases too, so it may switch over its enum"
                        }
                    }
                }
                found.append(Found(file: index, offset: tokens[keyword].range.lowerBound, text: "switch " + tokens.oneLine(subject), doubt: doubt))
            }
        }
        return found
    }

    /// The type written for a subject that is one name, at its nearest declaration before the
    /// switch (`_ g: Gate.S`, `var state: Door.S = …`), without spaces; nil when none is written.
    private static func declaredType(of subject: Range<Int>, before keyword: Int, _ tokens: SignificantTokens) -> String? {
        guard subject.count == 1, tokens.kind(subject.lowerBound) == .identifier else { return nil }
        let name = tokens.text(subject.lowerBound)
        var index = keyword - 1
        while index > 0 {
            if tokens.kind(index) == .colon, tokens.kind(index - 1) == .identifier, tokens.text(index - 1) == name {
                var end = index + 1
                while end < keyword, tokens.kind(end) == .identifier || tokens.kind(end) == .period { end += 1 }
                guard end > index + 1 else { return nil }
                return ((index + 1)..<end).map { tokens.text($0) }.joined()
            }
            index -= 1
        }
        return nil
    }

    /// Whether `type` (as written) names `declaration`: `Door.S`, `App.Door.S`, or `S` itself.
    private static func names(_ type: String, _ declaration: EnumDeclaration) -> Bool {
        let qualified = declaration.qualifiedName
        if type == qualified || type.hasSuffix("." + qualified) { return true }
        let last = qualified.split(separator: ".").suffix(2).joined(separator: ".")
        return type == last || (declaration.parent == nil && type == declaration.name)
    }

    /// The `{` of the switch at `keyword`, and its subject's tokens.
    private static func body(of keyword: Int, _ tokens: SignificantTokens) -> (Int, Range<Int>)? {
        var open = keyword + 1
        while open < tokens.count, tokens.kind(open) != .leftBrace {
            let kind = tokens.kind(open)
            if kind == .rightBrace || kind == .semicolon { return nil }
            if kind == .leftParen || kind == .leftBracket {
                guard tokens.partner[open] > open else { return nil }
                open = tokens.partner[open]
            }
            open += 1
        }
        guard open < tokens.count, open > keyword + 1, tokens.partner[open] > open else { return nil }
        return (open, (keyword + 1)..<open)
    }

    /// What a finding adding `newCase` says of the switches that will need its arm; empty when
    /// there are none.
    static func sentence(_ found: [Found], newCase: String, in run: [FileSummary]) -> String {
        guard !found.isEmpty else { return "" }
        let places = found.map { switchFound in
            let line = run[switchFound.file].location(of: switchFound.offset).line
            return "`\(switchFound.text)` at \(run[switchFound.file].path):\(line)" + (switchFound.doubt.map { " (\($0))" } ?? "")
        }
        let listed = places.count == 1 ? places[0] : places.dropLast().joined(separator: ", ") + " and " + places.last!
        let arm = "a `.\(newCase)` arm"
        let one = places.count == 1
        return "; \(listed) will \(one ? "need" : "each need") \(arm), which no fix writes (what it does is yours to say), so \(one ? "it" : "they") will not compile until you write \(one ? "it" : "them")"
    }
}
