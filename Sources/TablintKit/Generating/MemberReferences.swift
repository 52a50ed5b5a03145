/// Every name a file writes after a `.` (`.paused`, `S.paused`, `Alarm.S.paused`,
/// `cells.pausedSnooze`), with the offsets of the name: what the removal and rename fixes of
/// `enum-drift`, `dispatcher-drift` and `cells-drift` search before they delete or rename a
/// case or a member, so a reference they do not fix is named instead of left dangling. Read
/// only in files that hold something else for the run (a matrix, an enum, a dispatcher, a
/// `Cells` protocol or implementation): a file tablint does not read is not searched.
struct MemberReferences: Equatable {
    /// Name (without backticks) → the offsets of its token, in file order.
    var offsets: [String: [Int]] = [:]

    init() {}

    init(pieces: [Token], bytes: [UInt8]) {
        var afterPeriod = false
        for piece in pieces where !piece.isTrivia {
            if afterPeriod, piece.kind == .identifier {
                var name = piece.range
                if name.count > 2, bytes[name.lowerBound] == UInt8(ascii: "`") { name = (name.lowerBound + 1)..<(name.upperBound - 1) }
                offsets[String(decoding: bytes[name], as: UTF8.self), default: []].append(piece.start)
            }
            afterPeriod = piece.kind == .period
        }
    }

    var isEmpty: Bool { offsets.isEmpty }
}
