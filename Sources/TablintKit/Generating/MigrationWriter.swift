/// Writes what a `Migration` decides: the matrix as a `Table` literal for a new `*.tb.swift`,
/// and the function's file with the function kept for its callers (a wrapper of its old
/// signature), the library's dispatcher `step`, the `Cells` protocol with one requirement per
/// HANDLE cell, and an implementation type holding each HANDLE arm's code, moved unchanged.
enum MigrationWriter {
    /// The new `*.tb.swift`, before tablint's own `--fix` aligns it.
    static func matrixFile(_ migration: Migration) -> String {
        let nl = migration.newline
        let names = (states: migration.states.map { NameCasing.upperFirst($0) }, actions: migration.actions.map { NameCasing.upperFirst($0) })
        func quoted(_ list: [String]) -> String { "[" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        func cell(_ plan: Migration.CellPlan) -> String {
            switch plan.kind {
            case .go(let target, let effects): return ".go(target: \"\(names.states[target])\", effects: \(quoted(effects)))"
            case .ignore: return ".ignore"
            case .emit(let effects): return ".emit(effects: \(quoted(effects)))"
            case .unreachable: return ".unreachable"
            case .handle: return ".handle"
            }
        }
        let nested: Bool
        let binding: String
        switch migration.style {
        case .nested: nested = true; binding = "static let TABLE"
        case .fused(let prefix): nested = false; binding = "let \(screaming(prefix))_TABLE"
        }
        let pad = nested ? "    " : ""
        var lines = ["// swift-format-ignore-file"]
        if case .nested(let qualified) = migration.style { lines.append("extension \(qualified) {") }
        lines.append(pad + "\(binding) = Table(")
        lines.append(pad + "    machine: \"\(migration.machine)\",")
        lines.append(pad + "    states: \(quoted(names.states)),")
        lines.append(pad + "    actions: \(quoted(names.actions)),")
        lines.append(pad + "    cells: [")
        lines.append(pad + "        // " + names.actions.joined(separator: " "))
        for row in migration.cells { lines.append(pad + "        [" + row.map(cell).joined(separator: ", ") + "],") }
        lines.append(pad + "    ]")
        lines.append(pad + ")")
        if nested { lines.append("}") }
        return lines.joined(separator: nl) + nl
    }

    /// `TrafficLight` → `TRAFFIC_LIGHT`, as a top-level `*_TABLE` binding names its machine.
    static func screaming(_ name: String) -> String {
        var out = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { out += "_" }
            out += character.uppercased()
        }
        return out
    }

    /// How the generated code names the machine's types, from anywhere in the file.
    struct Names {
        var state: String
        var action: String
        var context: String
        var effect: String
        var cells: String
        var step: String
        var implementation: String
    }

    static func names(_ migration: Migration) -> Names {
        let owner = migration.owners.reversed().joined(separator: ".")
        let implementation = (owner.isEmpty ? "" : owner + ".") + migration.implementation
        switch migration.style {
        case .nested(let qualified):
            var effect = qualified + ".F"
            if case .step(let written) = migration.shape, written == "Never" { effect = "Never" }
            if case .mutating(let written?) = migration.shape { effect = written }
            return Names(
                state: qualified + ".S", action: qualified + ".A", context: migration.hasContextType ? "Void" : qualified + ".Ctx",
                effect: effect, cells: migration.machine + "Cells", step: qualified + ".step", implementation: implementation)
        case .fused(let prefix):
            return Names(
                state: prefix + "S", action: prefix + "A", context: prefix + "Ctx", effect: prefix + "F", cells: prefix + "Cells",
                step: NameCasing.lowerFirst(prefix) + "Step", implementation: implementation)
        }
    }

