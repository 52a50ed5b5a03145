// swift-format-ignore-file
@Machine
enum Bell {
    enum S { case quiet }
    enum A { case ring, hush }
    enum F { case ding, dong(times: Int) }
    static let initial = S.quiet
    @Row(.quiet) static let q = [ .emit([.whirr, .dong(times: 2)]), .go(.quiet, [.clank]) ]
}
