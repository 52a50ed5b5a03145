@testable import TablintKit

/// `fixed` without the `// swift-format-ignore-file` line `--fix` inserted into `original`
/// (after a BOM or a shebang line), for comparing the rest with what the formatter may change;
/// `fixed` itself when no line was inserted there (the rule may be off or suppressed: then any
/// inserted text shows up as a token difference). Nil when the bytes before the insertion point
/// changed.
func withoutInsertedDirective(original: SourceFile, fixed: [UInt8]) -> [UInt8]? {
    guard FormatIgnoreDirective.isMissing(in: original), let at = FormatIgnoreDirective.directiveLineStart(original.bytes) else {
        return fixed
    }
    let line = Array(FormatIgnoreDirective.directive.utf8) + FormatIgnoreDirective.lineEnding(of: original.bytes)
    guard fixed.count >= at + line.count, fixed[at..<(at + line.count)].elementsEqual(line) else { return fixed }
    guard fixed[..<at].elementsEqual(original.bytes[..<at]) else { return nil }
    return Array(fixed[..<at]) + fixed[(at + line.count)...]
}
