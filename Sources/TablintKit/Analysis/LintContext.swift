import Foundation

/// Everything a rule may look at for one file, computed once and shared by every rule.
struct LintContext {
    let file: SourceFile
    /// Every token and trivia piece, in order (empty for a file that is not Swift).
    let tokens: [Token]
    /// Every matrix the readers found in the file, on any surface, and their problems.
    let reading: MatrixReading

    /// What configuration decided for this file (dispatcher functions, alignment scope, rules).
    let settings: LintSettings

    /// What the readers read: the tokens that may start a reader (`.triggered`), every reader
    /// over every token (`.all`, for the differential tests), nothing (a file the prefilter
    /// cleared: its tokens only), or a reading made elsewhere or completed by hand (`.given`: as
    /// the library's adapters add payloads to a `.tbl` fixture).
    enum Readers {
        case triggered
        case all
        case none
        case given(tokens: [Token], reading: MatrixReading)
    }

    /// Whether the file's `enum` and `Cells` declarations are read with the rest
    /// (`.read`), or only when the file's own findings ask for them (`.whenAsked`: a matrix,
    /// a pin or a dispatcher); otherwise the workspace reads them once the run asks
    /// (`declarationsDeferred`).
    enum DeclarationReading {
        case read
        case whenAsked
    }

    /// The one way to build a context: the file, its configuration, and how much to read.
    /// `implementations`: whether `Cells` implementations are read (only the behaviour rules and
    /// the commands that draw a machine's graph look at them).
    init(
        file: SourceFile, settings: LintSettings = .default, readers: Readers = .triggered, declarations: DeclarationReading = .read,
        implementations: Bool = true
    ) {
        self.file = file
        self.settings = settings
        let empty: ([Dispatcher], [BoundMatrix], [EnumDeclaration], [BoundPin], [CellsProtocol], [BoundMatrix], [TypeNameDeclaration], [CellsImplementation]) = ([], [], [], [], [], [], [], [])
        switch readers {
        case .given(let tokens, let reading):
            self.tokens = tokens
            self.reading = reading
            matrices = reading.matrices.map { $0.derivingPaths() }
            (dispatchers, boundMatrices, enums, pins, cellsProtocols, shortTables, typeNames, cellsImplementations) = file.kind.isSwift
                ? Self.readDispatchers(
                    file, SignificantTokens(file: file, pieces: tokens), matrices, settings, deferring: false,
                    implementations: implementations).found
                : empty
            declarationsDeferred = false
        case .none:
            tokens = file.kind.isSwift ? Tokenizer.tokenize(file.bytes) : []
            reading = MatrixReading()
            matrices = []
            (dispatchers, boundMatrices, enums, pins, cellsProtocols, shortTables, typeNames, cellsImplementations) = empty
            declarationsDeferred = false
        case .triggered, .all:
            if file.kind.isSwift {
                tokens = Tokenizer.tokenize(file.bytes)
                let everything: Bool
                if case .all = readers { everything = true } else { everything = false }
                let significant = SignificantTokens(file: file, pieces: tokens, everyReader: everything)
                // A reader whose starting token is not in the file would find nothing: skip it.
                let triggers = significant.triggers
                reading = (triggers.table ? TableLiteralReader.read(significant) : MatrixReading())
                    + (triggers.machine ? MachineEnumReader.read(significant) : MatrixReading())
                    + (triggers.multilineString ? FixtureReader.readEmbedded(significant) : MatrixReading())
                matrices = reading.matrices.map { $0.derivingPaths() }
                ((dispatchers, boundMatrices, enums, pins, cellsProtocols, shortTables, typeNames, cellsImplementations), declarationsDeferred) = Self.readDispatchers(
                    file, significant, matrices, settings, deferring: !everything && declarations == .whenAsked,
                    implementations: implementations)
            } else if file.kind == .fixture {
                tokens = []
                reading = FixtureReader.read(file)
                matrices = reading.matrices.map { $0.derivingPaths() }
                (dispatchers, boundMatrices, enums, cellsProtocols, shortTables, typeNames, cellsImplementations) = ([], [], [], [], [], [], [])
                pins = matrices.map { MatrixBinder.pin(ofFixtureFile: file, $0) }
                declarationsDeferred = false
            } else {
                tokens = []
                reading = MatrixReading()
                matrices = []
                (dispatchers, boundMatrices, enums, pins, cellsProtocols, shortTables, typeNames, cellsImplementations) = empty
                declarationsDeferred = false
            }
        }
    }

