// swift-format-ignore-file
// Trailing comments that were aligned stay aligned when a row grows.
@Machine
enum Turnstile {
    enum S { case locked, unlocked, broken }
    enum A { case coin, push }
    static let initial = S.locked
    @Row(.locked) static let l = [ .go(.unlocked), .ignore ]   // pay to enter
    @Row(.unlocked) static let u = [ .ignore, .go(.locked) ]   // one person through
    @Row(.broken) static let b = [ .unreachable, .ignore ]     // out of order
}
