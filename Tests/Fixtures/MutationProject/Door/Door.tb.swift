// swift-format-ignore-file
@Machine
@Path("entry", [.shut, .push, .open], back: .pull)
enum Door {
    enum S { case shut, open, locked }
    enum A { case push, pull, lock }
    enum F { case creak, click }
    final class Ctx { var opened = 0 }
    static let initial = S.shut
    @Row(.shut)   static let s = [ .handle, .ignore,               .go(.locked, [.click]) ]
    @Row(.open)   static let o = [ .ignore, .go(.shut, [.creak]),  .ignore ]
    @Row(.locked) static let l = [ .ignore, .ignore,               .handle ]
    func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
}
