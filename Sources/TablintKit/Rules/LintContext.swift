/// Everything a rule may look at for one file, computed once and shared by every rule.
public struct LintContext {
    public let file: SourceFile
    /// Every token and trivia piece, in order.
    public let tokens: [Token]
    /// The `Table(...)` literals found in the file, read or refused.
    public let tables: TableReading

    public init(file: SourceFile) {
        self.file = file
        self.tokens = file.kind.isSwift ? Tokenizer.tokenize(file.bytes) : []
        self.tables = file.kind.isSwift ? TableLiteralReader.read(file, tokens: tokens) : TableReading()
    }

    /// A note pointing at a byte offset of this file.
    public func note(at offset: Int, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(path: file.path, location: file.location(of: offset), message: message)
    }
}
