// swift-format-ignore-file
// `.Beep` is not the effect `beep`: the library compares names exactly.
@Machine
enum Buzzer {
    enum S { case idle }
    enum A { case press }
    enum F { case beep }
    static let initial = S.idle
    @Row(.idle) static let i = [ .emit([.Beep]) ]
}