    /// The function's file as migrated: its body replaced by the call of the new dispatcher,
    /// and the generated declarations at the end.
    static func rewrite(_ bytes: [UInt8], _ migrations: [Migration]) -> [UInt8] {
        var out = bytes
        for migration in migrations.sorted(by: { $0.body.lowerBound > $1.body.lowerBound }) {
            if migration.library != nil {
                out.replaceSubrange(migration.switchStatement, with: Array(librarySwitch(migration).utf8))
            } else {
                out.replaceSubrange(migration.body, with: Array(wrapperBody(migration).utf8))
            }
        }
        let generating = migrations.filter { $0.library == nil }
        guard !generating.isEmpty else { return out }
        let nl = generating[0].newline
        var tail = ""
        if let last = out.last, last != UInt8(ascii: "\n") { tail += nl }
        for migration in generating { tail += nl + declarations(migration) }
        out += Array(tail.utf8)
        return out
    }

    /// `{ … }` for the function's own signature: it runs `step` and reads its result as the
    /// function's callers expect.
    static func wrapperBody(_ migration: Migration) -> String {
        let nl = migration.newline
        let inner = migration.indent + "    "
        let names = names(migration)
        let call = "\(names.step)(\(names.implementation)(), (), \(migration.stateParameter), \(migration.actionParameter))"
        var lines: [String]
        switch migration.shape {
        case .step: lines = ["return \(call)"]
        case .state: lines = ["if case let .go(next, _) = \(call) { return next }", "return \(migration.stateParameter)"]
        case .bool: lines = ["if case .go = \(call) { return true }", "return false"]
        case .mutating(nil): lines = ["if case let .go(next, _) = \(call) { \(migration.stateParameter) = next }"]
        case .mutating: lines = [
            "let stepped = \(call)",
            "if case let .go(next, effects) = stepped {",
            "    \(migration.stateParameter) = next",
            "    return effects.first ?? .none",
            "}",
            "if case let .stay(effects) = stepped { return effects.first ?? .none }",
            "return .none",
        ]
        }
        return "{" + nl + lines.map { inner + $0 + nl }.joined() + migration.indent + "}"
    }

    /// A library-shaped dispatcher's switch, one case per cell in row-major order: the
    /// constant cells as the generator writes them, each HANDLE cell with the call it made.
    static func librarySwitch(_ migration: Migration) -> String {
        let nl = migration.newline
        let indent = migration.indent + "    "
        var lines = ["switch (\(migration.stateParameter), \(migration.actionParameter)) {"]
        for (row, plans) in migration.cells.enumerated() {
            for (column, plan) in plans.enumerated() {
                // A kept arm first: a HANDLE's call, or a GO whose target carries a payload.
                if let kept = plan.candidates.first, let pattern = kept.pattern {
                    let body = reindented(kept.body, indent + "    ", nl)
                    lines.append(indent + "case \(pattern): " + body[0].dropFirst(indent.count + 4))
                    lines += body.dropFirst()
                } else if let constant = constantOutcome(plan.kind, migration, row, column) {
                    lines.append(indent + cellPattern(migration, row, column) + ": " + constant)
                }
            }
        }
        lines.append(indent + "}")
        return lines.joined(separator: nl)
    }

    static func cellPattern(_ migration: Migration, _ row: Int, _ column: Int) -> String {
        "case (.\(CatchAllSpelling.spelledAfterPeriod(migration.states[row])), .\(CatchAllSpelling.spelledAfterPeriod(migration.actions[column])))"
    }

    /// The arm of a cell the matrix determines (the generator's text), nil for a HANDLE cell.
    static func constantOutcome(_ kind: Migration.CellKind, _ migration: Migration, _ row: Int, _ column: Int) -> String? {
        func effects(_ names: [String]) -> String { names.map { "." + NameCasing.lowerFirst($0) }.joined(separator: ", ") }
        switch kind {
        case .go(let target, let names): return "return .go(.\(CatchAllSpelling.spelledAfterPeriod(migration.states[target])), effects: [\(effects(names))])"
        case .ignore: return "return .ignored"
        case .emit(let names): return "return .stay(effects: [\(effects(names))])"
        case .unreachable:
            return "fatalError(\"tabular-center: \(NameCasing.upperFirst(migration.states[row])) x \(NameCasing.upperFirst(migration.actions[column])) was declared UNREACHABLE but occurred\")"
        case .handle: return nil
        }
    }

