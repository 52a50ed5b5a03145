// swift-format-ignore-file
@Machine
enum Timer {
    enum S { case idle, running }
    enum A { case start, tick, cancel }
    static let initial = S.idle
    @Row(.idle)    static let i = [ .handle, .ignore, .ignore ]
    @Row(.running) static let r = [ .ignore, .handle ]
}
