// swift-format-ignore-file
@Machine
@Path("happy", [.idle, .start, .busy])
@Path("happy", [.idle, .start, .busy])
enum Job {
    enum S { case idle, busy }
    enum A { case start }
    static let initial = S.idle
    @Row(.idle) static let i = [ .handle ]
    @Row(.busy) static let b = [ .ignore ]
}
