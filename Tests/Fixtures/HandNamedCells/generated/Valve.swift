// A protocol that follows the generator's names keeps the generator's checks: the arm of
// (Open, Close) calls `openClose`'s neighbour `shutOpen`, and `Cells` lacks `openClose`.

enum Valve {
    enum S { case shut, open }
    enum A { case open, close }
    enum F {}
    final class Ctx {}

    protocol Cells {
        func shutOpen(_ ctx: Ctx) -> Step<S, F>
    }

    static func step(_ c: Cells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .open): return c.shutOpen(ctx)
        case (.shut, .close): return .ignored
        case (.open, .open): return .ignored
        case (.open, .close): return c.shutOpen(ctx)
        }
    }

    static let TABLE = Table(
        machine: "Valve",
        states: ["Shut", "Open"],
        actions: ["Open", "Close"],
        cells: [
            [.handle, .ignore],
            [.ignore, .handle],
        ],
        initial: "Shut"
    )
}
