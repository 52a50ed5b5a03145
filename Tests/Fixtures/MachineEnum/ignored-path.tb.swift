// swift-format-ignore-file
@Machine
@Path("\(prefix)happy", [.a, .x, .b])
@Path("spine", spine)
@Path("odd", [.a, x, .b])
enum Gate {
    enum S { case a, b }
    enum A { case x }
    static let initial = S.a
    @Path("inside", [.a, .x, .b])
    @Row(.a) static let r = [ .handle ]
    @Row(.b) static let s = [ .ignore ]
}
