// swift-format-ignore-file
// Correct @Machine enums: every check stays silent.
@Machine
enum Turnstile {
    enum S { case locked, unlocked }
    enum A { case coin, push }
    enum F { case click }
    final class Ctx { var admitted = 0 }
    static let initial = S.locked
    //                                coin                      push
    @Row(.locked)   static let l = [ .go(.unlocked, [.click]), .ignore ]
    @Row(.unlocked) static let u = [ .ignore,                  .handle ]
    func handle(_ ctx: Ctx, _ state: S, _ action: A) -> Step<S, F> { fatalError() }
}

@Machine
@Path("happy", [.running, .stop, .done], back: .cancel)
public enum Timer {
    enum S {
        case idle
        case running(since: Int), done
        indirect case waiting(Int)
    }
    enum A: String { case start = "s", stop, cancel, tick }
    enum F {
        case startClock
        case stopClock(reason: Reason)
    }
    static let initial: S = .idle
    @Row(.idle)    static let i = [ .handle,                                         .ignore,                                   .ignore,           .ignore ]
    @Row(.running) static let r = [ .ignore,                                         .handle,                                   .handle,           .emit(.startClock) ]
    @Row(.done)    static let d = [ .ignore,                                         .ignore,                                   .ignore,           .go(.done) ]
    @Row(.waiting) static let w = [ .go(.running(since: 0), effects: [.startClock]), .go(.done, .stopClock(reason: .manual)),   .delegate(.retry), .unreachable ]
    static func step(_ s: S, _ a: A) -> Step<S, F> { fatalError() }
}
