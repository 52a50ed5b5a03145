// A slip of the generator's own name (`slidUnlok` for `slidUnlock`) is a typo, not a name of
// the authors' own: still reported.

enum Bolt {
    enum S { case slid }
    enum A { case unlock }
    enum F {}
    final class Ctx {}

    protocol Cells {
        func slidUnlock(_ ctx: Ctx) -> Step<S, F>
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.slid, .unlock): return c.slidUnlok(ctx)
        }
    }

    static let TABLE = Table(machine: "Bolt", states: ["Slid"], actions: ["Unlock"], cells: [[.handle]], initial: "Slid")
}
