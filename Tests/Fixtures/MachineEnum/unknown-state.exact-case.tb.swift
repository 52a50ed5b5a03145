// swift-format-ignore-file
// Inside one @Machine enum the library compares names exactly: `Done` and `.Locked` are not
// the cases `done` and `locked`.
@Machine
enum Door {
    enum S { case locked, open, done }
    enum A { case push, lock }
    static let initial = S.Done
    @Row(.locked) static let l = [ .go(.open), .ignore     ]
    @Row(.open)   static let o = [ .go(.done), .go(.Locked) ]
    @Row(.done)   static let d = [ .ignore,    .ignore      ]
}
