// swift-format-ignore-file
@Machine
enum Car {
    enum S { case idle, driving }
    enum A { case go, park }
    static let initial = S.parked
    @Row(.idle)    static let i = [ .go(.driving), .go(.parked) ]
    @Row(.driving) static let d = [ .ignore,       .go(.Idle) ]
}
