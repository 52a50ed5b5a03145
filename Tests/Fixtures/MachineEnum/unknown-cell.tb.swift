// swift-format-ignore-file
@Machine
enum Gate {
    enum S { case shut }
    enum A { case push, pull, kick, poke }
    static let initial = S.shut
    @Row(.shut) static let s = [ .maybe, .go, .delegate(), someCell ]
}
