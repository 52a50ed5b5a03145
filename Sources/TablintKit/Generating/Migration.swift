/// `tablint migrate`'s model: one hand-written `switch (state, action)` function read as the
/// matrix it decides, cell by cell, with the code each `HANDLE` cell keeps. `MigrationReader`
/// builds it (or refuses, saying why); `MigrationWriter` writes the `Table` and the dispatcher.
struct Migration {
    /// What the function returns, and so how its arms are read.
    enum Shape: Equatable {
        /// `-> S`: a returned constant state is a GO, the state parameter is IGNORE.
        case state
        /// `-> Bool` over one enum taken twice (`shouldTransition(from:to:)`): `true` goes to
        /// the second subject's case, `false` stays.
        case bool
        /// `-> Step<S, F>`: the library's own type; `effects` is `F` as written.
        case step(effects: String)
        /// A reducer of an `inout` state (TCA's `reduce(into:action:)`): an arm that sets a
        /// constant state and returns no effect is a GO, one that only returns no effect is
        /// IGNORE. `effect` is its own effect type (qualified), whose "no effect" is `.none`;
        /// nil when it returns nothing.
        case mutating(effect: String?)
    }

    /// How the generated declarations name the machine's types.
    enum Style: Equatable {
        /// The enums are `S` and `A` of one type: `Turnstile.S`. `qualified` is that type as
        /// code names it from the top level (`App.Turnstile`).
        case nested(qualified: String)
        /// Other names (`DoorState`, one `Light` twice): top-level aliases `DoorS`, `DoorA`.
        case fused(prefix: String)
    }

    enum CellKind: Equatable {
        case go(target: Int, effects: [String])
        case ignore
        case emit(effects: [String])
        case unreachable
        case handle
    }

    /// One arm's pattern that decides (part of) a cell, with its code.
    struct Candidate: Equatable {
        /// The pattern as written (`let (.running(n), .tick)`); nil for `default:`.
        var pattern: String?
        /// The `where` clause's condition, as written.
        var condition: String?
        /// Whether the pattern decides only some values of the cell (a `where`, a payload to
        /// match): the next candidate decides the rest.
        var isPartial: Bool
        /// Whether the pattern binds names the code may use.
        var binds: Bool
        /// The arm's body, as written.
        var body: String
        /// Per element of the pattern: as written, and whether it matches every case (`_`, a bare
        /// binding); empty for `default:`.
        var parts: [PatternPart] = []
        /// `let`/`var` written before the whole pattern.
        var keyword: String?
        /// The bare bindings of the pattern that the body or condition uses.
        var usedBareBindings: [String] = []
        /// The names the pattern binds and the body declares: a `return s` where one of them is
        /// `s` returns that value, not the state parameter.
        var shadowing: Set<String> = []
    }

    struct PatternPart: Equatable {
        var text: String
        var matchesEverything: Bool
    }

    struct CellPlan: Equatable {
        var kind: CellKind
        /// For a HANDLE cell, the candidates in switch order, the last one deciding the cell
        /// whole; empty otherwise.
        var candidates: [Candidate]
    }

    /// A dispatcher already in the library's shape, `step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A)`,
    /// that lacks only its matrix: its cells and context parameters. Its HANDLE arms call their
    /// members already, so they stay; the switch is written one case per cell.
    struct LibraryShape: Equatable {
        var cells: String
        var context: String
    }

    var library: LibraryShape?
    /// The switch statement, `switch` through its `}` (what a library-shaped dispatcher rewrites).
    var switchStatement: Range<Int> = 0..<0
    var path: String
    var function: String
    /// Where the function's name is, for messages.
    var functionOffset: Int
    /// The function body's braces, `{` through `}`.
    var body: Range<Int>
    /// The blanks before the function's first line.
    var indent: String
    var newline: String
    /// The types the function is declared in, innermost first (`["Turnstile"]`).
    var owners: [String]
    var machine: String
    var style: Style
    var shape: Shape
    var states: [String]
    var actions: [String]
    /// Per state and action, whether its case carries a payload (a GO target cannot).
    var statePayloads: [Bool]
    var actionPayloads: [Bool]
    /// Per state and action, its payload's fields: what a HANDLE member's narrowed struct holds.
    var stateFields: [[GeneratedShape.Field]] = []
    var actionFields: [[GeneratedShape.Field]] = []
    /// Where the narrowed structs are declared and named from (`Turnstile` gives
    /// `Turnstile.Broken`), and whether migrate declares it (`enum Job {}`: the files do not).
    var narrowedNamespace = ""
    var declaresNamespace = false
    var stateParameter: String
    var actionParameter: String
    /// The parameter types as written (`S`, `Turnstile.S`, `DoorState`).
    var stateType: String
    var actionType: String
    /// The enums as code names them from the top level (`Turnstile.S`).
    var stateQualified: String
    var actionQualified: String
    /// Row-major: `cells[state][action]`.
    var cells: [[CellPlan]]
    /// What the function's namespace already declares: the generated code reuses it.
    var hasContextType: Bool
    var hasEffectType: Bool
    /// What the migration assumed, as notes say it.
    var assumptions: [String]
    /// The type that holds the moved code (`ReduceCells`), declared where the function was.
    var implementation: String

    /// The generated member of a HANDLE cell: `lower(state) + Cap(action)`.
    func member(_ row: Int, _ column: Int) -> String {
        NameCasing.lowerFirst(states[row]) + NameCasing.upperFirst(actions[column])
    }

    var handleCount: Int { cells.joined().filter { $0.kind == .handle }.count }
}

/// Why a function cannot be migrated: what, where, and what migrate expected.
struct MigrationRefusal: Error, Equatable {
    var path: String
    var offset: Int
    var message: String
}
