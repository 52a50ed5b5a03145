// swift-format-ignore-file
// `@Row` prefixes of different lengths: the `[` lines up (padded just before it, as the
// library's tabular-center-fmt pads a prefix), the cells are not padded inside the bracket.
@Machine
enum Door {
    enum S { case locked, unlocked, open }
    enum A { case key, push }
    static let initial = S.locked
    @Row(.locked) static let locked = [ .go(.unlocked), .ignore ]
    @Row(.unlocked) static let unlocked = [ .go(.locked), .go(.open) ]
    @Row(.open) public static let open = [ .ignore, .go(.unlocked) ]
}
