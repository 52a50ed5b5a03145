// The code behind the HANDLE cells of the Door matrix (Door.tb.swift).
enum Door {
    enum S { case closed, open, locked }
    enum A { case push, lock, unlock }
    enum F { case click }
    final class Ctx {
        var hasKey = false
        var blocked = false
    }
}

protocol DoorCells {
    func openPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
    func lockedUnlock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F>
}

struct FrontDoor: DoorCells {
    // Pushing an open door shuts it unless something is in the way, which a helper decides.
    func openPush(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> {
        return shutUnlessBlocked(ctx)
    }

    // With the key, the door unlocks (and clicks); without it, nothing happens.
    func lockedUnlock(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> {
        if ctx.hasKey { return .go(.closed, effects: [.click]) }
        return .ignored
    }

    private func shutUnlessBlocked(_ ctx: Door.Ctx) -> Step<Door.S, Door.F> {
        ctx.blocked ? .ignored : .go(.closed)
    }
}
