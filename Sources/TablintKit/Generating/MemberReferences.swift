/// Every name a file writes after a `.` (`.paused`, `S.paused`, `Alarm.S.paused`,
/// `cells.pausedSnooze`), with the offsets of the name: what the removal and rename fixes of
/// `enum-drift`, `dispatcher-drift` and `cells-drift` search before they delete or rename a
/// case or a member, so a reference they do not fix is named instead of left dangling. Read
/// in files that hold something else for the run (a matrix, an enum, a dispatcher, a `Cells`
/// protocol or implementation), and in any other file of the run that may name what a removal
/// or rename would take away (`Workspace.searchReferencesToGoingNames`): a file tablint does not
/// read is not searched.
struct MemberReferences: Equatable {
    /// Name (without backticks) → the offsets of its token, in file order.
    var offsets: [String: [Int]] = [:]

    init() {}

    init(pieces: [Token], bytes: [UInt8]) {
        Self.forEachName(pieces, bytes) { name, start in
            offsets[String(decoding: bytes[name], as: UTF8.self), default: []].append(start)
        }
    }

    /// Each name written after a `.`: its bytes without backticks, and its token's start.
    static func forEachName(_ pieces: [Token], _ bytes: [UInt8], _ body: (Range<Int>, Int) -> Void) {
        var afterPeriod = false
        for piece in pieces where !piece.isTrivia {
            if afterPeriod, piece.kind == .identifier {
                var name = piece.range
                if name.count > 2, bytes[name.lowerBound] == UInt8(ascii: "`") { name = (name.lowerBound + 1)..<(name.upperBound - 1) }
                body(name, piece.start)
            }
            afterPeriod = piece.kind == .period
        }
    }

    var isEmpty: Bool { offsets.isEmpty }
}
