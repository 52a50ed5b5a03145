public enum TableLiteralReader {
    public static func read(_ file: SourceFile, tokens: [Token]) -> TableReading { TableReading() }
}
