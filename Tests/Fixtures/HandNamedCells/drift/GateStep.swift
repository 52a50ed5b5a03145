protocol GateBaseCells {
    func onPush(_ ctx: GateCtx) -> Step<GateS, GateF>
}

func gateStep(_ c: GateCells, _ ctx: GateCtx, _ s: GateS, _ a: GateA) -> Step<GateS, GateF> {
    switch (s, a) {
    case (.shut, .push): return c.onPush(ctx)
    case (.shut, .pull): return c.onAny(ctx)
    case (.shut, .kick): return c.onKick(ctx)
    case (.open, .push): return .ignored
    case (.open, .pull):
        let st = c.latchChildState(ctx)
        return delegateLatch(c, ctx, st, c.onAny(ctx))
    case (.open, .kick): return .ignored
    }
}
