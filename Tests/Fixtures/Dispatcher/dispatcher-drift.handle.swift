// HANDLE cells against arms that decide statically, on an `@Machine` enum whose dispatcher
// is in an extension. The `@Path` turns the HANDLEs on its hops into GOs, as the generator
// does, so a HANDLE arm there disagrees with the derived GO.

@Machine
@Path("main", [.idle, .start, .busy, .finish, .done])
enum Job {
    enum S { case idle, busy, done }
    enum A { case start, finish }
    enum F { case notify }
    static let initial = S.idle
    //                     start                finish
    @Row(.idle) static let i = [ .handle,            .handle ]
    @Row(.busy) static let b = [ .ignore,            .handle ]
    @Row(.done) static let d = [ .emit([.notify]),   .unreachable ]
}

extension Job {
    static func step(_ cells: JobCells, _ ctx: Ctx, _ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.idle, .start): return cells.idleStart(ctx)
        case (.idle, .finish): return .stay(effects: [.notify])
        case (.busy, .start): return .ignored
        case (.busy, .finish): return .go(.done, effects: [])
        case (.done, .start): return .stay(effects: [.notify])
        case (.done, .finish): fatalError("tabular-center: done x finish was declared UNREACHABLE but occurred")
        }
    }
}
