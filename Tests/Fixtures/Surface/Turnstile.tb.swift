// swift-format-ignore-file
@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    enum F { case click }
    final class Ctx { var admitted = 0 }
    static let initial = S.locked
    //                        Coin                        Push
    @Row(.locked)   static let l = [ .go(.unlocked, [.click]),  .ignore ]
    @Row(.unlocked) static let u = [ .ignore,                   .handle ]
    func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
}
