// swift-format-ignore-file
// The same lints on every surface: a dead row, a state no GO enters, a state that can never be left.
@Machine
enum Door {
    enum S { case closed, open, broken, gone }
    enum A { case push, pull, kick }
    enum F { case crash, creak }
    static let initial = S.closed
    @Row(.closed) static let c = [ .go(.open),      .ignore,      .ignore ]
    @Row(.open)   static let o = [ .ignore,         .go(.closed), .go(.broken, [.crash]) ]
    @Row(.broken) static let b = [ .emit([.creak]), .ignore,      .ignore ]
    @Row(.gone)   static let g = [ .ignore,         .ignore,      .ignore ]
}
