// swift-format-ignore-file
// `@Row(.Unlocked)` is no row of the case `unlocked`: the library compares names exactly.
@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    static let initial = S.locked
    @Row(.locked)   static let l = [ .go(.unlocked), .ignore      ]
    @Row(.Unlocked) static let u = [ .ignore,        .go(.locked) ]
}
