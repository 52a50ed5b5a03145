// swift-format-ignore-file
// The same mistakes on every surface: a short row, a GO to an undeclared state, an EMIT
// without effects, and an initial state that is not declared.
@Machine
enum Timer {
    enum S { case idle, running, done }
    enum A { case start, tick, cancel }
    enum F { case startClock }
    static let initial = S.parked
    @Row(.idle)    static let i = [ .go(.runing, [.startClock]), .ignore, .ignore ]
    @Row(.running) static let r = [ .ignore, .handle ]
    @Row(.done)    static let d = [ .emit([]), .ignore, .go(.idle) ]
}
