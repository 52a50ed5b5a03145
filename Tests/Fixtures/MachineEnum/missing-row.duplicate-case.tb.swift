// swift-format-ignore-file
// A case declared twice needs two rows: the library pairs rows with cases by position, so
// the second `idle` has none.
@Machine
enum Lamp {
    enum S { case idle, lit, idle }
    enum A { case toggle }
    static let initial = S.idle
    @Row(.idle) static let i = [ .go(.lit)  ]
    @Row(.lit)  static let l = [ .go(.idle) ]
}
