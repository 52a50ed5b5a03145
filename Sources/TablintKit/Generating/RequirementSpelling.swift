/// A requirement cells-drift's fix adds to a `Cells` protocol is spelt as the protocol's own
/// are, where they all agree (bb5 #9, #10): its context as theirs (`_ ctx: inout DoorCtx`,
/// `_ ctx: any DoorContext`, `_ ctx: Door.Context`), its result as theirs of its kind (a HANDLE
/// member's `Step<DoorS, DoorF>`, an effect member's `DoorA?`). The generator's spelling
/// (`Door.Ctx`) is only a guess at how the code names the machine's types; its neighbours are
/// what the code compiles with, and what the dispatcher's calls pass.
enum RequirementSpelling {
    /// `shape` with the spellings every neighbour agrees on: the function requirements named
    /// in `handles` (HANDLE cells' members) and `effects` (effects' members). Where they differ,
    /// or none is read, the generator's stays.
    static func applied(_ shape: GeneratedShape, as declaration: CellsProtocol, handles: Set<String>, effects: Set<String>) -> GeneratedShape {
        applied(shape, as: declaration) { handles.contains($0) ? .handle : effects.contains($0) ? .effect : nil }
    }

    /// The kind of member a requirement's name is, as `applied` tells neighbours apart.
    enum MemberKind { case handle, effect }

    /// `applied`, asking `kind` of each requirement's name: one pass, no sets of a machine's
    /// thousands of members built to be asked once.
    static func applied(_ shape: GeneratedShape, as declaration: CellsProtocol, kind: (String) -> MemberKind?) -> GeneratedShape {
        var context = Agreement(), handleResult = Agreement(), effectResult = Agreement()
        for requirement in declaration.requirements where requirement.kind == .function && !requirement.isStatic {
            guard let kind = kind(requirement.name.text) else { continue }
            context.add(requirement.contextSpelling)
            switch kind {
            case .handle: handleResult.add(requirement.resultSpelling)
            case .effect: effectResult.add(requirement.resultSpelling)
            }
        }
        var copy = shape
        copy.requirementContext = context.agreed
        copy.handleResult = handleResult.agreed
        copy.effectResult = effectResult.agreed
        return copy
    }

    /// The one spelling every neighbour has; nil when one has none, two differ or none is seen.
    private struct Agreement {
        private var first: String??
        private var differs = false

        mutating func add(_ spelling: String?) {
            if let first { differs = differs || first != spelling } else { first = .some(spelling) }
        }

        var agreed: String? { differs ? nil : first ?? nil }
    }

    private static func neighbours(_ declaration: CellsProtocol, handles: Set<String>, effects: Set<String>) -> [CellsProtocol.Requirement] {
        declaration.requirements.filter { requirement in
            requirement.kind == .function && !requirement.isStatic
                && (handles.contains(requirement.name.text) || effects.contains(requirement.name.text))
        }
    }

    /// Whether the requirement cells-drift's fix adds to the `Cells` protocol of `ref`'s matrix
    /// takes the context `inout` (`applied`): a new arm of a dispatcher none of whose arms
    /// shows how to pass it then passes `&ctx`.
    static func takesContextInout(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> Bool {
        for (protocolRef, outcome) in pairing.cellsProtocols() {
            guard let paired = outcome.paired, paired.file == ref.file, paired.matrix.range == ref.matrix.range else { continue }
            let declaration = protocolRef.declaration
            let declared = DispatcherDrift.declaredEffects(of: ref, machine: declaration.machine ?? ref.matrix.machine.text, pairing)
            let expected = CellsDrift.members(ref.matrix, effects: UnknownEffect.effectsAfterAdditions(ref, pairing, declared: declared))
            let context = agreed(neighbours(declaration, handles: expected.handleMembers, effects: expected.effectMembers).map(\.contextSpelling))
            return context?.hasPrefix("inout ") == true
        }
        return false
    }

    private static func agreed(_ spellings: [String?]) -> String? {
        guard let first = spellings.first, let first, spellings.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// When the new requirements take the generator's context (`Door.Ctx`, no neighbour agreeing
    /// on another) and a dispatcher of the matrix passes one of another type, which no alias
    /// of the run makes the same: what the message says of it. The run reads aliases, not
    /// structs or classes, so that type may still be declared; the fix is not refused for it.
    static func contextDoubt(_ shape: GeneratedShape, protocolName: String, of ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> String? {
        let run = pairing.run, written = shape.types.context
        let aliased = run.contains { file in
            file.typeNames.contains { $0.qualifiedName == written || written.hasSuffix("." + $0.qualifiedName) }
        }
        guard !aliased else { return nil }
        for file in run {
            for dispatcher in file.dispatchers {
                guard pairing.matrix(for: dispatcher, near: file.path).paired.map({ $0.file == ref.file && $0.matrix.range == ref.matrix.range }) == true,
                    let (_, context) = DispatcherSync(dispatcher: dispatcher, shape: shape, deciders: []).cellsCall(),
                    case let name = context.hasPrefix("&") ? String(context.dropFirst()) : context,
                    let parameter = dispatcher.parameters.first(where: { $0.name == name })
                else { continue }
                var type = parameter.type
                for prefix in ["any", "some"] where type.hasPrefix(prefix) && type.dropFirst(prefix.count).first?.isUppercase == true {
                    type = String(type.dropFirst(prefix.count))
                }
                if type == written || written.hasSuffix("." + type) || type.hasSuffix("." + written) { continue }
                return "; its context is written `\(written)`, the generator's type, as no other requirement of \(protocolName) says how to spell it (or they differ), but dispatcher `\(dispatcher.function.text)` passes `\(name)` of type `\(type)`, and no alias of the run makes `\(written)` that type: correct the requirement if the run declares no `\(written)`"
            }
        }
        return nil
    }
}
