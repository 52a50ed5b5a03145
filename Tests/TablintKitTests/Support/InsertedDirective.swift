@testable import TablintKit

/// `fixed` without the `// swift-format-ignore-file` line `--fix` inserts into `original`
/// (after its BOM), for comparing the rest with the input; nil when the directive is not
/// where it must be. `fixed` itself when `original` did not need the directive.
func withoutInsertedDirective(original: SourceFile, fixed: [UInt8]) -> [UInt8]? {
    guard FormatIgnoreDirective.isMissing(in: original) else { return fixed }
    let bom: [UInt8] = original.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
    let line = Array(FormatIgnoreDirective.directive.utf8) + FormatIgnoreDirective.lineEnding(of: original.bytes)
    guard fixed.starts(with: bom + line) else { return nil }
    return bom + fixed.dropFirst(bom.count + line.count)
}
