// swift-format-ignore-file
@Machine
enum Door {
    enum S { case shut }
    enum A { case push }
    static let initial = S.shut
    @Row(.shut) static let s = [ .ignore ]
    @Row(.gone) static let g = [ .ignore ]
}
