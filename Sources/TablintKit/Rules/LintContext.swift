/// Everything a rule may look at for one file, computed once and shared by every rule.
public struct LintContext {
    public let file: SourceFile
    /// Every token and trivia piece, in order (empty for a file that is not Swift).
    public let tokens: [Token]
    /// Every matrix the readers found in the file, on any surface, and their problems.
    public let reading: MatrixReading

    public init(file: SourceFile) {
        self.file = file
        if file.kind.isSwift {
            tokens = Tokenizer.tokenize(file.bytes)
            let significant = SignificantTokens(file: file, pieces: tokens)
            reading = TableLiteralReader.read(significant) + MachineEnumReader.read(significant)
                + FixtureReader.readEmbedded(significant)
        } else if file.kind == .fixture {
            tokens = []
            reading = FixtureReader.read(file)
        } else {
            tokens = []
            reading = MatrixReading()
        }
        matrices = reading.matrices.map { $0.derivingPaths() }
    }

    /// The matrices as the library validates and lints them: with `@Path` defaults applied.
    /// `reading.matrices` holds them as written, for the path rules.
    public let matrices: [Matrix]

    /// A context over matrices read elsewhere or completed by hand: for supplying what a
    /// surface cannot declare, as the library's adapters add payloads to a `.tbl` fixture.
    public init(file: SourceFile, tokens: [Token], reading: MatrixReading) {
        self.file = file
        self.tokens = tokens
        self.reading = reading
        self.matrices = reading.matrices.map { $0.derivingPaths() }
    }

    /// What `--fix` would do to this file, planned once for every rule that asks
    /// (alignment and unformattable both read it).
    public var formatPlan: FormatPlan { planCache.plan(self) }
    private let planCache = FormatPlanCache()

    /// A note pointing at a byte offset of this file.
    public func note(at offset: Int, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(path: file.path, location: file.location(of: offset), message: message)
    }
}

/// Holds a context's format plan once computed. A class, so the value-typed context can fill
/// it lazily; a context is used by one thread at a time.
final class FormatPlanCache {
    private var cached: FormatPlan?

    func plan(_ context: LintContext) -> FormatPlan {
        if let cached { return cached }
        let plan = Formatter.plan(context)
        cached = plan
        return plan
    }
}
