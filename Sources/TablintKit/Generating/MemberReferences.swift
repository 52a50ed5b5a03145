/// Every name a file writes after a `.` (`.paused`, `S.paused`, `Alarm.S.paused`,
/// `cells.pausedSnooze`), with the offsets of the name: what the removal and rename fixes of
/// `enum-drift`, `dispatcher-drift` and `cells-drift` search before they delete or rename a
/// case or a member, so a reference they do not fix is named instead of left dangling. Read
/// in files that hold something else for the run (a matrix, an enum, a dispatcher, a `Cells`
/// protocol or implementation), and in any other file of the run that may name what a removal
/// or rename would take away (`Workspace.searchReferencesToGoingNames`): a file tablint does not
/// read is not searched.
///
/// Kept as the names' byte ranges in the file, searched by name only when a fix asks: every
/// linted file with a summary is indexed, and almost none is ever searched.
struct MemberReferences {
    /// The file's bytes, shared with the file (not copied).
    private var bytes: [UInt8] = []
    /// Each reference in file order: its token's start, and the name's bytes (without backticks).
    private var references: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32)] = []

    init() {}

    init(pieces: [Token], bytes: [UInt8]) {
        self.bytes = bytes
        var references: [(token: UInt32, nameStart: UInt32, nameEnd: UInt32)] = []
        Self.forEachName(pieces, bytes) { name, start in
            references.append((UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.upperBound)))
        }
        self.references = references
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

    var isEmpty: Bool { references.isEmpty }

    /// The offsets of the tokens that name `name`, in file order.
    func offsets(of name: String) -> [Int] {
        let wanted = Array(name.utf8)
        // Names compare as Swift strings do: a non-ASCII name may be spelt in other bytes.
        let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
        return bytes.withUnsafeBufferPointer { file in
            references.compactMap { reference in
                let written = UnsafeBufferPointer(rebasing: file[Int(reference.nameStart)..<Int(reference.nameEnd)])
                if written.elementsEqual(wanted) { return Int(reference.token) }
                guard !wantedIsASCII || written.contains(where: { $0 >= 0x80 }) else { return nil }
                return String(decoding: written, as: UTF8.self) == name ? Int(reference.token) : nil
            }
        }
    }

    /// The names and offsets in file order, without the bytes around them.
    private var spelled: [(name: ArraySlice<UInt8>, token: UInt32)] {
        references.map { (bytes[Int($0.nameStart)..<Int($0.nameEnd)], $0.token) }
    }
}

extension MemberReferences: Equatable {
    /// The same names at the same offsets: what a fix would find is the same.
    static func == (lhs: MemberReferences, rhs: MemberReferences) -> Bool {
        guard lhs.references.count == rhs.references.count else { return false }
        return zip(lhs.spelled, rhs.spelled).allSatisfy { $0.token == $1.token && $0.name.elementsEqual($1.name) }
    }
}
