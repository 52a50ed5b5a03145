// swift-format-ignore-file
@Machine
enum NoStates {
    enum A { case go }
}

@Machine
enum Rows {
    enum S { case a, b, c }
    enum A { case x }
    static let initial = S.a
    @Row static let r = [ .ignore ]
    @Row(.b) static let t = (x: .ignore)
    @Row(.c) static let u = [ .ignore ]
}

@Machine
struct NotAnEnum {}
