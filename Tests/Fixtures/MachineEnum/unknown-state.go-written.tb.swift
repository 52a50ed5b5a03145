// swift-format-ignore-file
// GO targets the library reads no declared state from: a string literal, and three arguments.
@Machine
enum Lamp {
    enum S { case idle, lit }
    enum A { case toggle }
    enum F { case click, hum }
    static let initial = S.idle
    @Row(.idle) static let i = [ .go("lit")              ]
    @Row(.lit)  static let l = [ .go(.idle, .click, .hum) ]
}