    /// The dispatcher, the protocol and the implementation, as file-level declarations.
    static func declarations(_ migration: Migration) -> String {
        let nl = migration.newline
        let names = names(migration)
        let shape = generatorShape(migration, names)
        let narrowed = shape.narrowedStructs()
        var lines: [String] = []
        let cellsName: String
        let stepIndent: String
        let types: (state: String, action: String, context: String, effect: String)
        switch migration.style {
        case .nested(let qualified):
            lines.append("extension \(qualified) {")
            if !migration.hasContextType { lines.append("    typealias Ctx = Void") }
            var effect = "F"
            switch migration.shape {
            case .step(let written):
                effect = written == "Never" ? "Never" : "F"
                // `Step<S, Effect>`: the effect enum of its own name is the machine's `F`.
                if written != "Never", written != "F", !written.hasSuffix(".F"), !migration.hasEffectType { lines.append("    typealias F = \(written)") }
            case .mutating(let written?): effect = written
            case .state, .bool, .mutating(nil): if !migration.hasEffectType { lines.append("    enum F {}") }
            }
            if lines.count > 1 { lines.append("") }
            for declaration in narrowed {
                lines += declaration.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                lines.append("")
            }
            cellsName = names.cells
            stepIndent = "    "
            types = ("S", "A", migration.hasContextType ? "Void" : "Ctx", effect)
            lines.append("    static func step(_ cells: \(cellsName), _ ctx: \(types.context), _ s: \(types.state), _ a: \(types.action)) -> Step<\(types.state), \(types.effect)> {")
        case .fused(let prefix):
            lines.append("typealias \(prefix)S = \(migration.stateQualified)")
            lines.append("typealias \(prefix)A = \(migration.actionQualified)")
            lines.append("typealias \(prefix)Ctx = Void")
            switch migration.shape {
            case .step(let written): lines.append("typealias \(prefix)F = \(written == "Never" ? "Never" : migration.stateQualified.split(separator: ".").dropLast().map { $0 + "." }.joined() + written)")
            case .mutating(let written?): lines.append("typealias \(prefix)F = \(written)")
            case .state, .bool, .mutating(nil): lines.append("enum \(prefix)F {}")
            }
            lines.append("")
            if !narrowed.isEmpty {
                lines.append(migration.declaresNamespace ? "enum \(migration.narrowedNamespace) {" : "extension \(migration.narrowedNamespace) {")
                for (index, declaration) in narrowed.enumerated() {
                    if index > 0 { lines.append("") }
                    lines += declaration.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                }
                lines.append("}")
                lines.append("")
            }
            cellsName = names.cells
            stepIndent = ""
            types = (names.state, names.action, names.context, names.effect)
            lines.append("func \(names.step)(_ cells: \(cellsName), _ ctx: \(types.context), _ s: \(types.state), _ a: \(types.action)) -> Step<\(types.state), \(types.effect)> {")
        }
        lines.append(stepIndent + "    switch (s, a) {")
        for (row, plans) in migration.cells.enumerated() {
            for (column, plan) in plans.enumerated() {
                if let outcome = constantOutcome(plan.kind, migration, row, column) {
                    lines.append(stepIndent + "    \(cellPattern(migration, row, column)): \(outcome)")
                } else if case .success(let arm) = shape.stepArm(state: row, action: column) {
                    // The generator's own arm: the payloads bound and passed narrowed.
                    lines.append(stepIndent + "    " + arm)
                }
            }
        }
        lines.append(stepIndent + "    }")
        lines.append(stepIndent + "}")
        if case .nested = migration.style { lines.append("}") }
        lines.append("")

        // The protocol: one requirement per HANDLE cell, in row-major order.
        let handles = migration.cells.enumerated().flatMap { row, plans in
            plans.enumerated().filter { $0.element.kind == .handle }.map { (row, $0.offset, $0.element) }
        }
        let stepType = "Step<\(names.state), \(names.effect)>"
        // Unnamed where `ctx` would hide a name the moved code uses (a parameter, a static member).
        let movedWords = Set(handles.flatMap { $0.2.candidates.flatMap { MigrationReader.significant($0.body) + ($0.condition.map(MigrationReader.significant) ?? []) } })
        let contextName = [migration.stateParameter, migration.actionParameter].contains("ctx") || movedWords.contains("ctx") ? "_" : "ctx"
        func narrowing(_ row: Int, _ column: Int) -> MigrationNarrowing {
            MigrationNarrowing.plan(migration, row: row, column: column, stateType: names.state, actionType: names.action)
        }
        /// The generator's member: the context, then the narrowed structs where the cell's
        /// state and action carry a payload; `names` are the implementation's parameter names.
        func signature(_ row: Int, _ column: Int, context: String, names parameters: (String?, String?)) -> String {
            var list = ["_ \(context): \(names.context)"]
            if let state = parameters.0, !migration.stateFields[row].isEmpty {
                list.append("_ \(state): \(migration.narrowedNamespace).\(GeneratedShape.narrowedName(migration.states[row]))")
            }
            if let action = parameters.1, !migration.actionFields[column].isEmpty {
                list.append("_ \(action): \(migration.narrowedNamespace).\(GeneratedShape.narrowedName(migration.actions[column]))")
            }
            return "func \(migration.member(row, column))(\(list.joined(separator: ", "))) -> \(stepType)"
        }
        lines.append("protocol \(cellsName) {")
        for (row, column, _) in handles { lines.append("    " + signature(row, column, context: "ctx", names: ("state", "action"))) }
        lines.append("}")
        lines.append("")

        // The implementation, where the function was, so its code finds the names it found.
        let owner = migration.owners.reversed().joined(separator: ".")
        let pad = owner.isEmpty ? "" : "    "
        if !owner.isEmpty { lines.append("extension \(owner) {") }
        lines.append(pad + "struct \(migration.implementation): \(cellsName) {")
        for (index, (row, column, plan)) in handles.enumerated() {
            if index > 0 { lines.append("") }
            let narrowing = narrowing(row, column)
            lines.append(pad + "    " + signature(row, column, context: contextName, names: (narrowing.stateName, narrowing.actionName)) + " {")
            let bodyIndent = pad + "        "
            lines += narrowing.opening.map { bodyIndent + $0 }
            var code: [String] = []
            let subjects = "(\(migration.stateParameter), \(migration.actionParameter))"
            let cell = "(\(NameCasing.upperFirst(migration.states[row])), \(NameCasing.upperFirst(migration.actions[column])))"
            // Code that returns a `Step` runs in a nested function when values are rebuilt
            // before it, so its own names may shadow them as they shadowed the parameters.
            let wrapsStep = narrowing.rebuildsState || narrowing.rebuildsAction
            let inner: String
            switch migration.shape {
            case .step: inner = wrapsStep ? "    " : ""
            case .state, .bool, .mutating: inner = "    "
            }
            // The arms that decide the cell in part, each in its own branch (a body that does
            // not return ends its branch), then the arm that decides the rest.
            let partial = plan.candidates.count > 1
            for (position, candidate) in plan.candidates.enumerated() {
                let isLast = position == plan.candidates.count - 1
                let branch = partial ? inner + "    " : inner
                if !isLast, let pattern = candidate.pattern {
                    code.append(inner + (position == 0 ? "" : "} else ") + "if case \(pattern) = \(subjects)\(candidate.condition.map { ", " + $0 } ?? "") {")
                    code += reindented(candidate.body, branch, migration.newline)
                } else {
                    if partial { code.append(inner + "} else {") }
                    if candidate.binds, narrowing.keepsPatterns, let pattern = candidate.pattern {
                        code.append(branch + "guard case \(pattern) = \(subjects) else { preconditionFailure(\"tablint migrate: `\(pattern)` decides \(cell)\") }")
                    }
                    code += reindented(candidate.body, branch, migration.newline)
                    if partial { code.append(inner + "}") }
                }
            }
            switch migration.shape {
            case .step where wrapsStep:
                lines.append(bodyIndent + "func decide() -> \(stepType) {")
                lines += code.map { bodyIndent + $0 }
                lines.append(bodyIndent + "}")
                lines.append(bodyIndent + "return decide()")
            case .step:
                lines += code.map { bodyIndent + $0 }
            case .state:
                lines.append(bodyIndent + "func decide() -> \(names.state) {")
                lines += code.map { bodyIndent + $0 }
                lines.append(bodyIndent + "}")
                lines.append(bodyIndent + "return .go(decide(), effects: [])")
            case .mutating(let effect):
                lines.append(bodyIndent + "func decide(_ \(migration.stateParameter): inout \(names.state))\(effect.map { " -> " + $0 } ?? "") {")
                lines += code.map { bodyIndent + $0 }
                lines.append(bodyIndent + "}")
                lines.append(bodyIndent + "var next = \(migration.stateParameter)")
                if effect == nil {
                    lines.append(bodyIndent + "decide(&next)")
                    lines.append(bodyIndent + "return .go(next, effects: [])")
                } else {
                    lines.append(bodyIndent + "let effect = decide(&next)")
                    lines.append(bodyIndent + "return .go(next, effects: [effect])")
                }
            case .bool:
                lines.append(bodyIndent + "func decide() -> Bool {")
                lines += code.map { bodyIndent + $0 }
                lines.append(bodyIndent + "}")
                lines.append(bodyIndent + "return decide() ? .go(\(migration.actionParameter), effects: []) : .ignored")
            }
            lines.append(pad + "    }")
        }
        lines.append(pad + "}")
        if !owner.isEmpty { lines.append("}") }
        return lines.map { $0.isEmpty ? $0 : $0 }.joined(separator: nl) + nl
    }

