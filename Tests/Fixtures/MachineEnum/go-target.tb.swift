// swift-format-ignore-file
@Machine
enum Timer {
    enum S { case idle, running(since: Int) }
    enum A { case start, stop }
    static let initial = S.idle
    @Row(.idle)    static let i = [ .go(.running),           .ignore ]
    @Row(.running) static let r = [ .go(.running(since: 0)), .go(.idle) ]
}