    /// The matrices as the library validates and lints them: with `@Path` defaults applied.
    /// `reading.matrices` holds them as written, for the path rules.
    let matrices: [Matrix]

    /// The dispatchers in the file (`switch (s, a)` and the like), with their arms.
    let dispatchers: [Dispatcher]

    /// The matrices a dispatcher can be paired with, and the machine name each is bound to.
    let boundMatrices: [BoundMatrix]

    /// The file's `enum` declarations with their cases, for the cross-file checks.
    let enums: [EnumDeclaration]

    /// The file's `.tbl` pins (the file itself, or `FIXTURE` strings).
    let pins: [BoundPin]

    /// The file's `Cells` protocols.
    let cellsProtocols: [CellsProtocol]

    /// The file's type aliases (`typealias S = LampState`): an alias in a type hides an outer
    /// enum of its name.
    let typeNames: [TypeNameDeclaration]

    /// The file's `Cells` implementations (conforming types, protocol extensions), with what
    /// their members return.
    let cellsImplementations: [CellsImplementation]

    /// Bound `Table` literals that cannot be linted whole: fewer rows than states, or a row of
    /// the wrong length. Checked only where the missing or broken rows do not matter.
    let shortTables: [BoundMatrix]

    /// Whether the file may declare an `enum` or a `Cells` protocol that was not read, because
    /// nothing of its own asks for them (`DeclarationReading.whenAsked`).
    let declarationsDeferred: Bool

    /// The dispatchers, bound matrices, enums, pins, `Cells` protocols and short tables;
    /// `deferring`: the enums and `Cells` protocols only if the file has one of the others
    /// (else `deferred` says whether it may hold some).
    private static func readDispatchers(
        _ file: SourceFile, _ tokens: SignificantTokens, _ matrices: [Matrix], _ settings: LintSettings, deferring: Bool,
        implementations: Bool
    ) -> (
        found: ([Dispatcher], [BoundMatrix], [EnumDeclaration], [BoundPin], [CellsProtocol], [BoundMatrix], [TypeNameDeclaration], [CellsImplementation]),
        deferred: Bool
    ) {
        let extra = settings.extraDispatcherFunctions
        // Built on first use: a file without a function holding a `switch` and without a
        // `Table(...)` literal to bind never needs them.
        var built: TypeScopes?
        func scopes() -> TypeScopes {
            if let built { return built }
            let scopes = TypeScopes(tokens)
            built = scopes
            return scopes
        }
        // Also a row of the wrong length: the checks that do not depend on it still run.
        let short = matrices.filter {
            $0.surface == .tableLiteral && $0.rows.count <= $0.states.count && !$0.isLintable && $0.rows.allSatisfy(\.isReadable)
        }
        let dispatchers = DispatcherReader.read(tokens, scopes: scopes, extraFunctionNames: extra)
        let bound = MatrixBinder.bind(matrices, tokens: tokens, scopes: scopes)
        let pins = MatrixBinder.pins(matrices, file: file, tokens: tokens, scopes: scopes, pinNames: settings.pinNames)
        let shortTables = short.map { MatrixBinder.bindAny($0, tokens: tokens, scopes: scopes)
            ?? BoundMatrix(matrix: $0, machine: $0.machine.text) }
        // A file naming `…Cells` or `Step` may implement a machine's cells: its declarations are
        // read now, from the tokens at hand, rather than tokenized again if the run asks.
        if deferring, dispatchers.isEmpty, bound.isEmpty, pins.isEmpty, shortTables.isEmpty,
            !tokens.triggers.cellsName, !(implementations && tokens.triggers.stepName)
        {
            return ((dispatchers, bound, [], pins, [], shortTables, [], []), tokens.triggers.declarations)
        }
        let (enums, cellsProtocols, typeNames, found) = readDeclarations(tokens, scopes: scopes, implementations: implementations)
        return ((dispatchers, bound, enums, pins, cellsProtocols, shortTables, typeNames, found), false)
    }

