/// A machine whose top-level `DoorS`/`DoorA` are aliases of the code's own enums
/// (`typealias DoorS = DoorState`, as `tablint migrate` leaves a top-level machine): the sync
/// fixes see through the aliases, so enum-drift adds a new case to `DoorState`, and the arms
/// and requirements the fixes write spell the types as their neighbours do (`DoorS`, `DoorCtx`)
/// and bind the payloads the aliased enums declare.
enum AliasedEnumSync {
    struct Aliased {
        /// `DoorS`.
        var alias: String
        var enumRef: MachinePairing.EnumRef
    }

    /// The enum a top-level `typealias <machine><letter> = X` of the run names, when `X` is
    /// one enum of the run whose cases are all known; nil when the machine has its own
    /// `<machine><letter>` enum or the alias is not plain.
    static func aliased(_ letter: String, machine: String, _ run: [FileSummary]) -> Aliased? {
        let alias = machine + letter
        var targets: [String] = []
        for file in run {
            for declaration in file.typeNames where declaration.keyword == "typealias" && declaration.parent == nil && declaration.name == alias {
                if let target = declaration.aliasTarget { targets.append(target) }
            }
        }
        guard targets.count == 1, let target = targets.first else { return nil }
        var found: [MachinePairing.EnumRef] = []
        for (index, file) in run.enumerated() {
            for declaration in file.enums where declaration.qualifiedName == target {
                found.append(MachinePairing.EnumRef(file: index, declaration: declaration))
            }
        }
        guard found.count == 1, found[0].declaration.hasKnownCases else { return nil }
        return Aliased(alias: alias, enumRef: found[0])
    }

    /// The generator's shape of `ref`'s machine, read through `DoorS`/`DoorA` aliases where
    /// no enum of those names is found: the types as the code names them (`DoorS`, `DoorA`,
    /// `DoorF`, `DoorCtx`) and the payloads of the aliased enums' cases.
    static func shape(_ ref: MachinePairing.MatrixRef, _ pairing: MachinePairing) -> GeneratedShape {
        var shape = GeneratedShape.reading(ref, pairing)
        let enums = pairing.enums(of: shape.machine, near: pairing.run[ref.file].path)
        guard ref.matrix.surface == .tableLiteral, enums.states == nil || enums.actions == nil else { return shape }
        let states = enums.states == nil ? aliased("S", machine: shape.machine, pairing.run) : nil
        let actions = enums.actions == nil ? aliased("A", machine: shape.machine, pairing.run) : nil
        guard states != nil || actions != nil else { return shape }
        func variants(_ variants: [GeneratedShape.Variant], _ aliased: Aliased?) -> [GeneratedShape.Variant] {
            guard let cases = aliased?.enumRef.declaration.cases else { return variants }
            return variants.map { variant in
                guard let declared = cases.first(where: { NameComparison.firstLetterFolded.equal($0.name, variant.name) }) else { return variant }
                return GeneratedShape.Variant(declared.name, fields: declared.payloadFields.map { GeneratedShape.Field(label: $0.label, type: $0.type) })
            }
        }
        shape.states = variants(shape.states, states)
        shape.actions = variants(shape.actions, actions)
        let machine = shape.machine
        shape.types = GeneratedShape.TypeNames(
            state: states?.alias ?? enums.states?.declaration.qualifiedName ?? machine + "S",
            action: actions?.alias ?? enums.actions?.declaration.qualifiedName ?? machine + "A",
            effect: enums.effects?.declaration.parent == nil ? (enums.effects?.declaration.name ?? machine + "F") : machine + "F",
            context: machine + "Ctx", namespace: machine)
        return shape
    }
}
