// swift-format-ignore-file
@Machine
@Path("short", [.idle, .start])
@Path("wrong", [.busy, .start, .idle])
enum Job {
    enum S { case idle, busy, done }
    enum A { case start }
    static let initial = S.idle
    @Row(.idle) static let i = [ .handle ]
    @Row(.busy) static let b = [ .go(.done) ]
    @Row(.done) static let d = [ .ignore ]
}