    /// The file's `enum` declarations, `Cells` protocols, type aliases and `Cells` implementations
    /// (read only in a file with a name ending in `Cells`, or the name `Step`: then every
    /// extension, which may be of a type that conforms in another file).
    /// `implementations` false: no `Cells` implementation is read (no rule of the run asks).
    static func readDeclarations(
        _ tokens: SignificantTokens, scopes: () -> TypeScopes, implementations: Bool = true
    ) -> ([EnumDeclaration], [CellsProtocol], [TypeNameDeclaration], [CellsImplementation]) {
        (EnumDeclarationReader.read(tokens, scopes: scopes), CellsProtocolReader.read(tokens, scopes: scopes),
         TypeNameDeclarationReader.read(tokens, scopes: scopes),
         implementations && (tokens.triggers.cellsName || tokens.triggers.stepName)
            ? CellsImplementationReader.read(tokens, scopes: scopes, everyExtension: tokens.triggers.stepName) : [])
    }

    /// What `--fix` would do to this file, planned once for every rule that asks
    /// (alignment and unformattable both read it).
    var formatPlan: FormatPlan { cache.plan(self) }

    /// Whether the file's matrices are large enough for working out `formatPlan` on a second
    /// core to pay (a third of a big matrix's lint).
    var plansConcurrently: Bool {
        reading.matrices.reduce(0) { $0 + $1.cellCount } >= Self.concurrentPlanCells
    }

    /// About a 200-row, 6-action matrix: below it, a second thread saves less than it costs.
    static let concurrentPlanCells = 1_200
    private let cache = ContextCache()

    /// The file's `tablint:` directives, read once, for `Engine.finish` to apply to every
    /// diagnostic of the file (cross-file ones included).
    var suppressions: InlineSuppressions { cache.suppressions(self) }

    /// A note pointing at a byte offset of this file.
    func note(at offset: Int, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(path: file.path, location: file.location(of: offset), message: message)
    }

    /// What the cross-file step needs of this file: its pairable matrices, its step
    /// dispatchers that name their machine, its enums and its dispatchers with a catch-all.
    var summary: FileSummary {
        FileSummary(
            path: file.path, lines: file.lines, matrices: boundMatrices,
            dispatchers: dispatchers.filter { ($0.kind == .step || $0.kind == .effect) && $0.machine != nil }, enums: enums,
            catchAllDispatchers: dispatchers.filter(\.hasCatchAll), pins: pins, cellsProtocols: cellsProtocols,
            shortTables: shortTables, typeNames: typeNames, cellsImplementations: cellsImplementations)
    }
}

/// Which readers can find anything in a file, noted by `SignificantTokens` as it gathers the
/// tokens: each reader starts from a token it cannot do without (`Table` for
/// `TableLiteralReader`, `@` then `Machine` for `MachineEnumReader`, a `"""` for
/// `FixtureReader.readEmbedded`, a `switch` for `DispatcherReader`).
struct ReaderTriggers {
    var table: Bool
    var machine: Bool
    var multilineString: Bool
    /// The indices of the `switch` keywords, in order; nil when not looked for (then the
    /// dispatcher reader reads every function, as with the shortcuts off).
    var switches: [Int]?
    /// An `enum` or `protocol` keyword: the file may declare what the cross-file checks read.
    var declarations: Bool
    /// A name ending in `Cells`: the file may implement a machine's `Cells` protocol (which
    /// counts as a declaration too).
    var cellsName = false
    /// The name `Step`: the file's extensions may hold the members of a `Cells` implementation
    /// whose conformance another file declares.
    var stepName = false

    /// Every reader runs (and the dispatcher reader finds the switches itself).
    static let all = ReaderTriggers(
        table: true, machine: true, multilineString: true, switches: nil, declarations: true, cellsName: true, stepName: true)
}

/// Holds a context's format plan and directives once computed. A class, so the value-typed
/// context can fill it lazily. Locked: `Engine.analyze` may work out the plan on one thread
/// while rules that do not read it run on another.
final class ContextCache {
    private let lock = NSLock()
    private var cached: FormatPlan?
    private var cachedSuppressions: InlineSuppressions?

    func suppressions(_ context: LintContext) -> InlineSuppressions {
        lock.lock()
        let known = cachedSuppressions
        lock.unlock()
        if let known { return known }
        let read = InlineSuppressions.read(context)
        lock.lock()
        cachedSuppressions = read
        lock.unlock()
        return read
    }

    func plan(_ context: LintContext) -> FormatPlan {
        lock.lock()
        if let cached {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let plan = Formatter.plan(context)
        lock.lock()
        cached = plan
        lock.unlock()
        return plan
    }
}
