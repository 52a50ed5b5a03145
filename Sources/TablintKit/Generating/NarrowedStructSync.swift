/// The narrowed structs (`struct Open { var since: Int }`) that a new payload-carrying HANDLE
/// cell's requirement and arm name. `cells-drift`'s fix declares the ones no file of the run
/// declares, where the generator does (`extension <Machine>`), right after the `Cells`
/// protocol; `dispatcher-drift`'s fix writes the arm that builds them only when they are
/// declared or can be.
enum NarrowedStructSync {
    /// Whether the run has `<namespace>.<name>`: an arm of a dispatcher builds it (the code
    /// compiled, so it is declared), or it is an alias or an enum there. (Structs are not read
    /// as declarations: one declared that no arm builds is declared again, and swiftc says
    /// "invalid redeclaration".)
    static func isDeclared(_ name: String, in namespace: String, _ run: [FileSummary]) -> Bool {
        if run.contains(where: { $0.dispatchers.contains { $0.arms.contains { builds($0, name, in: namespace) } } }) { return true }
        let last = namespace.split(separator: ".").last.map(String.init) ?? namespace
        func inNamespace(_ parent: String?) -> Bool {
            guard let parent else { return false }
            return parent == namespace || parent.split(separator: ".").last.map(String.init) == last
        }
        return run.contains { file in
            file.typeNames.contains { $0.name == name && inNamespace($0.parent) } || file.enums.contains { $0.name == name && inNamespace($0.parent) }
        }
    }

    /// Whether an arm builds `<namespace>.<name>`: its call's text says so, or that text is read
    /// shortened (`Dispatcher.Outcome.text`) after it builds a struct of the namespace, while its
    /// pattern binds the payload of the struct's variant (`.tick(now)` for `Tick`): the
    /// generator's arm (`tablint scaffold`'s) hands every payload narrowed, so the part cut off
    /// is taken as agreeing, as `dispatcher-drift` takes it.
    private static func builds(_ arm: Dispatcher.Arm, _ name: String, in namespace: String) -> Bool {
        let text = arm.outcome.text
        if text.contains(namespace + "." + name + "(") { return true }
        guard case .handle = arm.outcome.kind, text.hasSuffix("..."), text.contains(namespace + "."), case .items(let items, _) = arm.label else { return false }
        return items.contains { item in
            item.elements.contains { element in
                guard case .member(let variant, _) = element.kind else { return false }
                return GeneratedShape.narrowedName(variant) == name && element.text.contains("(")
            }
        }
    }

    /// The payload-carrying variants whose narrowed struct a HANDLE cell's member takes: the
    /// state's, then the action's.
    static func variants(state: Int, action: Int, in shape: GeneratedShape) -> [GeneratedShape.Variant] {
        [shape.states[state], shape.actions[action]].filter(\.hasPayload)
    }

    /// Where the declarations go: the start of the line after the protocol's closing `}`,
    /// when the protocol is at the top level (an extension cannot be declared inside a type).
    static func insertionOffset(after declaration: CellsProtocol, lines: LineTable) -> Int? {
        guard declaration.parent == nil, let insertion = declaration.insertion else { return nil }
        let next = lines.lineIndex(of: insertion.offset) + 1
        return next < lines.lineStarts.count ? lines.lineStarts[next] : nil
    }

    /// Whether no type of the run is named `namespace`: a top-level machine (`DoorS`, `DoorA`,
    /// `let DOOR_TABLE`) has no `enum Door` for its narrowed structs to go in, so the fix
    /// declares `enum Door {}` as `tablint scaffold` does (bb4 play/90). A type is taken as
    /// declared when an enum, another type or an alias of that name is read, or when code is
    /// written inside it (an extension holding the matrix, the protocol or a dispatcher).
    static func needsNamespace(_ namespace: String, _ run: [FileSummary]) -> Bool {
        guard !namespace.contains(".") else { return false }
        return !run.contains { file in
            file.enums.contains { $0.name == namespace && $0.parent == nil }
                || file.typeNames.contains { $0.name == namespace && $0.parent == nil }
                || file.matrices.contains { $0.owner.map { $0 == namespace || $0.hasPrefix(namespace + ".") } == true }
                || file.dispatchers.contains { $0.owner.map { $0 == namespace || $0.hasPrefix(namespace + ".") } == true }
                || file.cellsProtocols.contains { $0.parent.map { $0 == namespace || $0.hasPrefix(namespace + ".") } == true }
                || file.enums.contains { $0.parent.map { $0 == namespace || $0.hasPrefix(namespace + ".") } == true }
        }
    }

    /// `extension Gate { struct Open { var since: Int } }`, laid out as the generator lays out
    /// its structs, behind a blank line.
    /// `access`: the protocol's (`public`), so a public requirement may name the struct.
    static func declaration(
        _ variants: [GeneratedShape.Variant], namespace: String, indent: String, newline: String, access: String = "",
        declaringNamespace: Bool = false
    ) -> String {
        let level = access.isEmpty ? "" : access + " "
        let namespaceDeclaration = declaringNamespace ? newline + level + "enum \(namespace) {}" + newline : ""
        let structs = variants.map { variant in
            let fields = zip(GeneratedShape.fieldNames(variant.fields), variant.fields).map { name, field in
                indent + indent + level + "var \(GeneratedShape.declared(name)): \(field.type)" + newline
            }
            return indent + level + "struct \(GeneratedShape.narrowedName(variant.name)) {" + newline + fields.joined() + indent + "}" + newline
        }
        return namespaceDeclaration + newline + "extension \(namespace) {" + newline + structs.joined(separator: newline) + "}" + newline
    }
}
