/// The library's types that generated code names unqualified (`Step<S, F>` in every signature,
/// `Table(` in a matrix): a type of the same name that the code's scope sees, declared at the top
/// level of the run, in a type around where the code is written, or that type itself (a machine
/// named `Step`), is what the name then means there, and the code does not compile.
enum LibraryTypeShadowing {
    static let spellings = ["Step": "`Step<S, F>`", "Table": "`Table(machine: …)`"]

    /// The first of `names` that a type of the run shadows for code written inside `path`
    /// (outermost first, `["App", "Turnstile"]`; empty for the top level): the name and the path
    /// of the type that shadows it. `declared` says whether the run declares a type of a path.
    static func shadowed(_ names: [String], inside path: [String], declared: (String) -> Bool) -> (name: String, by: String)? {
        for name in names {
            if let index = path.firstIndex(of: name) { return (name, path[...index].joined(separator: ".")) }
            for depth in stride(from: path.count, through: 1, by: -1) {
                let candidate = path[..<depth].joined(separator: ".") + "." + name
                if declared(candidate) { return (name, candidate) }
            }
            if declared(name) { return (name, name) }
        }
        return nil
    }

    /// The declarations of a file that are the library's own types, or stand-ins of them, by
    /// path: a generic `Step<S, F>` (what the written code means by `Step`, so it compiles), and
    /// a `Table` beside a `Cell` of the run (`tabular-center`'s sources in the run). Not shadows.
    static func libraryLike(_ tokens: SignificantTokens, _ scopes: TypeScopes, typeNames: Set<String>) -> Set<String> {
        var found = Set<String>()
        let declarers: Set<String> = ["enum", "struct", "class"]
        for index in 0..<tokens.count where tokens.kind(index) == .keyword && declarers.contains(tokens.text(index)) && tokens.kind(index + 1) == .identifier {
            let name = SignificantTokens.unticked(tokens.text(index + 1))
            let path = (scopes.directTypeName(of: index).map { $0 + "." } ?? "") + name
            if name == "Step", tokens.kind(index + 2) == .operator, tokens.text(index + 2).hasPrefix("<") { found.insert(path) }
            if name == "Table", typeNames.contains("Cell") || typeNames.contains(path + ".Cell") { found.insert(path) }
        }
        return found
    }

    /// Why the code is refused, for a message: `Step` and what shadows it.
    /// `declaredHere`: the type is one the written code declares itself (`enum Step {}`).
    static func reason(_ found: (name: String, by: String), inside path: [String], declaredHere: Bool = false) -> String {
        let place = path.isEmpty ? "at the top level" : "in `extension \(path.joined(separator: "."))`"
        let by = declaredHere ? "the `enum \(found.by) {}` it declares for the narrowed structs"
            : found.by == path.joined(separator: ".") ? "the machine's own type `\(found.by)`" : "the type `\(found.by)` the files declare"
        return "the code it writes names the library's `\(found.name)` (\(spellings[found.name] ?? found.name)) \(place), where \(by) is what `\(found.name)` means, so it would not compile; rename that type"
    }

    /// Why a payload-carrying variant's narrowed struct cannot be declared as the generator
    /// names it: `step(Int)` gets `struct Step`, which in `extension <namespace>` would then be
    /// what the written `Step<S, F>` (or `Table(`) means. nil when its name is no library type's.
    static func narrowedCollision(_ variant: String, namespace: String) -> String? {
        let name = GeneratedShape.narrowedName(variant)
        guard let spelling = spellings[name] else { return nil }
        return "the generator's narrowed struct `\(namespace).\(name)` of `\(variant)` would hide the library's `\(name)` (\(spelling)) in `extension \(namespace)`, so the code would not compile; rename the case"
    }
}
