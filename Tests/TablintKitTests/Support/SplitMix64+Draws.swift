@testable import TablintKit

/// The draws the generated tests make from the project's seeded generator.
extension SplitMix64 {
    /// A whole number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
