// swift-format-ignore-file
@Machine
enum Door {
    enum S { case shut, open, locked }
    enum A { case push }
    static let initial = S.shut
    @Row(.open) static let o = [ .go(.shut) ]
    @Row(.shut) static let s = [ .go(.open) ]
}
