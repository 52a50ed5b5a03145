enum Vend {
    enum S { case idle, collecting, dispensing }
    enum A { case coin, select, refund, done }
    enum F { case acceptCoin, returnCoins, dispense, showPrice }

    final class Ctx {
        var credit = 0
        var price = 2
    }

    protocol Cells {
        func collectingCoin(_ ctx: Ctx) -> Step<S, F>
        func collectingSelect(_ ctx: Ctx) -> Step<S, F>
        func acceptCoin(_ ctx: Ctx) -> A?
        func returnCoins(_ ctx: Ctx) -> A?
        func dispense(_ ctx: Ctx) -> A?
        func showPrice(_ ctx: Ctx) -> A?
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.idle, .coin): return .go(.collecting, effects: [.acceptCoin])
        case (.idle, .select): return .stay(effects: [.showPrice])
        case (.idle, .refund): return .ignored
        case (.idle, .done): fatalError("tabular-center: Idle x Done was declared UNREACHABLE but occurred")
        case (.collecting, .coin): return c.collectingCoin(ctx)
        case (.collecting, .select): return c.collectingSelect(ctx)
        case (.collecting, .refund): return .go(.idle, effects: [.returnCoins])
        case (.collecting, .done): fatalError("tabular-center: Collecting x Done was declared UNREACHABLE but occurred")
        case (.dispensing, .coin): return .stay(effects: [.returnCoins])
        case (.dispensing, .select): return .ignored
        case (.dispensing, .refund): return .ignored
        case (.dispensing, .done): return .go(.idle, effects: [])
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .acceptCoin: return c.acceptCoin(ctx)
        case .returnCoins: return c.returnCoins(ctx)
        case .dispense: return c.dispense(ctx)
        case .showPrice: return c.showPrice(ctx)
        }
    }
}
