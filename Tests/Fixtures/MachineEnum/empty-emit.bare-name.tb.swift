// swift-format-ignore-file
// `beep` without its dot is no effect to the library, so this EMIT lists none.
@Machine
enum Buzzer {
    enum S { case idle }
    enum A { case press }
    enum F { case beep }
    static let initial = S.idle
    @Row(.idle) static let i = [ .emit(beep) ]
}
