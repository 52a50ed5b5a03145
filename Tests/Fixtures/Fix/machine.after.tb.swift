// swift-format-ignore-file
@Machine
enum Turnstile {
    enum S { case locked, unlocked, broken }
    enum A { case coin, push }
    enum F { case click }
    static let initial = S.locked
    @Row(.locked)   static let l = [ .go(.unlocked, [.click]), .ignore ]
    @Row(.unlocked) static let u = [ .ignore,                  .handle ]
    @Row(.broken)   static let b = [ .unreachable,             .unreachable ]
    func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
}
