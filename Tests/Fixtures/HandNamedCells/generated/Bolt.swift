// A slip of the generator's own name (`slidUnlok` for `slidUnlock`) is a typo, not a name of
// the authors' own: still reported. So is an effect arm calling another effect's member.

enum Bolt {
    enum S { case slid }
    enum A { case unlock }
    enum F { case clank, thud }
    final class Ctx {}

    protocol Cells {
        func slidUnlock(_ ctx: Ctx) -> Step<S, F>
        func clank(_ ctx: Ctx) -> A?
        func thud(_ ctx: Ctx) -> A?
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.slid, .unlock): return c.slidUnlok(ctx)
        }
    }

    static func perform(_ c: Cells, _ ctx: Ctx, _ f: F) -> A? {
        switch f {
        case .clank: return c.thud(ctx)
        case .thud: return c.thud(ctx)
        }
    }

    static let TABLE = Table(machine: "Bolt", states: ["Slid"], actions: ["Unlock"], cells: [[.handle]], initial: "Slid")
}
