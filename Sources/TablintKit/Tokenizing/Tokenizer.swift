public enum Tokenizer {
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.isEmpty ? [] : [Token(kind: .unexpected, start: 0, end: bytes.count)]
    }
}
