// swift-format-ignore-file
// Spellings the library's syntax reader accepts beyond SURFACE.md's grammar: it matches the
// last name component and ignores labels and qualification. Every check stays silent.
@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    enum F { case click }
    let initial = S.locked
    @Row(state: .locked) static let l = [ Cell.go(.unlocked), .emit(.click, .click) ]
    @Row(.unlocked)      static let u = [ Cell.ignore,        .go(locked)           ]
}

@Machine
enum Gate {
    enum S { case shut, open }
    enum A { case push }
    static let initial = Self.S.shut
    @Row(.shut) static let s = [ .go(.open) ], spare = [ .go(.shut) ]
    @Row(.open) static let o = [ .go(.shut) ]
}
