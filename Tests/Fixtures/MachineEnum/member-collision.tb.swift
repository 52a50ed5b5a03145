// swift-format-ignore-file
@Machine
enum Session {
    enum S { case logIn, log }
    enum A { case start, inStart }
    static let initial = S.logIn
    @Row(.logIn) static let a = [ .handle, .ignore ]
    @Row(.log)   static let b = [ .ignore, .handle ]
}
