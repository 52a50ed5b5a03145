struct VendImpl: Vend.Cells {
    func collectingCoin(_ ctx: Vend.Ctx) -> Step<Vend.S, Vend.F> {
        ctx.credit += 1
        return .stay(effects: [.acceptCoin])
    }

    func collectingSelect(_ ctx: Vend.Ctx) -> Step<Vend.S, Vend.F> {
        let enough = ctx.credit >= ctx.price
        return enough ? .go(.dispensing, effects: [.dispense]) : .stay(effects: [.showPrice])
    }

    func acceptCoin(_ ctx: Vend.Ctx) -> Vend.A? { nil }
    func returnCoins(_ ctx: Vend.Ctx) -> Vend.A? {
        ctx.credit = 0
        return nil
    }
    func dispense(_ ctx: Vend.Ctx) -> Vend.A? { .done }
    func showPrice(_ ctx: Vend.Ctx) -> Vend.A? { nil }
}
