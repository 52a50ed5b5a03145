// swift-format-ignore-file
// timer.old.tb.swift as an @Machine enum: the names are lowerCamel, the behaviour the same.
@Machine
enum Timer {
    enum S { case idle, running, done }
    enum A { case start, tick }
    enum F { case startClock }
    static let initial = S.idle
    //                               start                         tick
    @Row(.idle)    static let i = [ .handle,                      .ignore ]
    @Row(.running) static let r = [ .ignore,                      .handle ]
    @Row(.done)    static let d = [ .go(.running, [.startClock]), .ignore ]
}