    /// The generator's view of the migrated machine: its HANDLE cells' arms and narrowed
    /// structs are written as the generator writes them.
    static func generatorShape(_ migration: Migration, _ names: Names) -> GeneratedShape {
        let states = zip(migration.states, migration.stateFields).map { GeneratedShape.Variant($0, fields: $1) }
        let actions = zip(migration.actions, migration.actionFields).map { GeneratedShape.Variant($0, fields: $1) }
        let cells = migration.cells.map { row in row.map { $0.kind == .handle ? GeneratedShape.Cell.handle : .ignore } }
        let types = GeneratedShape.TypeNames(
            state: names.state, action: names.action, effect: names.effect, context: names.context, namespace: migration.narrowedNamespace)
        return GeneratedShape(machine: migration.machine, states: states, actions: actions, effects: [], cells: cells, types: types, cellsProtocol: names.cells)
    }

    /// A body's lines at `indent`: its first line (which followed the label's `:`) and the
    /// others with the indentation they share removed. A body holding a multi-line string
    /// keeps its other lines exactly as written, since their indentation is the string's.
    static func reindented(_ body: String, _ indent: String, _ newline: String) -> [String] {
        let lines = body.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first else { return [] }
        let rest = lines.dropFirst()
        if body.contains("\"\"\"") { return [indent + first] + rest }
        let shared = rest.filter { !$0.trimmingBlanks.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return [indent + first] + rest.map { $0.trimmingBlanks.isEmpty ? "" : indent + String($0.dropFirst(shared)) }
    }
}
