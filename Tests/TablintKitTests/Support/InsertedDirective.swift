@testable import TablintKit

/// `fixed` without the directive lines `--fix` inserted into `original`, for comparing the rest
/// with what the formatter may change; `fixed` itself when no line was inserted there (the rule
/// may be off or suppressed: then any inserted text shows up as a token difference). Nil when
/// the bytes before the insertion point changed.
func withoutInsertedDirective(original: SourceFile, fixed: [UInt8]) -> [UInt8]? {
    guard let insertion = FormatIgnoreDirective.insertion(into: original) else { return fixed }
    let at = insertion.range.lowerBound
    let line = insertion.replacement
    guard fixed.count >= at + line.count, fixed[at..<(at + line.count)].elementsEqual(line) else { return fixed }
    guard fixed[..<at].elementsEqual(original.bytes[..<at]) else { return nil }
    return Array(fixed[..<at]) + fixed[(at + line.count)...]
}
