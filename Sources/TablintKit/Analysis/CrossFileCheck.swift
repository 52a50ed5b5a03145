/// What one file contributes to the checks that need a whole run: the matrices a dispatcher
/// can be paired with and the step dispatchers that name their machine. Small and made of
/// values, so files are summarised in parallel and the run's summaries are checked in one
/// short, pure step at the end.
struct FileSummary: Equatable {
    var path: String
    /// To turn byte offsets into lines and columns without the file's bytes.
    var lines: LineTable
    var matrices: [BoundMatrix]
    var dispatchers: [Dispatcher]
    /// Every `enum` the file declares, with its cases: the case lists a dispatcher's
    /// `default:` stands for, and the enums a `Table` literal's names are checked against.
    var enums: [EnumDeclaration]
    /// The type names the file declares other than by `enum` (aliases, structs…), which hide
    /// an outer enum of the same name.
    var typeNames: [TypeNameDeclaration] = []
    /// Every dispatcher of the file with a `default:`, `_` or bare binding (of any kind), for
    /// `tablint::dispatcher-default`, which spells the catch-all out from the run's enums.
    var catchAllDispatchers: [Dispatcher]

    /// The `.tbl` pins of the file: the file itself, or its `FIXTURE` string literals.
    var pins: [BoundPin]
    /// The `Cells` protocols the file declares, with their requirements.
    var cellsProtocols: [CellsProtocol]
    /// `Table` literals with fewer rows than states: which state lacks its row is told by the
    /// other surfaces of the machine (`tabular-center::missing-row`).
    var shortTables: [BoundMatrix]
    /// The types implementing a machine's `Cells` protocol, with what each member returns:
    /// the outcomes of the `HANDLE` cells they serve (`MachineGraphs`).
    var cellsImplementations: [CellsImplementation] = []
    /// The names the file writes after a `.`, read when it holds something above, or when it may
    /// name what a removal would take away (`MemberReferences`): what the removal fixes search
    /// for references they would leave.
    var memberReferences = MemberReferences()

    init(
        path: String, lines: LineTable, matrices: [BoundMatrix] = [], dispatchers: [Dispatcher] = [],
        enums: [EnumDeclaration] = [], catchAllDispatchers: [Dispatcher] = [], pins: [BoundPin] = [],
        cellsProtocols: [CellsProtocol] = [], shortTables: [BoundMatrix] = [], typeNames: [TypeNameDeclaration] = [],
        cellsImplementations: [CellsImplementation] = []
    ) {
        self.cellsImplementations = cellsImplementations
        self.typeNames = typeNames
        self.path = path
        self.lines = lines
        self.matrices = matrices
        self.dispatchers = dispatchers
        self.enums = enums
        self.catchAllDispatchers = catchAllDispatchers
        self.pins = pins
        self.cellsProtocols = cellsProtocols
        self.shortTables = shortTables
    }

    /// Whether the file has nothing for the cross-file step (not even the references a file
    /// with no machine surface was searched for).
    var holdsNothing: Bool {
        matrices.isEmpty && dispatchers.isEmpty && enums.isEmpty && catchAllDispatchers.isEmpty && pins.isEmpty
            && cellsProtocols.isEmpty && shortTables.isEmpty && typeNames.isEmpty && cellsImplementations.isEmpty
            && memberReferences.isEmpty
    }

    /// A summary with nothing in it, for a file no reader could read.
    static func empty(_ path: String) -> FileSummary {
        FileSummary(path: path, lines: LineTable([]))
    }

    func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.location(of: offset)
        return SourceLocation(offset: offset, line: line, column: column)
    }

    func note(at offset: Int, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(path: path, location: location(of: offset), message: message)
    }
}

/// A rule that looks at a whole run: `check(run:)` gets the summary of every file linted
/// together (one file for a single-file lint). Its per-file `check` finds nothing.
///
/// A rule implements one of the two `check(run:)`: the one given a `CrossFileRun` shares the
/// step's pairing and enum index (`facts.pairing`, `facts.enumIndex`) instead of building its
/// own; each has a default that calls the other. `reads` names the summary parts the rule
/// looks at (default: all), so the workspace runs it again only when one of them changed.
protocol RunRule: Rule {
    func check(run facts: CrossFileRun) -> [Diagnostic]
    func check(run: [FileSummary]) -> [Diagnostic]
    var reads: SummaryParts { get }
    /// Whether the rule asks what a machine does (`GraphRule`: true): only then are the run's
    /// `Cells` implementations read. A requirement rather than a cast: a conformance lookup per
    /// rule costs more than a small run's analysis.
    var asksWhatMachinesDo: Bool { get }
}

extension GraphRule {
    var asksWhatMachinesDo: Bool { true }
}

extension RunRule {
    func check(_ context: LintContext) -> [Diagnostic] { [] }

    func check(run facts: CrossFileRun) -> [Diagnostic] { check(run: facts.summaries) }
    func check(run: [FileSummary]) -> [Diagnostic] { check(run: CrossFileRun(run)) }
    var reads: SummaryParts { .all }
    var asksWhatMachinesDo: Bool { false }

    /// A diagnostic of this rule at a byte range of a summarised file.
    func diagnostic(
        _ file: FileSummary, at range: Range<Int>, _ message: String, notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            path: file.path, start: file.location(of: range.lowerBound), end: file.location(of: range.upperBound),
            severity: defaultSeverity, message: message, code: code, notes: notes)
    }

    /// The same with a fix.
    func diagnostic(
        _ file: FileSummary, at range: Range<Int>, _ message: String, notes: [Diagnostic.Note] = [], fix: Diagnostic.Fix?
    ) -> Diagnostic {
        var found = diagnostic(file, at: range, message, notes: notes)
        found.fix = fix
        return found
    }
}

/// The step after every file was linted: the run rules over all the files' summaries.
enum CrossFileCheck {
    static func check(_ summaries: [FileSummary], rules: [Rule] = RuleRegistry.all) -> [Diagnostic] {
        check(summaries, runRules: runRules(of: rules))
    }

    /// The same with the run rules already picked out (`runRules(of:)`, once per workspace).
    static func check(_ summaries: [FileSummary], runRules: [RunRule]) -> [Diagnostic] {
        let facts = CrossFileRun(summaries)
        return runRules.flatMap { $0.check(run: facts) }
    }

    static func runRules(of rules: [Rule]) -> [RunRule] { rules.compactMap { $0 as? RunRule } }
}
