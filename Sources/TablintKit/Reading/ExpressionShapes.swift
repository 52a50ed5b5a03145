/// Shapes of expressions that readers recognise, over a range of significant-token indices
/// (an "element": one argument, one array item). Each answers nil when the element is not
/// exactly that shape, so a reader can refuse instead of guessing.
extension SignificantTokens {
    /// A plain string literal, `"Idle"` or `#"Idle"#`, without interpolation, and its value.
    func stringLiteral(_ element: Range<Int>) -> Name? {
        var index = element.lowerBound
        var pounds = 0
        if kind(index) == .rawStringDelimiter {
            pounds = tokens[index].length
            index += 1
        }
        guard kind(index) == .stringQuote else { return nil }
        let open = index
        index += 1
        var value = ""
        if kind(index) == .stringSegment {
            guard let decoded = StringEscapes.decode(text(index), rawPounds: pounds) else { return nil }
            value = decoded
            index += 1
        }
        guard kind(index) == .stringQuote, !tokens[open].isUnterminated else { return nil }
        index += 1
        if pounds > 0 {
            guard kind(index) == .rawStringDelimiter else { return nil }
            index += 1
        }
        guard index == element.upperBound else { return nil }
        return Name(value, range(element))
    }

    /// The elements of an array literal that is the whole of `element`, or nil if it is not one.
    func arrayElements(_ element: Range<Int>) -> [Range<Int>]? {
        guard element.count >= 2, kind(element.lowerBound) == .leftBracket,
            partner[element.lowerBound] == element.upperBound - 1,
            let items = elements(inside: element.lowerBound),
            items.allSatisfy({ !$0.isEmpty })
        else { return nil }
        return items
    }

    /// The bytes an element spans; an empty element is an empty range where it would be.
    func range(_ element: Range<Int>) -> Range<Int> {
        guard !element.isEmpty else {
            let offset = element.lowerBound < count ? tokens[element.lowerBound].start : file.bytes.count
            return offset..<offset
        }
        return range(from: element.lowerBound, through: element.upperBound - 1)
    }

    func text(_ element: Range<Int>) -> String {
        element.isEmpty ? "" : text(from: element.lowerBound, through: element.upperBound - 1)
    }

    /// How a message names what it found: the source text, shortened, or a kind of thing.
    func describe(_ element: Range<Int>) -> String {
        guard !element.isEmpty else { return "nothing" }
        if element.contains(where: { kind($0) == .backslash }),
            element.contains(where: { kind($0) == .stringQuote || kind($0) == .multilineStringQuote })
        {
            return "an interpolated string `\(Self.shorten(text(element)))`"
        }
        if kind(element.lowerBound) == .multilineStringQuote {
            return "a multi-line string literal"
        }
        return "`\(Self.shorten(text(element)))`"
    }

    static func shorten(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline)
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
        return oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine
    }
}
